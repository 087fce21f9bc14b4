// The demo in a real browser (tests/e2e/demo-harness.mjs: Debian's Chromium,
// playwright-core, the built page from `npm run build:demo`). At phone size
// (390x844) and desktop size (1280x800): each op's page by its URL, with the
// spec example's output in view without scrolling; the code view's named call
// and, where a version is chosen, the runNode form, both run in Node against
// the library to give what the page shows; AsStrided's every type and the
// ATB node's switch; each SpecError beside the field its `param` names and
// never over the output; no label cut off; timing after a warm-up, saying
// what it measures. At desktop size also: editing, hovering, the keyboard,
// the URL's state, loading without layout shift, and a quiet console; and
// (demo-robustness.mjs) responsiveness on huge calls, typed values kept, exact
// values, axe-core, tab order and links naming what does not exist; and
// (demo-pages.mjs) every op of tw.OPS at every version, the op menu, a page
// from a schema alone, and fake schemas for variadic inputs and several outputs.
// The per-page checks iterate every op of tw.OPS (demo-ops.mjs's PAGES): an op
// added to the library is checked on arrival, with or without a descriptor.
// `--docs` also refreshes docs/demo-desktop.png and docs/demo-phone.png.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_DIR } from '../../scripts/serve-demo.mjs';
import {
  ARTIFACTS, DESKTOP, PHONE, assert, assertEqual, box, cutLabels, expectCells, expectError, expectOutputUncovered,
  newPage, openPage, outputCells, overflow, pageUrl, root, run, screenshot, seenProblems, test,
} from './demo-harness.mjs';
import { OPS, PAGES, breakIt, expectCodeGives, expectStart, hasSpecExample, settled } from './demo-ops.mjs';
import { registerPageCases } from './demo-pages.mjs';
import { registerRobustnessCases } from './demo-robustness.mjs';

const tw = await import('../../dist/esm/index.js');
await tw.init();

// ---------------------------------------------------------------------------
// At phone and desktop size

