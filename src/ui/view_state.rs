//! The reducer's second half: cameras, pointing and the animation.

use std::rc::Rc;

use crate::render::world::overlay::{cell_marker, hit, minimap_rects, minimap_to_world};
use crate::render::world::{Pane, Rect};

use super::state::{slot, Action, State, Target};

/// Speed change of one `+` / `-` press.
const SPEED_STEP: f64 = 2.0;

impl State {
    pub(crate) fn apply_view(&mut self, action: Action) {
        match action {
            Action::Zoom { x, y, factor } => self.zoom(x, y, factor),
            Action::Pan { pane, dx, dy } => {
                if let Some(worlds) = &self.worlds {
                    let (w, h) = worlds.world(pane);
                    let rect = self.frame.pane(pane);
                    let cam = self.cameras[slot(pane)].pan(dx, dy);
                    self.cameras[slot(pane)] = cam.clamped(&rect, w as f64, h as f64);
                }
            }
            Action::Fit(pane) => {
                // A fit folds an unfolded line again.
                if self.line && pane != Some(Pane::Memory) {
                    self.fold_again();
                }
                self.fit(pane);
            }
            Action::ZoomKey(factor) => {
                for pane in [Pane::Logical, Pane::Memory] {
                    if let Some((x, y)) = self.picture_centre(pane) {
                        self.zoom(x, y, factor);
                    }
                }
            }
            Action::PanKey(fx, fy) => {
                for pane in [Pane::Logical, Pane::Memory] {
                    let r = self.frame.pane(pane);
                    let (dx, dy) = (fx * r.w / 5.0, fy * r.h / 5.0);
                    self.apply_view(Action::Pan { pane, dx, dy });
                }
            }
            Action::Hover(point) => self.hover = point.and_then(|(x, y)| self.target_at(x, y)),
            Action::HoverOffset(offset) => {
                let footprint = self.mapping().map_or(0, |m| m.footprint());
                self.hover = offset.filter(|&o| o < footprint).map(|offset| Target {
                    offset,
                    pane: Pane::Memory,
                });
            }
            Action::Click(x, y) => self.click(x, y),
            Action::PinOffset(offset) => {
                let footprint = self.mapping().map_or(0, |m| m.footprint());
                if offset < footprint {
                    self.pinned = match self.pinned {
                        Some(p) if p.offset == offset => None,
                        _ => Some(Target {
                            offset,
                            pane: Pane::Memory,
                        }),
                    };
                }
            }
            Action::Unpin => self.pinned = None,
            Action::Escape if self.stage.is_some() => {
                self.stage = None;
                self.stage_cut = false;
            }
            Action::Escape => self.pinned = None,
            Action::Play => self.anim.play(),
            Action::Pause => self.anim.pause(),
            Action::TogglePlay => {
                if self.anim.playing {
                    self.anim.pause();
                } else {
                    self.anim.play();
                }
            }
            Action::Step(delta) => {
                self.anim.pause();
                self.anim.step(delta);
                self.follow_cursor();
            }
            Action::StepTile(tiles) => {
                self.anim.pause();
                let unit = self.tile_step();
                self.anim
                    .step(tiles.saturating_mul(i64::try_from(unit).unwrap_or(i64::MAX)));
                self.follow_cursor();
            }
            Action::Seek(offset) => {
                self.anim.seek(offset);
                self.follow_cursor();
            }
            Action::Speed(s) => {
                self.anim.set_speed(s);
                self.anim.chosen = true;
            }
            Action::Faster | Action::Slower => {
                let by = if action == Action::Faster {
                    SPEED_STEP
                } else {
                    1.0 / SPEED_STEP
                };
                self.anim.set_speed(self.anim.speed * by);
                self.anim.chosen = true;
            }
            Action::Loop(on) => self.anim.looping = on,
            Action::Tick(now) => self.tick(now),
            // The model and settings actions are handled in `apply`.
            _ => {}
        }
    }

    /// The hovered cell, hit-tested already ([`Action::Hover`] without the
    /// hit test).
    pub fn set_hover(&mut self, target: Option<Target>) {
        self.version += 1;
        self.hover = target;
    }

    /// An animation frame: move the cursor, and the views with it.
    fn tick(&mut self, now: f64) {
        if self.anim.tick(now) > 0 {
            self.follow_cursor();
        }
    }

    /// Cells one "step a tile" moves: the first level's tile, else one
    /// memory row.
    pub fn tile_step(&self) -> u64 {
        let tile = self.mapping().and_then(|m| m.tile_elements(0));
        let row = self.worlds.as_ref().map(|w| w.memory.row_width);
        tile.or(row).unwrap_or(1).max(1)
    }

