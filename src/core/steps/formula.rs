//! The worked formula of each stage for one element, numbers substituted,
//! in the notation of XLA's `docs/tiled_layout.md` (`floor(e/t)`,
//! `e mod t`, `linear_index(e, d)`).

use super::ops::Op;
use super::{Stage, StageKind};

/// `(1,1,0,1)`.
pub(crate) fn tuple(values: &[u64]) -> String {
    let parts: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    format!("({})", parts.join(","))
}

/// The formula that takes the element from `before` (its index in the
/// previous stage, `None` for the first stage) to `after` in `stage`.
pub(crate) fn formula(
    stage: &Stage,
    op: Option<&Op>,
    before: Option<&[u64]>,
    after: &[u64],
) -> String {
    let (op, before) = match (op, before) {
        (Some(op), Some(before)) => (op, before),
        _ => {
            return format!(
                "element {} of an array of dims {}",
                tuple(after),
                tuple(&stage.sizes())
            )
        }
    };
    match (stage.kind, op) {
        (StageKind::Physical, Op::Permute(perm)) => {
            let dims: Vec<String> = perm.iter().map(|d| format!("e{d}")).collect();
            format!(
                "dims major to minor (minor_to_major reversed): ({}) = {}",
                dims.join(","),
                tuple(after)
            )
        }
        (_, Op::Permute(_)) => format!(
            "move the tile counts major, the within-tile indices minor: {} -> {}",
            tuple(before),
            tuple(after)
        ),
        (_, Op::Regroup { groups, in_sizes }) => {
            let parts: Vec<String> = groups
                .iter()
                .map(|g| match g.len() {
                    0 => "0".to_owned(),
                    1 => before[g.start].to_string(),
                    _ => format!(
                        "linear_index({}, {})",
                        tuple(&before[g.clone()]),
                        tuple(&in_sizes[g.clone()])
                    ),
                })
                .collect();
            format!(
                "{} -> ({}) = {}",
                tuple(before),
                parts.join(", "),
                tuple(after)
            )
        }
        (
            _,
            Op::Pad {
                first,
                tiles,
                before: sizes,
            },
        ) => {
            let parts: Vec<String> = sizes
                .iter()
                .enumerate()
                .map(|(d, &s)| match d.checked_sub(*first) {
                    None => s.to_string(),
                    Some(j) => {
                        let t = tiles[j];
                        format!("ceil({s}/{t})*{t}")
                    }
                })
                .collect();
            format!(
                "pad the dims {} to ({}) = {}; the index stays {}",
                tuple(sizes),
                parts.join(","),
                tuple(&stage.sizes()),
                tuple(after)
            )
        }
        (_, Op::Split { first, tiles }) => {
            let mut parts: Vec<String> = before[..*first].iter().map(|v| v.to_string()).collect();
            for (&x, &t) in before[*first..].iter().zip(tiles) {
                parts.push(format!("floor({x}/{t})"));
                parts.push(format!("{x} mod {t}"));
            }
            format!(
                "each tiled index e -> (floor(e/t), e mod t): ({}) = {}",
                parts.join(", "),
                tuple(after)
            )
        }
        (_, Op::Linearise { sizes }) => {
            let mut stride = 1u64;
            let mut terms: Vec<String> = Vec::with_capacity(sizes.len());
            for (&i, &s) in before.iter().zip(sizes).rev() {
                terms.push(format!("{i}*{stride}"));
                stride = stride.saturating_mul(s);
            }
            terms.reverse();
            format!(
                "linear_index({}, {}) = {} = {}",
                tuple(before),
                tuple(sizes),
                terms.join(" + "),
                after[0]
            )
        }
        (_, Op::Tail { before: raw }) => format!(
            "round the {raw} cells up to a multiple of the alignment: {}; the offset stays {}",
            stage.sizes()[0],
            after[0]
        ),
    }
}
