// The A/B harnesses' interval (stats.mjs) on samples whose answer is known
// by construction: no browser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describe, difference, p95, random } from './stats.mjs';

/** `n` samples of `centre` plus long-tailed noise (a tenth far out). */
function noisy(n, centre, seed) {
  const next = random(seed);
  return Array.from({ length: n }, () => centre + 4 * (next() - 0.5) + (next() < 0.1 ? 40 * next() : 0));
}

test('stats: a shift far past the noise is found, and inside the interval', () => {
  const a = noisy(60, 100, 1);
  const b = noisy(60, 90, 2);
  for (const paired of [false, true]) {
    const d = difference(a, b, { paired });
    assert.ok(d.hi < 0, `${paired}: ${JSON.stringify(d)}`);
    assert.ok(d.lo <= -10 && -10 <= d.hi, `${paired}: ${JSON.stringify(d)}`);
    assert.match(describe(d), /: faster\)$/);
  }
});

test('stats: two runs of one build are not told apart, and the interval is reproducible', () => {
  const a = noisy(60, 100, 3);
  const b = noisy(60, 100, 4);
  const d = difference(a, b);
  assert.ok(d.lo <= 0 && 0 <= d.hi, JSON.stringify(d));
  assert.deepEqual(difference(a, b), d);
  assert.match(describe(d), /no difference shown/);
  assert.throws(() => difference([1, 2], [1], { paired: true }));
});

test('stats: p95 is the nearest rank; a shift of the tail alone is found by the p95, not by the median', () => {
  assert.equal(p95(Array.from({ length: 100 }, (_, i) => i + 1)), 96);
  assert.equal(p95([3, 1, 2]), 3);
  // The same body; b's slowest tenth 30 ms slower than a's.
  const next = random(5);
  const body = () => Array.from({ length: 400 }, (_, i) => 10 + 2 * next() + (i % 10 === 0 ? 20 : 0));
  const a = body();
  const b = body().map((v) => (v >= 30 ? v + 30 : v));
  const tail = difference(a, b, { statistic: p95 });
  assert.ok(tail.lo > 20 && tail.hi < 40, JSON.stringify(tail));
  const middle = difference(a, b);
  assert.ok(middle.lo <= 0 && 0 <= middle.hi, JSON.stringify(middle));
});
