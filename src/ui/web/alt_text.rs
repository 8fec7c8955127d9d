//! The canvas in words, for screen readers (visually hidden): what the two
//! views show and, for small arrays, a table of index -> memory offset.

use yew::prelude::*;

use super::shared::Shared;
use crate::ui::model::{Drawn, Model};

/// Arrays up to this many elements get the index -> offset table.
pub const TABLE_MAX: u64 = 256;

#[derive(Properties, PartialEq)]
pub struct AltTextProps {
    pub model: Option<Shared<Model>>,
}

#[function_component]
pub fn CanvasText(props: &AltTextProps) -> Html {
    match props.model.as_ref().and_then(|m| m.0.drawn.as_ref()) {
        Some(drawn) => words(drawn),
        None => {
            html! { <div id="canvas-text" class="visually-hidden">{ "Nothing is drawn." }</div> }
        }
    }
}

/// The words for a drawn leaf: their own function, which the first frame
/// (no model yet, `later.rs`) does not compile (`panels.rs`).
#[inline(never)]
fn words(drawn: &Drawn) -> Html {
    let m = &drawn.analysis.mapping;
    let dims = m.dims().to_vec();
    let (n, slots) = (m.num_elements(), m.footprint());
    let words = format!(
        "Two pictures of the array with dimensions [{}]: the logical view shows its {} elements by index; \
         the memory view shows linear memory of {} element slots in order, {} of them padding. \
         Cells are coloured by memory offset.",
        dims.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
        n,
        slots,
        slots.saturating_sub(n),
    );
    let rows = (n <= TABLE_MAX).then(|| {
        (0..n)
            .filter_map(|id| {
                let offset = m.offset_of_id(id)?;
                let mut index = vec![0u64; dims.len()];
                let mut rest = id;
                for d in (0..dims.len()).rev() {
                    index[d] = rest % dims[d].max(1);
                    rest /= dims[d].max(1);
                }
                let index = index
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ");
                Some(html! { <tr><td>{ format!("({index})") }</td><td>{ offset }</td></tr> })
            })
            .collect::<Html>()
    });
    html! {
        <div id="canvas-text" class="visually-hidden">
            <p>{ words }</p>
            if let Some(rows) = rows {
                <table id="offset-table">
                    <caption>{ "Memory offset of each element" }</caption>
                    <thead><tr><th scope="col">{ "index" }</th><th scope="col">{ "offset" }</th></tr></thead>
                    <tbody>{ rows }</tbody>
                </table>
            }
        </div>
    }
}
