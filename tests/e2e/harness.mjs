// The end-to-end harness: a static server for dist/, headless Debian
// Chromium driven by playwright-core, and helpers that read the canvas.
//
// Every process started here is stopped by `stopAll()` (called from the
// tests' `after` hook) and, as a last resort, when node exits or is
// interrupted.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../..');
export const distDir = resolve(process.env.E2E_DIST ?? join(repoRoot, 'dist'));
export const screenshotDir = resolve(process.env.E2E_SCREENSHOTS ?? join(repoRoot, 'target/e2e'));
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

// Debian's Chromium, headless, as CI runs it: no sandbox (Chromium does
// not start as root with one), no GPU, and none of its own network
// traffic (QUIC, component and sync updates, first-run pages). Playwright
// adds --headless and the fresh --user-data-dir.
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const cleanups = [];

/**
 * Resolves as `work` (a promise) does, or, when it has not settled after
 * `ms`, runs `late` and rejects with the error `message`.
 */
async function within(work, ms, message, late = () => {}) {
  let timer;
  const timedOut = new Promise((_, failed) => {
    timer = setTimeout(() => {
      late();
      failed(new Error(message));
    }, ms);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Registers `cleanup` (sync or async) for `stopAll`. */
export function onStop(cleanup) {
  cleanups.push(cleanup);
}

/**
 * Runs every registered cleanup once, newest first. One that throws, or
 * has not finished after `timeoutMs`, is reported and left behind, so that
 * it cannot keep the others (and the test run) waiting. (A browser that
 * does not close is killed by its own cleanup after 15 s, a server that
 * ignores SIGTERM after 5 s; anything else left is killed when node exits,
 * `lastResort`.)
 */
export async function stopAll({ timeoutMs = 20_000 } = {}) {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop();
    try {
      await within(Promise.resolve().then(cleanup), timeoutMs, `did not finish in ${timeoutMs} ms`);
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

// Last resort if the tests die before `after` runs: servers are killed and
// browser profiles removed. (The browser itself is killed by playwright on
// exit and on SIGINT/SIGTERM.)
const children = new Set();
const profiles = new Set();
function lastResort() {
  for (const child of children) child.kill('SIGKILL');
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
}
process.on('exit', lastResort);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    lastResort();
    process.exit(130);
  });
}

/** Serves `dir` on 127.0.0.1 on a free port; resolves to the base URL. */
export async function startServer(dir = distDir, { failOnce = null } = {}) {
  // failOnce: a regular expression's source; the first request for each
  // path it matches is answered 503 (flaky_server.py).
  const args = failOnce === null
    ? ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', dir, '0']
    : ['-u', join(repoRoot, 'tests', 'e2e', 'flaky_server.py'), dir, failOnce];
  const server = spawn('python3', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(server);
  cleanups.push(
    () =>
      new Promise((done) => {
        children.delete(server);
        if (server.exitCode !== null) return done();
        server.once('exit', done);
        server.kill('SIGTERM');
        // A server that ignores SIGTERM is killed.
        setTimeout(() => server.exitCode === null && server.kill('SIGKILL'), 5_000).unref();
      }),
  );
  const port = await new Promise((found, failed) => {
    let output = '';
    const timer = setTimeout(() => failed(new Error(`server did not start:\n${output}`)), 10_000);
    const read = (chunk) => {
      output += chunk;
      const match = output.match(/port (\d+)/);
      if (match) {
        clearTimeout(timer);
        found(Number(match[1]));
      }
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.once('exit', (code) => failed(new Error(`server exited with ${code}:\n${output}`)));
  });
  return `http://127.0.0.1:${port}/`;
}

/** The processes of a context's browser: those naming its profile. */
export function browserProcesses(context) {
  const profile = profileOf.get(context);
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(`user-data-dir=${profile}`);
      } catch {
        return false;
      }
    })
    .map(Number);
}
const profileOf = new WeakMap();

/**
 * Launches headless Chromium with a fresh profile; resolves to its
 * context. Its cleanup kills the browser if it has not closed after
 * `closeTimeoutMs`.
 */
export async function launchBrowser({ closeTimeoutMs = 15_000 } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'xla-layout-viz-e2e-'));
  profiles.add(profile);
  cleanups.push(() => {
    rmSync(profile, { recursive: true, force: true });
    profiles.delete(profile);
  });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    viewport: { width: 1100, height: 900 },
    deviceScaleFactor: 1,
  });
  profileOf.set(context, profile);
  // A browser that does not close in time is killed (found by its
  // profile), so that its pipes do not keep node running.
  cleanups.push(() =>
    within(context.close(), closeTimeoutMs, `the browser did not close in ${closeTimeoutMs} ms: killed`, () => {
      for (const pid of browserProcesses(context)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }),
  );
  return context;
}