for (const size of [PHONE, DESKTOP]) {
  const at = `${size.name} ${size.width}x${size.height}`;

  for (const entry of PAGES) {
    const { op, slug, rich } = entry;
    test(`${at}: ${op}'s page #/${slug} shows ${rich ? 'the spec example\'s output' : 'what its start values give'} in view, unscrolled`, async () => {
      const page = await openPage(`#/${slug}`, size);
      const ran = await expectStart(page, entry);
      if (rich) {
        assertEqual(await page.textContent('#out-dims'), rich.example.dims, 'output dims');
        assertEqual(await page.textContent('#out-type'), rich.example.type, 'output type');
      }
      assertEqual(await page.$$eval('#ops a[aria-current="page"]', (as) => as.map((a) => a.dataset.op)), [op], 'the current op page');
      assertEqual(await page.textContent('#op-current'), op, 'the op the menu\'s button names');
      assert((await page.title()).startsWith(op), `title ${await page.title()}`);
      assert(await page.evaluate(() => scrollY) === 0, 'the page opened scrolled');
      if (ran) {
        const colours = await page.$$eval('#output-grid td', (cells) => cells.map((c) => getComputedStyle(c).backgroundColor));
        assert(colours.length > 0 && colours.every((c) => /^rgb/.test(c) && c !== 'rgba(0, 0, 0, 0)'), `uncoloured cells: ${colours}`);
        // The whole output grid is on the first screen: no scrolling to see it.
        const grid = await box(page, '#output-grid');
        assert(grid.top >= 0 && grid.bottom <= size.height && grid.right <= size.width, `the output grid ${JSON.stringify(grid)} is not all in the ${size.width}x${size.height} window`);
      } else {
        // A start the op refuses (no descriptor gives a spec example): the status line says so, naming the op or the field at fault.
        assert(!(await hasSpecExample(page)), `${op}: its spec example does not run: ${await page.textContent('#run-status')}`);
        const status = await page.textContent('#run-status');
        assert(status.startsWith('Not run: ') && (status.includes(op) || await page.$('.note.has-error')), `${op}: the status line says ${JSON.stringify(status)}`);
        console.log(`  ${op}: its start values do not run (${status.slice(0, 120)})`);
      }
      assert(await overflow(page) <= 0, `the page is ${await overflow(page)}px wider than the window`);
      await screenshot(page, join(ARTIFACTS, `demo-${size.name}-${slug}.png`));
      await page.close();
    });

    test(`${at}: ${op}: a broken constraint shows its error beside the field, never over the output`, async () => {
      const page = await openPage(`#/${slug}`, size);
      const ran = await expectStart(page, entry);
      const broken = await breakIt(page, entry);
      assert(broken, `${op}: the page has no field to break`);
      await expectError(page, broken.field, broken.message);
      assertEqual(await page.textContent('#out-time'), '–', 'the time of a call that did not run');
      await page.click('#example');
      assertEqual(await expectStart(page, entry), ran, 'whether the start runs, after the example is restored');
      if (ran) assert(!(await page.$('.note.has-error')), 'an error stays after the example is restored');
      await page.close();
    });
  }

  test(`${at}: the code view shows the named call, and the runNode form where a version is chosen; both run as shown`, async () => {
    for (const [op, spec] of Object.entries(OPS)) {
      const page = await openPage(`#/${spec.slug}`, size);
      await expectCells(page, spec.example.cells);
      assertEqual(await page.textContent('#run-status'), `y = ${spec.named}`, `${op}: the status line`);
      await expectCodeGives(page, spec.named, `${op}, named`);
      await spec.chooseVersion(page);
      await page.waitForFunction((node) => document.getElementById('run-status').textContent === `y = ${node}[0]`, spec.node, { timeout: 5000 });
      await expectCells(page, spec.example.cells);
      await expectCodeGives(page, spec.node, `${op}, runNode`);
      await page.close();
    }
  });

  test(`${at}: AsStrided offers every type through tw.asStrided, and the ATB node's own types behind its switch`, async () => {
    const page = await openPage('#/as-strided', size);
    await expectCells(page, OPS.AsStrided.example.cells);
    const offered = () => page.$$eval('#type > option', (os) => os.map((o) => o.value));
    assertEqual(await offered(), tw.DATA_TYPES, 'types offered by tw.asStrided');
    const every = [['int32', ['1', '4', '3', '6']], ['string', ['1', '4', '3', '6']], ['uint4', ['1', '4', '3', '6']],
      ['uint64', ['1', '4', '3', '6']], ['complex64', ['1+0j', '4+0j', '3+0j', '6+0j']]];
    for (const [type, cells] of every) {
      await page.selectOption('#type', type);
      await expectCells(page, cells, `${type} cells`);
      assertEqual(await page.textContent('#out-type'), type, 'output type');
    }
    await page.selectOption('#type', 'int32');
    await expectCells(page, ['1', '4', '3', '6']);
    await page.check('#node');
    assertEqual(await offered(), tw.OPS.AsStrided.versions[0].types.T, 'types offered by the ATB node');
    // int32 is not the node's: the switch picks a type it takes, and says so.
    assertEqual(await page.inputValue('#type'), 'float16', 'the type the switch picked');
    assertEqual(await page.textContent('#note-type .info'), 'ATB AsStrided does not take int32: switched to float16.', 'the type note');
    await expectCells(page, ['1', '4', '3', '6']);
    await page.selectOption('#type', 'int64');
    assertEqual(await page.textContent('#note-type .info'), '', 'the type note after a type is picked');
    await expectCells(page, ['1', '4', '3', '6']);
    await expectCodeGives(page, OPS.AsStrided.node, 'the ATB node');
    // The switch is part of the link.
    const again = await openPage(page.url().slice(pageUrl().length), size);
    assert(await again.isChecked('#node'), 'the switch is off after reopening the link');
    await expectCells(again, ['1', '4', '3', '6']);
    await again.close();
    await page.close();
  });

  test(`${at}: an out-of-bounds read is the stride's fault, or the offset's when the offset alone is out`, async () => {
    const page = await openPage('#/as-strided', size);
    await expectCells(page, OPS.AsStrided.example.cells);
    await page.fill('#param-offset', '5');
    await expectError(page, 'stride', "AsStrided: the largest index read, offset + sum((size[j] - 1) * stride[j]) = 10, must be less than the input's element count 9");
    await page.fill('#param-offset', '9');
    await expectError(page, 'offset', "AsStrided: the largest index read, offset + sum((size[j] - 1) * stride[j]) = 14, must be less than the input's element count 9");
    await page.close();
  });

  test(`${at}: no label is cut off, on any op's page`, async () => {
    for (const entry of PAGES) {
      const { op, slug, rich } = entry;
      const page = await openPage(`#/${slug}`, size);
      await expectStart(page, entry);
      assertEqual(await cutLabels(page), [], `${op}: labels cut off`);
      if (rich) {
        await rich.chooseVersion(page);
        await expectCells(page, rich.example.cells);
      } else if (entry.schema.versions.length > 1) {
        await page.selectOption('#version', String(entry.schema.versions[0].since));
        await settled(page);
      }
      assertEqual(await cutLabels(page), [], `${op}, runNode form: labels cut off`);
      if (op === 'ConstantOfShape') {
        // The longest type names, and the note of a type switched by a version change.
        await page.selectOption('#version', '25');
        await page.selectOption('#type', 'float8e4m3fnuz');
        await page.selectOption('#version', '9');
        await page.waitForSelector('#note-type .info:not(:empty)');
        assertEqual(await cutLabels(page), [], `${op}, a switched type: labels cut off`);
      }
      await page.close();
    }
  });

  test(`${at}: timing starts after a warm-up and says what it measures`, async () => {
    // The reported case: a 2x3 tile.
    const page = await openPage('#/tile?v=13&type=float32&mode=grid&dims=2,3&x=[[1, 2, 3], [4, 5, 6]]&repeats=2, 2', size);
    const timed = async (expression) => {
      await page.waitForFunction(() => /^[\d.]+ (µs|ms)$/.test(document.getElementById('out-time').textContent), null, { timeout: 15000 });
      const detail = await page.textContent('#out-time-detail');
      const m = /^for (.+), its checks, kernel and output array included: the median of (\d+) samples × ([\d,]+) calls, timed after ([\d,]+) warm-up calls \((\d+) ms\)\.$/.exec(detail);
      assert(m, `timing detail: ${detail}`);
      assertEqual(m[1], expression, 'the call timed');
      assert(Number(m[2]) >= 3 && Number(m[3].replace(/,/g, '')) >= 1, `samples: ${m[2]} × ${m[3]}`);
      assert(Number(m[4].replace(/,/g, '')) >= 1 && Number(m[5]) >= 150, `warm-up: ${m[4]} calls, ${m[5]} ms`);
    };
    await expectCells(page, ['1', '2', '3', '1', '2', '3', '4', '5', '6', '4', '5', '6', '1', '2', '3', '1', '2', '3', '4', '5', '6', '4', '5', '6']);
    await timed('tw.tile(x, [2, 2])');
    // A change drops the figure, warms the new call up, then times it.
    await page.fill('#param-repeats', '1, 3');
    await page.waitForFunction(() => document.getElementById('out-time').textContent === 'warming up…', null, { timeout: 5000 });
    await timed('tw.tile(x, [1, 3])');
    await page.close();
  });

  test(`${at}: each op's page is reachable by URL: #/op, ?op=op, the older links, and back`, async () => {
    for (const entry of PAGES) {
      for (const path of [`?op=${entry.op}`, `?op=${entry.op.toLowerCase()}`]) {
        const page = await openPage(path, size);
        await expectStart(page, entry);
        assert(new URL(page.url()).hash.startsWith(`#/${entry.slug}?`), `${path} became ${page.url()}`);
        assertEqual(await page.textContent('#op-current'), entry.op, `${path}: the op shown`);
        await page.close();
      }
    }
    // A link in the older form, with its whole state: np.tile([[1, 2, 3], [4, 5, 6]], [1, 2]).
    const page = await openPage('?op=Tile&v=13&type=int32&mode=grid&dims=2,3&x=[[1, 2, 3], [4, 5, 6]]&repeats=1,2', size);
    await expectCells(page, ['1', '2', '3', '1', '2', '3', '4', '5', '6', '4', '5', '6']);
    assertEqual([await page.textContent('#out-dims'), await page.textContent('#out-type')], ['[2, 6]', 'int32'], 'dims and type');
    // The op links are pages: another op, then back to this one as it was left.
    await page.click('#op-button');
    await page.click('#ops a[href="#/floor"]');
    await expectCells(page, OPS.Floor.example.cells);
    assert(new URL(page.url()).hash.startsWith('#/floor'), `after the Floor link: ${page.url()}`);
    await page.goBack();
    await expectCells(page, ['1', '2', '3', '1', '2', '3', '4', '5', '6', '4', '5', '6'], 'after going back');
    assertEqual(await page.inputValue('#param-repeats'), '1,2', 'repeats after going back');
    await page.close();
  });
}

