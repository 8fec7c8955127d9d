// Embed mode (issue 9): a host page with three `?embed=1` iframes, each
// filling its frame with no scroll bars, with the address options applied
// (view, controls, autoplay, theme, select, step, compare) and a link to
// the full app.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { canvasSummary, canvasView, cellPoint, firstFrameGeneration, frames, pixel, pixels, openApp, screenshot, stopAll } from './harness.mjs';
import { DARK, near, rampColour, tiledOffset } from './xla.mjs';

const SHAPE = 'f32[3,5]{1,0:T(2,2)}';
const TILED = { dims: [3, 5], m2m: [1, 0], tiles: [[2, 2]] };

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
});
after(stopAll);

const embed = (params) => `${app.baseUrl}?embed=1&shape=${encodeURIComponent(SHAPE)}&${params}`;

/** The state of the embed in frame `name` once it has drawn. */
async function frameState(name) {
  const frame = page.frame({ name });
  await frame.waitForFunction(() => Number(document.getElementById('layout-canvas')?.dataset.generation) > 0);
  return frame.evaluate(() => {
    const canvas = document.getElementById('layout-canvas');
    const root = document.documentElement;
    const box = canvas.getBoundingClientRect();
    const ctx = canvas.getContext('2d');
    const corner = [...ctx.getImageData(1, 1, 1, 1).data];
    return {
      scrolls: root.scrollWidth > root.clientWidth || root.scrollHeight > root.clientHeight,
      canvas: { w: box.width, h: box.height },
      viewport: { w: innerWidth, h: innerHeight },
      shapeInput: document.getElementById('shape-input') !== null,
      play: document.getElementById('play') !== null,
      speed: document.getElementById('speed') !== null,
      link: document.querySelector('a.open-full')?.getAttribute('href'),
      playing: canvas.dataset.playing === 'true',
      pinned: canvas.dataset.pinned,
      corner,
    };
  });
}

// First in this file, so that the module loads as on a first visit: embed
// mode's first frame shows its picture too (the loader holds the clock
// yew's scheduler reads; app.test.mjs has the app's case).
test('embed mode: the first frame that shows the canvas shows the picture', async () => {
  const generation = await firstFrameGeneration(app.context, embed('controls=0'));
  assert.ok(Number(generation) > 0, `the canvas's first frame had data-generation ${generation}`);
});

test('three embeds on one page each draw, fill their frames and follow their options', async () => {
  await page.setContent(`<!doctype html><body style="margin:0">
    <iframe name="a" src="${embed('controls=none')}" width="320" height="200" style="border:0"></iframe>
    <iframe name="b" src="${embed('controls=compact&autoplay=1&speed=4&theme=dark')}" width="480" height="300" style="border:0"></iframe>
    <iframe name="c" src="${embed('controls=full&select=1,2')}" width="800" height="500" style="border:0"></iframe>
    <iframe name="d" src="${embed('controls=full')}" width="240" height="120" style="border:0"></iframe>
  </body>`);
  const a = await frameState('a');
  const b = await frameState('b');
  const c = await frameState('c');
  // A frame smaller than the full controls: the page clips, never scrolls
  // (static/style.css, `html.embed-page`).
  assert.equal((await frameState('d')).scrolls, false, 'd: no scroll bars in a frame smaller than its controls');
  await screenshot(page, 'embed-01-three');
  for (const [name, s] of Object.entries({ a, b, c })) {
    assert.equal(s.scrolls, false, `${name}: no scroll bars`);
    assert.equal(s.shapeInput, false, `${name}: no shape box`);
    assert.equal(s.canvas.w, s.viewport.w, `${name}: the canvas spans the frame's width`);
    assert.ok(s.canvas.h >= 0.7 * s.viewport.h, `${name}: the canvas takes most of the height (${s.canvas.h} of ${s.viewport.h})`);
    assert.equal(new URL(s.link, app.baseUrl).searchParams.get('shape'), SHAPE, `${name}: link to the full app`);
  }
  assert.deepEqual([a.play, b.play, b.speed, c.speed], [false, true, false, true], 'controls=none|compact|full');
  assert.equal(b.playing, true, 'autoplay=1 plays');
  assert.equal(a.playing, false);
  assert.ok(near(b.corner, DARK.background, 3), `theme=dark background: ${b.corner}`);
  assert.equal(Number(c.pinned), tiledOffset(TILED.dims, TILED.m2m, TILED.tiles, [1, 2]), 'select=1,2 pins element (1, 2)');
  assert.equal(a.pinned, '');
  assert.deepEqual(app.errors, []);
});

test('prefers-reduced-motion keeps autoplay off', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(embed('autoplay=1&controls=compact'));
  await page.waitForFunction(() => Number(document.getElementById('layout-canvas')?.dataset.generation) > 0);
  assert.equal(await page.$eval('#layout-canvas', (c) => c.dataset.playing), 'false');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
});

/** The painted pane rectangles `data-logical`/`data-memory` ("x,y,w,h"). */
const rects = () =>
  page.$eval('#layout-canvas', (c) => ({
    logical: c.dataset.logical.split(',').map(Number),
    memory: c.dataset.memory.split(',').map(Number),
    height: c.getBoundingClientRect().height,
  }));

