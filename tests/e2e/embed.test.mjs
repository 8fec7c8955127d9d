// Embed mode (issue 9): a host page with three `?embed=1` iframes, each
// filling its frame with no scroll bars, with the address options applied
// (view, controls, autoplay, theme, select) and a link to the full app.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { canvasSummary, openApp, screenshot, stopAll } from './harness.mjs';
import { DARK, near, tiledOffset } from './xla.mjs';

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

test('three embeds on one page each draw, fill their frames and follow their options', async () => {
  await page.setContent(`<!doctype html><body style="margin:0">
    <iframe name="a" src="${embed('controls=none')}" width="320" height="200" style="border:0"></iframe>
    <iframe name="b" src="${embed('controls=compact&autoplay=1&speed=4&theme=dark')}" width="480" height="300" style="border:0"></iframe>
    <iframe name="c" src="${embed('controls=full&select=1,2')}" width="800" height="500" style="border:0"></iframe>
  </body>`);
  const a = await frameState('a');
  const b = await frameState('b');
  const c = await frameState('c');
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
