//! The yew reducer: [`State::apply`] behind `use_reducer`.

use std::rc::Rc;

use yew::Reducible;

use crate::ui::state::{Action, State};

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        // Pointer moves that stay on the same cell change nothing: no
        // new state, so no render.
        if let Action::Hover(point) = &action {
            let target = point.and_then(|(x, y)| self.target_at(x, y));
            if target == self.hover {
                return self;
            }
            // The pointer is already hit-tested: do not do it again.
            let mut state = Rc::unwrap_or_clone(self);
            state.set_hover(target);
            return Rc::new(state);
        }
        let mut state = Rc::unwrap_or_clone(self);
        // The search for layouts that waste less, timed alone (issue 8:
        // <= 50 ms in the browser for 8 dims; static/bench.js).
        let suggest = matches!(action, Action::Suggest).then(super::timing::now);
        state.apply(action);
        if let Some(start) = suggest {
            super::timing::since("suggest", start);
        }
        Rc::new(state)
    }
}
