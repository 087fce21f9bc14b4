// Runs the conformance suite in a server-side engine (Node, Deno, Bun) on the
// library its caller loaded: esm.mjs imports the ES module build,
// require.cjs requires the CommonJS one. Arguments, from tests/engines/run.mjs:
//   backend=simd|scalar            the build to load
//   vectors=<dir> | skipped=<why>  the official ONNX vectors, or why they are absent
//   cases=<file>                   every op's cases (scripts/op-cases.mjs writes them)
//   expect=no-read                 instead: init() must fail and say to grant
//                                  read access (Deno run without --allow-read)
//   mode=big part=1|2              instead: memory to its 4 GiB limit (big-memory.mjs)
// Exit status 1 when a check fails.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBigMemory } from './big-memory.mjs';
import { runSuite } from './suite.mjs';

export async function runHost(tw) {
  const args = Object.fromEntries(process.argv.slice(2).map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
  if (args.mode === 'big') {
    process.exitCode = (await runBigMemory(tw, { part: args.part })).failed ? 1 : 0;
    return;
  }
  const { failed } = args.expect === 'no-read' ? await withoutReadPermission(tw) : await runSuite(tw, {
    backend: args.backend,
    vectors: args.vectors
      ? { read: async (path) => (existsSync(join(args.vectors, path)) ? new Uint8Array(readFileSync(join(args.vectors, path))) : undefined) }
      : { skipped: args.skipped ?? 'no vectors folder given' },
    opCases: args.cases ? JSON.parse(readFileSync(args.cases, 'utf8')) : { skipped: 'no cases file given' },
  });
  process.exitCode = failed ? 1 : 0;
}

/** Deno without read access to the package's wasm folder: init() rejects and names the flag to add. */
async function withoutReadPermission(tw) {
  let message = 'init() resolved';
  try {
    await tw.init();
  } catch (error) {
    message = String(error?.message);
  }
  console.log(`init() without read permission: ${message}`);
  const ok = /^tessera-wasm: could not load the WebAssembly module from file:\/\/\S*\/dist\/wasm\/tessera\.wasm: /.test(message)
    && message.includes('--allow-read');
  if (!ok) console.log('FAIL the message should name the .wasm it could not read and the --allow-read flag');
  console.log(`${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
  return { failed: ok ? 0 : 1 };
}
