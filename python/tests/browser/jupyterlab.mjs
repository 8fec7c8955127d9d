// The notebook widget in a real JupyterLab or Jupyter Notebook 7 (issue
// 14), driven by python/tests/test_jupyterlab.py, which serves it on
// 127.0.0.1 and passes NOTEBOOK_URL (with its token) and SHOT_NAME. Headless Chromium
// (playwright-core from tests/e2e/node_modules) opens the example notebook,
// runs all its cells, and checks that the widget's <xla-layout> element
// draws its canvas, then that `w.shape = ...` run in the kernel redraws it,
// and that `w.sharding = ...` draws one device's shard (issue 68);
// and that the scan table re-sorts when a heading is clicked.
// Exits non-zero with a message on the first failed check.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launch, repoRoot } from './launch.mjs';

const notebookUrl = process.env.NOTEBOOK_URL;
const shotName = process.env.SHOT_NAME ?? 'jupyterlab';
const shots = resolve(process.env.E2E_SCREENSHOTS ?? join(repoRoot, 'target/e2e'));
// The notebook's widget cell draws FIRST; its next cell sets w.shape = LAST.
const FIRST = 'f32[3,5]{1,0:T(2,2)}';
const LAST = 'bf16[8,128]{1,0:T(8,128)(2,1)}';
// Set from the kernel by this test.
const THIRD = 'f32[7,3]{1,0:T(2,2)}';

const { context, close } = await launch('jupyterlab', { width: 1200, height: 1000 });
context.setDefaultTimeout(Number(process.env.E2E_TIMEOUT_MS ?? 120_000));

/** The widget's element, its canvas as drawn, and the widget's state. */
const widgetState = (page) =>
  page.evaluate(() => {
    const el = document.querySelector('.xla-layout-widget xla-layout');
    const host = el?.closest('.xla-layout-widget');
    const canvas = el?.shadowRoot?.getElementById('layout-canvas');
    if (!el || !canvas || canvas.width === 0 || canvas.height === 0) {
      return {
        shape: el?.getAttribute('shape') ?? null,
        generation: 0,
        status: host?.dataset.xlaLayout ?? null,
        text: (el?.textContent ?? '').slice(0, 200),
        shadow: !!el?.shadowRoot,
        box: el ? JSON.stringify(el.getBoundingClientRect()) : null,
      };
    }
    const data = canvas.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, canvas.width, canvas.height).data;
    const counts = new Map();
    let checksum = 0;
    for (let i = 0; i < data.length; i += 4) {
      const c = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      counts.set(c, (counts.get(c) ?? 0) + 1);
      checksum = (checksum * 31 + data[i] + 7 * data[i + 1] + 13 * data[i + 2] + 17 * data[i + 3]) >>> 0;
    }
    // Pixels unlike the most common colour (the background).
    const background = Math.max(...counts.values());
    return {
      shape: el.getAttribute('shape'),
      label: el.getAttribute('aria-label'),
      status: host.dataset.xlaLayout ?? null,
      generation: Number(canvas.dataset.generation ?? 0),
      // The array's own layout: a flat array's picture is folded into bands
      // (data-logical-world), data-logical-unfolded is the world before it.
      world: canvas.dataset.logicalUnfolded ?? canvas.dataset.logicalWorld ?? null,
      painted: data.length / 4 - background,
      colours: counts.size,
      checksum,
      fallbackHidden: host.querySelector('.xla-layout-static')?.style.display === 'none',
      staticSvg: !!host.querySelector('.xla-layout-static svg'),
    };
  });

const consoleLog = [];