test('view=logical|memory draws one pane over the whole canvas; step=N opens step mode at stage N', async () => {
  await page.setViewportSize({ width: 640, height: 400 });
  for (const [view, shown, hidden] of [['memory', 'memory', 'logical'], ['logical', 'logical', 'memory']]) {
    await page.goto(embed(`view=${view}`));
    await page.waitForFunction(() => Number(document.getElementById('layout-canvas')?.dataset.generation) > 0);
    const r = await rects();
    // The shown pane takes more than half of the canvas's height ...
    assert.ok(r[shown][3] > 0.5 * r.height, `view=${view}: ${r[shown]} in ${r.height}`);
    // ... and the other starts below the canvas.
    assert.ok(r[hidden][1] > r.height, `view=${view}: ${hidden} at ${r[hidden]}`);
    // ... and its cells are painted from its top: the top quarter of the pane is not blank.
    const [x, y, w, h] = r[shown];
    const top = await canvasSummary(page, { x, y, w, h: h / 4 });
    assert.ok(top.painted > 0.05 * top.pixels, `view=${view}: cells at the top of the pane: ${JSON.stringify(top)}`);
  }
  await page.goto(embed('view=both'));
  await page.waitForFunction(() => Number(document.getElementById('layout-canvas')?.dataset.generation) > 0);
  const both = await rects();
  assert.ok(both.logical[1] + both.logical[3] <= both.height && both.memory[1] + both.memory[3] <= both.height, 'view=both shows both');
  assert.equal(await page.$('#step-mode'), null, 'no step panel without step=');

  // f32[3,5]{1,0:T(2,2)} has 6 stages (logical, physical order, pad, split, tiles major, memory).
  await page.goto(embed('step=3'));
  await page.waitForFunction(() => document.getElementById('step-label')?.textContent.startsWith('3/6'));
  await screenshot(page, 'embed-02-step');
  assert.deepEqual(app.errors, []);
});

// The seeds' [2x3] example (XLA's "Shapes and layout" page): {1,0} holds
// a b c d e f, {0,1} holds a d b e c f. So the second layout's offsets
// 0..5 hold the elements at the first layout's offsets 0 3 1 4 2 5, and
// only a (offset 0) and f (offset 5) keep their place: 4 of 6 move.
const A = 'f32[2,3]{1,0}';
const B = 'f32[2,3]{0,1}';
const B_TO_A = [0, 3, 1, 4, 2, 5];

const compareEmbed = (compare, params) =>
  `${app.baseUrl}?embed=1&shape=${encodeURIComponent(A)}&compare=${encodeURIComponent(compare)}&${params}`;

/**
 * The compare canvas: its bitmap, its CSS box and the CSS point of the
 * centre of second-layout offset `b` (the bitmap keeps its proportions in
 * the box, centred: object-fit contain).
 */
async function compareCanvas() {
  const c = await page.$eval('#compare-canvas', (c) => {
    const r = c.getBoundingClientRect();
    return { w: c.width, h: c.height, cols: Number(c.dataset.cols), lit: c.dataset.lit, box: { x: r.x, y: r.y, w: r.width, h: r.height } };
  });
  const rows = Math.ceil(6 / c.cols);
  const size = Math.min(c.w / c.cols, c.h / rows);
  const scale = Math.max(c.w / c.box.w, c.h / c.box.h);
  const [dx, dy] = [(c.box.w - c.w / scale) / 2, (c.box.h - c.h / scale) / 2];
  c.bitmap = (b, f = 0.5) => [((b % c.cols) + f) * size, (Math.floor(b / c.cols) + f) * size];
  c.css = (b) => {
    const [x, y] = c.bitmap(b);
    return [c.box.x + dx + x / scale, c.box.y + dy + y / scale];
  };
  return c;
}

const comparePixel = (x, y) =>
  page.$eval('#compare-canvas', (c, [x, y]) => [...c.getContext('2d').getImageData(Math.floor(x), Math.floor(y), 1, 1).data], [x, y]);

