//! Helpers shared by the browser tests: DOM lookups, waiting for Yew,
//! reading canvas pixels at cells located from the published geometry.

#![allow(dead_code)]

use std::time::Duration;

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlTextAreaElement};
use xla_layout_viz::render::world::colour::viridis_table;

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A fresh div of a fixed size attached to the body, so that the app gets
/// a layout box (the test page has none of the app's stylesheet, so the
/// canvas box gets its height here).
pub fn test_root() -> Element {
    let root = document().create_element("div").unwrap();
    root.set_attribute("style", "width: 1200px").unwrap();
    let style = document().create_element("style").unwrap();
    style.set_text_content(Some(".canvas-box { height: 640px; }"));
    root.append_child(&style).unwrap();
    document()
        .query_selector("body")
        .unwrap()
        .unwrap()
        .append_child(&root)
        .unwrap();
    root
}

pub fn find<T: JsCast>(root: &Element, selector: &str) -> T {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .dyn_into::<T>()
        .unwrap()
}

/// Lets Yew render and run effects until `done` holds (at most ~3 s).
pub async fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..300 {
        if done() {
            return;
        }
        yew::platform::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("timed out waiting for {what}");
}

/// Numbers of a comma-separated `data-*` attribute.
pub fn numbers(element: &Element, name: &str) -> Vec<f64> {
    element
        .get_attribute(name)
        .unwrap_or_else(|| panic!("no {name}"))
        .split(',')
        .map(|v| v.parse().unwrap())
        .collect()
}

fn context(canvas: &HtmlCanvasElement) -> CanvasRenderingContext2d {
    canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap()
}

/// The RGBA of the canvas pixel at CSS point (x, y).
pub fn pixel(canvas: &HtmlCanvasElement, x: f64, y: f64) -> [u8; 4] {
    let scale = f64::from(canvas.width()) / f64::from(canvas.client_width()).max(1.0);
    let data = context(canvas)
        .get_image_data((x * scale).floor(), (y * scale).floor(), 1.0, 1.0)
        .unwrap()
        .data();
    [data[0], data[1], data[2], data[3]]
}

/// The CSS point a quarter into world cell (wx, wy) of a pane, from the
/// pane rectangle and camera the canvas publishes ("logical" or "memory"):
/// away from the label at the centre and the lines at the edges.
pub fn cell_point(canvas: &HtmlCanvasElement, pane: &str, wx: f64, wy: f64) -> (f64, f64) {
    let rect = numbers(canvas, &format!("data-{pane}"));
    let cam = numbers(canvas, &format!("data-camera-{pane}"));
    (
        rect[0] + (wx + 0.25 - cam[0]) * cam[2],
        rect[1] + (wy + 0.25 - cam[1]) * cam[2],
    )
}

pub fn cell_colour(canvas: &HtmlCanvasElement, pane: &str, wx: f64, wy: f64) -> [u8; 3] {
    let (x, y) = cell_point(canvas, pane, wx, wy);
    let p = pixel(canvas, x, y);
    assert_eq!(p[3], 255, "{pane} cell ({wx},{wy}) is painted");
    [p[0], p[1], p[2]]
}

/// The offset colour of memory offset `offset` of `footprint`.
pub fn ramp(offset: u64, footprint: u64) -> [u8; 3] {
    let c = viridis_table()[(offset * 255 / (footprint - 1)) as usize];
    [c.0, c.1, c.2]
}

pub fn close(actual: [u8; 3], expected: [u8; 3]) -> bool {
    actual.iter().zip(expected).all(|(a, e)| a.abs_diff(e) <= 3)
}

/// All the canvas pixels, to compare pictures.
pub fn canvas_pixels(canvas: &HtmlCanvasElement) -> Vec<u8> {
    let (width, height) = (f64::from(canvas.width()), f64::from(canvas.height()));
    context(canvas)
        .get_image_data(0.0, 0.0, width, height)
        .unwrap()
        .data()
        .to_vec()
}

/// Types `text` into the input the way a browser does: set the value, then
/// fire a bubbling `input` event (Yew listens at the root).
pub fn type_into(input: &HtmlTextAreaElement, text: &str) {
    input.set_value(text);
    let event = document().create_event("Event").unwrap();
    event.init_event_with_bubbles_and_cancelable("input", true, true);
    input.dispatch_event(&event).unwrap();
}

/// The tiling formula of XLA's figure 1: `f32[3,5]{1,0:T(2,2)}`.
pub fn tiled_3x5(r: u64, c: u64) -> u64 {
    ((r / 2) * 3 + c / 2) * 4 + (r % 2) * 2 + c % 2
}
