// End-to-end tests of the release build in headless Chromium: loading,
// the default example's picture, typing, bad input, the address and
// localStorage. Run by scripts/test.sh after `trunk build --release`;
// alone: (cd tests/e2e && npm ci && node --test). E2E_DIST picks the
// build, E2E_SCREENSHOTS where the screenshots of each step go.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  canvasSummary,
  canvasView,
  cellPoint,
  firstFrameGeneration,
  openApp,
  pixel,
  pixels,
  sampleAt,
  screenshot,
  stopAll,
  typeShape,
  waitForPicture,
  waitForQuery,
} from './harness.mjs';
import { DARK, FIRST_COLOUR, LIGHT, footprint, hatchGrey, inBounds, near, rampColour, tiledOffset } from './xla.mjs';

const DEFAULT_SHAPE = 'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}';
const DEFAULT = { dims: [8, 1, 1280, 16384], m2m: [3, 2, 0, 1], tiles: [[8, 128], [2, 1]] };
const TILED_SHAPE = 'f32[3,5]{1,0:T(2,2)}';
const TILED = { dims: [3, 5], m2m: [1, 0], tiles: [[2, 2]] };
const COLUMN_MAJOR_SHAPE = 'f32[4,8]{0,1}';

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

/** Asserts that the drawn sample holding world cell (wx, wy) has colour `rgb`. */
async function assertSample(view, pane, wx, wy, rgb, what) {
  const s = sampleAt(view, pane, wx, wy);
  const got = await pixel(page, s.x, s.y);
  assert.ok(near(got, rgb, 3), `${what}: ${pane} cell (${s.cell}) at (${s.x.toFixed(1)}, ${s.y.toFixed(1)}) is ${got}, expected ${rgb}`);
}

// First in this file, so that the page loads as a first visit does (code
// V8 has not compiled yet). yew's scheduler used to give the browser a
// frame between the app's first renders and the effects that size the
// canvas and paint it (Trunk.toml's loader explains the fix): the first
// frame showed the bar and an empty canvas. Now the canvas is in no frame
// before its picture.
test('the first frame that shows the canvas shows the picture', async () => {
  const generation = await firstFrameGeneration(app.context, app.baseUrl);
  assert.ok(Number(generation) > 0, `the canvas's first frame had data-generation ${generation}`);
});

test('the page loads with no console errors and draws the default example', async () => {
  await page.goto(app.baseUrl);
  const view = await waitForPicture(page);
  await screenshot(page, 'app-01-default');
  assert.deepEqual(app.errors, []);
  assert.equal(await page.inputValue('#shape-input'), DEFAULT_SHAPE);
  assert.equal(await page.textContent('#shape-canonical'), DEFAULT_SHAPE);
  await waitForQuery(page, 'shape', DEFAULT_SHAPE);

  for (const pane of ['logical', 'memory']) {
    const s = await canvasSummary(page, view[pane]);
    assert.ok(s.painted > 0.4 * s.pixels, `${pane} pane painted: ${s.painted} of ${s.pixels} pixels`);
    assert.ok(s.distinctColours > 30, `${pane} pane colours: ${s.distinctColours}`);
  }
  const count = footprint(DEFAULT.dims, DEFAULT.m2m, DEFAULT.tiles);
  assert.equal(count, 167_772_160);

  // Memory: offset o at (o % rowWidth, o / rowWidth). A few px in from the
  // top-left (past the cursor's marker on offset 0) is the ramp's first colour.
  const early = sampleAt(view, 'memory', 2 * view.block.memory, 0);
  assert.ok(near(await pixel(page, early.x, early.y), FIRST_COLOUR), 'memory starts with the first colour');
  const rows = Math.ceil(count / view.rowWidth);
  for (const [fx, fy] of [[0.5, 0.1], [0.25, 0.5], [0.75, 0.75], [0.6, 0.97]]) {
    const [wx, wy] = [Math.floor(fx * view.rowWidth), Math.floor(fy * rows)];
    const s = sampleAt(view, 'memory', wx, wy);
    const offset = s.cell[1] * view.rowWidth + s.cell[0];
    await assertSample(view, 'memory', wx, wy, rampColour(offset, count), `offset ${offset}`);
  }

  // Logical: a slice (y = dim 2, x = dim 3) per p = dim 0, stacked down,
  // 1280 rows apart plus a gap: world height = 7 pitches + 1280.
  assert.equal(view.logicalWorld.w, 16384, 'one slice per row of slices');
  const pitch = (view.logicalWorld.h - 1280) / 7;
  assert.ok(Number.isInteger(pitch) && pitch > 1280, `slice pitch ${pitch}`);
  for (let p = 0; p < 8; p += 1) {
    for (const [fx, fy] of [[0.5, 0.5], [0.9, 0.3]]) {
      const s = sampleAt(view, 'logical', Math.floor(fx * 16384), p * pitch + Math.floor(fy * 1280));
      const [x, y] = s.cell;
      const index = [p, 0, y - p * pitch, x];
      const offset = tiledOffset(DEFAULT.dims, DEFAULT.m2m, DEFAULT.tiles, index);
      await assertSample(view, 'logical', x, y, rampColour(offset, count), `element (${index}) at offset ${offset}`);
    }
  }
});

