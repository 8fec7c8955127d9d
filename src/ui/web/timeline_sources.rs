//! The peak grouped by source (`#timeline-sources`, issue 69): the values
//! live at the fullest step summed by their `op_name` (the instruction's
//! name where it has none), largest first, each with its
//! `source_file:line` from the module's metadata, as the CLI prints them
//! (`core::dump::compute`, `by_source`; the JSON's `peak_by_source`).
//! A table, so a screen reader reads it like the buffers' table; long
//! lists are shown a page at a time (`timeline_more.rs`, [`Shown`]).

use yew::prelude::*;

use super::shared::Shared;
use super::timeline_more::{use_shown, Shown};
use crate::core::dump::Module;
use crate::ui::timeline::bytes;

#[derive(Properties, PartialEq)]
pub struct PeakSourcesProps {
    pub module: Shared<Module>,
}

#[function_component]
pub fn PeakSources(props: &PeakSourcesProps) -> Html {
    let m = &*props.module;
    let shown = use_shown();
    let (Some(peak), false) = (m.peak.as_ref(), m.peak_by_source.is_empty()) else {
        return html! {};
    };
    let groups = &m.peak_by_source;
    let rows = groups.iter().take(*shown).map(|g| {
        html! {
            <tr>
                <td class="num">{ bytes(g.bytes) }</td>
                <td class="num">{ g.values.to_string() }</td>
                <td class="mono">{ g.op_name.clone() }</td>
                <td class="source">{ g.source.clone().unwrap_or_default() }</td>
            </tr>
        }
    });
    html! {
        <div class="timeline-buffers timeline-sources">
            <h4 id="timeline-sources-title">
                { format!("The fullest step ({}) by source: {} groups, largest first", peak.step, groups.len()) }
            </h4>
            <div class="table-scroll">
                <table id="timeline-sources" class="scan-table" tabindex="-1"
                    aria-labelledby="timeline-sources-title">
                    <thead><tr>
                        <th scope="col">{ "Bytes" }</th>
                        <th scope="col">{ "Values" }</th>
                        <th scope="col">{ "op_name (or instruction)" }</th>
                        <th scope="col">{ "Source" }</th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            <Shown state={shown} total={groups.len()} what="groups" table="timeline-sources" />
        </div>
    }
}
