// Writes scripts/app-first-part.txt: the functions the app's release
// module keeps in its first part (scripts/split_module.py). Loads the
// default page of a release build made whole and with its function names,
//
//   XLA_LAYOUT_SPLIT=off trunk build --release --dist target/dist-profile
//   (cd tests/e2e && DIST_DIR=../../target/dist-profile node split_profile.mjs)
//
// LOADS times with Chromium's tracing on and lists every function V8
// compiled on the page's main thread (`wasm.CompileLazy`: a function's
// first call) from navigation start to 4 s after the first picture: the
// first picture, the panels a frame later, the idle warm-up, the saved
// document's lookup. docs/dependencies.md, "The app in two parts".
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, repoRoot, startServer, stopAll, watchFirstPicture } from './harness.mjs';

const dist = process.env.DIST_DIR ?? join(repoRoot, 'target', 'dist-profile');
const loads = Number(process.argv[2] ?? 3);
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
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'disabled-by-default-v8.wasm.detailed', transferMode: 'ReportEvents' });
    await page.goto(baseUrl);
    await page.waitForFunction(() => window.__firstPaint !== undefined, null, { timeout: 20_000 });
    await page.waitForTimeout(settle);
    await cdp.send('Tracing.end');
    await done;
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