test('typing a new shape redraws', async () => {
  await page.mouse.move(0, 0);
  const before = await canvasView(page);
  const pictureBefore = await canvasSummary(page);
  await typeShape(page, TILED_SHAPE);
  const view = await waitForPicture(page, { after: before.generation });
  await screenshot(page, 'app-02-typed-tiled-3x5');
  assert.equal(await page.textContent('#shape-canonical'), TILED_SHAPE);
  assert.equal(await page.textContent('#shape-error'), '');
  assert.notEqual((await canvasSummary(page)).checksum, pictureBefore.checksum, 'the pixels changed');
  // The logical world covers the tiled region: [3,5] padded to [4,6].
  assert.deepEqual(view.logicalWorld, { w: 6, h: 4 });
  const count = footprint(TILED.dims, TILED.m2m, TILED.tiles);
  assert.equal(count, 24);
  const holder = new Map();
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < 6; c += 1) {
      const offset = tiledOffset(TILED.dims, TILED.m2m, TILED.tiles, [r, c]);
      holder.set(offset, [r, c]);
      // A quarter in from the corner: clear of labels, grid and tile lines.
      const got = await pixel(page, ...cellPoint(view, 'logical', c, r, 0.25, 0.25));
      if (!inBounds(TILED.dims, [r, c])) {
        assert.ok(hatchGrey(got, LIGHT), `ghost (${r},${c}) is hatched grey: ${got}`);
      } else if (offset > 0) {
        assert.ok(near(got, rampColour(offset, count), 3), `element (${r},${c}) at offset ${offset}: ${got}`);
      }
    }
  }
  for (let offset = 1; offset < count; offset += 1) {
    const cell = [offset % view.rowWidth, Math.floor(offset / view.rowWidth)];
    const got = await pixel(page, ...cellPoint(view, 'memory', ...cell, 0.2, 0.2));
    const [r, c] = holder.get(offset);
    const ok = inBounds(TILED.dims, [r, c]) ? near(got, rampColour(offset, count), 3) : hatchGrey(got, LIGHT);
    assert.ok(ok, `memory offset ${offset} holds (${r},${c}): ${got}`);
  }
});

test('a bad shape shows the error with its caret and keeps the picture', async () => {
  await page.mouse.move(0, 0);
  const before = await canvasView(page);
  const pictureBefore = await canvasSummary(page);
  const bad = 'f32[3,x]{1,0}';
  await page.locator('#shape-input').fill(bad);
  await page.waitForSelector('#shape-error:not(:empty)');
  await screenshot(page, 'app-03-bad-shape');
  assert.equal(await page.getAttribute('#shape-error', 'role'), 'alert');
  const lines = (await page.textContent('#shape-error')).split('\n');
  const inputLine = lines.find((l) => l.includes(bad));
  const caretLine = lines.find((l) => /^\s*\^+\s*$/.test(l));
  assert.ok(inputLine && caretLine, `input and caret lines in:\n${lines.join('\n')}`);
  assert.equal(caretLine.indexOf('^'), inputLine.indexOf('x'), 'the caret sits under the x');
  assert.equal(await page.inputValue('#shape-input'), bad, 'the text is kept');
  assert.equal(await page.getAttribute('#shape-input', 'aria-invalid'), 'true');
  assert.equal(await page.textContent('.shape-mirror mark.bad'), 'x', 'the bad characters are marked');
  await waitForQuery(page, 'shape', bad); // the address holds the text as typed
  const after = await canvasView(page);
  assert.equal(after.generation, before.generation, 'no new picture');
  assert.equal((await canvasSummary(page)).checksum, pictureBefore.checksum, 'the previous picture stays, pixel for pixel');
  assert.equal(await page.textContent('#shape-canonical'), TILED_SHAPE, 'the last good shape is still described');
});

