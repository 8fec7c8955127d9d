// Shardings in the app: the field (`#sharding-input`, `?sharding=`, its
// errors), the devices panel (`#device-select`, `#device-grid`,
// `#shard-summary`), the shard drawn in place of the array, the cell
// panel's device rows, step mode's first stage and SVG export. Expected
// values: XLA's rules for the worked examples (docs/sharding.md).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  canvasView,
  choosePreset,
  collectErrors,
  openApp,
  screenshot,
  stopAll,
  typeShape,
  waitForPicture,
  waitForQuery,
  waitForText,
} from './harness.mjs';

let app;
let page;
let errors;

before(async () => {
  app = await openApp();
  page = app.page;
  errors = collectErrors(page);
  await page.goto(`${app.baseUrl}?preset=shard-small-batch&device=5`);
  await waitForPicture(page);
});
after(stopAll);

const text = async (selector) => (await page.textContent(selector))?.trim();

async function setSharding(value) {
  const before = (await canvasView(page)).generation;
  await page.fill('#sharding-input', value);
  return before;
}

test('a preset with a sharding draws one device shard and names it', async () => {
  assert.equal(await page.inputValue('#sharding-input'), '{devices=[16,1]<=[16]}');
  // 16 ways on dim 0 leave 4 of 64 rows; device 5 holds rows 20..24.
  await waitForText(page, '#shard-text', 'f32[4,4096]{1,0:T(8,128)}');
  assert.match(await text('#shard-device'), /^5 holds \[20\.\.24, 0\.\.4096\] \(16384 elements\)$/);
  assert.match(await text('#shard-device-bytes'), /^128\.0 KiB: 64\.0 KiB data, 0 B partitioner padding, 64\.0 KiB tiling padding$/);
  assert.equal(await page.locator('#device-grid .tile').count(), 16);
  assert.equal(await page.locator('#device-grid .tile.shown').count(), 1);
  assert.match(await page.locator('#device-grid .tile.shown title').textContent(), /^device 5 holds \[20\.\.24, 0\.\.4096\]$/);
  assert.equal(await page.inputValue('#device-select'), '5');
  // The memory view draws the shard: 8 x 4096 cells with the tiling padding.
  assert.equal(await page.getAttribute('#scrub', 'max'), String(8 * 4096 - 1));
  await screenshot(page, 'sharding-small-batch');
});

test('the device picker and the grid choose the shown device; the address keeps it', async () => {
  // Every device's shard has the same shape: the picture stays (the same
  // generation), what it is of changes.
  const before = (await canvasView(page)).generation;
  await page.selectOption('#device-select', '15');
  await waitForText(page, '#shard-device', '15 holds [60..64, 0..4096] (16384 elements)');
  await waitForQuery(page, 'device', '15');
  await page.locator('#device-grid .tile').nth(2).click();
  await waitForText(page, '#shard-device', '2 holds [8..12, 0..4096] (16384 elements)');
  assert.equal(await page.locator('#device-grid .tile.shown').count(), 1);
  assert.match(await page.locator('#device-grid .tile.shown title').textContent(), /^device 2 holds/);
  assert.equal((await canvasView(page)).generation, before);
});

