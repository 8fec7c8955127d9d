//! Long tables of the timeline view a page at a time (issue 69): the
//! first [`PAGE`] rows, then "Show 100 more" and "Show all N" buttons
//! (`#<table>-more`, `#<table>-all`) under the table, with the count of
//! those listed. After a click the table takes the focus (it has
//! `tabindex="-1"`), so the keyboard and a screen reader continue from it
//! rather than from the vanished button.

use gloo::timers::callback::Timeout;
use yew::prelude::*;

/// Rows listed at first, and added by "Show more".
pub const PAGE: usize = 100;

/// How many rows a table lists (starts at [`PAGE`]).
#[hook]
pub fn use_shown() -> UseStateHandle<usize> {
    use_state(|| PAGE)
}

#[derive(Properties, PartialEq)]
pub struct ShownProps {
    /// From [`use_shown`].
    pub state: UseStateHandle<usize>,
    /// The rows there are.
    pub total: usize,
    /// What a row is, plural: `buffers`, `groups`.
    pub what: &'static str,
    /// The table's id (the buttons' ids start with it; it takes the focus).
    pub table: &'static str,
}

/// The count and the buttons, when rows are left out.
#[function_component]
pub fn Shown(props: &ShownProps) -> Html {
    let limit = *props.state;
    if props.total <= limit {
        return html! {};
    }
    let show = |n: usize| {
        let (state, table) = (props.state.clone(), props.table);
        Callback::from(move |_: MouseEvent| {
            state.set(n);
            // Once the rows are there (the button is gone by then).
            Timeout::new(0, move || {
                if let Some(el) = gloo::utils::document().get_element_by_id(table) {
                    if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el) {
                        let _ = el.focus();
                    }
                }
            })
            .forget();
        })
    };
    let next = limit.saturating_add(PAGE).min(props.total);
    html! {
        <p class="timeline-more">
            { format!("{limit} of {} {} listed. ", props.total, props.what) }
            <button type="button" id={format!("{}-more", props.table)} onclick={show(next)}>
                { format!("Show {} more", next - limit) }</button>
            { " " }
            <button type="button" id={format!("{}-all", props.table)} onclick={show(props.total)}>
                { format!("Show all {}", props.total) }</button>
        </p>
    }
}
