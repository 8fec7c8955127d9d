// Zoom, pan and fit on the 167M-element preset (responsiveness measured in
// the page; the strict targets are the bench script's), and the themes.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  canvasView,
  cellPoint,
  choosePreset,
  frames,
  median,
  openApp,
  pixel,
  pointAt,
  screenshot,
  stopAll,
  toScreen,
  toWorld,
  waitForData,
  waitForPicture,
  waitForText,
} from './harness.mjs';
import { DARK, LIGHT, footprint, hatchGrey, near, rampColour, tiledOffset } from './xla.mjs';

const BIG = { dims: [8, 1, 1280, 16384], m2m: [3, 2, 0, 1], tiles: [[8, 128], [2, 1]] };

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
  await page.goto(`${app.baseUrl}?preset=seed-add-936`);
  await waitForPicture(page);
});
after(stopAll);

/**
 * Dispatches wheel events near canvas point (x, y) one after another; for
 * each, the milliseconds until the canvas published the new camera and
 * until the next animation frame after that. Mouse events carry whole
 * client pixels: `point` is where on the canvas the events really were.
 */
async function wheelSeries(x, y, deltaY, count, pane = 'logical') {
  return page.$eval(
    '#layout-canvas',
    async (canvas, [x, y, deltaY, count, pane]) => {
      const key = pane === 'logical' ? 'cameraLogical' : 'cameraMemory';
      const box = canvas.getBoundingClientRect();
      const [clientX, clientY] = [Math.round(box.left + x), Math.round(box.top + y)];
      const changed = (before) =>
        new Promise((done, fail) => {
          if (canvas.dataset[key] !== before) return done();
          const timer = setTimeout(() => fail(new Error(`the ${pane} camera stayed at ${before}`)), 5000);
          const observer = new MutationObserver(() => {
            if (canvas.dataset[key] !== before) {
              observer.disconnect();
              clearTimeout(timer);
              done();
            }
          });
          observer.observe(canvas, { attributes: true });
        });
      const out = [];
      for (let i = 0; i < count; i += 1) {
        const before = canvas.dataset[key];
        const t0 = performance.now();
        canvas.dispatchEvent(
          new WheelEvent('wheel', { clientX, clientY, deltaY, bubbles: true, cancelable: true }),
        );
        await changed(before);
        const painted = performance.now() - t0;
        const frame = await new Promise((done) => requestAnimationFrame(() => done(performance.now() - t0)));
        out.push({ painted, frame, scale: Number(canvas.dataset[key].split(',')[2]) });
      }
      return { point: [clientX - box.left, clientY - box.top], steps: out };
    },
    [x, y, deltaY, count, pane],
  );
}

