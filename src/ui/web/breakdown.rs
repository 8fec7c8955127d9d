//! One HLO instruction in the box, part by part (`#hlo-breakdown`): the
//! text with each part highlighted (text nodes only) and the seed page's
//! list beside it. The result shape is drawn; each operand's shape is one
//! click away, and the breakdown stays while one of its shapes is drawn.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::ui::breakdown::{parts, segments};

/// The instruction to explain: the box's text when it is one, or the last
/// one while the box holds one of its shapes (picked here). Nothing until
/// `ready` (the page's first frame has painted): the breakdown is not in
/// the first frame, and its parser need not be compiled for it.
#[hook]
pub fn use_instruction(input: &str, ready: bool) -> Option<AttrValue> {
    let pinned: Rc<RefCell<Option<AttrValue>>> = use_mut_ref(|| None);
    let input = input.to_string();
    let is_instruction = *use_memo((input.clone(), ready), |(t, ready)| {
        *ready && parts(t).is_some()
    });
    let mut p = pinned.borrow_mut();
    if is_instruction {
        *p = Some(AttrValue::from(input));
    } else if !p
        .as_ref()
        .is_some_and(|t| !input.is_empty() && t.contains(input.as_str()))
    {
        *p = None;
    }
    p.clone()
}

#[derive(Properties, PartialEq)]
pub struct BreakdownProps {
    pub text: AttrValue,
    /// Draw this shape.
    pub on_draw: Callback<String>,
}

#[function_component]
pub fn Breakdown(props: &BreakdownProps) -> Html {
    let text = props.text.as_str();
    let Some(list) = parts(text) else {
        return html! {};
    };
    let slice = |s: crate::core::Span| text.get(s.range()).unwrap_or("").to_string();
    let marked = segments(text.len(), &list).into_iter().map(|(range, part)| {
        let piece = text.get(range).unwrap_or("").to_string();
        match part {
            Some(i) => html! { <mark class={list[i].kind.class()} data-part={list[i].kind.label()}>{ piece }</mark> },
            None => html! { { piece } },
        }
    });
    let items = list.iter().map(|p| {
        let draw = p.shape.map(|s| {
            let shape = slice(s);
            let label = format!("Draw {}", if p.kind == crate::ui::breakdown::PartKind::Shape { "the result" } else { "this operand" });
            let onclick = props.on_draw.reform(move |_: MouseEvent| shape.clone());
            html! { <button type="button" class="draw-shape" {onclick}>{ label }</button> }
        });
        html! {
            <li class={p.kind.class()}>
                <span class="part-label">{ p.kind.label() }</span>{ ": " }
                <code>{ slice(p.span) }</code>
                { for p.notes.iter().map(|n| html! { <span class="part-note">{ format!(" — {n}") }</span> }) }
                { for draw }
            </li>
        }
    });
    html! {
        <section id="hlo-breakdown" class="hlo-breakdown" aria-label="The instruction, part by part">
            <pre class="hlo-text">{ for marked }</pre>
            <ul class="hlo-parts">{ for items }</ul>
        </section>
    }
}
