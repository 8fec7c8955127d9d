//! The page's state, in one place, changed only by [`Action`]s.
//!
//! Plain Rust: the yew reducer (`reducer.rs`) only wraps [`State::apply`],
//! so every transition is tested natively.

use std::rc::Rc;

use crate::render::world::{Camera, Frame, Pane, Worlds};

pub use super::action::Action;
use super::anim::Anim;
use super::compare::{other_layout, CompareView};
use super::explain::Suggested;
use super::model::{analyse, InputError, Model, PadValue, Request};
pub use super::settings::{Settings, ThemeChoice};

/// The example loaded when there is no `?shape=` and nothing stored.
pub const DEFAULT_SHAPE: &str = "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}";
/// Canvas size before the page reports the real one.
pub const DEFAULT_CANVAS: (f64, f64) = (1000.0, 640.0);

/// A cell picked by pointing: its memory offset and the pane pointed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub offset: u64,
    pub pane: Pane,
}

/// What the page says about the current text.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Valid,
    Invalid(InputError),
}

#[derive(Clone, Debug)]
pub struct State {
    /// Bumped by every action: two states are equal when their versions are.
    pub version: u64,
    /// Exactly what the user typed: never rewritten by the app.
    pub input: String,
    /// Bumped whenever `input` is set (typing, an example, a picked row).
    pub edits: u64,
    pub padded: String,
    pub pad_value: PadValue,
    pub leaf: Vec<usize>,
    pub status: Status,
    /// The last valid shape (a bad input leaves it, and its picture, alone).
    pub model: Option<Rc<Model>>,
    /// Bumped whenever the picture's content changes (cache key).
    pub generation: u64,
    pub settings: Settings,
    pub frame: Frame,
    pub worlds: Option<Rc<Worlds>>,
    pub cameras: [Camera; 2],
    pub anim: Anim,
    pub hover: Option<Target>,
    pub pinned: Option<Target>,
    /// Suggestions for the drawn leaf, once asked for ([`Action::Suggest`]).
    pub suggested: Option<Rc<Suggested>>,
    /// The "compare with" box, when open.
    pub compare: Option<CompareView>,
    /// Step mode's stage (`None`: off).
    pub stage: Option<usize>,
    /// The sharding field, exactly as typed (or as filled from a pasted
    /// instruction's `sharding=`).
    pub sharding: String,
    /// The field was filled from the pasted instruction, not typed.
    pub sharding_filled: bool,
    /// The shown device (an index into the sharding's devices).
    pub device: usize,
    /// Step mode shows the cut into shards (before its stage 0).
    pub stage_cut: bool,
    /// The logical view unfolded: zoomed out past a folded world
    /// (`render::world::fold`), the array as one line until a fit.
    pub line: bool,
}

impl State {
    pub fn new(input: String, padded: String, pad_value: PadValue, leaf: Vec<usize>) -> State {
        let mut state = State {
            version: 0,
            input: String::new(),
            edits: 0,
            padded,
            pad_value,
            leaf,
            status: Status::Valid,
            model: None,
            generation: 0,
            settings: Settings::default(),
            frame: Frame::new(DEFAULT_CANVAS.0, DEFAULT_CANVAS.1),
            worlds: None,
            cameras: [Camera::fit(1.0, 1.0, Frame::new(1.0, 1.0).logical); 2],
            anim: Anim::default(),
            hover: None,
            pinned: None,
            suggested: None,
            compare: None,
            stage: None,
            sharding: String::new(),
            sharding_filled: false,
            device: 0,
            stage_cut: false,
            line: false,
        };
        state.set_input(input);
        state
    }

    fn request(&self) -> Request {
        Request {
            text: self.input.clone(),
            leaf: self.leaf.clone(),
            padded: self.padded.clone(),
            pad_value: self.pad_value,
            sharding: self.sharding.clone(),
            device: self.device,
        }
    }

    fn set_input(&mut self, input: String) {
        self.input = input;
        self.edits = self.edits.wrapping_add(1);
        self.fill_sharding();
        self.reanalyse();
    }

    /// Looks at the text again; a bad text keeps the last good model.
    pub(crate) fn reanalyse(&mut self) {
        self.reanalyse_keeping(false);
    }

    /// [`State::reanalyse`]; with `same_picture` (the new model draws what
    /// the last one drew) the picture is not started over.
    pub(crate) fn reanalyse_keeping(&mut self, same_picture: bool) {
        match analyse(&self.request()) {
            Ok(model) => {
                self.status = Status::Valid;
                self.model = Some(Rc::new(model));
                if !same_picture {
                    self.picture_changed();
                }
            }
            Err(error) => self.status = Status::Invalid(error),
        }
    }

    /// The model's picture is new: lay it out again and start over.
    fn picture_changed(&mut self) {
        self.generation += 1;
        self.hover = None;
        self.pinned = None;
        self.suggested = None;
        self.stage = None;
        self.stage_cut = false;
        self.line = false;
        if let Some(text) = self.compare.take().map(|c| c.input) {
            self.set_compare(text);
        }
        self.relayout();
        let footprint = self.mapping().map_or(0, |m| m.footprint());
        self.anim.reset(footprint);
    }

    /// New worlds for the current frame and row width, cameras fitted.
    pub(crate) fn relayout(&mut self) {
        let line = self.line;
        self.worlds = self.mapping().map(|m| {
            let mut worlds = Worlds::new(m, &self.frame, self.settings.row_width);
            if line {
                worlds.logical.fold = None;
            }
            Rc::new(worlds)
        });
        self.fit(None);
    }

