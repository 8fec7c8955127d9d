// Export SVG / PNG and Copy embed code in the full app (issue 9): the
// exported SVG is parsed and checked against XLA's tiling arithmetic
// (xla.mjs) and equals the CLI's `xla-layout svg` for the same fitted view;
// the PNG is twice the SVG's size.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { openApp, repoRoot, screenshot, stopAll, waitForPicture } from './harness.mjs';
import { footprint } from './xla.mjs';

const SHAPE = 'f32[3,5]{1,0:T(2,2)}';
const TILED = { dims: [3, 5], m2m: [1, 0], tiles: [[2, 2]] };
// The canvas box is pinned to the CLI's default frame for --width 1200
// (width x round(width * 0.625)).
const W = 1200;
const H = 750;

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

/** The CLI's figure (`XLA_LAYOUT_BIN`, or target/debug's, brought up to date by cargo). */
function cliSvg(shape, width) {
  let bin = process.env.XLA_LAYOUT_BIN;
  if (bin === undefined) {
    bin = join(repoRoot, 'target/debug/xla-layout');
    const built = spawnSync('cargo', ['build', '--bin', 'xla-layout'], { cwd: repoRoot, stdio: 'inherit' });
    assert.equal(built.status, 0, 'cargo build --bin xla-layout');
  }
  const run = spawnSync(bin, ['svg', shape, '--width', String(width)], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

async function openFixed(shape) {
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(shape)}`);
  await page.addStyleTag({
    content: `.canvas-box { width: ${W}px !important; height: ${H}px !important; max-width: none !important; border: 0 !important; padding: 0 !important; flex: none !important; }`,
  });
  await page.waitForFunction(
    ([w, h]) => document.getElementById('layout-canvas')?.dataset.logical !== undefined &&
      document.querySelector('.canvas-box').clientWidth === w && document.querySelector('.canvas-box').clientHeight === h,
    [W, H],
  );
  return waitForPicture(page);
}

async function download(selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

/** Parses an SVG in the page and counts what the figure holds. */
async function svgFacts(text) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
    const widths = (pane, cls) =>
      [...doc.querySelectorAll(`g.pane.${pane} rect.${cls}`)].reduce((sum, r) => sum + Number(r.getAttribute('width')), 0);
    return {
      width: Number(doc.documentElement.getAttribute('width')),
      height: Number(doc.documentElement.getAttribute('height')),
      memoryCells: widths('memory', 'cell'),
      memoryPads: widths('memory', 'pad'),
      logicalCells: widths('logical', 'cell'),
      boundaries: doc.querySelectorAll('path.boundary.level-0').length,
      title: doc.querySelector('title')?.textContent,
    };
  }, text);
}

test('Export SVG gives the drawn view: its cells, padding and tile boundaries, equal to the CLI', async () => {
  await openFixed(SHAPE);
  await screenshot(page, 'export-01-app');
  const svg = await download('#export-svg');
  assert.equal(svg.name, 'xla-layout.svg');
  const text = svg.bytes.toString('utf8');
  const facts = await svgFacts(text);
  assert.equal(facts.error, undefined);
  const slots = footprint(TILED.dims, TILED.m2m, TILED.tiles); // 4 x 6 = 24
  assert.equal(facts.memoryCells, 15, 'one memory cell per element');
  assert.equal(facts.memoryPads, slots - 15, 'padding slots in memory');
  assert.equal(facts.logicalCells, 15);
  assert.ok(facts.boundaries >= 2, `tile boundaries in both panes: ${facts.boundaries}`);
  assert.equal(facts.title, SHAPE);
  assert.equal(text, cliSvg(SHAPE, W), 'the app exports the same bytes as `xla-layout svg --width 1200`');
  assert.deepEqual(app.errors, []);
});

test('Export PNG is the SVG at twice its size', async () => {
  const svg = await svgFacts((await download('#export-svg')).bytes.toString('utf8'));
  const png = await download('#export-png');
  assert.equal(png.name, 'xla-layout.png');
  assert.equal(png.bytes.subarray(1, 4).toString('latin1'), 'PNG');
  // IHDR: width and height, big-endian, at bytes 16 and 20.
  assert.equal(png.bytes.readUInt32BE(16), Math.round(svg.width * 2));
  assert.equal(png.bytes.readUInt32BE(20), Math.round(svg.height * 2));
  assert.deepEqual(app.errors, []);
});

test('A zoomed-out export says what its squares are, as the legend does', async () => {
  // 31/32 of this layout's memory is padding (4 elements in each 128-wide
  // tile row): fitted, each square is a cell picked at random.
  const oom = 's32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}';
  await openFixed(oom);
  await page.waitForSelector('#legend-sampled');
  const legend = (await page.textContent('#legend-sampled')).trim();
  const text = (await download('#export-svg')).bytes.toString('utf8');
  const facts = await svgFacts(text);
  const share = facts.memoryPads / (facts.memoryPads + facts.memoryCells);
  assert.ok(Math.abs(share - 31 / 32) < 0.02, `padding share of the exported memory pane: ${share}`);
  const note = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      text: doc.querySelector('g.legend-note text')?.textContent,
      scattered: [...doc.querySelectorAll('g.pane')].map((g) => g.getAttribute('data-scattered')),
    };
  }, text);
  assert.deepEqual(note.scattered, ['true', 'true']);
  assert.match(note.text ?? '', /picked at random from up to \d+x\d+/);
  assert.equal(legend, `${note.text}; zoom in for every cell`, 'the figure says what the legend says');
  assert.equal(text, cliSvg(oom, W), 'the same bytes as `xla-layout svg --width 1200`');
  assert.deepEqual(app.errors, []);
});

test('Copy embed code gives an escaped iframe of the embed page', async () => {
  const hostile = 'f32[2]{0}"><img src=x onerror=alert(1)>';
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(hostile)}`);
  await page.waitForSelector('#copy-embed');
  await page.click('#copy-embed');
  const snippet = await page.inputValue('#embed-code');
  const parsed = await page.evaluate((s) => {
    const t = document.createElement('template');
    t.innerHTML = s;
    const nodes = [...t.content.childNodes];
    const frame = t.content.querySelector('iframe');
    return { count: nodes.length, tag: nodes[0]?.nodeName, imgs: t.content.querySelectorAll('img').length, src: frame?.getAttribute('src') };
  }, snippet);
  assert.deepEqual([parsed.count, parsed.tag, parsed.imgs], [1, 'IFRAME', 0], snippet);
  const url = new URL(parsed.src);
  assert.equal(url.searchParams.get('embed'), '1');
  assert.equal(url.searchParams.get('shape'), hostile);
});

