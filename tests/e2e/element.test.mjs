// The <xla-layout> custom element (issue 9): dist/docs.html uses it (21
// elements); 20 elements on one page share one wasm module (no iframes),
// each draws once scrolled into view into its shadow root, an attribute
// changed from JavaScript redraws, and an idle page asks for no animation
// frames. The compare attribute draws the second layout's memory.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openApp, screenshot, stopAll } from './harness.mjs';
import { near, rampColour } from './xla.mjs';

let app;
let page;

before(async () => {
  app = await openApp();
  page = app.page;
  // Count requestAnimationFrame calls in the page.
  await app.context.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    window.__rafCalls = 0;
    window.requestAnimationFrame = (cb) => {
      window.__rafCalls += 1;
      return raf(cb);
    };
  });
});
after(stopAll);

/** Per element: its canvas's logical world once drawn, or null. */
const drawn = () =>
  page.$$eval('xla-layout', (els) =>
    els.map((el) => {
      const canvas = el.shadowRoot?.getElementById('layout-canvas');
      const g = Number(canvas?.dataset.generation ?? 0);
      return g > 0 ? { world: canvas.dataset.logicalWorld, unfolded: canvas.dataset.logicalUnfolded } : null;
    }),
  );

test('the docs page: 21 elements, each drawn with its options; attribute changes redraw', async () => {
  const start = Date.now();
  await page.goto(`${app.baseUrl}docs.html`);
  await page.setViewportSize({ width: 1000, height: 12000 });
  await page.waitForFunction(() => {
    const els = [...document.querySelectorAll('xla-layout')];
    return els.length === 21 && els.every((el) => Number(el.shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0);
  });
  console.log(`docs page: 21 elements drawn in ${Date.now() - start} ms`);
  await screenshot(page, 'element-01-docs');

  /** What element `sel` shows: its panes ("x,y,w,h"), canvas height, step label. */
  const look = (sel) =>
    page.$eval(sel, (el) => {
      const c = el.shadowRoot.getElementById('layout-canvas');
      return {
        logical: c.dataset.logical.split(',').map(Number),
        memory: c.dataset.memory.split(',').map(Number),
        height: c.getBoundingClientRect().height,
        pinned: c.dataset.pinned,
        playing: c.dataset.playing,
        theme: el.shadowRoot.querySelector('.xla-root').dataset.theme,
        step: el.shadowRoot.getElementById('step-label')?.textContent ?? null,
        generation: Number(c.dataset.generation),
      };
    });
  const memoryOnly = await look('xla-layout[view="memory"]');
  assert.ok(memoryOnly.logical[1] > memoryOnly.height, `view=memory hides the logical pane: ${memoryOnly.logical}`);
  // f32[3,5]{1,0:T(2,2)}: (1,2) is in the second 2x2 tile, third slot: 4 + 2.
  assert.equal((await look('xla-layout[select]')).pinned, '6');
  assert.match((await look('xla-layout[step]')).step, /^3\/6: /);
  assert.equal((await look('xla-layout[autoplay]')).playing, 'true');
  assert.equal((await look('xla-layout[theme="dark"]')).theme, 'dark');
  const compared = await page.$eval('xla-layout[compare]', (el) => ({
    canvas: el.shadowRoot.getElementById('compare-canvas') !== null,
    verdict: el.shadowRoot.getElementById('compare-verdict')?.textContent,
  }));
  assert.deepEqual(compared, { canvas: true, verdict: 'a copy: moves 4 of 6 elements (footprints 24 B and 24 B)' });

  // Changing view from JavaScript redraws that element with the other pane.
  await page.$eval('xla-layout[view="memory"]', (el) => {
    el.id = 'changed';
    el.setAttribute('view', 'logical');
  });
  await page.waitForFunction(() => {
    const c = document.getElementById('changed').shadowRoot.getElementById('layout-canvas');
    return c && Number(c.dataset.memory.split(',')[1]) > c.getBoundingClientRect().height;
  });
  assert.deepEqual(app.errors, []);
});

test('a fresh load mounts the elements in view (within 200 px) and only those, before any scrolling', async () => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(`${app.baseUrl}docs.html`);
  await page.waitForFunction(() => Number(document.querySelector('xla-layout')?.shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0);
  await page.waitForTimeout(300);
  const state = await page.$$eval('xla-layout', (els) => els.map((el) => ({
    top: el.getBoundingClientRect().top,
    mounted: Boolean(el.shadowRoot?.getElementById('layout-canvas')),
  })));
  const mounted = state.filter((s) => s.mounted);
  assert.ok(mounted.length >= 1 && mounted.length < state.length, `${mounted.length} of ${state.length} mounted`);
  for (const s of state) {
    assert.equal(s.mounted, s.top < 800 + 200, `element at ${s.top} px: mounted ${s.mounted}`);
  }
  assert.deepEqual(app.errors, []);
});

test('20 elements: drawn when scrolled into view, redrawn on attribute change, idle without animation frames', async () => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(`${app.baseUrl}docs.html`);
  await page.evaluate(() => {
    document.body.innerHTML = '';
    for (let k = 0; k < 20; k += 1) {
      const el = document.createElement('xla-layout');
      el.setAttribute('shape', `f32[${k + 2},5]{1,0:T(2,2)}`);
      el.style.height = '200px';
      document.body.append(el);
    }
  });
  // Only the ones near the viewport are mounted yet.
  await page.waitForFunction(() => document.querySelector('xla-layout').shadowRoot?.getElementById('layout-canvas'));
  const early = await page.$$eval('xla-layout', (els) => els.filter((el) => el.shadowRoot?.getElementById('layout-canvas')).length);
  assert.ok(early < 20, `mounted before scrolling: ${early}`);
  const start = Date.now();
  for (let y = 0; y <= 20 * 200; y += 600) {
    await page.evaluate((y) => window.scrollTo(0, y), y);
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(() => [...document.querySelectorAll('xla-layout')].every((el) => Number(el.shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0));
  console.log(`20 elements drawn ${Date.now() - start} ms after scrolling began`);
  const all = await drawn();
  // The logical world of f32[k+2,5] tiled 2x2 is 6 cells wide (5 padded to
  // 6), before the tall ones are folded into bands in a 200 px element.
  all.forEach((d, k) => assert.equal(d.unfolded.split(',')[0], '6', `element ${k}`));

  // One module for all: no iframes, one wasm fetched.
  assert.equal(await page.$$eval('iframe', (fs) => fs.length), 0);
  const wasmFetches = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.wasm')).length);
  assert.equal(wasmFetches, 1, 'the wasm is fetched once');

  // Idle: no requestAnimationFrame over half a second.
  const count = () => page.evaluate(() => window.__rafCalls);
  await page.waitForTimeout(300);
  const before = await count();
  await page.waitForTimeout(500);
  assert.equal(await count(), before, 'no animation frames while idle');

  // Changing attributes redraws with the new shape and options.
  await page.$eval('xla-layout', (el) => {
    el.setAttribute('shape', 'f32[4,8]{0,1}');
    el.setAttribute('theme', 'dark');
  });
  await page.waitForFunction(() => {
    const c = document.querySelector('xla-layout').shadowRoot?.getElementById('layout-canvas');
    return c && Number(c.dataset.generation) > 0 && c.dataset.logicalWorld === '8,4';
  });
  assert.equal(await page.$eval('xla-layout', (el) => el.shadowRoot.querySelector('.xla-root').dataset.theme), 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), undefined, 'the page itself is untouched');

  // Removing an element unmounts its view.
  await page.$eval('xla-layout', (el) => {
    window.__removed = el;
    el.remove();
  });
  assert.equal(await page.$$eval('xla-layout', (els) => els.length), 19);
  assert.equal(await page.evaluate(() => window.__removed.shadowRoot.childNodes.length), 0, 'the removed view is unmounted');
  assert.deepEqual(app.errors, []);
});

// The seeds' [2x3] example (XLA's "Shapes and layout" page): {1,0} holds
// a b c d e f, {0,1} holds a d b e c f, so the second layout's offsets
// 0..5 hold the first layout's offsets 0 3 1 4 2 5.
const B_TO_A = [0, 3, 1, 4, 2, 5];

test('the compare attribute, set from JavaScript, draws the second layout; hostile text stays text; removing it removes the view', async () => {
  await page.setViewportSize({ width: 800, height: 700 });
  await page.goto(`${app.baseUrl}docs.html`);
  let dialogs = 0;
  const onDialog = (d) => {
    dialogs += 1;
    d.dismiss();
  };
  page.on('dialog', onDialog);
  await page.evaluate(() => {
    document.body.innerHTML = '<xla-layout id="one" shape="f32[2,3]{1,0}" controls="compact" style="height: 500px"></xla-layout>';
  });
  const inShadow = (fn, arg) => page.$eval('#one', fn, arg);
  await page.waitForFunction(() => Number(document.getElementById('one').shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0);
  assert.equal(await inShadow((el) => el.shadowRoot.getElementById('compare-canvas')), null, 'no second view without compare');

  await page.$eval('#one', (el) => el.setAttribute('compare', 'f32[2,3]{0,1}'));
  await page.waitForFunction(() => document.getElementById('one').shadowRoot.getElementById('compare-canvas'));
  await page.waitForTimeout(100);
  await screenshot(page, 'element-02-compare');
  // Read the second view's cells: offset b coloured by first-layout offset B_TO_A[b].
  const cells = await inShadow((el) => {
    const c = el.shadowRoot.getElementById('compare-canvas');
    const cols = Number(c.dataset.cols);
    const rows = Math.ceil(6 / cols);
    const size = Math.min(c.width / cols, c.height / rows);
    const ctx = c.getContext('2d');
    return [...Array(6).keys()].map((b) => [...ctx.getImageData(Math.floor(((b % cols) + 0.15) * size), Math.floor((Math.floor(b / cols) + 0.15) * size), 1, 1).data]);
  });
  cells.forEach((got, b) => assert.ok(near(got, rampColour(B_TO_A[b], 6), 3), `second memory, offset ${b}: ${got}`));
  assert.equal(
    await inShadow((el) => el.shadowRoot.getElementById('compare-verdict').textContent),
    'a copy: moves 4 of 6 elements (footprints 24 B and 24 B)',
  );

  // Hostile text: the comparison's error, as text; no element made from it.
  const hostile = '<img src=x onerror=alert(1)>';
  await page.$eval('#one', (el, t) => el.setAttribute('compare', t), hostile);
  await page.waitForFunction(() => document.getElementById('one').shadowRoot.getElementById('compare-error'));
  const shown = await inShadow((el) => ({
    error: el.shadowRoot.getElementById('compare-error').textContent,
    imgs: el.shadowRoot.querySelectorAll('img').length + document.querySelectorAll('img').length,
    second: el.shadowRoot.getElementById('compare-canvas') !== null,
    generation: Number(el.shadowRoot.getElementById('layout-canvas').dataset.generation),
  }));
  assert.ok(shown.error.includes(hostile), `the text as given: ${shown.error}`);
  assert.equal(shown.imgs, 0, 'no <img> created');
  assert.equal(shown.second, false);
  assert.ok(shown.generation > 0, 'the figure is still drawn');
  await screenshot(page, 'element-03-compare-error');

  // Removing the attribute removes the comparison.
  await page.$eval('#one', (el) => el.removeAttribute('compare'));
  await page.waitForFunction(() => {
    const root = document.getElementById('one').shadowRoot;
    return Number(root.getElementById('layout-canvas')?.dataset.generation) > 0 && !root.getElementById('compare-error');
  });
  assert.equal(await inShadow((el) => el.shadowRoot.getElementById('compare-canvas')), null);
  assert.equal(await inShadow((el) => el.shadowRoot.getElementById('compare-verdict')), null);
  page.off('dialog', onDialog);
  assert.equal(dialogs, 0, 'no script ran');
  assert.deepEqual(app.errors, []);
});

// The host page's own address is not the figure's: `?padded=`, `?pad=`,
// `?leaf=` and `?compare=` of a page that holds an element change nothing
// in it (embed mode, an iframe, does read them).
test('an element ignores the host page\'s address', async () => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(`${app.baseUrl}docs.html?padded=9,9&pad=one&leaf=1&compare=${encodeURIComponent('f32[9]{0}')}`);
  await page.evaluate(() => {
    document.body.innerHTML = '<xla-layout id="own" shape="f32[3,5]{1,0:T(2,2)}"></xla-layout>';
  });
  await page.waitForFunction(() => Number(document.getElementById('own').shadowRoot?.getElementById('layout-canvas')?.dataset.generation) > 0);
  const seen = await page.$eval('#own', (el) => ({
    world: el.shadowRoot.getElementById('layout-canvas').dataset.logicalWorld,
    compare: !!el.shadowRoot.getElementById('compare-canvas'),
  }));
  // f32[3,5] tiled 2x2: 6 cells wide (5 padded to 6), 4 high (3 to 4); the
  // page's padded=9,9 would make it 9x9 (or an error).
  assert.deepEqual(seen, { world: '6,4', compare: false });
  assert.deepEqual(app.errors, []);
});
