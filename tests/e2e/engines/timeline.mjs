// The timeline view's core checks (issue 69) in each engine: Chromium,
// Firefox and WebKit through WebDriver (webdriver.mjs), against the
// release build in dist/. The dump form comes once the app's second part
// has arrived; a fixture module's files chosen in input#open-dump open
// #timeline with the peaks scripts/dump-fixtures.py counted; the arrow
// keys move the chosen step (#timeline-at); the sources' table sums to
// the fullest step; files dropped on the page open (a hostile file name
// stays text); axe finds nothing (a screenshot per engine in
// target/e2e/engines/).
//
//   cd tests/e2e && ENGINES=firefox node --test engines/timeline.mjs
//   cd tests/e2e && xvfb-run -a env ENGINES=webkit node --test engines/timeline.mjs
//
// ENGINES is a comma-separated list (default: all three). An engine whose
// driver or browser is not installed is skipped with a loud message.

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { By, Key, until } from 'selenium-webdriver';
import { repoRoot, startServer } from '../harness.mjs';
import { assertAxeClean, eachEngine, screenshot } from './each.mjs';
import { startSession, waitUntil } from './webdriver.mjs';

const DUMP = join(repoRoot, 'tests/fixtures/dump');

/** A fixture module's files (absolute paths) and the script's numbers. */
function fixture(version, prefix) {
  const dir = join(DUMP, version);
  const files = readdirSync(dir)
    .filter((f) => f.startsWith(`${prefix}.`) && !f.endsWith('.xla.json'))
    .map((f) => join(dir, f));
  return { files, want: JSON.parse(readFileSync(join(dir, `${prefix}.xla.json`), 'utf8')) };
}

/** arguments: [module]; #timeline's numbers once it shows that module. */
const timelineOf = `
  const t = document.getElementById('timeline');
  if (!t || t.dataset.module !== arguments[0]) return null;
  return { peakBytes: Number(t.dataset.peakBytes), peakStep: Number(t.dataset.peakStep),
    xlaPeakStep: Number(t.dataset.xlaPeakStep), steps: Number(t.dataset.steps) };`;

/** The sources' table: the sum of its bytes and its rows. */
const sourcesSum = `
  const rows = [...document.querySelectorAll('#timeline-sources tbody tr')];
  if (rows.length === 0) return null;
  return { rows: rows.length, bytes: rows.reduce((a, tr) => a + Number(tr.cells[0].textContent.split(' B')[0].replaceAll(',', '')), 0) };`;

/** arguments: [files as {name, text}]; dropped on the page as a drop event carries them. */
const dropFiles = `
  const data = new DataTransfer();
  for (const { name, text } of arguments[0]) data.items.add(new File([text], name, { type: 'text/plain' }));
  const target = document.querySelector('.dump-panel');
  target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
  target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  return true;`;

eachEngine("the timeline's checks", (engine) => `${engine}: the timeline view`, (engine) => {
  let driver;
  let base;
  const find = (locator) =>
    driver.wait(until.elementLocated(locator), Number(process.env.E2E_TIMEOUT_MS ?? 15_000), `waiting for ${locator}`);
  const shot = (name) => screenshot(driver, engine, name);
  const axe = (what) => assertAxeClean(driver, engine, what);

  before(async () => {
    base = await startServer();
    driver = await startSession(engine);
    await driver.get(base);
  });

  test('files chosen in input#open-dump open #timeline with the script\'s peaks', async () => {
    const { files, want } = fixture('jax-0.10.2', 'module_0010.jit_sgd');
    // The form comes with the app's second part.
    const input = await find(By.id('open-dump'));
    await input.sendKeys(files.join('\n'));
    const t = await waitUntil(driver, timelineOf, '#timeline', 'module_0010.jit_sgd');
    assert.equal(t.peakBytes, want.brute_force.peak.bytes);
    assert.equal(t.peakStep, want.brute_force.peak.step);
    assert.equal(t.xlaPeakStep, want.stated_peak.step);
    assert.equal(t.steps, want.brute_force.bytes_per_step.length);
    const sources = await waitUntil(driver, sourcesSum, 'the sources\' table');
    assert.equal(sources.bytes, want.brute_force.peak.bytes);
  });

  test('the arrow keys move the chosen step', async () => {
    const chart = await find(By.id('timeline-chart'));
    await driver.executeScript('arguments[0].focus()', chart);
    await chart.sendKeys(Key.HOME);
    await waitUntil(driver, `return /^step 0 of /.test(document.getElementById('timeline-at')?.textContent ?? '') || null`, 'step 0');
    await chart.sendKeys(Key.ARROW_RIGHT, Key.ARROW_RIGHT);
    await waitUntil(driver, `return /^step 2 of /.test(document.getElementById('timeline-at')?.textContent ?? '') || null`, 'step 2');
    assert.equal(await chart.getAttribute('aria-valuenow'), '2');
  });

  test('files dropped on the page open; a hostile name stays text; no axe violations', async () => {
    const { files, want } = fixture('jax-0.10.2', 'module_0004.jit_scan_remat');
    const named = files.map((f) => ({ name: f.split('/').pop().replace('module_0004.jit_scan_remat', 'module_0004.x"<b>y'), text: readFileSync(f, 'utf8') }));
    await driver.executeScript(dropFiles, named);
    const t = await waitUntil(driver, timelineOf, '#timeline', 'module_0004.x"<b>y');
    assert.equal(t.peakBytes, want.brute_force.peak.bytes);
    assert.equal(await driver.executeScript('return document.querySelector("#timeline b")'), null);
    assert.match(await (await find(By.id('timeline-title'))).getText(), /x"<b>y/);
    await driver.executeScript('document.getElementById("timeline").scrollIntoView()');
    await axe('the timeline view');
    await shot('timeline');
  });
});
