//! The canvas (id `layout-canvas`): paints what the state says and turns
//! pointer input into actions (hover, click to pin, drag to pan, wheel and
//! pinch to zoom). The geometry it paints is published as `data-*`
//! attributes so that tests and embedding pages can find cells.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, PointerEvent, ResizeObserver, WheelEvent};
use yew::prelude::*;

use super::legend::Legend;
use super::shared::Shared;
use super::timing;
use crate::render::backend::canvas::paint::{FrameInput, PaintReport, Painter};
use crate::render::scene::Labelling;
use crate::render::world::{Pane, Rect, Theme};
use crate::ui::model::Model;
use crate::ui::state::{Action, State};

/// The canvas id: a stable hook for tests and for pages embedding the app.
pub const CANVAS_ID: &str = "layout-canvas";
/// The transparent canvas above it: cursor, trail, hovered and pinned cells.
pub const OVERLAY_ID: &str = "layout-overlay";

/// A press that moves less than this is a click, not a drag.
const CLICK_SLOP_PX: f64 = 4.0;

#[derive(Properties, PartialEq)]
pub struct LayoutCanvasProps {
    pub state: UseReducerHandle<State>,
    pub dispatch: Callback<Action>,
    /// The model the legend and the canvas in words describe: the state's
    /// in embed mode; in the app the panels', a frame after the picture
    /// (`later.rs`).
    pub described: Option<Shared<Model>>,
}

/// Pointers currently pressed, for drags and pinches.
#[derive(Default)]
struct Pointers {
    down: HashMap<i32, (f64, f64)>,
    /// Where the press started, the pane under it, and whether it moved.
    press: Option<((f64, f64), Option<Pane>, bool)>,
}