test('compare=SHAPE draws the second memory view under the picture, hover linked, with the verdict', async () => {
  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto(compareEmbed(B, 'controls=compact&select=0,1'));
  await page.waitForFunction(() => Number(document.getElementById('layout-canvas')?.dataset.generation) > 0);
  await page.waitForSelector('#compare-canvas');
  await frames(page, 3);
  await screenshot(page, 'embed-03-compare');
  const root = await page.evaluate(() => ({
    scrolls: document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth,
    verdict: document.getElementById('compare-verdict')?.textContent,
    error: document.getElementById('compare-error'),
    link: document.querySelector('a.open-full').getAttribute('href'),
  }));
  assert.equal(root.scrolls, false, 'no scroll bars with the second view');
  assert.equal(root.verdict, 'a copy: moves 4 of 6 elements (footprints 24 B and 24 B)');
  assert.equal(root.error, null);
  assert.equal(new URL(root.link, app.baseUrl).searchParams.get('compare'), B, 'the full app opens with the comparison');

  // First memory view (the main canvas): offsets 1..5 in the ramp (0 holds
  // the animation's cursor).
  const view = await canvasView(page);
  const w = view.rowWidth;
  for (let o = 1; o < 6; o += 1) {
    const got = await pixel(page, ...cellPoint(view, 'memory', o % w, Math.floor(o / w), 0.2, 0.2));
    assert.ok(near(got, rampColour(o, 6), 3), `first memory, offset ${o}: ${got}`);
  }
  // Second memory view: offset b coloured by where its element sits in the first.
  const cv = await compareCanvas();
  assert.ok(cv.box.h >= 60 && cv.box.y >= view.memory.y, `the second view is under the first: ${JSON.stringify(cv.box)}`);
  for (let b = 0; b < 6; b += 1) {
    // Near the cell's corner: clear of the lit cell's outline and centre.
    const got = await comparePixel(...cv.bitmap(b, 0.15));
    assert.ok(near(got, rampColour(B_TO_A[b], 6), 3), `second memory, offset ${b} holds first offset ${B_TO_A[b]}: ${got}`);
  }
  // select=0,1 pins b: first offset 1, second offset 2.
  assert.equal(cv.lit, '2', 'the pinned element is lit in the second view');

  // Pointing at the second view's offset 3 (e = (1,1)) lights e in the
  // first memory view (offset 4) and the logical view; data-lit follows.
  // A cell's pixels, `inset` of its side in from each edge (a lit cell is
  // outlined at its edges; the outline touches the neighbours' edges).
  const cellOf = async (o, inset) => {
    const s = view.camera.memory.scale;
    const at = cellPoint(view, 'memory', o % w, Math.floor(o / w), inset, inset);
    return JSON.stringify(await pixels(page, ...at, (1 - 2 * inset) * s, (1 - 2 * inset) * s));
  };
  const beforeE = await cellOf(4, 0);
  const control = await cellOf(5, 0.15);
  await page.mouse.move(...cv.css(3));
  await page.waitForFunction(() => document.getElementById('compare-canvas').dataset.lit === '3');
  await frames(page, 3);
  await screenshot(page, 'embed-04-compare-hover');
  assert.ok((await cellOf(4, 0)) !== beforeE, 'e is lit in the first memory view');
  assert.ok((await cellOf(5, 0.15)) === control, 'f is not lit');
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getElementById('compare-canvas').dataset.lit === '2');

  // Without controls there is no verdict line; the second view stays, and
  // at the smallest frame (320x200) both fit without scroll bars.
  await page.setViewportSize({ width: 320, height: 200 });
  await page.goto(compareEmbed(B, 'controls=none'));
  await page.waitForSelector('#compare-canvas');
  await frames(page, 3);
  await screenshot(page, 'embed-05-compare-small');
  assert.equal(await page.$('#compare-verdict'), null);
  const small = await page.evaluate(() => ({
    scrolls: document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth,
    first: document.getElementById('layout-canvas').getBoundingClientRect().height,
    second: document.getElementById('compare-canvas').getBoundingClientRect().height,
  }));
  assert.equal(small.scrolls, false, 'no scroll bars at 320x200');
  assert.ok(small.first >= 80 && small.second >= 40, `both views have room: ${JSON.stringify(small)}`);
  assert.deepEqual(app.errors, []);
});

test('a hostile compare text shows as text; the figure stays', async () => {
  await page.setViewportSize({ width: 640, height: 400 });
  let dialogs = 0;
  const onDialog = (d) => {
    dialogs += 1;
    d.dismiss();
  };
  page.on('dialog', onDialog);
  const hostile = '<img src=x onerror=alert(1)>';
  await page.goto(compareEmbed(hostile, 'controls=compact'));
  await page.waitForFunction(() => Number(document.getElementById('layout-canvas')?.dataset.generation) > 0);
  await page.waitForSelector('#compare-error');
  await frames(page, 3);
  await screenshot(page, 'embed-06-compare-error');
  const text = await page.textContent('#compare-error');
  assert.ok(text.includes(hostile), `the text as typed: ${text}`);
  assert.match(text, /\^/, 'a caret line under the offending characters');
  assert.equal(await page.$$eval('img', (imgs) => imgs.length), 0, 'no element made from the text');
  assert.equal(await page.$('#compare-canvas'), null, 'nothing to draw for a bad text');
  assert.equal(await page.$('#compare-verdict'), null);
  assert.equal(await page.evaluate(() => document.documentElement.scrollHeight > innerHeight), false, 'no scroll bars');
  // The first picture is still drawn.
  const view = await canvasView(page);
  const top = await canvasSummary(page, { x: view.memory.x, y: view.memory.y, w: view.memory.w, h: view.memory.h });
  assert.ok(top.painted > 0.05 * top.pixels, `the memory view is drawn: ${JSON.stringify(top)}`);
  page.off('dialog', onDialog);
  assert.equal(dialogs, 0, 'no script ran');
  assert.deepEqual(app.errors, []);
});
