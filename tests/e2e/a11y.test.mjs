// Every reader (issue 28): axe-core, WCAG 2.0 and 2.1 A and AA plus best
// practice, finds no violation on the app (as loaded, with a pinned cell's
// worked steps, with a broken shape), on embed mode (compact and full
// controls) and on docs.html with all its <xla-layout> elements drawn (axe
// reads open shadow roots). The keyboard: the controls in document order,
// each with a visible focus, and the arrows on the canvas move the cursor,
// read out in live regions. The worked steps' index column keeps `(0, 0)`
// on one line.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { join } from 'node:path';
import { AXE_SOURCE, AXE_TAGS, runAxe } from './axe.mjs';
import { cellPoint, clickAt, openApp, screenshot, screenshotDir, stopAll, waitForPicture, waitForText } from './harness.mjs';

const SHAPE = 'f32[3,5]{1,0:T(2,2)}';

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

/** Fails listing each violation (rule, help, the nodes and why). */
async function assertNoViolations(what) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(runAxe, AXE_TAGS);
  assert.deepEqual(violations, [], `${what}:\n${JSON.stringify(violations, null, 2)}`);
}

const load = (query) => page.goto(`${app.baseUrl}${query}`);

test('the app as loaded: no axe violations', async () => {
  await load(`?shape=${encodeURIComponent(SHAPE)}`);
  await waitForPicture(page);
  await assertNoViolations('the app');
});

