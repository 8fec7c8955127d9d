// First paint: navigation start -> the canvas's first drawn frame (its
// `data-generation` attribute appearing), median of 7 fresh loads each, in
// headless Chromium against dist/: `node firstpaint.mjs`.
import { launchBrowser, startServer, stopAll } from './harness.mjs';

const DEFAULT = 'bf16%5B8%2C1%2C1280%2C16384%5D%7B3%2C2%2C0%2C1%3AT(8%2C128)(2%2C1)%7D';
const cases = [
  ['full app, 167M-element default', `?shape=${DEFAULT}`],
  ['embed mode, same shape', `?embed=1&shape=${DEFAULT}`],
  ['embed mode, f32[3,5] tiled', '?embed=1&shape=f32%5B3%2C5%5D%7B1%2C0%3AT(2%2C2)%7D'],
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const base = await startServer();
  const context = await launchBrowser();
  await context.addInitScript(() => {
    new MutationObserver((_, obs) => {
      const c = document.getElementById('layout-canvas');
      if (c?.dataset.generation && Number(c.dataset.generation) > 0) {
        window.__firstPaint = performance.now();
        obs.disconnect();
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-generation'], childList: true });
  });
  for (const [name, query] of cases) {
    const times = [];
    const parts = [];
    for (let k = 0; k < 7; k += 1) {
      const page = await context.newPage();
      await page.goto(`${base}${query}`);
      await page.waitForFunction(() => window.__firstPaint !== undefined);
      times.push(await page.evaluate(() => window.__firstPaint));
      parts.push(await page.evaluate(() => {
        const r = performance.getEntriesByType('resource');
        const wasm = r.find((e) => e.name.endsWith('.wasm'));
        const nav = performance.getEntriesByType('navigation')[0];
        return { domContentLoaded: nav.domContentLoadedEventEnd, wasmEnd: wasm?.responseEnd ?? 0 };
      }));
      await page.close();
    }
    const m = median(times);
    console.log(`${name.padEnd(34)} first paint median ${m.toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); wasm fetched by ${median(parts.map((p) => p.wasmEnd)).toFixed(0)} ms, DOMContentLoaded ${median(parts.map((p) => p.domContentLoaded)).toFixed(0)} ms`);
  }
} finally {
  await stopAll();
}
