//! The page's state: one reducer, driven by [`Action`]s.

use std::rc::Rc;

use yew::Reducible;

use super::model::{analyse, Analysis, InputError, Picture};

/// The example loaded when there is no `?shape=` and nothing stored.
pub const DEFAULT_SHAPE: &str = "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}";

/// What the page says about the current input, above the picture.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Valid; `note` says why there is no new picture, if there is none.
    Valid {
        canonical: String,
        note: Option<String>,
    },
    /// Rejected by the core.
    Invalid(InputError),
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    /// Exactly what the user typed: never rewritten by the app.
    pub input: String,
    pub status: Status,
    /// The last picture of a valid shape. A bad input leaves it in place.
    pub picture: Option<Rc<Picture>>,
}

pub enum Action {
    /// The user changed the input text.
    Edit(String),
}

impl State {
    pub fn new(input: String) -> State {
        State {
            input: String::new(),
            status: Status::Valid {
                canonical: String::new(),
                note: None,
            },
            picture: None,
        }
        .with_input(input)
    }

    fn with_input(self, input: String) -> State {
        let (status, picture) = match analyse(&input) {
            Analysis::Invalid(error) => (Status::Invalid(error), self.picture),
            Analysis::Valid {
                canonical,
                picture: Ok(picture),
            } => (
                Status::Valid {
                    canonical,
                    note: None,
                },
                Some(Rc::from(picture)),
            ),
            Analysis::Valid {
                canonical,
                picture: Err(why),
            } => (
                Status::Valid {
                    canonical,
                    note: Some(format!("Nothing to draw: {why}.")),
                },
                self.picture,
            ),
        };
        State {
            input,
            status,
            picture,
        }
    }

    /// The byte range to underline in the input, if the input is bad.
    pub fn error_span(&self) -> Option<(usize, usize)> {
        match &self.status {
            Status::Invalid(error) => Some(error.span),
            Status::Valid { .. } => None,
        }
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        match action {
            Action::Edit(text) if text == self.input => self,
            Action::Edit(text) => Rc::new(Rc::unwrap_or_clone(self).with_input(text)),
        }
    }
}
