// Issue 71's smaller things, read off the page: the legend says what the
// cells are labelled with (letters up to 26 elements, numbers past that);
// the summary's factor table keeps the page 1280 px wide at 1280
// (`?preset=seed-2x3-padded` made it 1,330 px); an HLO preset is shared
// as `?preset=ID`, so that a fresh browser opening the link gets its
// breakdown back (it was shared as its bare result shape); the preset of
// XLA's "Shapes and layout" page's tail padding names
// tail_padding_alignment_in_elements beside L(8), and its memory row is
// a d b e c f and two padding cells. axe finds nothing on those pages.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AXE_SOURCE, AXE_TAGS, runAxe } from './axe.mjs';
import {
  canvasView,
  cellPoint,
  choosePreset,
  clickAt,
  launchBrowser,
  openApp,
  queryParam,
  screenshot,
  stopAll,
  waitForPicture,
  waitForQuery,
  waitForText,
} from './harness.mjs';

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

const load = async (query) => {
  await page.goto(`${app.baseUrl}${query}`);
  return waitForPicture(page);
};

async function assertNoViolations(what) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(runAxe, AXE_TAGS);
  assert.deepEqual(violations, [], `${what}:\n${JSON.stringify(violations, null, 2)}`);
}

test('the legend says letters up to 26 elements and numbers past them', async () => {
  await load(`?shape=${encodeURIComponent('f32[2,13]')}`);
  assert.match(await page.textContent('#legend-labels'), /^cells lettered a, b, c/);
  await load(`?shape=${encodeURIComponent('f32[3,9]')}`);
  const text = await page.textContent('#legend-labels');
  assert.match(text, /^over 26 elements: cells show their memory offset \(logical view\) and index \(memory view\)/);
  await screenshot(page, 'teach-legend-27');
  await assertNoViolations('27 elements');
});

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
  [1024, 768],
]) {
  test(`the summary's factor table fits: no page wider than ${width} px`, async () => {
    await page.setViewportSize({ width, height });
    await load('?preset=seed-2x3-padded');
    await page.waitForSelector('#explain-factors');
    const { scroll, client, right, panel } = await page.evaluate(() => {
      const box = document.querySelector('#summary');
      const pad = parseFloat(getComputedStyle(box).paddingRight);
      return {
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        right: document.querySelector('#explain-factors').getBoundingClientRect().right,
        panel: box.getBoundingClientRect().right - pad,
      };
    });
    assert.ok(scroll <= client, `the page is ${scroll} px wide in a ${client} px window`);
    assert.ok(right <= panel + 0.5, `the factor table ends at ${right} px, its panel's content at ${panel}`);
    // The name is still all there, broken after its `_`.
    assert.match(await page.textContent('#explain-factors tbody td.level'), /^padded_dimensions$/);
    if (width === 1280) await screenshot(page, 'teach-factors-1280', { fullPage: false });
  });
}

test('an HLO preset is shared by its id, and the link brings its breakdown back', async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await load('?shape=f32%5B2%2C3%5D');
  await choosePreset(page, 'seed-hlo-add');
  await page.waitForSelector('#hlo-breakdown');
  await waitForQuery(page, 'preset', 'seed-hlo-add');
  assert.equal(queryParam(page, 'shape'), null, 'no bare result shape in the link');
  const link = page.url();
  // A browser that has never seen the page (nothing stored).
  const fresh = await launchBrowser();
  const other = await fresh.newPage();
  await other.goto(link);
  await waitForPicture(other);
  await other.waitForSelector('#hlo-breakdown');
  assert.match(await other.inputValue('#shape-input'), /^add\.936 = bf16\[8,1,1280,16384\]/);
  await fresh.close();
  // A plain shape is still shared as itself.
  await choosePreset(page, 'seed-2x3-row');
  await waitForQuery(page, 'shape', 'f32[2,3]{1,0}');
  assert.equal(queryParam(page, 'preset'), null);
});

test("the tail padding preset: L(8) named tail_padding_alignment_in_elements, memory a d b e c f and two padding cells", async () => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await load('?preset=seed-2x3-tail');
  const row = await page.textContent('[data-row="sum-tail"]');
  assert.match(row, /^L\(8\), tail_padding_alignment_in_elements = 8/);
  assert.match(await page.$eval('#preset-select', (s) => s.selectedOptions[0].textContent), /tail_padding_alignment_in_elements/);
  // The memory row, cell by cell (pinned): offsets 0-5 hold the
  // elements a d b e c f, that is (0,0) (1,0) (0,1) (1,1) (0,2) (1,2);
  // offsets 6 and 7 are padding.
  const view = await canvasView(page);
  const want = ['Element (0, 0)', 'Element (1, 0)', 'Element (0, 1)', 'Element (1, 1)', 'Element (0, 2)', 'Element (1, 2)', 'Padding', 'Padding'];
  for (let offset = 0; offset < 8; offset++) {
    const [x, y] = cellPoint(view, 'memory', offset % view.rowWidth, Math.floor(offset / view.rowWidth));
    await clickAt(page, x, y);
    await waitForText(page, '#cell-info h2', `Pinned cell: ${want[offset]}`);
    if (offset >= 6) assert.match(await page.textContent('#cell-info'), /tail alignment L\(8\)/);
    await clickAt(page, x, y); // unpin
  }
  await screenshot(page, 'teach-tail-preset');
  await assertNoViolations('the tail padding preset');
});
