//! The side panels follow the picture by one frame (issue 24).
//!
//! A keystroke that changes the picture used to render the panels (the
//! cell panel's worked steps, the summary's explanation, the step panel,
//! the devices, the canvas's text alternative) in the same task as the
//! canvas, before the canvas could paint. Now they keep the model they
//! showed until the frame with the new picture has been painted, and take
//! the new one in a task right after it ([`super::document::after_paint`]).
//!
//! The first model is deferred too: on mount the panels show none until
//! the first picture has painted, so the canvas in words and the legend
//! (which describe the panels' model) stay out of the first frame.
//!
//! Only a new model is deferred: hovering, pinning, stepping and the
//! animation reach the panels at once, since they do not change the model.
//! Text fields (the padded shape, compare, the sharding) never take a
//! deferred value: a late value could overwrite what the user typed since.

use std::rc::Rc;

use yew::prelude::*;

use super::timing;
use crate::ui::explain::Suggested;
use crate::ui::model::Model;
use crate::ui::state::State;

/// What the panels show of the state.
#[derive(Clone)]
pub struct Panels {
    pub model: Option<Rc<Model>>,
    pub stage: Option<usize>,
    pub stage_cut: bool,
    pub pinned: bool,
    /// The cell panel's title and its cell ([`super::info::shown`]).
    pub which: &'static str,
    pub offset: Option<u64>,
    pub suggested: Option<Rc<Suggested>>,
}

impl Panels {
    fn of(state: &State) -> Panels {
        let (which, offset) = super::info::shown(state);
        Panels {
            model: state.model.clone(),
            stage: state.stage,
            stage_cut: state.stage_cut,
            pinned: state.pinned.is_some(),
            which,
            offset,
            suggested: state.suggested.clone(),
        }
    }
}

fn same(a: &Option<Rc<Model>>, b: &Option<Rc<Model>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => Rc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// What the panels show: the state as it is while its model is the one
/// the panels last showed, else that older view until the next frame has
/// painted.
#[hook]
pub fn use_panels(state: &State) -> Panels {
    let current = Panels::of(state);
    // On mount the panels start empty and take the model after the first
    // picture has painted, like any new model.
    let shown = use_mut_ref(|| Panels {
        model: None,
        ..current.clone()
    });
    // `None`: nothing waits; `Some(false)`: a new model waits for the
    // picture's frame; `Some(true)`: that frame has painted, take the state
    // as it is now.
    let pending = use_mut_ref(|| None::<bool>);
    let refresh = use_force_update();
    let painted = *pending.borrow() == Some(true);
    if painted {
        *pending.borrow_mut() = None;
    }
    let now_same = painted || same(&shown.borrow().model, &current.model);
    {
        // Once per model the panels take: the end of the input's `panels` time.
        let model = ModelKey(current.model.clone().filter(|_| now_same));
        use_effect_with(model, |key| {
            if key.0.is_some() {
                timing::panels_done();
            }
        });
    }
    if now_same {
        *shown.borrow_mut() = current.clone();
        return current;
    }
    if pending.borrow().is_none() {
        *pending.borrow_mut() = Some(false);
        super::document::after_paint(move || {
            *pending.borrow_mut() = Some(true);
            refresh.force_update();
        });
    }
    let view = shown.borrow().clone();
    view
}

/// A model compared by identity: the effect above runs once per model the
/// panels take.
struct ModelKey(Option<Rc<Model>>);

impl PartialEq for ModelKey {
    fn eq(&self, other: &Self) -> bool {
        same(&self.0, &other.0)
    }
}
