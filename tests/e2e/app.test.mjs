// End-to-end tests of the release build in headless Chromium.
// Run by scripts/test.sh after `trunk build --release`; alone:
//   (cd tests/e2e && npm ci && node --test)
// Screenshots of each step go to target/e2e/.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  FIRST_COLOUR,
  LAST_COLOUR,
  PADDING_COLOUR,
  canvasSummary,
  cellColour,
  collectErrors,
  launchBrowser,
  near,
  screenshot,
  slotColour,
  startServer,
  stopAll,
  waitForGrid,
} from './harness.mjs';

const DEFAULT_SHAPE = 'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}';
const TILED = 'f32[3,5]{1,0:T(2,2)}';
const COLUMN_MAJOR = 'f32[4,8]{0,1}';

let baseUrl;
let context;
let page;
let errors;

before(async () => {
  baseUrl = await startServer();
  context = await launchBrowser();
  page = await context.newPage();
  errors = collectErrors(page);
});

after(stopAll);

const shapeParam = () => new URL(page.url()).searchParams.get('shape');

test('the page loads with no console errors', async () => {
  await page.goto(baseUrl);
  await page.waitForSelector('#layout-canvas[data-rows]');
  await screenshot(page, '01-default');
  assert.deepEqual(errors, []);
});

test('the default example is drawn', async () => {
  assert.equal(await page.inputValue('#shape-input'), DEFAULT_SHAPE);
  assert.equal(await page.textContent('#shape-canonical'), DEFAULT_SHAPE);
  assert.equal(shapeParam(), DEFAULT_SHAPE, 'the address holds the shape');
  const summary = await canvasSummary(page);
  assert.ok(summary.painted > 10_000, `canvas painted: ${summary.painted} pixels`);
  assert.ok(summary.distinctColours > 20, `colours: ${summary.distinctColours}`);
  // Element (0, 0) is first in memory: the ramp's first colour, in both panels.
  assert.ok(near(await cellColour(page, 0, 0), FIRST_COLOUR), 'cell (0,0) has the first colour');
  assert.ok(near(await slotColour(page, 0), FIRST_COLOUR), 'memory slot 0 has the first colour');
});

test('typing a new shape redraws', async () => {
  const input = page.locator('#shape-input');
  await input.fill(TILED.slice(0, -3));
  await input.pressSequentially(TILED.slice(-3)); // real keystrokes for the end
  await waitForGrid(page, 3, 5);
  await screenshot(page, '02-tiled-3x5');
  assert.equal(await page.textContent('#shape-canonical'), TILED);
  assert.equal(await page.textContent('#shape-error'), '');
  assert.equal(shapeParam(), TILED, 'the address follows the input');
  // T(2,2) on [3,5]: offsets 0..23, element (0,0) at 0, (2,4) at 20 (the last).
  assert.ok(near(await cellColour(page, 0, 0), FIRST_COLOUR), 'cell (0,0) first');
  assert.ok(near(await cellColour(page, 2, 4), LAST_COLOUR), 'cell (2,4) last');
  assert.ok(near(await slotColour(page, 0), FIRST_COLOUR), 'slot 0 holds (0,0)');
  // Slots 9 and 11 pad the tile holding column 4 of rows 0-1: grey.
  assert.ok(near(await slotColour(page, 9), PADDING_COLOUR), 'slot 9 is padding');
  assert.ok(near(await slotColour(page, 23), PADDING_COLOUR), 'slot 23 is padding');
  assert.ok(near(await slotColour(page, 20), LAST_COLOUR), 'slot 20 holds (2,4)');
});

test('a bad shape shows the error with a caret and keeps the picture', async () => {
  const before = await canvasSummary(page);
  await page.locator('#shape-input').fill('f32[3,x]{1,0}');
  await page.waitForSelector('#shape-error:not(:empty)');
  await screenshot(page, '03-bad-shape');
  const message = await page.textContent('#shape-error');
  assert.match(message, /\^/, `caret in: ${message}`);
  assert.equal(await page.getAttribute('#shape-error', 'role'), 'alert');
  assert.equal(await page.getAttribute('#shape-input', 'aria-invalid'), 'true');
  assert.ok((await page.locator('.shape-mirror mark.bad').count()) === 1, 'the bad characters are marked');
  assert.equal(shapeParam(), 'f32[3,x]{1,0}', 'the bad text is kept in the address');
  const afterError = await canvasSummary(page);
  assert.equal(afterError.checksum, before.checksum, 'the previous picture stays');
  assert.equal(afterError.painted, before.painted);
});

test('?shape= in the address loads that shape', async () => {
  await page.goto(`${baseUrl}?shape=${encodeURIComponent(COLUMN_MAJOR)}`);
  await waitForGrid(page, 4, 8);
  await screenshot(page, '04-url-column-major');
  assert.equal(await page.inputValue('#shape-input'), COLUMN_MAJOR);
  // {0,1}: dim 0 is minor, so memory walks down the columns.
  assert.ok(near(await cellColour(page, 0, 0), FIRST_COLOUR), 'cell (0,0) first');
  assert.ok(near(await cellColour(page, 3, 7), LAST_COLOUR), 'cell (3,7) last');
  const second = await cellColour(page, 1, 0);
  const right = await cellColour(page, 0, 1);
  assert.ok(second[2] > FIRST_COLOUR[2] && second[2] < right[2], 'memory goes down a column first');
});

test('the last input survives a reload without ?shape=', async () => {
  await page.locator('#shape-input').fill(TILED);
  await waitForGrid(page, 3, 5);
  await page.goto(baseUrl);
  await waitForGrid(page, 3, 5);
  assert.equal(await page.inputValue('#shape-input'), TILED);
  await screenshot(page, '05-reloaded');
  assert.deepEqual(errors, [], 'no console errors over the whole session');
});