    /// Shows one pane only (or both again), keeping the canvas size.
    pub fn show_only(&mut self, pane: Option<Pane>) {
        self.settings.only = pane;
        self.resize(self.frame_of(self.frame.width, self.frame.height));
    }

    fn present(&mut self, on: bool) {
        self.settings.present = on;
        self.resize(self.frame_of(self.frame.width, self.frame.height));
    }

    fn frame_of(&self, width: f64, height: f64) -> Frame {
        match self.settings.only {
            Some(pane) => Frame::only(width, height, pane),
            None if self.settings.present => super::present::frame(width, height),
            None => Frame::new(width, height),
        }
    }

    /// A new canvas size: lay out again; a zoomed view whose world did not
    /// change keeps its zoom and the world point at its centre.
    fn resize(&mut self, frame: Frame) {
        if frame == self.frame {
            return;
        }
        let (old_frame, old_worlds, old_cameras) = (self.frame, self.worlds.clone(), self.cameras);
        self.frame = frame;
        self.relayout();
        let (Some(old), Some(new)) = (old_worlds, self.worlds.clone()) else {
            return;
        };
        for pane in [Pane::Logical, Pane::Memory] {
            let same_world = match pane {
                Pane::Logical => old.logical == new.logical,
                Pane::Memory => old.memory == new.memory,
            };
            let (w, h) = old.world(pane);
            let (was, rect) = (old_cameras[slot(pane)], old_frame.pane(pane));
            // (A folded world's default shows its first bands only.)
            let default = was == old.fit(pane, &old_frame);
            if !same_world || default || was.shows_all(&rect, w as f64, h as f64) {
                continue;
            }
            let (cx, cy) = was.to_world(&rect, rect.x + rect.w / 2.0, rect.y + rect.h / 2.0);
            let now = frame.pane(pane);
            self.cameras[slot(pane)] = was
                .centred_on(&now, cx, cy)
                .clamped(&now, w as f64, h as f64);
        }
    }

    pub(crate) fn fit(&mut self, pane: Option<Pane>) {
        if let Some(worlds) = &self.worlds {
            for p in [Pane::Logical, Pane::Memory] {
                if pane.is_none() || pane == Some(p) {
                    self.cameras[slot(p)] = worlds.fit(p, &self.frame);
                }
            }
        }
    }

    /// The mapping of the drawn leaf, if any.
    pub fn mapping(&self) -> Option<&crate::core::Mapping> {
        self.model
            .as_ref()?
            .drawn
            .as_ref()
            .map(|d| &d.analysis.mapping)
    }

    /// The byte range to underline in the input, if the input is bad.
    pub fn error_span(&self) -> Option<(usize, usize)> {
        match &self.status {
            Status::Invalid(error) => Some(error.span),
            Status::Valid => None,
        }
    }

    pub fn camera(&self, pane: Pane) -> Camera {
        self.cameras[slot(pane)]
    }

    /// Applies one action.
    pub fn apply(&mut self, action: Action) {
        self.version += 1;
        match action {
            Action::Edit(text) => {
                if text != self.input {
                    self.set_input(text);
                }
            }
            Action::Preset(p) => {
                self.padded = p.padded.to_owned();
                self.pad_value = p.pad_value;
                self.leaf.clear();
                self.compare = None;
                self.sharding = p.sharding.to_owned();
                self.sharding_filled = false;
                self.device = 0;
                self.set_input(p.shape.to_owned());
                if !p.compare.is_empty() {
                    self.set_compare(p.compare.to_owned());
                }
            }
            Action::Leaf(path) => {
                self.leaf = path;
                self.reanalyse();
            }
            Action::Padded(text) => {
                self.padded = text;
                self.reanalyse();
            }
            Action::PadValue(v) => {
                self.pad_value = v;
                self.reanalyse();
            }
            Action::Mode(mode) => self.settings.mode = mode,
            Action::Theme(t) => self.settings.theme = t,
            Action::SystemDark(dark) => self.settings.system_dark = dark,
            Action::RowWidth(w) => {
                self.settings.row_width = w.filter(|&w| w > 0);
                self.relayout();
            }
            Action::Follow(on) => self.settings.follow = on,
            Action::Resize(w, h) => self.resize(self.frame_of(w, h)),
            Action::Present(on) => self.present(on),
            Action::TogglePresent => self.present(!self.settings.present),
            Action::CompareToggle => match self.compare.take() {
                Some(_) => {}
                None => {
                    let text = self
                        .model
                        .as_ref()
                        .and_then(|m| m.drawn.as_ref())
                        .map(other_layout);
                    if let Some(text) = text {
                        self.set_compare(text);
                    }
                }
            },
            Action::CompareEdit(text) => self.set_compare(text),
            Action::StageStep(by) => self.step_stage(by),
            Action::StageOff => {
                self.stage = None;
                self.stage_cut = false;
            }
            Action::Suggest => {
                if self.suggested.is_none() {
                    self.suggested = self
                        .model
                        .as_ref()
                        .and_then(|m| m.drawn.as_ref())
                        .map(|d| Rc::new(Suggested::of(&d.array, &d.analysis)));
                }
            }
            Action::Sharding(text) => self.set_sharding(text),
            Action::Device(index) => self.set_device(index),
            other => self.apply_view(other),
        }
    }
}

impl PartialEq for State {
    /// Cheap: every action bumps the version.
    fn eq(&self, other: &State) -> bool {
        self.version == other.version
    }
}

/// Index of a pane in per-pane arrays.
pub fn slot(pane: Pane) -> usize {
    match pane {
        Pane::Logical => 0,
        Pane::Memory => 1,
    }
}