test('JAX notation and errors in the field; the text is kept', async () => {
  let before = await setSharding("x=4,y=2 P('x', None)");
  await waitForPicture(page, { after: before });
  await waitForText(page, '#shard-text', 'f32[16,4096]{1,0:T(8,128)}');
  await waitForQuery(page, 'sharding', "x=4,y=2 P('x', None)");
  // Each tile is held by two devices (y replicates).
  assert.equal(await page.locator('#device-grid .tile').count(), 4);
  assert.match(await page.locator('#device-grid .tile').first().textContent(), /0, 1/);
  await setSharding("x=4,y=2 P('q', None)");
  await page.waitForFunction(() => document.querySelector('#sharding-error').textContent.includes('^'));
  const message = await text('#sharding-error');
  assert.match(message, /q/);
  assert.equal(await page.inputValue('#sharding-input'), "x=4,y=2 P('q', None)");
  assert.equal(await page.getAttribute('#sharding-input', 'aria-invalid'), 'true');
  // Hostile text stays text.
  await setSharding('<img src=x onerror="window.pwned=1">');
  await page.waitForFunction(() => document.querySelector('#sharding-error').textContent.includes('mesh and a spec'));
  assert.equal(await page.inputValue('#sharding-input'), '<img src=x onerror="window.pwned=1">');
  assert.equal(await page.locator('#shard-panel img, #sharding-error img').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  before = await setSharding('');
  await page.waitForFunction(() => !document.querySelector('#shard-panel'));
});

test('an uneven dim leaves the last devices empty; hover says past the end', async () => {
  await choosePreset(page, 'shard-uneven');
  await page.selectOption('#device-select', '7');
  await waitForText(page, '#shard-device', "7 holds nothing: past the array's end");
  assert.equal(await page.locator('#device-grid .tile.empty').count(), 2);
  await waitForText(page, '#fact-device', "7: past the array's end, the partitioner's padding of this shard");
  await screenshot(page, 'sharding-uneven');
});

test('a pasted instruction fills the field from its sharding=', async () => {
  await page.fill('#sharding-input', '');
  const line = '%p = f32[64,128]{1,0} parameter(0), sharding={devices=[4,1,2]<=[8] last_tile_dim_replicate}';
  await typeShape(page, line);
  await page.waitForFunction(() => document.querySelector('#sharding-input').value.length > 0);
  assert.equal(await page.inputValue('#sharding-input'), '{devices=[4,1,2]<=[8] last_tile_dim_replicate}');
  await waitForText(page, '#shard-text', 'f32[16,128]{1,0}');
});

test('step mode starts with the cut into shards', async () => {
  await choosePreset(page, 'shard-small-batch');
  await page.click('#step-next');
  await page.waitForFunction(() => document.querySelector('#step-label').textContent.includes('the cut into shards'));
  assert.match(await text('#step-label'), /^1\/\d+: the cut into shards$/);
  assert.match(await text('#step-cut'), /f32\[64,4096\]\{1,0:T\(8,128\)\} is cut \(16 x 1\).*f32\[4,4096\]/);
  await page.click('#step-next');
  await page.waitForFunction(() => !document.querySelector('#step-cut'));
  assert.match(await text('#step-label'), /^2\//);
  await page.click('#step-off');
});

test('SVG export draws the device grid under the shard', async () => {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
  const svg = (await import('node:fs')).readFileSync(await file.path(), 'utf8');
  assert.match(svg, /<g class="device-grid"/);
  assert.equal((svg.match(/<g><title>device /g) ?? []).length, 16);
  assert.match(svg, /f32\[4,4096\]\{1,0:T\(8,128\)\}: device 0(&apos;|')s shard of f32\[64,4096\]/);
  assert.deepEqual(errors.filter((e) => !/passive event listener/.test(e)), []);
});

test('a grid of 4,096 devices draws the tiles in view; scrolled to its end, its last tile picks its device', async () => {
  const shape = 'bf16[64,32,16,8,128,4,8,256]{7,6,5,4,3,2,1,0:T(8,128)(2,1)}';
  await typeShape(page, shape);
  await setSharding('{devices=[4,4,4,4,4,2,2,1]<=[4096]}');
  await waitForText(page, '#shard-text', 'bf16[16,8,4,2,32,2,4,256]{7,6,5,4,3,2,1,0:T(8,128)(2,1)}');
  // 256 tiles (the grid's cap) in 128 bands; only those in view are nodes.
  assert.equal(await page.getAttribute('#device-grid', 'data-tiles'), '256');
  const drawn = await page.locator('#device-grid .tile').count();
  assert.ok(drawn > 0 && drawn <= 40, `${drawn} tiles drawn`);
  // The box scrolls and is a tab stop; scrolled to the end, the last tile
  // is drawn: device 255 (the tiles come in device order, one device each),
  // at tile (0, 0, 3, 3, 3, 1, 1, 0) of the 4 x 4 x 4 x 4 x 4 x 2 x 2 x 1 cut.
  assert.equal(await page.getAttribute('.device-grid-box', 'tabindex'), '0');
  await page.focus('.device-grid-box');
  await page.keyboard.press('End');
  await page.waitForFunction(() => [...document.querySelectorAll('#device-grid .tile title')].some((t) => t.textContent.startsWith('device 255 ')));
  // (A click event: the box may still be scrolling smoothly.)
  await page.locator('#device-grid .tile', { hasText: '255' }).last().dispatchEvent('click');
  await waitForText(page, '#shard-device', '255 holds [0..16, 0..8, 12..16, 6..8, 96..128, 2..4, 4..8, 0..256] (67108864 elements)');
  await setSharding('');
});
