// Issue 8 in the browser: the summary's headline sentence and factor
// table, suggestions one click away, the worked steps of a pinned element,
// and the "compare with" box. Expected values come from the issue and the
// docs: s32[8388608,8,4]{2,1,0:T(8,128)} is 32x because dim 2 (x=4) is
// padded to 128; (2,3) of f32[3,5]{1,0:T(2,2)} is at 17 (tiled_layout.md);
// the seeds' [2x3] {1,0} holds a b c d e f and {0,1} a d b e c f, so a copy
// moves 4 of the 6 elements (only a and f keep their place).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  canvasView,
  cellPoint,
  choosePreset,
  clickAt,
  openApp,
  queryParam,
  screenshot,
  stopAll,
  typeShape,
  waitForPicture,
  waitForQuery,
  waitForText,
} from './harness.mjs';

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

const open = async (query) => {
  await page.goto(`${app.baseUrl}?${query}`);
  return waitForPicture(page);
};

test('the summary leads with the sentence and the factors', async () => {
  await open(`shape=${encodeURIComponent('s32[8388608,8,4]{2,1,0:T(8,128)}')}`);
  await waitForText(
    page,
    '#explain-sentence',
    '32x: dim 2 (x=4) is the most minor dim and is padded to 128 by the (8,128) tile',
  );
  const rows = await page.$$eval('#explain-factors tbody tr', (trs) =>
    trs.map((tr) => [...tr.children].map((td) => td.textContent.trim())),
  );
  // Level 1 pads dim 2 from 4 to 128 (the tile's 128).
  assert.ok(
    rows.some((r) => r[0] === '1' && r[1] === '2' && r[2] === '4' && r[3] === '128' && r[5] === '128'),
    JSON.stringify(rows),
  );
  await screenshot(page, 'explain-01-sentence');
  await page.click('#suggest-button');
  await page.waitForSelector('#suggestions .suggestion');
  assert.match(await page.textContent('#suggestions'), /XLA chooses layouts itself/);
  await screenshot(page, 'explain-02-suggestions');
  const best = (await page.textContent('#suggestions .suggestion')).trim();
  assert.ok(best.startsWith('s32[8388608,8,4]{0,1,2'), best);
  await page.click('#suggestions .suggestion');
  await waitForQuery(page, 'shape', best);
  assert.equal(await page.inputValue('#shape-input'), best);
});

test('a pinned element shows the worked steps to its offset', async () => {
  const view = await open(`shape=${encodeURIComponent('f32[3,5]{1,0:T(2,2)}')}`);
  await clickAt(page, ...cellPoint(view, 'logical', 3, 2));
  await waitForText(page, '#cell-info h2', 'Pinned cell: Element (2, 3)');
  await waitForText(page, '#worked-steps caption', 'How the tiling arrives at offset 17');
  const stages = await page.$$eval('#worked-steps tbody tr', (trs) =>
    trs.map((tr) => [tr.querySelector('th').textContent.trim(), tr.querySelector('td').textContent.trim()]),
  );
  assert.deepEqual(stages.at(-1), ['linear memory', '(17)']);
  assert.ok(stages.some(([s, i]) => s.endsWith('split into tiles') && i === '(1, 0, 1, 1)'), JSON.stringify(stages));
  await screenshot(page, 'explain-03-worked-2-3');
});

test('the seeds comparison: a copy moving 4 of 6 elements, kept in the address', async () => {
  await open(`shape=${encodeURIComponent('f32[2,3]{1,0}')}`);
  await page.click('#compare-toggle');
  assert.equal(await page.inputValue('#compare-input'), 'f32[2,3]{0,1}');
  await waitForText(page, '#compare-verdict', 'a copy: moves 4 of 6 elements (footprints 24 B and 24 B)');
  await waitForQuery(page, 'compare', 'f32[2,3]{0,1}');
  await screenshot(page, 'explain-04-compare');
  await page.fill('#compare-input', 'f32[3,2]{1,0}');
  await page.waitForFunction(() => document.querySelector('#compare-error').textContent.includes('dim 0'));
  assert.equal((await page.textContent('#shape-error')).trim(), '', 'the main input has no error');
  // The preset loads both.
  await choosePreset(page, 'seed-2x3-compare');
  assert.equal(await page.inputValue('#compare-input'), 'f32[2,3]{0,1}');
  await waitForText(page, '#compare-verdict', 'a copy: moves 4 of 6 elements (footprints 24 B and 24 B)');
  assert.equal(queryParam(page, 'shape') !== null, true);
  await canvasView(page);
});

