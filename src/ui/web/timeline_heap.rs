//! The heap map (`#timeline-heap`, issue 69): within one allocation (the
//! temp heap first; `#timeline-heap-allocation` picks another), offsets
//! down and steps across, filled where a value is live, as XLA's heap
//! simulator packed them; the chosen step marked. The grid is the
//! figure's (`render::timeline::heap_runs`: at most 48 rows and one run
//! per row and gap, never one shape per value); the words are
//! `ui/timeline_heap.rs`.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::shared::Shared;
use crate::core::dump::Module;
use crate::render::timeline::{heap_runs, HeapRun, HEAP_ROWS};
use crate::ui::timeline::x_of;
use crate::ui::timeline_heap::{caption, label, mappable};

/// Columns the steps are cut into (the SVG stretches to its box).
const COLUMNS: usize = 400;

#[derive(Properties, PartialEq)]
pub struct HeapMapProps {
    pub module: Shared<Module>,
    pub step: u64,
}

#[function_component]
pub fn HeapMap(props: &HeapMapProps) -> Html {
    let m = &*props.module;
    let choices = use_memo(props.module.clone(), |m| mappable(m));
    let chosen = use_state(|| 0usize);
    let Some(&index) = choices.get(*chosen).or_else(|| choices.first()) else {
        return html! { <p id="timeline-heap" class="timeline-heap-none">{ "No allocation holds two values or more: no heap to map." }</p> };
    };
    let a = &m.allocations[index];
    let runs = {
        let module = props.module.clone();
        use_memo((module, index), |(m, i)| {
            heap_runs(m, &m.allocations[*i], COLUMNS)
        })
    };
    let steps = m.steps.len();
    let cols = COLUMNS.clamp(1, steps.max(1));
    let on_pick = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            chosen.set(
                e.target_unchecked_into::<HtmlSelectElement>()
                    .value()
                    .parse()
                    .unwrap_or(0),
            )
        })
    };
    let at = x_of(props.step, steps, cols);
    html! {
        <div class="timeline-heap-block">
            if choices.len() > 1 {
                <label for="timeline-heap-allocation">{ "Heap map of " }
                    <select id="timeline-heap-allocation" onchange={on_pick}>
                        { for choices.iter().enumerate().map(|(k, i)| html! {
                            <option value={k.to_string()} selected={k == *chosen}>{ label(&m.allocations[*i]) }</option>
                        }) }
                    </select>
                </label>
            }
            <div id="timeline-heap" class="timeline-heap" data-allocation={a.index.to_string()}
                data-unused={a.fragmentation.as_ref().map(|f| f.unused.to_string())}>
                <svg viewBox={format!("0 0 {cols} {HEAP_ROWS}")} preserveAspectRatio="none"
                    role="img" aria-label={caption(a)}>
                    <HeapCells runs={Shared(runs.clone())} />
                    <line class="at" x1={at.to_string()} x2={at.to_string()} y1="0" y2={HEAP_ROWS.to_string()} />
                </svg>
            </div>
            <p class="timeline-heap-caption">{ caption(a) }</p>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct HeapCellsProps {
    runs: Shared<Vec<HeapRun>>,
}

/// The occupied runs: a component of their own, so that moving the step
/// does not diff them again.
#[function_component]
fn HeapCells(props: &HeapCellsProps) -> Html {
    props
        .runs
        .iter()
        .map(|r| {
            html! {
                <rect class="used" x={r.first.to_string()} y={r.row.to_string()}
                    width={(r.last + 1 - r.first).to_string()} height="1" />
            }
        })
        .collect()
}
