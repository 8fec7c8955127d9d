// What a reader does, in each engine (issue 28): Chromium, Firefox and
// WebKit, through WebDriver (webdriver.mjs), against the release build in
// dist/. The app draws the address's shape; typing updates the summary and
// the address; a broken shape shows its error; a preset loads; embed mode
// draws, with a heading, and with a sharding its device's shard; docs.html's
// elements mount and draw; the app's second module part arrives, or
// is fetched when first needed if its fetch failed; Export SVG
// gives the figure; Copy embed code says whether the clipboard took it;
// axe finds nothing; the worked steps' index stays on one line (a
// screenshot of them per engine in target/e2e/engines/).
//
//   cd tests/e2e && ENGINES=firefox node --test engines/reader.mjs
//   cd tests/e2e && xvfb-run -a env ENGINES=webkit node --test engines/reader.mjs
//
// ENGINES is a comma-separated list (default: all three). An engine whose
// driver or browser is not installed is skipped with a loud message.

import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { By, until } from 'selenium-webdriver';
import { startServer } from '../harness.mjs';
import { assertAxeClean, eachEngine, screenshot } from './each.mjs';
import { startSession, waitUntil } from './webdriver.mjs';
import * as page from './page.mjs';

const SHAPE = 'f32[3,5]{1,0:T(2,2)}';

