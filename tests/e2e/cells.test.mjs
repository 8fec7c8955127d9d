// Pointing at cells: hover reports the element (or padding) under the
// pointer and the other view highlights it; click pins, Escape unpins.
// And the memory view's row width. All on XLA's worked example
// f32[3,5]{1,0:T(2,2)}, where element (2,3) is at offset 17.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  canvasView,
  cellPoint,
  clickAt,
  frames,
  PASSIVE_KEYDOWN,
  openApp,
  pixel,
  pixels,
  pointAt,
  screenshot,
  stopAll,
  toScreen,
  waitForData,
  waitForPicture,
  waitForText,
} from './harness.mjs';
import { LIGHT, footprint, hatchGrey, inBounds, luminance, near, rampColour, tiledOffset } from './xla.mjs';

const SHAPE = 'f32[3,5]{1,0:T(2,2)}';
const L = { dims: [3, 5], m2m: [1, 0], tiles: [[2, 2]] };
const offsetOf = (r, c) => tiledOffset(L.dims, L.m2m, L.tiles, [r, c]);
const COUNT = footprint(L.dims, L.m2m, L.tiles);

let app;
let page;
let view;

before(async () => {
  app = await openApp();
  page = app.page;
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(SHAPE)}`);
  view = await waitForPicture(page);
});
after(stopAll);

const text = async (selector) => (await page.textContent(selector))?.trim();

/** Waits until the cell panel's heading reads `heading`. */
const waitForHeading = (heading) => waitForText(page, '#cell-info h2', heading);

/**
 * The darkest pixel on a short vertical line across the top (or bottom)
 * edge of world cell (wx, wy) of `pane`: where the hover outline is drawn.
 * Pick an edge inside a tile: tile boundaries are dark lines too.
 */
async function edgeDarkness(pane, wx, wy, edge = 'top') {
  const [x, y] = toScreen(view, pane, wx + 0.5, edge === 'top' ? wy : wy + 1);
  const line = await pixels(page, x, y - 3, 1, 7);
  return Math.min(...line.map(luminance));
}

test('hovering element (2,3) reports offset 17 and highlights it in memory', async () => {
  assert.equal(offsetOf(2, 3), 17, "XLA's tiled-layout example");
  const memory17 = [17 % view.rowWidth, Math.floor(17 / view.rowWidth)];
  const before = {
    memory: await edgeDarkness('memory', ...memory17),
    logical: await edgeDarkness('logical', 3, 2, 'bottom'),
  };
  assert.ok(before.memory > 100 && before.logical > 100, `no outline before: ${JSON.stringify(before)}`);

  await pointAt(page, ...cellPoint(view, 'logical', 3, 2, 0.3, 0.7));
  await waitForHeading('Under the pointer: Element (2, 3)');
  assert.equal(await text('#fact-index'), '(2, 3)');
  assert.equal(await text('#fact-memory-offset'), '17');
  assert.equal(await text('#fact-row-major-id'), String(2 * 5 + 3));
  assert.equal(await text('#fact-address'), `0x${(17 * 4).toString(16)} (byte ${17 * 4})`);
  // Level 1: tile (2/2, 3/2) = (1, 1), within it (2%2, 3%2) = (0, 1).
  assert.equal(await text('#fact-level-1'), 'tile (1, 1) within (0, 1)');
  const memory = await edgeDarkness('memory', ...memory17);
  const logical = await edgeDarkness('logical', 3, 2, 'bottom');
  assert.ok(memory < 40, `memory cell 17 outlined: darkest ${memory}`);
  assert.ok(logical < 40, `logical cell (2,3) outlined: darkest ${logical}`);
  // The neighbours in memory are not outlined on top.
  assert.ok((await edgeDarkness('memory', memory17[0] - 2, memory17[1])) > 100, 'offset 15 is not outlined');
  // Screenshots last: taking one can make Chromium send the canvas a
  // pointerleave (and the app then forgets the hover).
  await screenshot(page, 'cells-01-hover-2-3');
});

test('hovering the memory view reports the element and highlights it in the logical view', async () => {
  const offset = offsetOf(1, 4);
  assert.equal(offset, 10);
  await pointAt(page, ...cellPoint(view, 'memory', offset % view.rowWidth, Math.floor(offset / view.rowWidth), 0.5, 0.8));
  await waitForHeading('Under the pointer: Element (1, 4)');
  assert.equal(await text('#fact-memory-offset'), String(offset));
  assert.ok((await edgeDarkness('logical', 4, 1)) < 40, 'logical (1,4) outlined');
  assert.ok((await edgeDarkness('logical', 3, 2, 'bottom')) > 100, 'the old hover is gone');
});

test('hovering a ghost cell says padding added by tiling level 1', async () => {
  // (3,0) is outside the 3x5 array but inside the 2x2 tile of rows 2-3.
  const offset = offsetOf(3, 0);
  assert.equal(offset, 14);
  assert.ok(!inBounds(L.dims, [3, 0]));
  await pointAt(page, ...cellPoint(view, 'logical', 0, 3));
  await waitForHeading('Under the pointer: Padding');
  assert.equal(await text('#cell-headline'), 'Padding');
  assert.equal(await text('#fact-added-by'), 'tiling level 1 (2,2)');
  assert.equal(await text('#fact-memory-offset'), String(offset));
  assert.equal(await page.locator('#fact-index').count(), 0, 'padding has no index');
  const cell = [offset % view.rowWidth, Math.floor(offset / view.rowWidth)];
  assert.ok((await edgeDarkness('memory', ...cell)) < 40, 'memory offset 14 outlined');
  assert.ok(hatchGrey(await pixel(page, ...cellPoint(view, 'memory', ...cell, 0.25, 0.25)), LIGHT), 'and hatched');
  await screenshot(page, 'cells-02-hover-ghost-3-0');
});

test('a click pins a cell, Escape unpins it', async () => {
  await clickAt(page, ...cellPoint(view, 'logical', 3, 2, 0.7, 0.3));
  await waitForHeading('Pinned cell: Element (2, 3)');
  await page.waitForFunction(() => document.activeElement?.id === 'layout-canvas');
  await screenshot(page, 'cells-03-pinned-2-3');
  await pointAt(page, ...cellPoint(view, 'logical', 1, 0));
  // The hover is drawn even while a cell is pinned: wait for (0,1)'s outline.
  for (let tries = 0; (await edgeDarkness('logical', 1, 0, 'bottom')) >= 40; tries += 1) {
    assert.ok(tries < 100, 'the hovered cell (0,1) is outlined');
    await frames(page, 1);
  }
  assert.equal(await text('#cell-headline'), 'Element (2, 3)', 'the pin outlasts the pointer moving on');
  assert.equal(await text('#fact-memory-offset'), '17');
  assert.equal(await page.locator('#cell-info button', { hasText: 'Unpin' }).count(), 1);
  await page.keyboard.press('Escape');
  await waitForHeading('Under the pointer: Element (0, 1)');
  assert.equal(await text('#fact-memory-offset'), String(offsetOf(0, 1)));
  // Clicking the pinned cell again also unpins.
  await clickAt(page, ...cellPoint(view, 'logical', 1, 0));
  await waitForHeading('Pinned cell: Element (0, 1)');
  await clickAt(page, ...cellPoint(view, 'logical', 1, 0, 0.2, 0.2));
  await waitForHeading('Under the pointer: Element (0, 1)');
  await page.mouse.move(0, 0);
  await waitForHeading('Cursor: Element (0, 0)');
  // Escape went through the page's keydown listener; its passive-listener
  // warning is the bug animation.test.mjs reports on its own.
  assert.deepEqual(app.errors.filter((e) => !PASSIVE_KEYDOWN.test(e)), []);
});

test('the row width input changes where memory wraps', async () => {
  assert.equal(view.rowWidth, COUNT, 'automatic: all 24 cells on one row');
  for (const width of [5, 4]) {
    await page.fill('#row-width', String(width));
    await page.press('#row-width', 'Enter');
    view = await waitForData(page, 'row-width', `(v) => v === '${width}'`);
    await page.mouse.move(0, 0);
    await screenshot(page, `cells-04-row-width-${width}`);
    // Offset o at (o % width, o / width): 17 at (2,3) for 5, (1,4) for 4.
    for (let offset = 1; offset < COUNT; offset += 1) {
      const cell = [offset % width, Math.floor(offset / width)];
      const got = await pixel(page, ...cellPoint(view, 'memory', ...cell, 0.25, 0.25));
      const [r, c] = [...Array(24).keys()].map((i) => [Math.floor(i / 6), i % 6]).find(([r, c]) => offsetOf(r, c) === offset);
      const ok = inBounds(L.dims, [r, c]) ? near(got, rampColour(offset, COUNT), 3) : hatchGrey(got, LIGHT);
      assert.ok(ok, `row width ${width}: offset ${offset} at (${cell}) holds (${r},${c}): ${got}`);
    }
    // Nothing past the last offset, 23: (24 % width, 24 / width) is empty.
    if (24 % width === 0) continue;
    const end = await pixel(page, ...cellPoint(view, 'memory', 24 % width, Math.floor(24 / width), 0.25, 0.25));
    assert.ok(near(end, LIGHT.background), `row width ${width}: nothing after offset 23: ${end}`);
  }
  await page.fill('#row-width', '');
  await page.press('#row-width', 'Enter');
  view = await waitForData(page, 'row-width', `(v) => v === '${COUNT}'`);
  assert.equal((await canvasView(page)).rowWidth, COUNT, 'empty: automatic again');
});