// ---------------------------------------------------------------------------
// At desktop size

test('the op menu links every op of tw.OPS to its own page, grouped by family in tw.FAMILIES\'s order', async () => {
  const page = await openPage();
  const links = await page.$$eval('#ops a', (as) => as.map((a) => [a.dataset.op, a.querySelector('.op-name').textContent, a.getAttribute('href')]));
  assertEqual(links, PAGES.map(({ op, slug }) => [op, op, `#/${slug}`]), 'op links');
  const groups = await page.$$eval('#op-list .op-family', (ss) => ss.map((s) => [s.querySelector('h2').textContent, [...s.querySelectorAll('a')].map((a) => a.dataset.op)]));
  const families = tw.FAMILIES.filter((f) => PAGES.some((p) => p.schema.family === f));
  assertEqual(groups, families.map((f) => [f, PAGES.filter((p) => p.schema.family === f).map((p) => p.op)]), 'families and their ops');
  await page.close();
});

test('Floor: editing a grid cell recomputes the output; a bad element is refused beside the input', async () => {
  const page = await openPage('#/floor');
  await page.fill('#input-grid input[data-i="1"]', '7.9');
  await expectCells(page, ['-2', '7', '2']);
  await page.fill('#input-grid input[data-i="0"]', 'abc');
  await expectError(page, 'input', 'x[0]: "abc" is not a number');
  await page.close();
});

