// Embed mode (issue 9): a host page with three `?embed=1` iframes, each
// filling its frame with no scroll bars, with the address options applied
// (view, controls, autoplay, theme, select) and a link to the full app.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openApp, screenshot, stopAll } from './harness.mjs';
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
