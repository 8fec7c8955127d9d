// Screenshots for people to look at: `node shoot.mjs NAME 'QUERY' [W H]`
// serves dist/, opens `?QUERY` and saves target/e2e/NAME.png.
import { collectErrors, launchBrowser, screenshot, startServer, stopAll } from './harness.mjs';

const [name = 'shot', query = '', width = '1500', height = '1000'] = process.argv.slice(2);
try {
  const base = await startServer();
  const context = await launchBrowser();
  const page = await context.newPage();
  await page.setViewportSize({ width: Number(width), height: Number(height) });
  const errors = collectErrors(page);
  await page.goto(`${base}?${query}`);
  await page.waitForSelector('#layout-canvas[data-generation]');
  await page.waitForTimeout(300);
  await screenshot(page, name);
  if (errors.length) console.error(errors.join('\n'));
} finally {
  await stopAll();
}
