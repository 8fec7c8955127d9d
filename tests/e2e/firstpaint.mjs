// First paint: navigation start to the canvas's first painted picture
// (data-generation > 0), median of N fresh loads of the default example
// (the 167M-element bf16 array), headless Chromium, localhost.
//
//   trunk build --release && node tests/e2e/firstpaint.mjs [URL-SUFFIX] [N]
// DIST_DIR=/path/to/dist measures another build (e.g. an older commit).
import { startServer, launchBrowser, stopAll } from './harness.mjs';
const distDir = process.env.DIST_DIR;

const suffix = process.argv[2] ?? '';
const loads = Number(process.argv[3] ?? 7);
const baseUrl = await startServer(distDir);
const context = await launchBrowser();
await context.addInitScript(() => {
  const watch = () => {
    const canvas = document.getElementById('layout-canvas');
    if (canvas && Number(canvas.dataset.generation) > 0) {
      window.__firstPaint ??= performance.now();
      return;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
});
const times = [];
try {
  for (let i = 0; i < loads; i++) {
    const page = await context.newPage();
    await page.goto(baseUrl + suffix);
    await page.waitForFunction(() => window.__firstPaint !== undefined, null, { timeout: 20_000 });
    times.push(await page.evaluate(() => window.__firstPaint));
    await page.close();
  }
} finally {
  await stopAll();
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`first paint ${suffix || '(default)'}: median ${median.toFixed(0)} ms over ${times.length} loads; all: ${times.map((t) => t.toFixed(0)).join(', ')}`);
