// Large pastes end to end (issue 15): 5 MB and 20 MB HLO modules pasted
// with a real Ctrl+V (clipboard permission) are held as a document, not in
// the box; the page stays a sane height (the table and the text view are
// bounded scroll boxes); the text is saved in IndexedDB and found again
// after a reload; then typing a normal shape draws it. Correctness only:
// the timings are tests/e2e/bench_paste.mjs. Alone:
// (cd tests/e2e && node --test paste.test.mjs).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshot, stopAll, typeShape, waitForPicture } from './harness.mjs';
import { hloModule, openPastingApp, pasteText, waitForHeld } from './pasting.mjs';

let app;
let page;

before(async () => {
  app = await openPastingApp();
  page = app.page;
});
after(stopAll);

for (const mb of [5, 20]) {
  test(`${mb} MB with Ctrl+V: held, a bounded page, saved, back after a reload, then a shape draws`, { timeout: 120_000 }, async () => {
    const text = hloModule(mb * 1_000_000);
    await page.evaluate(() => document.getElementById('document-clear')?.click());
    await pasteText(page, text);
    await waitForHeld(page, text.length, { timeout: 30_000 });
    // Never in the native box (which holds nothing, or the table's first
    // row once the scan is done: the box was empty).
    const boxed = await page.inputValue('#shape-input');
    assert.ok(boxed === '' || boxed === 'f32[128,256]{1,0:T(8,128)}', `the box holds ${boxed.slice(0, 80)}`);
    // Nothing of it echoed in the error region (the old app put all 15 MB
    // of a bad paste's error there).
    assert.equal(await page.textContent('#shape-error'), '');
    // The page stays a sane height: the table and the text view scroll
    // inside boxes of their own (before the fix: 2.6 million px for 5 MB).
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // On failure, say which part of the page is tall.
    const tallest = height < 4000 ? '' : await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .map((e) => [e.offsetHeight, `${e.tagName.toLowerCase()}#${e.id}.${[...e.classList].join('.')}`])
        .sort((a, b) => b[0] - a[0]).slice(0, 8).map(([h, n]) => `${n} ${h}px`).join(', '));
    // Seen twice in CI (11,370 px both times, #cell-info 9,520 px of it),
    // never reproduced locally: say what the cell panel held.
    const cell = height < 4000 ? '' : await page.evaluate(() => document.getElementById('cell-info')?.innerText.slice(0, 600) ?? '');
    assert.ok(height < 4000, `page height ${height} px: ${tallest}; #cell-info says ${JSON.stringify(cell)}`);
    const lines = Number(await page.getAttribute('#document-text', 'data-lines'));
    assert.equal(lines, text.split('\n').length);
    if (mb === 5) {
      // Scanned to the end: one row per result and per operand.
      await page.waitForFunction(() => /shapes found$/.test(document.getElementById('document-summary')?.textContent ?? ''), null, { timeout: 60_000 });
      const rows = Number(await page.getAttribute('#scan-table', 'data-rows'));
      const adds = (text.match(/%add\./g) ?? []).length;
      assert.ok(rows >= 3 * adds, `${rows} rows for ${adds} instructions`);
      await screenshot(page, 'paste-5mb');
    }
    // Saved in IndexedDB, and back after a reload with the same length.
    await page.waitForSelector('#document-bar[data-saved="true"]', { timeout: 30_000 });
    await page.reload();
    await waitForHeld(page, text.length, { timeout: 60_000 });
    // The very text: its last line is in the text view.
    await page.$eval('#document-text', (el) => { el.scrollTop = el.scrollHeight; });
    await page.waitForFunction((last) => [...document.querySelectorAll('#document-text .tl')].some((l) => l.textContent.endsWith(last)), text.split('\n').at(-2).slice(-40));
    // Typing a normal shape still draws it.
    const generation = Number(await page.getAttribute('#layout-canvas', 'data-generation'));
    await typeShape(page, 'f32[3,5]{1,0:T(2,2)}');
    await waitForPicture(page, { after: generation });
    assert.equal(await page.textContent('#shape-canonical'), 'f32[3,5]{1,0:T(2,2)}');
    assert.deepEqual(app.errors, []);
  });
}
