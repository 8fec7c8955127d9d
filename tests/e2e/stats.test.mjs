// The A/B harnesses' interval (stats.mjs) on samples whose answer is known
// by construction: no browser.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describe, difference, random } from './stats.mjs';

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