eachEngine("the reader's checks", (engine) => engine, (engine) => {
  let driver;
  let base;
  // The side panels, the export bar and the examples menu's options mount
  // a frame after the first picture (docs/performance/first-paint.md), so
  // an element is waited for rather than looked up once.
  const find = (locator) =>
    driver.wait(until.elementLocated(locator), Number(process.env.E2E_TIMEOUT_MS ?? 15_000), `waiting for ${locator}`);
  const open = async (query) => {
    await driver.get(`${base}${query}`);
  };
  // Replaces the input's text by typing: the text selected first from a
  // script (with geckodriver, a Ctrl+A chord before the keys selected
  // nothing, and the keys were lost), then typed key by key.
  const retype = async (text) => {
    const input = await find(By.id('shape-input'));
    await driver.executeScript('arguments[0].focus(); arguments[0].select()', input);
    await input.sendKeys(text);
  };
  const shot = (name) => screenshot(driver, engine, name);
  const axe = (what) => assertAxeClean(driver, engine, what);

  // A test whose browser crashed (WebKit's web process once died in CI
  // halfway through the suite, and every later test failed for want of a
  // session) gets a new session, on the page the first test opens, and
  // is run once more, said loudly; a second crash fails it.
  const check = (name, fn) =>
    test(name, async () => {
      try {
        await fn();
      } catch (error) {
        if (error?.name !== 'NoSuchSessionError') throw error;
        console.error(`\n!!! ${engine}: the browser's session ended during "${name}" (${error.message}); a new session runs it again\n`);
        driver = await startSession(engine);
        // The tests that follow another one's page get the first one's.
        await open(`?shape=${encodeURIComponent(SHAPE)}`);
        await waitUntil(driver, page.drawn, 'the picture', 0);
        await fn();
      }
    });

  before(async () => {
    base = await startServer();
    driver = await startSession(engine);
    const caps = await driver.getCapabilities();
    console.log(`${engine}: ${caps.get('browserName')} ${caps.get('browserVersion')}`);
  });

  check('the app draws the address\'s shape', async () => {
    await open(`?shape=${encodeURIComponent(SHAPE)}`);
    const drawn = await waitUntil(driver, page.drawn, 'the picture', 0);
    // 5 x 3 logical cells; 15 elements coloured by offset, padding hatched.
    assert.equal(drawn.world, '6,4'); // 5 x 3, tiles padding it to 6 x 4
    assert.ok(drawn.colours >= 15, `colours on the canvas: ${drawn.colours}`);
    assert.equal(await find(By.id('shape-input')).getAttribute('value'), SHAPE);
    await axe('the app');
    await shot('app');
  });

  check('typing updates the summary and the address', async () => {
    const before = await driver.executeScript(page.generation);
    await retype('f32[4,7]{0,1}');
    await waitUntil(driver, page.queryIs, 'the address', 'shape', 'f32[4,7]{0,1}');
    const drawn = await waitUntil(driver, page.drawn, 'the new picture', before);
    assert.equal(drawn.world, '7,4');
    const summary = await waitUntil(driver, page.summaryOf, 'the summary', '{0,1}');
    // Two dims are named by letters, the minor one x.
    assert.equal(summary.dims.replace(/\s/g, ''), 'y=4,x=7');
  });

  check('a broken shape shows its error with a caret', async () => {
    await retype('f32[4,7]{0,1:T(2,2');
    const error = await waitUntil(driver, page.errorText, 'the error');
    assert.match(error, /\^/, error);
    assert.equal(await find(By.id('shape-error')).getAttribute('role'), 'alert');
    await shot('error');
  });

  check('a preset loads its shape', async () => {
    const before = await driver.executeScript(page.generation);
    await find(By.css('#preset-select option[value="seed-2x3-col"]')).click();
    const drawn = await waitUntil(driver, page.drawn, 'the preset', before);
    assert.equal(drawn.world, '3,2');
    assert.equal(await find(By.id('shape-input')).getAttribute('value'), 'f32[2,3]{0,1}');
  });

  check('the worked steps keep an index on one line', async () => {
    await open(`?shape=${encodeURIComponent(SHAPE)}`);
    await waitUntil(driver, page.drawn, 'the picture', 0);
    // Pin element (0, 0): a real click on its cell.
    const canvas = await find(By.id('layout-canvas'));
    const [x, y] = await driver.executeScript(page.cellFromCentre, 0, 0);
    await driver.actions().move({ origin: canvas, x, y }).press().release().perform();
    await waitUntil(driver, page.workedCaption, 'the worked steps', 'How the tiling arrives at offset 0');
    const cells = await driver.executeScript(page.indexCells);
    assert.ok(cells.some((c) => c.text === '(0, 0)'), JSON.stringify(cells));
    for (const c of cells) assert.ok(c.height <= c.line * 1.2, `${c.text} wraps: ${c.height} px for lines of ${c.line} px`);
    // The viewport, the table in its middle: WebKitWebDriver's element
    // screenshot cut the wrong rectangle here (the area above the table).
    const table = await find(By.id('worked-steps'));
    await driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', table);
    await shot('worked-steps');
  });

  // The app's module in two parts (release builds; docs/dependencies.md,
  // "The app in two parts"): the loader fetches the rest after the start,
  // or, if that failed, a first call into it fetches it synchronously.
  check('the app\'s second part arrives after the start', async () => {
    await open('');
    await waitUntil(driver, page.drawn, 'the picture', 0);
    const rest = await waitUntil(driver, page.restReady, 'the rest instantiated');
    assert.deepEqual(rest, { split: true, sync: 0 });
  });

  check('the app\'s second part, its fetch dropped once, is fetched when first needed', async () => {
    const flaky = await startServer(undefined, { failOnce: '^/xla-layout-rest-' });
    await driver.get(flaky);
    await waitUntil(driver, page.drawn, 'the picture', 0);
    // The first request for the rest is answered 503: usually the
    // loader's; if something needed the rest before the loader asked for
    // it, the synchronous fetch's, which the loader then makes again.
    // Either way the app goes on.
    await waitUntil(driver, page.restFetched, 'the rest\'s fetch');
    await driver.sleep(300);
    const early = await driver.executeScript('return window.__xlaLayoutRest.ready');
    // Comparing two layouts: its view is in the rest.
    await find(By.id('compare-toggle')).click();
    await waitUntil(driver, 'return Number(document.getElementById("compare-canvas")?.width) > 0', 'the compared layout');
    // When nothing needed the rest before, comparing fetched it then.
    if (early === null) assert.deepEqual(await driver.executeScript(page.restReady), { split: true, sync: 1 });
    else assert.equal((await driver.executeScript(page.restReady)).sync, 1);
    assert.equal(await driver.executeScript('return document.getElementById("load-error")'), null);
  });

  check('Export SVG gives the figure', async () => {
    await open(`?shape=${encodeURIComponent(SHAPE)}`);
    await waitUntil(driver, page.drawn, 'the picture', 0);
    await driver.executeScript(page.catchDownloads);
    await find(By.id('export-svg')).click();
    const svg = await driver.executeAsyncScript(page.readDownload);
    assert.equal(svg.name, 'xla-layout.svg');
    assert.equal(svg.error, undefined);
    assert.equal(svg.title, SHAPE);
    // One memory cell per element, the other 9 of the 24 slots padding.
    assert.deepEqual([svg.memoryCells, svg.memoryPads, svg.logicalCells], [15, 9, 15]);
  });

  check('Copy embed code: the snippet, and the label says whether the clipboard took it', async () => {
    await open(`?shape=${encodeURIComponent(SHAPE)}`);
    await waitUntil(driver, page.drawn, 'the picture', 0);
    await find(By.id('copy-embed')).click();
    // Engines differ here: the label says which happened (never silent).
    const said = await waitUntil(driver, page.copyOutcome, 'the clipboard\'s answer');
    console.log(`${engine}: Copy embed code: ${said}`);
    assert.match(said, /^Embed code \((copied|not copied: .*)\)$/);
    const snippet = await find(By.id('embed-code')).getAttribute('value');
    assert.match(snippet, /^<iframe src="[^"]*embed=1/);
  });

  check('embed mode draws, with a heading and no violations', async () => {
    await open(`?embed=1&controls=compact&shape=${encodeURIComponent(SHAPE)}`);
    const drawn = await waitUntil(driver, page.drawn, 'the embed', 0);
    assert.equal(drawn.world, '6,4'); // 5 x 3, tiles padding it to 6 x 4
    const facts = await driver.executeScript(
      "return { input: !!document.getElementById('shape-input'), h1: document.querySelector('main h1')?.textContent }",
    );
    assert.deepEqual(facts, { input: false, h1: `XLA layout of ${SHAPE}` });
    // The picture's text alternative and the live cursor readout.
    const told = await driver.executeScript(page.forReaders, null);
    assert.match(told.alt, /dimensions \[3, 5\].*15 elements.*24 element slots.*9 of them padding/);
    assert.equal(told.readout, 'OUTPUT offset 0');
    await axe('embed mode');
    await shot('embed');
  });

  check('embed mode with a sharding draws device 5\'s shard (the sharded embed module)', async () => {
    const shape = 'f32[64,4096]{1,0:T(8,128)}';
    await open(`?embed=1&controls=compact&shape=${encodeURIComponent(shape)}&sharding=${encodeURIComponent('{devices=[16,1]<=[16]}')}&device=5`);
    const drawn = await waitUntil(driver, page.drawn, 'the shard', 0);
    // The shard's own layout (its picture is folded, issue 67): 4 rows per
    // device, T(8,128) padding them to 8.
    assert.equal(drawn.unfolded, '4096,8');
    const line = await find(By.id('shard-line')).getText();
    assert.equal(line, `device 5 holds [20..24, 0..4096] of ${shape}: f32[4,4096]{1,0:T(8,128)}, 128.0 KiB in memory (64.0 KiB data)`);
    await axe('embed mode with a sharding');
  });

  check('docs.html: the 21 elements mount and draw', async () => {
    await open('docs.html');
    const count = await waitUntil(driver, 'return document.querySelectorAll("xla-layout").length', 'the elements');
    assert.equal(count, 21);
    for (let i = 0; i < count; i += 1) {
      await driver.executeScript('document.querySelectorAll("xla-layout")[arguments[0]].scrollIntoView({ block: "center" })', i);
      await waitUntil(driver, page.elementDrawn, `element ${i} to draw`, i);
    }
    const first = await driver.executeScript(page.elementDrawn, 0);
    assert.equal(first.world, '3,2');
    assert.ok(first.colours >= 6, `colours in the first element: ${first.colours}`);
    // Inside the element too: the alternative, and the host a named figure.
    const host = await find(By.css('xla-layout'));
    const told = await driver.executeScript(page.forReaders, host);
    assert.match(told.alt, /dimensions \[2, 3\].*6 elements/);
    assert.deepEqual(
      [await host.getAttribute('role'), await host.getAttribute('aria-label')],
      ['figure', 'XLA layout of f32[2,3]{1,0}'],
    );
    await axe('docs.html');
    await driver.executeScript('window.scrollTo(0, 0)');
    await shot('docs');
  });
});