test('wheel zoom on the 167M-element preset stays responsive and ends on single cells', async (t) => {
  const fitted = await canvasView(page);
  assert.equal(await page.inputValue('#shape-input'), 'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}');
  assert.ok(fitted.block.logical > 1, `zoomed out, a sample is a block of ${fitted.block.logical} cells`);
  // Zoom at the middle of slice p = 4 (slices are 1280 rows, stacked).
  const pitch = (fitted.logicalWorld.h - 1280) / 7;
  const aim = toScreen(fitted, 'logical', 8192.5, 4 * pitch + 640.5);
  const { point, steps: series } = await wheelSeries(...aim, -250, 20);
  const [x, y] = point;
  const [wx0, wy0] = toWorld(fitted, 'logical', x, y);
  const painted = series.map((s) => s.painted);
  const frame = series.map((s) => s.frame);
  const fmt = (v) => v.map((n) => n.toFixed(1)).join(' ');
  t.diagnostic(`wheel -> painted ms: ${fmt(painted)} (median ${median(painted).toFixed(1)})`);
  t.diagnostic(`wheel -> next frame ms: ${fmt(frame)} (median ${median(frame).toFixed(1)}, max ${Math.max(...frame).toFixed(1)})`);
  const scales = [fitted.camera.logical.scale, ...series.map((s) => s.scale)];
  t.diagnostic(`scale ${scales[0].toFixed(4)} -> ${scales.at(-1).toFixed(2)} px per cell`);
  assert.ok(scales.every((s, i) => i === 0 || s > scales[i - 1]), `every wheel step zooms in: ${fmt(scales)}`);
  assert.ok(median(frame) < 100, `median wheel -> frame ${median(frame)} ms`);

  const view = await waitForData(page, 'block-logical', "(v) => v === '1'");
  assert.ok(view.camera.logical.scale >= 3, 'a cell is at least 3 px');
  await frames(page, 2); // the legend follows the canvas a render later
  await screenshot(page, 'view-01-zoomed-in');
  // The point zoomed at stays put, in the middle of slice 4.
  const [wx, wy] = toWorld(view, 'logical', x, y);
  assert.ok(Math.abs(wx - wx0) < 1e-3 && Math.abs(wy - wy0) < 1e-3, `zoom kept (${wx0}, ${wy0}): (${wx}, ${wy})`);
  assert.equal(Math.floor(wy / pitch), 4);
  // Single cells: hover two neighbours; each reports its own index and
  // offset, and is drawn in the colour of that offset.
  const count = footprint(BIG.dims, BIG.m2m, BIG.tiles);
  for (const [cx, cy] of [[Math.floor(wx), Math.floor(wy)], [Math.floor(wx) + 1, Math.floor(wy) + 1]]) {
    const index = [Math.floor(cy / pitch), 0, cy % pitch, cx];
    const offset = tiledOffset(BIG.dims, BIG.m2m, BIG.tiles, index);
    await pointAt(page, ...cellPoint(view, 'logical', cx, cy, 0.5, 0.8));
    await waitForText(page, '#cell-headline', `Element (${index.join(', ')})`);
    assert.equal(await page.textContent('#fact-memory-offset'), String(offset));
    const got = await pixel(page, ...cellPoint(view, 'logical', cx, cy, 0.15, 0.15));
    assert.ok(near(got, rampColour(offset, count), 3), `cell (${index}) at offset ${offset}: ${got}`);
  }
});

test('drag pans, Fit and double-click fit again', async () => {
  const zoomed = await canvasView(page);
  const [x, y] = [zoomed.logical.x + zoomed.logical.w / 2, zoomed.logical.y + zoomed.logical.h / 2];
  const box = await page.locator('#layout-canvas').boundingBox();
  await page.mouse.move(box.x + x, box.y + y);
  await page.mouse.down();
  for (let i = 1; i <= 5; i += 1) await page.mouse.move(box.x + x - 20 * i, box.y + y - 10 * i);
  await page.mouse.up();
  const panned = await waitForData(page, 'camera-logical', `(v) => v !== '${Object.values(zoomed.camera.logical).join(',')}'`);
  const cells = (px) => px / zoomed.camera.logical.scale;
  assert.ok(Math.abs(panned.camera.logical.x - zoomed.camera.logical.x - cells(100)) < 0.01, 'dragged 100 px left');
  assert.ok(Math.abs(panned.camera.logical.y - zoomed.camera.logical.y - cells(50)) < 0.01, 'dragged 50 px up');
  assert.equal(panned.camera.logical.scale, zoomed.camera.logical.scale);
  await screenshot(page, 'view-02-panned');

  await page.click('#fit');
  const fitted = await waitForData(page, 'block-logical', "(v) => v !== '1'");
  const [w, h] = [fitted.logicalWorld.w, fitted.logicalWorld.h];
  const shown = fitted.camera.logical;
  // Fitted: the whole world in the pane, touching two of its sides.
  const fits = (size, px) => size * shown.scale <= px + 0.5;
  assert.ok(fits(w, fitted.logical.w) && fits(h, fitted.logical.h), `fit shows all: ${JSON.stringify(shown)}`);
  assert.ok(Math.abs(Math.min(fitted.logical.w / w, fitted.logical.h / h) - shown.scale) < 1e-9);

  // Zoom into the memory pane, then double-click there: that pane fits.
  const memoryFit = fitted.camera.memory.scale;
  const [mx, my] = [fitted.memory.x + fitted.memory.w / 2, fitted.memory.y + fitted.memory.h / 2];
  await wheelSeries(mx, my, -400, 3, 'memory');
  assert.ok((await canvasView(page)).camera.memory.scale > memoryFit * 5);
  await page.dblclick('#layout-canvas', { position: { x: mx, y: my } });
  const back = await waitForData(page, 'camera-memory', `(v) => Number(v.split(',')[2]) === ${memoryFit}`);
  assert.equal(back.camera.memory.scale, memoryFit);
});

