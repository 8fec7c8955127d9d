// The animation: a cursor walks memory offsets. Play and pause; step by
// one and by a tile with the buttons and the keys; scrub; speed. On
// f32[3,5]{1,0:T(2,2)}: 24 cells of memory, a tile is 2 x 2 = 4 cells.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  PASSIVE_KEYDOWN,
  canvasView,
  cellPoint,
  frames,
  openApp,
  pixel,
  screenshot,
  stopAll,
  waitForData,
  waitForPicture,
  waitForText,
} from './harness.mjs';
import { footprint, rampColour, tiledOffset } from './xla.mjs';

const SHAPE = 'f32[3,5]{1,0:T(2,2)}';
const L = { dims: [3, 5], m2m: [1, 0], tiles: [[2, 2]] };
const COUNT = footprint(L.dims, L.m2m, L.tiles);
const TILE = L.tiles[0].reduce((a, b) => a * b);

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(SHAPE)}`);
  await waitForPicture(page);
});
after(stopAll);

const cursor = async () => (await canvasView(page)).cursor;
const waitForCursor = (value) => waitForData(page, 'cursor', `(v) => v === '${value}'`);

/** Sets a range input's value as a user dragging it would. */
async function slide(selector, value) {
  await page.$eval(
    selector,
    (input, value) => {
      input.value = String(value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    value,
  );
}

test('play moves the cursor through memory, pause stops it', async () => {
  assert.equal(COUNT, 24);
  assert.equal(await cursor(), 0);
  await slide('#speed', 1.3); // 10^1.3: about 20 elements a second
  await waitForText(page, '#speed-readout', '20 /s');
  await page.click('#play');
  await waitForData(page, 'playing', "(v) => v === 'true'");
  assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'true');
  await waitForData(page, 'cursor', '(v) => Number(v) >= 6');
  await screenshot(page, 'animation-01-playing');
  await page.click('#play');
  await waitForData(page, 'playing', "(v) => v === 'false'");
  const stopped = await cursor();
  await frames(page, 20);
  assert.equal(await cursor(), stopped, 'paused: the cursor stays');
  assert.equal(await page.getAttribute('#play', 'aria-pressed'), 'false');
  assert.match(await page.textContent('#cursor-readout'), new RegExp(`^offset ${stopped} of ${COUNT - 1}$`));
});

test('the step buttons move by one element and by one tile', async () => {
  const steps = [
    ['#seek-start', 0],
    ['#step-forward', 1],
    ['#step-forward', 2],
    ['#step-back', 1],
    ['#step-tile-forward', 1 + TILE],
    ['#step-tile-forward', 1 + 2 * TILE],
    ['#step-tile-back', 1 + TILE],
    ['#seek-end', COUNT - 1],
    ['#step-forward', 0], // loop is on: past the end wraps to the start
    ['#step-back', COUNT - 1],
  ];
  for (const [button, expected] of steps) {
    await page.click(button);
    await waitForCursor(expected);
  }
  assert.equal((await canvasView(page)).playing, false);
});

test('the scrub slider seeks, and the cursor is drawn on the element at that offset', async () => {
  await slide('#scrub', 17);
  await waitForCursor(17);
  await page.mouse.move(0, 0);
  await waitForText(page, '#cell-headline', 'Element (2, 3)');
  assert.equal(tiledOffset(L.dims, L.m2m, L.tiles, [2, 3]), 17);
  const view = await canvasView(page);
  await screenshot(page, 'animation-02-cursor-at-17');
  // The cursor tints its cell red: (2,3) is redder than its ramp colour;
  // (0,0), the old cursor cell, is back to the first colour.
  const tinted = await pixel(page, ...cellPoint(view, 'logical', 3, 2, 0.3, 0.3));
  const plain = rampColour(17, COUNT);
  assert.ok(tinted[0] - plain[0] > 40 && tinted[1] < plain[1], `cursor cell tinted: ${tinted} vs ${plain}`);
  const first = await pixel(page, ...cellPoint(view, 'logical', 0, 0, 0.3, 0.3));
  assert.deepEqual(first.slice(0, 3), rampColour(0, COUNT));
});

test('keys: arrows step, shift+arrows step a tile, Home/End, space plays, +/- change speed', async () => {
  await page.focus('#layout-canvas');
  await page.keyboard.press('Home');
  await waitForCursor(0);
  const keys = [
    ['ArrowRight', 1],
    ['ArrowRight', 2],
    ['ArrowLeft', 1],
    ['Shift+ArrowRight', 1 + TILE],
    ['Shift+ArrowRight', 1 + 2 * TILE],
    ['Shift+ArrowLeft', 1 + TILE],
    ['End', COUNT - 1],
    ['Home', 0],
  ];
  for (const [key, expected] of keys) {
    await page.keyboard.press(key);
    await waitForCursor(expected);
  }
  const speed = async () => page.textContent('#speed-readout');
  await slide('#speed', 1); // 10 /s
  await waitForText(page, '#speed-readout', '10 /s');
  await page.focus('#layout-canvas');
  await page.keyboard.press('+');
  await waitForText(page, '#speed-readout', '20 /s');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await waitForText(page, '#speed-readout', '5 /s');
  assert.equal(await speed(), '5 /s');
  await page.keyboard.press(' ');
  await waitForData(page, 'playing', "(v) => v === 'true'");
  await waitForData(page, 'cursor', '(v) => Number(v) >= 1');
  await page.keyboard.press(' ');
  await waitForData(page, 'playing', "(v) => v === 'false'");
  assert.deepEqual(app.errors.filter((e) => !PASSIVE_KEYDOWN.test(e)), []);
});

test('the keys the app uses do not also scroll the page (preventDefault works)', async () => {
  // The page is taller than the window, so an unhandled space or arrow
  // scrolls it. A listener added after the app's sees whether the app's
  // preventDefault took effect.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    window.__prevented = [];
    window.addEventListener('keydown', (e) => window.__prevented.push(`${e.key}:${e.defaultPrevented}`));
  });
  const before = app.errors.length;
  await page.focus('#layout-canvas');
  const start = await page.evaluate(() => window.scrollY);
  for (const key of [' ', ' ', 'ArrowRight', 'End', 'Home']) await page.keyboard.press(key);
  await frames(page, 2);
  const prevented = await page.evaluate(() => window.__prevented);
  const scrolled = (await page.evaluate(() => window.scrollY)) - start;
  const complaints = app.errors.slice(before);
  assert.deepEqual(
    { prevented, scrolled, complaints },
    { prevented: [' :true', ' :true', 'ArrowRight:true', 'End:true', 'Home:true'], scrolled: 0, complaints: [] },
    'src/ui/web/keys.rs registers its keydown listener with gloo EventListener::new, which is passive: ' +
      'preventDefault is ignored (Chromium logs a console error) and the page scrolls under the canvas',
  );
});
