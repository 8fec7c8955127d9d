// Writes scripts/app-first-part.txt: the functions the app's release
// module keeps in its first part (scripts/split_module.py). Loads the
// default page of a release build made whole and with its function names,
//
//   XLA_LAYOUT_SPLIT=off trunk build --release --dist target/dist-profile
//   (cd tests/e2e && DIST_DIR=../../target/dist-profile node split_profile.mjs)
//
// LOADS times with Chromium's tracing on and lists every function V8
// compiled on the page's main thread (`wasm.CompileLazy`: a function's
// first call) from navigation start to 4 s after the first picture (the
// first picture, the panels a frame later, the idle warm-up, the saved
// document's lookup) and while the keystroke harness's shapes are typed
// (static/bench.js: typing is what a reader does first), at once after the
// first picture in every other load.
// docs/dependencies.md, "The app in two parts".
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, repoRoot, startServer, stopAll, traceFirstPicture, typeShape, watchFirstPicture } from './harness.mjs';

// static/bench.js's KEYSTROKE_SHAPES, read from its source.
const bench = readFileSync(join(repoRoot, 'static', 'bench.js'), 'utf8');
const list = bench.match(/const KEYSTROKE_SHAPES = \[([\s\S]*?)\n\s*\];/);
const SHAPES = list ? [...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1]) : [];
if (SHAPES.length < 10) {
  console.error(`static/bench.js: KEYSTROKE_SHAPES not found (${SHAPES.length} shapes read)`);
  process.exit(2);
}

const dist = process.env.DIST_DIR ?? join(repoRoot, 'target', 'dist-profile');
const loads = Number(process.argv[2] ?? 6);
const settle = 4000;
const wasm = readdirSync(dist).filter((f) => /^xla-layout-viz-[0-9a-f]+_bg\.wasm$/.test(f));
if (wasm.length !== 1 || readdirSync(dist).some((f) => f.startsWith('xla-layout-rest-'))) {
  console.error(`${dist}: not a whole app module (build it with XLA_LAYOUT_SPLIT=off)`);
  process.exit(2);
}
const baseUrl = await startServer(dist);
const context = await launchBrowser();
await watchFirstPicture(context);
const seen = new Set();
try {
  for (let i = 0; i < loads; i++) {
    // Typed once the page has settled, or at once (before the panels and
    // the warm-up): odd loads one way, even loads the other.
    const { page, events } = await traceFirstPicture(context, baseUrl, 'disabled-by-default-v8.wasm.detailed', () => null, async (page) => {
      if (i % 2 === 0) await page.waitForTimeout(settle);
      for (const shape of SHAPES) {
        await typeShape(page, shape);
        await page.waitForTimeout(300);
      }
      if (i % 2 === 1) await page.waitForTimeout(settle);
    });
    const before = seen.size;
    for (const e of events) if (e.name === 'wasm.CompileLazy' && e.args?.func_index !== undefined) seen.add(e.args.func_index);
    console.log(`load ${i + 1}: ${seen.size} functions (${seen.size - before} new)`);
    await page.close();
  }
} finally {
  await stopAll();
}
execFileSync('python3', [join(repoRoot, 'scripts', 'split_module.py'), '--list', join(dist, wasm[0])], {
  input: [...seen].join('\n'),
  stdio: ['pipe', 'inherit', 'inherit'],
});
