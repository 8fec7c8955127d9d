// The three engines through W3C WebDriver (npm selenium-webdriver, pinned):
// Debian's Chromium (chromedriver), Firefox ESR (geckodriver from
// crates.io) and WebKitGTK's MiniBrowser (WebKitWebDriver; it needs a
// display, so run under `xvfb-run -a`). Each driver is started here on a
// free port and stopped by `stopAll()`; no driver or browser is ever
// downloaded (selenium is only given a server URL).

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder } from 'selenium-webdriver';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const cargoBin = join(process.env.CARGO_HOME ?? join(process.env.HOME ?? '/root', '.cargo'), 'bin');

/** Where each engine's driver and browser are, and its capabilities. */
export const ENGINES = {
  chromium: {
    driver: process.env.CHROMEDRIVER ?? '/usr/bin/chromedriver',
    browser: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: (port) => [`--port=${port}`],
    capabilities: (browser, profile) => ({
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: browser,
        args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
          '--disable-background-networking', '--disable-component-update', '--disable-sync',
          '--window-size=1100,900', `--user-data-dir=${profile}`],
      },
    }),
  },
  firefox: {
    driver: process.env.GECKODRIVER ?? join(cargoBin, 'geckodriver'),
    browser: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
    args: (port) => ['--port', String(port)],
    capabilities: (browser) => ({
      browserName: 'firefox',
      'moz:firefoxOptions': {
        binary: browser,
        args: ['-headless', '-width=1100', '-height=900'],
        // Offline: no updates, no telemetry, no remote settings.
        prefs: { 'app.update.enabled': false, 'browser.shell.checkDefaultBrowser': false, 'datareporting.policy.dataSubmissionEnabled': false },
      },
    }),
  },
  webkit: {
    driver: process.env.WEBKITWEBDRIVER ?? '/usr/bin/WebKitWebDriver',
    browser: process.env.MINIBROWSER ?? MINIBROWSER,
    args: (port) => [`--port=${port}`],
    capabilities: (browser) => ({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: browser, args: ['--automation'] },
    }),
  },
};

/** Why `engine` cannot run here, or null when it can. */
export function missing(engine) {
  const e = ENGINES[engine];
  if (!e) return `unknown engine ${engine} (one of ${Object.keys(ENGINES).join(', ')})`;
  const absent = [e.driver, e.browser].filter((path) => !existsSync(path));
  if (absent.length > 0) return `${absent.join(' and ')} not installed`;
  if (engine === 'webkit' && !process.env.DISPLAY) return 'no display: run under `xvfb-run -a`';
  return null;
}

const cleanups = [];
const children = new Set();

/** Sends `signal` to a driver and everything it started: each driver leads
 * its own process group, so its browser goes too, even after a crash left
 * the browser without a session that `quit` could end. */
function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

process.on('exit', () => {
  for (const child of children) killGroup(child, 'SIGKILL');
});

/** Stops every session and driver started here, newest first. A step
 * that does not end within 15 s is given up: a browser that crashed can
 * leave its driver unable to answer `quit`, and the run must still end. */
export async function stopAll() {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    let timer;
    const late = new Promise((_, fail) => {
      timer = setTimeout(() => fail(new Error('no answer within 15 s')), 15_000);
    });
    try {
      await Promise.race([step(), late]);
    } catch (error) {
      console.error('cleanup failed:', error.message);
    } finally {
      clearTimeout(timer);
    }
  }
  // What is left (a driver that ignored SIGTERM) is killed outright.
  for (const child of children) killGroup(child, 'SIGKILL');
}

function freePort() {
  return new Promise((found, failed) => {
    const server = createServer();
    server.once('error', failed);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => found(port));
    });
  });
}

async function waitForDriver(url, child, output) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the driver exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error(`the driver did not answer on ${url} within 20 s:\n${output()}`);
}

/** Starts `engine`'s driver and a browser session; resolves to the selenium driver. */
export async function startSession(engine) {
  const e = ENGINES[engine];
  const port = await freePort();
  // `detached`: the driver leads a process group of its own (killGroup).
  const child = spawn(e.driver, e.args(port), { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  cleanups.push(
    () =>
      new Promise((done) => {
        // The browser inherits the driver's output pipes: once the driver
        // is gone, its group is killed and the pipes closed, or a browser
        // left over (after a crash) keeps this process from ever exiting.
        const finish = () => {
          killGroup(child, 'SIGKILL');
          child.stdout.destroy();
          child.stderr.destroy();
          children.delete(child);
          done();
        };
        if (child.exitCode !== null || child.signalCode !== null) return finish();
        child.once('exit', finish);
        killGroup(child, 'SIGTERM');
      }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForDriver(url, child, () => log.slice(-2000));
  const profile = mkdtempSync(join(tmpdir(), `xla-layout-viz-${engine}-`));
  cleanups.push(() => rmSync(profile, { recursive: true, force: true }));
  const driver = await new Builder().usingServer(url).withCapabilities(e.capabilities(e.browser, profile)).build();
  cleanups.push(() => driver.quit());
  await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });
  await driver.manage().window().setRect({ width: 1100, height: 900 }).catch(() => {});
  return driver;
}

/** Sizes the window so that its viewport (`innerWidth` x `innerHeight`,
 * not the window with its frame) is `width` x `height`, with the page
 * loaded. The frame is measured, not assumed, and re-measured until the
 * viewport is right: a window manager or WebKitGTK may apply a resize
 * after `setRect` has answered, so each size is read once it stops
 * changing, and every read goes through `waitUntil` (WebKitWebDriver's
 * unreadable replies while the page draws). Throws with the last size
 * seen when 10 tries do not get there. */
export async function sizeViewport(driver, width, height) {
  const win = driver.manage().window();
  const read = async () => (await waitUntil(driver, 'return [innerWidth, innerHeight];', 'the viewport')).join('x');
  let frame = [0, 0];
  let seen = '';
  for (let i = 0; i < 10; i += 1) {
    await win.setRect({ width: width + frame[0], height: height + frame[1] });
    // Settled: the same size twice, 100 ms apart.
    for (let last = null; seen !== last; ) {
      last = seen;
      await new Promise((wake) => setTimeout(wake, 100));
      seen = await read();
    }
    const [w, h] = seen.split('x').map(Number);
    if (w === width && h === height) return;
    frame = [frame[0] + width - w, frame[1] + height - h];
  }
  throw new Error(`the viewport is ${seen}, not ${width}x${height}, after 10 tries`);
}

/** Polls `script` (JS source returning a value) in the page until it is truthy; resolves to it. */
export async function waitUntil(driver, script, what, ...args) {
  const deadline = Date.now() + Number(process.env.E2E_TIMEOUT_MS ?? 15_000);
  let last;
  while (Date.now() < deadline) {
    try {
      last = await driver.executeScript(script, ...args);
    } catch (e) {
      // WebKitWebDriver now and then answers a poll with a reply it cannot
      // read itself ("Could not parse script result") while the page is
      // busy drawing; the next poll reads the same page. Anything else fails.
      if (!String(e?.message).includes('Could not parse script result')) throw e;
      last = `(${e.message})`;
      await new Promise((wake) => setTimeout(wake, 50));
      continue;
    }
    if (last) return last;
    await new Promise((wake) => setTimeout(wake, 50));
  }
  throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}
