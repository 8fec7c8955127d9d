// The timeline view (issue 69): XLA's dump files opened with
// input#open-dump, dropped on the page, or pasted into the shape box;
// #timeline's peaks checked against the numbers scripts/dump-fixtures.py
// wrote beside each fixture (its own sum of the bytes live per step, and
// XLA's stated peak as printed), the chosen step moved by the keyboard
// and the pointer. Alone: (cd tests/e2e && node --test timeline.test.mjs).

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AXE_SOURCE, AXE_TAGS, runAxe } from './axe.mjs';
import { repoRoot, screenshot, stopAll, waitForPicture } from './harness.mjs';
import { openPastingApp, pasteText } from './pasting.mjs';

const DUMP = join(repoRoot, 'tests/fixtures/dump');

/** A fixture module's files (the four XLA writes) and the script's numbers. */
function fixture(version, prefix) {
  const dir = join(DUMP, version);
  const files = readdirSync(dir)
    .filter((f) => f.startsWith(`${prefix}.`) && !f.endsWith('.xla.json'))
    .map((f) => join(dir, f));
  const want = JSON.parse(readFileSync(join(dir, `${prefix}.xla.json`), 'utf8'));
  return { files, want };
}

let app;
let page;

before(async () => {
  app = await openPastingApp();
  page = app.page;
});
after(stopAll);

/** #timeline's attributes once it shows `module`. */
async function timelineOf(module) {
  await page.waitForSelector(`#timeline[data-module="${module}"]`);
  return page.$eval('#timeline', (el) => ({
    peakBytes: Number(el.dataset.peakBytes),
    peakStep: Number(el.dataset.peakStep),
    xlaPeakStep: el.dataset.xlaPeakStep === undefined ? null : Number(el.dataset.xlaPeakStep),
    steps: Number(el.dataset.steps),
  }));
}

const at = () => page.textContent('#timeline-at');

test('timeline: a module opened with input#open-dump shows both peaks, as the script counted them', async () => {
  await page.waitForSelector('input#open-dump');
  const { files, want } = fixture('jax-0.10.2', 'module_0000.jit_mlp');
  await page.setInputFiles('input#open-dump', files);
  const t = await timelineOf('module_0000.jit_mlp');
  assert.equal(t.peakBytes, want.brute_force.peak.bytes);
  assert.equal(t.peakStep, want.brute_force.peak.step);
  assert.equal(t.xlaPeakStep, want.stated_peak.step);
  assert.equal(t.steps, want.brute_force.bytes_per_step.length);
  // The chosen step starts at the fullest one, named with its bytes.
  const bytes = want.brute_force.peak.bytes.toLocaleString('en-US');
  assert.match(await at(), new RegExp(`^step ${t.peakStep} of ${t.steps - 1}: .*${bytes} B`));
  // Both peaks are said, XLA's apart from the fullest step.
  const peaks = await page.$$eval('.timeline-peaks li', (lis) => lis.map((li) => li.textContent));
  assert.match(peaks[0], new RegExp(`Fullest step .*step ${t.peakStep}`));
  assert.match(peaks[1], new RegExp(`XLA's stated peak .*step ${want.stated_peak.step}`));
  await screenshot(page, 'timeline-opened');
});

test('timeline: the arrow keys and the pointer move the chosen step', async () => {
  const { want } = fixture('jax-0.10.2', 'module_0000.jit_mlp');
  const perStep = want.brute_force.bytes_per_step;
  const chart = page.locator('#timeline-chart');
  await chart.focus();
  await page.keyboard.press('Home');
  assert.match(await at(), new RegExp(`^step 0 of 7: .*${perStep[0].toLocaleString('en-US')} B`));
  assert.equal(await chart.getAttribute('aria-valuenow'), '0');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await at(), new RegExp(`^step 2 of 7: .*${perStep[2].toLocaleString('en-US')} B`));
  await page.keyboard.press('End');
  assert.match(await at(), /^step 7 of 7: the computation's end/);
  // The pointer over the middle of step 5's share of the width.
  const box = await chart.boundingBox();
  await page.mouse.move(box.x + (box.width * 5.5) / perStep.length, box.y + box.height / 2);
  await page.waitForFunction(() => document.getElementById('timeline-chart').getAttribute('aria-valuenow') === '5');
  assert.match(await at(), new RegExp(`^step 5 of 7: .*${perStep[5].toLocaleString('en-US')} B`));
});