/**
 * Loads `url` in a new page of `context` with Chromium's tracing on
 * (`categories`) until its first picture (the watcher of
 * [`watchFirstPicture`], which the context must have); `read` runs in the
 * page before tracing stops. Resolves to the page (still open), the trace
 * events and what `read` returned.
 */
export async function traceFirstPicture(context, url, categories, read) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  await page.goto(url);
  await waitForFirstPicture(page);
  const marks = await page.evaluate(read);
  await cdp.send('Tracing.end');
  await done;
  return { page, events, marks };
}

/**
 * Makes every new page of `context` set `window.__firstPaint` to
 * `performance.now()` in the first animation frame in which
 * `#layout-canvas` has a picture (data-generation > 0): the first-paint
 * benchmarks' measure.
 */
export async function watchFirstPicture(context) {
  await context.addInitScript(() => {
    const watch = () => {
      const c = document.getElementById('layout-canvas');
      if (c && Number(c.dataset.generation) > 0) {
        window.__firstPaint = performance.now();
        return;
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
}

/**
 * Waits until `page`, in a context that {@link watchFirstPicture}
 * watches, has set `window.__firstPaint`; at most 20 s.
 */
export async function waitForFirstPicture(page) {
  await page.waitForFunction(() => window.__firstPaint !== undefined, null, { timeout: 20_000 });
}

/** Records console errors and uncaught page errors of `page`. */
export function collectErrors(page) {
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return errors;
}

/** Server, browser and one page with its error log, for a test file. */
export async function openApp() {
  const baseUrl = await startServer();
  const context = await launchBrowser();
  // Fail in seconds, not half a minute, when a hook never shows up.
  context.setDefaultTimeout(Number(process.env.E2E_TIMEOUT_MS ?? 10_000));
  const page = await context.newPage();
  const errors = collectErrors(page);
  return { baseUrl, context, page, errors };
}

/** Saves a full-page screenshot as target/e2e/<name>.png. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });
}

const rectOf = (text) => {
  const [x, y, w, h] = text.split(',').map(Number);
  return { x, y, w, h };
};
const cameraOf = (text) => {
  const [x, y, scale] = text.split(',').map(Number);
  return { x, y, scale };
};

/**
 * What the canvas publishes as data-* attributes (CSS px): the pane
 * rectangles, their cameras, the animation cursor, the picture's
 * generation, cells per drawn sample, the memory row width and the
 * logical world's size in cells.
 */
export async function canvasView(page) {
  const a = await page.$eval('#layout-canvas', (canvas) => ({ ...canvas.dataset }));
  const [worldW, worldH] = (a.logicalWorld ?? '0,0').split(',').map(Number);
  return {
    logical: rectOf(a.logical),
    memory: rectOf(a.memory),
    camera: { logical: cameraOf(a.cameraLogical), memory: cameraOf(a.cameraMemory) },
    cursor: Number(a.cursor),
    playing: a.playing === 'true',
    generation: Number(a.generation),
    block: { logical: Number(a.blockLogical), memory: Number(a.blockMemory) },
    scattered: { logical: a.scatteredLogical === 'true', memory: a.scatteredMemory === 'true' },
    rowWidth: Number(a.rowWidth),
    logicalWorld: { w: worldW, h: worldH },
  };
}

/** Screen point (CSS px on the canvas) of world point (wx, wy) of `pane`. */
export function toScreen(view, pane, wx, wy) {
  const r = view[pane];
  const c = view.camera[pane];
  return [r.x + (wx - c.x) * c.scale, r.y + (wy - c.y) * c.scale];
}

/** World point under canvas point (x, y) of `pane`. */
export function toWorld(view, pane, x, y) {
  const r = view[pane];
  const c = view.camera[pane];
  return [c.x + (x - r.x) / c.scale, c.y + (y - r.y) / c.scale];
}

/** A point inside world cell (wx, wy): (fx, fy) of the way across it. */
export function cellPoint(view, pane, wx, wy, fx = 0.5, fy = 0.5) {
  return toScreen(view, pane, wx + fx, wy + fy);
}

/** Waits until the canvas has painted a picture; returns its view. */
export async function waitForPicture(page, { after } = {}) {
  await page.waitForFunction(
    (after) => {
      const g = document.getElementById('layout-canvas')?.dataset.generation;
      return g !== undefined && Number(g) > 0 && (after === undefined || Number(g) !== after);
    },
    after,
  );
  return canvasView(page);
}

/**
 * Loads `url` in a new page of `context` and returns the canvas's
 * data-generation in the first animation frame in which the canvas exists
 * ('none' when it had no picture yet): what the first frame to show the
 * canvas showed (issue 24, Trunk.toml's loader).
 */
export async function firstFrameGeneration(context, url) {
  const fresh = await context.newPage();
  try {
    await fresh.addInitScript(() => {
      const watch = () => {
        const canvas = document.getElementById('layout-canvas');
        if (canvas) {
          window.__firstFrameGeneration = canvas.dataset.generation ?? 'none';
          return;
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await fresh.goto(url);
    await waitForPicture(fresh);
    await fresh.waitForFunction(() => window.__firstFrameGeneration !== undefined);
    return await fresh.evaluate(() => window.__firstFrameGeneration);
  } finally {
    await fresh.close();
  }
}

/**
 * Waits until data-<name> of the canvas satisfies `test` (JS source of a
 * function of the value, e.g. "(v) => v === '1'"); resolves to the view.
 */
export async function waitForData(page, name, test) {
  try {
    await page.waitForFunction(
      ([name, test]) => {
        const value = document.getElementById('layout-canvas')?.getAttribute(`data-${name}`);
        return value !== null && value !== undefined && new Function('v', `return (${test})(v)`)(value);
      },
      [name, test],
    );
  } catch (error) {
    const actual = await page.$eval('#layout-canvas', (c, n) => c.getAttribute(`data-${n}`), name).catch(() => null);
    throw new Error(`data-${name} is ${JSON.stringify(actual)}, not ${test}`, { cause: error });
  }
  return canvasView(page);
}

/** Waits for `n` animation frames in the page. */
export async function frames(page, n = 2) {
  await page.evaluate(
    (n) =>
      new Promise((done) => {
        const next = (left) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
        next(n);
      }),
    n,
  );
}

/**
 * The control for a timing check: a fixed piece of JavaScript (the bench's
 * control, a linear congruential generator of 2 million steps, 2-3 ms on a
 * quiet 2-core machine) timed `n` times, each in a task of its own, in the
 * page. Its work never changes, so a slow run of it is time the machine
 * took from the page (docs/performance/machine.md, "Time the machine takes away").
 * Returns `{ median, max, quiet }` in ms; `quiet` when no run took over
 * 25 ms, the bound a timing check may trust.
 */
export async function machineControl(page, n = 30) {
  const times = await page.evaluate(
    (n) =>
      new Promise((done) => {
        const times = [];
        let sink = 1;
        const run = () => {
          const t0 = performance.now();
          let x = (sink | 1) >>> 0;
          for (let i = 0; i < 2_000_000; i += 1) x = (Math.imul(x, 1103515245) + 12345) >>> 0;
          sink ^= x;
          times.push(performance.now() - t0);
          if (times.length < n) setTimeout(run, 5);
          else done(times);
        };
        setTimeout(run, 0);
      }),
    n,
  );
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const max = sorted.at(-1);
  return { median, max, quiet: max <= 25 };
}

/**
 * The RGBA bytes of the CSS rectangle (x, y, w, h) of the picture as shown:
 * the canvas with the transparent overlay above it (cursor, trail, hovered
 * and pinned cells) composited on top. Runs in the page.
 */
function readPicture(canvas, [x, y, w, h]) {
  const dpr = Math.min(4, Math.max(1, window.devicePixelRatio));
  const px = (v) => Math.floor(v * dpr);
  const [x0, y0] = [px(x), px(y)];
  const [cw, ch] = [Math.max(1, px(x + w) - x0), Math.max(1, px(y + h) - y0)];
  const scratch = document.createElement('canvas');
  scratch.width = cw;
  scratch.height = ch;
  const ctx = scratch.getContext('2d');
  for (const layer of [canvas, document.getElementById('layout-overlay')]) {
    if (layer && layer.width > 0 && layer.height > 0) ctx.drawImage(layer, x0, y0, cw, ch, 0, 0, cw, ch);
  }
  return ctx.getImageData(0, 0, cw, ch).data;
}

/** The [r, g, b, a] pixels of the picture in the CSS rectangle (x, y, w, h), row by row. */
export async function pixels(page, x, y, w = 1, h = 1) {
  return page.$eval(
    '#layout-canvas',
    (canvas, [read, rect]) => {
      const data = new Function(`return ${read}`)()(canvas, rect);
      const out = [];
      for (let i = 0; i < data.length; i += 4) out.push([data[i], data[i + 1], data[i + 2], data[i + 3]]);
      return out;
    },
    [readPicture.toString(), [x, y, w, h]],
  );
}

/** The [r, g, b, a] of the picture's pixel at CSS position (x, y). */
export async function pixel(page, x, y) {
  return (await pixels(page, x, y))[0];
}

/**
 * Over the picture, or a CSS rectangle of it: a checksum of the pixels,
 * the number of distinct colours and of pixels unlike `background`.
 */
export async function canvasSummary(page, rect = null, background = [255, 255, 255]) {
  return page.$eval(
    '#layout-canvas',
    (canvas, [read, rect, bg]) => {
      const dpr = Math.min(4, Math.max(1, window.devicePixelRatio));
      const r = rect ?? { x: 0, y: 0, w: canvas.width / dpr, h: canvas.height / dpr };
      const data = new Function(`return ${read}`)()(canvas, [r.x, r.y, r.w, r.h]);
      let checksum = 0;
      let painted = 0;
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4) {
        const [red, green, blue] = [data[i], data[i + 1], data[i + 2]];
        colours.add((red << 16) | (green << 8) | blue);
        if (Math.abs(red - bg[0]) + Math.abs(green - bg[1]) + Math.abs(blue - bg[2]) > 6) painted += 1;
        checksum = (checksum * 31 + red + 7 * green + 13 * blue + 17 * data[i + 3]) >>> 0;
      }
      return { checksum, painted, distinctColours: colours.size, pixels: data.length / 4 };
    },
    [readPicture.toString(), rect, background],
  );
}

/** Moves the mouse to canvas point (x, y) (CSS px from its top-left). */
export async function pointAt(page, x, y) {
  const box = await page.locator('#layout-canvas').boundingBox();
  await page.mouse.move(box.x + x, box.y + y);
}

/** Clicks canvas point (x, y). */
export async function clickAt(page, x, y) {
  const box = await page.locator('#layout-canvas').boundingBox();
  await page.mouse.click(box.x + x, box.y + y);
}

/** Picks preset `id` in the menu; resolves to the new picture's view. */
export async function choosePreset(page, id) {
  const before = (await canvasView(page)).generation;
  await page.selectOption('#preset-select', id);
  return waitForPicture(page, { after: before });
}

/** Replaces the shape text (typing the last character for real). */
export async function typeShape(page, text) {
  const input = page.locator('#shape-input');
  await input.fill(text.slice(0, -1));
  await input.press('End');
  await input.pressSequentially(text.slice(-1));
}

/**
 * What a reader does in the app's first seconds besides typing: the
 * pointer over both panes, a wheel zoom, a drag, a cell pinned, the
 * animation played and stepped, an example picked, and a shape typed
 * just before the page is left (`pagehide` saves it). The split build's profile
 * (split_profile.mjs) records it and split.test.mjs checks that it runs on
 * the first part. Leaves the input at `f32[8,128]{1,0:T(8,128)}`.
 */
export async function explore(page) {
  const box = await page.locator('#layout-canvas').boundingBox();
  const at = (fx, fy) => [box.x + box.width * fx, box.y + box.height * fy];
  for (const fx of [0.1, 0.25, 0.4, 0.6, 0.75, 0.9]) {
    await page.mouse.move(...at(fx, 0.5), { steps: 3 });
  }
  await page.mouse.move(...at(0.25, 0.5));
  await page.mouse.wheel(0, -400);
  await page.waitForTimeout(200);
  await page.mouse.down();
  await page.mouse.move(...at(0.3, 0.55), { steps: 4 });
  await page.mouse.up();
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(200);
  await page.mouse.click(...at(0.25, 0.5));
  await page.waitForTimeout(200);
  await page.locator('#layout-canvas').focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(1000);
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.selectOption('#preset-select', { index: 3 });
  await page.waitForTimeout(300);
  // A shape typed and the page left at once: `pagehide` saves the input
  // the typing's throttle has not saved yet.
  await typeShape(page, 'f32[8,128]{1,0:T(8,128)}');
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
}

/**
 * The nearest-rank quantile `q` (0 to 1) of `values`: the sorted values' entry
 * at `floor(q * n)`, the last for `q` = 1; NaN when there are none. (The
 * benchmarks' medians and p95s; `median` below averages the middle two.)
 */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The address bar's query parameter `name`. */
export const queryParam = (page, name) => new URL(page.url()).searchParams.get(name);

/** Waits until the address bar's parameter `name` is `value` (null: absent); it is saved throttled. */
export async function waitForQuery(page, name, value) {
  try {
    await page.waitForFunction(([n, v]) => new URL(location.href).searchParams.get(n) === v, [name, value]);
  } catch (error) {
    throw new Error(`?${name}= is ${JSON.stringify(queryParam(page, name))}, expected ${JSON.stringify(value)}`, { cause: error });
  }
}

/**
 * The drawn sample holding world cell (wx, wy) of `pane`: zoomed out, one
 * sample stands for a block of `block` x `block` cells and shows its
 * top-left cell (unless the view repeats within a few blocks, where it
 * shows a cell of the block chosen by hash, src/render/world/sampling.rs,
 * and the canvas says `data-scattered-<pane>="true"`: then there is no
 * such cell to read, and this throws). Returns that cell and the sample's
 * centre on screen.
 */
export function sampleAt(view, pane, wx, wy) {
  if (view.scattered?.[pane]) throw new Error(`the ${pane} pane's samples are scattered in their blocks`);
  const b = view.block[pane];
  const [bx, by] = [Math.floor(wx / b) * b, Math.floor(wy / b) * b];
  const [x, y] = toScreen(view, pane, bx + b / 2, by + b / 2);
  return { cell: [bx, by], x, y };
}

/**
 * Chromium's complaint when a passive listener calls preventDefault: the
 * app's keydown listener does (see the keyboard test in animation.test.mjs).
 */
export const PASSIVE_KEYDOWN = /Unable to preventDefault inside passive event listener/;

/**
 * Waits until the text of `selector` is `expected`; if it never is, fails
 * with the text it had instead.
 */
export async function waitForText(page, selector, expected) {
  try {
    await page.waitForFunction(
      ([selector, expected]) => document.querySelector(selector)?.textContent.trim() === expected,
      [selector, expected],
    );
  } catch (error) {
    const actual = await page.evaluate((s) => document.querySelector(s)?.textContent.trim() ?? null, selector);
    throw new Error(`${selector} reads ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`, { cause: error });
  }
}

/**
 * The wasm modules' files (glue JS and wasm, hashes dropped, sorted) that
 * `page` requests while `run` runs: which module a page loads.
 */
export async function modulesLoaded(page, run) {
  const seen = [];
  const record = (request) => {
    const name = new URL(request.url()).pathname.split('/').pop();
    if (/^xla-layout-(viz|embed|embed-sharded)-[0-9a-f]+(_bg\.wasm|\.js)$/.test(name)) seen.push(name);
  };
  page.on('request', record);
  try {
    await run();
  } finally {
    page.off('request', record);
  }
  return seen.map((name) => name.replace(/-[0-9a-f]+(_bg\.wasm|\.js)$/, '$1')).sort();
}

/**
 * A new page of `context` opened on `base` (`f32[2,3]`) with the app's
 * canvas made 1600x1000 CSS pixels (the size the benchmarks' targets are
 * set for); resolves once the first picture is drawn. Page errors are
 * printed, prefixed with `label`.
 */
export async function openBenchPage(context, base, label = '') {
  const page = await context.newPage();
  await page.setViewportSize({ width: 2000, height: 1300 });
  page.on('pageerror', (e) => console.error(`${label}page error:`, e.message));
  await page.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent = '.app { max-width: none } .canvas-box { width: 1600px; height: 1000px; }';
    document.addEventListener('DOMContentLoaded', () => document.head.append(style));
  });
  await page.goto(`${base}?shape=f32%5B2,3%5D`);
  await page.waitForSelector('#layout-canvas[data-generation]');
  return page;
}