/** Waits until the canvas shows `shape` with a logical world of `world`. */
async function waitForDrawn(page, shape, world) {
  const deadline = Date.now() + Number(process.env.DRAW_TIMEOUT_MS ?? 60_000);
  let state = null;
  while (Date.now() < deadline) {
    await page.evaluate(() => document.querySelector('.xla-layout-widget')?.scrollIntoView({ block: 'center' }));
    state = await widgetState(page);
    if (state.shape === shape && state.generation > 0 && state.world === world && state.painted > 0) return state;
    await page.waitForTimeout(250);
  }
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${shotName}-widget-failed.png`) });
  throw new Error(`the widget did not draw ${shape}: ${JSON.stringify(state)}\nconsole:\n${consoleLog.join('\n')}`);
}

try {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => {
    consoleLog.push(`pageerror: ${error.message}`);
    // Errors of the front end's own bundles (Notebook 7.6.5 throws one while
    // loading its settings, before any widget) are printed, not counted;
    // anything from our code (Blob-URL modules, anywidget, the element) is.
    const text = `${error.message}\n${error.stack}`;
    if (/xla|wasm|anywidget|blob:/i.test(text)) errors.push(`page: ${error.message}`);
    else console.log(`(not ours) page error: ${error.message}\n${error.stack}`);
  });
  page.on('console', (message) => {
    consoleLog.push(`${message.type()}: ${message.text()}`.slice(0, 500));
    if (message.type() === 'error' && /xla|wasm|widget/i.test(message.text())) errors.push(`console: ${message.text()}`);
  });

  await page.goto(notebookUrl);
  // The server runs with expose_app_in_browser: window.jupyterapp.
  await page.waitForFunction(() => window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel);
  await page.evaluate(async () => {
    const panel = window.jupyterapp.shell.currentWidget;
    await panel.sessionContext.ready;
    await panel.content.activate?.();
  });

  const started = Date.now();
  await page.evaluate(() => window.jupyterapp.commands.execute('notebook:run-all-cells'));
  // Every code cell ran (run-all stops at the first failing cell).
  await page.waitForFunction(() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = [...panel.model.cells].filter((c) => c.type === 'code');
    return panel.sessionContext.session.kernel.status === 'idle' && cells.every((c) => c.executionCount !== null);
  }, null, { polling: 250 });
  const failed = await page.evaluate(() =>
    [...window.jupyterapp.shell.currentWidget.model.cells]
      .filter((c) => c.type === 'code')
      .flatMap((c) => c.toJSON().outputs)
      .filter((o) => o.output_type === 'error')
      .map((o) => `${o.ename}: ${o.evalue}`),
  );
  assert.deepEqual(failed, [], 'cells raised');

  // The widget shows the shape its last cell set, drawn on the canvas.
  // bf16[8,128] under T(8,128): no padding, the logical world is 128 x 8 cells.
  const drawn = await waitForDrawn(page, LAST, '128,8');
  console.log(`notebook run and widget drawn in ${Date.now() - started} ms: ${JSON.stringify(drawn)}`);
  assert.equal(drawn.status, 'mounted');
  assert.ok(drawn.fallbackHidden, 'the static SVG is hidden once the element is mounted');
  assert.ok(drawn.colours >= 3 && drawn.painted > 1000, `the canvas draws: ${JSON.stringify(drawn)}`);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${shotName}-widget-01.png`) });

  // The scan table sorts by a column when its heading is clicked.
  const column = (name) =>
    page.evaluate((name) => {
      const table = document.querySelector('table.xla-layout-scan');
      const i = [...table.tHead.rows[0].cells].findIndex((th) => th.textContent === name);
      return [...table.tBodies[0].rows].map((r) => r.cells[i].textContent);
    }, name);
  const click = (name) =>
    page.evaluate((name) => {
      const table = document.querySelector('table.xla-layout-scan');
      [...table.tHead.rows[0].cells].find((th) => th.textContent === name).click();
    }, name);
  const lines = await column('line');
  assert.ok(lines.length >= 3, `scan table rows: ${lines}`);
  await click('line');
  assert.deepEqual((await column('line')).map(Number), lines.map(Number).sort((a, b) => a - b));
  await click('line');
  assert.deepEqual((await column('line')).map(Number), lines.map(Number).sort((a, b) => b - a));
  const shapes = await column('shape');
  await click('shape');
  assert.deepEqual(await column('shape'), [...shapes].sort((a, b) => a.localeCompare(b)));
  console.log(`scan table sorted by line and by shape (${lines.length} rows)`);

  // Setting w.shape from Python redraws the element.
  const ran = await page.evaluate(async (code) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const reply = await kernel.requestExecute({ code }).done;
    return reply.content.status;
  }, `w.shape = ${JSON.stringify(THIRD)}`);
  assert.equal(ran, 'ok');
  // f32[7,3] under T(2,2): 3 columns pad to 4, 7 rows to 8.
  const redrawn = await waitForDrawn(page, THIRD, '4,8');
  console.log(`after w.shape = ${THIRD}: ${JSON.stringify(redrawn)}`);
  assert.equal(redrawn.label, `XLA layout of ${THIRD}`);
  assert.notEqual(redrawn.checksum, drawn.checksum, 'the canvas changed');
  assert.ok(redrawn.painted > 0);
  await page.screenshot({ path: join(shots, `${shotName}-widget-02.png`) });

  // A sharding set from Python: the element draws one device's shard (the
  // wheel's sharded embed module, handed over by the kernel).
  // {devices=[4,4]<=[4,4]T(1,0)} lists devices 0,4,8,12,1,..: device 4 is
  // the second listed (the element's device="1"); each shard of
  // f32[64,4096] is f32[16,1024], where the whole array is 4096 x 64.
  const SHARDED = 'f32[64,4096]{1,0:T(8,128)}';
  const sharding = '{devices=[4,4]<=[4,4]T(1,0)}';
  const ranSharded = await page.evaluate(async (code) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const reply = await kernel.requestExecute({ code }).done;
    return reply.content.status;
  }, `w.shape = ${JSON.stringify(SHARDED)}\nw.sharding = ${JSON.stringify(sharding)}\nw.device = 4`);
  assert.equal(ranSharded, 'ok');
  const shard = await waitForDrawn(page, SHARDED, '1024,16');
  console.log(`after w.sharding = ${sharding}, w.device = 4: ${JSON.stringify(shard)}`);
  const attributes = await page.evaluate(() => {
    const el = document.querySelector('.xla-layout-widget xla-layout');
    return [el.getAttribute('sharding'), el.getAttribute('device')];
  });
  assert.deepEqual(attributes, [sharding, '1']);
  assert.ok(shard.painted > 0);
  await page.screenshot({ path: join(shots, `${shotName}-widget-03-shard.png`) });

  assert.deepEqual(errors, []);
  console.log(`${shotName} widget: ok`);
} finally {
  await close();
}
