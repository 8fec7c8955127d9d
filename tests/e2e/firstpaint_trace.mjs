// Where the first paint's milliseconds go: loads a page N times with
// Chromium's tracing on and prints, per load and as medians, the main
// thread's work from navigation start to the first drawn frame
// (data-generation > 0 on #layout-canvas), summed by trace event, beside
// the downloads (resource timing) and the page's own marks.
//
//   trunk build --release && node tests/e2e/firstpaint_trace.mjs [URL-SUFFIX] [N]
// Scratch traces go to target/e2e/trace-*.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, stopAll, median, traceFirstPicture, watchFirstPicture } from './harness.mjs';

const suffix = process.argv[2] ?? '';
const loads = Number(process.argv[3] ?? 7);
const outDir = join(import.meta.dirname, '..', '..', 'target', 'e2e');
mkdirSync(outDir, { recursive: true });
const baseUrl = await startServer(process.env.DIST_DIR);
const context = await launchBrowser();
await watchFirstPicture(context);

// Top-level main-thread events worth naming (the rest is summed as "other").
const NAMES = new Map([
  ['EvaluateScript', 'script (evaluate)'],
  ['v8.compile', 'script (compile)'],
  ['v8.wasm.compiledModule', 'wasm compile'],
  ['v8.wasm.streamFromResponseCallback', 'wasm stream'],
  ['FunctionCall', 'JS/wasm calls'],
  ['TimerFire', 'JS/wasm calls'],
  ['FireAnimationFrame', 'JS/wasm calls'],
  ['RunMicrotasks', 'JS/wasm calls'],
  ['EventDispatch', 'JS/wasm calls'],
  ['ParseHTML', 'parse HTML'],
  ['ParseAuthorStyleSheet', 'style'],
  ['UpdateLayoutTree', 'style'],
  ['Layout', 'layout'],
  ['PrePaint', 'paint (browser)'],
  ['Paint', 'paint (browser)'],
  ['Layerize', 'paint (browser)'],
  ['Commit', 'paint (browser)'],
]);

const perLoad = [];
try {
  for (let i = 0; i < loads; i++) {
    const { page, events, marks } = await traceFirstPicture(
      context,
      baseUrl + suffix,
      'devtools.timeline,v8,v8.wasm,blink.user_timing,loading',
      () => ({
        paint: window.__firstPaint,
        resources: performance.getEntriesByType('resource').map((r) => [r.name.split('/').pop().split('?')[0], r.startTime, r.responseEnd]),
        dcl: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd,
      }),
    );
    writeFileSync(join(outDir, `trace-${i}.json`), JSON.stringify(events));
    // The renderer main thread: the one with the ParseHTML of the page.
    const parse = events.find((e) => e.name === 'ParseHTML');
    const nav = events.find((e) => e.name === 'navigationStart' && e.pid === parse?.pid) ?? events.find((e) => e.name === 'navigationStart');
    const t0 = nav?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
    const end = t0 + marks.paint * 1000;
    const main = events.filter((e) => e.pid === parse?.pid && e.tid === parse?.tid && e.ph === 'X' && e.dur);
    // Only events not nested in another one (nesting by time on one thread).
    main.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const sums = {};
    let reach = 0;
    for (const e of main) {
      if (e.ts + e.dur <= reach) continue;
      if (e.ts >= end) break;
      reach = e.ts + e.dur;
      const key = NAMES.get(e.name) ?? `other (${e.name})`;
      sums[key] = (sums[key] ?? 0) + Math.min(e.dur, end - e.ts) / 1000;
    }
    const busy = Object.values(sums).reduce((a, b) => a + b, 0);
    const row = { 'first picture': marks.paint, busy, idle: marks.paint - busy, dcl: marks.dcl, ...sums };
    for (const [name, start, stop] of marks.resources) row[`download ${name}`] = stop;
    perLoad.push(row);
    await page.close();
  }
} finally {
  await stopAll();
}
const keys = [...new Set(perLoad.flatMap((r) => Object.keys(r)))];
console.log(`first paint breakdown ${suffix || '(default)'}, medians of ${perLoad.length} loads (ms):`);
for (const k of keys) {
  const xs = perLoad.map((r) => r[k] ?? 0);
  console.log(`  ${k.padEnd(44)} ${median(xs).toFixed(1).padStart(7)}   [${xs.map((x) => x.toFixed(0)).join(' ')}]`);
}
