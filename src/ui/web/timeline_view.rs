//! The timeline view of a dump (issue 69): per module, `#timeline` with
//! `data-peak-bytes`, `data-peak-step` and `data-xla-peak-step`, the
//! chart of bytes live per step (padded and unpadded, the fullest step
//! and XLA's stated peak marked), the chosen step (`#timeline-at`, moved
//! by the pointer and the arrow keys), the totals and the problems.
//! The words and numbers come from `ui/timeline.rs`; docs/timeline.md,
//! "In the app".

use std::rc::Rc;

use web_sys::{Element, HtmlSelectElement};
use yew::prelude::*;

use super::shared::Shared;
use super::timeline_heap::HeapMap;
use super::timeline_sources::PeakSources;
use super::timeline_table::{use_settled, BufferTable};
use super::timing;
use crate::core::dump::Module;
use crate::core::sizes::bytes::binary_bytes;
use crate::render::timeline::timeline_svg;
use crate::ui::state::Action;
use crate::ui::timeline::{self, Chart, DumpSet};

/// The chart's coordinates (the SVG stretches to its box; lines keep
/// their width with `vector-effect`).
const COLUMNS: usize = 800;
const HEIGHT: f64 = 200.0;

#[derive(Properties, PartialEq)]
pub struct TimelineViewProps {
    pub set: Shared<DumpSet>,
    /// The app's reducer (a picked buffer opens in the layout view).
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn TimelineView(props: &TimelineViewProps) -> Html {
    let timeline = props.set.timeline.clone();
    let chosen = use_state(|| 0usize);
    let index = (*chosen).min(timeline.modules.len().saturating_sub(1));
    let on_module = {
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
    let problems: Vec<String> = timeline.problems.iter().map(|p| p.to_string()).collect();
    html! {
        <div class="timeline-view">
            <link rel="stylesheet" href="timeline.css" />
            if timeline.modules.len() > 1 {
                <label class="timeline-module" for="timeline-module">{ "Module " }
                    <select id="timeline-module" onchange={on_module}>
                        { for timeline.modules.iter().enumerate().map(|(i, m)| html! {
                            <option value={i.to_string()} selected={i == index}>
                                { format!("{}{}", m.name, timeline::per_device(m)) }
                            </option>
                        }) }
                    </select>
                </label>
            }
            if let Some(m) = timeline.modules.get(index) {
                // Keyed by name: a module read again (a pasted text joining)
                // keeps its chosen step; another module starts at its peak.
                <ModuleView key={format!("{index}-{}", m.name)}
                    module={Shared(Rc::new(m.clone()))} dispatch={props.dispatch.clone()} />
            } else {
                <p class="timeline-none">{ "No module could be read from these files." }</p>
            }
            { problem_list("timeline-problems", &problems) }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct ModuleProps {
    module: Shared<Module>,
    dispatch: Callback<Action>,
}

#[function_component]
fn ModuleView(props: &ModuleProps) -> Html {
    let m = &*props.module;
    let t0 = timing::now();
    let peak_step = m.peak.as_ref().map_or(0, |p| p.step);
    let at = use_state(|| peak_step);
    let chart = {
        let module = props.module.clone();
        use_memo(module, |m| Chart::of(m, COLUMNS, HEIGHT))
    };
    let steps = m.steps.len();
    let step = (*at).min((steps as u64).saturating_sub(1));
    let settled = use_settled(step);
    let onkeydown = {
        let at = at.clone();
        Callback::from(move |e: KeyboardEvent| {
            if let Some(t) = timeline::step_key(&e.key(), *at, steps) {
                e.prevent_default();
                at.set(t);
            }
        })
    };
    let onpointermove = {
        let at = at.clone();
        Callback::from(move |e: PointerEvent| {
            let Some(target) = e.current_target() else {
                return;
            };
            let rect =
                wasm_bindgen::JsCast::unchecked_into::<Element>(target).get_bounding_client_rect();
            let f = (f64::from(e.client_x()) - rect.left()) / rect.width();
            let t = timeline::step_at(f, steps);
            if t != *at {
                at.set(t);
            }
        })
    };
    let export = {
        let module = props.module.clone();
        Callback::from(move |_: MouseEvent| {
            let svg = timeline_svg(std::slice::from_ref(&*module), 960);
            let name = format!("{}-timeline.svg", file_stem(&module.name));
            if let Ok(blob) = super::export::blob(&svg, "image/svg+xml") {
                let _ = super::export::download(&blob, &name);
            }
        })
    };
    let at_text = timeline::at_text(m, step);
    let x = timeline::x_of(step, steps, COLUMNS);
    let problems: Vec<String> = m.problems.iter().map(|p| p.to_string()).collect();
    let view = html! {
        <section id="timeline" class="timeline" aria-labelledby="timeline-title"
            data-module={m.name.clone()}
            data-peak-bytes={m.peak.as_ref().map(|p| p.bytes.to_string())}
            data-peak-step={m.peak.as_ref().map(|p| p.step.to_string())}
            data-xla-peak-step={m.xla_peak.as_ref().map(|p| p.step.to_string())}
            data-steps={steps.to_string()}>
            <h3 id="timeline-title">{ format!("{}: bytes live per step{}", m.name, timeline::per_device(m)) }</h3>
            <p class="timeline-totals">{ timeline::totals_text(m) }</p>
            <div class="timeline-plot">
                <div class="timeline-scale" aria-hidden="true">
                    <span>{ binary_bytes(chart.most) }</span><span>{ "0" }</span>
                </div>
                <div id="timeline-chart" class="timeline-chart" tabindex="0" role="slider"
                    aria-label="Step of the schedule (arrow keys, Page Up/Down, Home, End)"
                    aria-valuemin="0" aria-valuemax={steps.saturating_sub(1).to_string()}
                    aria-valuenow={step.to_string()} aria-valuetext={at_text.clone()}
                    aria-describedby="timeline-legend"
                    {onkeydown} {onpointermove}>
                    <svg viewBox={format!("0 0 {COLUMNS} {HEIGHT}")} preserveAspectRatio="none"
                        aria-hidden="true" focusable="false">
                        <ChartLines chart={Shared(chart.clone())} />
                        { marker("at", x) }
                    </svg>
                </div>
            </div>
            <p id="timeline-legend" class="timeline-legend">
                { format!("Steps 0..{} of the schedule across. ", steps.saturating_sub(1)) }
                <span class="key-padded">{ "Blue: bytes live (size=, padded)" }</span>{ "; " }
                <span class="key-unpadded">{ "green, dashed: their data" }</span>{ "; " }
                <span class="key-peak">{ "red: the fullest step" }</span>{ "; " }
                <span class="key-xla">{ "amber, dashed: XLA's stated peak" }</span>{ "." }
            </p>
            <p class="timeline-at-row">{ "At " }<output id="timeline-at" for="timeline-chart">{ at_text }</output></p>
            <ul class="timeline-peaks">
                { for timeline::peaks_text(m).into_iter().map(|s| html! { <li>{ s }</li> }) }
            </ul>
            <div class="timeline-actions">
                <button type="button" id="timeline-export" onclick={export}
                    title="The chart and the heap map as an SVG figure (as xla-layout timeline --svg draws it)">
                    { "Export SVG" }</button>
            </div>
            <PeakSources module={props.module.clone()} />
            <HeapMap module={props.module.clone()} {step} />
            // The step once it rests: moving it re-renders nothing of the table.
            <BufferTable module={props.module.clone()} step={settled} dispatch={props.dispatch.clone()} />
            { problem_list("timeline-module-problems", &problems) }
        </section>
    };
    timing::since("timeline.render", t0);
    view
}

/// What could not be read, each naming its file and line.
fn problem_list(id: &'static str, problems: &[String]) -> Html {
    if problems.is_empty() {
        return html! {};
    }
    html! {
        <details {id} class="timeline-problems" open=true>
            <summary>{ format!("{} lines could not be read", problems.len()) }</summary>
            <ul>{ for problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }</ul>
        </details>
    }
}

/// A module's name as a file name: letters, digits, `.`, `-`, `_` kept,
/// anything else `_`.
fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[derive(Properties, PartialEq)]
struct ChartLinesProps {
    chart: Shared<Chart>,
}

/// The chart's lines and its peaks: a component of their own, so that
/// moving the step does not diff them again.
#[function_component]
fn ChartLines(props: &ChartLinesProps) -> Html {
    let c = &*props.chart;
    html! {
        <>
            <polyline class="padded" points={c.padded.clone()} />
            <polyline class="unpadded" points={c.unpadded.clone()} />
            if let Some(px) = c.peak_x { { marker("peak", px) } }
            if let Some(px) = c.xla_peak_x { { marker("xla-peak", px) } }
        </>
    }
}

/// A vertical line across the chart at `x`.
fn marker(class: &'static str, x: f64) -> Html {
    html! { <line class={class} x1={x.to_string()} x2={x.to_string()} y1="0" y2={HEIGHT.to_string()} /> }
}
