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