test('step mode walks the stages to linear memory, where (2,3) is 17', async () => {
  const view = await open(`shape=${encodeURIComponent('f32[3,5]{1,0:T(2,2)}')}`);
  await clickAt(page, ...cellPoint(view, 'logical', 3, 2));
  await page.click('#step-next');
  await page.waitForFunction(() => document.querySelector('#step-label').textContent.startsWith('1/'));
  const total = Number((await page.textContent('#step-label')).match(/^1\/(\d+)/)[1]);
  await screenshot(page, 'explain-05-stage-1');
  for (let k = 2; k <= total; k++) {
    await page.keyboard.press(']');
    await page.waitForFunction((k) => document.querySelector('#step-label').textContent.startsWith(`${k}/`), k);
    await screenshot(page, `explain-05-stage-${k}`);
  }
  assert.match(await page.textContent('#step-label'), /linear memory$/);
  await waitForText(page, '#worked-steps caption', 'How the tiling arrives at offset 17');
  await page.keyboard.press('[');
  await page.waitForFunction((k) => document.querySelector('#step-label').textContent.startsWith(`${k}/`), total - 1);
});

test('the panels follow the picture a frame later: its paint never waits for them', async () => {
  await open(`shape=${encodeURIComponent('s32[8388608,8,4]{2,1,0:T(8,128)}')}`);
  await page.waitForFunction(() => document.querySelector('#explain-sentence')?.textContent.startsWith('32x: dim 2 (x=4)'));
  // What the panels say when the new picture's labels are drawn (the
  // first canvas font set after the keystroke).
  await page.evaluate(() => {
    const desc = Object.getOwnPropertyDescriptor(CanvasRenderingContext2D.prototype, 'font');
    window.__atPaint = null;
    Object.defineProperty(CanvasRenderingContext2D.prototype, 'font', {
      configurable: true,
      get() { return desc.get.call(this); },
      set(v) {
        if (window.__atPaint === null && window.__armed) {
          window.__atPaint = {
            sentence: document.querySelector('#explain-sentence')?.textContent ?? '',
            described: document.querySelector('#canvas-text p')?.textContent ?? '',
          };
        }
        desc.set.call(this, v);
      },
    });
    window.__armed = true;
  });
  const inputs = await page.evaluate(() => window.__xlaLayoutTimings?.input?.length ?? 0);
  await typeShape(page, 'f32[3,5]{1,0:T(2,2)}');
  await page.waitForFunction((n) => (window.__xlaLayoutTimings?.input?.length ?? 0) > n, inputs);
  const atPaint = await page.evaluate(() => window.__atPaint);
  assert.ok(atPaint, 'the new picture drew its labels');
  assert.match(atPaint.sentence, /^32x: dim 2 \(x=4\)/, 'the summary had not changed yet');
  assert.match(atPaint.described, /dimensions \[8388608, 8, 4\]/, 'nor the canvas in words');
  // A frame later they show the new shape, and say when they did.
  await page.waitForFunction(() => document.querySelector('#canvas-text p').textContent.includes('dimensions [3, 5]'));
  await page.waitForFunction(() => !document.querySelector('#explain-sentence').textContent.startsWith('32x'));
  const { input, panels } = await page.evaluate(() => ({
    input: window.__xlaLayoutTimings.input.at(-1),
    panels: window.__xlaLayoutTimings.panels?.at(-1),
  }));
  assert.ok(panels >= input, `panels ${panels} ms after the input, the picture ${input} ms`);
});

test('typing renders the cell panel once, after the picture: not on each keystroke', async () => {
  // Issue 24: each render of the app used to give its children a new
  // dispatch callback, so every keystroke rendered the side panels again
  // (with the model they already showed) before the canvas could paint.
  await open(`shape=${encodeURIComponent('s32[8388608,8,4]{2,1,0:T(8,128)}')}`);
  await page.waitForFunction(() => document.querySelector('#explain-sentence')?.textContent.startsWith('32x'));
  const count = () => page.evaluate(() => window.__xlaLayoutTimings?.['render.info']?.length ?? 0);
  const before = await count();
  assert.ok(before > 0, 'the cell panel records its renders');
  // Two input events: the shape less its last character (not valid), then
  // the last character.
  await typeShape(page, 'f32[3,5]{1,0:T(2,2)}');
  await page.waitForFunction(() => document.querySelector('#canvas-text p')?.textContent.includes('dimensions [3, 5]'));
  await page.waitForTimeout(200);
  const renders = await page.evaluate((n) => window.__xlaLayoutTimings['render.info'].slice(n), before);
  const paints = await page.evaluate(() => window.__xlaLayoutTimings.input.at(-1));
  assert.equal(renders.length, 1, `the cell panel rendered ${renders.length} times (at ${renders.map(Math.round)} ms)`);
  assert.ok(paints > 0, 'the picture was painted');
});
