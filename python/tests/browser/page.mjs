// A static page with <xla-layout> elements (the Sphinx extension's HTML
// output), served on 127.0.0.1 by python/tests/test_sphinx.py, in headless
// Chromium: PAGE_URL is the page, EXPECT a JSON list of [shape, logical
// world or null for any] in the page's order. Checks that every element draws that shape
// into its canvas and that the static fallback figures are hidden once the
// element is defined. Exits non-zero with a message on failure.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const require = createRequire(join(process.env.E2E_MODULES ?? join(repoRoot, 'tests/e2e'), 'package.json'));
const { chromium } = require('playwright-core');

const expected = JSON.parse(process.env.EXPECT);
const profile = mkdtempSync(join(tmpdir(), 'xla-layout-page-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1000, height: 3000 },
  deviceScaleFactor: 1,
});
context.setDefaultTimeout(60_000);
try {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  page.on('console', (message) => {
    // Failed loads are reported by URL below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    // The browser's own favicon request aside, everything the page asks for exists.
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) errors.push(`${response.status()}: ${response.url()}`);
  });
  await page.goto(process.env.PAGE_URL);
  const count = expected.length;
  await page.waitForFunction((count) => {
    const els = [...document.querySelectorAll('xla-layout')];
    return els.length === count && els.every((el) => Number(el.shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0);
  }, count);
  const drawn = await page.$$eval('xla-layout', (els) =>
    els.map((el) => [el.getAttribute('shape'), el.shadowRoot.getElementById('layout-canvas').dataset.logicalWorld]),
  );
  // A null world: drawn, its size not checked.
  assert.deepEqual(drawn.map(([s, w], k) => [s, expected[k][1] === null ? null : w]), expected);
  assert.ok(drawn.every(([, w]) => /^\d+,\d+$/.test(w)), JSON.stringify(drawn));
  const fallbacks = await page.$$eval('.xla-layout-fallback', (fs) => fs.map((f) => getComputedStyle(f).display));
  assert.deepEqual(fallbacks, expected.map(() => 'none'));
  assert.deepEqual(errors, []);
  console.log(`page: ${count} elements drawn: ${JSON.stringify(drawn)}`);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
