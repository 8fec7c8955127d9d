//! The table of every shape found in the held document (`#scan-table`):
//! sortable by clicking a header, filterable (`#scan-filter`), only the
//! rows in view in the DOM. Picking a row draws its shape.

use web_sys::{Element, HtmlInputElement};
use yew::prelude::*;

use super::document::UseDocument;
use crate::core::hlo::FoundRef;
use crate::ui::document::{binary_bytes, Document, Kind, SortKey};

/// Row height in CSS pixels (fixed, so the rows in view are known).
const ROW_PX: f64 = 26.0;
/// Height of the scrolling area.
const VIEW_PX: f64 = 320.0;
/// Rows drawn above and below the visible ones.
const OVERSCAN: usize = 8;

#[derive(Properties, PartialEq)]
pub struct ScanTableProps {
    pub doc: UseDocument,
    /// Draw this shape (and put it in `?shape=`).
    pub on_pick: Callback<String>,
}

fn num(v: Option<u64>) -> String {
    v.map(|n| n.to_string()).unwrap_or_else(|| "-".into())
}

fn bytes(v: Option<u64>) -> String {
    v.map(binary_bytes).unwrap_or_else(|| "-".into())
}

fn mark(m: Option<bool>) -> Html {
    match m {
        Some(true) => {
            html! { <span class="match yes" data-match="true" title="agrees with the report, within its printed rounding">{ "✓" }</span> }
        }
        Some(false) => {
            html! { <span class="match no" data-match="false" title="differs from the report">{ "✗" }</span> }
        }
        None => html! {},
    }
}

/// The per-device cell of a sharded result: the shard's footprint (its
/// text in the tooltip), the global shape of a partitioned module's
/// shard, or why the sharding does not read.
fn per_device(found: FoundRef<'_>) -> Html {
    let Some(s) = found.sharding() else {
        return html! { "-" };
    };
    let sharding = s.canonical.as_deref().unwrap_or("");
    match (
        &s.per_device,
        s.bytes_footprint_per_device,
        &s.global,
        &s.error,
    ) {
        (Some(shard), Some(b), _, _) => html! {
            <span class="per-device" title={format!("{shard} on each device, sharding={sharding}")}>{ binary_bytes(b) }</span>
        },
        (_, _, Some(global), _) => html! {
            <span class="per-device" title={format!("this module is partitioned: each device holds this shard of {global}, sharding={sharding}")}>{ "shard of " }{ global.clone() }</span>
        },
        (_, _, _, Some(e)) => {
            html! { <span class="row-error" title={e.clone()}>{ "bad sharding" }</span> }
        }
        _ => html! { <span title={format!("sharding={sharding}")}>{ "-" }</span> },
    }
}

fn row(
    d: &Document,
    report_kind: bool,
    index: usize,
    found: FoundRef<'_>,
    selected: bool,
    pick: Callback<usize>,
) -> Html {
    let f = found.facts;
    let shape = d.text.get(found.span().range()).unwrap_or("");
    let shown: String = shape.chars().take(120).collect();
    let report = found.allocation().map(|a| {
        let size = a
            .size
            .as_ref()
            .map(|s| d.text.get(s.span.range()).unwrap_or(""))
            .unwrap_or("-");
        let unpadded = a
            .unpadded
            .as_ref()
            .map(|s| d.text.get(s.span.range()).unwrap_or(""))
            .unwrap_or("-");
        (
            size.to_string(),
            unpadded.to_string(),
            a.size_matches(f),
            a.unpadded_matches(f),
        )
    });
    let onclick = pick.reform(move |_: MouseEvent| index);
    html! {
        <tr class={classes!("scan-row", selected.then_some("selected"))} data-index={index.to_string()} {onclick}
            aria-selected={selected.to_string()}>
            <td>{ d.where_of(found) }</td>
            <td class="mono" title={shape.to_string()}>{ shown }
                if d.mlir { if let Some(xla) = &f.canonical {
                    <span class="xla-shape muted" title="the XLA shape it becomes, in XLA's default layout before layout assignment">{ " " }{ xla.clone() }</span>
                } }
                if let Some(e) = &f.error { <span class="row-error">{ format!(" ({})", e.message.chars().take(100).collect::<String>()) }</span> }
            </td>
            <td class="num">{ num(f.elements) }</td>
            <td class="num">{ bytes(f.bytes_footprint) }</td>
            <td class="num">{ f.padding_percent.map(|p| format!("{p:.1}%")).unwrap_or_else(|| "-".into()) }</td>
            <td class="num">{ f.expansion.map(|e| format!("{e:.2}x")).unwrap_or_else(|| "-".into()) }</td>
            <td class="num">{ format!("{} / {}", bytes(f.bytes_xla), bytes(f.bytes_data)) }</td>
            if d.sharded { <td class="num">{ per_device(found) }</td> }
            if report_kind {
                <td class="num">{ match &report {
                    Some((size, unpadded, sm, um)) => html! { <>
                        <span class="reported-size">{ size.clone() }</span>{ " " }{ mark(*sm) }
                        { " / " }<span class="reported-unpadded">{ unpadded.clone() }</span>{ " " }{ mark(*um) }
                    </> },
                    None => html! { "-" },
                } }</td>
            }
        </tr>
    }
}

