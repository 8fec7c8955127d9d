// Issue 71: the stage view zooms in where its cells are too small to see.
// bf16[16,256]{1,0:T(8,128)(2,1)} drew 2.5 px cells on the stage picture,
// so the (2,1) pairs (rows 2i and 2i+1 of a column at adjacent offsets:
// XLA's tiled_layout.md) could not be seen. Zoomed, the picture shows its
// top-left 16 x 32 cells at 20 px and outlines each pair in the second
// level's colour; read off #step-canvas: in the logical stage a pair
// stands (the line is under its second row, not between its two), in
// linear memory it lies. "Whole stage" shows all again. axe finds nothing,
// light and dark, in presentation mode. A cell clicked in the stages is
// pinned in the main picture. The zoomed window pans, with its buttons
// and with Shift+arrows, a window at a time; the cells it then shows
// still name their own elements.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AXE_SOURCE, AXE_TAGS, runAxe } from './axe.mjs';
import { openApp, screenshotDir, stopAll, typeShape, waitForPicture, waitForText } from './harness.mjs';

const SHAPE = 'bf16[16,256]{1,0:T(8,128)(2,1)}';
// The second tiling level's outline colour (render/world/colour.rs,
// Theme::levels[1], light theme), and the background.
const LEVEL1 = [214, 39, 140];
const WHITE = [255, 255, 255];

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

const near = (a, b, tol = 40) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

const pixelAt = (x, y) =>
  page.$eval(
    '#step-canvas',
    (c, [x, y]) => {
      const k = c.width / Number(c.dataset.width);
      return [...c.getContext('2d').getImageData(Math.floor(x * k), Math.floor(y * k), 1, 1).data].slice(0, 3);
    },
    [x, y],
  );

const waitStage = (k) =>
  page.waitForFunction((k) => document.querySelector('#step-label').textContent.startsWith(`${k}/`), k);

const cell = () => page.$eval('#step-canvas', (c) => Number(c.dataset.cell));

async function shoot(name) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.locator('#step-mode').screenshot({ path: join(screenshotDir, `${name}.png`) });
}

test('a bf16 (2,1) tiling: the stages zoom in until its pairs show, and "Whole stage" shows all', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(SHAPE)}`);
  await waitForPicture(page);
  await page.click('#step-next');
  await waitStage(1);
  const size = await cell();
  assert.ok(size >= 16, `zoomed cells are ${size} px`);
  assert.match(await page.textContent('#step-note'), /^Zoomed in: rows 0 to 15 and columns 0 to 31 of 16 x 256 cells/);
  // Column 0: rows 0 and 1 are a pair (only the cells' 1 px gap between
  // them), rows 1 and 2 are not (the pair's outline under row 1).
  const mid = size / 2;
  assert.ok(near(await pixelAt(mid, size - 0.5), WHITE, 10), 'no outline inside a pair');
  const under = await pixelAt(mid, 2 * size - 1.5);
  assert.ok(near(under, LEVEL1), `the pair's outline under row 1: ${under}`);
  await shoot('stage-zoom-logical');
  // The last stage, linear memory: offsets 0 and 1 side by side are a pair.
  const count = Number((await page.textContent('#step-label')).match(/\/(\d+)/)[1]);
  for (let k = 2; k <= count; k++) {
    await page.keyboard.press(']');
    await waitStage(k);
  }
  assert.match(await page.textContent('#step-label'), /linear memory$/);
  assert.match(await page.textContent('#step-note'), /^Zoomed in: offsets 0 to 511 of 4096, 32 a row/);
  const s = await cell();
  assert.ok(near(await pixelAt(s - 0.5, s / 2), WHITE, 10), 'no outline between offsets 0 and 1');
  const right = await pixelAt(2 * s - 1.5, s / 2);
  assert.ok(near(right, LEVEL1), `the pair's outline right of offset 1: ${right}`);
  await shoot('stage-zoom-linear');
  // The whole stage again: small cells, no note; and back.
  await page.click('#step-zoom');
  await page.waitForFunction(() => Number(document.querySelector('#step-canvas').dataset.cell) < 8);
  assert.equal(await page.$('#step-note'), null);
  assert.equal(await page.getAttribute('#step-zoom', 'aria-pressed'), 'true');
  await page.click('#step-zoom');
  await page.waitForFunction(() => Number(document.querySelector('#step-canvas').dataset.cell) >= 16);
  await page.emulateMedia({ reducedMotion: null });
});

