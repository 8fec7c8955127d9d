//! The buffers live at the chosen step (`#timeline-buffers`, issue 69):
//! a table sorted by size or by padding (the column headers are buttons,
//! `aria-sort` says which), the picture's text alternative for a screen
//! reader. Picking a buffer's shape opens it in the layout view above:
//! the shape with its layout in the box, and for a sharded parameter the
//! whole array with its `sharding=` in the sharding field, so the
//! devices panel shows what each device holds (`ui/timeline_buffers.rs`).

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::shared::Shared;
use super::timeline_more::{use_shown, Shown};
use crate::core::dump::Module;
use crate::ui::state::Action;
use crate::ui::timeline::bytes;
use crate::ui::timeline_buffers::{live_at, open, padding, Sort};

/// How long the chosen step rests before the table follows it.
const SETTLE_MS: u32 = 120;

#[derive(Properties, PartialEq)]
pub struct BufferTableProps {
    pub module: Shared<Module>,
    pub step: u64,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn BufferTable(props: &BufferTableProps) -> Html {
    let sort = use_state(Sort::default);
    let opened = use_state(|| None::<String>);
    let shown = use_shown();
    let step = props.step;
    let m = &*props.module;
    let live = live_at(m, step, *sort);
    let header = |label: &'static str, by: Sort| {
        let on = *sort == by;
        let set = {
            let sort = sort.clone();
            Callback::from(move |_: MouseEvent| sort.set(by))
        };
        html! {
            <th scope="col" aria-sort={if on { "descending" } else { "none" }}>
                <button type="button" class="sort" onclick={set}
                    title={format!("Sort by {}, largest first", label.to_lowercase())}>{ label }</button>
            </th>
        }
    };
    let rows = live.iter().take(*shown).map(|&i| {
        let v = &m.values[i];
        let pick = {
            let (module, dispatch, opened) = (props.module.clone(), props.dispatch.clone(), opened.clone());
            Callback::from(move |_: MouseEvent| {
                let v = &module.values[i];
                let Some(o) = open(&module, v) else {
                    return;
                };
                dispatch.emit(Action::Sharding(o.sharding.clone()));
                dispatch.emit(Action::Edit(o.shape.clone()));
                opened.set(Some(format!(
                    "Opened {} in the layout view above: {}{}.",
                    v.name,
                    o.shape,
                    o.note.map(|n| format!(" ({n}; the Devices panel shows each device's shard)")).unwrap_or_default()
                )));
                scroll_to_picture();
            })
        };
        let place = match (v.allocation, v.offset) {
            (Some(a), Some(o)) => format!("{a} @{o}"),
            (Some(a), None) => a.to_string(),
            _ => "?".to_owned(),
        };
        let source = match (&v.op_name, &v.source) {
            (Some(o), Some(s)) => format!("{o} ({s})"),
            (Some(o), None) => o.clone(),
            (None, Some(s)) => s.clone(),
            (None, None) => String::new(),
        };
        html! {
            <tr>
                <td class="num">{ bytes(v.bytes) }</td>
                <td class="num">{ bytes(padding(v)) }</td>
                <td>
                    if let Some(shape) = &v.shape {
                        <button type="button" class="open-buffer" onclick={pick}
                            aria-label={format!("{shape}: open {} in the layout view", v.name)}>{ shape.clone() }</button>
                    }
                </td>
                <td class="mono">{ v.name.clone() }</td>
                <td class="num">{ place }</td>
                <td class="source">{ source }</td>
            </tr>
        }
    });
    html! {
        <div class="timeline-buffers">
            <h4 id="timeline-buffers-title">
                { format!("Buffers live at step {} ({}), {} first", step, live.len(),
                    if *sort == Sort::Size { "largest" } else { "most padding" }) }
            </h4>
            <div class="table-scroll">
                <table id="timeline-buffers" class="scan-table" tabindex="-1" aria-labelledby="timeline-buffers-title">
                    <thead><tr>
                        { header("Bytes", Sort::Size) }
                        { header("Padding", Sort::Padding) }
                        <th scope="col">{ "Shape (open)" }</th>
                        <th scope="col">{ "Value" }</th>
                        <th scope="col">{ "Allocation @offset" }</th>
                        <th scope="col">{ "Source" }</th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            <Shown state={shown} total={live.len()} what="buffers" table="timeline-buffers" />
            <p id="timeline-opened" class="timeline-opened" role="status">{ (*opened).clone().unwrap_or_default() }</p>
        </div>
    }
}

/// The chosen step once it has rested for [`SETTLE_MS`] (the table's):
/// a pointer sweeping the chart moves the cursor and `#timeline-at` every
/// frame, and the table once, where it stops.
#[hook]
pub fn use_settled(step: u64) -> u64 {
    let shown = use_state(|| step);
    let timer = use_mut_ref(|| None::<Timeout>);
    {
        let shown = shown.clone();
        use_effect_with(step, move |step| {
            let step = *step;
            if *shown != step {
                *timer.borrow_mut() = Some(Timeout::new(SETTLE_MS, move || shown.set(step)));
            }
        });
    }
    *shown
}

/// Brings the layout view into sight.
fn scroll_to_picture() {
    if let Some(el) = gloo::utils::document().get_element_by_id(super::CANVAS_ID) {
        el.scroll_into_view();
    }
}
