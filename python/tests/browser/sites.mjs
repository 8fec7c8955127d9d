// A documentation site's page with <xla-layout> figures (a furo Sphinx
// site or a Material MkDocs site, built by python/tests/test_doc_sites.py)
// in headless Chromium. PAGE_URL is the page, SWITCH how the site flips
// its scheme ('furo': body[data-theme], as furo's toggle sets it;
// 'material': body[data-md-color-scheme] slate/default, as Material's
// palette toggle sets it). Checks, printing one JSON line of what it saw:
//  1. every figure draws (the sharded one's shard line read), none scrolls
//     the page sideways;
//  2. a figure without a theme follows the site's switch to dark and back
//     (the element's shadow root's data-theme), one with a theme keeps it;
//  3. with the element's script blocked (a reader without it), the static
//     figures show, each inside its column, and the page does not scroll
//     sideways.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, repoRoot } from './launch.mjs';

// Screenshots: target/e2e/site-<switch>-dark.png and -static.png.
const shots = join(repoRoot, 'target', 'e2e');
mkdirSync(shots, { recursive: true });

const url = process.env.PAGE_URL;
const kind = process.env.SWITCH;
const { context, close } = await launch('sites', { width: 1200, height: 900 });
context.setDefaultTimeout(60_000);
const seen = {};
try {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()}: ${r.url()}`);
  });
  await page.goto(url);
  const count = await page.$$eval('xla-layout', (els) => els.length);
  assert.ok(count >= 3, `${count} figures`);
  for (let i = 0; i < count; i += 1) {
    // Each draws once scrolled into view.
    await page.$$eval('xla-layout', (els, i) => els[i].scrollIntoView(), i);
    await page.waitForFunction((i) => Number(document.querySelectorAll('xla-layout')[i].shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0, i);
  }
  seen.shard = await page.evaluate(() => [...document.querySelectorAll('xla-layout[sharding]')].map((el) => el.shadowRoot.getElementById('shard-line')?.textContent));
  assert.ok(seen.shard.length >= 1 && seen.shard.every((t) => /^device \d+ holds /.test(t)), JSON.stringify(seen.shard));
  const themes = () => page.$$eval('xla-layout', (els) => els.map((el) => [el.hasAttribute('data-site-theme'), el.shadowRoot.querySelector('.xla-root')?.getAttribute('data-theme')]));
  const flip = (dark) => page.evaluate(([kind, dark]) => {
    if (kind === 'furo') document.body.dataset.theme = dark ? 'dark' : 'light';
    else document.body.setAttribute('data-md-color-scheme', dark ? 'slate' : 'default');
  }, [kind, dark]);
  const following = async (want) => {
    await page.waitForFunction((want) => [...document.querySelectorAll('xla-layout[data-site-theme]')]
      .every((el) => el.shadowRoot.querySelector('.xla-root')?.getAttribute('data-theme') === want), want);
    return themes();
  };
  await flip(true);
  seen.dark = await following('dark');
  await page.$$eval('xla-layout', (els) => els[0].scrollIntoView());
  await page.screenshot({ path: join(shots, `site-${kind}-dark.png`) });
  await flip(false);
  seen.light = await following('light');
  // A figure given a theme keeps it whatever the site does.
  const fixed = seen.dark.filter(([follows]) => !follows).map(([, t]) => t);
  assert.deepEqual(fixed, seen.light.filter(([follows]) => !follows).map(([, t]) => t));
  assert.ok(seen.dark.some(([follows]) => follows), 'a figure follows the site');
  seen.scrollsLive = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  assert.equal(seen.scrollsLive, false);
  assert.deepEqual(errors, []);
  await page.close();

  // Without the element's script: the static figures, inside the column.
  const plain = await context.newPage();
  await plain.route('**/xla-layout-element.js', (route) => route.abort());
  await plain.goto(url);
  seen.fallback = await plain.$$eval('.xla-layout-fallback', (figures) => figures.map((f) => {
    const svg = f.querySelector('svg').getBoundingClientRect();
    const column = f.parentElement.parentElement.getBoundingClientRect();
    return { shown: getComputedStyle(f).display !== 'none', svg: Math.round(svg.width), column: Math.round(column.width) };
  }));
  assert.ok(seen.fallback.length >= 3);
  for (const f of seen.fallback) {
    assert.ok(f.shown, 'the static figure shows without the script');
    assert.ok(f.svg <= f.column && f.svg > 0, `the figure (${f.svg} px) fits its column (${f.column} px)`);
  }
  await plain.screenshot({ path: join(shots, `site-${kind}-static.png`) });
  seen.scrollsStatic = await plain.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  assert.equal(seen.scrollsStatic, false);
  console.log(`sites: ${JSON.stringify(seen)}`);
} finally {
  await close();
}
