// The text of the compile errors that are meant to teach: a misuse compiled
// against the published declarations must fail with a message that says
// what to write. (`@ts-expect-error` in the .ts files proves only that they
// fail.) Run by the test command's types stage: `node tests/types/messages.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CASES = [
  {
    name: 'AsStrided in PyTorch\'s order (x, size, stride)',
    source: "import * as tw from 'tessera-wasm';\ndeclare const x: tw.Tensor<'float32'>;\ntw.asStrided(x, [3, 2], [1, 3]);\n",
    expected: 'size and stride go in one object, tw.asStrided(x, { size: [...], stride: [...], offset })',
  },
  {
    name: 'a Float32Array as float16 data',
    source: "import * as tw from 'tessera-wasm';\nnew tw.Tensor('float16', new Float32Array([1.5]), [1]);\n",
    expected: "Argument of type 'Float32Array<ArrayBuffer>' is not assignable to parameter of type 'Uint16Array<ArrayBufferLike>'",
  },
];

const dir = join(root, 'build/types-messages');
mkdirSync(dir, { recursive: true });
const { config } = ts.readConfigFile(join(root, 'tests/types/tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(config, ts.sys, join(root, 'tests/types'));
const files = CASES.map((c, i) => {
  const file = join(dir, `case${i}.ts`);
  writeFileSync(file, c.source);
  return file;
});
const program = ts.createProgram(files, { ...options, noEmit: true });  // one program: each case is its own module
const diagnostics = ts.getPreEmitDiagnostics(program);
let passed = 0;
let failed = 0;
for (const [i, c] of CASES.entries()) {
  const file = files[i];
  const messages = diagnostics
    .filter((d) => d.file?.fileName === file)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const ok = messages.some((m) => m.includes(c.expected));
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok' : 'FAIL'} ${c.name}${ok ? '' : `: expected a message with\n  ${c.expected}\ngot\n  ${messages.join('\n  ') || 'no error'}`}`);
}
console.log(`type messages: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
