// The demo's robustness cases (issue: never freeze, never lose what was
// typed, show every value exactly): the main thread under the huge calls the
// worker runs, dims edits, 64-bit and narrow-float values, the code view's
// out-of-date mark, axe-core on every op page, the tab order, and links that
// name an op, version or type the page does not have.
import {
  DESKTOP, PHONE, assert, assertEqual, axeViolations, expectCells, expectError, longestGap, openPage, startHeartbeat, test,
} from './demo-harness.mjs';
import { OPS, PAGES, breakIt, expectStart } from './demo-ops.mjs';

/** Registers the cases, in the order they run (after demo.test.mjs's own). */
export function registerRobustnessCases() {
  // The large cases: each froze the page for seconds when the op ran on its main thread.
  const LARGE = [
    { what: 'Tile repeats [10000, 10000] of a 2x2 float32', path: '#/tile', field: '#param-repeats', large: '10000, 10000', dims: '[20000, 20000]', small: '2, 2', after: '[4, 4]' },
    { what: 'AsStrided float16 size [10000, 10000] stride [0, 0]', path: '#/as-strided?type=float16&stride=0, 0&offset=0', field: '#param-size', large: '10000, 10000', dims: '[10000, 10000]', small: '2, 2', after: '[2, 2]' },
    { what: 'ConstantOfShape [20000, 20000]', path: '#/constant-of-shape', field: '#param-shape', large: '20000, 20000', dims: '[20000, 20000]', small: '2, 2', after: '[2, 2]' },
  ];

  for (const c of LARGE) {
    test(`responsive: ${c.what} runs in the worker; the main thread never blocks for a second, and the next edit cancels it`, async () => {
      const page = await openPage(c.path);
      await page.waitForFunction(() => !document.body.classList.contains('failed') && document.querySelector('#output-grid td'));
      await startHeartbeat(page);
      // An edit while the large call runs: the worker is replaced, and the small call answers.
      await page.fill(c.field, c.large);
      await page.waitForTimeout(150);
      await page.fill(c.field, c.small);
      await page.waitForFunction((dims) => document.getElementById('out-dims').textContent === dims, c.after, { timeout: 15000 });
      await page.fill(c.field, c.large);
      await page.waitForFunction((dims) => document.getElementById('out-dims').textContent === dims, c.dims, { timeout: 60000 });
      // What is drawn is capped, and says what it leaves out.
      const drawn = await page.$$eval('#output-grid td', (cells) => cells.length);
      assert(drawn > 0 && drawn <= 2048, `${drawn} output cells drawn`);
      assert(/more elements are not drawn\.$/.test(await page.textContent('#output-more')), 'no note of the cells not drawn');
      // The next edit answers at once (the worker is replaced if it is still timing the large call).
      await page.fill(c.field, c.small);
      await page.waitForFunction((dims) => document.getElementById('out-dims').textContent === dims
        && !document.body.classList.contains('failed'), c.after, { timeout: 15000 });
      const gap = await longestGap(page);
      console.log(`  longest main-thread gap: ${Math.round(gap)} ms`);
      assert(gap < 1000, `the main thread was blocked for ${Math.round(gap)} ms`);
      await page.close();
    });
  }

  test('responsive: a call that takes a moment shows that the page is working', async () => {
    const page = await openPage('#/constant-of-shape');
    await page.fill('#param-shape', '20000, 20000');
    await page.waitForSelector('#busy:not([hidden])', { timeout: 10000 });
    assertEqual(await page.getAttribute('#result', 'aria-busy'), 'true', 'the result panel\'s aria-busy');
    await page.waitForSelector('#busy[hidden]', { state: 'attached', timeout: 60000 });
    await page.close();
  });

  test('dims edits reshape the values in order; intermediate dims while typing lose nothing', async () => {
    const page = await openPage('#/floor?v=13&type=float32&mode=grid&dims=2,2&x=[[1.5, 2.5], [3.5, 4.5]]');
    const inputs = () => page.$$eval('#input-grid input', (is) => is.map((i) => i.value));
    await expectCells(page, ['1', '2', '3', '4']);
    await page.fill('#dims', '4');
    assertEqual(await inputs(), ['1.5', '2.5', '3.5', '4.5'], 'values after 2, 2 -> 4');
    await expectCells(page, ['1', '2', '3', '4']);
    // Typed key by key: "2" and "2," pass by on the way to "2, 3".
    await page.fill('#dims', '');
    await page.type('#dims', '2, 3', { delay: 30 });
    assertEqual(await inputs(), ['1.5', '2.5', '3.5', '4.5', '0', '0'], 'values after typing 2, 3');
    await expectCells(page, ['1', '2', '3', '4', '0', '0']);
    assertEqual(await page.textContent('#out-dims'), '[2, 3]', 'dims');
    // A cell edited past the old end, then dims that cut it off and bring it back.
    await page.fill('#input-grid input[data-i="5"]', '9.5');
    await page.fill('#dims', '2');
    await page.fill('#dims', '6');
    assertEqual(await inputs(), ['1.5', '2.5', '3.5', '4.5', '0', '9.5'], 'values after 2, 3 -> 2 -> 6');
    await page.close();
  });

  test('64-bit integers are exact in cells, legend and hover; 2^53 and 2^53 + 1 get different colours', async () => {
    const page = await openPage('#/tile?v=13&type=int64&mode=grid&dims=2&x=[9223372036854775807, -9223372036854775808]&repeats=1');
    await expectCells(page, ['9223372036854775807', '-9223372036854775808']);
    assertEqual([await page.textContent('#legend-min'), await page.textContent('#legend-max')], ['-9223372036854775808', '9223372036854775807'], 'legend');
    assertEqual(await page.getAttribute('#output-grid td[data-i="0"]', 'title'), 'y[0] = 9223372036854775807', 'hover title');
    await page.hover('#output-grid td[data-i="0"]');
    assert((await page.textContent('#hover-line')).startsWith('y[0] = 9223372036854775807 comes from'), `hover line: ${await page.textContent('#hover-line')}`);
    const near = await openPage('#/tile?v=13&type=uint64&mode=grid&dims=2&x=[9007199254740992, 9007199254740993]&repeats=1');
    await expectCells(near, ['9007199254740992', '9007199254740993']);
    assertEqual([await near.textContent('#legend-min'), await near.textContent('#legend-max')], ['9007199254740992', '9007199254740993'], 'legend');
    const colours = await near.$$eval('#output-grid td', (cells) => cells.map((c) => getComputedStyle(c).backgroundColor));
    assert(colours[0] !== colours[1], `2^53 and 2^53 + 1 share the colour ${colours[0]}`);
    await page.close();
    await near.close();
  });

  test('narrow floats show their stored value; a note says what was rounded, saturated or became infinite', async () => {
    const page = await openPage('#/tile?v=13&type=float16&mode=grid&dims=3&x=[0.1, 70000, 2]&repeats=1');
    await expectCells(page, ['0.0999755859375', 'Infinity', '2']);
    assertEqual(await page.textContent('#note-input .info'),
      "x[0] 0.1 is stored as 0.0999755859375 (rounded); x[1] 70000 became Infinity, out of float16's range", 'the input\'s note');
    // Saturation (float8e4m3fn 500 -> 448) is ConstantOfShape's value note, tested with its versions.
    await page.fill('#input-grid input[data-i="1"]', '1.5');
    await expectCells(page, ['0.0999755859375', '1.5', '2']);
    assertEqual(await page.textContent('#note-input .info'), 'x[0] 0.1 is stored as 0.0999755859375 (rounded)', 'the note after a fix');
    await page.close();
  });

  test('"As code" is marked out of date while the input has an error, and its scroll areas take the keyboard', async () => {
    const page = await openPage('#/tile');
    await expectCells(page, OPS.Tile.example.cells);
    await page.$eval('#code-view', (d) => { d.open = true; });
    assert(await page.isHidden('#code-stale'), 'out of date before any error');
    const before = await page.textContent('#code');
    await page.fill('#input-grid input[data-i="0"]', 'x');
    await expectError(page, 'input', 'x[0, 0]: "x" is not a number');
    assert(await page.isVisible('#code-stale'), 'no out-of-date note while the input has an error');
    assertEqual(await page.textContent('#code-stale'), 'Out of date: this is the last call that ran; the input now has an error.', 'the out-of-date note');
    assert(await page.$eval('#code-view', (e) => e.classList.contains('stale')), 'the code view is not marked stale');
    assertEqual(await page.textContent('#code'), before, 'the last code that ran');
    for (const id of ['#code', '#printed']) assertEqual(await page.getAttribute(id, 'tabindex'), '0', `${id}'s tabindex`);
    await page.fill('#input-grid input[data-i="0"]', '5');
    await expectCells(page, ['5', '1', '5', '1', '2', '3', '2', '3', '5', '1', '5', '1', '2', '3', '2', '3']);
    assert(await page.isHidden('#code-stale'), 'still out of date after the error is fixed');
    await page.close();
  });

  for (const size of [DESKTOP, PHONE]) {
    test(`${size.name}: axe-core finds no serious or critical violation on any op page, normal or in error`, async () => {
      for (const entry of PAGES) {
        const op = entry.op;
        const page = await openPage(`#/${entry.slug}`, size);
        await expectStart(page, entry);
        await page.$eval('#code-view', (d) => { d.open = true; });
        assertEqual(await axeViolations(page), [], `${op}: axe violations`);
        await breakIt(page, entry);
        await page.waitForSelector('.note.has-error');
        assertEqual(await axeViolations(page), [], `${op} in error: axe violations`);
        await page.close();
      }
    });
  }

  test('tab order follows the layout: the left column before the output at desktop size, the output after the type on a phone', async () => {
    const order = async (size) => {
      const page = await openPage('#/tile', size);
      await expectCells(page, OPS.Tile.example.cells);
      await page.focus('#type');
      const seen = [];
      for (let k = 0; k < 40; k++) {
        await page.keyboard.press('Tab');
        seen.push(await page.evaluate(() => (document.activeElement.closest('#controls') ? 'controls' : document.activeElement.closest('#result') ? 'result' : 'other')));
      }
      await page.close();
      return seen.filter((w, i) => w !== 'other' && w !== seen[i - 1]);
    };
    assertEqual((await order(DESKTOP)).slice(0, 2), ['controls', 'result'], 'desktop: the areas tabbed through after the type');
    assertEqual((await order(PHONE)).slice(0, 2), ['result', 'controls'], 'phone: the areas tabbed through after the type');
  });

  test('links naming an unknown op, version or type say so and show what was chosen; a version switch picks a valid type', async () => {
    const cases = [
      ['#/nosuchop', `This page has no op “nosuchop” (the op menu lists all ${PAGES.length}): showing Tile.`, OPS.Tile.example.cells],
      ['#/tile?v=99', 'Tile has no version “99” (it has 1, 6, 13): showing Tile-13.', OPS.Tile.example.cells],
      ['#/floor?type=float99', '“float99” is not a data type: showing float32.', OPS.Floor.example.cells],
      ['#/tile?v=6&type=bfloat16', 'Tile-6 does not take type bfloat16: showing float32.', OPS.Tile.example.cells],
    ];
    for (const [path, notice, cells] of cases) {
      const page = await openPage(path);
      await expectCells(page, cells, `${path}: cells`);
      assertEqual(await page.textContent('#link-notice'), notice, `${path}: the notice`);
      await page.close();
    }
    const page = await openPage('#/tile');
    assert(await page.isHidden('#link-notice'), 'a notice for a good link');
    await page.selectOption('#type', 'bfloat16');
    await page.selectOption('#version', '6');
    assertEqual(await page.inputValue('#type'), 'float32', 'the type Tile-6 was given');
    assertEqual(await page.textContent('#note-type .info'), 'Tile-6 does not take bfloat16: switched to float32.', 'the type note');
    await expectCells(page, OPS.Tile.example.cells);
    await page.close();
  });
}
