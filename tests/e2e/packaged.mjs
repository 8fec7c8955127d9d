// The npm package drawn as its users build it (issue 70; run by
// scripts/npm-users.sh, which builds the pages in NPM_USERS first, so not
// named *.test.mjs: the e2e step's `node --test` leaves it out). Each page
// (a Vite build, a webpack 5 build, a plain page with the classic
// script) is served by a plain static server under a sub-path, and every
// element on it must fire xla-layout-mounted and paint its canvas: a plain
// one and one with a sharding (device 5's shard, from the sharded module).

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { after, before, test } from 'node:test';
import { collectErrors, launchBrowser, onStop, screenshot, stopAll } from './harness.mjs';

const root = process.env.NPM_USERS;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };

let origin;
let context;

before(async () => {
  assert.ok(root, 'NPM_USERS names the folder scripts/npm-users.sh built');
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    // Everything under /site/, as a host serving the folder at a sub-path.
    const file = path.startsWith('/site/') ? join(root, path.slice('/site/'.length)) : null;
    try {
      const target = file && statSync(file).isDirectory() ? join(file, 'index.html') : file;
      if (target === null || !statSync(target).isFile()) throw new Error();
      res.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' });
      res.end(readFileSync(target));
    } catch {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  onStop(() => new Promise((done) => server.close(done)));
  origin = `http://127.0.0.1:${server.address().port}`;
  context = await launchBrowser();
  context.setDefaultTimeout(20_000);
});
after(stopAll);

/** Loads `path`; both elements must mount and paint. */
async function draws(path, name) {
  const page = await context.newPage();
  const errors = collectErrors(page);
  const failed = [];
  // The browser's own favicon request aside, everything the page asks for exists.
  page.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && failed.push(`${r.status()} ${r.url()}`));
  await page.goto(`${origin}/site/${path}`);
  await page.waitForFunction(() => (window.__mounted ?? []).length === 2);
  const painted = await page.waitForFunction(() => {
    const out = {};
    for (const el of document.querySelectorAll('xla-layout')) {
      const canvas = el.shadowRoot?.getElementById('layout-canvas');
      if (!canvas || !(Number(canvas.dataset.generation) > 0)) return false;
      // Colours drawn: read back through a scratch canvas.
      const scratch = document.createElement('canvas');
      scratch.width = canvas.width;
      scratch.height = canvas.height;
      const ctx = scratch.getContext('2d');
      ctx.drawImage(canvas, 0, 0);
      const data = ctx.getImageData(0, 0, scratch.width, scratch.height).data;
      const colours = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      if (colours.size < 8) return false;
      out[el.id] = colours.size;
    }
    return out;
  });
  const colours = await painted.jsonValue();
  assert.deepEqual(Object.keys(colours).sort(), ['plain', 'sharded']);
  const shard = await page.evaluate(() => document.getElementById('sharded').shadowRoot.getElementById('shard-line')?.textContent);
  assert.match(shard, /^device 5 holds \[20\.\.24, 0\.\.4096\]/);
  await screenshot(page, `packaged-${name}`, { fullPage: false });
  assert.deepEqual(failed, []);
  // Failed loads are checked by URL above.
  assert.deepEqual(errors.filter((e) => !e.includes('Failed to load resource')), []);
  await page.close();
}

test('a Vite build of a page that imports the package draws its elements', () => draws('vite-dist/', 'vite'));
test('a webpack 5 build of a page that imports the package draws its elements', () => draws('webpack-dist/', 'webpack'));
test('a plain page with one <script src> of the classic build draws its elements', () => draws('classic/', 'classic'));
