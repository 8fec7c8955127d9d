// A static page with <xla-layout> elements (the Sphinx extension's HTML
// output), served on 127.0.0.1 by python/tests/test_sphinx.py, in headless
// Chromium: PAGE_URL is the page, EXPECT a JSON list of [shape, logical
// world or null for any] in the page's order. Checks that every element draws that shape
// into its canvas and that the static fallback figures are hidden once the
// element is defined. Exits non-zero with a message on failure.

import assert from 'node:assert/strict';
import { launch, repoRoot } from './launch.mjs';

const expected = JSON.parse(process.env.EXPECT);
const { context, close } = await launch('page', { width: 1000, height: 3000 });
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
  await close();
}
