// Runs the in-page timing harness (static/bench.js) headless in Debian
// Chromium against the release build in dist/ and prints a table:
//
//   (cd tests/e2e && node bench.mjs)          # needs `trunk build --release`
//   (cd tests/e2e && node bench.mjs --only suggest)   # the suggestions alone
//   (cd tests/e2e && node bench.mjs --only keystroke) # the keystrokes alone
//
// The canvas is made 1600x1000 CSS pixels (the size the targets are set
// for). Exit status 0; with --strict, 1 when a target is missed.
import { launchBrowser, openBenchPage, startServer, stopAll } from './harness.mjs';

const strict = process.argv.includes('--strict');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const targets = [
  ['keystroke -> painted, median', (r) => r.keystroke?.painted.median, 16],
  ['animation frame work, p95', (r) => r.animation?.work.p95, 8],
  ['suggestions for 8 dims, click -> list, max', (r) => r.suggest?.listed.max, 50],
];

let failed = false;
try {
  const base = await startServer();
  const context = await launchBrowser();
  const page = await openBenchPage(context, base);
  // The page loads the harness itself only with ?bench=1 (which runs it).
  await page.addScriptTag({ url: `${base}bench.js` });
  const results = await page.evaluate((only) => window.xlaLayoutBench.run({ only }), only);
  const rows = await page.evaluate((r) => window.xlaLayoutBench.table(r), results);
  if (results.canvas) console.log(`canvas ${results.canvas} CSS px @${results.devicePixelRatio}x, Chromium headless (software rendering)`);
  console.log(`${'measure'.padEnd(46)} ${'ms'.padStart(9)}  target`);
  for (const [name, value, target] of rows) console.log(`${name.padEnd(46)} ${value.padStart(9)}  ${target}`);
  if (results.keystroke) {
    console.log('keystroke -> painted per shape (median ms: total = scenes + canvas drawing + the rest):');
    for (const [shape, m] of Object.entries(results.keystroke.perShape)) {
      const f = (v) => v.toFixed(1).padStart(6);
      console.log(`  ${f(m.painted)} = ${f(m.scene)} + ${f(m.draw)} + ${f(m.painted - m.scene - m.draw)}  ${shape}`);
    }
    console.log(`slowest shape to type: ${results.keystroke.worst.shape} (median ${results.keystroke.worst.median.toFixed(2)} ms)`);
    if (results.animation) {
      console.log(`animation: ${results.animation.work.n} frames, cursor advanced ${results.animation.advanced} cells`);
      console.log(`zoom: deepest view draws blocks of ${results.zoom.blockAtDeepest} cell(s)`);
    }
  }
  if (results.suggest) {
    console.log('suggestions per shape (median / max ms, click -> list):');
    for (const [shape, m] of Object.entries(results.suggest.perShape)) {
      console.log(`  ${m.median.toFixed(1).padStart(6)} / ${m.max.toFixed(1).padStart(6)}  ${shape}`);
    }
  }
  for (const [name, get, limit] of targets) {
    const value = get(results);
    if (value === undefined) continue;
    const ok = value <= limit;
    failed ||= !ok;
    console.log(`${ok ? 'MET ' : 'MISS'} ${name}: ${value.toFixed(2)} ms (target <= ${limit} ms)`);
  }
} finally {
  await stopAll();
}
process.exit(strict && failed ? 1 : 0);
