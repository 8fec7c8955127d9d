//! The app's stage view (`#step-mode`, keys `[` `]`, Esc closes it):
//! the tiling one stage at a time, drawn like the main picture (issue 71):
//! cells in the picture's colours (memory offset along viridis), the
//! elements' letters, padding hatched as in the picture, first-level
//! tiles outlined, "split into tiles" with the tiles apart, linear memory
//! wrapped as the page's memory view wraps it. Hovering a cell lights it
//! in the main picture, clicking pins it there (and the main picture's
//! cell is outlined here). Small cells are zoomed in on, a window of the
//! stage (`ui/stepper/zoom.rs`, `data-window`) that `stages_pan.rs` pans.
//! Embed mode keeps its smaller `stepper.rs` panel (the embed module's
//! budget); the ids, `data-motion` and `data-rects` are the same.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, PointerEvent};
use yew::prelude::*;

use crate::render::world::colour::{Theme, ThemeKind};
use crate::ui::model::Model;
use crate::ui::state::Action;
use crate::ui::stepper::look::{cell_at, placed_apart, with_memory_rows};
use crate::ui::stepper::zoom::{zoomed_at, Window};
use crate::ui::stepper::{shown_key, stage_picture, Placed};

use super::motion::{change_stage, Frame};
use super::shared::Shared;
use super::stages_paint::{paint, Painted};
use super::stages_pan::{pan_buttons, use_pan_keys, PanNow};

/// The picture's size in CSS pixels (drawn at twice that, so that it
/// stays sharp when presentation mode widens it).
pub(super) const WIDTH: f64 = 640.0;
pub(super) const HEIGHT: f64 = 400.0;
pub(super) const BACKING: f64 = 2.0;

