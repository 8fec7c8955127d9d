// Intervals for the A/B timing harnesses (firstpaint_ab.mjs,
// bench_keystroke_ab.mjs, bench_typing_early.mjs): a "faster" says how
// sure it is. The difference of two builds' medians (or the median of
// their paired differences, when each round measured both) with a 95%
// percentile-bootstrap interval: 10,000 resamples from a fixed seed, so
// the same samples always print the same interval. An interval that holds
// 0 says the run cannot tell the builds apart. (tachometer reports an
// interval of the difference of means for pages, hyperfine a mean with
// its spread for processes; on this machine's long-tailed timings the
// median is the steadier statistic, and the bootstrap needs no normality.)
// Self-contained (no browser, no playwright): harness.mjs's median, again.
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The nearest-rank p95 of `values` (harness.mjs's `quantile(values, 0.95)`,
 * again): the statistic of the keystroke targets (docs/performance.md).
 */
export function p95(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] : NaN;
}

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const resample = (values, next) => values.map(() => values[Math.floor(next() * values.length)]);

/**
 * `b` minus `a`: `{ estimate, lo, hi }`, the 95% interval's ends. Paired
 * (`a[i]` and `b[i]` measured in the same round): the median of the
 * differences, resampled by round. Unpaired: the difference of the
 * medians, each build resampled apart. `statistic` (default `median`, or
 * `p95`) replaces the median in either.
 */
export function difference(a, b, { paired = false, resamples = 10000, seed = 1, statistic = median } = {}) {
  const next = random(seed);
  let estimate;
  const draws = [];
  if (paired) {
    if (a.length !== b.length) throw new Error(`paired samples of ${a.length} and ${b.length}`);
    const d = b.map((v, i) => v - a[i]);
    estimate = statistic(d);
    for (let r = 0; r < resamples; r += 1) draws.push(statistic(resample(d, next)));
  } else {
    estimate = statistic(b) - statistic(a);
    for (let r = 0; r < resamples; r += 1) draws.push(statistic(resample(b, next)) - statistic(resample(a, next)));
  }
  draws.sort((x, y) => x - y);
  return { estimate, lo: draws[Math.floor(0.025 * resamples)], hi: draws[Math.ceil(0.975 * resamples) - 1] };
}

/** `+3.2 ms (95% interval -1.0 to +7.5: no difference shown)`. */
export function describe({ estimate, lo, hi }, unit = 'ms') {
  const s = (v) => `${v >= 0 ? '+' : ''}${v.toFixed(1)}`;
  const verdict = lo <= 0 && hi >= 0 ? 'no difference shown' : hi < 0 ? 'faster' : 'slower';
  return `${s(estimate)} ${unit} (95% interval ${s(lo)} to ${s(hi)}: ${verdict})`;
}
