// The timeline view's speed (issue 69): a dump of a 192-layer training
// step (scripts/dump-fixtures.py --big DIR; not committed) opened with
// input#open-dump, in the full app. In the page:
//
// - open: from the browser's own reading of the files as text to the
//   painted view (the app's `timeline.open` series: reading, computing,
//   rendering and the paint after; issue 69: within 300 ms), beside the
//   browser's reading itself (File.text() of the same files, timed here);
// - hover: a pointer move over the chart to the end of the next frame's
//   paint, one step further each time (issue 69: under 16 ms at p95),
//   beside the control in the same run: the same pointer moves over the
//   page's hint paragraph, which nothing follows (the frame alone);
// - the machine control (harness.mjs, machineControl) before and after.
//
// Medians and p95 of ROUNDS each, and each against its control as a
// paired comparison: the ratio of medians and the median paired
// difference, each with a 95% bootstrap interval (pairs resampled
// together, 2,000 resamples, a fixed seed). Needs `trunk build --release`:
//
//   (cd tests/e2e && node bench_timeline.mjs DIR [ROUNDS])
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launchBrowser, machineControl, startServer, stopAll } from './harness.mjs';
import { paired } from './paired.mjs';

const DIR = resolve(process.argv[2] ?? '../../target/dump-192');
const ROUNDS = Number(process.argv[3] ?? 21);
const FILES = readdirSync(DIR)
  .filter((f) => /_after_optimizations(\.txt|-buffer-assignment\.txt|-live-range\.txt)$/.test(f))
  .map((f) => join(DIR, f));

const stats = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, median: +q(0.5).toFixed(1), p95: +q(0.95).toFixed(1), max: +s.at(-1).toFixed(1) };
};

try {
  const base = await startServer();
  const context = await launchBrowser();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1400, height: 1000 });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(base);
  await page.waitForSelector('input#open-dump');
  console.log('files:', FILES.map((f) => f.split('/').pop()).join(', '));
  const before = await machineControl(page);
  const open = [];
  const reading = [];
  for (let i = 0; i < Math.min(ROUNDS, 7); i += 1) {
    await page.evaluate(() => {
      window.__xlaLayoutTimings = {};
    });
    await page.click('#dump-close').catch(() => {});
    await page.setInputFiles('input#open-dump', FILES);
    await page.waitForFunction(() => (window.__xlaLayoutTimings?.['timeline.open'] ?? []).length > 0, null, { timeout: 60_000 });
    open.push(await page.evaluate(() => window.__xlaLayoutTimings['timeline.open'][0]));
    // The control: the browser reading the same files as text (from an
    // input of the bench's own; the app's empties itself once read).
    await page.evaluate(() => {
      if (!document.getElementById('bench-files')) {
        document.body.append(Object.assign(document.createElement('input'), { type: 'file', id: 'bench-files', multiple: true, hidden: true }));
      }
    });
    await page.setInputFiles('#bench-files', FILES);
    reading.push(await page.evaluate(async () => {
      const files = [...document.getElementById('bench-files').files];
      const t0 = performance.now();
      await Promise.all(files.map((f) => f.text()));
      return performance.now() - t0;
    }));
  }
  const hover = await page.evaluate(async (ROUNDS) => {
    const chart = document.getElementById('timeline-chart');
    const hint = document.querySelector('.dump-hint');
    // A frame's work for one move: the event's task and the render it
    // schedules (to a task after it), then the next frame's style, layout
    // and paint (from its animation-frame callback to a task after it);
    // the wait for the frame itself is not counted.
    const paint = () => new Promise((r) => requestAnimationFrame(() => {
      const t = performance.now();
      setTimeout(() => r(performance.now() - t), 0);
    }));
    const move = async (el, k) => {
      const box = el.getBoundingClientRect();
      const x = box.left + ((k * 37) % 997) / 997 * box.width;
      const t0 = performance.now();
      el.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: x, clientY: box.top + box.height / 2 }));
      await new Promise((r) => setTimeout(r, 0));
      const script = performance.now() - t0;
      return script + (await paint());
    };
    const chartTimes = [];
    const control = [];
    for (let k = 0; k < ROUNDS * 5; k += 1) {
      control.push(await move(hint, k));
      chartTimes.push(await move(chart, k));
    }
    return { chartTimes, control, steps: Number(document.getElementById('timeline').dataset.steps) };
  }, ROUNDS);
  const after = await machineControl(page);
  console.log(JSON.stringify({
    steps: hover.steps,
    open_ms: stats(open),
    browser_reading_ms: stats(reading),
    hover_ms: stats(hover.chartTimes),
    hover_control_ms: stats(hover.control),
    // Each against its control, in pairs (the same round; the same step).
    open_vs_reading: paired(open, reading),
    hover_vs_control: paired(hover.chartTimes, hover.control),
    machine_before: before,
    machine_after: after,
  }, null, 1));
} finally {
  await stopAll();
}
