//! Every stage of `core::steps` against a brute force that literally
//! transposes, reshapes and pads an array of cell ids
//! (`steps_reference/`), and the last stage against `Mapping::offset_of`.

use crate::steps_reference;

use crate::layout_cases;

use std::collections::HashSet;

use layout_cases::{layout, Case};
use proptest::prelude::*;
use steps_reference::{stages, unravel};
use xla_layout_viz::core::steps::{BlockError, Grid, StageKind, Steps};
use xla_layout_viz::core::Mapping;

/// Layouts without the older padded dims (steps show the tiled layout),
/// small enough to brute-force.
fn case() -> impl Strategy<Value = Case> {
    layout_cases::case(4, 6, 3)
        .prop_map(|c| Case { padded: None, ..c })
        .prop_filter("small enough to brute-force", |c| {
            footprint_bound(c) <= 20_000
        })
}

/// A cheap upper bound of the biggest stage.
fn footprint_bound(c: &Case) -> u64 {
    let mut cells: u64 = c.dims.iter().map(|&d| d.max(1)).product();
    for t in &c.tiles {
        for &e in t {
            cells = cells.saturating_mul(e.max(1) as u64);
        }
    }
    cells.saturating_mul(c.align)
}

fn place_by_rule(grid: &Grid, index: &[u64], shape: &[u64]) -> (u64, u64) {
    match grid {
        Grid::Dims {
            row_dims, col_dims, ..
        } => {
            let lin = |dims: &[usize]| dims.iter().fold(0, |acc, &d| acc * shape[d] + index[d]);
            (lin(row_dims), lin(col_dims))
        }
        Grid::Wrapped { width, .. } => (index[0] / width, index[0] % width),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_stage_matches_the_brute_force(c in case()) {
        let layout = layout(&c);
        let dims: Vec<usize> = c.dims.iter().map(|&d| d as usize).collect();
        let steps = Steps::new(&layout).unwrap();
        let mapping = Mapping::new(&layout).unwrap();
        let reference = stages(&dims, &c.m2m, &c.tiles, c.align as usize);
        prop_assert_eq!(steps.stages().len(), reference.len());
        for (s, r) in steps.stages().iter().zip(&reference) {
            let shape: Vec<u64> = r.shape.iter().map(|&x| x as u64).collect();
            prop_assert_eq!(s.sizes(), shape, "{}", s.title());
        }
        let n: usize = dims.iter().product();
        let last = reference.len() - 1;
        // Elements: their index in every stage, their grid place, their offset.
        for id in 0..n {
            let index: Vec<u64> = unravel(id, &dims).iter().map(|&x| x as u64).collect();
            let trace = steps.trace(&index).unwrap();
            for (k, r) in reference.iter().enumerate() {
                let expected = r.index_of(id).unwrap();
                prop_assert_eq!(&trace[k], &expected, "stage {}", steps.stages()[k].title());
                let grid = steps.grid(k).unwrap();
                prop_assert_eq!(
                    steps.place(k, &index).unwrap(),
                    place_by_rule(grid, &expected, &steps.stages()[k].sizes())
                );
            }
            prop_assert_eq!(Some(trace[last][0]), mapping.offset_of(&index));
        }
        // Every footprint cell, padding included, traced back from memory.
        for (offset, &uid) in reference[last].cells.iter().enumerate() {
            let trace = steps.trace_offset(offset as u64).unwrap();
            for (k, r) in reference.iter().enumerate() {
                prop_assert_eq!(&trace[k], &r.index_of(uid), "offset {} stage {}", offset, k);
                let expected = r.index_of(uid).map(|i| {
                    place_by_rule(steps.grid(k).unwrap(), &i, &steps.stages()[k].sizes())
                });
                prop_assert_eq!(steps.place_offset(k, offset as u64), expected);
            }
        }
        prop_assert!(steps.trace_offset(reference[last].cells.len() as u64).is_none());
        check_blocks(&steps, &c.tiles, &reference)?;
    }
}

/// Each block's rectangle, where given, is exactly the places of its
/// cells; where refused, its cells are not a box of the stage's index
/// space or their places are not a rectangle (a split stage is drawn as
/// its pad stage, so its box is judged there).
fn check_blocks(
    steps: &Steps,
    tiles: &[Vec<i64>],
    reference: &[steps_reference::RefStage],
) -> Result<(), TestCaseError> {
    let anchor = steps
        .stages()
        .iter()
        .position(|s| s.kind() == StageKind::Pad { level: 0 })
        .unwrap_or(1);
    let shape = steps.block_shape().to_vec();
    let block_of = |uid: usize| -> Vec<u64> {
        match tiles.first() {
            Some(t) => {
                let k = t.iter().filter(|&&e| e > 0).count();
                let mut i = reference[anchor + 2].index_of(uid).unwrap();
                i.truncate(i.len() - k);
                i
            }
            None => {
                let mut i = reference[1].index_of(uid).unwrap();
                if let Some(last) = i.last_mut() {
                    *last = 0;
                }
                i
            }
        }
    };
    let count: u64 = shape.iter().product();
    for b in 0..count.min(64) {
        let block: Vec<u64> = unravel(
            b as usize,
            &shape.iter().map(|&x| x as usize).collect::<Vec<_>>(),
        )
        .iter()
        .map(|&x| x as u64)
        .collect();
        // The block's cells: cells of the anchor stage whose first-level
        // tile coordinates (untiled: physical index but the most minor)
        // are `block`.
        let uids: Vec<usize> = reference[anchor]
            .cells
            .iter()
            .copied()
            .filter(|&u| block_of(u) == block)
            .collect();
        for (k, r) in reference.iter().enumerate() {
            let sizes = steps.stages()[k].sizes();
            let grid = steps.grid(k).unwrap();
            let places: HashSet<(u64, u64)> = uids
                .iter()
                .filter_map(|&u| r.index_of(u))
                .map(|i| place_by_rule(grid, &i, &sizes))
                .collect();
            match steps.block_rect(k, &block) {
                Ok(rect) => {
                    prop_assert_eq!(places.len() as u64, rect.rows * rect.cols, "stage {}", k);
                    for &(row, col) in &places {
                        prop_assert!(row >= rect.row && row < rect.row + rect.rows);
                        prop_assert!(col >= rect.col && col < rect.col + rect.cols);
                    }
                }
                Err(BlockError::Scattered { .. }) => {
                    // A refusal needs a witness: a stage between the
                    // blocks' stage and this one where the cells are not a
                    // box, or their picture not a rectangle.
                    let (lo, hi) = (anchor.min(k), anchor.max(k));
                    let witness = (lo..=hi).any(|j| !box_and_rect(steps, reference, &uids, j));
                    prop_assert!(witness, "stage {} refused without a witness", k);
                }
                Err(e) => prop_assert!(false, "{}", e),
            }
        }
    }
    Ok(())
}

fn box_and_rect(
    steps: &Steps,
    reference: &[steps_reference::RefStage],
    uids: &[usize],
    j: usize,
) -> bool {
    let sizes = steps.stages()[j].sizes();
    let grid = steps.grid(j).unwrap();
    let idx: Vec<Vec<u64>> = uids
        .iter()
        .filter_map(|&u| reference[j].index_of(u))
        .collect();
    let places: Vec<Vec<u64>> = idx
        .iter()
        .map(|i| {
            let (r, c) = place_by_rule(grid, i, &sizes);
            vec![r, c]
        })
        .collect();
    let split = matches!(steps.stages()[j].kind(), StageKind::Split { .. });
    (split || is_box(&idx)) && is_box(&places)
}

fn is_box(idx: &[Vec<u64>]) -> bool {
    let Some(first) = idx.first() else {
        return true;
    };
    let mut volume = 1u64;
    for d in 0..first.len() {
        let lo = idx.iter().map(|i| i[d]).min().unwrap();
        let hi = idx.iter().map(|i| i[d]).max().unwrap();
        volume *= hi - lo + 1;
    }
    volume == idx.len() as u64
}