test('Copy embed code keeps a shown comparison; the embed it gives draws it', async () => {
  const [a, b] = ['f32[2,3]{1,0}', 'f32[2,3]{0,1}'];
  await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(a)}&compare=${encodeURIComponent(b)}`);
  await page.waitForSelector('#compare-canvas');
  const srcOf = async () => {
    await page.click('#copy-embed');
    const snippet = await page.inputValue('#embed-code');
    return page.evaluate((s) => {
      const t = document.createElement('template');
      t.innerHTML = s;
      return t.content.querySelector('iframe').getAttribute('src');
    }, snippet);
  };
  const src = new URL(await srcOf());
  assert.equal(src.searchParams.get('shape'), a);
  assert.equal(src.searchParams.get('compare'), b);
  // A text that does not compare is not a comparison shown: left out.
  await page.fill('#compare-input', 'f32[2,4]{1,0}');
  await page.waitForFunction(() => document.querySelector('#compare-error').textContent.includes('dim 1'));
  assert.equal(new URL(await srcOf()).searchParams.get('compare'), null);
  // Closing the box leaves it out too.
  await page.click('#compare-toggle');
  assert.equal(new URL(await srcOf()).searchParams.get('compare'), null);
  // The first snippet's embed shows the comparison.
  await page.goto(src.href);
  await page.waitForSelector('#compare-canvas');
  assert.equal(await page.textContent('#compare-verdict'), 'a copy: moves 4 of 6 elements (footprints 24 B and 24 B)');
  assert.deepEqual(app.errors, []);
});

test('Copy embed code says when the clipboard is absent or refuses, and the snippet stays to copy by hand', async () => {
  const label = () => page.evaluate(() => document.querySelector('label.embed-code')?.firstChild?.textContent.trim());
  const cases = [
    // No navigator.clipboard: a page served over plain http from another host.
    ['absent', () => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined })],
    // The engine refuses the write (no permission, no user activation).
    ['refused', () => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => ({ writeText: () => Promise.reject(new DOMException('no', 'NotAllowedError')) }) })],
  ];
  for (const [why, breakIt] of cases) {
    await page.goto(`${app.baseUrl}?shape=${encodeURIComponent(SHAPE)}`);
    await page.waitForSelector('#copy-embed');
    await page.evaluate(breakIt);
    await page.click('#copy-embed');
    await page.waitForFunction(() => !document.querySelector('label.embed-code')?.textContent.includes('copying'));
    assert.match(await label(), /^Embed code \(not copied: .*select it and copy\)$/, why);
    assert.match(await page.inputValue('#embed-code'), /^<iframe src="[^"]*embed=1/, why);
  }
  assert.deepEqual(app.errors, []);
});
