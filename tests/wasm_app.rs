//! Browser tests of the app: mount it into a test div in headless Chromium
//! and check the DOM and the canvas pixels.
//!
//! Run: `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown`
//! (scripts/test.sh does this).

#![cfg(target_arch = "wasm32")]

#[path = "wasm_support/mod.rs"]
mod support;

use support::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, HtmlCanvasElement, HtmlTextAreaElement, KeyboardEvent, KeyboardEventInit};
use xla_layout_viz::ui;

wasm_bindgen_test_configure!(run_in_browser);

const TILED: &str = "f32[3,5]{1,0:T(2,2)}";

/// Waits for the canvas's first drawing (Yew renders asynchronously).
async fn first_drawing(root: &Element) -> HtmlCanvasElement {
    let selector = "#layout-canvas[data-camera-logical]";
    wait_until("the first drawing", || {
        root.query_selector(selector).ok().flatten().is_some()
    })
    .await;
    find(root, selector)
}

#[wasm_bindgen_test]
async fn the_app_draws_every_element_at_its_offset() {
    let root = test_root();
    let app = ui::mount(root.clone(), Some(TILED));
    let canvas = first_drawing(&root).await;
    assert_eq!(
        find::<Element>(&root, "#shape-canonical")
            .text_content()
            .unwrap(),
        TILED
    );
    // Every element, in both views (the cursor is on the overlay canvas).
    for r in 0..3u64 {
        for c in 0..5u64 {
            let offset = tiled_3x5(r, c);
            let expected = ramp(offset, 24);
            let logical = cell_colour(&canvas, "logical", c as f64, r as f64);
            assert!(
                close(logical, expected),
                "({r},{c}): {logical:?} vs {expected:?}"
            );
            // Memory is one row of 24 cells here.
            let memory = cell_colour(&canvas, "memory", offset as f64, 0.0);
            assert!(close(memory, expected), "offset {offset}: {memory:?}");
        }
    }
    app.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn a_bad_input_shows_the_error_and_keeps_the_picture() {
    let root = test_root();
    let app = ui::mount(root.clone(), Some(TILED));
    let canvas = first_drawing(&root).await;
    let before = canvas_pixels(&canvas);

    let input: HtmlTextAreaElement = find(&root, "#shape-input");
    type_into(&input, "f32[3,x]{1,0}");
    let error: Element = find(&root, "#shape-error");
    // The message is the app's own markup, `aria-invalid` the input
    // component's: Yew renders the component after the app, which CI once
    // caught in between (2026-11-29). Both must arrive.
    wait_until("the error message and aria-invalid", || {
        !error.text_content().unwrap_or_default().is_empty()
            && input.get_attribute("aria-invalid").as_deref() == Some("true")
    })
    .await;
    assert_eq!(error.get_attribute("role").as_deref(), Some("alert"));
    assert!(error.text_content().unwrap().contains('^'));
    assert_eq!(input.get_attribute("aria-invalid").as_deref(), Some("true"));
    let mark: Element = find(&root, ".shape-mirror mark.bad");
    assert_eq!(mark.text_content().as_deref(), Some("x"));
    assert_eq!(input.value(), "f32[3,x]{1,0}", "the text is kept as typed");
    assert!(
        canvas_pixels(&canvas) == before,
        "the previous picture stays"
    );

    // Fixing the text clears the error and draws the new shape.
    type_into(&input, "f32[4,8]{0,1}");
    wait_until("the new drawing", || {
        canvas.get_attribute("data-logical-world").as_deref() == Some("8,4")
    })
    .await;
    assert_eq!(error.text_content().unwrap_or_default(), "");
    // Column-major: (3,7) is the last element, offset 31.
    let last = cell_colour(&canvas, "logical", 7.0, 3.0);
    assert!(close(last, ramp(31, 32)), "{last:?}");
    app.destroy();
    root.remove();
}

fn press(key: &str) {
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    web_sys::window()
        .unwrap()
        .dispatch_event(event.unchecked_ref())
        .unwrap();
}

#[wasm_bindgen_test]
async fn keys_step_and_play_the_cursor() {
    let root = test_root();
    let app = ui::mount(root.clone(), Some(TILED));
    let canvas = first_drawing(&root).await;
    let cursor = || canvas.get_attribute("data-cursor").unwrap_or_default();
    press("ArrowRight");
    wait_until("a step", || cursor() == "1").await;
    press("ArrowLeft");
    press("ArrowLeft");
    wait_until("a step back, wrapping", || cursor() == "23").await;
    press(" ");
    wait_until("playing", || {
        canvas.get_attribute("data-playing").as_deref() == Some("true")
    })
    .await;
    press(" ");
    wait_until("paused", || {
        canvas.get_attribute("data-playing").as_deref() == Some("false")
    })
    .await;
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
