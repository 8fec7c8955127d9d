//! Step mode's panel: `#step-prev` / `#step-next` (keys `[` and `]`), the
//! stage's title in `#step-label`, and the stage drawn on `#step-canvas`
//! from the core's positions (cells coloured by memory offset, padding
//! grey, the shown element outlined). No animated move between stages yet.

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::prelude::*;

use crate::ui::model::Model;
use crate::ui::state::Action;
use crate::ui::stepper::{stage_picture, StagePicture};

use super::shared::Shared;

const WIDTH: f64 = 420.0;
const HEIGHT: f64 = 260.0;

#[derive(Properties, PartialEq)]
pub struct StepProps {
    pub model: Option<Shared<Model>>,
    pub stage: Option<usize>,
    /// The cell the cell panel shows (outlined in every stage).
    pub offset: Option<u64>,
    pub dispatch: Callback<Action>,
}

fn paint(canvas: &HtmlCanvasElement, picture: &StagePicture, footprint: u64, shown: Option<u64>) {
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
    else {
        return;
    };
    ctx.clear_rect(0.0, 0.0, WIDTH, HEIGHT);
    let (rows, cols) = (picture.rows.max(1) as f64, picture.cols.max(1) as f64);
    let size = (WIDTH / cols).min(HEIGHT / rows).max(1.0);
    let gap = if size >= 6.0 { 1.0 } else { 0.0 };
    for c in &picture.cells {
        let (x, y) = (c.col as f64 * size, c.row as f64 * size);
        let colour = if c.element {
            let hue = 240.0 * c.offset as f64 / footprint.max(1) as f64;
            format!("hsl({hue:.0}, 70%, 55%)")
        } else {
            "#bbb".to_owned()
        };
        ctx.set_fill_style_str(&colour);
        ctx.fill_rect(x, y, size - gap, size - gap);
        if size >= 18.0 {
            ctx.set_fill_style_str("#000");
            ctx.set_font("10px sans-serif");
            let _ = ctx.fill_text(&c.offset.to_string(), x + 2.0, y + size / 2.0 + 3.0);
        }
    }
    if let Some(c) = shown.and_then(|o| picture.cells.iter().find(|c| c.offset == o)) {
        ctx.set_stroke_style_str("#000");
        ctx.set_line_width(2.0);
        ctx.stroke_rect(
            c.col as f64 * size + 1.0,
            c.row as f64 * size + 1.0,
            size - 2.0,
            size - 2.0,
        );
    }
}

#[function_component]
pub fn StepPanel(props: &StepProps) -> Html {
    let canvas = use_node_ref();
    let steps = props
        .model
        .as_ref()
        .and_then(|m| m.drawn.as_ref())
        .and_then(|d| d.steps.as_ref());
    // Once per shape and stage, not per cursor move.
    let picture = use_memo((props.model.clone(), props.stage), |(model, stage)| {
        let steps = model
            .as_ref()
            .and_then(|m| m.drawn.as_ref())
            .and_then(|d| d.steps.as_ref());
        match (steps, stage) {
            (Some(s), Some(k)) => Some(stage_picture(s, *k)),
            _ => None,
        }
    });
    {
        let (canvas, picture) = (canvas.clone(), picture.clone());
        let footprint = steps.map_or(0, |s| s.footprint());
        let key = (props.model.clone(), props.stage, props.offset);
        use_effect_with(key, move |(_, _, shown)| {
            if let (Some(el), Some(Ok(p))) = (canvas.cast::<HtmlCanvasElement>(), &*picture) {
                paint(&el, p, footprint, *shown);
            }
        });
    }
    let prev = props.dispatch.reform(|_: MouseEvent| Action::StageStep(-1));
    let next = props.dispatch.reform(|_: MouseEvent| Action::StageStep(1));
    let off = props.dispatch.reform(|_: MouseEvent| Action::StageOff);
    let count = steps.map_or(0, |s| s.stages().len());
    let label = match (steps, props.stage) {
        (Some(s), Some(k)) => s
            .stages()
            .get(k)
            .map(|st| format!("{}/{count}: {}", k + 1, st.title()))
            .unwrap_or_default(),
        _ => "Step through the tiling, one stage at a time".to_owned(),
    };
    html! {
        <section id="step-mode" class="panel step-mode">
            <div class="step-controls">
                <button type="button" id="step-prev" onclick={prev} disabled={steps.is_none()}
                    title="Previous stage ([)">{ "◀ stage" }</button>
                <button type="button" id="step-next" onclick={next} disabled={steps.is_none()}
                    title="Next stage (])">{ "stage ▶" }</button>
                <span id="step-label" aria-live="polite">{ label }</span>
                if props.stage.is_some() {
                    <button type="button" id="step-off" onclick={off}>{ "Close" }</button>
                }
            </div>
            if let Some(Err(why)) = &*picture {
                <p class="muted">{ why.clone() }</p>
            }
            <canvas ref={canvas} id="step-canvas" width={WIDTH.to_string()} height={HEIGHT.to_string()}
                hidden={!matches!(&*picture, Some(Ok(_)))} />
        </section>
    }
}