test('Floor: the text box takes any rank', async () => {
  const page = await openPage('#/floor');
  await page.check('#mode-text');
  await page.fill('#input-text', '[[[1.5, -0.5]], [[2.25, -3]]]');
  await expectCells(page, ['1', '-1', '2', '-3']);
  assertEqual(await page.textContent('#out-dims'), '[2, 1, 2]', 'dims from the text');
  assertEqual(await page.$$eval('#output-grid caption', (cs) => cs.map((c) => c.textContent)), ['y[0, :, :]', 'y[1, :, :]'], 'slice captions');
  await page.fill('#input-text', '[[1, 2], [3]]');
  await expectError(page, 'input', 'x[1] has 1 entries where the first has 2: rows must be the same length');
  await page.close();
});

test('Tile-1: tiles and axis replace repeats, through runNode', async () => {
  const page = await openPage('#/tile');
  await page.selectOption('#version', '1');
  assert(await page.isVisible('#param-tiles') && await page.isVisible('#param-axis'), 'no tiles and axis fields');
  assert(!(await page.isVisible('#param-repeats')), 'Tile-1 still shows repeats');
  await expectCells(page, ['0', '1', '0', '1', '2', '3', '2', '3']);
  assertEqual(await page.textContent('#out-dims'), '[2, 4]', 'Tile-1 dims');
  await expectCodeGives(page, "tw.runNode({ opType: 'Tile', opset: 1 }, [x, tiles, axis])", 'Tile-1');
  await page.fill('#param-axis', '2');
  await expectError(page, 'axis', 'Tile-1: axis must lie in [0, 2) for an input of rank 2 (got 2)');
  // The library names the output's size `repeats`, Tile-1's repeats in effect: it belongs to tiles here.
  await page.fill('#param-axis', '1');
  await page.fill('#param-tiles', '1000000000');
  await expectError(page, 'tiles', 'Tile-1: output of dims [2, 2000000000] needs 16000000000 bytes');
  await page.close();
});

test('Tile: hovering an output cell marks its source and the cells sharing it', async () => {
  const page = await openPage('#/tile');
  await expectCells(page, OPS.Tile.example.cells);
  await page.hover('#output-grid td[data-i="11"]');  // y[2, 3]: row 2 is input row 0, column 3 input column 1
  assertEqual(await page.$$eval('#source-grid td.is-source', (cs) => cs.map((c) => c.dataset.i)), ['1'], 'source cell');
  assertEqual(await page.$$eval('#output-grid td.is-sibling', (cs) => cs.map((c) => c.dataset.i)), ['1', '3', '9'], 'cells with the same source');
  assertEqual(await page.textContent('#hover-line'), 'y[2, 3] = 1 comes from input[0, 1], as do 3 other shown output cells', 'hover line');
  await page.close();
});

test('AsStrided: hovering an output cell marks the flat input element it reads', async () => {
  const page = await openPage('#/as-strided');
  await expectCells(page, OPS.AsStrided.example.cells);
  await page.hover('#output-grid td[data-i="2"]');  // y[1, 0] = x_flat[0 + 1*2 + 0*3]
  assertEqual(await page.$$eval('#source-grid td.is-source', (cs) => cs.map((c) => c.dataset.i)), ['2'], 'source cell');
  assertEqual(await page.textContent('#hover-line'), 'y[1, 0] = 3 comes from x[2] (= x[0, 2])', 'hover line');
  await page.close();
});

