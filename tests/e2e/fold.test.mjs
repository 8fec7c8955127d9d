// Flat and tall arrays' default view (issue 67): from the canvas's own
// data-logical, data-camera-logical and data-logical-world, every shape of
// the issue draws its elements at 1.5 px or more and covers a quarter of
// the logical pane or more, at 1400x900 and at 390x844; hovering a band
// points at the element its caption says is there; zooming out reaches
// the array as one line, a double click folds it again; a square array
// is not folded; embed mode and <xla-layout> fold too; the exported SVG of
// the folded default is the CLI's figure. Screenshots: target/e2e/fold-*.png.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openApp, pointAt, repoRoot, screenshot, stopAll, toScreen, waitForData, waitForPicture, waitForText } from './harness.mjs';

const SHAPES = [
  'bf16[8,4096]{1,0:T(8,128)(2,1)}',
  'f32[2,8192]{1,0:T(8,128)}',
  's8[16,16384]{1,0:T(32,128)(4,1)}',
  'f32[1024,8]{1,0:T(8,128)}',
  'bf16[8192,2]{1,0:T(8,128)(2,1)}',
  'f32[2,4,8192]{2,1,0:T(8,128)}',
];
const WINDOWS = [
  [1400, 900],
  [390, 844],
];

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

const fold = () => page.$eval('#layout-canvas', (c) => c.dataset.fold ?? '');

async function open(shape) {
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(shape)}`);
  return waitForPicture(page);
}

/** Pixels per element, and the share of the logical pane the drawn world covers. */
function measure(view) {
  const { w, h } = view.logical;
  const c = view.camera.logical;
  const covered = (from, cells, px) => Math.max(0, Math.min(cells, from + px / c.scale) - Math.max(0, from)) * c.scale;
  const share = (covered(c.x, view.logicalWorld.w, w) * covered(c.y, view.logicalWorld.h, h)) / (w * h);
  return { px: c.scale, share };
}

test('flat and tall arrays draw at 1.5 px or more over a quarter of the pane or more', async () => {
  const seen = [];
  for (const [width, height] of WINDOWS) {
    await page.setViewportSize({ width, height });
    for (const [i, shape] of SHAPES.entries()) {
      const view = await open(shape);
      const { px, share } = measure(view);
      seen.push({ window: `${width}x${height}`, shape, px: px.toFixed(2), share: share.toFixed(2), fold: await fold() });
      await screenshot(page, `fold-${width}-${i}`);
    }
  }
  console.log(seen.map((s) => JSON.stringify(s)).join('\n'));
  for (const s of seen) {
    assert.ok(Number(s.px) >= 1.5 && Number(s.share) >= 0.25, `too small: ${JSON.stringify(s)}`);
    assert.notEqual(s.fold, '', `not folded: ${JSON.stringify(s)}`);
  }
});

test('a square array is drawn as before: not folded, fitted', async () => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const view = await open('f32[64,64]{1,0}');
  assert.equal(await fold(), '');
  assert.deepEqual(view.logicalWorld, { w: 64, h: 64 });
  const { w, h } = view.logical;
  assert.equal(view.camera.logical.scale, Math.min(w / 64, h / 64, 56));
});

test('hovering a band points at its element; zooming out reaches the line; a double click folds it again', async () => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const view = await open('bf16[8,4096]{1,0:T(8,128)(2,1)}');
  const [axis, band, , strip] = (await fold()).split(',');
  assert.equal(axis, 'columns');
  // Row 3 of the second band, its fifth column: element (3, BAND + 4).
  const [x, y] = toScreen(view, 'logical', 4.5, Number(strip) * 2 + 8 + 3.5);
  await pointAt(page, x, y);
  await waitForText(page, '#cell-info h2', `Under the pointer: Element (3, ${Number(band) + 4})`);

  const { logical } = view;
  const [cx, cy] = [logical.x + logical.w / 2, logical.y + logical.h / 2];
  const box = await page.locator('#layout-canvas').boundingBox();
  await page.mouse.move(box.x + cx, box.y + cy);
  for (let i = 0; i < 30 && (await fold()) !== ''; i += 1) {
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(50);
  }
  const line = await waitForData(page, 'logical-world', "(v) => v === '4096,8'");
  assert.equal(await fold(), '');
  const c = line.camera.logical;
  assert.ok(c.x <= 1e-9 && 4096 * c.scale <= logical.w + 0.5, `the whole line in view: ${JSON.stringify(c)}`);
  await screenshot(page, 'fold-line');

  await page.dblclick('#layout-canvas', { position: { x: cx, y: cy } });
  const again = await waitForData(page, 'fold', "(v) => v !== ''");
  assert.deepEqual(again.camera.logical, view.camera.logical);
});

test('embed mode and <xla-layout> fold a flat array too', async () => {
  await page.setViewportSize({ width: 1000, height: 800 });
  const flat = 'f32[4,4096]{1,0:T(8,128)}';
  await page.goto(`${app.baseUrl}?embed=1&shape=${encodeURIComponent(flat)}`);
  await waitForPicture(page);
  assert.match(await fold(), /^columns,\d+,\d+,\d+$/, 'embed mode');
  await screenshot(page, 'fold-embed');

  await page.goto(`${app.baseUrl}docs.html`);
  await page.waitForFunction(() => Number(document.querySelector('xla-layout')?.shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0);
  await page.$eval('xla-layout', (el, shape) => el.setAttribute('shape', shape), flat);
  const seen = await page.waitForFunction(() => {
    const c = document.querySelector('xla-layout').shadowRoot.getElementById('layout-canvas');
    return c.dataset.logicalWorld !== undefined && c.dataset.fold ? c.dataset.fold : false;
  });
  assert.match(await seen.jsonValue(), /^columns,\d+,\d+,\d+$/, '<xla-layout>');
});

test('Export SVG of the folded default equals the CLI figure of the same frame', async () => {
  // The CLI's default frame for --width 1200: 1200 x round(1200 * 0.625).
  const [W, H] = [1200, 750];
  const flat = 'bf16[8,4096]{1,0:T(8,128)(2,1)}';
  await page.setViewportSize({ width: 1600, height: 1100 });
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(flat)}`);
  await page.addStyleTag({
    content: `.canvas-box { width: ${W}px !important; height: ${H}px !important; max-width: none !important; border: 0 !important; padding: 0 !important; flex: none !important; }`,
  });
  await page.waitForFunction(
    ([w, h]) => document.querySelector('.canvas-box')?.clientWidth === w && document.querySelector('.canvas-box').clientHeight === h,
    [W, H],
  );
  await waitForData(page, 'logical', `(v) => v.split(',')[2] === '${W - 56}'`);
  assert.notEqual(await fold(), '');
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
  const text = readFileSync(await file.path(), 'utf8');
  let bin = process.env.XLA_LAYOUT_BIN;
  if (bin === undefined) {
    bin = join(repoRoot, 'target/debug/xla-layout');
    const built = spawnSync('cargo', ['build', '--bin', 'xla-layout'], { cwd: repoRoot, stdio: 'inherit' });
    assert.equal(built.status, 0, 'cargo build --bin xla-layout');
  }
  const run = spawnSync(bin, ['svg', flat, '--width', String(W)], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.ok(text.includes('columns 0..'), 'the export names the bands');
  assert.equal(text, run.stdout, 'the app exports the same bytes as `xla-layout svg --width 1200`');
});
