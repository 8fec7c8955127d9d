// First paint of two or more builds, interleaved load by load in one run
// beside a control page, so that they share the machine's state (issue 24):
//
//   (cd tests/e2e && [NETWORK=LATENCY_MS,MBIT_S] node firstpaint_ab.mjs LOADS DIST_A [DIST_B ...] [-- URL-SUFFIX])
//
// Each round loads the control and then every build once (in an order that
// rotates from round to round), in a fresh page, and times navigation
// start -> the first drawn picture (data-generation > 0 on #layout-canvas,
// seen by a requestAnimationFrame watcher, as firstpaint.mjs does). The
// control is a static page, served the same way, whose inline script draws
// a canvas at DOMContentLoaded: what the browser needs to show any picture
// here. Prints per page the median and quartiles,
// each build's median excess over the control, and each later build's
// paired difference from the first (median over rounds, and in how many
// rounds it was faster), since this machine's speed drifts from minute to
// minute and paired rounds cancel most of that drift.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, quantile, repoRoot, startServer, stopAll, waitForFirstPicture, watchFirstPicture } from './harness.mjs';
import { describe, difference } from './stats.mjs';

const args = process.argv.slice(2);
const cut = args.indexOf('--');
const suffix = cut >= 0 ? (args[cut + 1] ?? '') : '';
const [loads, ...dists] = cut >= 0 ? args.slice(0, cut) : args;
if (!dists.length || !(Number(loads) > 0)) {
  console.error('usage: node firstpaint_ab.mjs LOADS DIST_A [DIST_B ...] [-- URL-SUFFIX]');
  process.exit(2);
}

// NETWORK=LATENCY_MS,MBIT_S: every page's requests get that round-trip
// latency and download rate (Chromium's network emulation), as from a
// server that is not on this machine, and none comes from the HTTP cache:
// a first visit.
const [latency, mbit] = (process.env.NETWORK ?? '').split(',').map(Number);
const network = latency >= 0 && mbit > 0
  ? { offline: false, latency, downloadThroughput: (mbit * 1e6) / 8, uploadThroughput: (mbit * 1e6) / 8 }
  : null;

const controlDir = join(repoRoot, 'target', 'e2e', 'firstpaint-control');
mkdirSync(controlDir, { recursive: true });
writeFileSync(
  join(controlDir, 'index.html'),
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>control</title></head>
<body><canvas id="layout-canvas" width="800" height="600"></canvas>
<script>
document.addEventListener('DOMContentLoaded', () => {
  const c = document.getElementById('layout-canvas');
  const g = c.getContext('2d');
  g.fillStyle = '#3b528b';
  g.fillRect(10, 10, 300, 200);
  g.font = '12px monospace';
  g.fillText('control', 20, 240);
  c.dataset.generation = '1';
});
</script></body></html>
`,
);

const f = (v) => v.toFixed(0).padStart(5);

try {
  const pages = [{ name: 'control', base: await startServer(controlDir), suffix: '' }];
  for (const dist of dists) pages.push({ name: dist, base: await startServer(dist), suffix });
  const context = await launchBrowser();
  await watchFirstPicture(context);
  const times = pages.map(() => []);
  for (let round = 0; round < Number(loads); round += 1) {
    // The control first, then the builds in an order that rotates round by
    // round: the same build measured twice in a fixed order came out 12 ms
    // apart (40 rounds, 2026-11-28), the later one faster.
    const n = pages.length - 1;
    const order = [0, ...Array.from({ length: n }, (_, i) => 1 + ((i + round) % n))];
    for (const k of order) {
      const p = pages[k];
      const page = await context.newPage();
      if (network) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', network);
        // A first visit: nothing from the HTTP cache.
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      }
      await page.goto(p.base + p.suffix);
      await waitForFirstPicture(page);
      times[k].push(await page.evaluate(() => window.__firstPaint));
      await page.close();
    }
  }
  const conditions = network ? `, network ${latency} ms, ${mbit} Mbit/s` : '';
  console.log(`first paint ${suffix || '(default)'}, ${loads} rounds${conditions}, ms: median [quartiles]`);
  for (const [k, p] of pages.entries()) {
    const t = times[k];
    const over = k === 0 ? '' : `  over the control ${f(quantile(t.map((v, i) => v - times[0][i]), 0.5))}`;
    console.log(`  ${p.name.padEnd(40)} ${f(quantile(t, 0.5))} [${f(quantile(t, 0.25))} ${f(quantile(t, 0.75))}]${over}`);
  }
  for (let k = 2; k < pages.length; k += 1) {
    const d = times[k].map((v, i) => v - times[1][i]);
    const faster = d.filter((x) => x < 0).length;
    // Paired by round (stats.mjs): the median of the differences, with its
    // 95% bootstrap interval.
    const diff = describe(difference(times[1], times[k], { paired: true }));
    console.log(`  ${pages[k].name} - ${pages[1].name}: median of paired differences ${diff}, faster in ${faster} of ${d.length} rounds`);
  }
} finally {
  await stopAll();
}
