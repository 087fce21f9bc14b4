// The demo test's ops (demo.test.mjs and demo-robustness.mjs use them).
// PAGES is every op of tw.OPS, as the page's menu lists them (by family, then
// name): the per-page checks iterate it, so an op added to the library is
// checked on arrival, with or without a descriptor; an op whose descriptor
// gives a spec example must run it at every version (REFUSED names the one
// version no input runs). OPS holds the richer checks of the ops whose
// descriptor gives a named call too: each one's page, its spec example's
// output (the specs' own vectors: ONNX test_*_example and the ATB AsStrided
// mapping, not the library's), the named call the code view shows, the
// runNode form once a version is chosen, and one constraint to break.
import { assert, assertEqual, expectCells, outputCells } from './demo-harness.mjs';

const tw = await import('../../dist/esm/index.js');
await tw.init();

/**
 * Runs the code view's script in Node against the library, as pasted: what
 * its `y` holds, as the page would show it, and what its console.log printed.
 */
async function runCode(code) {
  const lines = code.split('\n');
  assertEqual(lines.slice(0, 2), ["import * as tw from 'tessera-wasm';", 'await tw.init();'], 'the code view\'s first lines');
  const printed = [];
  const console = { log: (...args) => printed.push(args.join(' ')) };
  const body = `${lines.slice(2).join('\n')}\nreturn y;`;
  const y = await new (async () => {}).constructor('tw', 'console', body)(tw, console);
  let values;
  try {
    values = tw.decode(y);  // the narrow types, as numbers
  } catch {
    // bool's bytes are 0 and 1; the page (and String(y)) writes them as false and true.
    values = y.type === 'bool' ? Array.from(y.data, (b) => b !== 0) : Array.from(y.data);
  }
  const cell = y.type === 'float32' ? float32Text : (v) => (Object.is(v, -0) ? '-0' : String(v));
  return { dims: `[${y.dims.join(', ')}]`, type: y.type, cells: values.map(cell), printed: printed.join('\n'), string: String(y) };
}

/** A float32 as the page writes it (as numpy does): the shortest decimal that reads back as the same float32. */
function float32Text(v) {
  if (Object.is(v, -0)) return '-0';
  if (!Number.isFinite(v)) return String(v);
  for (let p = 1; p < 10; p++) {
    const candidate = Number(v.toPrecision(p));
    if (Math.fround(candidate) === v) return String(candidate);
  }
  return String(v);
}

/**
 * The code view calls `expression` (`const y = …`, or `const [y, …] = …`
 * through runNode), prints each output, and run in Node gives what the page
 * shows: y's dims, type and cells, and the printed text.
 */
export async function expectCodeGives(page, expression, what) {
  const code = await page.textContent('#code');
  const lines = code.split('\n');
  const call = lines.find((line) => /^const (y =|\[y[,\]])/.test(line)) ?? '';
  const names = call.startsWith('const [') ? call.slice('const ['.length, call.indexOf(']')).split(', ') : ['y'];
  const many = expression.startsWith('tw.runNode');
  assert(call === `const ${many ? `[${names.join(', ')}]` : 'y'} = ${expression};`, `${what}: the code view's call is ${JSON.stringify(call)}`);
  assertEqual(lines.slice(-names.length), names.map((name) => `console.log(String(${name}));`), `${what}: the code view's last lines`);
  const { printed, string, ...ran } = await runCode(code);
  assertEqual(ran, { dims: await page.textContent('#out-dims'), type: await page.textContent('#out-type'), cells: await outputCells(page) },
    `${what}: the code run in Node, against what the page shows`);
  assert(names.length > 1 ? printed.startsWith(`${string}\n`) : printed === string, `${what}: what the code prints first is String(y)`);
  assertEqual(await page.textContent('#printed'), printed, `${what}: the panel shows what the code prints`);
}

