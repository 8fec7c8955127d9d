// Issue 71, presentation mode: at 1280x720 and 1920x1080, key `p` (and
// `?present=1`) makes the picture fill the window with no page scroll,
// the memory view on screen with the logical one, and the 2x3 example's
// cell letters at least 24 and 36 px. What the canvas draws is read by
// recording its fillText calls (text, font size, place) in the page; the
// stage and compare panels open on the same screen. Screenshots in
// target/e2e/present-*.png.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { canvasView, openApp, screenshot, stopAll, waitForPicture } from './harness.mjs';

let app;
let page;

// Every fillText on the picture's canvas: { text, px, x, y } in CSS px
// (the painter scales the context by the device pixel ratio).
const RECORD = () => {
  window.__texts = [];
  const fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, x, y, ...rest) {
    if (this.canvas && this.canvas.id === 'layout-canvas') {
      const px = Number((/([\d.]+)px/.exec(this.font) ?? [0, 0])[1]);
      window.__texts.push({ text: String(text), px, x, y });
    }
    return fill.call(this, text, x, y, ...rest);
  };
};

before(async () => {
  app = await openApp();
  page = app.page;
  await page.addInitScript(RECORD);
});
after(stopAll);

const SIZES = [
  { width: 1280, height: 720, least: 24 },
  { width: 1920, height: 1080, least: 36 },
];

/** The letters a..f drawn since the last reset, with their sizes. */
const drawnLetters = () =>
  page.evaluate(() => window.__texts.filter((t) => /^[a-f]$/.test(t.text)));

async function presenting() {
  await page.waitForFunction(() => document.querySelector('main.app.present') !== null);
  // The canvas's frame follows its new box (ResizeObserver), then paints.
  await page.waitForFunction(() => {
    const c = document.getElementById('layout-canvas');
    const [, , w, h] = c.dataset.memory.split(',').map(Number);
    const box = c.getBoundingClientRect();
    return Math.abs(Number(c.dataset.logical.split(',')[0]) - 46) > 1 && w > 0 && h > 0 && box.height > 300;
  });
  await page.waitForTimeout(150);
}

/** No page scroll; `el`'s box inside the window. */
async function onScreen(selector) {
  return page.evaluate((selector) => {
    const r = document.querySelector(selector).getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5 && r.height > 0;
  }, selector);
}

const scrolls = () =>
  page.evaluate(() => ({
    h: document.scrollingElement.scrollHeight - innerHeight,
    w: document.scrollingElement.scrollWidth - innerWidth,
  }));

for (const { width, height, least } of SIZES) {
  test(`presentation mode at ${width}x${height}: the 2x3 picture and its memory row fill the window`, async () => {
    await page.setViewportSize({ width, height });
    await page.goto(`${app.baseUrl}?preset=seed-2x3-row`);
    await waitForPicture(page);
    const plain = await drawnLetters();
    assert.ok(plain.length >= 12 && plain.every((t) => t.px < least), `before: ${JSON.stringify(plain.slice(0, 3))}`);

    await page.evaluate(() => (window.__texts = []));
    await page.keyboard.press('p');
    await presenting();
    assert.equal(new URL(page.url()).searchParams.get('present'), '1');
    assert.equal(await page.getAttribute('#present-toggle', 'aria-pressed'), 'true');
    const s = await scrolls();
    assert.ok(s.h <= 0 && s.w <= 0, `no page scroll: ${JSON.stringify(s)}`);
    assert.ok(await onScreen('#layout-canvas'), 'the canvas is on screen');
    assert.ok(await onScreen('#shape-input'), 'the shape is on screen');
    assert.ok(await onScreen('#play'), 'the controls are on screen');

    // Both panes' letters: the logical a..f and the memory row a..f, each
    // at least `least` px, and every one inside the window.
    const view = await canvasView(page);
    const box = await page.$eval('#layout-canvas', (c) => c.getBoundingClientRect().toJSON());
    const letters = await drawnLetters();
    const inPane = (t, r) => t.x >= r.x && t.x <= r.x + r.w && t.y >= r.y && t.y <= r.y + r.h;
    const logical = letters.filter((t) => inPane(t, view.logical)).map((t) => t.text);
    const memory = letters.filter((t) => inPane(t, view.memory));
    assert.deepEqual([...new Set(logical)].sort(), ['a', 'b', 'c', 'd', 'e', 'f']);
    assert.deepEqual(memory.slice(-6).map((t) => t.text), ['a', 'b', 'c', 'd', 'e', 'f'], 'the memory row');
    assert.ok(new Set(memory.slice(-6).map((t) => t.y)).size === 1, 'one row');
    for (const t of letters) {
      assert.ok(t.px >= least, `${t.text} drawn at ${t.px} px, wanted at least ${least}`);
      assert.ok(box.top + t.y + t.px / 2 <= height && box.left + t.x <= width, `${t.text} on screen`);
    }
    // The panes (memory below the logical one) end inside the window.
    assert.ok(box.top + view.memory.y + view.memory.h <= height + 0.5, 'memory pane on screen');
    // Titles and ticks grew in proportion.
    const margin = await page.evaluate(() => window.__texts.filter((t) => !/^[a-f]$/.test(t.text)));
    assert.ok(margin.length > 0 && margin.every((t) => t.px > 11), JSON.stringify(margin.slice(0, 4)));
    await screenshot(page, `present-${width}x${height}`, { fullPage: false });

    // The stages open on the same screen, beside the picture.
    await page.keyboard.press(']');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent.startsWith('1/'));
    assert.ok(await onScreen('#step-canvas'), 'the stage on screen');
    assert.ok(await onScreen('#layout-canvas'), 'the picture still on screen');
    assert.ok((await scrolls()).h <= 0, 'still no page scroll');
    await page.waitForTimeout(600);
    await screenshot(page, `present-${width}x${height}-stages`, { fullPage: false });
    await page.click('#step-off');

    // And so does compare.
    await page.click('#compare-toggle');
    await page.waitForSelector('#compare-canvas');
    await page.waitForTimeout(200);
    assert.ok(await onScreen('#compare-canvas'), 'the compared memory on screen');
    assert.ok(await onScreen('#layout-canvas'), 'the picture still on screen');
    assert.ok((await scrolls()).h <= 0, 'still no page scroll');
    await screenshot(page, `present-${width}x${height}-compare`, { fullPage: false });
    await page.click('#compare-toggle');

    // `p` again leaves it: the page as it was, the address without it.
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.querySelector('main.app.present') === null);
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('present'));
    assert.deepEqual(app.errors, []);
  });
}

test('?present=1 opens in presentation mode, and the button turns it off', async () => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent('f32[2,3]{0,1}')}&present=1`);
  await waitForPicture(page);
  await presenting();
  assert.ok((await scrolls()).h <= 0);
  await page.click('#present-toggle');
  await page.waitForFunction(() => document.querySelector('main.app.present') === null);
  assert.equal(await page.getAttribute('#present-toggle', 'aria-pressed'), 'false');
  assert.deepEqual(app.errors, []);
});
