// End-to-end tests of reading what users hold (issues 7 and 15): one HLO
// instruction part by part, a memory report's table with its match marks,
// picking a row, and a 5 MB paste held as a document (real Ctrl+V), kept
// across a reload. Alone: (cd tests/e2e && node --test scan.test.mjs).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { repoRoot, screenshot, stopAll, typeShape, waitForPicture, waitForQuery } from './harness.mjs';
import { hloModule, openPastingApp, pasteText, waitForHeld } from './pasting.mjs';

const fixture = (name) => readFileSync(join(repoRoot, 'tests/fixtures/hlo', name), 'utf8');
const SEED = fixture('seed_instructions.txt');
const FUSION = SEED.slice(SEED.indexOf('%fusion.3')).trimEnd();
const REPORT = fixture('report_tpu.txt');

let app;
let page;

before(async () => {
  app = await openPastingApp();
  page = app.page;
});
after(stopAll);

/** Pastes `text` into the empty box with Ctrl+V. */
const paste = (text) => pasteText(page, text);

test('the seed fusion instruction, part by part; its operand one click away', async () => {
  await paste(FUSION);
  await page.waitForSelector('#hlo-breakdown');
  const parts = await page.$$eval('#hlo-breakdown .hlo-parts li', (lis) =>
    lis.map((li) => [li.querySelector('.part-label').textContent, li.querySelector('code').textContent]),
  );
  // The seed page's list for this instruction (XLA docs, "Shapes and layout").
  assert.deepEqual(parts.slice(0, 4), [
    ['Op name', '%fusion.3'],
    ['Shape', 'bf16[32,32,4096]'],
    ['Layout', '2,1,0:T(8,128)(2,1)S(1)'],
    ['Operation', 'fusion'],
  ]);
  assert.equal(parts[4][0], 'Argument');
  assert.match(parts[4][1], /^bf16\[32,32,8192\]\{2,1,0:T\(8,128\)\(2,1\)S\(1\)\}\s+%fusion\.32$/);
  assert.deepEqual(parts.slice(5).map((p) => p[1]), ['kind=kCustom', 'calls=%all-reduce-scatter.3']);
  const layout = await page.textContent('#hlo-breakdown li.hl-layout');
  assert.match(layout, /S\(1\): 1, .*VMEM/);
  // Highlights are marks over text nodes, and cover the parts as written.
  const marks = await page.$$eval('#hlo-breakdown .hlo-text mark', (ms) => ms.map((m) => m.textContent));
  assert.ok(marks.includes('%fusion.3') && marks.includes('fusion'));
  // The result shape is drawn.
  assert.equal(await page.textContent('#shape-canonical'), 'bf16[32,32,4096]{2,1,0:T(8,128)(2,1)S(1)}');
  // The instruction is the seed-hlo-fusion preset's text, so the address
  // names the preset (a link that brings the breakdown back, issue 71),
  // not the instruction nor its bare result shape.
  await waitForQuery(page, 'preset', 'seed-hlo-fusion');
  await screenshot(page, 'scan-breakdown');
  // The operand's shape, one click away; the breakdown stays.
  await page.click('#hlo-breakdown li.hl-arg button');
  await page.waitForFunction(() => document.getElementById('shape-canonical')?.textContent === 'bf16[32,32,8192]{2,1,0:T(8,128)(2,1)S(1)}');
  assert.ok(await page.$('#hlo-breakdown'));
});

