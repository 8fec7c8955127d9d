//! Step mode's panel: `#step-prev` / `#step-next` (keys `[` and `]`), the
//! stage's title in `#step-label`, and the stage drawn on `#step-canvas`
//! from the core's positions (cells coloured by memory offset, padding
//! grey, the shown element outlined; above 4096 cells whole tiles, see
//! [`crate::ui::stepper`], with `#step-note` saying what is drawn and
//! `data-motion` `cells` or `blocks`, and `data-rects` the number of
//! rectangles the stage draws). The stage's rectangles and their
//! fills are computed once per shape and stage (memoised), the pairing of
//! two stages once per move (`Transition`); a frame only interpolates
//! and paints. Changing stage moves every rectangle from
//! its place in the old stage to its place in the new one over
//! 450 ms (`motion::change_stage`; dropping the handle stops it);
//! `prefers-reduced-motion: reduce` jumps.

use std::rc::Rc;

use web_sys::HtmlCanvasElement;
use yew::prelude::*;

use crate::render::backend::canvas::context;

use crate::ui::model::Model;
use crate::ui::state::Action;
use crate::ui::stepper::{placed, shown_key, stage_picture, Placed};

use super::motion::{change_stage, Frame, Stage};
use super::shared::Shared;

const WIDTH: f64 = 420.0;
const HEIGHT: f64 = 260.0;

#[derive(Properties, PartialEq)]
pub struct StepProps {
    pub model: Option<Shared<Model>>,
    pub stage: Option<usize>,
    /// Showing the cut into shards, before stage 0: what it says.
    #[prop_or_default]
    pub cut: Option<AttrValue>,
    /// The array is sharded: the cut is stage 1 and the tiling follows.
    #[prop_or_default]
    pub sharded: bool,
    /// The cell the cell panel shows (outlined in every stage).
    pub offset: Option<u64>,
    pub dispatch: Callback<Action>,
}

/// The fill of each rectangle (hue by memory offset over `span`, padding
/// grey), made once per stage picture, not per frame.
fn colours(cells: &[Placed], span: u64) -> Vec<String> {
    cells
        .iter()
        .map(|c| {
            if c.element {
                let hue = 240.0 * c.offset as f64 / span.max(1) as f64;
                format!("hsl({hue:.0}, 70%, 55%)")
            } else {
                "#bbb".to_owned()
            }
        })
        .collect()
}

/// A stage in pixels and its fills (index for index).
struct Painted {
    cells: Vec<Placed>,
    colours: Vec<String>,
}

impl Stage for Painted {
    fn cells(&self) -> &[Placed] {
        &self.cells
    }
}

fn paint(canvas: &HtmlCanvasElement, cells: &[Placed], colours: &[String], shown: Option<u64>) {
    let Some(ctx) = context(canvas) else {
        return;
    };
    ctx.clear_rect(0.0, 0.0, WIDTH, HEIGHT);
    ctx.set_font("10px sans-serif");
    for (c, colour) in cells.iter().zip(colours) {
        let gap = |side: f64| if side >= 6.0 { 1.0 } else { 0.0 };
        ctx.set_fill_style_str(colour);
        ctx.fill_rect(
            c.x,
            c.y,
            (c.w - gap(c.w)).max(0.0),
            (c.h - gap(c.h)).max(0.0),
        );
        if c.w >= 18.0 + 6.0 * (c.offset.max(1).ilog10() as f64) && c.h >= 12.0 {
            ctx.set_fill_style_str("#000");
            let _ = ctx.fill_text(
                &c.offset.to_string(),
                c.x + 2.0,
                c.y + c.h.min(24.0) / 2.0 + 3.0,
            );
        }
    }
    if let Some(c) = shown.and_then(|k| cells.iter().find(|c| c.key == k)) {
        ctx.set_stroke_style_str("#000");
        ctx.set_line_width(2.0);
        ctx.stroke_rect(
            c.x + 1.0,
            c.y + 1.0,
            (c.w - 2.0).max(1.0),
            (c.h - 2.0).max(1.0),
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
        .and_then(|d| d.steps());
    // Once per shape and stage, not per cursor move.
    let picture = use_memo((props.model.clone(), props.stage), |(model, stage)| {
        let steps = model
            .as_ref()
            .and_then(|m| m.drawn.as_ref())
            .and_then(|d| d.steps());
        match (steps, stage) {
            (Some(s), Some(k)) => Some(stage_picture(s, *k)),
            _ => None,
        }
    });
    // The cells in pixels, and the last ones painted (where a move starts).
    let cells = use_memo(picture.clone(), |p| match &**p {
        Some(Ok(p)) => {
            let cells = placed(p, WIDTH, HEIGHT);
            let colours = colours(&cells, p.colour_span);
            Some(Rc::new(Painted { cells, colours }))
        }
        _ => None,
    });
    let last = use_mut_ref(|| None::<(Option<Shared<Model>>, Rc<Painted>)>);
    let frame: Frame = use_mut_ref(|| None);
    {
        let canvas = canvas.clone();
        let shown = match (steps, props.offset) {
            (Some(s), Some(o)) => shown_key(s, o),
            _ => None,
        };
        let key = (props.model.clone(), props.stage, shown);
        use_effect_with(key, move |(model, _, shown)| {
            if let (Some(el), Some(to)) = (canvas.cast::<HtmlCanvasElement>(), (*cells).clone()) {
                let shown = *shown;
                let draw =
                    move |p: &Painted, cells: &[Placed]| paint(&el, cells, &p.colours, shown);
                change_stage(&frame, &last, model.clone(), to, draw);
            }
            move || {
                frame.borrow_mut().take();
            }
        });
    }
    let prev = props.dispatch.reform(|_: MouseEvent| Action::StageStep(-1));
    let next = props.dispatch.reform(|_: MouseEvent| Action::StageStep(1));
    let off = props.dispatch.reform(|_: MouseEvent| Action::StageOff);
    let count = steps.map_or(0, |s| s.stages().len());
    let motion = match &*picture {
        Some(Ok(p)) if p.blocks => "blocks",
        Some(Ok(_)) => "cells",
        _ => "",
    };
    // How many rectangles the stage draws (and a move interpolates).
    let rects = match &*picture {
        Some(Ok(p)) => p.cells.len().to_string(),
        _ => String::new(),
    };
    let first = usize::from(props.sharded);
    let label = match (steps, props.stage, &props.cut) {
        (Some(_), Some(_), Some(_)) => format!("1/{}: the cut into shards", count + first),
        (Some(s), Some(k), None) => s
            .stages()
            .get(k)
            .map(|st| format!("{}/{}: {}", k + 1 + first, count + first, st.title()))
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
            if let Some(cut) = &props.cut {
                <p id="step-cut">{ cut.clone() }</p>
            }
            if let Some(Err(why)) = &*picture {
                <p class="muted">{ why.clone() }</p>
            }
            if let Some(Ok(p)) = &*picture {
                if let Some(note) = &p.note {
                    <p id="step-note" class="muted">{ note.clone() }</p>
                }
            }
            <canvas ref={canvas} id="step-canvas" data-motion={motion} data-rects={rects} width={WIDTH.to_string()} height={HEIGHT.to_string()}
                hidden={props.cut.is_some() || !matches!(&*picture, Some(Ok(_)))} />
        </section>
    }
}
