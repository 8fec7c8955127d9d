//! The page: input, what the core says about it, and the picture.

use yew::prelude::*;

use super::browser;
use super::canvas::LayoutCanvas;
use super::input::ShapeInput;
use super::state::{Action, State, Status};

/// The error region id (`role="alert"`): a stable hook for tests.
pub const ERROR_ID: &str = "shape-error";

#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// Start with this text instead of `?shape=` / localStorage / the default.
    #[prop_or_default]
    pub initial: Option<AttrValue>,
}

#[function_component]
pub fn App(props: &AppProps) -> Html {
    let state = {
        let initial = props.initial.clone();
        use_reducer(move || {
            State::new(initial.map_or_else(browser::initial_shape, |text| text.to_string()))
        })
    };
    // Every edit goes to the address bar and localStorage at once, so the
    // text survives reloads, crashes and sharing.
    use_effect_with(state.input.clone(), |input| browser::remember(input));

    let on_edit = {
        let dispatcher = state.dispatcher();
        Callback::from(move |text: String| dispatcher.dispatch(Action::Edit(text)))
    };
    let (canonical, note, error) = match &state.status {
        Status::Valid { canonical, note } => (canonical.clone(), note.clone(), None),
        Status::Invalid(error) => (String::new(), None, Some(error.message.clone())),
    };

    html! {
        <main class="app">
            <header>
                <h1>{ "XLA layout viewer" }</h1>
                <p class="lede">
                    { "Type an XLA shape with its layout, e.g. " }
                    <code>{ "f32[3,5]{1,0:T(2,2)}" }</code>
                    { ", to see where every element lives in linear memory." }
                </p>
            </header>
            <label for="shape-input" class="field-label">{ "Shape" }</label>
            <ShapeInput value={state.input.clone()} error_span={state.error_span()} {on_edit} />
            <pre id={ERROR_ID} class="shape-error" role="alert">{ error.unwrap_or_default() }</pre>
            <p class="canonical" hidden={canonical.is_empty()}>
                { "Canonical: " }<output id="shape-canonical" for="shape-input">{ canonical }</output>
            </p>
            if let Some(note) = note {
                <p class="note">{ note }</p>
            }
            <LayoutCanvas picture={state.picture.clone()} />
        </main>
    }
}
