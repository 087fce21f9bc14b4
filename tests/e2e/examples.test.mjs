// The examples/ folder, run as a newcomer would run it after pasting from
// the README:
//   - every README code block marked <!-- examples/FILE --> is exactly that file,
//     and every other js block runs (unless marked <!-- not run: why -->);
//   - node-esm.mjs and node-cjs.cjs print what the ops give;
//   - ort-interop.mjs and tfjs-interop.mjs run against the real
//     onnxruntime-web and TensorFlow.js;
//   - audio-frames.mjs frames a signal with AsStrided, checked against a plain loop;
//   - image-crop-chw.mjs crops an RGBA image with slice and makes it CHW with transpose, checked the same way;
//   - examples/vite builds with Vite and its page shows the results in
//     Debian's headless Chromium;
//   - examples/canvas-ort builds with Vite and, in Chromium, runs canvas
//     pixels through an onnxruntime-web model and back onto a canvas.
// The examples import 'tessera-wasm' by name: they run from a scratch folder
// whose node_modules/tessera-wasm links to this repository (after `npm run
// build`), and whose onnxruntime-web and @tensorflow link to the repo's own.
// Prints one line per check and ends with "examples: N passed, M failed".
import { checks } from './checks.mjs';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../scripts/browsers.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const examples = join(root, 'examples');

const { check, finish } = checks('examples');
function expectEqual(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}:\n--- expected\n${expected}\n--- got\n${actual}`);
}

// ---------------------------------------------------------------- README = files

await check('README: each code block marked <!-- examples/FILE --> is that file, byte for byte', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const marked = [...readme.matchAll(/<!-- (examples\/[\w./-]+) -->\n```\w*\n([\s\S]*?)```\n/g)];
  const names = marked.map(([, file]) => file);
  for (const required of ['examples/node-esm.mjs', 'examples/node-cjs.cjs']) {
    if (!names.includes(required)) throw new Error(`README has no code block marked <!-- ${required} -->`);
  }
  const markers = readme.match(/<!-- examples\//g).length;
  if (markers !== marked.length) throw new Error(`${markers - marked.length} <!-- examples/... --> markers are not followed directly by a code block`);
  for (const [, file, code] of marked) expectEqual(code, readFileSync(join(root, file), 'utf8'), `README block for ${file}`);
  console.log(`  (${names.join(', ')})`);
});

// ---------------------------------------------------------------- Node

const work = mkdtempSync(join(tmpdir(), 'tessera-examples-'));
mkdirSync(join(work, 'node_modules/@tensorflow'), { recursive: true });
symlinkSync(root, join(work, 'node_modules/tessera-wasm'), 'dir');
symlinkSync(join(root, 'node_modules/onnxruntime-web'), join(work, 'node_modules/onnxruntime-web'), 'dir');
for (const name of ['tfjs-core', 'tfjs-backend-cpu']) {
  symlinkSync(join(root, 'node_modules/@tensorflow', name), join(work, 'node_modules/@tensorflow', name), 'dir');
}
const PAGES = ['vite', 'canvas-ort'];  // Vite projects, built and run in Chromium below
for (const file of readdirSync(examples)) {
  if (!PAGES.includes(file)) cpSync(join(examples, file), join(work, file));
}

function runNode(file) {
  const result = spawnSync(process.execPath, [file], { cwd: work, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`node ${file} exited with ${result.status}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

// What the quick start prints: Tile [1, 2] repeats each row's two elements;
// Floor rounds toward -Infinity (-2.25 -> -3, -0.5 -> -1); ConstantOfShape
// fills [2, 3] with 7; AsStrided with size [2, 2], stride [1, 2] reads the
// 2x2 input column by column (its transpose).
const QUICK_START = `Tensor float32 [2, 4]
[[1.5, -2.25, 1.5, -2.25],
 [3, -0.5, 3, -0.5]]
[ [ 1, -3 ], [ 3, -1 ] ]
Tensor int32 [2, 3]
[[7, 7, 7],
 [7, 7, 7]]
[ [ 1.5, 3 ], [ -2.25, -0.5 ] ]
`;

await check('README: every other js block runs as pasted (an ES module, after import and init())', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/(?:<!-- ([^\n]*) -->\n)?```js\n([\s\S]*?)```\n/g)];
  let ran = 0;
  for (const [, marker, code] of blocks) {
    if (marker?.startsWith('examples/')) continue;  // checked above, and run below
    if (marker?.startsWith('not run: ')) {
      console.log(`  (not run: ${marker.slice('not run: '.length)})`);
      continue;
    }
    const file = `readme-${++ran}.mjs`;
    writeFileSync(join(work, file), `import * as tw from 'tessera-wasm';\nawait tw.init();\n${code}`);
    try {
      runNode(file);
    } catch (error) {
      throw new Error(`README block ${ran}:\n${code}\n${error.message}`);
    }
  }
  if (ran < 10) throw new Error(`only ${ran} blocks ran: is the pattern still matching?`);
  console.log(`  (${ran} blocks ran)`);
});