test('timeline: the older layout (jax 0.4.x, live ranges inside the buffer assignment), several modules', async () => {
  const a = fixture('jax-0.4.38', 'module_0001.jit_mlp');
  const b = fixture('jax-0.4.38', 'module_0011.jit_sgd');
  await page.setInputFiles('input#open-dump', [...a.files, ...b.files]);
  let t = await timelineOf('module_0001.jit_mlp');
  assert.equal(t.peakBytes, a.want.brute_force.peak.bytes);
  assert.equal(t.xlaPeakStep, a.want.stated_peak.step);
  const option = await page.$eval('#timeline-module', (sel) => [...sel.options].find((o) => /module_0011\.jit_sgd/.test(o.textContent)).value);
  await page.selectOption('#timeline-module', option);
  t = await timelineOf('module_0011.jit_sgd');
  assert.equal(t.peakBytes, b.want.brute_force.peak.bytes);
  assert.equal(t.peakStep, b.want.brute_force.peak.step);
  assert.equal(t.xlaPeakStep, b.want.stated_peak.step);
  // Byte counts of a module 8 devices run are per device.
  assert.match(await page.textContent('#timeline-title'), /per device \(each of 8\)/);
});

test('timeline: files dropped on the page open, other files are left alone', async () => {
  const { files, want } = fixture('jax-0.10.2', 'module_0004.jit_scan_remat');
  const named = files.map((f) => ({ name: f.split('/').pop(), text: readFileSync(f, 'utf8') }));
  named.push({ name: 'notes.txt', text: 'not a dump file' });
  await page.evaluate((list) => {
    const data = new DataTransfer();
    for (const { name, text } of list) data.items.add(new File([text], name, { type: 'text/plain' }));
    const target = document.querySelector('.dump-panel');
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, named);
  const t = await timelineOf('module_0004.jit_scan_remat');
  assert.equal(t.peakBytes, want.brute_force.peak.bytes);
  assert.equal(t.xlaPeakStep, want.stated_peak.step);
  assert.equal(await page.$('#timeline-problems'), null, 'notes.txt was not read');
});

test('timeline: pasted texts (buffer assignment, live ranges, the module) open it, not the shape box', async () => {
  const { files, want } = fixture('jax-0.10.2', 'module_0006.jit_tuples');
  const text = (suffix) => readFileSync(files.find((f) => f.endsWith(suffix)), 'utf8');
  await pasteText(page, text('-buffer-assignment.txt'));
  await page.waitForSelector('#timeline[data-module="module_0000.pasted"]');
  await pasteText(page, text('-live-range.txt'));
  await page.waitForFunction((n) => document.querySelector('#timeline')?.dataset.peakBytes === String(n), want.brute_force.peak.bytes);
  // Before the module's text, no step has a source; with it, step 3
  // (`wrapped_add`) names its op_name and line.
  await page.focus('#timeline-chart');
  await page.keyboard.press('Home');
  for (let k = 0; k < 3; k += 1) await page.keyboard.press('ArrowRight');
  assert.match(await at(), /^step 3 of 7: `wrapped_add`: /);
  await pasteText(page, text('_after_optimizations.txt'));
  await page.waitForFunction(() => /`wrapped_add` \(jit\(tuples\)\/add, scripts\/dump-fixtures\.py:\d+\)/.test(document.getElementById('timeline-at')?.textContent ?? ''));
  const t = await timelineOf('module_0000.pasted');
  assert.equal(t.peakStep, want.brute_force.peak.step);
  assert.equal(t.xlaPeakStep, want.stated_peak.step);
  assert.equal(await page.$('#document-bar'), null, 'no paste became the document');
  assert.equal(await page.inputValue('#shape-input'), '', 'the box was emptied for the paste, and nothing was put in it');
  await waitForPicture(page);
  await screenshot(page, 'timeline-pasted');
});

test('timeline: names with markup stay text, and what cannot be read is said with its file and line', async () => {
  const hostile = [
    'BufferAssignment:',
    'allocation 0: size 64, preallocated-temp:',
    ' value: <1 <img src=x onerror=alert(1)> @0> (size=64,offset=0): f32[16]{0}',
    'allocation 1: size oops',
    '',
  ].join('\n');
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'module_0099.x"<b>.cpu_after_optimizations-buffer-assignment.txt'));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, hostile);
  await page.waitForSelector('#timeline-module-problems');
  assert.equal(await page.$('#timeline img'), null);
  assert.equal(await page.$('#timeline b'), null);
  assert.match(await page.textContent('#timeline-title'), /x"<b>/);
  assert.match(await page.textContent('#timeline-module-problems'), /buffer-assignment\.txt:4: /);
});

/** Fails listing each axe violation (rule, help, the nodes and why). */
async function assertNoViolations(what) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(runAxe, AXE_TAGS);
  assert.deepEqual(violations, [], `${what}:\n${JSON.stringify(violations, null, 2)}`);
}

const SGD = fixture('jax-0.10.2', 'module_0010.jit_sgd');
/** Waits until the buffers' table shows step `t` (it follows a moved step once the step rests). */
const tableAt = (t) => page.waitForFunction((t) => document.getElementById('timeline-buffers-title')?.textContent.startsWith(`Buffers live at step ${t} (`), t);