#[function_component]
pub fn LayoutCanvas(props: &LayoutCanvasProps) -> Html {
    let canvas_ref = use_node_ref();
    let overlay_ref = use_node_ref();
    let box_ref = use_node_ref();
    let painter = use_mut_ref(|| None::<Painter>);
    let report = use_state(PaintReport::default);
    let pointers = use_mut_ref(Pointers::default);

    use_resize(box_ref.clone(), props.dispatch.clone());
    use_wheel(canvas_ref.clone(), props.dispatch.clone());

    {
        let canvas_ref = canvas_ref.clone();
        let overlay_ref = overlay_ref.clone();
        let painter = painter.clone();
        let report = report.clone();
        let state = props.state.clone();
        use_effect(move || {
            if let (Some(canvas), Some(overlay)) = (
                canvas_ref.cast::<HtmlCanvasElement>(),
                overlay_ref.cast::<HtmlCanvasElement>(),
            ) {
                let start = timing::now();
                let new = paint(&canvas, &overlay, &painter, &state);
                timing::paint_done(start, !new.rebuilt.is_empty(), new.scene_ms, new.draw_ms);
                publish(&canvas, &state, &new);
                // The legend shows blocks and dense levels: re-render it
                // only when those change.
                if report.blocks != new.blocks
                    || report.scattered != new.scattered
                    || report.dense_levels != new.dense_levels
                {
                    report.set(new);
                }
            }
        });
    }

    let point = |e: &PointerEvent| -> (f64, f64) {
        let target = e.target_unchecked_into::<Element>();
        let r = target.get_bounding_client_rect();
        (
            f64::from(e.client_x()) - r.left(),
            f64::from(e.client_y()) - r.top(),
        )
    };
    let state = props.state.clone();
    let onpointerdown = {
        let pointers = pointers.clone();
        let state = state.clone();
        Callback::from(move |e: PointerEvent| {
            let p = point(&e);
            let target = e.target_unchecked_into::<Element>();
            let _ = target.set_pointer_capture(e.pointer_id());
            let mut ps = pointers.borrow_mut();
            ps.down.insert(e.pointer_id(), p);
            if ps.down.len() == 1 {
                ps.press = Some((p, state.frame.pane_at(p.0, p.1), false));
            }
        })
    };
    let onpointermove = {
        let pointers = pointers.clone();
        let dispatch = props.dispatch.clone();
        Callback::from(move |e: PointerEvent| {
            let p = point(&e);
            let mut ps = pointers.borrow_mut();
            let Some(&last) = ps.down.get(&e.pointer_id()) else {
                drop(ps);
                dispatch.emit(Action::Hover(Some(p)));
                return;
            };
            if ps.down.len() >= 2 {
                // Pinch: zoom by the change of distance between two fingers.
                let others: Vec<(f64, f64)> = ps
                    .down
                    .iter()
                    .filter(|(&id, _)| id != e.pointer_id())
                    .map(|(_, &q)| q)
                    .collect();
                if let Some(&other) = others.first() {
                    let before = distance(last, other);
                    let after = distance(p, other);
                    if before > 1.0 && after > 1.0 {
                        let mid = ((p.0 + other.0) / 2.0, (p.1 + other.1) / 2.0);
                        dispatch.emit(Action::Zoom {
                            x: mid.0,
                            y: mid.1,
                            factor: after / before,
                        });
                    }
                }
                if let Some(press) = ps.press.as_mut() {
                    press.2 = true;
                }
            } else if let Some((start, pane, moved)) = ps.press.as_mut() {
                if *moved || distance(*start, p) > CLICK_SLOP_PX {
                    *moved = true;
                    if let Some(pane) = *pane {
                        dispatch.emit(Action::Pan {
                            pane,
                            dx: p.0 - last.0,
                            dy: p.1 - last.1,
                        });
                    }
                }
            }
            ps.down.insert(e.pointer_id(), p);
        })
    };
    let onpointerup = {
        let pointers = pointers.clone();
        let dispatch = props.dispatch.clone();
        Callback::from(move |e: PointerEvent| {
            let p = point(&e);
            let mut ps = pointers.borrow_mut();
            ps.down.remove(&e.pointer_id());
            if ps.down.is_empty() {
                if let Some((_, _, false)) = ps.press.take() {
                    drop(ps);
                    dispatch.emit(Action::Click(p.0, p.1));
                }
            }
        })
    };
    let onpointercancel = {
        let pointers = pointers.clone();
        Callback::from(move |e: PointerEvent| {
            let mut ps = pointers.borrow_mut();
            ps.down.remove(&e.pointer_id());
            ps.press = None;
        })
    };
    let onpointerleave = props.dispatch.reform(|_: PointerEvent| Action::Hover(None));
    let ondblclick = {
        let dispatch = props.dispatch.clone();
        let state = state.clone();
        Callback::from(move |e: MouseEvent| {
            let target = e.target_unchecked_into::<Element>();
            let r = target.get_bounding_client_rect();
            let (x, y) = (
                f64::from(e.client_x()) - r.left(),
                f64::from(e.client_y()) - r.top(),
            );
            if let Some(pane) = state.frame.pane_at(x, y) {
                dispatch.emit(Action::Fit(Some(pane)));
            }
        })
    };

    let drawn = state.mapping().is_some();
    let why_not = state
        .model
        .as_ref()
        .and_then(|m| m.why_not.clone())
        .unwrap_or_default();
    let described = props.described.clone();
    html! {
        <figure class="layout-figure">
            <div class="canvas-box" ref={box_ref} style="position: relative">
                <canvas id={CANVAS_ID} ref={canvas_ref} class="layout-canvas" tabindex="0"
                    style="display: block; width: 100%; height: 100%"
                    aria-label="The array: its logical view on top, linear memory below. Cells are coloured by their order in memory."
                    aria-describedby="canvas-text"
                    {onpointerdown} {onpointermove} {onpointerup} {onpointercancel} {onpointerleave} {ondblclick} />
                <canvas id={OVERLAY_ID} ref={overlay_ref} class="layout-overlay" aria-hidden="true"
                    style="position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none" />
                if !drawn {
                    <p class="canvas-note">{ why_not }</p>
                }
            </div>
            <super::alt_text::CanvasText model={described.clone()} />
            <Legend model={described} mode={state.settings.mode}
                theme={state.settings.theme_kind()} report={(*report).clone()} />
        </figure>
    }
}

fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// Paints the state on the canvas; returns what the paint did.
fn paint(
    canvas: &HtmlCanvasElement,
    overlay: &HtmlCanvasElement,
    painter: &Rc<RefCell<Option<Painter>>>,
    state: &State,
) -> PaintReport {
    let mut slot_ = painter.borrow_mut();
    if slot_.is_none() {
        *slot_ = Painter::new(canvas.clone(), overlay.clone());
    }
    let Some(painter) = slot_.as_mut() else {
        return PaintReport::default();
    };
    let theme = Theme::of(state.settings.theme_kind());
    let dpr = device_pixel_ratio();
    let (Some(model), Some(worlds)) = (state.model.as_ref(), state.worlds.as_ref()) else {
        painter.clear(&state.frame, &theme, dpr);
        return PaintReport::default();
    };
    let Some(drawn) = model.drawn.as_ref() else {
        painter.clear(&state.frame, &theme, dpr);
        return PaintReport::default();
    };
    let mapping = &drawn.analysis.mapping;
    let pad = crate::ui::model::pad_label(drawn.pad_value, drawn.analysis.layout.element_type());
    let labelling = Labelling {
        letters: mapping.num_elements() <= 26,
        pad_label: pad.as_deref(),
    };
    let trail = state.anim.trail();
    painter.paint(&FrameInput {
        mapping,
        worlds,
        frame: state.frame,
        cameras: state.cameras,
        generation: state.generation,
        mode: state.settings.mode,
        theme,
        labelling: &labelling,
        cursor: (state.anim.footprint > 0).then_some(state.anim.cursor),
        trail: &trail,
        hover: state.hover.map(|t| t.offset),
        pinned: state.pinned.map(|t| t.offset),
        dpr,
    })
}

