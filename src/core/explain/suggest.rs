//! Layouts that waste less: the same dims and tiles under every other
//! minor_to_major, best first by footprint.
//!
//! XLA chooses layouts itself (its layout assignment pass,
//! `xla/service/layout_assignment.cc`, `LayoutAssignment`); these
//! suggestions show what a transpose, a reshape or a different layout
//! assignment would save, not a setting to change.

use serde::Serialize;

use crate::core::analysis::Analysis;
use crate::core::array::{ArrayLayout, Tile, TileDim, MAX_SIZE};
use crate::core::ast::ArrayShape;
use crate::core::sizes::variant::with_layout;
use crate::core::span::{Span, Spanned};

/// What every list of suggestions must say.
pub const SUGGESTIONS_NOTE: &str = "XLA chooses layouts itself (layout assignment); these show what a transpose, a reshape or a different layout assignment would save";

/// Up to this many dims every permutation is tried (8! = 40320).
pub const MAX_COMPLETE_DIMS: usize = 8;

/// Suggestions listed at most.
pub const MAX_SUGGESTIONS: usize = 5;

/// One layout that occupies less.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    pub canonical: String,
    pub bytes_footprint: u64,
    pub saving_bytes: u64,
}

/// Footprint in elements of `physical` sizes (major to minor) under
/// `tiles` and `L(align)`, by the tiling rule on sizes alone (pad each
/// tiled size up to its entry, `*` multiplies a size into the next one);
/// `None` beyond int64.
pub fn footprint_of(physical: &[u64], tiles: &[Tile], align: u64) -> Option<u64> {
    footprint_in(physical, tiles, align, &mut Scratch::default())
}

/// Buffers [`footprint_in`] reuses, so that trying 40320 orders does not
/// allocate 40320 times over (issue 8: <= 50 ms in the browser).
#[derive(Default)]
struct Scratch {
    physical: Vec<u64>,
    cur: Vec<u64>,
    next: Vec<u64>,
    within: Vec<u64>,
}

/// [`footprint_of`] with its working vectors in `scratch`.
fn footprint_in(
    physical: &[u64],
    tiles: &[Tile],
    align: u64,
    scratch: &mut Scratch,
) -> Option<u64> {
    let Scratch {
        cur, next, within, ..
    } = scratch;
    cur.clear();
    cur.extend_from_slice(physical);
    for tile in tiles {
        let k = tile.len();
        if cur.len() < k {
            let missing = k - cur.len();
            cur.splice(0..0, std::iter::repeat_n(1, missing));
        }
        let first = cur.len() - k;
        next.clear();
        next.extend_from_slice(&cur[..first]);
        within.clear();
        let mut carry = 1u64;
        for (&s, entry) in cur[first..].iter().zip(tile.dims()) {
            let s = s.checked_mul(carry).filter(|&v| v <= MAX_SIZE)?;
            match *entry {
                TileDim::Combine => carry = s,
                TileDim::Size(t) => {
                    carry = 1;
                    next.push(s.div_ceil(t));
                    within.push(t);
                }
            }
        }
        next.extend_from_slice(within);
        std::mem::swap(cur, next);
    }
    let n = if cur.contains(&0) {
        0
    } else {
        cur.iter()
            .try_fold(1u64, |a, &s| a.checked_mul(s).filter(|&v| v <= MAX_SIZE))?
    };
    n.div_ceil(align)
        .checked_mul(align)
        .filter(|&v| v <= MAX_SIZE)
}

/// How many most-minor physical positions `tiles` reach in `n` dims, by
/// [`footprint_in`]'s rule: each level tiles the most minor entries of the
/// list the level before left (with 1s put in front when the list is
/// shorter than the tile), so the sizes in front of every level's reach
/// are only multiplied into the footprint. The footprint of an order is
/// then a function of which dims fill these positions, in which order:
/// the other dims are the rest, whose sizes enter as one product, the
/// same for every order (a 0 among them makes any order's footprint 0,
/// and a product past int64 makes any order's `None`). [`Footprints`]
/// keeps it per filling.
fn reach(n: usize, tiles: &[Tile]) -> usize {
    let (mut len, mut untouched) = (n, n);
    for tile in tiles {
        let k = tile.len();
        len = len.max(k);
        untouched = untouched.min(len - k);
        let sizes = tile
            .dims()
            .iter()
            .filter(|d| matches!(d, TileDim::Size(_)))
            .count();
        len = len - k + 2 * sizes;
    }
    n - untouched
}

/// Bytes of orders by the dims in their most-minor positions
/// ([`reach`]), each computed once: 56 of them for 8 dims and a
/// two-entry tile instead of 40320.
struct Footprints {
    reach: usize,
    n: usize,
    /// By `sum of m[i] * n^i` over the reached positions; `None` until
    /// computed. Empty when that table would be too large.
    table: Vec<Option<Option<u64>>>,
}

/// Entries [`Footprints`] keeps at most.
const MAX_TABLE: usize = 1 << 16;

impl Footprints {
    fn new(n: usize, tiles: &[Tile]) -> Footprints {
        let reach = reach(n, tiles);
        let size = u32::try_from(reach)
            .ok()
            .and_then(|r| n.checked_pow(r))
            .filter(|&s| s <= MAX_TABLE)
            .unwrap_or(0);
        Footprints {
            reach,
            n,
            table: vec![None; size],
        }
    }

    /// The bytes of minor_to_major `m`: [`bytes`], looked up.
    fn bytes(
        &mut self,
        layout: &ArrayLayout,
        extents: &[u64],
        m: &[usize],
        scratch: &mut Scratch,
    ) -> Option<u64> {
        if self.table.is_empty() {
            return bytes(layout, extents, m, scratch);
        }
        let slot = m[..self.reach]
            .iter()
            .rev()
            .fold(0usize, |acc, &d| acc * self.n + d);
        *self.table[slot].get_or_insert_with(|| bytes(layout, extents, m, scratch))
    }
}