    /// The screen centre of the part of a pane's picture in view (a small
    /// picture sits at the pane's top left, not at its centre).
    pub fn picture_centre(&self, pane: Pane) -> Option<(f64, f64)> {
        let (w, h) = self.worlds.as_ref()?.world(pane);
        let (r, cam) = (self.frame.pane(pane), self.cameras[slot(pane)]);
        let (x0, y0) = cam.to_screen(&r, 0.0, 0.0);
        let (x1, y1) = cam.to_screen(&r, w as f64, h as f64);
        let (x0, x1) = (x0.max(r.x), x1.min(r.right()));
        let (y0, y1) = (y0.max(r.y), y1.min(r.bottom()));
        (x0 < x1 && y0 < y1).then(|| ((x0 + x1) / 2.0, (y0 + y1) / 2.0))
    }

    fn zoom(&mut self, x: f64, y: f64, factor: f64) {
        let (Some(worlds), Some(pane)) = (&self.worlds, self.frame.pane_at(x, y)) else {
            return;
        };
        let rect = self.frame.pane(pane);
        let (w, h) = worlds.world(pane);
        let min = worlds.min_scale(pane, &self.frame);
        let was = self.cameras[slot(pane)];
        // Out past all of a folded world: the array as one line.
        if pane == Pane::Logical && worlds.logical.fold.is_some() && was.scale * factor < min {
            return self.show_line();
        }
        let cam = was.zoom_at(&rect, x, y, factor, min);
        self.cameras[slot(pane)] = cam.clamped(&rect, w as f64, h as f64);
    }

    /// Ends [`State::show_line`]: the worlds laid out again, folded.
    #[inline(never)]
    fn fold_again(&mut self) {
        self.line = false;
        self.generation += 1;
        self.relayout();
    }

    /// The logical view unfolded into the array as one line, fitted. Out
    /// of line: an array that is not folded never runs it, and the first
    /// picture does not compile it (`tests/e2e/firstframe.test.mjs`).
    #[inline(never)]
    fn show_line(&mut self) {
        let Some(worlds) = &self.worlds else { return };
        let line = Rc::new(worlds.unfolded());
        self.cameras[slot(Pane::Logical)] = line.fit(Pane::Logical, &self.frame);
        self.worlds = Some(line);
        self.line = true;
        self.generation += 1;
    }

    /// The cell under a canvas point, if any.
    pub fn target_at(&self, x: f64, y: f64) -> Option<Target> {
        let (worlds, mapping) = (self.worlds.as_ref()?, self.mapping()?);
        let pane = self.frame.pane_at(x, y)?;
        let rect = self.frame.pane(pane);
        let camera = self.cameras[slot(pane)];
        if let Some((thumb, _)) = minimap_rects(worlds.world(pane), &camera, &rect) {
            if thumb.contains(x, y) {
                return None;
            }
        }
        worlds.with_view(mapping, pane, |view| {
            let hit = hit(view, &camera, &rect, x, y)?;
            Some(Target {
                offset: hit.probe.offset()?,
                pane,
            })
        })
    }

    fn click(&mut self, x: f64, y: f64) {
        let Some(worlds) = self.worlds.clone() else {
            return;
        };
        if let Some(pane) = self.frame.pane_at(x, y) {
            let rect = self.frame.pane(pane);
            let camera = self.cameras[slot(pane)];
            if let Some((thumb, _)) = minimap_rects(worlds.world(pane), &camera, &rect) {
                if thumb.contains(x, y) {
                    let (wx, wy) = minimap_to_world(worlds.world(pane), &thumb, x, y);
                    self.cameras[slot(pane)] = camera.centred_on(&rect, wx, wy);
                    return;
                }
            }
        }
        let target = self.target_at(x, y);
        self.pinned = match (target, self.pinned) {
            (Some(t), Some(p)) if t.offset == p.offset => None,
            (t, _) => t,
        };
    }

    /// Pans any zoomed view whose cursor cell has left the pane.
    fn follow_cursor(&mut self) {
        if !self.settings.follow {
            return;
        }
        let (Some(worlds), Some(mapping)) = (self.worlds.clone(), self.model.clone()) else {
            return;
        };
        let Some(mapping) = mapping.drawn.as_ref().map(|d| &d.analysis.mapping) else {
            return;
        };
        let cursor = self.anim.cursor;
        for pane in [Pane::Logical, Pane::Memory] {
            let rect = self.frame.pane(pane);
            let camera = self.cameras[slot(pane)];
            let (w, h) = worlds.world(pane);
            if camera.shows_all(&rect, w as f64, h as f64) {
                continue;
            }
            let cell = worlds.with_view(mapping, pane, |view| view.cell_of_offset(cursor));
            if let Some((wx, wy)) = cell {
                if !inside(&rect, &cell_marker((wx, wy), &camera, &rect)) {
                    self.cameras[slot(pane)] =
                        camera.centred_on(&rect, wx as f64 + 0.5, wy as f64 + 0.5);
                }
            }
        }
    }
}

fn inside(outer: &Rect, inner: &Rect) -> bool {
    inner.x >= outer.x
        && inner.y >= outer.y
        && inner.right() <= outer.right()
        && inner.bottom() <= outer.bottom()
}
