// What the first picture compiles: a budget on the bytes of wasm code V8
// compiles on the main thread before the first picture of the app and of
// embed mode (compiled.mjs; docs/performance/first-paint.md, "What the first picture
// compiles, less"). The count is nearly the same in every load of a build,
// but not quite since the app's second part draws the dump form when it
// arrives: a load where it arrives before the picture also compiles what
// that runs (seen: 301,050 and 305,901 B of one build on a loaded
// machine). So the least of up to three loads decides: a load within the
// budget shows the first picture's own path is. What the first frame does not show (the side
// panels, the step-through, the export bar, the summary, the explanation,
// the stages) is neither run nor compiled for it: bringing it back into
// the first frame costs tens of kilobytes here.

import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { compiledBeforePicture } from './compiled.mjs';
import { distDir, launchBrowser, startServer, stopAll, watchFirstPicture } from './harness.mjs';

/** Bytes of code, 2026-11-28: the app 287,367 (339,071 before the panels and the
 * model's later parts left the first frame), embed mode 251,736 (286,525).
 * 2026-12-07: the app 306,326 (issue 71's scaled margins and the
 * presentation toggle, issue 67's fold check and issue 69's open-dump form
 * run at start): budget raised to 307,000; bringing it back under 300,000
 * (those parts drawn after the first picture) is open work. Later that
 * day, what only a folded array runs out of line (issue 67): on main's
 * b1d94411 the app 305,896 -> 304,705 (304,739 in one load of eight),
 * embed mode 255,884 -> 254,686 (on f8ecc715: 304,710 and 254,686):
 * budgets lowered to 305,000 and 255,000. */
const BUDGETS = [
  ['the app', '', 305_000],
  ['embed mode', '?embed=1', 255_000],
];

after(stopAll);

test('the first picture compiles no more code than its budget', async () => {
  const base = await startServer();
  const context = await launchBrowser();
  await watchFirstPicture(context);
  for (const [name, suffix, budget] of BUDGETS) {
    const seen = [];
    let r;
    do {
      r = await compiledBeforePicture(context, base + suffix, distDir);
      assert.ok(r.count > 100 && r.bytes > 100_000, `${name}: the trace shows the first picture's compiles (${r.count})`);
      seen.push(r.bytes);
    } while (r.bytes > budget && seen.length < 3);
    assert.ok(
      Math.min(...seen) <= budget,
      `${name}: ${seen.join(', ')} bytes of wasm code compiled before the first picture in ${seen.length} loads, budget ${budget}`,
    );
  }
});