test('ConstantOfShape: each version offers only its own types', async () => {
  const page = await openPage('#/constant-of-shape');
  const typesOf = async (version) => {
    await page.selectOption('#version', version);
    return page.$$eval('#type > option', (os) => os.map((o) => o.value));
  };
  assertEqual(await typesOf('9'), tw.OPS.ConstantOfShape.versions[0].types.T2, 'ConstantOfShape-9 types');
  assertEqual(await typesOf('25'), tw.OPS.ConstantOfShape.versions.at(-1).types.T2, 'ConstantOfShape-25 types');
  await page.selectOption('#type', 'float8e4m3fn');
  await page.fill('#param-value', '1000');  // saturates to the largest float8e4m3fn, 448
  await page.fill('#param-shape', '2');
  await expectCells(page, ['448', '448']);
  assertEqual(await page.textContent('#out-type'), 'float8e4m3fn', 'output type');
  // Saturated, and said so beside the value.
  assertEqual(await page.textContent('#note-value .info'), "value 1000 saturated to 448, float8e4m3fn's largest", 'the value\'s note');
  // ConstantOfShape-9 has no float8: the version switch picks a type it takes, and says so.
  await page.selectOption('#version', '9');
  assertEqual(await page.inputValue('#type'), 'float32', 'the type the version switch picked');
  assertEqual(await page.textContent('#note-type .info'), 'ConstantOfShape-9 does not take float8e4m3fn: switched to float32.', 'the type note');
  await expectCells(page, ['1000', '1000']);
  assert(!(await page.$('.note.has-error')), 'an error is shown after the switch');
  await page.close();
});

test('ConstantOfShape: a shape too big for memory is refused beside the shape', async () => {
  const page = await openPage('#/constant-of-shape');
  await page.fill('#param-shape', '100000, 100000');
  await expectError(page, 'shape', 'ConstantOfShape-25: output of dims [100000, 100000] needs 40000000000 bytes, more than WebAssembly memory can hold (4294901760 bytes)');
  await page.fill('#param-shape', '2');
  await expectCells(page, ['1', '1']);
  await page.close();
});

test('the wasm module and its size are shown', async () => {
  const page = await openPage('#/floor');
  const wasm = readdirSync(join(DEMO_DIR, 'assets')).find((f) => /^tessera-[\w-]+\.wasm$/.test(f) && !f.includes('scalar'));
  assert(wasm, 'the build holds no tessera-*.wasm');
  const bytes = statSync(join(DEMO_DIR, 'assets', wasm)).size;
  assertEqual(await page.textContent('#wasm-size'), `${(bytes / 1024).toFixed(1)} KiB`, 'wasm size');
  assert((await page.textContent('#backend')).includes('SIMD128'), 'Chromium should run the SIMD128 build');
  await page.close();
});

test('keyboard: arrows move through the input grid and the output cells', async () => {
  const page = await openPage('#/floor');
  await page.focus('#input-grid input[data-i="0"]');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowRight');
  assertEqual(await page.evaluate(() => document.activeElement.dataset.i), '1', 'focused input cell');
  await page.focus('#output-grid td[data-i="0"]');
  await page.keyboard.press('ArrowRight');
  assertEqual(await page.evaluate(() => document.activeElement.dataset.i), '1', 'focused output cell');
  assert((await page.textContent('#hover-line')).startsWith('y[1] = 1 comes from X[1]'), `hover line: ${await page.textContent('#hover-line')}`);
  await page.close();
});

test('loading does not shift the layout', async () => {
  const page = await newPage();
  await page.addInitScript(() => {
    window.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(pageUrl('#/tile'));
  await page.waitForSelector('body.ready');
  await page.waitForTimeout(500);
  const shift = await page.evaluate(() => window.__shift);
  assert(shift < 0.02, `cumulative layout shift ${shift.toFixed(3)}`);
  await page.close();
});

// The screenshots: Tile-13 of a 2x3 tensor by [2, 2], one output cell hovered, once timed.
for (const size of [DESKTOP, PHONE]) {
  test(`${size.name} screenshot`, async () => {
    const page = await openPage('#/tile?v=13&type=float32&mode=grid&dims=2,3&x=[[1.5, -2, 0.25], [3, 7, -1]]&repeats=2, 2', size);
    await page.waitForFunction(() => /^[\d.]+ (µs|ms)$/.test(document.getElementById('out-time').textContent), null, { timeout: 15000 });
    await page.hover('#output-grid td[data-i="16"]');
    await expectOutputUncovered(page);
    const shots = [join(ARTIFACTS, `demo-${size.name}.png`), ...(process.argv.includes('--docs') ? [join(root, `docs/demo-${size.name}.png`)] : [])];
    for (const path of shots) await screenshot(page, path);
    await page.close();
  });
}

registerPageCases();
registerRobustnessCases();

test('no console errors, page errors or requests off the origin', async () => {
  assertEqual(seenProblems(), [], 'problems');
});

await run();
