// The idle warm-up (src/ui/web/warm.rs) readies on canvases outside the
// page what a first keystroke would otherwise make in the page's canvas:
// the cell labels' fonts at their few whole-pixel sizes (Chromium
// rasterises a font's glyphs once per size) and the hatching of padding.
// Checked by recording, in the page, every font set on a canvas and every
// pattern made (docs/performance/warm-up.md, "Glyphs at new sizes, and the
// hatching"). With label sizes to a tenth of a pixel, or a pattern made per
// painter, this fails.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openApp, stopAll, typeShape, waitForPicture } from './harness.mjs';

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
  await page.addInitScript(() => {
    const proto = CanvasRenderingContext2D.prototype;
    const font = Object.getOwnPropertyDescriptor(proto, 'font');
    window.__canvasFonts = [];
    window.__canvasPatterns = 0;
    Object.defineProperty(proto, 'font', {
      configurable: true,
      get() {
        return font.get.call(this);
      },
      set(value) {
        window.__canvasFonts.push({ inPage: this.canvas.isConnected, value: String(value) });
        font.set.call(this, value);
      },
    });
    window.__zeroTimeouts = 0;
    window.__portMessages = 0;
    const setTimeout0 = window.setTimeout;
    window.setTimeout = function (f, ms, ...rest) {
      if (!ms) window.__zeroTimeouts += 1;
      return setTimeout0.call(this, f, ms, ...rest);
    };
    const postMessage = MessagePort.prototype.postMessage;
    MessagePort.prototype.postMessage = function (...args) {
      window.__portMessages += 1;
      return postMessage.apply(this, args);
    };
    const createPattern = proto.createPattern;
    proto.createPattern = function (...args) {
      window.__canvasPatterns += 1;
      return createPattern.apply(this, args);
    };
  });
});
after(stopAll);

/** Waits until the warm-up's tasks (`warm` timings) stop coming for 600 ms. */
async function warmUpDone() {
  let last = -1;
  for (let i = 0; i < 100; i += 1) {
    const n = await page.evaluate(() => window.__xlaLayoutTimings?.warm?.length ?? 0);
    if (n > 0 && n === last) return n;
    last = n;
    await page.waitForTimeout(600);
  }
  throw new Error('the warm-up never finished');
}

// Cells of several sizes, each with padding and labels.
const SHAPES = [
  'f32[3,5]{1,0:T(2,2)}',
  'f32[3,6]{1,0:T(2,2)}',
  'f32[5,5]{1,0:T(2,2)}',
  'f32[2,3]{0,1}',
  'f32[4,7]{1,0:T(2,2)}',
  's32[9,13]{1,0:T(4,4)}',
  'f32[6,10]{0,1:T(4,4)}',
];

test('after the warm-up, typing draws labels only in fonts it drew, and makes no pattern', async () => {
  await page.goto(app.baseUrl);
  await waitForPicture(page);
  const tasks = await warmUpDone();
  const warm = await page.evaluate(() => ({
    fonts: [...new Set(window.__canvasFonts.filter((f) => !f.inPage).map((f) => f.value))],
    patterns: window.__canvasPatterns,
  }));
  assert.ok(tasks >= 8, `the warm-up ran ${tasks} tasks`);
  // Seven label sizes at least, whole pixels, and the hatching in both themes.
  const sizes = warm.fonts.map((f) => Number(/(^|\s)([\d.]+)px/.exec(f)?.[2]));
  for (const size of [9, 10, 11, 12, 13, 14, 15]) {
    assert.ok(sizes.includes(size), `the warm-up drew ${size}px: ${JSON.stringify(warm.fonts)}`);
  }
  assert.ok(warm.patterns >= 2, `the warm-up made ${warm.patterns} patterns`);

  const before = await page.evaluate(() => window.__canvasFonts.length);
  for (const shape of SHAPES) {
    const after = await page.evaluate(() => Number(document.getElementById('layout-canvas').dataset.generation));
    await typeShape(page, shape);
    await waitForPicture(page, { after });
  }
  const typed = await page.evaluate(
    (from) => ({
      fonts: [...new Set(window.__canvasFonts.slice(from).filter((f) => f.inPage).map((f) => f.value))],
      patterns: window.__canvasPatterns,
    }),
    before,
  );
  // Not vacuous: the shapes' cells were labelled, at more than one size.
  const cellSizes = new Set(
    typed.fonts.filter((f) => !f.startsWith('600') && !/^(10\.5|11(\.0)?)px/.test(f)).map((f) => f.split('px')[0]),
  );
  assert.ok(cellSizes.size >= 2, `cell labels at ${[...cellSizes]}: ${JSON.stringify(typed.fonts)}`);
  const cold = typed.fonts.filter((f) => !warm.fonts.includes(f));
  assert.deepEqual(cold, [], 'fonts the warm-up had not drawn');
  assert.equal(typed.patterns, warm.patterns, 'patterns made while typing');
  assert.deepEqual(app.errors, []);
});

test('the warm-up runs as posted messages, not a chain of clamped zero-delay timers', async () => {
  await page.goto(app.baseUrl);
  await waitForPicture(page);
  const tasks = await warmUpDone();
  const counts = await page.evaluate(() => ({ timeouts: window.__zeroTimeouts, messages: window.__portMessages }));
  // Every task after the first follows the one before through the channel
  // (src/ui/web/soon.rs); a setTimeout(0) chain waits 4 ms a task from its
  // fifth on.
  assert.ok(counts.messages >= tasks - 1, `${counts.messages} messages for ${tasks} tasks`);
  assert.ok(counts.timeouts < tasks / 4, `${counts.timeouts} zero-delay timeouts for ${tasks} tasks`);
});
