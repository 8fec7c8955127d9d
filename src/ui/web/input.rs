//! The shape input (id `shape-input`) with the offending characters of a
//! bad input underlined in place.
//!
//! The underline is drawn by a "mirror" behind the transparent input: the
//! same text in the same font, invisible except for a wavy underline under
//! the error span. The mirror scrolls with the input.

use web_sys::{Element, HtmlInputElement};
use yew::prelude::*;

/// The input id: a stable hook for tests and for pages embedding the app.
pub const INPUT_ID: &str = "shape-input";

#[derive(Properties, PartialEq)]
pub struct ShapeInputProps {
    pub value: AttrValue,
    /// Byte range of the offending characters, when the input is bad.
    pub error_span: Option<(usize, usize)>,
    pub on_edit: Callback<String>,
}

#[function_component]
pub fn ShapeInput(props: &ShapeInputProps) -> Html {
    let mirror_ref = use_node_ref();
    let oninput = props.on_edit.reform(|event: InputEvent| {
        super::timing::input_started(event.time_stamp());
        event.target_unchecked_into::<HtmlInputElement>().value()
    });
    let onscroll = {
        let mirror_ref = mirror_ref.clone();
        Callback::from(move |event: Event| {
            let input = event.target_unchecked_into::<HtmlInputElement>();
            if let Some(mirror) = mirror_ref.cast::<Element>() {
                mirror.set_scroll_left(input.scroll_left());
            }
        })
    };
    let mirror = match props.error_span {
        Some(span) => {
            let (before, bad, after) = split_at_span(&props.value, span);
            // A zero-width span means "something is missing here": mark one space.
            let bad = if bad.is_empty() { "\u{a0}" } else { bad };
            html! { <>{ before }<mark class="bad">{ bad }</mark>{ after }</> }
        }
        None => html! { { props.value.to_string() } },
    };
    html! {
        <div class="shape-field">
            <div class="shape-mirror" ref={mirror_ref} aria-hidden="true">{ mirror }</div>
            <input
                id={INPUT_ID}
                class="shape-input"
                type="text"
                value={props.value.clone()}
                {oninput}
                {onscroll}
                spellcheck="false"
                autocomplete="off"
                autocapitalize="off"
                aria-label="XLA shape with layout"
                aria-describedby="shape-error"
                aria-invalid={if props.error_span.is_some() { "true" } else { "false" }}
            />
        </div>
    }
}

/// Splits `text` into before / inside / after the byte range `span`,
/// clamped to the text and to character boundaries.
pub fn split_at_span(text: &str, (start, end): (usize, usize)) -> (&str, &str, &str) {
    let clamp = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = clamp(start);
    let end = clamp(end).max(start);
    (&text[..start], &text[start..end], &text[end..])
}