test('a cell clicked in the stages is pinned in the picture, and again unpinned', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent('f32[2,3]{0,1}')}`);
  await waitForPicture(page);
  await page.click('#step-next');
  await waitStage(1);
  // The logical stage of the page's 2x3 array: (1,2), element f, is the
  // third cell of the second row.
  const size = await cell();
  await page.locator('#step-canvas').scrollIntoViewIfNeeded();
  const box = await page.locator('#step-canvas').boundingBox();
  const k = box.width / Number(await page.$eval('#step-canvas', (c) => c.dataset.width));
  await page.mouse.click(box.x + 2.5 * size * k, box.y + 1.5 * size * k);
  await page.waitForFunction(() => document.querySelector('#cell-info h2')?.textContent.trim() === 'Pinned cell: Element (1, 2)');
  assert.equal(await page.$eval('#layout-canvas', (c) => c.dataset.pinned), '5', 'f is at offset 5 of a d b e c f');
  await page.mouse.click(box.x + 2.5 * size * k, box.y + 1.5 * size * k);
  await page.waitForFunction(() => document.querySelector('#layout-canvas').dataset.pinned === '');
  await page.emulateMedia({ reducedMotion: null });
});

const win = () => page.$eval('#step-canvas', (c) => c.dataset.window);
const waitWindow = (w) =>
  page.waitForFunction((w) => document.querySelector('#step-canvas').dataset.window === w, w);
const disabled = (id) => page.$eval(id, (b) => b.disabled);

// Clicks (pin) or points at (hover) cell (row, col) of the zoomed window.
async function atCell(row, col, click) {
  const size = await cell();
  await page.locator('#step-canvas').scrollIntoViewIfNeeded();
  const box = await page.locator('#step-canvas').boundingBox();
  const k = box.width / Number(await page.$eval('#step-canvas', (c) => c.dataset.width));
  const [x, y] = [box.x + (col + 0.5) * size * k, box.y + (row + 0.5) * size * k];
  await (click ? page.mouse.click(x, y) : page.mouse.move(x, y));
}

test('the zoomed stage pans a window at a time, by button and Shift+arrows, and its cells name their elements', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(SHAPE)}`);
  await waitForPicture(page);
  await page.keyboard.press(']');
  await waitStage(1);
  // The logical stage, 16 x 256: a 16 x 32 window, panned along columns only.
  assert.equal(await win(), '0,0,16,32');
  assert.equal(await page.$('#step-pan-up'), null, 'all 16 rows are shown');
  assert.equal(await disabled('#step-pan-left'), true);
  assert.equal(await page.getAttribute('#step-pan-right', 'aria-label'), 'Pan the stage right');
  await page.click('#step-pan-right');
  await waitWindow('0,32,16,32');
  assert.match(await page.textContent('#step-note'), /^Zoomed in: rows 0 to 15 and columns 32 to 63 of 16 x 256 cells/);
  await page.keyboard.press('Shift+ArrowRight');
  await waitWindow('0,64,16,32');
  await page.keyboard.press('Shift+ArrowLeft');
  await waitWindow('0,32,16,32');
  for (let i = 0; i < 10; i++) await page.keyboard.press('Shift+ArrowRight');
  await waitWindow('0,224,16,32');
  assert.equal(await disabled('#step-pan-right'), true, 'held at the right edge');
  assert.equal(await disabled('#step-pan-left'), false);
  assert.match(await page.textContent('#step-note'), /rows 0 to 15 and columns 224 to 255 of 16 x 256/);
  await shoot('stage-pan-logical');
  // Row 3, column 5 of this window is element (3, 229).
  await atCell(3, 5, false);
  await waitForText(page, '#cell-info h2', 'Under the pointer: Element (3, 229)');
  await atCell(3, 5, true);
  await waitForText(page, '#cell-info h2', 'Pinned cell: Element (3, 229)');
  await atCell(3, 5, true);
  await page.waitForFunction(() => document.querySelector('#layout-canvas').dataset.pinned === '');
  // Focus on a control outside the stage view: Shift+→ steps a tile there
  // (keys.rs), the window stays.
  await page.focus('#step-tile-forward');
  await page.keyboard.press('Shift+ArrowLeft');
  assert.equal(await win(), '0,224,16,32');
  await page.focus('#step-next');
  // Linear memory: 4096 offsets, 32 a row, 16 rows a window, panned down.
  const count = Number((await page.textContent('#step-label')).match(/\/(\d+)/)[1]);
  for (let k = 2; k <= count; k++) {
    await page.keyboard.press(']');
    await waitStage(k);
  }
  assert.equal(await win(), '0,0,16,32');
  assert.equal(await page.$('#step-pan-left'), null, 'linear memory pans down only');
  assert.equal(await disabled('#step-pan-up'), true);
  await page.keyboard.press('Shift+ArrowDown');
  await waitWindow('16,0,16,32');
  assert.match(await page.textContent('#step-note'), /^Zoomed in: offsets 512 to 1023 of 4096, 32 a row/);
  // Linear memory pans up and down only: Shift+← keeps the page's meaning
  // (back one tile), the window stays.
  const scrub = async () => Number(await page.inputValue('#scrub'));
  const from = await scrub();
  assert.ok(from > 0, `the cursor at ${from}, where a tile back moves it`);
  await page.keyboard.press('Shift+ArrowLeft');
  await page.waitForFunction((b) => Number(document.getElementById('scrub').value) < b, from);
  assert.equal(await win(), '16,0,16,32');
  await shoot('stage-pan-linear');
  // Offset 512 + 32 + 3 = 547: tile 0 (rows 0-7, columns 0-127; tiled_layout.md),
  // its (2,1) pair 273 = row 2, column 17 of the 4 x 128 pairs, the pair's
  // second element: element (5, 17).
  await atCell(1, 3, true);
  await waitForText(page, '#cell-info h2', 'Pinned cell: Element (5, 17)');
  assert.equal(await page.$eval('#layout-canvas', (c) => c.dataset.pinned), '547');
  await atCell(1, 3, true);
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(runAxe, AXE_TAGS);
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
  // Back to the logical stage: its window is where it was left.
  for (let k = count - 1; k >= 1; k--) {
    await page.keyboard.press('[');
    await waitStage(k);
  }
  assert.equal(await win(), '0,224,16,32');
  // A new array (8 x 512, its window 8 x 32) closes the stages; opened
  // again, they start at the top left.
  await typeShape(page, 'bf16[8,512]{1,0:T(8,128)(2,1)}');
  await page.waitForFunction(() => !document.querySelector('#step-canvas')?.dataset.window);
  await page.click('#step-next');
  await waitStage(1);
  await page.waitForFunction(() => document.querySelector('#step-note')?.textContent.includes('of 8 x 512'));
  assert.equal(await win(), '0,0,8,32');
  assert.equal(await disabled('#step-pan-left'), true);
  await page.emulateMedia({ reducedMotion: null });
});

test('the zoomed stages in presentation mode, light and dark: no axe violations', async () => {
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(SHAPE)}&present=1`);
    await waitForPicture(page);
    await page.keyboard.press(']');
    await waitStage(1);
    await page.waitForSelector('#step-zoom');
    await page.addScriptTag({ content: AXE_SOURCE });
    const violations = await page.evaluate(runAxe, AXE_TAGS);
    assert.deepEqual(violations, [], `${scheme}:\n${JSON.stringify(violations, null, 2)}`);
    await page.screenshot({ path: join(screenshotDir, `stage-zoom-present-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: null });
});
