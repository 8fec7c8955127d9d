//! Browser tests of the app: mount it into a test div in headless Chromium
//! and check the DOM and the canvas pixels.
//!
//! Run: `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown`
//! (scripts/test.sh does this).

#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlInputElement};
use xla_layout_viz::ui;

wasm_bindgen_test_configure!(run_in_browser);

const TILED: &str = "f32[3,5]{1,0:T(2,2)}";
const FIRST: [u8; 3] = [68, 1, 84];
const LAST: [u8; 3] = [253, 231, 37];

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// A fresh div attached to the body, so that the app gets a layout box.
fn test_root() -> Element {
    let root = document().create_element("div").unwrap();
    document()
        .query_selector("body")
        .unwrap()
        .unwrap()
        .append_child(&root)
        .unwrap();
    root
}

fn find<T: JsCast>(root: &Element, selector: &str) -> T {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .dyn_into::<T>()
        .unwrap()
}

/// Lets Yew render and run effects until `done` holds (at most ~2 s).
async fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    for _ in 0..200 {
        if done() {
            return;
        }
        yew::platform::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("timed out waiting for {what}");
}

/// Waits for the canvas's first drawing (Yew renders asynchronously) and returns it.
async fn first_drawing(root: &Element) -> HtmlCanvasElement {
    let selector = "#layout-canvas[data-rows]";
    wait_until("the first drawing", || {
        root.query_selector(selector).ok().flatten().is_some()
    })
    .await;
    find(root, selector)
}

fn attribute(element: &Element, name: &str) -> f64 {
    element
        .get_attribute(name)
        .unwrap_or_else(|| panic!("no {name}"))
        .parse()
        .unwrap()
}

/// The colour at the centre of logical cell (row, col) of the canvas.
fn cell_colour(canvas: &HtmlCanvasElement, row: f64, col: f64) -> [u8; 3] {
    let cell = attribute(canvas, "data-cell");
    let scale = f64::from(canvas.width()) / f64::from(canvas.client_width()).max(1.0);
    let x = (attribute(canvas, "data-grid-x") + (col + 0.5) * cell) * scale;
    let y = (attribute(canvas, "data-grid-y") + (row + 0.5) * cell) * scale;
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let data = context
        .get_image_data(x.floor(), y.floor(), 1.0, 1.0)
        .unwrap()
        .data();
    assert_eq!(data[3], 255, "cell ({row},{col}) is painted");
    [data[0], data[1], data[2]]
}

/// All the canvas pixels, to compare pictures.
fn canvas_pixels(canvas: &HtmlCanvasElement) -> Vec<u8> {
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let (width, height) = (f64::from(canvas.width()), f64::from(canvas.height()));
    context
        .get_image_data(0.0, 0.0, width, height)
        .unwrap()
        .data()
        .to_vec()
}

fn close(actual: [u8; 3], expected: [u8; 3]) -> bool {
    actual.iter().zip(expected).all(|(a, e)| a.abs_diff(e) <= 2)
}

/// Types `text` into the input the way a browser does: set the value, then
/// fire a bubbling `input` event (Yew listens at the root).
fn type_into(input: &HtmlInputElement, text: &str) {
    input.set_value(text);
    let event = document().create_event("Event").unwrap();
    event.init_event_with_bubbles_and_cancelable("input", true, true);
    input.dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
async fn the_app_mounts_and_draws_memory_order() {
    let root = test_root();
    let app = ui::mount(root.clone(), Some(TILED));
    let canvas = first_drawing(&root).await;

    assert_eq!(attribute(&canvas, "data-rows"), 3.0);
    assert_eq!(attribute(&canvas, "data-cols"), 5.0);
    assert_eq!(
        find::<HtmlInputElement>(&root, "#shape-input").value(),
        TILED
    );
    assert_eq!(
        find::<Element>(&root, "#shape-canonical")
            .text_content()
            .unwrap(),
        TILED
    );
    // (0,0) is at offset 0, (2,4) at offset 20: the first and last element in memory.
    assert!(
        close(cell_colour(&canvas, 0.0, 0.0), FIRST),
        "{:?}",
        cell_colour(&canvas, 0.0, 0.0)
    );
    assert!(
        close(cell_colour(&canvas, 2.0, 4.0), LAST),
        "{:?}",
        cell_colour(&canvas, 2.0, 4.0)
    );
    let painted = canvas_pixels(&canvas)
        .chunks(4)
        .filter(|pixel| pixel[3] > 0)
        .count();
    assert!(painted > 1000, "only {painted} pixels painted");

    app.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn a_bad_input_shows_the_error_and_keeps_the_picture() {
    let root = test_root();
    let app = ui::mount(root.clone(), Some(TILED));
    let canvas = first_drawing(&root).await;
    let before = canvas_pixels(&canvas);

    let input: HtmlInputElement = find(&root, "#shape-input");
    type_into(&input, "f32[3,x]{1,0}");
    let error: Element = find(&root, "#shape-error");
    wait_until("the error message", || {
        !error.text_content().unwrap_or_default().is_empty()
    })
    .await;

    assert_eq!(error.get_attribute("role").as_deref(), Some("alert"));
    assert!(
        error.text_content().unwrap().contains('^'),
        "caret in {:?}",
        error.text_content()
    );
    assert_eq!(input.get_attribute("aria-invalid").as_deref(), Some("true"));
    assert!(root
        .query_selector(".shape-mirror mark.bad")
        .unwrap()
        .is_some());
    assert_eq!(
        input.value(),
        "f32[3,x]{1,0}",
        "the user's text is kept as typed"
    );
    assert!(
        canvas_pixels(&canvas) == before,
        "the previous picture stays"
    );

    // Fixing the text clears the error and draws the new shape.
    type_into(&input, "f32[4,8]{0,1}");
    wait_until("the new drawing", || {
        canvas.get_attribute("data-cols").as_deref() == Some("8")
    })
    .await;
    assert_eq!(error.text_content().unwrap_or_default(), "");
    assert!(close(cell_colour(&canvas, 3.0, 7.0), LAST));

    app.destroy();
    root.remove();
}

#[wasm_bindgen_test]
fn the_panic_banner_tells_the_user_their_input_is_safe() {
    ui::panic::show_banner("boom at src/ui/app.rs:1");
    ui::panic::show_banner("a second panic is not shown");
    let banners = document().query_selector_all("#panic-banner").unwrap();
    assert_eq!(banners.length(), 1);
    let banner: Element = banners.get(0).unwrap().dyn_into().unwrap();
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
    let text = banner.text_content().unwrap();
    assert!(text.contains("boom at src/ui/app.rs:1"), "{text}");
    assert!(text.contains("input is safe"), "{text}");
    banner.remove();
}
