// The examples/ folder, run as a newcomer would run it after pasting from
// the README or a guide (docs/*.md):
//   - every code block of those pages marked <!-- examples/FILE --> is exactly
//     that file, and every other js block runs (unless marked <!-- not run: why -->);
//   - node-esm.mjs and node-cjs.cjs print what the ops give;
//   - ort-interop.mjs and tfjs-interop.mjs run against the real
//     onnxruntime-web and TensorFlow.js;
//   - audio-frames.mjs frames a signal with AsStrided, checked against a plain loop;
//   - image-crop-chw.mjs crops an RGBA image with slice and makes it CHW with transpose, checked the same way;
//   - the recipes of docs/recipes.md (centred audio frames, YOLO output and
//     letterbox, normalized pixels, quantized weights, ImageNet pre-processing,
//     Whisper's log-mel) each print their agreement with a plain JS or
//     float64 reference, and their measured errors, checked here;
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

// ---------------------------------------------------------------- pages = files

// The README first, then every guide: their code blocks are what this file checks.
const PAGES = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const pageText = (page) => readFileSync(join(root, page), 'utf8');

await check('README and docs/: each code block marked <!-- examples/FILE --> is that file, byte for byte', () => {
  const shown = [];
  for (const page of PAGES) {
    const text = pageText(page);
    const marked = [...text.matchAll(/<!-- (examples\/[\w./-]+) -->\n```\w*\n([\s\S]*?)```\n/g)];
    const markers = text.match(/<!-- examples\//g)?.length ?? 0;
    if (markers !== marked.length) throw new Error(`${page}: ${markers - marked.length} <!-- examples/... --> markers are not followed directly by a code block`);
    for (const [, file, code] of marked) expectEqual(code, readFileSync(join(root, file), 'utf8'), `${page} block for ${file}`);
    if (page === 'README.md') {
      for (const required of ['examples/node-esm.mjs', 'examples/node-cjs.cjs']) {
        if (!marked.some(([, file]) => file === required)) throw new Error(`README has no code block marked <!-- ${required} -->`);
      }
    }
    shown.push(...marked.map(([, file]) => `${file} in ${page}`));
  }
  console.log(`  (${shown.join(', ')})`);
});

// ---------------------------------------------------------------- Node

const work = mkdtempSync(join(tmpdir(), 'tessera-examples-'));
mkdirSync(join(work, 'node_modules/@tensorflow'), { recursive: true });
symlinkSync(root, join(work, 'node_modules/tessera-wasm'), 'dir');
symlinkSync(join(root, 'node_modules/onnxruntime-web'), join(work, 'node_modules/onnxruntime-web'), 'dir');
for (const name of ['tfjs-core', 'tfjs-backend-cpu']) {
  symlinkSync(join(root, 'node_modules/@tensorflow', name), join(work, 'node_modules/@tensorflow', name), 'dir');
}
const VITE_PROJECTS = ['vite', 'canvas-ort'];  // built and run in Chromium below
for (const file of readdirSync(examples)) {
  if (!VITE_PROJECTS.includes(file)) cpSync(join(examples, file), join(work, file));
}

function runNode(file) {
  const result = spawnSync(process.execPath, [file], { cwd: work, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`node ${file} exited with ${result.status}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

// What the quick start prints: Floor rounds toward -Infinity (-2.25 -> -3,
// -0.5 -> -1); the Tile into `out` gives `out` itself; the resident Tile
// [2, 1] repeats the two rows.
const QUICK_START = `Tensor float32 [2, 2]
[[1, -3],
 [3, -1]]
true
[ [ 1.5, -2.25 ], [ 3, -0.5 ], [ 1.5, -2.25 ], [ 3, -0.5 ] ]
`;

// Each page's other js blocks, one Node process each, as pasted after the
// import and init() a page's readers are told to write first.
let ranInAll = 0;
for (const page of PAGES) {
  const text = pageText(page);
  const blocks = [...text.matchAll(/(?:<!-- ([^\n]*) -->\n)?```js\n([\s\S]*?)```\n/g)];
  const fences = text.match(/^```js$/gm)?.length ?? 0;
  if (fences === 0) continue;
  await check(`${page}: every other js block runs as pasted (an ES module, after import and init())`, () => {
    if (blocks.length !== fences) throw new Error(`${page} opens ${fences} js blocks, of which the pattern finds ${blocks.length}: is one indented, or not closed by a line of three backticks?`);
    let ran = 0;
    for (const [, marker, code] of blocks) {
      if (marker?.startsWith('examples/')) continue;  // checked above, and run below
      if (marker?.startsWith('not run: ')) {
        console.log(`  (not run: ${marker.slice('not run: '.length)})`);
        continue;
      }
      const file = `${page.replace(/\W+/g, '-')}-${++ran}.mjs`;
      writeFileSync(join(work, file), `import * as tw from 'tessera-wasm';\nawait tw.init();\n${code}`);
      try {
        runNode(file);
      } catch (error) {
        throw new Error(`${page} block ${ran}:\n${code}\n${error.message}`);
      }
    }
    ranInAll += ran;
    console.log(`  (${ran} blocks ran)`);
  });
}

await check('the pages\' blocks ran: the pattern still matches them', () => {
  if (ranInAll < 20) throw new Error(`only ${ranInAll} blocks ran in ${PAGES.join(', ')}`);
});

await check('examples/node-esm.mjs prints the quick start\'s results', () => {
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

await check('examples/audio-frames.mjs: frames of 400 with a hop of 160, equal to a plain loop', () => {
  expectEqual(runNode('audio-frames.mjs'), `Tensor float32 [98, 400]
frame 0 starts at sample 0, frame 1 at 160, frame 97 at 15520
the same as a plain loop: true
`, 'output');
});

await check('examples/audio-centred-frames.mjs: reflect-padded (centred) frames times a Hann window, bit for bit a plain loop', () => {
  expectEqual(runNode('audio-centred-frames.mjs'), `padded [16400], frames [101, 400], windowed float32 [101, 400]
the same as a plain loop, bit for bit: true
`, 'output');
});

await check('examples/yolo-output.mjs: [1, 84, 8400] transposed to [1, 8400, 84], split, argMax, equal to a plain loop', () => {
  expectEqual(runNode('yolo-output.mjs'), `rows [1, 8400, 84], boxes [1, 8400, 4], scores [1, 8400, 80], best int64 [1, 8400]
the same as a plain loop: true
`, 'output');
});

await check('examples/yolo-detect.mjs: best class, threshold, compress, NonMaxSuppression per class, gather: the same detections as a plain loop', () => {
  expectEqual(runNode('yolo-detect.mjs'), `434 anchors above 0.25, 12 detections: boxes [1, 12, 4]
the same detections as a plain loop: true
`, 'output');
});

await check('examples/classifier-top5.mjs: softmax then topK of [1, 1000], the same classes as a float64 loop', () => {
  expectEqual(runNode('classifier-top5.mjs'), `top 5 of 1000: 851: 68.26%, 640: 26.52%, 7: 0.61%, 429: 0.30%, 218: 0.04%
the same classes as a plain loop: true (probabilities within 1e-6)
`, 'output');
});

await check('examples/image-normalize.mjs: RGBA -> crop -> CHW -> float32 -> (x / 255 - mean) / std -> [1, 3, 224, 224], bit for bit a plain float32 loop', () => {
  expectEqual(runNode('image-normalize.mjs'), `input float32 [1, 3, 224, 224]
the same as a plain loop, bit for bit: true
`, 'output');
});

await check('examples/quantize-weights.mjs: int4 per block of 32 and float8e4m3fn through TensorProtos, bit for bit a plain JS quantization, errors within half a step', () => {
  expectEqual(runNode('quantize-weights.mjs'), `stored: int4 7699 bytes, float8 12306 bytes (float32: 49152)
int4, blocks of 32: the same as plain JS, bit for bit: true; max error 9.993e-3, RMS 5.158e-3, every error within its bound: true
float8e4m3fn: the same as plain JS, bit for bit: true; max error 4.999e-3, RMS 1.511e-3, every error within its bound: true
`, 'output');
});

/** Each line of `output` matched by its pattern in `lines`; the errors a recipe measures checked against their bounds by `within`. */
function expectLines(output, lines) {
  const got = output.trimEnd().split('\n');
  if (got.length !== lines.length) throw new Error(`expected ${lines.length} lines, got ${got.length}:\n${output}`);
  return lines.map((pattern, i) => {
    const match = got[i].match(pattern);
    if (!match) throw new Error(`line ${i + 1}: ${JSON.stringify(got[i])} does not match ${pattern}`);
    return match.slice(1).map(Number);
  });
}
function within(value, bound, what) {
  if (!(value <= bound)) throw new Error(`${what}: ${value} exceeds its bound ${bound}`);
}

await check('examples/yolo-letterbox.mjs: 1280 x 720 resized to 640 x 360, padded with 114, CHW / 255: bit for bit the spec\'s linear Resize in float64', () => {
  expectEqual(runNode('yolo-letterbox.mjs'), `resized to 640 x 360, padded 140 rows above and 140 below: input float32 [1, 3, 640, 640]
the same as a float64 reference, bit for bit: true
`, 'output');
});

await check('examples/imagenet-preprocess.mjs: short side to 256 antialiased, centre 224, normalized: within the bounds of a float64 reference', () => {
  const [, [levels], [error]] = expectLines(runNode('imagenet-preprocess.mjs'), [
    /^resized to 341 x 256, cropped at \(58, 16\): input float32 \[1, 3, 224, 224\]$/,
    /^resized pixels: at most (\d+) levels from the float64 reference \(bound 1: a sum within rounding of a half may go either way\)$/,
    /^input: max error (\S+) against the float64 reference \(bound 1e-6: float32 rounding of values within 2\.7\)$/,
  ]);
  within(levels, 1, 'resized pixels, levels');
  within(error, 1e-6, 'input, max error');
});

await check('examples/whisper-log-mel.mjs: reflect pad, STFT with a Hann window, power, mel filters, log10: within the bounds of a float64 reference', () => {
  const [, [power], [features]] = expectLines(runNode('whisper-log-mel.mjs'), [
    /^features float32 \[1, 100, 80\]$/,
    /^mel power: max error (\S+) of the frame's energy against float64 \(bound 1e-6\)$/,
    /^features: max error (\S+) against float64 \(bound 1e-5: 1e-4 relative in a band's power\)$/,
  ]);
  within(power, 1e-6, 'mel power');
  within(features, 1e-5, 'features');
});

// ---------------------------------------------------------------- Vite

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

await check('examples/canvas-ort: canvas pixels -> NCHW float32 (tw.cast) -> onnxruntime-web (x * 0.5) -> uint8 (tw.cast) -> back onto a canvas, every pixel right, in Chromium', () => inViteAndChromium('canvas-ort', async (page) => {
  const { before, after, text } = await page.evaluate(() => {
    const read = (id) => { const c = document.querySelector(id).getContext('2d'); return Array.from(c.getImageData(0, 0, c.canvas.width, c.canvas.height).data); };
    return { before: read('#input'), after: read('#output'), text: document.querySelector('#out').textContent };
  });
  if (!text.startsWith('ran 64x48 pixels through the model')) throw new Error(`page text: ${text}`);
  // What the model does to each channel (x * 0.5, exact in float32), cast back
  // to uint8 (truncated toward zero), and alpha 255: computed here, apart from the page.
  const expected = before.map((v, i) => (i % 4 === 3 ? 255 : Math.trunc(v * 0.5)));
  const wrong = expected.findIndex((v, i) => v !== after[i]);
  if (wrong >= 0) throw new Error(`pixel ${wrong >> 2} channel ${wrong % 4}: ${after[wrong]}, expected ${expected[wrong]} (input ${before[wrong]})`);
  if (new Set(before).size < 20) throw new Error('the input canvas holds too few distinct values to test anything');
}));

rmSync(work, { recursive: true, force: true });
finish();
