// The timeline view's lists (issue 69): the fullest step grouped by
// source (#timeline-sources) as the CLI groups it and summing to the
// script's own count of that step; the buffers' table reaching every
// buffer a page at a time from the keyboard; a folder dropped on the
// page opening like the folder input; markup in names staying text.
// Alone: (cd tests/e2e && node --test timeline_lists.test.mjs).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AXE_SOURCE, AXE_TAGS, runAxe } from './axe.mjs';
import { collectErrors, openApp, repoRoot, stopAll, waitForPicture } from './harness.mjs';

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

/** `xla-layout timeline --json` of `files` (`XLA_LAYOUT_BIN`, or target/debug's, brought up to date by cargo). */
function cliTimeline(files) {
  let bin = process.env.XLA_LAYOUT_BIN;
  if (bin === undefined) {
    bin = join(repoRoot, 'target/debug/xla-layout');
    const built = spawnSync('cargo', ['build', '--bin', 'xla-layout'], { cwd: repoRoot, stdio: 'inherit' });
    assert.equal(built.status, 0, 'cargo build --bin xla-layout');
  }
  const run = spawnSync(bin, ['timeline', ...files, '--json'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

let app;
let page;
let errors;

before(async () => {
  app = await openApp();
  page = app.page;
  errors = collectErrors(page);
  await page.goto(app.baseUrl);
  await waitForPicture(page);
  await page.waitForSelector('input#open-dump');
});
after(stopAll);

/** A byte cell's number (`20,508 B (20.0 KiB)` -> 20508). */
const number = (text) => Number(text.split(' B')[0].replaceAll(',', ''));

const sourceRows = () => page.$$eval('#timeline-sources tbody tr', (trs) =>
  trs.map((tr) => ({ bytes: tr.cells[0].textContent, values: Number(tr.cells[1].textContent), op: tr.cells[2].textContent, source: tr.cells[3].textContent })));

/** Fails listing each axe violation (rule, help, the nodes and why). */
async function assertNoViolations(what) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(runAxe, AXE_TAGS);
  assert.deepEqual(violations, [], `${what}:\n${JSON.stringify(violations, null, 2)}`);
}

test('timeline: the fullest step by source, as the CLI groups it, sums to the script\'s count of that step', async () => {
  for (const [version, prefix] of [['jax-0.10.2', 'module_0010.jit_sgd'], ['jax-0.10.2', 'module_0004.jit_scan_remat'], ['jax-0.4.38', 'module_0011.jit_sgd']]) {
    const { files, want } = fixture(version, prefix);
    await page.setInputFiles('input#open-dump', files);
    await page.waitForSelector(`#timeline[data-module="${prefix}"]`);
    const cli = cliTimeline(files).modules[0];
    const rows = await sourceRows();
    assert.ok(rows.length > 0, `${prefix}: no groups`);
    assert.deepEqual(rows.map((r) => [r.op, number(r.bytes), r.values, r.source]),
      cli.peak_by_source.map((g) => [g.op_name, g.bytes, g.values, g.source ?? '']), prefix);
    // The groups are a partition of what is live at the fullest step.
    assert.equal(rows.reduce((a, r) => a + number(r.bytes), 0), want.brute_force.peak.bytes, prefix);
    assert.match(await page.textContent('#timeline-sources-title'), new RegExp(`^The fullest step \\(${want.brute_force.peak.step}\\) by source: ${rows.length} groups`));
  }
  await page.locator('#timeline-sources').screenshot({ path: join(repoRoot, 'target/e2e/timeline-sources.png') });
});

test('timeline: an op_name with markup stays text in the sources\' table', async () => {
  const { files } = fixture('jax-0.10.2', 'module_0010.jit_sgd');
  const hostile = '<img src=x onerror=window.__pwned=1>';
  const given = files.map((f) => {
    let text = readFileSync(f, 'utf8');
    if (f.endsWith('_after_optimizations.txt')) text = text.replaceAll('op_name="jit(sgd)/transpose(jvp())/dot_general"', `op_name="${hostile}"`);
    return { name: f.split('/').pop(), mimeType: 'text/plain', buffer: Buffer.from(text) };
  });
  await page.setInputFiles('input#open-dump', given);
  await page.waitForFunction((h) => [...document.querySelectorAll('#timeline-sources td')].some((td) => td.textContent === h), hostile);
  assert.equal(await page.$('#timeline img, #timeline-sources img'), null);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
});

/** A dump of one step where `n` buffers of 64 bytes are live together. */
function manyBuffers(n) {
  const assignment = ['BufferAssignment:', `allocation 0: size ${64 * n}, preallocated-temp:`];
  const ranges = ['HloLiveRange (max 2):', '  InstructionSequence:', '    0:first', '    1:second', '  BufferLiveRange:'];
  for (let i = 0; i < n; i += 1) {
    assignment.push(` value: <${i} v.${i} @0> (size=64,offset=${64 * i}): f32[16]{0}`);
    ranges.push(`    v.${i}{}:0-1`);
  }
  const prefix = 'module_0042.many.cpu_after_optimizations';
  return [
    { name: `${prefix}-buffer-assignment.txt`, mimeType: 'text/plain', buffer: Buffer.from(assignment.join('\n') + '\n') },
    { name: `${prefix}-live-range.txt`, mimeType: 'text/plain', buffer: Buffer.from(ranges.join('\n') + '\n') },
  ];
}

test('timeline: every buffer of a step is reachable, a page at a time, from the keyboard', async () => {
  const n = 250;
  await page.setInputFiles('input#open-dump', manyBuffers(n));
  await page.waitForSelector('#timeline[data-module="module_0042.many"]');
  const count = () => page.$$eval('#timeline-buffers tbody tr', (trs) => trs.length);
  assert.equal(await count(), 100);
  assert.match(await page.textContent('p:has(> #timeline-buffers-more)'), /^100 of 250 buffers listed\./);
  await page.focus('#timeline-buffers-more');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#timeline-buffers tbody tr').length === 200);
  // The focus goes on to the table, not to the page's start.
  await page.waitForFunction(() => document.activeElement?.id === 'timeline-buffers');
  await page.focus('#timeline-buffers-all');
  await page.keyboard.press('Space');
  await page.waitForFunction((n) => document.querySelectorAll('#timeline-buffers tbody tr').length === n, n);
  assert.equal(await page.$('#timeline-buffers-all'), null, 'nothing left to show');
  const sum = await page.$$eval('#timeline-buffers tbody tr', (trs) => trs.reduce((a, tr) => a + Number(tr.cells[0].textContent.split(' B')[0].replaceAll(',', '')), 0));
  assert.equal(sum, 64 * n);
  assert.equal(Number(await page.getAttribute('#timeline', 'data-peak-bytes')), 64 * n);
  await assertNoViolations('the buffers\' table, all shown');
});

test('timeline: a folder dropped on the page opens like the folder input (subfolders too, other files left out)', async () => {
  const { files, want } = fixture('jax-0.10.2', 'module_0002.jit_sgd');
  const named = files.map((f) => ({ name: f.split('/').pop(), text: readFileSync(f, 'utf8') }));
  await page.evaluate((list) => {
    // The entries a dropped folder carries (DataTransferItem.webkitGetAsEntry):
    // dump/ holding notes.txt, one file and sub/ with the rest; readEntries
    // gives two entries a call, as a browser gives batches, then none.
    const file = (dir, { name, text }) => ({
      isFile: true, isDirectory: false, name, fullPath: `${dir}/${name}`,
      file: (ok) => setTimeout(() => ok(new File([text], name, { type: 'text/plain' })), 0),
    });
    const folder = (path, children) => ({
      isFile: false, isDirectory: true, name: path.split('/').pop(), fullPath: path,
      createReader: () => {
        let at = 0;
        return { readEntries: (ok) => { const batch = children.slice(at, at + 2); at += 2; setTimeout(() => ok(batch), 0); } };
      },
    });
    const sub = folder('/dump/sub', list.slice(1).map((f) => file('/dump/sub', f)));
    const root = folder('/dump', [file('/dump', { name: 'notes.txt', text: 'not a dump file' }), file('/dump', list[0]), sub]);
    const data = new DataTransfer();
    data.items.add(new File([''], 'dump'));
    const item = { kind: 'file', type: '', webkitGetAsEntry: () => root, getAsFile: () => null };
    Object.defineProperty(data, 'items', { value: { length: 1, 0: item } });
    const target = document.querySelector('.dump-panel');
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, named);
  await page.waitForSelector('#timeline[data-module="module_0002.jit_sgd"]');
  assert.equal(Number(await page.getAttribute('#timeline', 'data-peak-bytes')), want.brute_force.peak.bytes);
  assert.equal(Number(await page.getAttribute('#timeline', 'data-xla-peak-step')), want.stated_peak.step);
  assert.equal(await page.$('#timeline-problems'), null, 'notes.txt was not read');
  assert.deepEqual(errors, []);
});
