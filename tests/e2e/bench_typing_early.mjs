// Real keystrokes typed while the page is still warming up (issue 24: the
// idle warm-up of src/ui/web/warm.rs must not delay a keystroke):
//
//   (cd tests/e2e && node bench_typing_early.mjs LOADS DIST_A [DIST_B ...])
//
// Each load opens a fresh page of each build in turn (builds alternating,
// the same moment and shape for all of them), focuses the shape field,
// waits a random 0-800 ms after the first picture (the warm-up's tasks run
// in that time) and types one of the harness's heavy shapes through the
// browser's input pipeline (CDP `Input.insertText`, so the event's time is
// when the browser took it, and a task it waited behind counts). Then,
// 1.5 s later, with the warm-up long over, it types a small shape and the
// same heavy shape again: the control, in the same page. Prints per build
// the medians, 90th percentiles and maxima of input -> painted (the
// `input` series, src/ui/web/timing.rs) for the early keystrokes and for
// the settled ones. A build without the warm-up (one line commented out in
// src/ui/web/document.rs) shows what the warm-up saves the early ones.
import { launchBrowser, median, openBenchPage, quantile, startServer, stopAll } from './harness.mjs';
import { describe, difference } from './stats.mjs';

const [loads, ...dists] = process.argv.slice(2);
if (!dists.length || !(Number(loads) > 0)) {
  console.error('usage: node bench_typing_early.mjs LOADS DIST_A [DIST_B ...]');
  process.exit(2);
}
const SHAPES = [
  's32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}',
  'bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}',
  'f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}',
  'f32[100000,3,3]{2,1,0:T(2,2)}',
];
const SMALL = 'f32[7,9]{0,1}';

/** Replaces the field's text by typing `text`; resolves to input -> painted in ms. */
async function typeAndTime(page, text) {
  const before = await page.evaluate(() => window.__xlaLayoutTimings?.input?.length ?? 0);
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await page.waitForFunction((b) => (window.__xlaLayoutTimings?.input?.length ?? 0) > b, before, { timeout: 10000 });
  return page.evaluate(() => window.__xlaLayoutTimings.input.at(-1));
}

const row = (name, v) => `${name.padEnd(10)} median ${median(v).toFixed(1).padStart(6)}  p90 ${quantile(v, 0.9).toFixed(1).padStart(6)}  max ${Math.max(...v).toFixed(1).padStart(6)}`;

try {
  const servers = [];
  for (const dist of dists) servers.push(await startServer(dist));
  const context = await launchBrowser();
  const runs = dists.map(() => ({ early: [], settled: [] }));
  for (let load = 0; load < Number(loads); load += 1) {
    const delay = Math.floor(Math.random() * 800);
    const shape = SHAPES[load % SHAPES.length];
    for (const [k, base] of servers.entries()) {
      const page = await openBenchPage(context, base, `${dists[k]}: `);
      await page.focus('#shape-input');
      await page.waitForTimeout(delay);
      runs[k].early.push(await typeAndTime(page, shape));
      await page.waitForTimeout(1500);
      await typeAndTime(page, SMALL);
      await page.waitForTimeout(200);
      runs[k].settled.push(await typeAndTime(page, shape));
      await page.close();
    }
  }
  console.log(`${loads} loads per build, alternating; input -> painted, ms`);
  for (const [k, run] of runs.entries()) {
    console.log(dists[k]);
    console.log(`  ${row('early', run.early)}`);
    console.log(`  ${row('settled', run.settled)}`);
  }
  // Each later build against the first, paired by load (the same moment
  // and shape for every build): median difference, 95% bootstrap interval.
  for (let k = 1; k < runs.length; k += 1) {
    const vs = (key) => describe(difference(runs[0][key], runs[k][key], { paired: true }));
    console.log(`${dists[k]} - ${dists[0]}: early ${vs('early')}; settled ${vs('settled')}`);
  }
} finally {
  await stopAll();
}
