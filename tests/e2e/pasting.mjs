// Pasting into the app as a user does: the app opened with clipboard
// permission, a real Ctrl+V into the shape box, and a large HLO module to
// paste (paste.test.mjs and scan.test.mjs).

import { openApp, waitForPicture } from './harness.mjs';

/** The app at its default example, allowed to read the clipboard. */
export async function openPastingApp() {
  const app = await openApp();
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  await app.page.goto(app.baseUrl);
  await waitForPicture(app.page);
  return app;
}

/** Puts `text` on the clipboard and pastes it into the emptied box with Ctrl+V. */
export async function pasteText(page, text) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  const input = page.locator('#shape-input');
  await input.fill('');
  await input.focus();
  await page.keyboard.press('Control+V');
}

/** Waits until the box holds a document of `length` UTF-16 units (`data-text-length`). */
export async function waitForHeld(page, length, { timeout } = {}) {
  await page.waitForFunction((n) => document.getElementById('shape-input')?.dataset.textLength === String(n), length, { timeout });
}

/**
 * An HLO module of about `units` UTF-16 units: an entry computation of
 * `add` instructions (a result and two operands each, all tiled), with a
 * non-ASCII name in every line's metadata.
 */
export function hloModule(units) {
  const lines = ['HloModule big, entry_computation_layout={(f32[128,256]{1,0:T(8,128)})->f32[128,256]{1,0:T(8,128)}}', '', 'ENTRY %main (p: f32[128,256]) -> f32[128,256] {'];
  let size = lines.join('\n').length;
  for (let i = 0; size < units; i += 1) {
    const line = `  %add.${i} = f32[128,256]{1,0:T(8,128)} add(f32[128,256]{1,0:T(8,128)} %a.${i}, f32[128,256]{1,0:T(8,128)} %b.${i}), metadata={op_name="ü/${i}"}`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.push('}');
  return lines.join('\n');
}
