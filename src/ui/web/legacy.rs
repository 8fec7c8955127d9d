//! The older XLA section: the Layout proto's `padded_dimensions` and
//! `padding_value` (seed files 000-002 and 004). They have no text syntax,
//! so they are set here, beside the shape.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::ui::model::PadValue;
use crate::ui::state::Action;

#[derive(Properties, PartialEq)]
pub struct LegacyProps {
    pub padded: AttrValue,
    pub pad_value: PadValue,
    pub error: Option<AttrValue>,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn LegacyPanel(props: &LegacyProps) -> Html {
    let on_padded = props.dispatch.reform(|e: InputEvent| {
        Action::Padded(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    let on_value = props.dispatch.reform(|e: Event| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        Action::PadValue(PadValue::from_name(&v).unwrap_or_default())
    });
    html! {
        <details id="legacy" class="panel legacy" open={!props.padded.is_empty()}>
            <summary>{ "Older XLA: padded dimensions" }</summary>
            <p class="muted">
                { "Earlier Layout protos had padded_dimensions (a padded size per dimension) and \
                   padding_value. They have no text syntax; set them here to see their padding." }
            </p>
            <label>{ "padded_dimensions " }
                <input id="padded-dims" type="text" placeholder="e.g. 3,5" value={props.padded.clone()}
                    oninput={on_padded} spellcheck="false" autocomplete="off" />
            </label>
            <label>{ "padding_value " }
                <select id="pad-value" onchange={on_value}>
                    { for PadValue::ALL.iter().map(|v| html! {
                        <option value={v.name()} selected={*v == props.pad_value}>{ v.name() }</option>
                    }) }
                </select>
            </label>
            if let Some(error) = &props.error {
                <p id="padded-error" class="error-text" role="alert">{ error.clone() }</p>
            }
        </details>
    }
}