test('timeline: the buffers live at the chosen step add up to it, by size or by padding', async () => {
  await page.setInputFiles('input#open-dump', SGD.files);
  const t = await timelineOf('module_0010.jit_sgd');
  await tableAt(t.peakStep);
  const rows = () => page.$$eval('#timeline-buffers tbody tr', (trs) =>
    trs.map((tr) => ({ bytes: Number(tr.cells[0].textContent.split(' B')[0].replaceAll(',', '')), padding: Number(tr.cells[1].textContent.split(' B')[0].replaceAll(',', '')), name: tr.cells[3].textContent })));
  let list = await rows();
  assert.equal(list.reduce((a, r) => a + r.bytes, 0), t.peakBytes, 'the peak step\'s buffers sum to its bytes');
  assert.ok(list.every((r, k) => k === 0 || list[k - 1].bytes >= r.bytes), 'largest first');
  // Step 0: the script's own count of that step.
  await page.focus('#timeline-chart');
  await page.keyboard.press('Home');
  await tableAt(0);
  list = await rows();
  assert.equal(list.reduce((a, r) => a + r.bytes, 0), SGD.want.brute_force.bytes_per_step[0]);
  await page.getByRole('button', { name: 'Padding' }).click();
  assert.equal(await page.getAttribute('#timeline-buffers th:nth-child(2)', 'aria-sort'), 'descending');
  assert.equal(await page.getAttribute('#timeline-buffers th:nth-child(1)', 'aria-sort'), 'none');
  list = await rows();
  assert.ok(list.every((r, k) => k === 0 || list[k - 1].padding >= r.padding), 'most padding first');
  await page.getByRole('button', { name: 'Bytes' }).click();
});

test('timeline: the heap map shows the temp heap and names its fragmentation, as the script counted it', async () => {
  const heap = await page.$eval('#timeline-heap', (el) => ({ allocation: el.dataset.allocation, unused: Number(el.dataset.unused), rects: el.querySelectorAll('rect').length }));
  const frag = SGD.want.brute_force.fragmentation[heap.allocation];
  assert.ok(frag, `allocation ${heap.allocation} is one the script measured`);
  assert.equal(heap.unused, frag.unused);
  assert.ok(heap.rects > 0 && heap.rects <= 48 * 200, `${heap.rects} rectangles`);
  const caption = await page.textContent('.timeline-heap-caption');
  assert.match(caption, new RegExp(`At most ${frag.most_live.toLocaleString('en-US')} B .*${frag.unused.toLocaleString('en-US')} B of it never used then \\(fragmentation\\)`));
});

test('timeline: a sharded parameter opens in the layout view as its whole array, with its sharding', async () => {
  // Parameter 0 of the training step over 8 devices: f32[64,64]{1,0} on
  // each device of f32[64,128] (docs/timeline.md's example).
  await page.focus('#timeline-chart');
  await page.keyboard.press('Home');
  await tableAt(0);
  await page.locator('#timeline-buffers button.open-buffer', { hasText: 'f32[64,64]{1,0}' }).first().click();
  await page.waitForFunction(() => document.getElementById('sharding-input')?.value !== '');
  const opened = await page.textContent('#timeline-opened');
  const sharding = await page.inputValue('#sharding-input');
  const shape = await page.inputValue('#shape-input');
  assert.match(sharding, /^\{devices=\[/);
  assert.match(opened, /cut \[/);
  assert.equal(shape, opened.match(/layout view above: (\S+)/)[1]);
  assert.match(shape, /^f32\[(64,128|128,64)\]\{1,0\}$/);
  await waitForPicture(page);
  await page.waitForSelector('#device-grid');
});

test('timeline: Export SVG gives the figure of the module', async () => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#timeline-export')]);
  assert.equal(download.suggestedFilename(), 'module_0010.jit_sgd-timeline.svg');
  const svg = readFileSync(await download.path(), 'utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(svg, /module_0010\.jit_sgd: bytes live per step, per device \(each of 8\)/);
});

test('timeline: no axe violations, light and dark; usable 360 px wide', async () => {
  await assertNoViolations('the timeline view');
  await page.selectOption('#theme-select', 'dark');
  await assertNoViolations('the timeline view, dark');
  await page.locator('#timeline').screenshot({ path: join(repoRoot, 'target/e2e/timeline-dark.png') });
  await page.selectOption('#theme-select', 'light');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.waitForTimeout(200);
  const wide = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.getElementById('timeline').getBoundingClientRect().right }));
  assert.ok(wide.view <= 360, `#timeline reaches ${wide.view} px`);
  assert.ok(wide.page <= 360, `the page scrolls sideways: ${wide.page} px`);
  await page.locator('#timeline').screenshot({ path: join(repoRoot, 'target/e2e/timeline-360.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
});