fn bytes(
    layout: &ArrayLayout,
    extents: &[u64],
    m2m: &[usize],
    scratch: &mut Scratch,
) -> Option<u64> {
    let mut physical = std::mem::take(&mut scratch.physical);
    physical.clear();
    physical.extend(m2m.iter().rev().map(|&d| extents[d]));
    let n = footprint_in(
        &physical,
        layout.tiles(),
        layout.tail_padding_alignment(),
        scratch,
    );
    scratch.physical = physical;
    let bits = u128::from(n?) * u128::from(layout.element_bits());
    u64::try_from(bits.div_ceil(8))
        .ok()
        .filter(|&b| b <= MAX_SIZE)
}

type Found = (u64, usize, Vec<usize>, Vec<usize>);

/// Order of candidates: bytes, then closeness to the current order, then
/// the order itself.
fn rank(e: &Found) -> (u64, usize, &[usize]) {
    (e.0, e.1, &e.2)
}

/// Calls `f` with every permutation of `items` (Heap's algorithm).
fn permutations(items: &mut [usize], f: &mut impl FnMut(&[usize])) {
    let n = items.len();
    let mut c = vec![0usize; n];
    f(items);
    let mut i = 1;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                items.swap(0, i);
            } else {
                items.swap(c[i], i);
            }
            f(items);
            c[i] += 1;
            i = 1;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

/// The best few other minor_to_major orders by footprint, and whether
/// every permutation was tried. Beyond [`MAX_COMPLETE_DIMS`] dims only the
/// most-minor positions are searched (the rest keep their order), within
/// the same budget.
pub fn suggestions(array: &ArrayShape, analysis: &Analysis) -> (Vec<Suggestion>, bool) {
    let layout = &analysis.layout;
    let current_bytes = analysis.stats.bytes_footprint;
    let extents = analysis.mapping.dims().to_vec();
    let current = layout.minor_to_major().to_vec();
    let n = current.len();
    // Size-1 dims permuting among themselves are one layout: compare with
    // them blanked out.
    let key = |m: &[usize]| -> Vec<usize> {
        m.iter()
            .map(|&d| if extents[d] == 1 { usize::MAX } else { d })
            .collect()
    };
    let position: Vec<usize> = {
        let mut p = vec![0; n];
        for (i, &d) in current.iter().enumerate() {
            p[d] = i;
        }
        p
    };
    let distance = |m: &[usize]| -> usize {
        let mut inv = 0;
        for i in 0..m.len() {
            for j in i + 1..m.len() {
                if position[m[i]] > position[m[j]] {
                    inv += 1;
                }
            }
        }
        inv
    };
    let current_key = key(&current);
    // The best order of each of the best MAX_SUGGESTIONS layouts (orders
    // with the same key are one layout), best first: the same list as
    // sorting every candidate and keeping each key's first, without
    // storing 40320 of them.
    let mut found: Vec<Found> = Vec::new();
    let mut scratch = Scratch::default();
    let mut footprints = Footprints::new(n, layout.tiles());
    let mut consider = |m: &[usize]| {
        let Some(b) = footprints.bytes(layout, &extents, m, &mut scratch) else {
            return;
        };
        if b >= current_bytes
            || (found.len() == MAX_SUGGESTIONS && found.last().is_some_and(|w| b > w.0))
        {
            return;
        }
        let d = distance(m);
        // Ranked no better than the last of a full list: it would only
        // be cut again (one with the same key as an entry ranks below it).
        if found.len() == MAX_SUGGESTIONS
            && found
                .last()
                .is_some_and(|w| (b, d, m) >= (w.0, w.1, &w.2[..]))
        {
            return;
        }
        let k = key(m);
        if k == current_key {
            return;
        }
        let entry = (b, d, m.to_vec(), k);
        if let Some(i) = found.iter().position(|e| e.3 == entry.3) {
            if rank(&entry) >= rank(&found[i]) {
                return;
            }
            found.remove(i);
        }
        let at = found.partition_point(|e| rank(e) < rank(&entry));
        found.insert(at, entry);
        found.truncate(MAX_SUGGESTIONS);
    };
    let complete = n <= MAX_COMPLETE_DIMS;
    if complete {
        let mut items = current.clone();
        permutations(&mut items, &mut consider);
    } else {
        // Choose the `m` most-minor dims in every order; 20*19*18 = 6840.
        let m = 3.min(n);
        let mut chosen = Vec::with_capacity(m);
        minor_choices(&current, m, &mut chosen, &mut consider);
    }
    let mut out: Vec<Suggestion> = Vec::new();
    for (b, _, m, _) in found {
        let variant = with_layout(array, |l| {
            l.minor_to_major = m
                .iter()
                .map(|&d| Spanned::new(d as i64, Span::default()))
                .collect();
        });
        out.push(Suggestion {
            canonical: variant.to_string(),
            bytes_footprint: b,
            saving_bytes: current_bytes - b,
        });
    }
    (out, complete)
}

/// Every ordered choice of `m` dims for the most-minor positions, the
/// other dims keeping their current order.
fn minor_choices(
    current: &[usize],
    m: usize,
    chosen: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]),
) {
    if chosen.len() == m {
        let mut order = chosen.clone();
        order.extend(current.iter().filter(|d| !chosen.contains(d)));
        f(&order);
        return;
    }
    for &d in current {
        if !chosen.contains(&d) {
            chosen.push(d);
            minor_choices(current, m, chosen, f);
            chosen.pop();
        }
    }
}
