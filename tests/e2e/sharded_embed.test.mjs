// Shardings outside the app (issue 27): `?embed=1&sharding=..` and
// `<xla-layout sharding=..>` draw one device's shard under a strip with the
// device grid, from the sharded embed module (src/bin/
// xla-layout-embed-sharded.rs), which only they download; the app's "Copy
// embed code" carries the sharding and the shown device. The expected
// figures are the worked example, by hand: f32[64,4096] cut 16 ways
// on dim 0 leaves 4 rows per device (device 5: rows 20..24), T(8,128) pads
// them to 8: 8 x 4096 x 4 B = 128 KiB in memory for 64 KiB of data.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AXE_SOURCE, AXE_TAGS, runAxe } from './axe.mjs';
import { modulesLoaded, openApp, screenshot, stopAll, waitForPicture, waitForText } from './harness.mjs';

const SHAPE = 'f32[64,4096]{1,0:T(8,128)}';
const SHARDING = '{devices=[16,1]<=[16]}';
const LINE5 = `device 5 holds [20..24, 0..4096] of f32[64,4096]{1,0:T(8,128)}: f32[4,4096]{1,0:T(8,128)}, 128.0 KiB in memory (64.0 KiB data)`;
const enc = encodeURIComponent;

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

test('?embed=1&sharding= loads the sharded module only and draws device 5\'s shard, keyboard and axe included', async () => {
  const loaded = await modulesLoaded(page, async () => {
    await page.goto(`${app.baseUrl}?embed=1&controls=compact&shape=${enc(SHAPE)}&sharding=${enc(SHARDING)}&device=5`);
    await waitForPicture(page);
  });
  assert.deepEqual(loaded, ['xla-layout-embed-sharded.js', 'xla-layout-embed-sharded_bg.wasm']);
  assert.equal(await page.textContent('#shard-line'), LINE5);
  // The grid: 16 tiles, device 5's outlined.
  const grid = await page.$$eval('#device-grid .tile', (tiles) =>
    tiles.map((t) => [t.querySelector('text').textContent, t.classList.contains('shown')]));
  assert.equal(grid.length, 16);
  assert.deepEqual(grid.filter(([, shown]) => shown), [['5', true]]);
  // The picture is the shard: 4 rows of 4096, T(8,128) padding them to 8.
  const world = await page.$eval('#layout-canvas', (c) => c.dataset.logicalUnfolded);
  assert.equal(world, '4096,8');
  // The picker from the keyboard: device 9 holds rows 36..40.
  await page.focus('#device-select');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowDown');
  await waitForText(page, '#shard-line', LINE5.replace('device 5', 'device 9').replace('20..24', '36..40'));
  await page.addScriptTag({ content: AXE_SOURCE });
  assert.deepEqual(await page.evaluate(runAxe, AXE_TAGS), []);
  await screenshot(page, 'embed-sharded');
  assert.deepEqual(app.errors, []);
});

test('a broken or hostile sharding in embed mode is an error as text, the picture stays', async () => {
  const hostile = '<img src=x onerror="window.__owned=1">';
  await page.goto(`${app.baseUrl}?embed=1&shape=${enc(SHAPE)}&sharding=${enc(hostile)}`);
  await waitForPicture(page);
  const error = await page.textContent('#sharding-error');
  assert.match(error, /write XLA's sharding/);
  assert.equal(await page.$('img'), null);
  assert.equal(await page.evaluate(() => window.__owned), undefined);
  assert.equal(await page.$('#shard-line'), null);
});

test('<xla-layout sharding device>: the sharded module for that element, and back to the embed module without it', async () => {
  await page.goto(`${app.baseUrl}docs.html`);
  await page.waitForFunction(() => Number(document.querySelector('xla-layout')?.shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0);
  const loaded = await modulesLoaded(page, async () => {
    await page.evaluate(([shape, sharding]) => {
      const el = Object.assign(document.createElement('xla-layout'), { id: 'sharded-el' });
      el.setAttribute('shape', shape);
      el.setAttribute('sharding', sharding);
      el.setAttribute('device', '5');
      el.setAttribute('controls', 'compact');
      document.querySelector('main, body').prepend(el);
    }, [SHAPE, SHARDING]);
    await page.waitForFunction(() => document.getElementById('sharded-el').shadowRoot?.getElementById('shard-line'));
  });
  assert.deepEqual(loaded, ['xla-layout-embed-sharded.js', 'xla-layout-embed-sharded_bg.wasm']);
  const inside = (sel) => page.evaluate((s) => document.getElementById('sharded-el').shadowRoot.querySelector(s)?.textContent ?? null, sel);
  assert.equal(await inside('#shard-line'), LINE5);
  // The other elements on the page still draw from the embed module: one
  // page, two modules, each element with the one it needs.
  const world = () => page.evaluate(() => document.getElementById('sharded-el').shadowRoot.getElementById('layout-canvas')?.dataset.logicalUnfolded);
  assert.equal(await world(), '4096,8');
  await screenshot(page, 'element-sharded', { fullPage: false });
  // Without the sharding it is the global array again, drawn by the embed
  // module (already loaded: nothing more is fetched).
  const again = await modulesLoaded(page, async () => {
    await page.evaluate(() => document.getElementById('sharded-el').removeAttribute('sharding'));
    await page.waitForFunction(() => {
      const root = document.getElementById('sharded-el').shadowRoot;
      return !root.getElementById('shard-line') && root.getElementById('layout-canvas')?.dataset.logicalUnfolded === '4096,64';
    });
  });
  assert.deepEqual(again, []);
  // And a new sharding on the same element draws again from the sharded module.
  await page.evaluate(() => document.getElementById('sharded-el').setAttribute('sharding', "x=4 P('x')"));
  await page.waitForFunction(() => document.getElementById('sharded-el').shadowRoot.getElementById('layout-canvas')?.dataset.logicalUnfolded === '4096,16');
  assert.deepEqual(app.errors, []);
});

test('Copy embed code from a sharded picture carries the sharding and the device', async () => {
  await page.goto(`${app.baseUrl}?shape=${enc(SHAPE)}&sharding=${enc(SHARDING)}&device=5`);
  await waitForPicture(page);
  await page.click('#copy-embed');
  const snippet = await page.inputValue('#embed-code');
  const src = /src="([^"]+)"/.exec(snippet)[1].replaceAll('&amp;', '&');
  assert.ok(src.includes(`&sharding=${enc(SHARDING)}&device=5&`), src);
  assert.match(snippet, /title="XLA layout of f32\[64,4096\]\{1,0:T\(8,128\)\}, device 5&apos;s shard under \{devices=\[16,1\]&lt;=\[16\]\}"/);
  await page.goto(src);
  await waitForPicture(page);
  assert.equal(await page.textContent('#shard-line'), LINE5);
  assert.deepEqual(app.errors, []);
});
