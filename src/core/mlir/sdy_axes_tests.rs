//! Sub-axes: refused where Shardy's verifier refuses them, and otherwise
//! exported as an independent brute force of Shardy's definition says
//! (each device's tile, from its place in the mesh); XLA's own export of
//! a few is in tests/fixtures/mlir (`subaxes_*`, `mlir-oracle.py
//! --subaxes`).

use crate::core::mlir::read_all;
use crate::core::sharding::{parse_sharding, Last, Sharding, Subgroup};

/// The sharding read for a `tensor<8x8xf32>` argument on `mesh`, or the
/// error's text and message.
fn read(mesh: &str, sharding: &str) -> Result<String, (String, String)> {
    let t = format!("sdy.mesh @m = <{mesh}>\nfunc.func public @main(%arg0: tensor<8x8xf32> {{sdy.sharding = #sdy.sharding<@m, {sharding}>}}) -> tensor<8x8xf32> {{\n");
    let found = read_all(&t);
    let (_, r) = found[0].sharding.clone().expect("a sharding");
    r.map_err(|e| (t[e.start..e.end].to_owned(), e.message))
}

#[test]
fn sub_axes_shardy_s_verifier_refuses_are_refused_where_they_are() {
    let m12 = r#"["x"=12, "y"=2]"#;
    let cases = [
        (r#"[{"x":(0)2}, {}]"#, r#""x":(0)2"#, "at least 1"),
        (r#"[{"x":(1)1}, {}]"#, r#""x":(1)1"#, "greater than 1"),
        (r#"[{"x":(2)4}, {}]"#, r#""x":(2)4"#, "divide the axis"),
        (r#"[{"x":(1)12}, {}]"#, r#""x":(1)12"#, "the whole axis"),
        (
            r#"[{"x":(1)2, "x":(2)2}, {}]"#,
            r#""x":(2)2"#,
            "follow each other",
        ),
        (
            r#"[{"x":(1)2}, {"x"}]"#,
            r#""x""#,
            "whole and as a sub-axis",
        ),
        (r#"[{"x":(1)4}, {"x":(2)2}]"#, r#""x":(2)2"#, "overlap"),
        (
            r#"[{"x":(1)2}, {"x":(3)2}]"#,
            r#""x":(3)2"#,
            "cannot coexist",
        ),
        (r#"[{"x":(1)2}, {"x":(1)2}]"#, r#""x":(1)2"#, "named twice"),
        (
            r#"[{"x":(1)2}, {}], replicated={"x":(1)4}"#,
            r#""x":(1)4"#,
            "overlap",
        ),
        (
            r#"[{"x":(1)2}, {}], unreduced={"x"}"#,
            r#""x""#,
            "whole and",
        ),
        (r#"[{"x":(1)2x}, {}]"#, r#""x":(1)2x"#, "not an axis"),
        (r#"[{"x":(-1)2}, {}]"#, r#""x":(-1)2"#, "not an axis"),
        (
            r#"[{"x":(1)99999999999999999999}, {}]"#,
            r#""x":(1)99999999999999999999"#,
            "not an axis",
        ),
        (r#"[{"z":(1)2}, {}]"#, r#""z":(1)2"#, "no axis"),
    ];
    for (sharding, at, why) in cases {
        let (got_at, got_why) = read(m12, sharding).unwrap_err();
        assert_eq!(got_at, at, "{sharding}");
        assert!(got_why.contains(why), "{sharding}: {got_why}");
    }
    // Not consecutive in one list: not mergeable, read.
    assert!(read(m12, r#"[{"x":(1)2}, {"x":(2)2}]"#).is_ok());
    assert!(read(m12, r#"[{"x":(2)2, "x":(1)2}, {}]"#).is_ok());
}

/// A small random source (no dependency; the cases are the same each run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// An axis reference of the brute force: axis, pre-size, size.
type Ref = (usize, u64, u64);

/// The coordinate of the device at mesh position `p` along `refs`, major
/// to minor: Shardy's definition of a sub-axis `(m)k` of an axis of n is
/// the axis's index split as [m, k, n / (m k)], its middle digit.
fn coordinate(sizes: &[u64], p: u64, refs: &[Ref]) -> u64 {
    let mut index = vec![0; sizes.len()];
    let mut rest = p;
    for a in (0..sizes.len()).rev() {
        index[a] = rest % sizes[a];
        rest /= sizes[a];
    }
    refs.iter().fold(0, |c, &(a, m, k)| {
        let minor = sizes[a] / (m * k);
        c * k + (index[a] / minor) % k
    })
}

#[test]
fn sub_axes_place_each_device_as_a_brute_force_of_shardy_s_definition() {
    let mut rng = Lcg(65);
    let mut checked = 0;
    for _ in 0..3000 {
        // A mesh of 1 to 3 axes, each cut into parts (a chain of cuts).
        let n_axes = 1 + rng.below(3) as usize;
        let sizes: Vec<u64> = (0..n_axes)
            .map(|_| [1, 2, 4, 6, 8, 12][rng.below(6) as usize])
            .collect();
        let mut parts: Vec<Ref> = Vec::new();
        for (a, &n) in sizes.iter().enumerate() {
            let mut pre = 1;
            while pre < n {
                let left = n / pre;
                let options: Vec<u64> = (2..=left).filter(|k| left % k == 0).collect();
                let k = options[rng.below(options.len() as u64) as usize];
                parts.push((a, pre, k));
                pre *= k;
            }
        }
        // Each part to dim 0, dim 1, unreduced, replicated or nowhere, in
        // a random order.
        let mut places: [Vec<Ref>; 5] = Default::default();
        while !parts.is_empty() {
            let p = parts.swap_remove(rng.below(parts.len() as u64) as usize);
            places[rng.below(5) as usize].push(p);
        }
        places[2].sort_unstable();
        places[3].sort_unstable();
        let names = ["a", "b", "c"];
        let write = |refs: &[Ref]| {
            let items: Vec<String> = refs
                .iter()
                .map(|&(a, m, k)| match k == sizes[a] {
                    true => format!("\"{}\"", names[a]),
                    false => format!("\"{}\":({m}){k}", names[a]),
                })
                .collect();
            format!("{{{}}}", items.join(", "))
        };
        let mut sharding = format!("[{}, {}]", write(&places[0]), write(&places[1]));
        for (key, refs) in [("replicated", &places[3]), ("unreduced", &places[2])] {
            if !refs.is_empty() {
                sharding += &format!(", {key}={}", write(refs));
            }
        }
        let mesh: Vec<String> = sizes
            .iter()
            .enumerate()
            .map(|(a, n)| format!("\"{}\"={n}", names[a]))
            .collect();
        let mesh = format!("[{}]", mesh.join(", "));
        let mergeable = places.iter().take(4).any(|refs| {
            refs.windows(2)
                .any(|w| w[0].0 == w[1].0 && w[0].1 * w[0].2 == w[1].1)
        });
        let got = match read(&mesh, &sharding) {
            Ok(s) => s,
            Err((at, why)) => {
                assert!(
                    mergeable && why.contains("follow each other"),
                    "{mesh} {sharding}: {at} {why}"
                );
                continue;
            }
        };
        assert!(!mergeable, "{mesh} {sharding}: read as {got}");
        let total: u64 = sizes.iter().product();
        let tiled = match parse_sharding(&got).unwrap() {
            Sharding::Tiled(t) => t,
            other => {
                // Nothing cuts the array; every device holds all of it,
                // or (unreduced) a part of its sum.
                let size = |refs: &[Ref]| refs.iter().map(|r| r.2).product::<u64>();
                let cut = size(&places[0]) * size(&places[1]);
                let unreduced = size(&places[2]);
                let fits = match other {
                    Sharding::Replicated => cut * unreduced == 1 || total == 1,
                    Sharding::Unreduced => cut == 1 && unreduced == total,
                    _ => false,
                };
                assert!(fits, "{mesh} {sharding}: {other:?}");
                continue;
            }
        };
        assert_eq!(tiled.devices.len(), total, "{mesh} {sharding}: {got}");
        let unreduced_at = match &tiled.last {
            Last::Subgroups(types) => types.iter().position(|&t| t == Subgroup::Unreduced),
            _ => None,
        };
        let data = tiled.data_rank();
        let mut seen = vec![false; total as usize];
        for k in 0..total {
            let d = tiled.devices.at(k) as u64;
            assert!(!std::mem::replace(&mut seen[d as usize], true));
            // The tile's coordinates, row-major over the tile dims.
            let mut t = vec![0; tiled.dims.len()];
            let mut rest = k;
            for i in (0..tiled.dims.len()).rev() {
                t[i] = rest % tiled.dims[i];
                rest /= tiled.dims[i];
            }
            for dim in 0..2 {
                let want = coordinate(&sizes, d, &places[dim]);
                let have = if dim < data { t[dim] } else { 0 };
                assert_eq!(have, want, "{mesh} {sharding}: {got}, device {d} dim {dim}");
            }
            if let Some(u) = unreduced_at {
                let want = coordinate(&sizes, d, &places[2]);
                assert_eq!(
                    t[data + u],
                    want,
                    "{mesh} {sharding}: {got}, device {d} unreduced"
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}