test('?shape= in the address loads that shape', async () => {
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(COLUMN_MAJOR_SHAPE)}`);
  const view = await waitForPicture(page);
  await screenshot(page, 'app-04-url-column-major');
  assert.equal(await page.inputValue('#shape-input'), COLUMN_MAJOR_SHAPE);
  assert.equal(await page.textContent('#shape-canonical'), COLUMN_MAJOR_SHAPE);
  assert.deepEqual(view.logicalWorld, { w: 8, h: 4 });
  // {0,1}: dim 0 is minor, so memory walks down the columns: (r, c) at 4c + r.
  for (const [r, c] of [[1, 0], [3, 0], [0, 1], [2, 5], [3, 7]]) {
    const offset = tiledOffset([4, 8], [0, 1], [], [r, c]);
    assert.equal(offset, 4 * c + r);
    const got = await pixel(page, ...cellPoint(view, 'logical', c, r, 0.25, 0.25));
    assert.ok(near(got, rampColour(offset, 32), 3), `(${r},${c}) at offset ${offset}: ${got}`);
  }
});

// A layout that is mostly padding must look like it when far out: the
// oom shape's dim 4 (4) is padded to 128 by the tile, so 31/32 of its
// memory is padding. One sample per block at the blocks' corners (blocks
// of a multiple of 128 offsets) fell on elements only and drew a plain
// ramp; samples off the corners (src/render/world/sampling.rs) show the
// padding grey in proportion.
test('a mostly padded layout shows its padding in the memory pane', async () => {
  await page.mouse.move(0, 0);
  const before = await canvasView(page);
  await typeShape(page, 's32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}');
  const view = await waitForPicture(page, { after: before.generation });
  await screenshot(page, 'app-05-mostly-padding');
  assert.ok(view.block.memory >= 128, `memory block ${view.block.memory}`);
  assert.deepEqual(view.scattered, { logical: true, memory: true });
  assert.match(await page.textContent('#legend-sampled'), /picked at random from up to \d+x\d+/);
  // A sentence: it wraps inside the legend rather than running past it.
  const [right, legendRight] = await page.$eval('#legend-sampled', (e) =>
    [e.getBoundingClientRect().right, e.parentElement.getBoundingClientRect().right]);
  assert.ok(right <= legendRight + 0.5, `the note ends at ${right}, the legend at ${legendRight}`);
  const drawn = await canvasSummary(page, view.memory, LIGHT.background);
  const notPadding = await canvasSummary(page, view.memory, LIGHT.padding);
  // Pixels near the padding grey, of the pixels the picture paints.
  const padding = (drawn.pixels - notPadding.painted) / drawn.painted;
  assert.ok(padding > 0.85, `padding grey on ${(100 * padding).toFixed(1)}% of the memory picture`);
});

test('the address follows typing and a reload keeps the last input', async () => {
  const input = page.locator('#shape-input');
  await input.fill('s8[2,3]{0,1');
  for (const key of ['}', 'Backspace', '}']) {
    await input.press(key);
    const text = await input.inputValue();
    await waitForQuery(page, 'shape', text);
  }
  const last = await input.inputValue();
  assert.equal(last, 's8[2,3]{0,1}');
  await waitForPicture(page);
  await page.goto(app.baseUrl);
  await waitForPicture(page);
  assert.equal(await page.inputValue('#shape-input'), last, 'localStorage kept the input');
  await waitForQuery(page, 'shape', last); // and the address shows it again
  await screenshot(page, 'app-06-reloaded');
  assert.deepEqual(app.errors, [], 'no console errors over the whole session');
});

test('a reload begun right after an edit keeps the edit', async () => {
  const input = page.locator('#shape-input');
  const older = 'f32[4,8]{1,0}';
  await typeShape(page, older);
  await waitForQuery(page, 'shape', older);
  // Reloaded before the throttled save (50-300 ms after the edit): the
  // reload loads the address as it was, and the save on leaving, or the
  // throttled one while the reload waits, kept the newer address for the
  // tab (ui/web/browser.rs, keep_address and resume_left).
  const edit = 'f32[4,8]{0,1:T(2,2)}';
  await typeShape(page, edit);
  await page.reload();
  await waitForPicture(page);
  assert.equal(await input.inputValue(), edit);
  await waitForQuery(page, 'shape', edit);
  // The same race, made certain: a reload that lands on an address this
  // tab had before its last save takes the newest one.
  const saved = await page.evaluate(() => location.search);
  const newest = 'f32[4,8]{0,1:T(4,2)}';
  await typeShape(page, newest);
  await waitForQuery(page, 'shape', newest);
  await Promise.all([
    page.waitForNavigation(),
    page.evaluate((search) => {
      history.replaceState(null, '', search);
      location.reload();
    }, saved),
  ]);
  await waitForPicture(page);
  assert.equal(await input.inputValue(), newest);
  await waitForQuery(page, 'shape', newest);
  // A typed address or a link shows what it says, even one this tab had
  // before its last save.
  await typeShape(page, edit);
  await waitForQuery(page, 'shape', edit);
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(newest)}`);
  await waitForPicture(page);
  assert.equal(await input.inputValue(), newest);
  // What this tab kept is its own: another tab at the older address shows that.
  const other = await app.context.newPage();
  await other.goto(`${app.baseUrl}?shape=${encodeURIComponent(older)}`);
  await waitForPicture(other);
  assert.equal(await other.inputValue('#shape-input'), older);
  await other.close();
  assert.deepEqual(app.errors, []);
});

