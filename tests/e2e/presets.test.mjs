// The presets menu: every example loads and draws; `?preset=`; the tuple
// preset's leaf tree; the older-XLA padded_dimensions example.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  canvasSummary,
  canvasView,
  cellPoint,
  choosePreset,
  openApp,
  pixel,
  queryParam,
  sampleAt,
  screenshot,
  stopAll,
  waitForPicture,
  waitForQuery,
} from './harness.mjs';
import { LIGHT, footprint, hatchGrey, inBounds, near, rampColour, tiledOffset } from './xla.mjs';

/** Presets worth a look in the screenshots. */
const SHOTS = new Set(['tiled-3x5', 'tiled-8x8-tile-counts', 'tpu-pred', 'scalar-tiled', 'tpu-oom', 'huge-2-40']);

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
  await page.goto(app.baseUrl);
  await waitForPicture(page);
});
after(stopAll);

const text = async (selector) => (await page.textContent(selector))?.trim();

test('every preset in the menu loads and draws', async (t) => {
  const options = await page.$$eval('#preset-select option', (os) =>
    os.filter((o) => o.value).map((o) => ({ id: o.value, name: o.textContent })),
  );
  assert.ok(options.length >= 20, `${options.length} presets`);
  const times = [];
  for (const { id, name } of options) {
    const started = Date.now();
    const view = await choosePreset(page, id);
    times.push(`${id} ${Date.now() - started} ms`);
    const shape = await page.inputValue('#shape-input');
    assert.ok(shape.length > 0, `${id}: a shape in the input`);
    assert.equal(await text('#shape-error'), '', `${id} (${shape}): no error`);
    assert.ok((await text('#shape-canonical')).length > 0, `${id}: canonical text`);
    // An HLO instruction preset puts its id in the address, never the
    // instruction itself (issue 71: as its bare result shape, the link
    // lost the breakdown); every other preset its shape.
    const hlo = id.startsWith('seed-hlo-');
    if (hlo) {
      await waitForQuery(page, 'preset', id);
      assert.equal(queryParam(page, 'shape'), null, `${id}: no shape in the address`);
    } else {
      await waitForQuery(page, 'shape', shape);
    }
    assert.equal(await page.inputValue('#preset-select'), id, `${id}: the menu shows it`);
    for (const pane of ['logical', 'memory']) {
      const s = await canvasSummary(page, view[pane]);
      assert.ok(s.painted > 0.005 * s.pixels && s.distinctColours >= 2, `${id} (${name}): ${pane} pane drawn: ${JSON.stringify(s)}`);
    }
    if (SHOTS.has(id)) await screenshot(page, `presets-${id}`);
  }
  t.diagnostic(`preset -> picture: ${times.join(', ')}`);
  assert.deepEqual(app.errors, []);
});

test('?preset= loads a preset; the OOM example is 32x its data', async () => {
  await page.goto(`${app.baseUrl}?preset=tpu-oom`);
  await waitForPicture(page);
  const shape = 's32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}';
  assert.equal(await page.inputValue('#shape-input'), shape);
  await waitForQuery(page, 'shape', shape);
  assert.equal(queryParam(page, 'preset'), null, '?preset= gives way to ?shape=');
  const dims = [2048, 1, 128, 128, 4];
  const elements = dims.reduce((a, b) => a * b);
  const cells = footprint(dims, [4, 3, 2, 0, 1], [[8, 128]]);
  assert.equal(cells / elements, 32);
  assert.match(await text('[data-row=sum-expansion]'), /^32\.00x/);
  assert.equal(await text('[data-row=sum-footprint]'), `${cells.toLocaleString('en-US')} elements`);
  assert.equal(await text('[data-row=sum-elements]'), elements.toLocaleString('en-US'));
  await screenshot(page, 'presets-url-tpu-oom');
});