await check('examples/node-esm.mjs prints the four ops\' results', () => {
  expectEqual(runNode('node-esm.mjs'), QUICK_START, 'output');
});

await check('examples/node-cjs.cjs (require, no top-level await) prints the same', () => {
  expectEqual(runNode('node-cjs.cjs'), QUICK_START, 'output');
});

await check('examples/ort-interop.mjs: a tessera Tensor as a feed, the output back in tessera, tw.toOrt', () => {
  // Relu([-1.5, 2.5]) tiled to two rows is [0, 2.5]; its floor [0, 2].
  expectEqual(runNode('ort-interop.mjs'), `Tensor float32 [2, 2]
[[0, 2],
 [0, 2]]
true float32 [ 2, 2 ]
`, 'output');
});

await check('examples/tfjs-interop.mjs: a tfjs tensor in, tw.toTfjs out', () => {
  const lines = runNode('tfjs-interop.mjs').split('\n');
  // tfjs prints a banner of its own in Node; the example's lines follow it in order.
  const expected = [
    'Tensor float32 [2, 2]', '[[1, -3],', ' [3, -1]]',
    'float32 [ 2, 4 ] [', '  1, -3, 1, -3,', '  3, -1, 3, -1', ']',
    'float32',
  ];
  const at = lines.indexOf(expected[0]);
  expectEqual(lines.slice(at, at + expected.length).join('\n'), expected.join('\n'), 'output');
});

await check('examples/image-crop-chw.mjs: a 224 x 224 centre crop of RGBA with slice, CHW with transpose, equal to a plain loop', () => {
  expectEqual(runNode('image-crop-chw.mjs'), `crop uint8 [224, 224, 3], chw [3, 224, 224]
the same as a plain loop: true
`, 'output');
});

// ---------------------------------------------------------------- Vite

await check('examples/audio-frames.mjs: frames of 400 with a hop of 160, equal to a plain loop', () => {
  expectEqual(runNode('audio-frames.mjs'), `Tensor float32 [98, 400]
frame 0 starts at sample 0, frame 1 at 160, frame 97 at 15520
the same as a plain loop: true
`, 'output');
});

/** Builds the Vite project examples/NAME, serves its build and opens it in headless Chromium; gives the page to `inspect`. */
async function inViteAndChromium(name, inspect) {
  const app = join(work, name);
  cpSync(join(examples, name), app, { recursive: true });
  symlinkSync(join(work, 'node_modules'), join(app, 'node_modules'), 'dir');
  const { build, preview } = await import('vite');
  await build({ root: app, logLevel: 'warn' });
  const assets = readdirSync(join(app, 'dist/assets'));
  if (!assets.some((f) => /^tessera-[\w-]+\.wasm$/.test(f) && !f.startsWith('tessera-scalar'))) throw new Error(`no tessera.wasm in ${assets}`);

  const server = await preview({ root: app, logLevel: 'warn', preview: { port: 0, strictPort: false, host: '127.0.0.1' } });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(server.resolvedUrls.local[0]);
    await page.waitForFunction(() => !document.querySelector('#out')?.textContent.startsWith('loading'), null, { timeout: 60_000 });
    if (errors.length) throw new Error(errors.join('\n'));
    await inspect(page);
  } finally {
    await browser.close();
    await new Promise((resolve) => server.httpServer.close(resolve));
  }
}

await check('examples/vite: builds with Vite (tessera.wasm copied) and its page shows the results in Chromium', () => inViteAndChromium('vite', async (page) => {
  expectEqual(await page.textContent('#out'), `Tensor float32 [2, 4]
[[1.5, -2.25, 1.5, -2.25],
 [3, -0.5, 3, -0.5]]

Tensor float32 [2, 2]
[[1, -3],
 [3, -1]]

backend: SIMD128`, 'page text');
}));

await check('examples/canvas-ort: canvas pixels -> CHW float32 -> onnxruntime-web (x * 0.5) -> back onto a canvas, every pixel right, in Chromium', () => inViteAndChromium('canvas-ort', async (page) => {
  const { before, after, text } = await page.evaluate(() => {
    const read = (id) => { const c = document.querySelector(id).getContext('2d'); return Array.from(c.getImageData(0, 0, c.canvas.width, c.canvas.height).data); };
    return { before: read('#input'), after: read('#output'), text: document.querySelector('#out').textContent };
  });
  if (!text.startsWith('ran 64x48 pixels through the model')) throw new Error(`page text: ${text}`);
  // What the model does to each channel, and alpha 255: computed here, apart from the page.
  const expected = before.map((v, i) => (i % 4 === 3 ? 255 : Uint8ClampedArray.of(v * 0.5)[0]));
  const wrong = expected.findIndex((v, i) => v !== after[i]);
  if (wrong >= 0) throw new Error(`pixel ${wrong >> 2} channel ${wrong % 4}: ${after[wrong]}, expected ${expected[wrong]} (input ${before[wrong]})`);
  if (new Set(before).size < 20) throw new Error('the input canvas holds too few distinct values to test anything');
}));

rmSync(work, { recursive: true, force: true });
finish();
