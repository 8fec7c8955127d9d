// The device grid of 4,096 devices within today's frame budgets (issue 27):
// in the full app, a bf16 array of 8 dims cut over 4,096 devices
// ({devices=[4,4,4,4,4,2,2,1]<=[4096]}); times, in the page, an edit of
// the sharding field (two 4,096-device shardings in turn), a device picked
// in #device-select (two devices in turn), each from the input event to the
// end of the next frame's paint, beside the control in the same run: the
// two shards' own shapes typed in turn into the shape box with no sharding
// (the same pictures, without the sharding's work).
// Medians and p95 of ROUNDS each. Needs `trunk build --release`:
//
//   (cd tests/e2e && node bench_shard.mjs [ROUNDS])
import { launchBrowser, startServer, stopAll } from './harness.mjs';

const ROUNDS = Number(process.argv[2] ?? 21);
const DIMS = 'bf16[64,32,16,8,128,4,8,256]';
const LAYOUT = '{7,6,5,4,3,2,1,0:T(8,128)(2,1)}';
const SHAPE = `${DIMS}${LAYOUT}`;
const CUT = '{devices=[4,4,4,4,4,2,2,1]<=[4096]}';
const CUT2 = '{devices=[4,4,4,4,4,2,1,2]<=[4096]}';
// The shards of CUT and CUT2 (each dim divided by its ways).
const SHARD = `bf16[16,8,4,2,32,2,4,256]${LAYOUT}`;
const SHARD2 = `bf16[16,8,4,2,32,2,8,128]${LAYOUT}`;

try {
  const base = await startServer();
  const context = await launchBrowser();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1600, height: 1100 });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${base}?shape=${encodeURIComponent(SHARD)}`);
  await page.waitForSelector('#layout-canvas[data-generation]');
  const results = await page.evaluate(async ({ ROUNDS, SHAPE, SHARD, SHARD2, CUT, CUT2 }) => {
    const nextFrame = () => new Promise((r) => requestAnimationFrame(r));
    // Input event -> the end of the next frame's paint (a task after it).
    const timed = (act) => new Promise((resolve) => {
      const t0 = performance.now();
      act();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
    });
    const edit = (id, value) => () => {
      const el = document.getElementById(id);
      el.value = value;
      el.dispatchEvent(new Event(id === 'device-select' ? 'change' : 'input', { bubbles: true }));
    };
    const stats = (v) => {
      const s = [...v].sort((a, b) => a - b);
      return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(0.95 * s.length))] };
    };
    const run = async (pairs) => {
      const out = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        out.push(await timed(pairs[i % 2]));
        await nextFrame();
        await nextFrame();
      }
      return stats(out);
    };
    const control = await run([edit('shape-input', SHARD2), edit('shape-input', SHARD)]);
    edit('shape-input', SHAPE)();
    await nextFrame();
    edit('sharding-input', CUT)();
    for (let i = 0; i < 10 && !document.getElementById('device-select'); i += 1) await nextFrame();
    const blocks = document.querySelectorAll('#device-grid .tile').length;
    const options = document.querySelectorAll('#device-select option').length;
    const field = await run([edit('sharding-input', CUT2), edit('sharding-input', CUT)]);
    const picker = await run([edit('device-select', '1000'), edit('device-select', '3')]);
    const shown = document.getElementById('shard-text')?.textContent;
    return { control, field, picker, blocks, options, shown };
  }, { ROUNDS, SHAPE, SHARD, SHARD2, CUT, CUT2 });
  const f = (s) => `median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`;
  console.log(`${SHAPE} over 4,096 devices (shard ${results.shown}); grid ${results.blocks} tiles drawn, picker ${results.options} options; ${ROUNDS} rounds each, input -> next frame painted:`);
  console.log(`  control: the shards' shapes typed      ${f(results.control)}`);
  console.log(`  the sharding field, 4,096 devices     ${f(results.field)}`);
  console.log(`  #device-select, 4,096 devices         ${f(results.picker)}`);
} finally {
  await stopAll();
}
