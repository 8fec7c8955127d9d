// Keystroke -> painted for two or more builds, interleaved load by load in
// one run, so that they share the machine's state (issue 24):
//
//   (cd tests/e2e && node bench_keystroke_ab.mjs LOADS ROUNDS DIST_A DIST_B ...)
//
// Each load opens a fresh page of one build on `f32[2,3]`, waits for the
// first picture and IDLE_MS more (a user reading it before typing; the
// environment's IDLE_MS, else 1000: with 0 the first round is typed while
// the idle warm-up of src/ui/web/warm.rs still runs), then
// types the harness's 11 shapes ROUNDS times (static/bench.js,
// `run({ only: 'keystroke' })`). Prints per build: median and p95 over
// all keystrokes, over the first round of each page (code V8 has not
// optimised yet) and over the later rounds; per-shape medians of the later
// rounds (total = scenes + canvas drawing + the rest); the harness's
// control (a fixed piece of JavaScript timed after each keystroke: the
// machine's own spread, static/bench.js); input -> the side
// panels' render over the later rounds, for builds that record it
// (src/ui/web/later.rs: they follow the picture a frame later); and the `warm`
// series (src/ui/web/warm.rs), when the build has one: its slowest task at
// each step over the loads, and with WARM_DETAIL=1 every load's tasks.
// Every build runs this tree's static/bench.js, not the copy in its dist,
// so that builds from before a change to the harness are timed by the same
// code (a build without the `panels` series waits 200 ms per keystroke
// for it and shows none).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, openBenchPage, quantile, repoRoot, startServer, stopAll } from './harness.mjs';
import { describe, difference, p95 } from './stats.mjs';

const [loads, rounds, ...dists] = process.argv.slice(2);
if (!dists.length || !(Number(loads) > 0) || !(Number(rounds) > 1)) {
  console.error('usage: node bench_keystroke_ab.mjs LOADS ROUNDS(>=2) DIST_A [DIST_B ...]');
  process.exit(2);
}
const IDLE_MS = Number(process.env.IDLE_MS ?? 1000);
const BENCH_JS = readFileSync(join(repoRoot, 'static', 'bench.js'), 'utf8');

const stat = (values) => ({ n: values.length, median: quantile(values, 0.5), p95: quantile(values, 0.95) });
const f = (v) => (Number.isFinite(v) ? v.toFixed(1) : '-').padStart(6);

try {
  const servers = [];
  for (const dist of dists) servers.push(await startServer(dist));
  const context = await launchBrowser();
  const runs = dists.map(() => ({ samples: [], first: [], later: [], panels: [], control: [], perShape: {}, warm: [] }));
  for (let load = 0; load < Number(loads); load += 1) {
    for (const [k, base] of servers.entries()) {
      const page = await openBenchPage(context, base, `${dists[k]}: `);
      await page.waitForTimeout(IDLE_MS);
      await page.addScriptTag({ content: BENCH_JS });
      const shapes = await page.evaluate(
        (rounds) => window.xlaLayoutBench.run({ only: 'keystroke', rounds }).then((r) => ({
          samples: r.keystroke.samples,
          names: Object.keys(r.keystroke.perShape),
          warm: window.__xlaLayoutTimings?.warm ?? [],
        })),
        Number(rounds),
      );
      const run = runs[k];
      const perRound = shapes.samples.length / Number(rounds);
      shapes.samples.forEach((sample, i) => {
        run.samples.push(sample[0]);
        run.control.push(sample[4]);
        if (i < perRound) run.first.push(sample[0]);
        else {
          run.later.push(sample[0]);
          if (Number.isFinite(sample[3])) run.panels.push(sample[3]);
          (run.perShape[shapes.names[i % perRound]] ??= []).push(sample);
        }
      });
      run.warm.push(...shapes.warm);
      await page.close();
    }
  }
  console.log(`${loads} loads x ${rounds} rounds per build, interleaved; ms (median / p95)`);
  console.log(`${'build'.padEnd(28)} ${'all'.padStart(13)} ${'first round'.padStart(13)} ${'later rounds'.padStart(13)} ${'panels later'.padStart(13)} ${'control'.padStart(13)}  warm-up tasks (n, median, max)`);
  for (const [k, run] of runs.entries()) {
    const cell = (v) => { const s = stat(v); return `${f(s.median)} /${f(s.p95)}`; };
    const warm = run.warm.length ? `${run.warm.length}, ${stat(run.warm).median.toFixed(1)}, ${Math.max(...run.warm).toFixed(1)}` : 'none';
    console.log(`${dists[k].slice(-28).padEnd(28)} ${cell(run.samples)} ${cell(run.first)} ${cell(run.later)} ${cell(run.panels)} ${cell(run.control)}  ${warm}`);
  }
  // Each later build against the first (stats.mjs): the difference of the
  // medians, and of the p95s, with its 95% bootstrap interval, over all
  // keystrokes and over the later rounds.
  for (let k = 1; k < runs.length; k += 1) {
    const vs = (key, statistic) => describe(difference(runs[0][key], runs[k][key], { statistic }));
    console.log(`${dists[k]} - ${dists[0]}: median: all ${vs('samples')}; later rounds ${vs('later')}`);
    console.log(`${dists[k]} - ${dists[0]}: p95: all ${vs('samples', p95)}; later rounds ${vs('later', p95)}`);
  }
  for (const [k, run] of runs.entries()) {
    if (!run.warm.length) continue;
    const perLoad = run.warm.length / Number(loads);
    const byStep = Array.from({ length: perLoad }, (_, i) => Math.max(...run.warm.filter((_, j) => j % perLoad === i)));
    console.log(`${dists[k]}: warm-up task by step, max over loads: ${byStep.map((v) => v.toFixed(1)).join(' ')}`);
    if (!process.env.WARM_DETAIL) continue;
    for (let l = 0; l < Number(loads); l += 1) {
      console.log(`  load ${l}: ${run.warm.slice(l * perLoad, (l + 1) * perLoad).map((v) => v.toFixed(1)).join(' ')}`);
    }
  }
  console.log('later rounds, per shape (median ms: total = scenes + drawing + the rest):');
  for (const shape of Object.keys(runs[0].perShape)) {
    const cols = runs.map((run) => {
      const v = run.perShape[shape] ?? [];
      const m = (i) => stat(v.map((x) => x[i])).median;
      return `${f(m(0))} =${f(m(1))} +${f(m(2))} +${f(m(0) - m(1) - m(2))}`;
    });
    console.log(`  ${cols.join('  |')}  ${shape}`);
  }
} finally {
  await stopAll();
}
