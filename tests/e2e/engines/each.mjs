// What every engine check does the same way: the engines it runs in (the
// ENGINES variable, all three by default), a loud skip for an engine this
// machine lacks, the sessions and servers stopped after, a screenshot per
// engine under target/e2e/engines/, and axe-core run in the page.

import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { AXE_SOURCE, AXE_TAGS, runAxe } from '../axe.mjs';
import { screenshotDir, stopAll as stopServers } from '../harness.mjs';
import { missing, stopAll as stopSessions } from './webdriver.mjs';

const shots = join(screenshotDir, 'engines');
const engines = (process.env.ENGINES ?? 'chromium,firefox,webkit').split(',').filter(Boolean);

/** Runs `body(engine)` inside `describe(title(engine))` for each engine
 * this machine has; an engine it lacks is a skipped test named
 * `ENGINE: checks`, announced in capitals on stderr. */
export function eachEngine(checks, title, body) {
  after(async () => {
    await stopSessions();
    await stopServers();
  });
  for (const engine of engines) {
    const why = missing(engine);
    if (why) {
      console.error(`\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n!!! ${engine.toUpperCase()} NOT TESTED: ${why}\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n`);
      test(`${engine}: ${checks}`, { skip: `${engine} NOT TESTED: ${why}` }, () => {});
      continue;
    }
    describe(title(engine), () => body(engine));
  }
}

/** The page as `driver` shows it, saved as `ENGINE-NAME.png`. */
export async function screenshot(driver, engine, name) {
  mkdirSync(shots, { recursive: true });
  writeFileSync(join(shots, `${engine}-${name}.png`), await driver.takeScreenshot(), 'base64');
}

/** axe-core (WCAG 2.1 AA) finds nothing in the page; `what` names the state. */
export async function assertAxeClean(driver, engine, what) {
  await driver.executeScript(AXE_SOURCE);
  const violations = await driver.executeAsyncScript(
    `const done = arguments[arguments.length - 1];
     (${runAxe})(arguments[0]).then(done, (e) => done([{ rule: 'axe failed', help: String(e) }]));`,
    AXE_TAGS,
  );
  assert.deepEqual(violations, [], `${engine}, ${what}:\n${JSON.stringify(violations, null, 2)}`);
}
