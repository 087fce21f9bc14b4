// The demo's op pages as the registry makes them (issue 33, item 7): every
// op of tw.OPS at every version through tw.runNode, its code as pasted; the
// URL reproducing each page; the op menu (grouped by family, filtered as a
// name is typed, by keyboard, axe-core with it open); a page built from a
// schema alone (CastLike has no descriptor); and, with fake schemas in Node
// (the page's own modules, bundled by esbuild), a variadic input (Concat,
// Sum) and several outputs (Split, TopK): a page drawn from the schema alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DESKTOP, PHONE, assert, assertEqual, axeViolations, expectError, openPage, outputCells, pageUrl, root, test,
} from './demo-harness.mjs';
import { PAGES, REFUSED, expectCodeGives, expectStart, expectedCall, hasSpecExample, settled, versionsOffered } from './demo-ops.mjs';

const tw = await import('../../dist/esm/index.js');

/** The call the status line shows, without its `y = ` and `[0]`. */
const callShown = async (page) => (await page.textContent('#run-status')).replace(/^(y|\[[^\]]*\]) = /, '').replace(/\[0\]$/, '');

/** The page's own modules in Node: page.ts (schema -> page), view.ts (what is drawn), attribute.ts, bundled against dist/. */
async function pageModules() {
  const { build } = await import('esbuild');
  const dir = mkdtempSync(join(tmpdir(), 'tessera-demo-'));
  const out = join(dir, 'page.mjs');
  const library = join(root, 'dist/esm/index.js');
  await build({
    stdin: {
      contents: "export { pageOf } from './ops/page.ts'; export { viewOf } from './view.ts'; export { parseAttribute } from './ops/attribute.ts';",
      resolveDir: join(root, 'web-demo/src'), loader: 'ts',
    },
    bundle: true, format: 'esm', platform: 'neutral', outfile: out, logLevel: 'error',
    plugins: [{ name: 'library', setup: (b) => b.onResolve({ filter: /^tessera-wasm$/ }, () => ({ path: library, external: true })) }],
  });
  try {
    return await import(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function registerPageCases() {
  for (const size of [PHONE, DESKTOP]) {
    test(`${size.name}: every op at ${size === PHONE ? 'its two newest versions' : 'every version'}: the named op at the newest where it has one, else tw.runNode at that opset; the code runs as shown`, async () => {
      for (const entry of PAGES) {
        const page = await openPage(`#/${entry.slug}`, size);
        await expectStart(page, entry);
        const spec = await hasSpecExample(page);
        const versions = await versionsOffered(page);
        assertEqual(versions, entry.schema.versioned ? entry.schema.versions.map((v) => String(v.since)) : [], `${entry.op}: the version menu`);
        for (const version of size === PHONE ? versions.slice(-2) : versions) {
          await page.selectOption('#version', version);
          const ran = await settled(page);
          const status = await page.textContent('#run-status');
          if (!ran) {
            // The ops with a spec example run it at every version (but one the library refuses whatever its inputs);
            // an op without one may refuse its generic start values somewhere.
            assert(!entry.rich && !(spec && !Object.hasOwn(REFUSED, `${entry.op}-${version}`)), `${entry.op}-${version} did not run: ${status}`);
            console.log(`  ${entry.op}-${version}: ${status.slice(0, 120)}`);
            continue;
          }
          const shown = await callShown(page);
          if (expectedCall(entry, version) === 'named') {
            assert(shown.startsWith(`tw.${entry.schema.named}(`), `${entry.op}-${version}: the status line shows ${JSON.stringify(status)}`);
          } else {
            const domain = entry.schema.domain === 'ai.onnx' ? '' : `, domain: '${entry.schema.domain}'`;
            assert(shown.startsWith(`tw.runNode({ opType: '${entry.op}'${domain}, opset: ${version}`), `${entry.op}-${version}: the status line shows ${JSON.stringify(status)}`);
          }
          await expectCodeGives(page, shown, `${entry.op}-${version}`);
        }
        await page.close();
      }
    });
  }

  for (const entry of PAGES) {
    test(`${entry.op}: the URL reproduces the page`, async () => {
      const page = await openPage(`#/${entry.slug}`);
      await expectStart(page, entry);
      await page.click('#random');
      await page.waitForTimeout(300);
      const ran = await settled(page);
      if (entry.rich) assert(ran, `${entry.op}: random values did not run: ${await page.textContent('#run-status')}`);
      // Random values an op refuses (Gather's indices, a window's size) keep the last output (its dims too) in grey; a link has none.
      const status = async (p) => (await p.textContent('#run-status')).replace(/ The last output is shown in grey\.$/, '');
      const shown = ran ? await outputCells(page) : await status(page);
      const dims = await page.textContent('#out-dims');
      const again = await openPage(page.url().slice(pageUrl().length));
      assertEqual(await settled(again), ran, 'whether it runs, after reopening the link');
      assertEqual(ran ? await outputCells(again) : await status(again), shown, 'what is shown after reopening the link');
      if (ran) assertEqual(await again.textContent('#out-dims'), dims, 'dims after reopening the link');
      await page.close();
      await again.close();
    });
  }

  test('the op menu: Enter opens it, typing filters by name, the arrows and Enter choose, Escape closes it; the page follows', async () => {
    const page = await openPage('#/tile');
    assert(await page.isHidden('#op-panel'), 'the menu is open before it is asked for');
    await page.focus('#op-button');
    await page.keyboard.press('Enter');
    assertEqual(await page.getAttribute('#op-button', 'aria-expanded'), 'true', 'the button\'s aria-expanded');
    assert(await page.evaluate(() => document.activeElement.id === 'op-search'), 'the search box has not the focus');
    assertEqual(await page.textContent('#op-count'), `${PAGES.length} ops, by family`, 'the count');
    await page.keyboard.type('CAST');
    const shown = () => page.$$eval('#op-list li:not([hidden]) a', (as) => as.filter((a) => !a.closest('section').hidden).map((a) => a.dataset.op));
    const casts = PAGES.filter((p) => p.op.toLowerCase().includes('cast')).map((p) => p.op);
    assertEqual(await shown(), casts, 'ops shown for "CAST"');
    assertEqual(await page.textContent('#op-count'), `${casts.length} of ${PAGES.length} ops match “CAST”`, 'the count');
    assert(await page.isHidden('#op-list .op-family[data-family="generation"]'), 'a family with no match is shown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    assertEqual(await page.evaluate(() => document.activeElement.dataset.op), casts[1], 'the link the arrows reach');
    await page.keyboard.press('Enter');
    await page.waitForFunction((op) => document.getElementById('op-current').textContent === op, casts[1]);
    assert(await page.isHidden('#op-panel'), 'the menu stays open after a choice');
    assert(await page.evaluate(() => document.activeElement.id === 'op-button'), 'the focus is not back on the button');
    assert(new URL(page.url()).hash.startsWith(`#/${PAGES.find((p) => p.op === casts[1]).slug}?`), `the URL after the choice: ${page.url()}`);
    // Enter in the search box takes the first match; nothing matching says so; Escape closes.
    await page.keyboard.press('Enter');
    await page.fill('#op-search', 'zzz');
    assertEqual(await page.textContent('#op-count'), 'No op matches “zzz”', 'the count');
    await page.fill('#op-search', 'floor');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('op-current').textContent === 'Floor');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    assert(await page.isHidden('#op-panel'), 'Escape does not close the menu');
    assert(await page.evaluate(() => document.activeElement.id === 'op-button'), 'Escape does not give the focus back');
    // A family's name shows its ops.
    await page.keyboard.press('Enter');
    await page.fill('#op-search', 'data movement');
    assertEqual(await shown(), PAGES.filter((p) => p.schema.family === 'data movement').map((p) => p.op), 'ops shown for "data movement"');
    await page.close();
  });

  for (const size of [DESKTOP, PHONE]) {
    test(`${size.name}: the op menu, open and filtered, has no axe-core violation and stays on the screen`, async () => {
      const page = await openPage('#/floor', size);
      await page.click('#op-button');
      await page.fill('#op-search', 'a');
      assertEqual(await axeViolations(page), [], 'axe violations');
      const panel = await page.$eval('#op-panel', (e) => e.getBoundingClientRect().toJSON());
      assert(panel.left >= 0 && panel.right <= size.width, `the menu ${JSON.stringify(panel)} runs off the ${size.width}px screen`);
      await page.click('.top h1');
      assert(await page.isHidden('#op-panel'), 'a click elsewhere does not close the menu');
      await page.close();
    });
  }

  test('a page from the schema alone (CastLike: no descriptor): each tensor input with its own type, dims and values; attributes as text; errors beside their field', async () => {
    const entry = PAGES.find((p) => p.op === 'CastLike');
    const page = await openPage('#/cast-like');
    assert(await expectStart(page, entry), `CastLike's start did not run: ${await page.textContent('#run-status')}`);
    assertEqual(await page.textContent('#example'), 'Start values', 'the start button');
    assertEqual(await outputCells(page), ['1', '2', '3', '4', '5', '6'], 'the start output');
    // target_type's type is the output's.
    await page.selectOption('#type-target_type', 'int8');
    await page.waitForFunction(() => document.getElementById('out-type').textContent === 'int8');
    await expectCodeGives(page, await callShown(page), 'CastLike to int8');
    await page.fill('#dims-target_type', '1');
    await page.waitForFunction(() => document.getElementById('param-target_type').value === '[1]');
    await settled(page);
    assertEqual(await page.textContent('#out-dims'), '[2, 3]', 'dims: target_type gives only its type');
    await page.fill('#param-target_type', '[300]');
    await expectError(page, 'target_type', "x[0]: 300 is outside int8's range -128 to 127");
    await page.fill('#param-target_type', '[3]');
    await settled(page);
    // An attribute is text read as JSON-ish; the library's SpecError shows beside it.
    await page.fill('#param-saturate', 'sometimes');
    await expectError(page, 'saturate', 'CastLike-25: saturate must be 0 or 1 (got "sometimes")');
    await page.fill('#param-saturate', '0');
    await settled(page);
    assert((await callShown(page)).includes('attributes: { saturate: 0 }'), `the call: ${await callShown(page)}`);
    await expectCodeGives(page, await callShown(page), 'CastLike, saturate 0');
    // The link holds the other inputs too.
    const again = await openPage(page.url().slice(pageUrl().length));
    assertEqual(await again.inputValue('#type-target_type'), 'int8', 'target_type\'s type after reopening the link');
    assertEqual(await again.inputValue('#param-saturate'), '0', 'saturate after reopening the link');
    await page.close();
    await again.close();
  });

  test('pages from fake schemas, in Node: a variadic input (Concat) and several outputs (Split, TopK) reach tw.runNode and the code view as they should', async () => {
    await tw.init();
    const { pageOf, viewOf, parseAttribute } = await pageModules();
    const version = (v) => ({ since: 13, required: 1, attributes: [], types: { T: tw.DATA_TYPES }, ...v });
    const schema = (versions) => ({ domain: 'ai.onnx', versioned: true, family: 'data movement', summary: '', named: 'fake', versions });
    const x = new tw.Tensor('float32', new Float32Array([1, 2]), [2]);

    const concat = pageOf('Concat', {}, schema([version({ inputs: ['inputs'], variadic: true, outputs: ['concat_result'], attributes: ['axis'] })]));
    assertEqual(concat.input.name, 'inputs', 'Concat: the main input');
    assertEqual(concat.variadic(13), { min: 1, name: 'inputs' }, 'Concat: its variadic input');
    const fields = concat.fields(13, 3);
    assertEqual(fields.map((f) => [f.key, f.label, f.kind, f.position, f.removable]),
      [['inputs-1', 'inputs[1]', 'tensor', 1, true], ['inputs-2', 'inputs[2]', 'tensor', 2, true], ['axis', 'axis', 'auto', undefined, undefined]], 'Concat: fields for 3 inputs');
    assertEqual(Object.keys(concat.example(13).tensors), ['inputs-1'], 'Concat: the start gives 2 inputs');
    const args = { version: 13, node: true, type: 'float32', input: x, params: { 'inputs-1': x, 'inputs-2': x, axis: parseAttribute('0') }, count: 3 };
    const call = concat.call(args);
    assertEqual(call.expression, "tw.runNode({ opType: 'Concat', opset: 13, attributes: { axis: 0 } }, [x, inputs_1, inputs_2])", 'Concat: the call');
    assertEqual(call.setup.map((line) => line.split(' = ')[0]), ['const inputs_1', 'const inputs_2'], 'Concat: the code\'s setup');
    // The fake schema is Concat-13's own shape, so the call the page builds runs as the library's Concat.
    const [joined] = call.run();
    assertEqual([[...joined.dims], [...joined.data]], [[6], [1, 2, 1, 2, 1, 2]], 'Concat: the node the page built, run');
    assertEqual(['inputs[2]', 'inputs', 'axis', 'opset'].map((p) => concat.fieldOf(p, 13, 3)), ['inputs-2', 'input', 'axis', 'version'], 'Concat: fields of SpecError params');

    const split = pageOf('Split', {}, schema([version({ inputs: ['input', 'split'], outputs: ['outputs'], variadicOutputs: true, attributes: ['axis'] })]));
    assertEqual(split.fields(13).map((f) => [f.key, f.kind, f.optional ?? false]), [['split', 'tensor', true], ['axis', 'auto', true], ['node-outputs', 'int', true]], 'Split: fields');
    const splitCall = split.call({ version: 13, node: true, type: 'float32', input: x, params: { split: undefined, axis: undefined, 'node-outputs': 2 }, count: 1 });
    assertEqual(splitCall.expression, "tw.runNode({ opType: 'Split', opset: 13, outputs: 2 }, [x])", 'Split: the call (split left out)');
    const halves = [new tw.Tensor('float32', new Float32Array([1]), [1]), new tw.Tensor('float32', new Float32Array([2]), [1])];
    const view = viewOf(split, { outputs: halves, input: x, args: {}, call: splitCall }, false);
    assertEqual(view.code.split('\n').slice(-3), ["const [y, outputs_1] = tw.runNode({ opType: 'Split', opset: 13, outputs: 2 }, [x]);",
      'console.log(String(y));', 'console.log(String(outputs_1));'], 'Split: the code view prints each output');
    assertEqual([view.out.text, view.more.map((m) => [m.name, m.type, m.grid.text])], [['1'], [['outputs_1', 'float32', ['2']]]], 'Split: each output drawn');
    assertEqual(view.printed, halves.map(String).join('\n'), 'Split: what the code prints');

    const topK = pageOf('TopK', {}, schema([version({ inputs: ['X', 'K', 'C'], required: 2, outputs: ['Values', 'Indices'], types: { T: ['float32'], I: ['int64'] } })]));
    const topKFields = topK.fields(13);
    assertEqual(topKFields.map((f) => [f.key, f.types.constraint, f.types.guessed, f.optional]), [['K', 'I', true, false], ['C', 'I', true, true]], 'TopK: inputs, their guessed constraints');
    const k = new tw.Tensor('int64', BigInt64Array.of(1n), [1]);
    const topKCall = topK.call({ version: 13, node: true, type: 'float32', input: x, params: { K: undefined, C: k }, count: 1 });
    assertEqual(topKCall.expression, "tw.runNode({ opType: 'TopK', opset: 13 }, [x, undefined, C])", 'TopK: an input left out in the middle is undefined');
    assertEqual(viewOf(topK, { outputs: halves, args: {}, call: topKCall }, false).more.map((m) => m.name), ['Indices'], 'TopK: its second output\'s name');

    const read = (text) => { const v = parseAttribute(text); return typeof v === 'bigint' ? `${v}n` : v ?? null; };
    assertEqual(['', '2, 3', '[1.5]', '"a, b"', 'nearest', '9007199254740993', '-inf'].map(read),
      [null, [2, 3], [1.5], 'a, b', 'nearest', '9007199254740993n', null], 'attributes read as JSON-ish');
    assertEqual(parseAttribute('-inf'), -Infinity, 'an attribute of -inf');
    let nested;
    try { parseAttribute('[1, [2]]'); } catch (error) { nested = error; }
    assert(nested?.name === 'InputError', 'a list of lists is taken');
  });
}