/** An op's page, as the demo names it: `ConstantOfShape` -> `constant-of-shape` (web-demo/src/ops/page.ts). */
export const slugOf = (name) => name.replace(/([a-z\d])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2').toLowerCase();

export const OPS = {
  Tile: {
    slug: 'tile',
    example: { dims: '[4, 4]', type: 'float32', cells: ['0', '1', '0', '1', '2', '3', '2', '3', '0', '1', '0', '1', '2', '3', '2', '3'] },
    named: 'tw.tile(x, [2, 2])',
    chooseVersion: (page) => page.selectOption('#version', '6'),
    node: "tw.runNode({ opType: 'Tile', opset: 6 }, [x, repeats])",
    breakIt: (page) => page.fill('#param-repeats', '2'),
    field: 'repeats',
    message: 'Tile-13: repeats must have one entry per input dimension (input rank 2, got 1)',
  },
  Floor: {
    slug: 'floor',
    example: { dims: '[3]', type: 'float32', cells: ['-2', '1', '2'] },
    named: 'tw.floor(x)',
    chooseVersion: (page) => page.selectOption('#version', '6'),
    node: "tw.runNode({ opType: 'Floor', opset: 6 }, [x])",
    // Every type the menu offers is one Floor takes: what can be wrong is an element.
    breakIt: (page) => page.fill('#input-grid input[data-i="1"]', '1.2.3'),
    field: 'input',
    message: 'x[1]: "1.2.3" is not a number',
  },
  ConstantOfShape: {
    slug: 'constant-of-shape',
    example: { dims: '[4, 3, 2]', type: 'float32', cells: new Array(24).fill('1') },
    named: 'tw.constantOfShape([4, 3, 2], value)',
    chooseVersion: (page) => page.selectOption('#version', '9'),
    node: "tw.runNode({ opType: 'ConstantOfShape', opset: 9, attributes: { value } }, [shape])",
    breakIt: (page) => page.fill('#param-shape', '2, -1'),
    field: 'shape',
    message: 'ConstantOfShape-25: shape[1] must be >= 0 (got -1)',
  },
  AsStrided: {
    slug: 'as-strided',
    example: { dims: '[2, 2]', type: 'float16', cells: ['1', '4', '3', '6'] },
    named: 'tw.asStrided(x, { size: [2, 2], stride: [2, 3], offset: 0 })',
    chooseVersion: (page) => page.check('#node'),
    node: "tw.runNode({ opType: 'AsStrided', domain: 'atb', attributes: { size: [2, 2], stride: [2, 3], offset: [0] } }, [x])",
    breakIt: (page) => page.fill('#param-stride', '2'),
    field: 'stride',
    message: 'AsStrided: stride must have as many entries as size (2, got 1)',
  },
  Cast: {
    slug: 'cast',
    example: { dims: '[2, 3]', type: 'float32', cells: ['0', '128', '255', '17', '64', '200'] },
    named: "tw.cast(x, 'float32')",
    chooseVersion: (page) => page.selectOption('#version', '13'),
    node: "tw.runNode({ opType: 'Cast', opset: 13, attributes: { to: 1 } }, [x])",
    breakIt: (page) => page.fill('#input-grid input[data-i="1"]', '1.2.3'),
    field: 'input',
    message: 'x[0, 1]: "1.2.3" is not an integer',
  },
};

const families = tw.FAMILIES;

/** Every op of the library, in the menu's order: its name, page, schema and (where it has one) its richer checks. */
export const PAGES = Object.entries(tw.OPS)
  .map(([op, schema]) => ({ op, slug: slugOf(op), schema, rich: OPS[op] }))
  .sort((a, b) => families.indexOf(a.schema.family) - families.indexOf(b.schema.family) || a.op.localeCompare(b.op));

for (const [op, { slug }] of Object.entries(OPS)) assertEqual(slugOf(op), slug, `${op}'s page`);

/** The op versions no start can run, and why: the library refuses them whatever their inputs. */
export const REFUSED = {
  'Scatter-11': 'deprecated: the library refuses it and names ScatterElements, as ONNX does (the page opens Scatter at 9)',
};

/** Whether the page starts from a descriptor's spec example (its button says so) rather than the generic start values. */
export async function hasSpecExample(page) {
  return (await page.textContent('#example')) === 'Spec example';
}

/** Waits until the page has answered its last change: it ran (cells drawn) or says why not. Returns whether it ran. */
export async function settled(page) {
  await page.waitForFunction(() => !('pending' in document.body.dataset) && document.getElementById('run-status').textContent !== '', null, { timeout: 10000 });
  return !(await page.evaluate(() => document.body.classList.contains('failed')));
}

/** An op's page as it opens: the spec example's output where the op has a descriptor, else whatever its start gives (returns whether it ran). */
export async function expectStart(page, entry) {
  if (entry.rich) {
    await expectCells(page, entry.rich.example.cells);
    return true;
  }
  return settled(page);
}

/**
 * Breaks one thing the page checks before the library sees it, and says
 * where its error shows: the op's own constraint where it has a descriptor;
 * else an element no type but string reads (the main input's first cell, or
 * the first tensor field's), or a list of lists in the first other field.
 * Undefined when the page has nothing to break that way.
 */
export async function breakIt(page, entry) {
  if (entry.rich) {
    await entry.rich.breakIt(page);
    return { field: entry.rich.field, message: entry.rich.message };
  }
  const type = await page.inputValue('#type').catch(() => 'string');
  if (await page.isVisible('#input-grid input[data-i="0"]') && type !== 'string') {
    const name = await page.getAttribute('#input-grid input[data-i="0"]', 'aria-label');
    await page.fill('#input-grid input[data-i="0"]', '1.2.3');
    return { field: 'input', message: `${name}: "1.2.3" is not a` };
  }
  const tensor = await page.$('#tensor-fields textarea');
  if (tensor) {
    const key = (await tensor.getAttribute('id')).slice('param-'.length);
    if ((await page.inputValue(`#type-${key}`)) !== 'string') {
      await tensor.fill('[1.2.3]');
      return { field: key, message: 'x[0]: "1.2.3" is not a' };
    }
  }
  const field = await page.$('#param-fields input');
  if (!field) return undefined;
  const key = (await field.getAttribute('id')).slice('param-'.length);
  await field.fill('[1, [2]]');
  return { field: key, message: '' };
}

/** The versions the page's menu offers (none for an unversioned op with a node switch). */
export async function versionsOffered(page) {
  return page.$$eval('#version:not([hidden]) > option', (os) => os.map((o) => o.value));
}

/** What the status line must say once a version is chosen: the named call at the newest (where the op has one), else runNode at that opset. */
export function expectedCall(entry, version) {
  const newest = String(entry.schema.versions.at(-1).since);
  assert(entry.schema.versions.some((v) => String(v.since) === version), `${entry.op} has no version ${version}`);
  return entry.rich && version === newest ? 'named' : 'runNode';
}
