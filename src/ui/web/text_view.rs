//! A read-only view of the held document (`#document-text`): only the
//! lines in view are in the DOM; the selected shape's line is scrolled to
//! and its span highlighted. Copy gives the whole text back. User text is
//! only ever set as text nodes.

use web_sys::Element;
use yew::prelude::*;

use super::document::UseDocument;
use super::input::split_at_span;
use crate::ui::lines::line_of;

const LINE_PX: f64 = 18.0;
const VIEW_PX: f64 = 288.0;
const OVERSCAN: usize = 10;
/// Longer lines are shown cut, around the selection if it is on them.
const MAX_LINE: usize = 2000;

#[derive(Properties, PartialEq)]
pub struct TextViewProps {
    pub doc: UseDocument,
}

/// The part of a line to show: byte range within the line.
fn window(line: &str, span: Option<(usize, usize)>) -> (usize, usize) {
    if line.len() <= MAX_LINE {
        return (0, line.len());
    }
    let centre = span.map_or(0, |(s, _)| s);
    let mut start = centre.saturating_sub(MAX_LINE / 4);
    let mut end = (start + MAX_LINE).min(line.len());
    while !line.is_char_boundary(start) {
        start -= 1;
    }
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    (start, end)
}

#[function_component]
pub fn TextView(props: &TextViewProps) -> Html {
    let scroll = use_state(|| 0.0f64);
    let node = use_node_ref();
    let copied = use_state(|| None::<&'static str>);
    let guard = props.doc.handle.doc.borrow();
    let d = guard.as_ref();
    let selected_span = d.and_then(|d| d.selected.and_then(|i| d.rows.get(i)).map(|f| f.span()));
    let target_line = d
        .zip(selected_span)
        .map(|(d, s)| line_of(&d.line_starts, s.start));
    {
        let (node, scroll) = (node.clone(), scroll.clone());
        use_effect_with(target_line, move |line| {
            if let (Some(line), Some(el)) = (line, node.cast::<Element>()) {
                let top = (*line as f64 * LINE_PX - VIEW_PX / 3.0).max(0.0);
                el.set_scroll_top(top as i32);
                scroll.set(top);
            }
        });
    }
    let Some(d) = d else {
        return html! {};
    };
    let onscroll = {
        let scroll = scroll.clone();
        Callback::from(move |e: Event| {
            scroll.set(f64::from(e.target_unchecked_into::<Element>().scroll_top()));
        })
    };
    let total = d.line_starts.len();
    let first = ((*scroll / LINE_PX) as usize)
        .saturating_sub(OVERSCAN)
        .min(total);
    let last = (first + (VIEW_PX / LINE_PX) as usize + 2 * OVERSCAN).min(total);
    let line = |i: usize| {
        let start = d.line_starts[i];
        let end = d.line_starts.get(i + 1).copied().unwrap_or(d.text.len());
        let text = d
            .text
            .get(start..end)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r']);
        let span = selected_span
            .filter(|s| s.start < end && s.end > start)
            .map(|s| {
                (
                    s.start.saturating_sub(start),
                    s.end.saturating_sub(start).min(text.len()),
                )
            });
        let (ws, we) = window(text, span);
        let shown = &text[ws..we];
        let cut_before = if ws > 0 { "…" } else { "" };
        let cut_after = if we < text.len() { "…" } else { "" };
        let body = match span {
            Some((s, e)) => {
                let (a, b, c) = split_at_span(shown, (s.saturating_sub(ws), e.saturating_sub(ws)));
                html! { <>{ a }<mark class="picked">{ b }</mark>{ c }</> }
            }
            None => html! { { shown } },
        };
        html! {
            <div class="tl" style={format!("top:{}px", i as f64 * LINE_PX)}>
                <span class="ln">{ i + 1 }</span>{ cut_before }{ body }{ cut_after }
            </div>
        }
    };
    let on_copy = {
        let (text, copied) = (d.text.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(window) = web_sys::window() else {
                return;
            };
            let promise = window.navigator().clipboard().write_text(&text);
            let copied = copied.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
                copied.set(Some(if ok { "Copied" } else { "Copy failed" }));
            });
        })
    };
    html! {
        <section class="doc-view" aria-label="The pasted text">
            <div class="scan-head">
                <button id="document-copy" type="button" onclick={on_copy}>{ "Copy" }</button>
                <span class="muted">{ copied.unwrap_or("") }</span>
            </div>
            <div id="document-text" class="doc-text" ref={node} {onscroll}
                style={format!("height:{VIEW_PX}px")} data-lines={total.to_string()}>
                <div class="doc-lines" style={format!("height:{}px", total as f64 * LINE_PX)}>
                    { for (first..last).map(line) }
                </div>
            </div>
        </section>
    }
}
