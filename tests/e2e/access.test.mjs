// Small screens and access (issue 9): the canvas's text alternative (a
// table index -> offset checked against XLA's tiling arithmetic), a name
// for every control, no sideways scrolling at 360 px, and screenshots at
// 360x740, 800x600 and 1600x1000.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openApp, screenshot, stopAll, waitForPicture } from './harness.mjs';
import { tiledOffset } from './xla.mjs';

const SHAPE = 'f32[3,5]{1,0:T(2,2)}';
const TILED = { dims: [3, 5], m2m: [1, 0], tiles: [[2, 2]] };

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

test('the canvas has a text alternative with every element\'s offset', async () => {
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(SHAPE)}`);
  await waitForPicture(page);
  assert.equal(await page.getAttribute('#layout-canvas', 'aria-describedby'), 'canvas-text');
  const text = await page.textContent('#canvas-text p');
  assert.match(text, /dimensions \[3, 5\].*15 elements.*24 element slots.*9 of them padding/);
  const rows = await page.$$eval('#offset-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.equal(rows.length, 15);
  for (const [index, offset] of rows) {
    const i = index.slice(1, -1).split(', ').map(Number);
    assert.equal(Number(offset), tiledOffset(TILED.dims, TILED.m2m, TILED.tiles, i), `element ${index}`);
  }
});

test('every control has a name', async () => {
  const unnamed = await page.$$eval('button, input, select', (els) =>
    els
      .filter((el) => el.offsetParent !== null)
      .filter((el) => !(el.getAttribute('aria-label') || el.labels?.length || (el.tagName === 'BUTTON' && el.textContent.trim())))
      .map((el) => el.id || el.outerHTML.slice(0, 60)),
  );
  assert.deepEqual(unnamed, []);
});

for (const [w, h] of [[360, 740], [800, 600], [1600, 1000]]) {
  test(`usable at ${w}x${h}`, async () => {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(SHAPE)}`);
    await waitForPicture(page);
    await page.waitForTimeout(200);
    await screenshot(page, `access-${w}x${h}`);
    const fit = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      input: document.getElementById('shape-input').getBoundingClientRect().width,
      canvas: document.getElementById('layout-canvas').getBoundingClientRect().width,
    }));
    assert.ok(fit.scroll <= w, `no sideways scrolling: ${fit.scroll} > ${w}`);
    if (w <= 400) assert.ok(fit.input >= w - 60, `the shape box is full width: ${fit.input}`);
    assert.ok(fit.canvas >= Math.min(w, 1000) * 0.5, `canvas width ${fit.canvas}`);
    assert.deepEqual(app.errors, []);
  });
}
