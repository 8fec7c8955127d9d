// Issue 8, "Compare two layouts": both layouts drawn, hover linked. The
// expected places come from XLA's "Shapes and layout" page: the [2x3]
// array holds a b c d e f in {1,0} and a d b e c f in {0,1}, so element
// (1,0) = d sits at offset 3 in the first layout and at offset 1 in the
// second; (0,1) = b at 1 and 2.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { canvasView, cellPoint, frames, pixels, pointAt, screenshot, stopAll, openApp, waitForPicture, waitForText } from './harness.mjs';

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

const open = async (shape, compare) => {
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(shape)}&compare=${encodeURIComponent(compare)}`);
  await page.waitForSelector('#compare-canvas');
  return waitForPicture(page);
};

/** The compare canvas: its data, and the CSS point of second-layout offset `b`. */
async function compareView() {
  return page.$eval('#compare-canvas', (c) => {
    const cols = Number(c.dataset.cols);
    const r = c.getBoundingClientRect();
    // The app draws at twice its picture's CSS size (data-width/height).
    const [w, h] = [Number(c.dataset.width), Number(c.dataset.height)];
    return { cols, stride: Number(c.dataset.stride), lit: c.dataset.lit, scale: r.width / w, w, h, backing: c.width / w };
  });
}

function offsetPoint(view, cells, b) {
  const rows = Math.ceil(cells / view.cols);
  const size = Math.min(view.w / view.cols, view.h / rows);
  const k = Math.floor(b / view.stride);
  return [((k % view.cols) + 0.5) * size * view.scale, (Math.floor(k / view.cols) + 0.5) * size * view.scale];
}

/** A point 2.5 picture px inside the left edge of second-layout offset
 * `b`'s cell (in the lit outline), its row's middle, in CSS px. */
function edgePoint(view, cells, b) {
  const rows = Math.ceil(cells / view.cols);
  const size = Math.min(view.w / view.cols, view.h / rows);
  const k = Math.floor(b / view.stride);
  return [((k % view.cols) * size + 2.5) * view.scale, (Math.floor(k / view.cols) + 0.5) * size * view.scale];
}

async function comparePixel(x, y) {
  return page.$eval(
    '#compare-canvas',
    (c, [x, y]) => {
      const k = c.width / Number(c.dataset.width);
      return [...c.getContext('2d').getImageData(Math.floor(x * k), Math.floor(y * k), 1, 1).data];
    },
    [x, y],
  );
}

const LIT = [0xff, 0x2d, 0x95];
const isLit = (p) => Math.abs(p[0] - LIT[0]) + Math.abs(p[1] - LIT[1]) + Math.abs(p[2] - LIT[2]) < 12;
const cellPixels = async (view, pane, wx, wy) => {
  const [x, y] = cellPoint(view, pane, wx, wy, 0, 0);
  const s = view.camera[pane].scale;
  return JSON.stringify(await pixels(page, x, y, s, s));
};

test('hovering the second view lights the same element in both memory views and the logical view', async () => {
  const view = await open('f32[2,3]{1,0}', 'f32[2,3]{0,1}');
  await waitForText(page, '#compare-verdict', 'a copy: moves 4 of 6 elements (footprints 24 B and 24 B)');
  const cv = await compareView();
  assert.equal(cv.stride, 1);
  const w = view.rowWidth;
  // Before: nothing lit; the main canvas's cells of d (logical (1,0), memory offset 3).
  const beforeLogical = await cellPixels(view, 'logical', 0, 1);
  const beforeMemory = await cellPixels(view, 'memory', 3 % w, Math.floor(3 / w));
  const control = await cellPixels(view, 'memory', 5 % w, Math.floor(5 / w));
  // Point at offset 1 of the second layout: d.
  const [x, y] = offsetPoint(cv, 6, 1);
  await page.locator('#compare-canvas').scrollIntoViewIfNeeded();
  const box = await page.locator('#compare-canvas').boundingBox();
  await page.mouse.move(box.x + x, box.y + y);
  await waitForText(page, '#cell-info h2', 'Under the pointer: Element (1, 0)');
  await page.waitForFunction(() => document.querySelector('#compare-canvas').dataset.lit === '1');
  await frames(page, 3);
  const [ex, ey] = edgePoint(cv, 6, 1);
  const own = await comparePixel(ex / cv.scale, ey / cv.scale);
  assert.ok(isLit(own), `the pointed cell is lit: ${own}`);
  // In the memory view's rows (one of six here, not 4 + 2), lettered as
  // the page's row: a d b e c f.
  assert.equal(cv.cols, w, 'the memory view\'s row width');
  assert.notEqual(await cellPixels(view, 'logical', 0, 1), beforeLogical, 'd is lit in the logical view');
  assert.notEqual(await cellPixels(view, 'memory', 3 % w, Math.floor(3 / w)), beforeMemory, 'd is lit at offset 3 of the first memory');
  assert.equal(await cellPixels(view, 'memory', 5 % w, Math.floor(5 / w)), control, 'f is not lit');
  await screenshot(page, 'compare-01-hover-second');

  // The other way: point at b in the first memory view (offset 1): lit at offset 2 of the second.
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.querySelector('#compare-canvas').dataset.lit === '');
  await page.locator('#layout-canvas').scrollIntoViewIfNeeded();
  await pointAt(page, ...cellPoint(view, 'memory', 1 % w, Math.floor(1 / w)));
  await waitForText(page, '#cell-info h2', 'Under the pointer: Element (0, 1)');
  await page.waitForFunction(() => document.querySelector('#compare-canvas').dataset.lit === '2');
  await frames(page, 3);
  const [x2, y2] = edgePoint(cv, 6, 2);
  assert.ok(isLit(await comparePixel(x2 / cv.scale, y2 / cv.scale)), 'b is lit at offset 2 of the second memory');
  const [x3, y3] = edgePoint(cv, 6, 3);
  assert.ok(!isLit(await comparePixel(x3 / cv.scale, y3 / cv.scale)), 'e is not lit');
  await screenshot(page, 'compare-02-hover-first');
});

test('a tiled pair with padding, and small screens stack the views', async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  const view = await open('f32[3,5]{1,0:T(2,2)}', 'f32[3,5]{0,1:T(2,2)}');
  const cv = await compareView();
  const canvasBox = await page.locator('#layout-canvas').boundingBox();
  const compareBox = await page.locator('#compare-canvas').boundingBox();
  assert.ok(compareBox.width <= 360, `fits the screen: ${compareBox.width}`);
  assert.ok(compareBox.y >= canvasBox.y + canvasBox.height - 1, 'stacked under the first view');
  // Element (2,3) is at 17 in {1,0:T(2,2)} (tiled_layout.md); hover it in the first memory view.
  const w = view.rowWidth;
  await page.locator('#layout-canvas').scrollIntoViewIfNeeded();
  await pointAt(page, ...cellPoint(view, 'memory', 17 % w, Math.floor(17 / w)));
  await waitForText(page, '#cell-info h2', 'Under the pointer: Element (2, 3)');
  await page.waitForFunction(() => document.querySelector('#compare-canvas').dataset.lit !== '');
  const lit = Number(await page.$eval('#compare-canvas', (c) => c.dataset.lit));
  // {0,1:T(2,2)}: physical [5,3] padded to [6,4], tiles of 2x2 row-major;
  // (2,3) is physical (3,2): tile (1,1) of 2 tiles per row -> tile 3, within (1,0) -> 3*4 + 2 = 14.
  assert.equal(lit, 14);
  await frames(page, 3);
  const [x, y] = edgePoint(cv, 24, lit);
  assert.ok(isLit(await comparePixel(x / cv.scale, y / cv.scale)));
  await screenshot(page, 'compare-03-small-screen');
  await page.setViewportSize({ width: 1280, height: 900 });
});

// A size-1 dim moving among the others changes no element's place (the
// linear order only counts dims of size > 1): a bitcast. Element counts
// that differ are an error that says so, pointing at the dim.
test('a bitcast verdict, and differing dims are an error', async () => {
  await open('f32[2,1,3]{2,1,0}', 'f32[2,1,3]{2,0,1}');
  await waitForText(page, '#compare-verdict', 'a bitcast: the same bytes in the same order, no data moves (footprints 24 B and 24 B)');
  await page.fill('#compare-input', 'f32[2,1,4]{2,1,0}');
  await page.waitForFunction(() => document.querySelector('#compare-error').textContent.includes('dim 2 has size 3'));
  assert.match(await page.textContent('#compare-error'), /elements: 6 against 8/);
  await page.fill('#compare-input', 'f32[6]{0}');
  await page.waitForFunction(() => document.querySelector('#compare-error').textContent.includes('the dims differ'));
});