// The picture's canvas is opaque (src/render/backend/canvas/paint.rs,
// `opaque_context`): the compositor neither blends it nor draws what is
// under it. An opaque canvas starts black, so every row of it must be
// painted: at a device pixel ratio of 1.5 the panes' fills end short of
// its last rows, which showed grey before the whole canvas was filled
// after each resize and change of theme.
test('the picture is opaque, and every row of it is painted, at any size and in either theme', async () => {
  const other = await app.context.newPage();
  try {
    const cdp = await app.context.newCDPSession(other);
    await other.goto(app.baseUrl);
    await other.waitForSelector('#layout-canvas[data-generation]');
    const alpha = await other.$eval('#layout-canvas', (c) => c.getContext('2d').getContextAttributes().alpha);
    assert.equal(alpha, false, 'the picture\'s context is opaque');
    for (const [scheme, theme] of [['light', LIGHT], ['dark', DARK]]) {
      await other.emulateMedia({ colorScheme: scheme });
      for (const [width, height] of [[1003, 700], [1003, 709], [1100, 900]]) {
        const size = () => other.$eval('#layout-canvas', (c) => `${c.width}x${c.height}`);
        const before = await size();
        await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1.5, mobile: false });
        // The canvas is resized and painted in one task: once its backing
        // store has its new size, the picture at that size is drawn.
        await other.waitForFunction(
          (b) => { const c = document.querySelector('#layout-canvas'); return `${c.width}x${c.height}` !== b; },
          before,
          { timeout: 5000 },
        );
        // Column 1, which no pane draws on: the background in every row,
        // read until it is (a change of theme may paint once more) or for
        // 3 s at most.
        let off;
        for (const until = Date.now() + 3000; ; await other.waitForTimeout(50)) {
          const h = await other.$eval('#layout-canvas', (c) => c.clientHeight);
          const column = await pixels(other, 1, 0, 1, h);
          off = column.map((p, y) => [y, p]).filter(([, p]) => !near(p, theme.background, 2));
          if (off.length === 0 || Date.now() > until) break;
        }
        assert.deepEqual(off.slice(0, 3), [], `${scheme}, ${width}x${height} at 1.5x: rows not the background`);
      }
    }
  } finally {
    await other.close();
  }
});
