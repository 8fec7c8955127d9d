//! The "compare with" box under the shape bar: `#compare-toggle` opens it
//! prefilled with the same dims in another layout; `#compare-input` holds
//! the second shape, `#compare-verdict` the verdict, `#compare-error` what
//! is wrong with the second text (never the main input's error).

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::ui::compare::{verdict_text, CompareView};
use crate::ui::state::Action;

#[derive(Properties, PartialEq)]
pub struct CompareProps {
    pub compare: Option<CompareView>,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn ComparePanel(props: &CompareProps) -> Html {
    let toggle = props.dispatch.reform(|_: MouseEvent| Action::CompareToggle);
    let open = props.compare.is_some();
    let Some(c) = &props.compare else {
        return html! {
            <div class="compare-row">
                <button type="button" id="compare-toggle" aria-expanded="false" onclick={toggle}>
                    { "Compare with another layout" }
                </button>
            </div>
        };
    };
    let oninput = props.dispatch.reform(|e: InputEvent| {
        Action::CompareEdit(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    let (verdict, error) = match &c.verdict {
        Ok(v) => (verdict_text(v), String::new()),
        Err(e) => (String::new(), e.message.clone()),
    };
    html! {
        <div class="compare-row">
            <div class="shape-row">
                <label for="compare-input" class="field-label">{ "Compare with" }</label>
                <input id="compare-input" class="shape-input compare-input" type="text"
                    spellcheck="false" autocomplete="off"
                    value={c.input.clone()} {oninput}
                    aria-invalid={if c.verdict.is_err() { "true" } else { "false" }}
                    aria-describedby="compare-error compare-verdict" />
                <button type="button" id="compare-toggle" aria-expanded={open.to_string()} onclick={toggle}>
                    { "Close" }
                </button>
            </div>
            <pre id="compare-error" class="shape-error" role="alert">{ error }</pre>
            <p id="compare-verdict" class="compare-verdict" aria-live="polite">{ verdict }</p>
        </div>
    }
}
