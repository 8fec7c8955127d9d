//! The canvas (id `layout-canvas`) and the captions that explain it.

use std::rc::Rc;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::prelude::*;

use super::colour::{OFF_SCREEN, PADDING};
use super::draw::{plan, Panel, Plan};
use super::model::Picture;

/// The canvas id: a stable hook for tests and for pages embedding the app.
pub const CANVAS_ID: &str = "layout-canvas";

/// Canvas size when the element has no layout box (e.g. not yet attached).
const FALLBACK_SIZE: (f64, f64) = (800.0, 480.0);

#[derive(Properties, PartialEq)]
pub struct LayoutCanvasProps {
    /// The last good picture; `None` before any valid input.
    pub picture: Option<Rc<Picture>>,
}

#[function_component]
pub fn LayoutCanvas(props: &LayoutCanvasProps) -> Html {
    let canvas_ref = use_node_ref();
    let plan_summary = use_state(|| None::<Rc<Plan>>);
    // Bumped on window resize so that the drawing is redone at the new size.
    let resizes = use_state(|| 0u32);

    {
        let resizes = resizes.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|window| {
                EventListener::new(&window, "resize", move |_| {
                    resizes.set(resizes.wrapping_add(1))
                })
            });
            // Dropping the listener on unmount removes it.
            move || drop(listener)
        });
    }
    {
        let canvas_ref = canvas_ref.clone();
        let plan_summary = plan_summary.clone();
        use_effect_with((props.picture.clone(), *resizes), move |(picture, _)| {
            if let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() {
                let drawn = paint(&canvas, picture.as_deref());
                plan_summary.set(drawn.map(Rc::new));
            }
        });
    }

    html! {
        <figure class="layout-figure">
            <canvas id={CANVAS_ID} ref={canvas_ref} class="layout-canvas"
                aria-label="Cells of the array coloured by their order in memory" />
            <figcaption class="layout-caption">{ caption(props.picture.as_deref(), plan_summary.as_deref()) }</figcaption>
        </figure>
    }
}

fn caption(picture: Option<&Picture>, plan: Option<&Plan>) -> Html {
    let (Some(picture), Some(plan)) = (picture, plan) else {
        return html! { <p>{ "Nothing drawn yet: type a valid shape." }</p> };
    };
    let leaf = if picture.leaf_count > 1 {
        format!(
            " (tuple leaf {:?} of {})",
            picture.leaf_path, picture.leaf_count
        )
    } else {
        String::new()
    };
    let higher = plan.dims.len().saturating_sub(2);
    let slice = if higher > 0 {
        format!(", higher dims at index 0 ({higher} of them)")
    } else {
        String::new()
    };
    let swatch = |colour: super::colour::Rgb| {
        html! {
            <span class="swatch" style={format!("background:{}", colour.css())}></span>
        }
    };
    html! {
        <>
            <p>
                { format!("Top: the array{leaf}, {} of {} rows x {} of {} columns shown{slice}. ",
                    plan.grid.rows, plan.slice_rows, plan.grid.cols, plan.slice_cols) }
                { "Colour = order in memory among the cells shown, from " }
                <span class="ramp"></span>{ " first to last." }
            </p>
            <p>
                { memory_caption(plan) }
                { swatch(PADDING) }{ format!(" padding ({} shown), ", plan.padding_shown) }
                { swatch(OFF_SCREEN) }{ " elements not shown above." }
            </p>
        </>
    }
}

fn memory_caption(plan: &Plan) -> String {
    match plan.slots_shown {
        0 => "Bottom: linear memory, empty (a footprint of 0 elements); ".to_string(),
        shown => format!(
            "Bottom: linear memory, offsets 0 to {} of a footprint of {} elements; ",
            shown - 1,
            plan.footprint
        ),
    }
}

/// Draws `picture` (or clears the canvas) at the element's CSS size times
/// the device pixel ratio, and records the geometry as `data-*` attributes
/// for tests. Returns the plan drawn.
fn paint(canvas: &HtmlCanvasElement, picture: Option<&Picture>) -> Option<Plan> {
    let (mut width, mut height) = (
        f64::from(canvas.client_width()),
        f64::from(canvas.client_height()),
    );
    if width <= 0.0 || height <= 0.0 {
        (width, height) = FALLBACK_SIZE;
    }
    let ratio = web_sys::window()
        .map_or(1.0, |window| window.device_pixel_ratio())
        .max(1.0);
    canvas.set_width((width * ratio).round() as u32);
    canvas.set_height((height * ratio).round() as u32);
    let context = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|context| context.dyn_into::<CanvasRenderingContext2d>().ok())?;
    let _ = context.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    context.clear_rect(0.0, 0.0, width, height);

    let plan = plan(&picture?.mapping, width, height);
    paint_panel(&context, &plan.grid);
    paint_panel(&context, &plan.strip);

    let geometry = [
        ("data-cell", plan.grid.cell),
        ("data-grid-x", plan.grid.x),
        ("data-grid-y", plan.grid.y),
        ("data-rows", plan.grid.rows as f64),
        ("data-cols", plan.grid.cols as f64),
        ("data-strip-cell", plan.strip.cell),
        ("data-strip-y", plan.strip.y),
        ("data-strip-cols", plan.strip.cols as f64),
    ];
    for (name, value) in geometry {
        let _ = canvas.set_attribute(name, &value.to_string());
    }
    Some(plan)
}

/// Fills each cell, leaving a 1-pixel gap between cells big enough to show one.
fn paint_panel(context: &CanvasRenderingContext2d, panel: &Panel) {
    let gap = if panel.cell >= 6.0 { 1.0 } else { 0.0 };
    let mut current = None;
    for (i, colour) in panel.colours.iter().enumerate() {
        let Some(colour) = *colour else { continue };
        if current != Some(colour) {
            context.set_fill_style_str(&colour.css());
            current = Some(colour);
        }
        let (row, col) = ((i / panel.cols) as f64, (i % panel.cols) as f64);
        context.fill_rect(
            panel.x + col * panel.cell,
            panel.y + row * panel.cell,
            panel.cell - gap,
            panel.cell - gap,
        );
    }
}