#[derive(Properties, PartialEq)]
pub struct StagesProps {
    pub model: Option<Shared<Model>>,
    pub stage: Option<usize>,
    #[prop_or_default]
    pub cut: Option<AttrValue>,
    #[prop_or_default]
    pub sharded: bool,
    /// The cell the main picture shows (hovered or pinned): outlined here.
    pub offset: Option<u64>,
    /// The memory view's row width: linear stages wrap at it.
    pub row_width: u64,
    pub theme: ThemeKind,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn StagePanel(props: &StagesProps) -> Html {
    let canvas = use_node_ref();
    let drawn = props.model.as_ref().and_then(|m| m.drawn.as_ref());
    let steps = drawn.and_then(|d| d.steps());
    // Small cells are zoomed in on unless the user asks for the whole.
    let zoom = use_state(|| true);
    // Where the zoomed window is, for grid stages and for linear memory
    // (`stages_pan.rs` moves it): kept from stage to stage, back to the
    // top left when the array changes.
    let pan = use_state(|| (None::<Shared<Model>>, [(0u64, 0u64); 2]));
    let places = if pan.0 == props.model {
        pan.1
    } else {
        Default::default()
    };
    // The stage, with linear memory wrapped as the memory view wraps it,
    // in pixels: once per shape, row width, stage, zoom and window. With
    // it, the window when zoomed in (else whether zooming in could).
    let picture = use_memo(
        (
            props.model.clone(),
            props.row_width,
            props.stage,
            *zoom,
            places,
        ),
        |(model, width, stage, zoom, places)| {
            let d = model.as_ref()?.drawn.as_ref()?;
            let steps = with_memory_rows(d.steps()?, *width);
            let k = (*stage)?;
            Some(stage_picture(&steps, k).map(|pic| {
                let at = places[usize::from(pic.linear)];
                let near = zoomed_at(&pic, WIDTH, HEIGHT, at);
                let can_zoom = near.is_some();
                let (pic, window) = match near {
                    Some((z, w)) if *zoom => (z, Some(w)),
                    _ => (pic, None),
                };
                let cells = placed_apart(&steps, k, &pic, WIDTH, HEIGHT);
                let cut = window.map(|w| (w.col0 > 0, w.row0 > 0));
                let painted = Painted::new(&d.analysis.mapping, cells, pic.colour_span, cut);
                (Rc::new(pic), Rc::new(painted), can_zoom, window)
            }))
        },
    );
    let painted = match &*picture {
        Some(Ok((_, p, _, _))) => Some(p.clone()),
        _ => None,
    };
    let can_zoom = matches!(&*picture, Some(Ok((_, _, true, _))));
    let window: Option<Window> = match &*picture {
        Some(Ok((_, _, _, w))) => *w,
        _ => None,
    };
    let flip_zoom = {
        let zoom = zoom.clone();
        Callback::from(move |_: MouseEvent| zoom.set(!*zoom))
    };
    let go = {
        let (pan, model) = (pan.clone(), props.model.clone());
        let linear = window.is_some_and(|w| w.linear);
        Callback::from(move |to: (u64, u64)| {
            let mut places = if pan.0 == model {
                pan.1
            } else {
                Default::default()
            };
            places[usize::from(linear)] = to;
            pan.set((model.clone(), places));
        })
    };
    let pan_now: PanNow = use_mut_ref(|| None);
    *pan_now.borrow_mut() = window.map(|w| (w, go.clone()));
    use_pan_keys(pan_now);
    let last = use_mut_ref(|| None::<(Option<Shared<Model>>, Rc<Painted>)>);
    let frame: Frame = use_mut_ref(|| None);
    let theme = Theme::of(props.theme);
    {
        let canvas = canvas.clone();
        let shown = match (steps, props.offset) {
            (Some(s), Some(o)) => shown_key(s, o),
            _ => None,
        };
        let key = (
            props.model.clone(),
            props.stage,
            shown,
            props.theme,
            props.row_width,
            (*zoom, places),
        );
        let painted = painted.clone();
        use_effect_with(key, move |(model, _, shown, _, _, _)| {
            if let (Some(el), Some(to)) = (canvas.cast::<HtmlCanvasElement>(), painted) {
                let shown = *shown;
                let draw = move |p: &Painted, cells: &[Placed]| paint(&el, p, cells, &theme, shown);
                change_stage(&frame, &last, model.clone(), to, draw);
            }
            move || {
                frame.borrow_mut().take();
            }
        });
    }
    // Opened by the closed panel's button, which is gone now: the focus
    // goes on to this panel's, not back to the page's start.
    use_effect_with((), |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let lost = document
            .as_ref()
            .and_then(|d| d.active_element())
            .is_none_or(|e| e.tag_name().eq_ignore_ascii_case("body"));
        if lost {
            if let Some(next) = document
                .and_then(|d| d.get_element_by_id("step-next"))
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = next.focus();
            }
        }
    });
    // Pointing at a cell lights it in the main picture.
    let onpointermove = {
        let painted = painted.clone();
        props.dispatch.reform(move |e: PointerEvent| {
            let el = e.target_unchecked_into::<Element>();
            let r = el.get_bounding_client_rect();
            let (sx, sy) = (WIDTH / r.width().max(1.0), HEIGHT / r.height().max(1.0));
            let (x, y) = (
                (f64::from(e.client_x()) - r.left()) * sx,
                (f64::from(e.client_y()) - r.top()) * sy,
            );
            let at = painted
                .as_ref()
                .and_then(|p| cell_at(&p.cells, x, y))
                .map(|c| c.offset);
            Action::HoverOffset(at)
        })
    };
    // Clicking a cell pins it (the main picture's cell panel shows it);
    // clicking it again unpins.
    let onclick = {
        let (painted, dispatch) = (painted.clone(), props.dispatch.clone());
        Callback::from(move |e: MouseEvent| {
            let el = e.target_unchecked_into::<Element>();
            let r = el.get_bounding_client_rect();
            let (sx, sy) = (WIDTH / r.width().max(1.0), HEIGHT / r.height().max(1.0));
            let (x, y) = (
                (f64::from(e.client_x()) - r.left()) * sx,
                (f64::from(e.client_y()) - r.top()) * sy,
            );
            if let Some(c) = painted.as_ref().and_then(|p| cell_at(&p.cells, x, y)) {
                dispatch.emit(Action::PinOffset(c.offset));
            }
        })
    };
    let onpointerleave = props
        .dispatch
        .reform(|_: PointerEvent| Action::HoverOffset(None));
    let prev = props.dispatch.reform(|_: MouseEvent| Action::StageStep(-1));
    let next = props.dispatch.reform(|_: MouseEvent| Action::StageStep(1));
    let off = props.dispatch.reform(|_: MouseEvent| Action::StageOff);
    let count = steps.map_or(0, |s| s.stages().len());
    let (motion, rects, cell) = match &*picture {
        Some(Ok((p, painted, _, _))) => (
            if p.blocks { "blocks" } else { "cells" },
            p.cells.len().to_string(),
            format!("{:.1}", painted.cell),
        ),
        _ => ("", String::new(), String::new()),
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
    let shown = props.cut.is_none() && matches!(&*picture, Some(Ok(_)));
    let data_window = window.map_or(String::new(), |w| {
        format!("{},{},{},{}", w.row0, w.col0, w.rows, w.cols)
    });
    html! {
        <section id="step-mode" class="panel step-mode">
            <div class="step-controls">
                <button type="button" id="step-prev" onclick={prev} disabled={steps.is_none()}
                    title="Previous stage ([)">{ "◀ stage" }</button>
                <button type="button" id="step-next" onclick={next} disabled={steps.is_none()}
                    title="Next stage (])">{ "stage ▶" }</button>
                <span id="step-label" aria-live="polite">{ label }</span>
                if can_zoom {
                    <button type="button" id="step-zoom" onclick={flip_zoom} aria-pressed={(!*zoom).to_string()}
                        title="Small cells are zoomed in on; this shows the whole stage">{ "Whole stage" }</button>
                }
                if let Some(w) = &window {
                    { pan_buttons(w, &go) }
                }
                if props.stage.is_some() {
                    <button type="button" id="step-off" onclick={off} title="Close the stages (Esc)">{ "Close" }</button>
                }
            </div>
            if let Some(cut) = &props.cut {
                <p id="step-cut">{ cut.clone() }</p>
            }
            if let Some(Err(why)) = &*picture {
                <p class="muted">{ why.clone() }</p>
            }
            if let Some(Ok((p, _, _, _))) = &*picture {
                if let Some(note) = &p.note {
                    <p id="step-note" class="muted">{ note.clone() }</p>
                }
            }
            <canvas ref={canvas} id="step-canvas" data-motion={motion} data-rects={rects} data-cell={cell}
                data-window={data_window}
                data-width={WIDTH.to_string()} data-height={HEIGHT.to_string()}
                width={(WIDTH * BACKING).to_string()} height={(HEIGHT * BACKING).to_string()}
                style={format!("width: {WIDTH}px; max-width: 100%; height: auto")}
                role="img" aria-label="The stage's cells, coloured and lettered as in the picture"
                {onpointermove} {onpointerleave} {onclick} hidden={!shown} />
        </section>
    }
}
