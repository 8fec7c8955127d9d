// First paint: navigation start to the first painted picture
// (data-generation > 0 on a #layout-canvas), median of N fresh loads,
// headless Chromium, localhost. Pages:
//   (default)                the full app's default example (the 167M-element bf16 array)
//   '?embed=1&shape=...'     embed mode
//   docs.html                the <xla-layout> page: first element drawn, and all
//                            its elements drawn (a viewport tall enough to show them all)
//
//   trunk build --release && node tests/e2e/firstpaint.mjs [URL-SUFFIX] [N]
// DIST_DIR=/path/to/dist measures another build (e.g. an older commit).
import { startServer, launchBrowser, stopAll } from './harness.mjs';
const distDir = process.env.DIST_DIR;

const suffix = process.argv[2] ?? '';
const loads = Number(process.argv[3] ?? 7);
const elements = suffix.startsWith('docs.html');
const baseUrl = await startServer(distDir);
const context = await launchBrowser();
await context.addInitScript(() => {
  const drawn = (canvas) => canvas && Number(canvas.dataset.generation) > 0;
  const watch = () => {
    const hosts = [...document.querySelectorAll('xla-layout')];
    const canvases = hosts.length
      ? hosts.map((el) => el.shadowRoot?.getElementById('layout-canvas'))
      : [document.getElementById('layout-canvas')];
    const done = canvases.filter(drawn).length;
    if (done > 0) window.__firstPaint ??= performance.now();
    if (done > 0 && done === canvases.length && document.readyState !== 'loading') {
      window.__allPainted = performance.now();
      window.__count = done;
      return;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
});
const first = [];
const all = [];
let count = 0;
try {
  for (let i = 0; i < loads; i++) {
    const page = await context.newPage();
    if (elements) await page.setViewportSize({ width: 1000, height: 12000 });
    await page.goto(baseUrl + suffix);
    await page.waitForFunction(() => window.__allPainted !== undefined, null, { timeout: 20_000 });
    first.push(await page.evaluate(() => window.__firstPaint));
    all.push(await page.evaluate(() => window.__allPainted));
    count = await page.evaluate(() => window.__count);
    await page.close();
  }
} finally {
  await stopAll();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const list = (xs) => xs.map((t) => t.toFixed(0)).join(', ');
console.log(`first paint ${suffix || '(default)'}: median ${median(first).toFixed(0)} ms over ${first.length} loads; all: ${list(first)}`);
if (elements) console.log(`all ${count} elements drawn: median ${median(all).toFixed(0)} ms; all: ${list(all)}`);
