//! Step mode: the tiling one stage at a time (issue 8, "Step through the
//! tiling"), drawn from the core's [`Steps`] (each stage's grid, each
//! footprint cell's place in it). Plain Rust, tested natively; the web
//! side only paints the cells this returns.
//!
//! Between stages every cell moves from its place in one stage to its
//! place in the next ([`tween`]). Not yet: whole-tile blocks above
//! [`CELL_MOTION_LIMIT`] cells (the stage is then not drawn, and says so).

use crate::core::steps::{Steps, CELL_MOTION_LIMIT};

use super::state::State;

/// One footprint cell in one stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageCell {
    pub row: u64,
    pub col: u64,
    /// Its offset in linear memory (colours it).
    pub offset: u64,
    /// Whether it holds an element (else padding, added by some stage).
    pub element: bool,
}

/// A stage ready to paint.
#[derive(Clone, Debug, PartialEq)]
pub struct StagePicture {
    pub rows: u64,
    pub cols: u64,
    /// Every footprint cell that exists in this stage.
    pub cells: Vec<StageCell>,
}

/// The cells of stage `stage`, or why they are not drawn.
pub fn stage_picture(steps: &Steps, stage: usize) -> Result<StagePicture, String> {
    let grid = steps
        .grid(stage)
        .ok_or_else(|| format!("there is no stage {stage}"))?;
    let footprint = steps.footprint();
    if footprint > CELL_MOTION_LIMIT {
        return Err(format!(
            "{footprint} cells: step mode draws up to {CELL_MOTION_LIMIT} cells for now"
        ));
    }
    let mut cells = Vec::new();
    for offset in 0..footprint {
        let Some(trace) = steps.trace_offset(offset) else {
            continue;
        };
        let Some(index) = trace.get(stage).and_then(Option::as_ref) else {
            continue;
        };
        let (row, col) = grid.place(index);
        cells.push(StageCell {
            row,
            col,
            offset,
            element: trace.first().is_some_and(Option::is_some),
        });
    }
    Ok(StagePicture {
        rows: grid.rows(),
        cols: grid.cols(),
        cells,
    })
}

/// A cell placed in pixels on a `w` x `h` picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub x: f64,
    pub y: f64,
    pub size: f64,
    pub offset: u64,
    pub element: bool,
}

/// The cells of `picture` in pixels: square cells as large as fit.
pub fn placed(picture: &StagePicture, w: f64, h: f64) -> Vec<Placed> {
    let (rows, cols) = (picture.rows.max(1) as f64, picture.cols.max(1) as f64);
    let size = (w / cols).min(h / rows);
    picture
        .cells
        .iter()
        .map(|c| Placed {
            x: c.col as f64 * size,
            y: c.row as f64 * size,
            size,
            offset: c.offset,
            element: c.element,
        })
        .collect()
}

/// The cells of `to` on their way from where they were in `from`, at time
/// `t` in [0, 1] (eased); a cell `from` does not have (padding the stage
/// adds) grows in place. Both lists are in offset order.
pub fn tween(from: &[Placed], to: &[Placed], t: f64) -> Vec<Placed> {
    let t = t.clamp(0.0, 1.0);
    let e = t * t * (3.0 - 2.0 * t);
    let mix = |a: f64, b: f64| a + (b - a) * e;
    to.iter()
        .map(
            |c| match from.binary_search_by_key(&c.offset, |p| p.offset) {
                Ok(i) => {
                    let p = &from[i];
                    Placed {
                        x: mix(p.x, c.x),
                        y: mix(p.y, c.y),
                        size: mix(p.size, c.size),
                        ..*c
                    }
                }
                Err(_) => Placed {
                    x: c.x + c.size * (1.0 - e) / 2.0,
                    y: c.y + c.size * (1.0 - e) / 2.0,
                    size: c.size * e,
                    ..*c
                },
            },
        )
        .collect()
}

impl State {
    /// Moves step mode by `by` stages, clamped; opens it at stage 0.
    pub(crate) fn step_stage(&mut self, by: i64) {
        let count = self
            .model
            .as_ref()
            .and_then(|m| m.drawn.as_ref())
            .and_then(|d| d.steps.as_ref())
            .map_or(0, |s| s.stages().len());
        if count == 0 {
            return;
        }
        self.stage = Some(match self.stage {
            None => 0,
            Some(k) => {
                let last = count - 1;
                let next = i64::try_from(k).unwrap_or(i64::MAX).saturating_add(by);
                usize::try_from(next.max(0)).unwrap_or(last).min(last)
            }
        });
    }
}
