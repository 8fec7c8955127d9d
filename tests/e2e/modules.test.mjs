// Which wasm module each page loads. The build has two (index.html,
// Trunk.toml): the app's module, and the smaller embed module for pages that
// only show embed mode's picture (`?embed=1`, `<xla-layout>` elements). A
// page must download exactly one, and the one that can draw it; the size
// budget of each page is checked in scripts/test.sh.

import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { distDir, modulesLoaded, openApp, screenshot, startServer, stopAll, waitForPicture } from './harness.mjs';

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

const SHAPE = encodeURIComponent('f32[3,5]{1,0:T(2,2)}');

test('the app loads the app module only and draws', async () => {
  const loaded = await modulesLoaded(page, async () => {
    await page.goto(`${app.baseUrl}?shape=${SHAPE}`);
    await waitForPicture(page);
  });
  assert.deepEqual(loaded, ['xla-layout-viz.js', 'xla-layout-viz_bg.wasm']);
  assert.ok(await page.$('#shape-input'), 'the full app, with its shape box');
  assert.deepEqual(app.errors, []);
});

test('?embed=1 loads the embed module only and draws embed mode', async () => {
  const loaded = await modulesLoaded(page, async () => {
    await page.goto(`${app.baseUrl}?embed=1&shape=${SHAPE}`);
    await waitForPicture(page);
  });
  assert.deepEqual(loaded, ['xla-layout-embed.js', 'xla-layout-embed_bg.wasm']);
  assert.equal(await page.$('#shape-input'), null, 'embed mode has no shape box');
  assert.deepEqual(app.errors, []);
});

test('embed=0 and embed=true are the full app (the same test as src/ui/embed.rs), with the app module', async () => {
  for (const value of ['0', 'true']) {
    const loaded = await modulesLoaded(page, async () => {
      await page.goto(`${app.baseUrl}?embed=${value}&shape=${SHAPE}`);
      await waitForPicture(page);
    });
    assert.deepEqual(loaded, ['xla-layout-viz.js', 'xla-layout-viz_bg.wasm'], `embed=${value}`);
    assert.ok(await page.$('#shape-input'), `embed=${value}: the full app`);
  }
  assert.deepEqual(app.errors, []);
});

test('a page of <xla-layout> elements loads the embed module only, once', async () => {
  const loaded = await modulesLoaded(page, async () => {
    await page.goto(`${app.baseUrl}docs.html`);
    await page.waitForFunction(() => {
      const first = document.querySelector('xla-layout');
      const canvas = first?.shadowRoot?.getElementById('layout-canvas');
      return Number(canvas?.dataset.generation) > 0;
    });
  });
  assert.deepEqual(loaded, ['xla-layout-embed.js', 'xla-layout-embed_bg.wasm']);
  assert.deepEqual(app.errors, []);
});

test('a module that cannot load is reported on the page, as text', async () => {
  // A copy of dist/ whose app wasm is missing.
  const dir = mkdtempSync(join(tmpdir(), 'xla-layout-viz-nowasm-'));
  try {
    cpSync(distDir, dir, { recursive: true });
    for (const name of readdirSync(dir)) {
      if (/^xla-layout-viz-[0-9a-f]+_bg\.wasm$/.test(name)) rmSync(join(dir, name));
    }
    const base = await startServer(dir);
    const errors = [];
    const onError = (m) => m.type() === 'error' && errors.push(m.text());
    page.on('console', onError);
    await page.goto(`${base}?shape=${SHAPE}`);
    await page.waitForSelector('#load-error[role="alert"]');
    page.off('console', onError);
    await screenshot(page, 'modules-load-error');
    const text = await page.textContent('#load-error');
    assert.match(text, /^This page could not load its WebAssembly module \(.+\)\. Reload to try again\.$/);
    assert.ok(errors.some((e) => e.includes('failed to load')), errors.join('\n'));
    // The message is text: no element was made from the error.
    assert.equal(await page.$$eval('#load-error *', (els) => els.length), 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
