// The harness's stopAll: a cleanup that hangs or throws is reported and
// left behind, and the others still run (a browser that does not close
// must not keep the test run waiting until CI's time limit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { onStop, stopAll } from './harness.mjs';

test('stopAll runs every cleanup newest first, past one that hangs and one that throws', { timeout: 10_000 }, async () => {
  const ran = [];
  const reported = [];
  onStop(() => ran.push('oldest'));
  onStop(() => new Promise(() => {})); // never settles
  onStop(() => {
    throw new Error('boom');
  });
  onStop(async () => ran.push('newest'));
  const report = console.error;
  console.error = (...args) => reported.push(args.map(String).join(' '));
  const t0 = performance.now();
  try {
    await stopAll({ timeoutMs: 300 });
  } finally {
    console.error = report;
  }
  const ms = performance.now() - t0;
  assert.deepEqual(ran, ['newest', 'oldest']);
  assert.equal(reported.length, 2, reported.join('\n'));
  assert.match(reported[0], /boom/);
  assert.match(reported[1], /did not finish in 300 ms/);
  assert.ok(ms >= 290 && ms < 5_000, `stopAll took ${ms} ms`);
  // Each cleanup ran once: nothing is left to run.
  await stopAll({ timeoutMs: 300 });
  assert.deepEqual(ran, ['newest', 'oldest']);
});
