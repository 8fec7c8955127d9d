//! What the app shows a frame after its first picture: the step-through
//! and the export bar under the canvas, and the side panels.
//!
//! Each part is its own function, never inlined into `App`'s view: V8
//! compiles a wasm function at its first call, the whole of it, so code
//! that only the later frames run stays out of what the first picture
//! compiles (issue 24; docs/performance/first-paint.md, "Compiling the module's
//! functions at their first call").

use yew::prelude::*;

use super::export::ExportBar;
use super::info::InfoPanel;
use super::later::Panels;
use super::leaves::LeafTree;
use super::legacy::LegacyPanel;
use super::sharding::{cut_text, ShardPanel};
use super::shared::Shared;
use super::stages::StagePanel;
use super::stepper::StepPanel;
use super::summary::SummaryPanel;
use crate::ui::state::{Action, State};

/// Under the canvas: the step-through and the export bar.
#[inline(never)]
pub(super) fn under_canvas(
    state: &UseReducerHandle<State>,
    panels: &Panels,
    dispatch: &Callback<Action>,
) -> Html {
    let model = panels.model.clone();
    let cut = model
        .as_ref()
        .and_then(|m| m.shard.as_ref())
        .filter(|_| panels.stage_cut && panels.stage.is_some())
        .map(|v| AttrValue::from(cut_text(v)));
    html! {
        <>
            // Closed, the small panel embed mode also draws (its code is in
            // the first part of the app's module, which the first frames
            // run); open, the stages drawn like the picture (`stages.rs`,
            // in the part fetched after the start: issue 24's budgets).
            if panels.stage.is_some() {
                <StagePanel model={model.clone().map(Shared)} stage={panels.stage}
                    sharded={model.as_ref().is_some_and(|m| m.shard.is_some())}
                    {cut} offset={panels.offset} dispatch={dispatch.clone()}
                    row_width={state.worlds.as_ref().map_or(1, |w| w.memory.row_width)}
                    theme={state.settings.theme_kind()} />
            } else {
                <StepPanel model={model.clone().map(Shared)} stage={panels.stage}
                    sharded={model.as_ref().is_some_and(|m| m.shard.is_some())}
                    {cut} offset={panels.offset} dispatch={dispatch.clone()} />
            }
            <ExportBar state={state.clone()} dispatch={dispatch.clone()} />
        </>
    }
}

/// The side panels: the cell, the sharding, the summary and explanation,
/// the leaves of a tuple, the older proto's padding.
#[inline(never)]
pub(super) fn side(
    state: &UseReducerHandle<State>,
    panels: &Panels,
    dispatch: &Callback<Action>,
) -> Html {
    let padded_error = state
        .model
        .as_ref()
        .and_then(|m| m.padded_error.clone())
        .map(AttrValue::from);
    html! {
        <>
            <InfoPanel model={panels.model.clone().map(Shared)} which={panels.which}
                offset={panels.offset} pinned={panels.pinned} dispatch={dispatch.clone()} />
            if let Some(model) = panels.model.clone() {
                <ShardPanel model={Shared(model.clone())} dispatch={dispatch.clone()} />
                <SummaryPanel model={Shared(model.clone())}
                    suggested={panels.suggested.clone().map(Shared)} dispatch={dispatch.clone()} />
                if model.is_tuple {
                    <LeafTree model={Shared(model.clone())} dispatch={dispatch.clone()} />
                }
            }
            <LegacyPanel
                padded={AttrValue::from(state.padded.clone())}
                pad_value={state.pad_value}
                error={padded_error}
                dispatch={dispatch.clone()} />
        </>
    }
}
