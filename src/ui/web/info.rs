//! The cell panel: everything about the pinned cell, else the hovered one,
//! else the animation cursor: index, row-major id, offset, byte (and bit)
//! address, tile and within-tile index at every level, or which level's
//! padding it is.

use yew::prelude::*;

use crate::core::semantics::dim_letters;
use crate::core::summary::{describe_padding, tile_text};
use crate::core::{Cell, CellInfo};
use crate::render::scene::memory::address_text;
use crate::ui::model::Model;
use crate::ui::state::{Action, State};

use super::shared::Shared;

/// Only what the panel shows, so that it re-renders when its cell changes,
/// not with every animation frame.
#[derive(Properties, PartialEq)]
pub struct InfoProps {
    pub model: Option<Shared<Model>>,
    /// "Pinned cell", "Under the pointer" or "Cursor".
    pub which: &'static str,
    pub offset: Option<u64>,
    pub pinned: bool,
    pub dispatch: Callback<Action>,
}

/// The cell the panel describes: pinned, else hovered, else the cursor.
pub fn shown(state: &State) -> (&'static str, Option<u64>) {
    match (state.pinned, state.hover) {
        (Some(p), _) => ("Pinned cell", Some(p.offset)),
        (None, Some(h)) => ("Under the pointer", Some(h.offset)),
        (None, None) => (
            "Cursor",
            (state.anim.footprint > 0).then_some(state.anim.cursor),
        ),
    }
}

fn list(values: &[u64]) -> String {
    let parts: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("({})", parts.join(", "))
}

#[function_component]
pub fn InfoPanel(props: &InfoProps) -> Html {
    super::timing::rendered("render.info");
    let (which, offset) = (props.which, props.offset);
    let drawn = props.model.as_ref().and_then(|m| m.drawn.as_ref());
    let (Some(drawn), Some(offset)) = (drawn, offset) else {
        return html! {
            <section id="cell-info" class="panel info">
                <h2>{ "Cell" }</h2>
                <p class="muted">{ "Point at a cell in either view; click to pin it." }</p>
            </section>
        };
    };
    let mapping = &drawn.analysis.mapping;
    let layout = &drawn.analysis.layout;
    let Some(info): Option<CellInfo> = mapping.describe_offset(offset) else {
        return html! {};
    };
    let bits = mapping.element_bits();
    let letters = dim_letters(mapping.num_dims());
    let mut rows: Vec<(String, String)> = Vec::new();
    let worked = match (&info.cell, &info.index) {
        (Cell::Element(_), Some(index)) => {
            crate::ui::explain::worked(&drawn.analysis, index, info.offset)
        }
        _ => None,
    };
    let headline = match info.cell {
        Cell::Element(id) => {
            let index = info.index.clone().unwrap_or_default();
            let named = match letters {
                Some(l) => index
                    .iter()
                    .zip(l)
                    .map(|(i, n)| format!("{n}={i}"))
                    .collect::<Vec<_>>()
                    .join(", "),
                None => list(&index),
            };
            rows.push(("index".into(), list(&index)));
            if letters.is_some() {
                rows.push(("by name".into(), named));
            }
            rows.push(("row-major id".into(), id.to_string()));
            if let Some(v) = props.model.as_ref().and_then(|m| m.shard.as_ref()) {
                rows.extend(super::sharding::device_rows(v, &index));
            }
            format!("Element {}", list(&index))
        }
        Cell::Padding(source) => {
            rows.push(("added by".into(), describe_padding(source, Some(layout))));
            "Padding".to_owned()
        }
    };
    rows.push(("memory offset".into(), info.offset.to_string()));
    let bit = u128::from(info.offset) * u128::from(bits);
    let address = if bit % 8 == 0 {
        format!("{} (byte {})", address_text(info.offset, bits), bit / 8)
    } else {
        format!(
            "{} (byte {}, bit {})",
            address_text(info.offset, bits),
            bit / 8,
            bit % 8
        )
    };
    rows.push(("address".into(), address));
    for (k, level) in info.levels.iter().enumerate() {
        let tile = layout
            .tiles()
            .get(k)
            .map(|t| tile_text(t.dims()))
            .unwrap_or_default();
        let text = match level {
            Some(c) => format!("tile {} within {}", list(&c.tile), list(&c.within)),
            None => "— (not in this level's tiles)".to_owned(),
        };
        rows.push((format!("level {} {}", k + 1, tile), text));
    }
    let unpin = props.dispatch.reform(|_: MouseEvent| Action::Unpin);
    html! {
        <section id="cell-info" class="panel info" aria-live="polite">
            <h2>{ which }{ ": " }<span id="cell-headline">{ headline }</span></h2>
            <dl class="facts">
                { for rows.into_iter().map(|(k, v)| {
                    let id = format!("fact-{}", k.split(' ').take(2).collect::<Vec<_>>().join("-"));
                    html! { <><dt>{ k }</dt><dd {id}>{ v }</dd></> }
                }) }
            </dl>
            if let Some(report) = worked {
                { worked_table(&report) }
            }
            if props.pinned {
                <button type="button" onclick={unpin}>{ "Unpin" }</button>
            }
        </section>
    }
}

/// The stages for the element (`#worked-steps`): each stage's index and
/// its formula with the numbers substituted, ending at the offset. The
/// stylesheet lays each row out as two lines, the formula under the title
/// and index across the panel's width; the roles keep it a table to
/// assistive technology, which a `display` other than the table's own
/// drops in some engines.
fn worked_table(report: &crate::core::steps::StepsReport) -> Html {
    html! {
        <table id="worked-steps" class="worked" role="table" aria-labelledby="worked-steps-caption">
            <caption id="worked-steps-caption">{ format!("How the tiling arrives at offset {}", report.offset) }</caption>
            <tbody role="rowgroup">
                { for report.steps.iter().map(|s| html! {
                    <tr role="row" title={s.note.clone().unwrap_or_default()}>
                        <th role="rowheader" scope="row">{ s.stage.clone() }</th>
                        <td role="cell" class="index"><code>{ list(&s.index) }</code></td>
                        <td role="cell" class="formula"><code>{ s.formula.clone() }</code></td>
                    </tr>
                }) }
            </tbody>
        </table>
    }
}
