// What V8 compiles on the page's main thread before the first picture:
// loads a page N times with Chromium's tracing on and counts the main
// thread's `wasm.CompileLazy` events (V8 compiles a wasm function with
// Liftoff at its first call) from navigation start to the first drawn
// picture (data-generation > 0 on #layout-canvas): how many, their summed
// time and the bytes of code compiled (compiled.mjs). The count and the
// bytes are the same in every load of a build; the time moves with the
// machine (and tracing adds a little to each event).
//
//   trunk build --release && node tests/e2e/firstpaint_compile.mjs [LOADS] [URL-SUFFIX]
// DIST_DIR=/path/to/dist measures another build (docs/performance/first-paint.md,
// "Compiling the module's functions at their first call").
import { compiledBeforePicture } from './compiled.mjs';
import { distDir, launchBrowser, median, startServer, stopAll, watchFirstPicture } from './harness.mjs';

const loads = Number(process.argv[2] ?? 7);
const suffix = process.argv[3] ?? '';
const dist = process.env.DIST_DIR ?? distDir;
const baseUrl = await startServer(dist);
const context = await launchBrowser();
await watchFirstPicture(context);
const rows = [];
try {
  for (let i = 0; i < loads; i++) {
    const r = await compiledBeforePicture(context, baseUrl + suffix, dist);
    rows.push(r);
    console.log(
      `load ${i + 1}: picture at ${r.picture.toFixed(0)} ms; ${r.count} functions compiled on the main thread before it, ` +
        `${r.bytes} bytes of the module's ${r.moduleBytes}, ${r.ms.toFixed(1)} ms`,
    );
  }
} finally {
  await stopAll();
}
console.log(
  `medians over ${rows.length} loads: picture ${median(rows.map((r) => r.picture)).toFixed(0)} ms (traced), ` +
    `${median(rows.map((r) => r.count))} lazy compiles, ${median(rows.map((r) => r.bytes))} bytes, ` +
    `${median(rows.map((r) => r.ms)).toFixed(1)} ms`,
);
