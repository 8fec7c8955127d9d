// The static app at any address (issue 70): the release dist/ served from
// /course/layout/ by a plain static server that has nothing at the root,
// as a course site or GitHub Pages project site serves it. The app, embed
// mode, a sharded embed and docs.html draw, every request stays under the
// sub-path, and the links point at the same deployment. Also: the app
// opened from a file:// folder (Chromium refuses modules there) says why
// and what to do instead of staying blank; an element whose module files
// were not copied says so in its own box; a page that loads the element
// twice warns once.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { collectErrors, distDir, launchBrowser, onStop, repoRoot, screenshot, stopAll, waitForPicture } from './harness.mjs';

const PREFIX = '/course/layout/';
const SHAPE = 'f32[64,4096]{1,0:T(8,128)}';
const SHARDING = '{devices=[16,1]<=[16]}';
const enc = encodeURIComponent;
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/**
 * A plain static server: `root` under `prefix`, 404 for everything else
 * (no rewriting, no fallback page). Resolves to its origin and the list
 * of paths asked for.
 */
async function serveUnder(root, prefix) {
  const asked = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    asked.push(path);
    let file = null;
    if (path.startsWith(prefix)) {
      const rel = normalize(path.slice(prefix.length) || 'index.html');
      if (!rel.startsWith('..')) file = join(root, rel.endsWith('/') || rel === '.' ? join(rel, 'index.html') : rel);
    }
    try {
      if (file === null || !statSync(file).isFile()) throw new Error('not found');
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  onStop(() => new Promise((done) => server.close(done)));
  return { origin: `http://127.0.0.1:${server.address().port}`, asked };
}

let context;
let site;
let base;

before(async () => {
  site = await serveUnder(distDir, PREFIX);
  base = `${site.origin}${PREFIX}`;
  context = await launchBrowser();
  context.setDefaultTimeout(Number(process.env.E2E_TIMEOUT_MS ?? 10_000));
});
after(stopAll);

/** Opens `url` in a new page; its console errors and failed requests are collected. */
async function open(url) {
  const page = await context.newPage();
  const errors = collectErrors(page);
  const failed = [];
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
  await page.goto(url);
  return { page, errors, failed };
}

function outsidePrefix() {
  return site.asked.filter((p) => !p.startsWith(PREFIX));
}

test('the app under /course/layout/ draws, its stylesheet applies and its embed code names the sub-path', async () => {
  const { page, errors, failed } = await open(`${base}?shape=${enc('f32[3,5]{1,0:T(2,2)}')}`);
  await waitForPicture(page);
  // The style sheet arrived (Trunk writes it relative: ./style-....css).
  const rules = await page.evaluate(() => [...document.styleSheets].reduce((n, s) => n + s.cssRules.length, 0));
  assert.ok(rules > 50, `the app's style sheet applies (${rules} rules)`);
  assert.equal(await page.$('#load-error'), null);
  // The second part of the split module arrives too (relative as well).
  await page.waitForFunction(() => window.__xlaLayoutRest && window.__xlaLayoutRest.ready !== null);
  // The embed code and share links point at this deployment.
  await page.waitForSelector('#copy-embed');
  await page.click('#copy-embed');
  await page.waitForSelector('#embed-code');
  const src = (await page.inputValue('#embed-code')).match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&');
  assert.ok(src.startsWith(`${base}?embed=1&shape=`), src);
  await screenshot(page, 'subpath-app');
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  assert.deepEqual(outsidePrefix(), [], 'nothing asked for outside /course/layout/');
  await page.close();
});

test('embed mode and a sharded embed under /course/layout/ draw; "open in the full app" stays in the deployment', async () => {
  const { page, errors, failed } = await open(`${base}?embed=1&controls=compact&shape=${enc('f32[3,5]{1,0:T(2,2)}')}`);
  await waitForPicture(page);
  const link = await page.$eval('a.open-full', (a) => a.href);
  assert.equal(link, `${base}?shape=${enc('f32[3,5]{1,0:T(2,2)}')}`);
  await page.goto(`${base}?embed=1&controls=compact&shape=${enc(SHAPE)}&sharding=${enc(SHARDING)}&device=5`);
  await waitForPicture(page);
  assert.match(await page.textContent('#shard-line'), /^device 5 holds \[20\.\.24, 0\.\.4096\]/);
  await screenshot(page, 'subpath-embed-sharded');
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  assert.deepEqual(outsidePrefix(), []);
  await page.close();
});

test('docs.html under /course/layout/: its elements draw, a sharded one too, and link to the app beside it', async () => {
  const { page, errors, failed } = await open(`${base}docs.html`);
  await page.evaluate(([shape, sharding]) => {
    const el = Object.assign(document.createElement('xla-layout'), { id: 'sharded-el' });
    el.setAttribute('shape', shape);
    el.setAttribute('sharding', sharding);
    el.setAttribute('device', '5');
    el.setAttribute('controls', 'compact');
    document.querySelector('main').prepend(el);
  }, [SHAPE, SHARDING]);
  const drawn = (el) => Number(el.shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0;
  await page.waitForFunction((drawn) => {
    const els = [...document.querySelectorAll('xla-layout')].slice(0, 3);
    return els.length === 3 && els.every(new Function(`return (${drawn})`)());
  }, drawn.toString());
  const shard = await page.evaluate(() => document.getElementById('sharded-el').shadowRoot.getElementById('shard-line')?.textContent);
  assert.match(shard, /^device 5 holds \[20\.\.24, 0\.\.4096\]/);
  // data-app="./" on docs.html's script: the app beside the page.
  const link = await page.evaluate(() => document.querySelectorAll('xla-layout')[1].shadowRoot.querySelector('a.open-full')?.href);
  assert.equal(link, `${base}?shape=${enc('f32[2,3]{1,0}')}`);
  await screenshot(page, 'subpath-docs', { fullPage: false });
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  assert.deepEqual(outsidePrefix(), []);
  await page.close();
});

test('from a file:// folder, Chromium refuses the modules: the page says why and what to do', async () => {
  const page = await context.newPage();
  await page.goto(pathToFileURL(join(distDir, 'index.html')).href);
  const text = await page.textContent('#load-error');
  assert.match(text, /could not load its WebAssembly module .*Browsers do not load modules from file:\/\/ pages: serve this folder/);
  await page.close();
});

test('an element whose module files were not copied says so in its box; loaded twice, it warns once', async () => {
  // A page that copied only the element's script, and loads it twice.
  const dir = join(repoRoot, 'target', 'e2e', 'lonely-element');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(distDir, 'xla-layout-element.js'), join(dir, 'xla-layout-element.js'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="en"><head><title>t</title>
    <script src="xla-layout-element.js"></script><script src="xla-layout-element.js"></script></head>
    <body><xla-layout shape="f32[3,5]{1,0}"></xla-layout></body></html>`);
  const lonely = await serveUnder(dir, '/');
  const page = await context.newPage();
  const messages = [];
  page.on('console', (m) => messages.push([m.type(), m.text()]));
  const thrown = [];
  page.on('pageerror', (e) => thrown.push(String(e)));
  await page.goto(`${lonely.origin}/`);
  const box = await page.waitForFunction(() => document.querySelector('xla-layout').shadowRoot?.querySelector('.load-error[role=alert]')?.textContent);
  assert.match(await box.jsonValue(), /^This figure could not load its WebAssembly module \(.+\)\. Check that the module files were copied/);
  const size = await page.$eval('xla-layout', (el) => {
    const r = el.shadowRoot.querySelector('.load-error').getBoundingClientRect();
    return [r.width, r.height];
  });
  assert.ok(size[0] >= 300 && size[1] >= 190, `the message fills the element's box: ${size}`);
  const warnings = messages.filter(([type, text]) => type === 'warning' && text.includes('already defined'));
  assert.equal(warnings.length, 1, JSON.stringify(messages));
  assert.deepEqual(thrown, []);
  await screenshot(page, 'element-load-error', { fullPage: false });
  await page.close();
});
