// End-to-end tests of pasting what `jax.jit(f).lower(...).as_text()`
// prints (issue 65): a StableHLO module with Ctrl+V is held and scanned as
// an HLO module is, each sharded argument and result listed with the
// sharding and per-device shape XLA gives it (tests/fixtures/mlir/, made
// by scripts/mlir-oracle.py from jax itself), and a row drawn when
// clicked; one op line pasted into a page that has read no MLIR yet gets
// its breakdown; HLO text whose only shardings are Shardy's attributes
// (`xla.sdy.sharding`, sub-axes) read on a page that had not read them.
// Alone: (cd tests/e2e && node --test mlir.test.mjs).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { repoRoot, screenshot, stopAll, waitForPicture, waitForQuery } from './harness.mjs';
import { openPastingApp, pasteText, waitForHeld } from './pasting.mjs';

const dir = join(repoRoot, 'tests/fixtures/mlir');
const fixture = (name) => readFileSync(join(dir, name), 'utf8');

/** expected.tsv's lines for `file`: value, canonical, sharding, per-device shape (jax's). */
function expected(file) {
  return readFileSync(join(dir, 'expected.tsv'), 'utf8')
    .split('\n')
    .map((l) => l.split('\t'))
    .filter((f) => f[0] === file)
    .map(([, value, canonical, sharding, perDevice]) => ({ value, canonical, sharding, perDevice }));
}

let app;
let page;

before(async () => {
  app = await openPastingApp();
  page = app.page;
});
after(stopAll);

/** The rows in the DOM, in text order (the Where column sorted ascending). */
async function rowsInTextOrder() {
  if ((await page.getAttribute('#scan-table th:nth-child(1)', 'aria-sort')) !== 'ascending') {
    await page.click('#scan-table th:nth-child(1)');
    await page.waitForFunction(() => document.querySelector('#scan-table th:nth-child(1)')?.getAttribute('aria-sort') === 'ascending');
  }
  return page.$$eval('#scan-table tr.scan-row', (trs) =>
    trs.map((tr) => ({
      index: tr.dataset.index,
      where: tr.cells[0].textContent,
      text: tr.cells[1].firstChild?.textContent ?? '',
      xla: tr.cells[1].querySelector('.xla-shape')?.textContent.trim() ?? null,
      perDevice: tr.querySelector('.per-device')?.getAttribute('title') ?? null,
    })),
  );
}

for (const spelling of ['shardy', 'gspmd']) {
  test(`a pasted ${spelling} module: held, its sharded values with jax's shardings and shards, a row drawn`, async () => {
    const file = `mesh2_dot.${spelling}.mlir`;
    const text = fixture(file);
    await pasteText(page, text);
    // Held as a document, never in the box (it would read `module` as an
    // element type).
    await waitForHeld(page, text.length);
    await page.waitForFunction(() => /shapes found$/.test(document.getElementById('document-summary')?.textContent ?? ''));
    assert.match(await page.textContent('#document-summary'), /^MLIR module: .*, \d+ lines, \d+ shapes found$/);
    assert.equal((await page.textContent('#shape-error')).trim(), '');
    const rows = await rowsInTextOrder();
    // @main's three arguments and two results come first in the text.
    const want = expected(file);
    assert.equal(want.length, 5, 'expected.tsv lists arg0..2, result0..1');
    const signature = rows.slice(0, 5);
    const line = text.split('\n').findIndex((l) => l.includes('func.func public @main')) + 1;
    assert.deepEqual(
      signature.map((r) => r.where),
      [0, 1, 2].map((k) => `entry parameter ${k} %arg${k} (line ${line})`).concat(Array(2).fill(`entry result (line ${line})`)),
    );
    for (const [k, w] of want.entries()) {
      const r = signature[k];
      assert.match(r.text, /^tensor<.*>$/, JSON.stringify(r));
      assert.equal(r.xla, w.canonical, `${w.value}: the XLA shape`);
      // The per-device cell's title: the shard (in the default layout) and
      // the sharding, as XLA has them for jax's lowering.
      assert.ok(r.perDevice?.startsWith(`${w.perDevice}{`), `${w.value}: ${r.perDevice} is not a ${w.perDevice} shard`);
      assert.ok(r.perDevice.endsWith(`sharding=${w.sharding}`), `${w.value}: ${r.perDevice} has not ${w.sharding}`);
    }
    // Clicking a row draws its XLA shape.
    const before = Number(await page.getAttribute('#layout-canvas', 'data-generation'));
    await page.click(`#scan-table tr.scan-row[data-index="${signature[1].index}"]`);
    await waitForQuery(page, 'shape', want[1].canonical);
    await waitForPicture(page, { after: before });
    assert.equal(await page.textContent('#shape-canonical'), want[1].canonical);
    await screenshot(page, `mlir-${spelling}`);
    await page.click('#document-clear');
    await page.waitForFunction(() => !document.getElementById('shape-input').hasAttribute('data-text-length'));
  });
}

