//! The shape input (id `shape-input`) with the offending characters of a
//! bad input underlined in place.
//!
//! The underline is drawn by a "mirror" behind the transparent input: the
//! same text in the same font, invisible except for a wavy underline under
//! the error span. The mirror scrolls with the input.

use js_sys::JsString;
use wasm_bindgen::JsCast;
use web_sys::{ClipboardEvent, DragEvent, Element, HtmlTextAreaElement};
use yew::prelude::*;

use super::pasted::{self, Pasted};
use crate::ui::document::{should_hold, DOCUMENT_THRESHOLD};

/// The input id: a stable hook for tests and for pages embedding the app.
pub const INPUT_ID: &str = "shape-input";

#[derive(Properties, PartialEq)]
pub struct ShapeInputProps {
    pub value: AttrValue,
    /// Byte range of the offending characters, when the input is bad.
    pub error_span: Option<(usize, usize)>,
    pub on_edit: Callback<String>,
    /// A paste or dropped text too large for the native box.
    pub on_large: Callback<Pasted>,
    /// The same for a large paste, still a JS string: converted later, so
    /// the paste's own task stays short.
    pub on_large_js: Callback<JsString>,
    /// While a document is held: its length in UTF-16 code units.
    #[prop_or_default]
    pub text_length: Option<usize>,
}

/// The box grows up to this many lines, then scrolls.
const MAX_ROWS: usize = 6;

#[function_component]
pub fn ShapeInput(props: &ShapeInputProps) -> Html {
    let mirror_ref = use_node_ref();
    let oninput = props.on_edit.reform(|event: InputEvent| {
        super::timing::input_started(event.time_stamp());
        let text = event.target_unchecked_into::<HtmlTextAreaElement>().value();
        // An MLIR op line typed or pasted into the box is read as one.
        crate::ui::breakdown_mlir::enable_for(&text);
        text
    });
    let onpaste = {
        let (on_large, on_large_js) = (props.on_large.clone(), props.on_large_js.clone());
        Callback::from(move |event: Event| {
            let Some(event) = event.dyn_ref::<ClipboardEvent>() else {
                return;
            };
            let t0 = super::timing::now();
            let Some(js) = event
                .clipboard_data()
                .and_then(|d| pasted::clipboard_text(&d))
            else {
                return;
            };
            // More UTF-16 units than the threshold's bytes: large whatever
            // its encoding; converted once, natively, in a later task.
            if js.length() as usize > DOCUMENT_THRESHOLD {
                event.prevent_default();
                if super::timeline::offer_large_paste(&js) {
                    return;
                }
                super::timing::since("paste.get", t0);
                super::timing::input_started(event.time_stamp());
                on_large_js.emit(js);
                super::timing::since("paste.handler", t0);
                return;
            }
            let pasted = {
                let text = String::from(js);
                // XLA's dump texts open the timeline (issue 69).
                if super::timeline::offer_paste(&text) {
                    event.prevent_default();
                    return;
                }
                if !should_hold(&text) {
                    return;
                }
                Pasted::from(text)
            };
            super::timing::since("paste.get", t0);
            super::timing::input_started(event.time_stamp());
            event.prevent_default();
            on_large.emit(pasted);
            super::timing::since("paste.handler", t0);
        })
    };
    let ondrop = {
        let (on_large, on_edit) = (props.on_large.clone(), props.on_edit.clone());
        Callback::from(move |event: DragEvent| {
            super::document::dropped(&event, &on_large, &on_edit)
        })
    };
    let onscroll = {
        let mirror_ref = mirror_ref.clone();
        Callback::from(move |event: Event| {
            let input = event.target_unchecked_into::<HtmlTextAreaElement>();
            if let Some(mirror) = mirror_ref.cast::<Element>() {
                mirror.set_scroll_left(input.scroll_left());
                mirror.set_scroll_top(input.scroll_top());
            }
        })
    };
    let rows = props.value.lines().count().clamp(1, MAX_ROWS);
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
            <textarea
                id={INPUT_ID}
                class="shape-input"
                rows={rows.to_string()}
                wrap="off"
                value={props.value.clone()}
                data-text-length={props.text_length.map(|n| AttrValue::from(n.to_string()))}
                {oninput}
                {onscroll}
                {onpaste}
                {ondrop}
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
