// The harness's stopAll: a cleanup that hangs or throws is reported and
// left behind, and the others still run (a browser that does not close
// must not keep the test run waiting until CI's time limit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserProcesses, launchBrowser, onStop, stopAll } from './harness.mjs';

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

test('a browser that does not close is killed, and stopAll goes on', { timeout: 60_000 }, async () => {
  const context = await launchBrowser({ closeTimeoutMs: 500 });
  const before = browserProcesses(context);
  assert.ok(before.length > 0, 'the browser has processes naming its profile');
  const ran = [];
  onStop(() => ran.push('after the browser'));
  context.close = () => new Promise(() => {}); // a close that never ends
  const report = console.error;
  const reported = [];
  console.error = (...args) => reported.push(args.map(String).join(' '));
  try {
    await stopAll({ timeoutMs: 10_000 });
  } finally {
    console.error = report;
  }
  assert.deepEqual(ran, ['after the browser']);
  assert.match(reported.join('\n'), /did not close in 500 ms: killed/);
  // SIGKILL is delivered at once; the processes may take a moment to go.
  const start = performance.now();
  while (browserProcesses(context).length > 0 && performance.now() - start < 5_000) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const left = browserProcesses(context);
  // Whatever is left is killed here, so that a failure fails rather than
  // keeps node running.
  for (const pid of left) process.kill(pid, 'SIGKILL');
  assert.deepEqual(left, []);
});
