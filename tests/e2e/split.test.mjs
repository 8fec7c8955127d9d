// The app's module in two parts (issue 24: the app's download;
// scripts/split_module.py, Trunk.toml's loader). The default page must run
// its first seconds on the first part alone, typing and exploring the
// picture included (scripts/app-first-part.txt is that list: a stale one
// shows here as a placeholder called), the rest must
// arrive by itself after the start, and a feature whose code is in the rest
// must work when the rest has not been fetched (the synchronous path).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { collectErrors, explore, openApp, stopAll, typeShape, waitForPicture, waitForQuery } from './harness.mjs';

let app;

before(async () => {
  app = await openApp();
});
after(stopAll);

const rest = (page) => page.evaluate(() => ({ ...window.__xlaLayoutRest }));

/** The app's default page in a new tab, drawn, its rest not fetched after the start. */
async function heldBack() {
  const page = await app.context.newPage();
  const errors = collectErrors(page);
  await page.addInitScript(() => {
    window.__xlaLayoutRestLater = true;
  });
  await page.goto(app.baseUrl);
  await waitForPicture(page);
  return { page, errors };
}

test('split: the default page runs its first seconds on the first part, typing included', async () => {
  const { page, errors } = await heldBack();
  // Typed before the panels (a frame after the picture) and the idle
  // warm-up have run, then those.
  for (const shape of ['f32[2,3]{0,1}', 'f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}', 's32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}', 'pred[64,256]{1,0:T(32,128)(32,1)E(1)}']) {
    await typeShape(page, shape);
    await waitForQuery(page, 'shape', shape);
  }
  await page.waitForTimeout(2500);
  const state = await rest(page);
  assert.equal(state.split, true, 'a release build has the app in two parts');
  assert.equal(state.sync, 0, 'a function of the rest was called: refresh scripts/app-first-part.txt (docs/testing.md)');
  assert.equal(state.ready, null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('split: exploring the picture in its first seconds runs on the first part', async () => {
  const { page, errors } = await heldBack();
  await explore(page);
  await page.waitForTimeout(500);
  const state = await rest(page);
  assert.equal(state.sync, 0, 'a function of the rest was called: refresh scripts/app-first-part.txt (docs/testing.md)');
  assert.equal(state.ready, null);
  assert.notEqual(await page.locator('#shape-input').inputValue(), '', 'the example picked is in the input');
  assert.deepEqual(errors, []);
  await page.close();
});

// What a tab keeps between its loads (ui/web/browser.rs, `resume_left`)
// is read at every start: a tab loaded again after an edit, by following
// a link or by a reload, must start on the first part too. The engine
// suites (engines/reader.mjs) open the default page in a tab they had
// edited in, and caught a list that lacked this path.
test('split: a tab loaded again after an edit, followed or reloaded, starts on the first part', async () => {
  const { page, errors } = await heldBack();
  await typeShape(page, 'f32[2,3]{0,1}');
  await waitForQuery(page, 'shape', 'f32[2,3]{0,1}');
  await page.goto(app.baseUrl);
  await waitForPicture(page);
  await typeShape(page, 'f32[4,7]{0,1:T(2,2)}');
  await waitForQuery(page, 'shape', 'f32[4,7]{0,1:T(2,2)}');
  let state = await rest(page);
  assert.equal(state.sync, 0, 'followed: a function of the rest was called: refresh scripts/app-first-part.txt (docs/testing.md)');
  await page.reload();
  await waitForPicture(page);
  await page.waitForTimeout(500);
  state = await rest(page);
  assert.equal(state.sync, 0, 'reloaded: a function of the rest was called: refresh scripts/app-first-part.txt (docs/testing.md)');
  assert.equal(await page.locator('#shape-input').inputValue(), 'f32[4,7]{0,1:T(2,2)}', 'the reload keeps the edit');
  assert.deepEqual(errors, []);
  await page.close();
});

test('split: the rest arrives by itself after the start', async () => {
  const page = await app.context.newPage();
  const errors = collectErrors(page);
  await page.goto(app.baseUrl);
  await waitForPicture(page);
  await page.waitForFunction(() => window.__xlaLayoutRest.ready !== null, null, { timeout: 10_000 });
  const state = await rest(page);
  assert.equal(state.split, true);
  assert.equal(state.sync, 0, 'the rest was instantiated by the loader, not by a call into it');
  // The dump form is drawn once the rest is there (src/ui/web/second_part.rs).
  await page.waitForSelector('#open-dump', { state: 'attached', timeout: 5_000 });
  assert.equal((await rest(page)).sync, 0, 'drawing the dump form called no placeholder');
  assert.deepEqual(errors, []);
  await page.close();
});

test('split: the dump form waits for the rest, and comes with it when a feature fetches it', async () => {
  const { page, errors } = await heldBack();
  await page.waitForTimeout(1500);
  // Its code is in the rest (issue 69): drawn before, it would have called
  // into it (or, in the first part, cost every first visit its bytes).
  assert.equal(await page.$('#open-dump'), null, 'no dump form before the rest');
  assert.equal((await rest(page)).sync, 0);
  await page.getByRole('button', { name: 'Compare with another layout' }).click();
  await page.waitForSelector('#open-dump', { state: 'attached', timeout: 5_000 });
  assert.equal((await rest(page)).sync, 1, 'the rest instantiated once, by the compare view');
  assert.deepEqual(errors, []);
  await page.close();
});

test('split: a feature in the rest works before the rest is fetched, which it then fetches', async () => {
  const { page, errors } = await heldBack();
  await page.waitForTimeout(500);
  assert.equal((await rest(page)).ready, null, 'nothing needed the rest yet');
  // Comparing two layouts: its view (ui::compare_view) is not in the first part.
  await page.getByRole('button', { name: 'Compare with another layout' }).click();
  await page.waitForSelector('#compare-canvas');
  await page.waitForFunction(() => Number(document.getElementById('compare-canvas')?.width) > 0);
  const state = await rest(page);
  assert.equal(state.sync, 1, 'the first call into the rest instantiated it once');
  assert.notEqual(state.ready, null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('split: a synchronous fetch of the rest that fails once is made again', async () => {
  const { page, errors } = await heldBack();
  // The loader made no request for the rest: the first is the synchronous
  // one, and the network drops it.
  let dropped = 0;
  await page.route('**/xla-layout-rest-*.wasm', (route) => (dropped++ === 0 ? route.abort() : route.continue()));
  await page.getByRole('button', { name: 'Compare with another layout' }).click();
  await page.waitForFunction(() => Number(document.getElementById('compare-canvas')?.width) > 0);
  assert.equal(dropped, 2, 'one request dropped, one made again');
  const state = await rest(page);
  assert.equal(state.sync, 1);
  assert.notEqual(state.ready, null);
  assert.equal(await page.$('#load-error'), null);
  // The dropped request is the console's one network error.
  assert.ok(errors.every((e) => /xla-layout-rest-|Failed to load resource|NetworkError/.test(e)), errors.join('\n'));
  await page.close();
});

test('split: embed mode loads its own module, which is whole', async () => {
  const page = await app.context.newPage();
  const errors = collectErrors(page);
  await page.goto(`${app.baseUrl}?embed=1&shape=${encodeURIComponent('f32[3,5]{1,0:T(2,2)}')}`);
  await waitForPicture(page);
  assert.deepEqual(await rest(page), { split: false, sync: 0, ready: null });
  assert.deepEqual(errors, []);
  await page.close();
});

test('split: when the rest cannot be fetched, the page says so', async () => {
  const page = await app.context.newPage();
  await page.route('**/xla-layout-rest-*.wasm', (route) => route.abort());
  await page.goto(app.baseUrl);
  await waitForPicture(page);
  // The fetch after the start failed; the first call into the rest tries again.
  await page.getByRole('button', { name: 'Compare with another layout' }).click();
  await page.waitForSelector('#load-error[role="alert"]');
  assert.match(await page.textContent('#load-error'), /could not load its WebAssembly module.*Reload/);
  const state = await rest(page);
  assert.equal(state.ready, null);
  assert.equal(state.sync, 1);
  await page.close();
});