test('a memory report: the table, its match marks, picking a row', async () => {
  await paste(REPORT);
  await page.waitForSelector('#scan-table tr.scan-row');
  await page.waitForFunction(() => !document.getElementById('document-summary')?.textContent.includes('scanning'));
  const summary = await page.textContent('#document-summary');
  assert.match(summary, /^memory report: /);
  // The text never entered the box; the box says how long the document is.
  assert.equal(await page.getAttribute('#shape-input', 'data-text-length'), String(REPORT.length));
  // The paste went into an empty box, so once the table is listed its first
  // row is picked and drawn: the shape that wastes the most, allocation 1
  // (Size 16.00M for 384.0K of data in the report's own figures).
  const FIRST = 'f32[4096,8,3]{2,1,0:T(8,128)}';
  await waitForQuery(page, 'shape', FIRST);
  assert.equal(await page.inputValue('#shape-input'), FIRST);
  assert.equal(await page.textContent('#shape-canonical'), FIRST);
  assert.equal(await page.locator('#scan-table tr.scan-row').first().getAttribute('aria-selected'), 'true');
  const rows = await page.$$eval('#scan-table tr.scan-row', (trs) =>
    trs.map((tr) => ({
      where: tr.cells[0].textContent,
      shape: tr.cells[1].textContent,
      marks: [...tr.querySelectorAll('[data-match]')].map((m) => m.dataset.match),
    })),
  );
  // Largest waste first: allocation 1 pads 384.0K of data to 16.00M.
  assert.equal(rows[0].shape, 'f32[4096,8,3]{2,1,0:T(8,128)}');
  assert.match(rows[0].where, /^allocation 1 /);
  assert.deepEqual(rows[0].marks, ['true', 'true']);
  // Allocation 3 reports 32.00M of padding for an untiled shape: no match.
  const third = rows.find((r) => r.where.startsWith('allocation 3'));
  assert.ok(third.marks.includes('false'), JSON.stringify(third));
  // Filter.
  await page.fill('#scan-filter', 'u8[');
  await page.waitForFunction(() => document.querySelectorAll('#scan-table tr.scan-row').length === 1);
  await page.fill('#scan-filter', '');
  // Sort by shape text.
  await page.click('#scan-table th:nth-child(2)');
  const sorted = await page.$$eval('#scan-table tr.scan-row', (trs) => trs.map((tr) => tr.cells[1].textContent));
  assert.deepEqual(sorted, [...sorted].sort());
  // Pick a row: it is drawn and goes to ?shape=; the report text does not.
  await page.click('#scan-table th:nth-child(7)');
  const row = page.locator('#scan-table tr.scan-row', { hasText: 'f32[1024,245,64]' }).first();
  await row.click();
  await waitForQuery(page, 'shape', 'f32[1024,245,64]{1,2,0:T(8,128)}');
  assert.equal(await page.textContent('#shape-canonical'), 'f32[1024,245,64]{1,2,0:T(8,128)}');
  assert.ok(!page.url().includes('Size'));
  // The text view shows the picked shape highlighted.
  await page.waitForFunction(() => document.querySelector('#document-text mark.picked')?.textContent === 'f32[1024,245,64]{1,2,0:T(8,128)}');
  await screenshot(page, 'scan-report');
  await page.click('#document-clear');
  await page.waitForFunction(() => !document.getElementById('shape-input').hasAttribute('data-text-length'));
});

test('a paste beside a shape the box draws keeps that shape; the table waits for a pick', async () => {
  await page.evaluate(() => document.getElementById('document-clear')?.click());
  await typeShape(page, 'f32[3,5]{1,0:T(2,2)}');
  await waitForQuery(page, 'shape', 'f32[3,5]{1,0:T(2,2)}');
  // Ctrl+V with the caret in the box, its text kept (not pasteText, which
  // empties the box first).
  await page.evaluate((t) => navigator.clipboard.writeText(t), REPORT);
  await page.focus('#shape-input');
  await page.keyboard.press('End');
  await page.keyboard.press('Control+V');
  await page.waitForSelector('#scan-table tr.scan-row');
  await page.waitForFunction(() => /shapes found$/.test(document.getElementById('document-summary')?.textContent ?? ''));
  // Two frames and a task after the listing: when a pick would have come.
  await page.waitForTimeout(300);
  assert.equal(await page.inputValue('#shape-input'), 'f32[3,5]{1,0:T(2,2)}');
  assert.equal(await page.textContent('#shape-canonical'), 'f32[3,5]{1,0:T(2,2)}');
  assert.equal(await page.$('#scan-table tr.scan-row[aria-selected="true"]'), null);
  await page.click('#document-clear');
  await page.fill('#shape-input', '');
});

