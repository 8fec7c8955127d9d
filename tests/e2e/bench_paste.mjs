// Paste timing (issue 15): a real Ctrl+V of large texts into the app,
// timed in the page from the key press to the next painted frame, with the
// longest main-thread task, against a control page in the same run whose
// paste handler only keeps the text. Also the time until the scan has
// listed every shape (the first painted frame whose summary says how many
// were found and no longer "scanning"). Needs `trunk build --release`:
//
//   (cd tests/e2e && node bench_paste.mjs [CASE-SUBSTRING])
import { launchBrowser, startServer, stopAll } from './harness.mjs';

function module(bytes) {
  const lines = ['HloModule big', '', 'ENTRY %main (p: f32[128,256]) -> f32[128,256] {'];
  let size = 0;
  for (let i = 0; size < bytes; i += 1) {
    const line = `  %add.${i} = f32[128,256]{1,0:T(8,128)} add(f32[128,256]{1,0:T(8,128)} %a.${i}, f32[128,256]{1,0:T(8,128)} %b.${i}), metadata={op_name="m/${i}"}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n}`;
}
const junk = (bytes) => 'x[1]{{('.repeat(Math.ceil(bytes / 7)).slice(0, bytes);
const tuple = (n) => `(${Array.from({ length: n }, (_, i) => `f32[${(i % 7) + 1},8]{1,0}`).join(', ')})`;

const CASES = [
  ['5 MB HLO module', module(5e6)],
  ['5 MB junk, one line', junk(5e6)],
  ['20 MB HLO module', module(20e6)],
  ['tuple of 10,000 leaves', tuple(10_000)],
  // 4 KB on one line: stays in the box (no document, nothing listed).
  ['2,000 nested parentheses', `${'('.repeat(2000)}${')'.repeat(2000)}`, false],
];

// In the page: arm a key-press timestamp and a long-task observer.
const ARM = () => {
  window.__t = { key: 0, longest: 0, tasks: [] };
  // The frame after the key press is noted in the page itself: a
  // Playwright round trip could wait behind the app's scan tasks.
  window.addEventListener('keydown', (e) => {
    if (e.code !== 'KeyV') return;
    const t = window.__t;
    t.key = performance.now();
    t.frame = null;
    t.listed = null;
    requestAnimationFrame(() => setTimeout(() => { t.frame = performance.now() - t.key; }, 0));
    // Listed: the first frame that paints a summary saying how many
    // shapes were found, with no scan running (checked every frame, in
    // the page: a Playwright poll would add its own round trips).
    const start = t.key;
    t.rows = null;
    t.frames = [];
    const look = () => {
      if (t.key !== start) return;
      t.frames.push(Math.round(performance.now() - start));
      // The start of the frame that paints the first rows (a task after
      // it would wait behind the next scan step).
      if (t.rows === null && Number(document.getElementById('scan-table')?.dataset.rows) > 0) {
        t.rows = performance.now() - start;
      }
      const s = document.getElementById('document-summary')?.textContent ?? '';
      if (/shapes found$/.test(s)) setTimeout(() => { t.listed = performance.now() - start; }, 0);
      else if (performance.now() - start < 120_000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, { capture: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) {
      window.__t.longest = Math.max(window.__t.longest, e.duration);
      window.__t.tasks.push([Math.round(e.startTime - window.__t.key), Math.round(e.duration)]);
    }
  }).observe({ type: 'longtask' });
};

async function measure(page, selector, text, waitListed) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.evaluate(() => {
    window.__t.longest = 0;
    window.__t.frame = null;
    window.__t.tasks = [];
    window.__xlaLayoutTimings = {};
    window.__xlaLayoutTimeline = [];
  });
  await page.focus(selector);
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() => typeof window.__t.frame === 'number', null, { timeout: 120_000 });
  const frame = await page.evaluate(() => window.__t.frame);
  let listed = [null, null];
  if (waitListed) {
    await page.waitForFunction(() => typeof window.__t.listed === 'number', null, { timeout: 120_000 });
    listed = await page.evaluate(() => [window.__t.rows, window.__t.listed]);
  }
  await page.waitForTimeout(300);
  const longest = await page.evaluate(() => window.__t.longest);
  // Where the time went: the app's own series (src/ui/web/timing.rs) and
  // the long tasks, as [start after the key press, duration].
  const detail = await page.evaluate(() => {
    const out = {};
    for (const [k, v] of Object.entries(window.__xlaLayoutTimings ?? {})) {
      if (!/^(paste|scan|save)\./.test(k) || !v.length) continue;
      out[k] = `n=${v.length} max=${Math.max(...v).toFixed(1)} sum=${v.reduce((a, b) => a + b, 0).toFixed(0)}`;
    }
    // When each series ended, after the key press, and the frames seen.
    const at = (e) => `${e[0]}@${Math.round(e[1] - window.__t.key)}(${e[2].toFixed(0)})`;
    const timeline = (window.__xlaLayoutTimeline ?? []).map(at).join(' ');
    return { series: out, tasks: window.__t.tasks.slice(0, 8), height: document.documentElement.scrollHeight,
      timeline, frames: (window.__t.frames ?? []).slice(0, 40).join(' ') };
  });
  return { frame, longest, rows: listed[0], listed: listed[1], detail };
}

try {
  const base = await startServer();
  const context = await launchBrowser();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const app = await context.newPage();
  const control = await context.newPage();
  for (const p of [app, control]) await p.addInitScript(ARM);
  await app.goto(`${base}?shape=f32%5B2,3%5D`);
  await app.waitForSelector('#layout-canvas[data-generation]');
  // The control: same origin, a textarea whose paste handler only keeps the text.
  await control.goto(`${base}?shape=f32%5B2,3%5D`);
  await control.evaluate(() => {
    document.body.innerHTML = '<textarea id="c"></textarea>';
    document.getElementById('c').addEventListener('paste', (e) => {
      window.__kept = e.clipboardData.getData('text');
      e.preventDefault();
    });
  });
  console.log(`${'case'.padEnd(28)} ${'control'.padStart(9)} ${'app'.padStart(9)} ${'longest'.padStart(9)} ${'rows'.padStart(9)} ${'listed'.padStart(9)} ${'typed'.padStart(9)}  (ms after the key press; longest = app's longest task, control's in brackets; rows = first rows of the table painted; listed = every shape listed; typed = a shape typed afterwards, input to paint)`);
  const only = process.argv[2];
  let typed = 0;
  for (const [name, text, held = true] of CASES.filter(([n]) => !only || n.includes(only))) {
    await control.bringToFront();
    const c = await measure(control, '#c', text, false);
    await app.bringToFront();
    await app.evaluate(() => document.getElementById('document-clear')?.click());
    await app.fill('#shape-input', '');
    const a = await measure(app, '#shape-input', text, held);
    // Then a normal shape typed into the box (the document still held, its
    // scan maybe still running): input event to the end of its paint, as
    // the app itself records it (src/ui/web/timing.rs, series `input`).
    typed += 1;
    // (Waited for by its canonical text: the table's first row, picked once
    // the scan is done, also draws.)
    const shape = `f32[3,${4 + typed}]{1,0:T(2,2)}`;
    await app.evaluate(() => { window.__xlaLayoutTimings.input = []; });
    await app.fill('#shape-input', shape);
    await app.waitForFunction((s) => document.getElementById('shape-canonical')?.textContent === s, shape);
    const type = await app.evaluate(() => Math.max(...(window.__xlaLayoutTimings.input ?? [])));
    const f = (v) => (v === null ? '-' : v.toFixed(0)).padStart(9);
    console.log(`${name.padEnd(28)} ${f(c.frame)} ${f(a.frame)} ${f(a.longest)} ${f(a.rows)} ${f(a.listed)} ${f(type)}  [${c.longest.toFixed(0)}]`);
    if (process.env.DETAIL) console.log(JSON.stringify(a.detail));
  }
} finally {
  await stopAll();
}
