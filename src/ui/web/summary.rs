//! The summary panel: what the shape is, how it is laid out, and how big
//! it really is (and what XLA reports).

use yew::prelude::*;

use super::shared::Shared;
use crate::core::summary::{describe_origin, LeafSummary};
use crate::ui::explain::Suggested;
use crate::ui::model::Model;
use crate::ui::state::Action;

#[derive(Properties, PartialEq)]
pub struct SummaryProps {
    pub model: Shared<Model>,
    /// Suggestions, once asked for.
    pub suggested: Option<Shared<Suggested>>,
    pub dispatch: Callback<Action>,
}

fn grouped(n: u64) -> String {
    crate::render::scene::titles::grouped(u128::from(n))
}

/// `320 MiB (335,544,320 B)`.
fn bytes_text(n: u64) -> String {
    if n < 1024 {
        format!("{n} B")
    } else {
        format!(
            "{} ({} B)",
            crate::render::scene::titles::bytes_short(u128::from(n)),
            grouped(n)
        )
    }
}

fn leaf_summary(model: &Model) -> Option<&LeafSummary> {
    let summary = model.summary();
    match (&summary.array, &summary.leaves, &model.drawn) {
        (Some(a), _, _) => Some(a),
        (None, Some(leaves), Some(d)) => {
            leaves.iter().find(|l| l.path == d.path).map(|l| &l.summary)
        }
        _ => None,
    }
}

#[function_component]
pub fn SummaryPanel(props: &SummaryProps) -> Html {
    let model = &*props.model;
    let Some(leaf) = leaf_summary(model) else {
        return html! {
            <section id="summary" class="panel summary">
                <h2>{ "Summary" }</h2>
                <p>{ format!("A {} with no array to lay out.", model.summary().kind) }</p>
            </section>
        };
    };
    let mut rows: Vec<(&'static str, &'static str, Html)> = Vec::new();
    let mut row = |id: &'static str, name: &'static str, value: Html| rows.push((id, name, value));
    let bits = if leaf.element_bits != u64::from(leaf.type_bits) {
        format!(
            "{} ({} bits, {} in memory)",
            leaf.element_type, leaf.type_bits, leaf.element_bits
        )
    } else {
        format!("{} ({} bits)", leaf.element_type, leaf.type_bits)
    };
    row("sum-type", "element type", html! { { bits } });
    let dims = match &leaf.dim_letters {
        Some(letters) => leaf
            .dims_text
            .iter()
            .zip(letters)
            .map(|(d, l)| format!("{l}={d}"))
            .collect::<Vec<_>>()
            .join(", "),
        None => format!("[{}]", leaf.dims_text.join(", ")),
    };
    row("sum-dims", "dims", html! { { dims } });
    let m2m = leaf
        .minor_to_major
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let name = leaf
        .minor_to_major_name
        .map(|n| format!(" ({n})"))
        .unwrap_or_default();
    row(
        "sum-m2m",
        "minor_to_major",
        html! { <><code>{ format!("{{{m2m}}}") }</code>{ name }</> },
    );
    let physical = leaf
        .physical_order
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    row(
        "sum-physical",
        "major to minor",
        html! { { format!("dims {physical}") } },
    );
    row(
        "sum-ndims",
        "dimensions",
        html! { { format!("{} ({} of size > 1)", leaf.num_dims, leaf.true_num_dims) } },
    );
    if !leaf.tiles.is_empty() {
        let levels: Vec<String> = leaf
            .tiles
            .iter()
            .enumerate()
            .map(|(k, t)| {
                let parts: Vec<String> = t
                    .iter()
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                    .collect();
                format!("level {}: ({})", k + 1, parts.join(","))
            })
            .collect();
        row("sum-tiles", "tiling", html! { { levels.join("; ") } });
    }
    if let Some(text) = crate::ui::names::tail_text(leaf.tail_padding_alignment) {
        row("sum-tail", "tail padding", html! { { text } });
    }
    row(
        "sum-space",
        "memory space",
        html! { { format!("S({}): {}", leaf.memory_space, leaf.memory_space_name) } },
    );
    if let Some(drawn) = &model.drawn {
        let st = &drawn.analysis.stats;
        row(
            "sum-elements",
            "elements",
            html! { { grouped(st.elements) } },
        );
        row(
            "sum-footprint",
            "footprint",
            html! { { format!("{} elements", grouped(st.footprint_elements)) } },
        );
        row(
            "sum-padding",
            "padding",
            html! { { format!("{} elements ({:.1}% of the bytes)", grouped(st.padding_elements), st.padding_percent()) } },
        );
        for share in &st.padding_by_source {
            let amount = if share.elements > 0 {
                grouped(share.elements)
            } else {
                format!("{} bits", share.bits)
            };
            let text = format!(
                "{amount} from {}",
                describe_origin(share.origin, Some(&drawn.analysis.layout))
            );
            row("sum-padding-source", "", html! { { text } });
        }
        row(
            "sum-bytes-xla",
            "bytes (XLA)",
            html! { { st.bytes_xla.map_or_else(|| "none (see the warning)".to_owned(), bytes_text) } },
        );
        row(
            "sum-bytes-real",
            "bytes (real)",
            html! { { bytes_text(st.bytes_footprint) } },
        );
        if let Some(x) = st.expansion() {
            let class = if x >= 2.0 { "big" } else { "" };
            row(
                "sum-expansion",
                "expansion",
                html! { <strong class={class}>{ format!("{x:.2}x its data") }</strong> },
            );
        }
        if let Some(p) = &drawn.padded {
            let dims = p.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
            row(
                "sum-legacy",
                "older XLA",
                html! { { format!("padded_dimensions [{dims}], padding_value {}", drawn.pad_value.name()) } },
            );
        }
    }
    html! {
        <section id="summary" class="panel summary">
            <h2>{ "Summary" }</h2>
            if let Some(drawn) = &model.drawn {
                { super::explain::sentence(drawn) }
                { super::explain::factors(drawn) }
            }
            <dl class="facts">
                { for rows.into_iter().map(|(id, name, value)| html! {
                    <><dt>{ name }</dt><dd data-row={id}>{ value }</dd></>
                }) }
            </dl>
            { for leaf.warnings.iter().map(|w| html! { <p class="warning" role="note">{ format!("⚠ {w}") }</p> }) }
            { for leaf.notes.iter().map(|n| html! { <p class="note">{ n.clone() }</p> }) }
            if model.drawn.is_some() {
                { super::explain::suggestions(props.suggested.as_deref(), &props.dispatch) }
            }
        </section>
    }
}