test('half a shape typed while a scan runs is kept: the pick at its end waits for a box left as it was', async () => {
  await page.evaluate(() => document.getElementById('document-clear')?.click());
  // Right after the app takes the paste (its own handler, earlier in the
  // same event), the box gets half a shape, an error, as typing does. The
  // scan starts in a later task, so it ends after this edit every time.
  const HALF = 'f32[3,5]{1,0:T(2,2)';
  await page.evaluate((half) => window.addEventListener('paste', () => {
    const box = document.getElementById('shape-input');
    box.value = half;
    box.dispatchEvent(new InputEvent('input', { bubbles: true }));
  }, { once: true }), HALF);
  const text = hloModule(1_000_000);
  await paste(text);
  await waitForHeld(page, text.length);
  await page.waitForFunction(() => /shapes found$/.test(document.getElementById('document-summary')?.textContent ?? ''), null, { timeout: 60_000 });
  // Two frames and a task after the listing: when a pick would have come.
  await page.waitForTimeout(300);
  assert.equal(await page.inputValue('#shape-input'), HALF);
  assert.equal(await page.$('#scan-table tr.scan-row[aria-selected="true"]'), null);
  assert.match(await page.textContent('#shape-error'), /\S/);
  await page.click('#document-clear');
  await page.fill('#shape-input', '');
});

test('5 MB with Ctrl+V: held as a document, scanned, kept after a reload', async () => {
  const text = hloModule(5_000_000);
  await paste(text);
  await waitForHeld(page, text.length);
  await page.waitForFunction(() => /HLO module: .* shapes found$/.test(document.getElementById('document-summary')?.textContent ?? ''), null, { timeout: 60_000 });
  // The first row is picked and drawn, not the shape picked from the
  // report before (all of this module's shapes waste nothing, so the first
  // is the first in the text: the entry computation's parameter).
  await page.waitForFunction(() => document.querySelector('#scan-table tr.scan-row')?.getAttribute('aria-selected') === 'true');
  const first = await page.locator('#scan-table tr.scan-row').first().locator('td').nth(1).textContent();
  assert.equal(first, 'f32[128,256]{1,0:T(8,128)}');
  assert.equal(await page.inputValue('#shape-input'), first);
  assert.equal(await page.textContent('#shape-canonical'), first);
  // Only the rows in view are in the DOM.
  const drawn = await page.$$eval('#scan-table tr.scan-row', (trs) => trs.length);
  const total = Number(await page.getAttribute('#scan-table', 'data-rows'));
  assert.ok(total > 30_000, `${total} rows`);
  assert.ok(drawn < 100, `${drawn} rows in the DOM`);
  const lines = await page.$$eval('#document-text .tl', (ls) => ls.length);
  assert.ok(lines < 100, `${lines} lines in the DOM`);
  // The viewport only: Chromium cannot capture the whole page once a
  // 5 MB document has made it very tall.
  await screenshot(page, 'scan-5mb', { fullPage: false });
  // Saved, and back after a reload.
  await page.waitForTimeout(500);
  assert.equal(await page.$('#document-save-error'), null);
  await page.reload();
  await waitForHeld(page, text.length, { timeout: 30_000 });
  // Typing a normal shape still draws it.
  const before = Number(await page.getAttribute('#layout-canvas', 'data-generation'));
  await typeShape(page, 'f32[3,5]{1,0:T(2,2)}');
  await waitForPicture(page, { after: before });
  assert.equal(await page.textContent('#shape-canonical'), 'f32[3,5]{1,0:T(2,2)}');
  assert.deepEqual(app.errors, []);
});
