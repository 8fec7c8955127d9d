// Presentation mode (issue 71) in each engine: Chromium, Firefox and
// WebKit through WebDriver (webdriver.mjs), against the release build in
// dist/. `?present=1&preset=seed-2x3-row` at a 1280x720 viewport, light
// and dark (the app's #theme-select): no page scroll; the logical and the
// memory view (the two panes of #layout-canvas, at the places its
// data-logical and data-memory publish) inside the window; `]` opens the
// stage view inside the window, Escape closes it; axe finds nothing with
// the stages open (a screenshot per engine and theme in
// target/e2e/engines/).
//
//   cd tests/e2e && ENGINES=firefox node --test engines/present.mjs
//   cd tests/e2e && xvfb-run -a env ENGINES=webkit node --test engines/present.mjs
//
// ENGINES is a comma-separated list (default: all three). An engine whose
// driver or browser is not installed is skipped with a loud message.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { Key } from 'selenium-webdriver';
import { startServer } from '../harness.mjs';
import { assertAxeClean, eachEngine, screenshot } from './each.mjs';
import { sizeViewport, startSession, waitUntil } from './webdriver.mjs';
import * as page from './page.mjs';

const WIDTH = 1280;
const HEIGHT = 720;

/** arguments: [theme]; true once the app is in presentation mode in that theme, its panes laid out. */
const presenting = `
  if (!document.querySelector('main.app.present')) return null;
  if (document.documentElement.dataset.theme !== arguments[0]) return null;
  const c = document.getElementById('layout-canvas');
  const [, , w, h] = (c?.dataset.memory ?? '').split(',').map(Number);
  return w > 0 && h > 0 && c.getBoundingClientRect().height > 300 ? true : null;`;

/** arguments: [theme]; picks it in #theme-select as a user does. */
const pickTheme = `
  const select = document.getElementById('theme-select');
  if (!select) return false;
  select.value = arguments[0];
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return true;`;

/** How far the page scrolls, and where each view is (in the window's px). */
const layout = `
  const s = document.scrollingElement;
  const c = document.getElementById('layout-canvas');
  const box = c.getBoundingClientRect();
  const pane = (name) => {
    const [x, y, w, h] = c.dataset[name].split(',').map(Number);
    return { left: box.left + x, top: box.top + y, right: box.left + x + w, bottom: box.top + y + h };
  };
  return {
    scroll: [s.scrollWidth - innerWidth, s.scrollHeight - innerHeight],
    window: [innerWidth, innerHeight],
    canvas: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
    logical: pane('logical'),
    memory: pane('memory'),
  };`;

/** arguments: [id]; the element's box, or null when it is not there or not shown. */
const boxOf = `
  const el = document.getElementById(arguments[0]);
  if (!el || el.hidden) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null;`;

/** The stage view's label once a stage is open ("1/4: ..."). */
const stageOpen = `
  const label = document.getElementById('step-label')?.textContent ?? '';
  return /^1\\//.test(label) && document.getElementById('step-off') ? label : null;`;

/** True once no stage is open. */
const stageClosed = `
  const label = document.getElementById('step-label')?.textContent ?? '';
  return !/^\\d+\\//.test(label) && !document.getElementById('step-off') ? true : null;`;

const inside = (r, [w, h]) => r.left >= -0.5 && r.top >= -0.5 && r.right <= w + 0.5 && r.bottom <= h + 0.5;

eachEngine("presentation mode's checks", (engine) => `${engine}: presentation mode`, (engine) => {
  let driver;
  let base;
  const shot = (name) => screenshot(driver, engine, name);
  const axe = (what) => assertAxeClean(driver, engine, what);
  // A key pressed on the page with nothing focused (the app's keys are
  // the document's; a key typed into a field stays the field's).
  const press = async (key) => {
    await driver.executeScript('document.activeElement?.blur()');
    await driver.actions().sendKeys(key).perform();
  };

  before(async () => {
    base = await startServer();
    driver = await startSession(engine);
    // The viewport (not the window with its toolbars) 1280x720.
    await driver.get(`${base}?preset=seed-2x3-row`);
    await sizeViewport(driver, WIDTH, HEIGHT);
  });

  for (const theme of ['light', 'dark']) {
    test(`${theme}: the 2x3 picture fills the window; \`]\` opens the stages inside it, Escape closes them; axe finds nothing`, async () => {
      await driver.get(`${base}?present=1&preset=seed-2x3-row`);
      await waitUntil(driver, page.drawn, 'the picture', 0);
      // The theme is the app's setting (not kept across loads).
      assert.ok(await waitUntil(driver, pickTheme, '#theme-select', theme));
      await waitUntil(driver, presenting, `presentation mode, ${theme}`, theme);
      // The canvas's frame follows its box (a ResizeObserver), then paints.
      await driver.sleep(300);

      const seen = await waitUntil(driver, layout, 'where the views are');
      const where = JSON.stringify(seen);
      assert.deepEqual(seen.window, [WIDTH, HEIGHT], where);
      assert.ok(seen.scroll[0] <= 0 && seen.scroll[1] <= 0, `no page scroll: ${where}`);
      assert.ok(inside(seen.canvas, seen.window), `the canvas inside the window: ${where}`);
      assert.ok(inside(seen.logical, seen.window), `the logical view inside the window: ${where}`);
      assert.ok(inside(seen.memory, seen.window), `the memory view inside the window: ${where}`);
      assert.ok(seen.memory.top >= seen.logical.bottom - 0.5, `the memory view below the logical one: ${where}`);
      await shot(`present-${theme}`);

      await press(']');
      const label = await waitUntil(driver, stageOpen, 'the first stage');
      const stage = await waitUntil(driver, boxOf, '#step-canvas shown', 'step-canvas');
      assert.ok(inside(stage, seen.window), `${label}: the stage inside the window: ${JSON.stringify(stage)}`);
      const still = await waitUntil(driver, layout, 'where the views are');
      assert.ok(still.scroll[1] <= 0 && still.scroll[0] <= 0, `no page scroll with the stages: ${JSON.stringify(still)}`);
      assert.ok(inside(still.canvas, still.window), `the picture still inside the window: ${JSON.stringify(still)}`);
      await driver.sleep(300);
      await axe(`presentation mode with the stages open (${theme})`);
      await shot(`present-${theme}-stages`);

      await press(Key.ESCAPE);
      await waitUntil(driver, stageClosed, 'the stages closed by Escape');
      assert.ok(await driver.executeScript('return document.querySelector("main.app.present") !== null'), 'still presenting');
      await axe(`presentation mode (${theme})`);
    });
  }
});
