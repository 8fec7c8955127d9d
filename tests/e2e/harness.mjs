// The end-to-end harness: a static server for dist/, headless Debian
// Chromium driven by playwright-core, and helpers that read the canvas.
//
// Every process started here is stopped by `stopAll()` (called from the
// tests' `after` hook) and, as a last resort, when node exits or is
// interrupted.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../..');
export const distDir = resolve(process.env.E2E_DIST ?? join(repoRoot, 'dist'));
export const screenshotDir = resolve(process.env.E2E_SCREENSHOTS ?? join(repoRoot, 'target/e2e'));
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

// Flags verified on these machines (../../../shared/docs/toolchain.md);
// playwright adds --headless and the fresh --user-data-dir.
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

/** Runs every registered cleanup once, newest first. */
export async function stopAll() {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop();
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

// Last resort for servers if the tests die before `after` runs. (The browser
// is killed by playwright itself on exit and on SIGINT/SIGTERM.)
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(130);
  });
}

/** Serves `dir` on 127.0.0.1 on a free port; resolves to the base URL. */
export async function startServer(dir = distDir) {
  const server = spawn(
    'python3',
    ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', dir, '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(server);
  cleanups.push(
    () =>
      new Promise((done) => {
        children.delete(server);
        if (server.exitCode !== null) return done();
        server.once('exit', done);
        server.kill('SIGTERM');
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

/** Launches headless Chromium with a fresh profile; resolves to its context. */
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'xla-layout-viz-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    viewport: { width: 1100, height: 900 },
    deviceScaleFactor: 1,
  });
  cleanups.push(() => rmSync(profile, { recursive: true, force: true }));
  cleanups.push(() => context.close());
  return context;
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

/** Saves a full-page screenshot as target/e2e/<name>.png. */
export async function screenshot(page, name) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The canvas geometry the app publishes as data-* attributes (CSS px). */
export async function geometry(page) {
  return page.$eval('#layout-canvas', (canvas) => {
    const number = (name) => Number(canvas.getAttribute(`data-${name}`));
    return {
      cell: number('cell'),
      gridX: number('grid-x'),
      gridY: number('grid-y'),
      rows: number('rows'),
      cols: number('cols'),
      stripCell: number('strip-cell'),
      stripY: number('strip-y'),
      stripCols: number('strip-cols'),
    };
  });
}

/** Waits until the canvas shows a grid of `rows` x `cols` cells. */
export async function waitForGrid(page, rows, cols) {
  await page.waitForFunction(
    ([rows, cols]) => {
      const canvas = document.getElementById('layout-canvas');
      return canvas?.dataset.rows === String(rows) && canvas?.dataset.cols === String(cols);
    },
    [rows, cols],
  );
}

/** The [r, g, b, a] of the canvas pixel at CSS position (x, y). */
export async function pixel(page, x, y) {
  return page.$eval(
    '#layout-canvas',
    (canvas, [x, y]) => {
      const scale = canvas.width / canvas.clientWidth;
      const data = canvas.getContext('2d').getImageData(Math.floor(x * scale), Math.floor(y * scale), 1, 1).data;
      return Array.from(data);
    },
    [x, y],
  );
}

/** The colour at the centre of logical cell (row, col). */
export async function cellColour(page, row, col) {
  const g = await geometry(page);
  return pixel(page, g.gridX + (col + 0.5) * g.cell, g.gridY + (row + 0.5) * g.cell);
}

/** The colour at the centre of memory slot `offset` in the strip. */
export async function slotColour(page, offset) {
  const g = await geometry(page);
  const row = Math.floor(offset / g.stripCols);
  const col = offset % g.stripCols;
  return pixel(page, (col + 0.5) * g.stripCell, g.stripY + (row + 0.5) * g.stripCell);
}

/** Painted pixels, distinct colours and a checksum of the whole canvas. */
export async function canvasSummary(page) {
  return page.$eval('#layout-canvas', (canvas) => {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    let checksum = 0;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 0) {
        painted += 1;
        colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      }
      checksum = (checksum * 31 + data[i] + 7 * data[i + 1] + 13 * data[i + 2] + 17 * data[i + 3]) >>> 0;
    }
    return { painted, distinctColours: colours.size, checksum };
  });
}

/** Viridis at 0 and 1, and the padding grey, as drawn by src/ui/colour.rs. */
export const FIRST_COLOUR = [68, 1, 84];
export const LAST_COLOUR = [253, 231, 37];
export const PADDING_COLOUR = [150, 150, 150];

/** True when `rgba` is opaque and within `tolerance` of `rgb` per channel. */
export function near(rgba, rgb, tolerance = 2) {
  return rgba[3] === 255 && rgb.every((value, i) => Math.abs(rgba[i] - value) <= tolerance);
}
