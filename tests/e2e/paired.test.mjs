// paired.mjs, the pairs' statistics bench_timeline.mjs reports: on series
// whose answer is known (a constant ratio; a shift with bounded noise),
// the intervals hold it, and they are the same for the same input.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { median, paired } from './paired.mjs';

const control = [...Array(60)].map((_, i) => 1 + ((i * 7) % 11) / 2);

test('paired: an exact ratio and shift come back with intervals of one point', () => {
  const r = paired(control.map((y) => 3 * y), control);
  assert.equal(r.ratio_of_medians, 3);
  assert.deepEqual(r.ratio_95, [3, 3]);
  const d = paired(control.map((y) => y + 2.5), control);
  assert.equal(d.median_difference_ms, 2.5);
  assert.deepEqual(d.difference_95_ms, [2.5, 2.5]);
});

test('paired: noise widens the intervals around the truth, and the same input gives the same answer', () => {
  const noisy = control.map((y, i) => y + 4 + (((i * 13) % 9) - 4) / 4);
  const r = paired(noisy, control);
  assert.ok(r.difference_95_ms[0] <= 4 && 4 <= r.difference_95_ms[1], JSON.stringify(r));
  assert.ok(r.difference_95_ms[1] - r.difference_95_ms[0] > 0);
  assert.ok(r.ratio_95[0] < r.ratio_of_medians && r.ratio_of_medians < r.ratio_95[1], JSON.stringify(r));
  assert.deepEqual(paired(noisy, control), r);
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 2, 3]), 2.5);
  assert.throws(() => paired([1], [1]));
});