test('the tuple preset: the leaf tree picks the leaf to draw', async () => {
  await choosePreset(page, 'tuple');
  await page.mouse.move(0, 0);
  // The side panels, the leaf tree among them, follow the picture a frame
  // later (ui/web/later.rs): wait for the tree, then read all of it.
  await page.waitForSelector('#leaf-tree [data-leaf]');
  const leaves = await page.$$eval('#leaf-tree [data-leaf]', (bs) => bs.map((b) => b.dataset.leaf));
  assert.deepEqual(leaves, ['0', '1', '2.0', '2.1']);
  await screenshot(page, 'presets-tuple-first-leaf');
  const first = await canvasSummary(page);
  const generation = (await canvasView(page)).generation;

  await page.click('#leaf-tree [data-leaf="2.1"]');
  const view = await waitForPicture(page, { after: generation });
  await screenshot(page, 'presets-tuple-leaf-2.1');
  await waitForQuery(page, 'leaf', '2.1');
  assert.equal(await page.getAttribute('#leaf-tree li:has([data-leaf="2.1"])', 'aria-selected'), 'true');
  assert.equal(await page.getAttribute('#leaf-tree li:has([data-leaf="0"])', 'aria-selected'), 'false');
  assert.notEqual((await canvasSummary(page)).checksum, first.checksum, 'a new picture');
  // Leaf {2.1} is bf16[8,256]{1,0:T(8,128)(2,1)}: 8 rows of 256.
  assert.equal(await page.$eval('#layout-canvas', (c) => c.dataset.logicalUnfolded), '256,8');
  assert.match(await text('[data-row=sum-dims]'), /8.*256/);
  const leaf = { dims: [8, 256], m2m: [1, 0], tiles: [[8, 128], [2, 1]] };
  const count = footprint(leaf.dims, leaf.m2m, leaf.tiles);
  // A flat leaf may be drawn folded into bands of columns (data-fold,
  // docs/visualizer.md): band k's row r is world row k * (STRIP + 8) + STRIP + r.
  const fold = await page.$eval('#layout-canvas', (c) => c.dataset.fold);
  const [band, strip] = fold ? [Number(fold.split(',')[1]), Number(fold.split(',')[3])] : [256, 0];
  const pitch = strip + 8;
  for (const [r, c] of [[0, 64], [1, 200], [4, 100], [7, 255], [6, 130]]) {
    const k = Math.floor(c / band);
    const s = sampleAt(view, 'logical', c % band, k * pitch + strip + r);
    const [fx, fy] = s.cell;
    const [sc, sr] = [Math.floor(fy / pitch) * band + fx, (fy % pitch) - strip];
    const offset = tiledOffset(leaf.dims, leaf.m2m, leaf.tiles, [sr, sc]);
    const got = await pixel(page, s.x, s.y);
    assert.ok(near(got, rampColour(offset, count), 3), `(${sr},${sc}) at offset ${offset}: ${got}`);
  }

  // Back to leaf {0}, f32[2,3]: a 3 x 2 world.
  await page.click('#leaf-tree [data-leaf="0"]');
  const back = await waitForPicture(page, { after: view.generation });
  assert.deepEqual(back.logicalWorld, { w: 3, h: 2 });
  await waitForQuery(page, 'leaf', '0');
  assert.deepEqual(app.errors, []);
});

test('the older-XLA preset: 15 memory cells, padding hatched grey', async () => {
  const view = await choosePreset(page, 'seed-2x3-padded');
  await page.mouse.move(0, 0);
  await screenshot(page, 'presets-seed-2x3-padded');
  assert.equal(await page.inputValue('#shape-input'), 'f32[2,3]{0,1}');
  assert.equal(await page.$eval('#legacy', (d) => d.open), true, 'the older-XLA section is open');
  assert.equal(await page.inputValue('#padded-dims'), '3,5');
  assert.equal(await page.inputValue('#pad-value'), 'zero');
  await waitForQuery(page, 'padded', '3,5');
  // padded_dimensions [3,5] with dim 0 minor: (r, c) at 3c + r; 15 cells,
  // on one memory row.
  assert.equal(await text('[data-row=sum-footprint]'), '15 elements');
  assert.equal(view.rowWidth, 15, 'the memory row shows all 15 cells');
  assert.deepEqual(view.logicalWorld, { w: 5, h: 3 }, 'the padded region is drawn as ghost cells');
  const holder = new Map();
  for (let r = 0; r < 3; r += 1) {
    for (let c = 0; c < 5; c += 1) holder.set(tiledOffset([3, 5], [0, 1], [], [r, c]), [r, c]);
  }
  assert.deepEqual([...holder.keys()].sort((a, b) => a - b), [...Array(15).keys()]);
  // Memory holds a d 0 b e 0 c f 0 0 0 0 0 0 0 (the seed's picture).
  const elements = [...holder].filter(([, rc]) => inBounds([2, 3], rc)).map(([o]) => o);
  assert.deepEqual(elements.sort((a, b) => a - b), [0, 1, 3, 4, 6, 7]);
  for (let offset = 1; offset < 15; offset += 1) {
    const [r, c] = holder.get(offset);
    const got = await pixel(page, ...cellPoint(view, 'memory', offset, 0, 0.2, 0.2));
    const ok = inBounds([2, 3], [r, c]) ? near(got, rampColour(offset, 15), 3) : hatchGrey(got, LIGHT);
    assert.ok(ok, `memory offset ${offset} holds (${r},${c}): ${got}`);
    const ghost = await pixel(page, ...cellPoint(view, 'logical', c, r, 0.2, 0.2));
    const same = inBounds([2, 3], [r, c]) ? near(ghost, rampColour(offset, 15), 3) : hatchGrey(ghost, LIGHT);
    assert.ok(same, `logical (${r},${c}) at offset ${offset}: ${ghost}`);
  }
  // Hatched: both the fill and the hatch lines show in a padding cell.
  const [x, y] = cellPoint(view, 'memory', 12, 0, 0.1, 0.1);
  const s = view.camera.memory.scale;
  const patch = await page.$eval(
    '#layout-canvas',
    (canvas, [x, y, w]) => Array.from(canvas.getContext('2d').getImageData(Math.ceil(x), Math.ceil(y), w, w).data),
    [x, y, Math.floor(s * 0.3)],
  );
  const greys = new Set();
  for (let i = 0; i < patch.length; i += 4) greys.add(patch[i]);
  assert.ok(greys.has(LIGHT.padding[0]) && greys.has(LIGHT.hatch[0]), `fill and hatch lines in ${[...greys]}`);

  // The address is a shareable link: opening it again gives the same picture.
  await page.goto(page.url());
  await waitForPicture(page);
  assert.equal(await page.inputValue('#padded-dims'), '3,5');
  assert.equal(await page.inputValue('#pad-value'), 'zero');
  assert.equal(await text('[data-row=sum-footprint]'), '15 elements');
  assert.deepEqual(app.errors, []);
});