/// The page's device pixel ratio, as the painter draws at it (1 to 4): the
/// canvas's backing store and the idle warm-up's glyphs (`warm.rs`).
pub(super) fn device_pixel_ratio() -> f64 {
    web_sys::window()
        .map_or(1.0, |w| w.device_pixel_ratio())
        .clamp(1.0, 4.0)
}

/// Publishes the painted geometry as `data-*` attributes (CSS pixels).
fn publish(canvas: &HtmlCanvasElement, state: &State, report: &PaintReport) {
    let rect = |r: Rect| format!("{},{},{},{}", r.x, r.y, r.w, r.h);
    let mut attrs = vec![
        ("data-logical", rect(state.frame.logical)),
        ("data-memory", rect(state.frame.memory)),
        ("data-cursor", state.anim.cursor.to_string()),
        ("data-playing", state.anim.playing.to_string()),
        ("data-generation", state.generation.to_string()),
        (
            "data-pinned",
            state
                .pinned
                .map(|t| t.offset.to_string())
                .unwrap_or_default(),
        ),
        ("data-block-logical", report.blocks[0].to_string()),
        ("data-block-memory", report.blocks[1].to_string()),
        ("data-scattered-logical", report.scattered[0].to_string()),
        ("data-scattered-memory", report.scattered[1].to_string()),
    ];
    for pane in [Pane::Logical, Pane::Memory] {
        let c = state.camera(pane);
        let name = match pane {
            Pane::Logical => "data-camera-logical",
            Pane::Memory => "data-camera-memory",
        };
        attrs.push((name, format!("{},{},{}", c.x, c.y, c.scale)));
    }
    if let Some(w) = &state.worlds {
        attrs.push(("data-row-width", w.memory.row_width.to_string()));
        let (lw, lh) = w.world(Pane::Logical);
        attrs.push(("data-logical-world", format!("{lw},{lh}")));
        let (uw, uh) = w.logical.unfolded_world();
        attrs.push(("data-logical-unfolded", format!("{uw},{uh}")));
        attrs.push((
            "data-fold",
            w.logical.fold.map(|f| f.attr()).unwrap_or_default(),
        ));
    }
    // Every animation frame publishes; only what changed is written, so
    // that a frame does not touch the DOM for the geometry that stayed.
    for (name, value) in attrs {
        if canvas.get_attribute(name).as_deref() != Some(value.as_str()) {
            let _ = canvas.set_attribute(name, &value);
        }
    }
}

/// Reports the canvas box's CSS size as [`Action::Resize`] whenever it
/// changes (ResizeObserver).
#[hook]
fn use_resize(box_ref: NodeRef, dispatch: Callback<Action>) {
    use_effect_with((), move |_| {
        let element = box_ref.cast::<Element>();
        let report = {
            let dispatch = dispatch.clone();
            // The content box: the canvas fills it exactly (the border,
            // which the bounding rect includes, is not drawn on).
            move |el: &Element| {
                let (w, h) = (f64::from(el.client_width()), f64::from(el.client_height()));
                if w > 0.0 && h > 0.0 {
                    dispatch.emit(Action::Resize(w, h));
                }
            }
        };
        if let Some(el) = &element {
            report(el);
        }
        let closure = element.as_ref().map(|el| {
            let el2 = el.clone();
            Closure::<dyn FnMut(js_sys::Array)>::new(move |_entries: js_sys::Array| report(&el2))
        });
        let observer = closure
            .as_ref()
            .and_then(|c| ResizeObserver::new(c.as_ref().unchecked_ref()).ok());
        if let (Some(o), Some(el)) = (&observer, &element) {
            o.observe(el);
        }
        move || {
            if let Some(o) = observer {
                o.disconnect();
            }
            drop(closure);
        }
    });
}

/// Wheel zoom at the pointer. Registered by hand as a non-passive
/// listener so that the page does not scroll while zooming.
#[hook]
fn use_wheel(canvas_ref: NodeRef, dispatch: Callback<Action>) {
    use_effect_with((), move |_| {
        let listener = canvas_ref.cast::<Element>().map(|canvas| {
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(&canvas.clone(), "wheel", options, move |e| {
                let Some(e) = e.dyn_ref::<WheelEvent>() else {
                    return;
                };
                e.prevent_default();
                let r = canvas.get_bounding_client_rect();
                // Lines and pages count as 40 and 800 pixels.
                let unit = match e.delta_mode() {
                    1 => 40.0,
                    2 => 800.0,
                    _ => 1.0,
                };
                let factor = (-e.delta_y() * unit * 0.0015).exp();
                dispatch.emit(Action::Zoom {
                    x: f64::from(e.client_x()) - r.left(),
                    y: f64::from(e.client_y()) - r.top(),
                    factor,
                });
            })
        });
        move || drop(listener)
    });
}
