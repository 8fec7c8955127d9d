// What V8 compiles on the page's main thread before the first picture:
// loads a page N times with Chromium's tracing on (categories v8.wasm and
// disabled-by-default-v8.wasm.detailed) and counts the main thread's
// `wasm.CompileLazy` events (V8 compiles a wasm function with Liftoff at
// its first call) from navigation start to the first drawn picture
// (data-generation > 0 on #layout-canvas), with their summed time. The
// count is the same in every load of a build; the time moves with the
// machine (and tracing adds a little to each event).
//
//   trunk build --release && node tests/e2e/firstpaint_compile.mjs [LOADS] [URL-SUFFIX]
// DIST_DIR=/path/to/dist measures another build (docs/visualizer.md,
// "Compiling the module's functions at their first call").
import { launchBrowser, median, startServer, stopAll, traceFirstPicture, watchFirstPicture } from './harness.mjs';

const loads = Number(process.argv[2] ?? 7);
const suffix = process.argv[3] ?? '';
const baseUrl = await startServer(process.env.DIST_DIR);
const context = await launchBrowser();
await watchFirstPicture(context);
const rows = [];
try {
  for (let i = 0; i < loads; i++) {
    const { page, events, marks: picture } = await traceFirstPicture(
      context,
      baseUrl + suffix,
      'v8.wasm,disabled-by-default-v8.wasm.detailed,blink.user_timing',
      () => window.__firstPaint,
    );
    const threads = new Map(
      events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]),
    );
    const main = (e) => threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
    const start = events.find((e) => e.name === 'navigationStart' && main(e));
    if (!start) throw new Error('no navigationStart in the trace');
    const until = start.ts + picture * 1000;
    const lazy = events.filter((e) => e.name === 'wasm.CompileLazy' && main(e) && e.ts <= until);
    const ms = lazy.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
    rows.push({ picture, count: lazy.length, ms });
    console.log(`load ${i + 1}: picture at ${picture.toFixed(0)} ms; ${lazy.length} functions compiled on the main thread before it, ${ms.toFixed(1)} ms`);
    await page.close();
  }
} finally {
  await stopAll();
}
console.log(
  `medians over ${rows.length} loads: picture ${median(rows.map((r) => r.picture)).toFixed(0)} ms (traced), ` +
    `${median(rows.map((r) => r.count))} lazy compiles, ${median(rows.map((r) => r.ms)).toFixed(1)} ms`,
);