test('one op line pasted into a page that has read no MLIR: its breakdown, its result drawn', async () => {
  // A new page with no document kept from before (its load would turn the
  // MLIR reader on): nothing has turned it on.
  await page.evaluate(() => document.getElementById('document-clear')?.click());
  await page.waitForFunction(() => !document.getElementById('shape-input').hasAttribute('data-text-length'));
  await page.reload();
  await waitForPicture(page);
  await page.waitForTimeout(500);
  assert.equal(await page.getAttribute('#shape-input', 'data-text-length'), null);
  const line = '%0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x6xf32>, tensor<6x8xf32>) -> tensor<8x8xbf16>';
  await pasteText(page, line);
  await page.waitForSelector('#hlo-breakdown');
  const parts = await page.$$eval('#hlo-breakdown .hlo-parts li', (lis) => lis.map((li) => li.className.split(' ')[0]));
  assert.deepEqual(parts.slice(0, 3), ['hl-name', 'hl-shape', 'hl-op']);
  assert.equal(await page.inputValue('#shape-input'), line);
  await page.waitForFunction(() => document.getElementById('shape-canonical')?.textContent === 'bf16[8,8]{1,0}');
  assert.deepEqual(app.errors, []);
});

test("an HLO module with only Shardy's attributes, pasted first: sub-axes on an uneven dim read as XLA partitions them", async () => {
  // A new page (as above): the paste itself must turn Shardy's reader on.
  await page.evaluate(() => document.getElementById('document-clear')?.click());
  await page.waitForFunction(() => !document.getElementById('shape-input').hasAttribute('data-text-length'));
  await page.reload();
  await waitForPicture(page);
  // XLA's own HLO text of the program, with its `sharding=` taken out:
  // what is left is the Shardy attribute `{"y", "x":(2)2}` on f32[7,5].
  const file = 'subaxes_uneven_mesh2.shardy.hlo';
  const text = fixture(file).replace(/, sharding=\{[^{}]*\}/g, '');
  assert.ok(!text.includes('sharding={') && text.includes('xla.sdy.sharding='));
  const [want] = readFileSync(join(dir, 'expected_hlo.tsv'), 'utf8')
    .split('\n')
    .map((l) => l.split('\t'))
    .filter((f) => f[0] === file && f[1] === 'constraint0')
    .map(([, , global, sharding, perDevice]) => ({ global, sharding, perDevice }));
  await pasteText(page, text);
  await waitForHeld(page, text.length);
  await page.waitForFunction(() => /shapes found$/.test(document.getElementById('document-summary')?.textContent ?? ''));
  const rows = await rowsInTextOrder();
  const sharded = rows.filter((r) => r.text.startsWith(`${want.global}{`) && r.perDevice);
  assert.equal(sharded.length, 1, JSON.stringify(rows));
  assert.ok(sharded[0].perDevice.startsWith(`${want.perDevice}{`), sharded[0].perDevice);
  assert.ok(sharded[0].perDevice.endsWith(`sharding=${want.sharding}`), sharded[0].perDevice);
  await screenshot(page, 'mlir-hlo-sdy');
  assert.deepEqual(app.errors, []);
});
