// Writes scripts/app-first-part.txt: the functions the app's release
// module keeps in its first part (scripts/split_module.py). Loads the
// default page of a release build made whole, instrumented and with its
// function names,
//
//   XLA_LAYOUT_SPLIT=profile trunk build --release --dist target/dist-profile
//   (cd tests/e2e && DIST_DIR=../../target/dist-profile node split_profile.mjs)
//
// LOADS times (10 unless given: a path taken on a hash collision showed
// in one run of 6 and not in the next) and lists every function the page
// called from its start to 4 s after the first picture (the first
// picture, the panels a frame later, the idle warm-up, the saved
// document's lookup), while the picture is explored the way a reader does
// in its first seconds (harness.mjs, `explore`: the pointer over both
// panes, a wheel zoom, a drag, a cell pinned, the animation played and
// stepped, an example picked, a shape typed just before `pagehide`) and
// while the keystroke harness's shapes are typed (static/bench.js: typing
// is what a reader does first), at once after the first picture in every
// other load; then the same tab is loaded again, followed to the default
// address and reloaded after an edit. A name seen once stays in the list
// while the module has it (split_module.py --list merges; empty the file
// to start over).
// Each load's module says which of its functions ran: binaryen's
// `wasm-split --instrument` gave every function a first-call stamp, and the
// export `__write_profile` writes them into memory (8 bytes of the module's
// hash, then 4 bytes per defined function, 0 if never called).
// docs/dependencies.md, "The app in two parts".
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { explore, launchBrowser, repoRoot, startServer, stopAll, typeShape, waitForFirstPicture, watchFirstPicture } from './harness.mjs';

// static/bench.js's KEYSTROKE_SHAPES, read from its source.
const bench = readFileSync(join(repoRoot, 'static', 'bench.js'), 'utf8');
const list = bench.match(/const KEYSTROKE_SHAPES = \[([\s\S]*?)\n\s*\];/);
const SHAPES = list ? [...list[1].matchAll(/'([^']+)'/g)].map((m) => m[1]) : [];
if (SHAPES.length < 10) {
  console.error(`static/bench.js: KEYSTROKE_SHAPES not found (${SHAPES.length} shapes read)`);
  process.exit(2);
}

const dist = process.env.DIST_DIR ?? join(repoRoot, 'target', 'dist-profile');
const loads = Number(process.argv[2] ?? 10);
const settle = 4000;
const files = readdirSync(dist);
const wasm = files.filter((f) => /^xla-layout-viz-[0-9a-f]+_bg\.wasm$/.test(f));
if (wasm.length !== 1 || files.some((f) => f.startsWith('xla-layout-rest-'))
  || !readFileSync(join(dist, wasm[0])).includes('__write_profile')) {
  console.error(`${dist}: not an instrumented app module (build it with XLA_LAYOUT_SPLIT=profile)`);
  process.exit(2);
}
const baseUrl = await startServer(dist);
const context = await launchBrowser();
await watchFirstPicture(context);
// The instance's exports, kept where the profile can be read from them.
await context.addInitScript(() => {
  const keep = (result) => {
    const instance = result.instance ?? result;
    if (instance.exports?.__write_profile) window.__profiled = instance.exports;
    return result;
  };
  const streaming = WebAssembly.instantiateStreaming;
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiateStreaming = (...args) => streaming(...args).then(keep);
  WebAssembly.instantiate = (...args) => instantiate(...args).then(keep);
});
// The page as it is before the rest arrives: what the app draws only once
// the rest is there (src/ui/web/second_part.rs: the dump form) stays out
// of the first part. This build is one module, so its loader says
// `split: false`; it is told it is split, with the rest held back.
await context.addInitScript(() => {
  window.__xlaLayoutRestLater = true;
  let held;
  Object.defineProperty(window, '__xlaLayoutRest', {
    configurable: true,
    get: () => held,
    set: (rest) => {
      held = rest;
      if (rest && typeof rest === 'object') rest.split = true;
    },
  });
});
const called = new Set();

/** Adds the functions this page's module has called to `called`. */
async function record(page, what) {
  const stamps = await page.evaluate(() => {
    const exports = window.__profiled;
    // A page of its own at the memory's end: nothing of the app's is there.
    const at = exports.memory.grow(1) * 65536;
    const size = exports.__write_profile(at, 65536);
    if (size > 65536) throw new Error(`a profile of ${size} B`);
    return Array.from(new Uint32Array(exports.memory.buffer.slice(at + 8, at + size)));
  });
  const before = called.size;
  stamps.forEach((stamp, index) => stamp !== 0 && called.add(index));
  console.log(`${what}: ${called.size} of ${stamps.length} functions called (${called.size - before} new)`);
}

try {
  for (let i = 0; i < loads; i++) {
    const page = await context.newPage();
    await page.goto(baseUrl);
    await waitForFirstPicture(page);
    // Explored and typed once the page has settled, or at once (before
    // the panels and the warm-up): odd loads one way, even loads the other.
    if (i % 2 === 0) await page.waitForTimeout(settle);
    await explore(page);
    for (const shape of SHAPES) {
      await typeShape(page, shape);
      await page.waitForTimeout(300);
    }
    // "Suggest layouts" on 8 dims: the search and the helpers it calls in
    // one part, not calling across the two modules for every order it
    // tries (the click -> list went from 3-4 ms to 15-24 when a list made
    // without it left them apart; docs/performance/samples.md).
    await typeShape(page, 'bf16[3,5,7,9,11,13,17,19]{0,1,2,3,4,5,6,7:T(8,128)(2,1)}');
    await page.locator('#suggest-button').click();
    await page.locator('#suggestions').waitFor({ timeout: 10_000 });
    if (i % 2 === 1) await page.waitForTimeout(settle);
    await record(page, `load ${i + 1}`);
    // The same tab loaded again after an edit, the way a reader comes
    // back: the default address followed (a navigation), then reloaded
    // after one more edit. Each start looks at what this tab kept
    // (ui/web/browser.rs, `resume_left`), which a first load never has.
    await page.goto(baseUrl);
    await waitForFirstPicture(page);
    await typeShape(page, SHAPES[1]);
    await page.waitForTimeout(settle);
    await record(page, `load ${i + 1}, followed again`);
    await page.reload();
    await waitForFirstPicture(page);
    await page.waitForTimeout(settle);
    await record(page, `load ${i + 1}, reloaded`);
    await page.close();
  }
} finally {
  await stopAll();
}
execFileSync('python3', [join(repoRoot, 'scripts', 'split_module.py'), '--list', join(dist, wasm[0])], {
  input: [...called].join('\n'),
  stdio: ['pipe', 'inherit', 'inherit'],
});