test('presentation mode, light and dark, with the stages and the keys open: no axe violations', async () => {
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await load(`?shape=${encodeURIComponent(SHAPE)}&present=1`);
    await waitForPicture(page);
    await page.waitForSelector('main.app.present');
    await page.keyboard.press(']');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent.startsWith('1/'));
    await page.click('#keys-help summary');
    await assertNoViolations(`presentation mode (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: null });
});

test('the app with a pinned cell and its worked steps: no axe violations; the index on one line', async () => {
  await load(`?shape=${encodeURIComponent(SHAPE)}`);
  const view = await waitForPicture(page);
  // Element (0, 0) at offset 0: its worked steps have `(0, 0)` and `(0, 0, 0, 0)`.
  await clickAt(page, ...cellPoint(view, 'logical', 0, 0));
  await waitForText(page, '#worked-steps caption', 'How the tiling arrives at offset 0');
  await assertNoViolations('the app with a pinned cell');
  // Each index cell is one line high: as tall as a one-line probe in the
  // same font (a cell wrapped a character a line is several times taller).
  const cells = await page.$$eval('#worked-steps td.index code', (codes) =>
    codes.map((code) => {
      const probe = code.cloneNode();
      probe.textContent = '(0)';
      code.parentElement.append(probe);
      const line = probe.getBoundingClientRect().height;
      probe.remove();
      return { text: code.textContent, height: code.getBoundingClientRect().height, line };
    }),
  );
  assert.ok(cells.length >= 3, JSON.stringify(cells));
  assert.ok(cells.some((c) => c.text === '(0, 0)'), JSON.stringify(cells));
  for (const c of cells) assert.ok(c.height <= c.line * 1.2, `${c.text} wraps: ${c.height} px for lines of ${c.line} px`);
  // Each formula runs the panel's width under its title and index (as a
  // third column it wrapped every few characters), and the rows are still
  // a table's rows, with a header, to assistive technology.
  const widths = await page.$$eval('#worked-steps tbody tr', (trs) =>
    trs.map((tr) => [tr.querySelector('td.formula').getBoundingClientRect().width, tr.getBoundingClientRect().width]));
  for (const [formula, row] of widths) assert.ok(formula >= 0.9 * row, `a formula ${formula} px wide in a row of ${row} px`);
  const tree = await page.locator('#worked-steps').ariaSnapshot();
  assert.match(tree, /^- table "How the tiling arrives at offset 0"/);
  assert.equal(tree.match(/rowheader "/g)?.length, widths.length, tree);
  await page.locator('#worked-steps').scrollIntoViewIfNeeded();
  await page.locator('#worked-steps').screenshot({ path: join(screenshotDir, 'a11y-worked-steps.png') });
});

test('the app with a broken shape: no axe violations', async () => {
  await load(`?shape=${encodeURIComponent('f32[3,5]{1,0:T(2,2')}`);
  await page.waitForSelector('#shape-error');
  await assertNoViolations('the app with an error');
});

for (const controls of ['compact', 'full']) {
  test(`embed mode with ${controls} controls: no axe violations, a heading`, async () => {
    await load(`?embed=1&controls=${controls}&shape=${encodeURIComponent(SHAPE)}`);
    await waitForPicture(page);
    assert.equal(await page.locator('main').count(), 1);
    assert.equal(await page.textContent('h1'), `XLA layout of ${SHAPE}`);
    await assertNoViolations(`embed mode, ${controls} controls`);
  });
}

test('docs.html with its 21 elements drawn: no axe violations, and no landmark from the elements', async () => {
  await page.setViewportSize({ width: 1000, height: 12000 });
  await load('docs.html');
  await page.waitForFunction(() => {
    const els = [...document.querySelectorAll('xla-layout')];
    return els.length === 21 && els.every((el) => Number(el.shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0);
  });
  const landmarks = await page.$$eval('xla-layout', (els) =>
    els.map((el) => el.shadowRoot.querySelectorAll('main, [role=main], header, footer, nav, aside, section[aria-label], [role=region]').length),
  );
  assert.deepEqual(landmarks, Array(21).fill(0), 'landmarks inside the elements');
  await assertNoViolations('docs.html');
  await page.setViewportSize({ width: 1100, height: 900 });
});

test('keyboard: the controls in document order with a visible focus; arrows on the canvas move the cursor, read out', async () => {
  await load(`?shape=${encodeURIComponent(SHAPE)}`);
  await waitForPicture(page);
  assert.deepEqual(await page.$$eval('[tabindex]', (els) => els.filter((el) => el.tabIndex > 0).map((el) => el.id)), [], 'no positive tabindex');
  // Tab from the top until focus comes back round: every stop has a focus
  // ring (outline or shadow) and matches :focus-visible.
  await page.evaluate(() => {
    document.activeElement?.blur();
    window.__stops = [];
  });
  const stops = [];
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body || window.__stops.includes(el)) return null;
      window.__stops.push(el);
      const s = getComputedStyle(el);
      const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
      return { id: el.id || el.tagName.toLowerCase(), ring, visible: el.matches(':focus-visible') };
    });
    if (stop === null) break;
    stops.push(stop);
  }
  const ids = stops.map((s) => s.id);
  console.log(`Tab stops: ${ids.join(' ')}`);
  for (const id of ['shape-input', 'seek-start', 'step-back', 'play', 'step-forward', 'scrub', 'layout-canvas']) {
    assert.ok(ids.includes(id), `Tab reaches #${id}: ${ids.join(' ')}`);
  }
  assert.ok(ids.indexOf('shape-input') < ids.indexOf('play'), `the input before the controls: ${ids.join(' ')}`);
  const noRing = stops.filter((s) => !(s.ring && s.visible)).map((s) => s.id);
  assert.deepEqual(noRing, [], 'stops without a visible focus');

  await page.focus('#layout-canvas');
  await waitForText(page, '#cursor-readout', 'offset 0 of 23');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await waitForText(page, '#cursor-readout', 'offset 2 of 23');
  // f32[3,5]{1,0:T(2,2)}: offset 2 is the first tile's second row, element (1, 0).
  await waitForText(page, '#cell-info h2', 'Cursor: Element (1, 0)');
  // Shift: a whole 2x2 tile (4 slots) on.
  await page.keyboard.press('Shift+ArrowRight');
  await waitForText(page, '#cursor-readout', 'offset 6 of 23');
  const live = await page.evaluate(() => ({
    readout: document.getElementById('cursor-readout').tagName,
    cell: document.getElementById('cell-info').getAttribute('aria-live'),
  }));
  // <output> is a status region (polite) to assistive technology.
  assert.deepEqual(live, { readout: 'OUTPUT', cell: 'polite' });
  await screenshot(page, 'a11y-keyboard');
});
