// The first paste after a load (issue 24): each of LOADS fresh loads of
// the app pastes at once, as soon as the first picture is drawn, the text
// of issue 24's case (2,000 nested parentheses: an error), and times the
// key press to the first frame that shows its error, in the page; the same paste again on the
// same page after 1 s; and a control page in the same run (same origin, a
// textarea whose paste handler only keeps the text), also freshly loaded.
// Medians. Needs `trunk build --release`:
//
//   (cd tests/e2e && node bench_cold_paste.mjs [LOADS] [default])
//
// With `default`, the app opens on its default example (the 167M-element
// bf16 array) instead of f32[2,3], as a newcomer's first visit does.
import { launchBrowser, median, startServer, stopAll } from './harness.mjs';

const TEXT = `${'('.repeat(2000)}${')'.repeat(2000)}`;
const LOADS = Number(process.argv[2] ?? 7);

// Key press -> the first frame that shows the paste (the app's error
// under the box; the control's kept text), noted in the page: each frame
// checks, and the time is taken in a task after that frame's paint.
const ARM = () => {
  window.__t = { frame: null };
  window.addEventListener('keydown', (e) => {
    if (e.code !== 'KeyV') return;
    const key = performance.now();
    window.__t.frame = null;
    // The app's error is the paste's (nested too deep); an empty box has
    // an error of its own.
    const shown = () => window.__kept !== undefined || (document.getElementById('shape-error')?.textContent ?? '').includes('nested more than');
    const look = () => {
      if (shown()) setTimeout(() => { window.__t.frame = performance.now() - key; }, 0);
      else if (performance.now() - key < 30_000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, { capture: true });
};

async function paste(page, selector) {
  await page.evaluate(() => { window.__t.frame = null; });
  await page.focus(selector);
  await page.keyboard.press('Control+V');
  await page.waitForFunction(() => typeof window.__t.frame === 'number', null, { timeout: 60_000 });
  return page.evaluate(() => window.__t.frame);
}

try {
  const base = await startServer();
  const context = await launchBrowser();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await context.addInitScript(ARM);
  const rows = { control: [], first: [], again: [] };
  for (let i = 0; i < LOADS; i += 1) {
    const control = await context.newPage();
    await control.goto(`${base}docs.html`);
    await control.evaluate(() => {
      document.body.innerHTML = '<textarea id="c"></textarea>';
      document.getElementById('c').addEventListener('paste', (e) => {
        window.__kept = e.clipboardData.getData('text');
        e.preventDefault();
      });
    });
    await control.evaluate((t) => navigator.clipboard.writeText(t), TEXT);
    rows.control.push(await paste(control, '#c'));
    await control.close();

    const app = await context.newPage();
    await app.goto(process.argv[3] === 'default' ? base : `${base}?shape=f32%5B2,3%5D`);
    await app.waitForSelector('#layout-canvas[data-generation]');
    await app.evaluate((t) => navigator.clipboard.writeText(t), TEXT);
    await app.fill('#shape-input', '');
    rows.first.push(await paste(app, '#shape-input'));
    await app.waitForTimeout(1000);
    await app.fill('#shape-input', 'f32[2,3]');
    await app.waitForFunction(() => !document.getElementById('shape-error')?.textContent);
    await app.fill('#shape-input', '');
    await app.waitForTimeout(300);
    rows.again.push(await paste(app, '#shape-input'));
    await app.close();
  }
  const f = (v) => `${median(v).toFixed(0)} ms (${v.map((x) => x.toFixed(0)).join(' ')})`;
  console.log(`2,000 nested parentheses, key press -> the frame showing it, medians of ${LOADS} loads:`);
  console.log(`  control page                 ${f(rows.control)}`);
  console.log(`  app, first paste after load  ${f(rows.first)}`);
  console.log(`  app, the same paste again    ${f(rows.again)}`);
} finally {
  await stopAll();
}
