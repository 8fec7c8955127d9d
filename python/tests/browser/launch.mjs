// Headless Chromium for the Python package's browser checks (page.mjs,
// jupyterlab.mjs): playwright-core from tests/e2e/node_modules (or
// E2E_MODULES), Debian's Chromium (or CHROMIUM), a throwaway profile.

import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../../..');
const require = createRequire(join(process.env.E2E_MODULES ?? join(repoRoot, 'tests/e2e'), 'package.json'));
const { chromium } = require('playwright-core');

/**
 * A browser context with its own profile named after `name`, at
 * `viewport`; `close()` closes it and removes the profile.
 */
export async function launch(name, viewport) {
  const profile = mkdtempSync(join(tmpdir(), `xla-layout-${name}-`));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport,
    deviceScaleFactor: 1,
  });
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}
