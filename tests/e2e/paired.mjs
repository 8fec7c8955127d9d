// A benchmark against its control, measured in pairs (docs/testing.md,
// "Benchmarks": the difference with its interval). Used by
// bench_timeline.mjs; checked by paired.test.mjs.

/** A seeded generator (mulberry32): the same intervals for the same times. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * `xs` against its control `ys`, measured in pairs (xs[i] beside ys[i]):
 * median(xs) / median(ys) and the median of xs[i] - ys[i], each with a
 * 95% percentile bootstrap interval over the pairs resampled together.
 */
export function paired(xs, ys, resamples = 2000, seed = 69) {
  if (xs.length !== ys.length || xs.length < 2) throw new Error('paired: two equal series of 2 or more');
  const next = random(seed);
  const ratios = [];
  const diffs = [];
  const n = xs.length;
  for (let b = 0; b < resamples; b += 1) {
    const a = [];
    const c = [];
    const d = [];
    for (let i = 0; i < n; i += 1) {
      const k = Math.floor(next() * n);
      a.push(xs[k]);
      c.push(ys[k]);
      d.push(xs[k] - ys[k]);
    }
    ratios.push(median(a) / median(c));
    diffs.push(median(d));
  }
  const interval = (v) => {
    const s = v.sort((p, q) => p - q);
    return [s[Math.floor(0.025 * (s.length - 1))], s[Math.ceil(0.975 * (s.length - 1))]];
  };
  const round = (x, k) => +x.toFixed(k);
  const [r0, r1] = interval(ratios);
  const [d0, d1] = interval(diffs);
  return {
    pairs: n,
    ratio_of_medians: round(median(xs) / median(ys), 2),
    ratio_95: [round(r0, 2), round(r1, 2)],
    median_difference_ms: round(median(xs.map((x, i) => x - ys[i])), 2),
    difference_95_ms: [round(d0, 2), round(d1, 2)],
  };
}