test('the canvas resizes with the window and stays sharp (backing store = CSS size x devicePixelRatio)', async () => {
  const seen = [];
  for (const [width, height] of [[1400, 1000], [1100, 900]]) {
    const before = (await canvasView(page)).logical;
    await page.setViewportSize({ width, height });
    await waitForData(page, 'logical', `(v) => v !== '${Object.values(before).join(',')}'`);
    const sizes = await page.$$eval('#layout-canvas, #layout-overlay', (cs) =>
      cs.map((c) => ({ id: c.id, backing: [c.width, c.height], css: [c.clientWidth, c.clientHeight], dpr: devicePixelRatio })),
    );
    for (const { id, backing, css, dpr } of sizes) seen.push({ window: `${width}x${height}`, id, backing, wanted: css.map((v) => Math.round(v * dpr)) });
  }
  assert.deepEqual(
    seen.map((s) => s.backing),
    seen.map((s) => s.wanted),
    `backing store vs CSS size: ${JSON.stringify(seen)}. The frame is measured from .canvas-box's ` +
      'getBoundingClientRect, which includes its 1px borders, so the picture is squeezed into a smaller canvas and resampled (blurred)',
  );
});

test('themes: dark draws on a dark background, light on white, system follows the browser', async () => {
  await page.mouse.move(0, 0);
  const view = await choosePreset(page, 'tiled-3x5');
  const corner = async () => pixel(page, view.memory.x + view.memory.w - 3, 3);
  const ghost = async () => pixel(page, ...cellPoint(view, 'logical', 5, 0, 0.25, 0.25));
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  assert.ok(near(await corner(), LIGHT.background), 'light background');

  await page.selectOption('#theme-select', 'dark');
  await page.waitForSelector('html[data-theme=dark]');
  await page.waitForFunction(
    ([x, y]) => document.getElementById('layout-canvas').getContext('2d').getImageData(x, y, 1, 1).data[0] < 100,
    [Math.floor(view.memory.x + view.memory.w - 3), 3],
  );
  await screenshot(page, 'view-03-dark');
  assert.ok(near(await corner(), DARK.background), `dark background: ${await corner()}`);
  assert.ok(hatchGrey(await ghost(), DARK), `ghost cell in dark greys: ${await ghost()}`);
  const e = await pixel(page, ...cellPoint(view, 'logical', 4, 0, 0.25, 0.25));
  assert.ok(near(e, rampColour(tiledOffset([3, 5], [1, 0], [[2, 2]], [0, 4]), 24), 3), `cells keep their colours: ${e}`);
  const bodyBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = bodyBackground.match(/\d+/g).map(Number);
  assert.ok(r + g + b < 200, `the page is dark too: ${bodyBackground}`);

  await page.selectOption('#theme-select', 'light');
  await page.waitForSelector('html[data-theme=light]');
  await page.waitForFunction(
    ([x, y]) => document.getElementById('layout-canvas').getContext('2d').getImageData(x, y, 1, 1).data[0] === 255,
    [Math.floor(view.memory.x + view.memory.w - 3), 3],
  );
  assert.ok(hatchGrey(await ghost(), LIGHT));

  await page.selectOption('#theme-select', 'system');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForSelector('html[data-theme=dark]');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForSelector('html[data-theme=light]');
  assert.deepEqual(app.errors, []);
});