#[function_component]
pub fn ScanTable(props: &ScanTableProps) -> Html {
    let scroll = use_state(|| 0.0f64);
    let guard = props.doc.handle.doc.borrow();
    let Some(d) = guard.as_ref() else {
        return html! {};
    };
    let report_kind = d.kind() == Kind::Report;
    let first = ((*scroll / ROW_PX) as usize).saturating_sub(OVERSCAN);
    let count = (VIEW_PX / ROW_PX) as usize + 2 * OVERSCAN;
    let last = (first + count).min(d.view.len());
    let first = first.min(last);
    let pick = {
        let (doc, changed, on_pick) = (
            props.doc.handle.doc.clone(),
            props.doc.changed.clone(),
            props.on_pick.clone(),
        );
        Callback::from(move |index: usize| {
            let shape = doc.borrow_mut().as_mut().and_then(|d| d.select(index));
            changed.emit(());
            if let Some(shape) = shape {
                on_pick.emit(shape);
            }
        })
    };
    let onscroll = {
        let scroll = scroll.clone();
        Callback::from(move |e: Event| {
            scroll.set(f64::from(e.target_unchecked_into::<Element>().scroll_top()));
        })
    };
    let header = |key: SortKey, label: &'static str| {
        let (doc, changed) = (props.doc.handle.doc.clone(), props.doc.changed.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            if let Some(d) = doc.borrow_mut().as_mut() {
                d.set_sort(key);
            }
            changed.emit(());
        });
        let sort = if d.sort == key {
            if d.descending {
                "descending"
            } else {
                "ascending"
            }
        } else {
            "none"
        };
        html! { <th aria-sort={sort} {onclick} tabindex="0" role="columnheader">{ label }</th> }
    };
    let oninput = {
        let (doc, changed) = (props.doc.handle.doc.clone(), props.doc.changed.clone());
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Some(d) = doc.borrow_mut().as_mut() {
                d.set_filter(v);
            }
            changed.emit(());
        })
    };
    // While the scan runs the box has its full height from the start: rows
    // arriving then do not push the rest of the page down (a shift there
    // re-laid and repainted the canvases, 20-50 ms in the first frame with
    // rows of a 5 MB paste).
    let box_style = if d.done {
        format!("max-height:{VIEW_PX}px")
    } else {
        format!("height:{VIEW_PX}px")
    };
    let top = first as f64 * ROW_PX;
    let bottom = (d.view.len() - last) as f64 * ROW_PX;
    let empty = if d.done && d.rows.is_empty() {
        d.hint.clone()
    } else {
        None
    };
    html! {
        <section class="scan" aria-label="Shapes found">
            <div class="scan-head">
                <input id="scan-filter" type="search" placeholder="Filter: name, shape, opcode…"
                    value={d.filter.clone()} {oninput} aria-label="Filter the shapes found" />
                <span id="scan-count" class="muted">{ format!("{} of {} shapes", d.view.len(), d.rows.len()) }</span>
            </div>
            if let Some(hint) = empty { <p class="scan-hint">{ hint }</p> }
            <div class="scan-scroll" style={box_style} {onscroll}>
                <table id="scan-table" class="scan-table" data-rows={d.view.len().to_string()}>
                    <thead><tr>
                        { header(SortKey::Where, "Where") }
                        { header(SortKey::Shape, "Shape") }
                        { header(SortKey::Elements, "Elements") }
                        { header(SortKey::Footprint, "Footprint") }
                        { header(SortKey::Padding, "Padding") }
                        { header(SortKey::Expansion, "Expansion") }
                        { header(SortKey::Xla, "Bytes XLA / real") }
                        if d.sharded { { header(SortKey::PerDevice, "Per device") } }
                        if report_kind { { header(SortKey::Waste, "Report: Size / Unpadded") } }
                    </tr></thead>
                    <tbody>
                        <tr class="spacer" style={format!("height:{top}px")}></tr>
                        { for d.view[first..last].iter().filter_map(|&i| Some(row(d, report_kind, i, d.rows.get(i)?, d.selected == Some(i), pick.clone()))) }
                        <tr class="spacer" style={format!("height:{bottom}px")}></tr>
                    </tbody>
                </table>
            </div>
        </section>
    }
}
