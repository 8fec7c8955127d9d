//! Where the input text lives outside the page: the `?shape=` query
//! parameter (a shareable link) and localStorage (survives a reload).
//!
//! Failures here (storage disabled, a sandboxed frame) are logged and
//! otherwise ignored: the page still works without them.

use wasm_bindgen::JsValue;
use web_sys::{Url, UrlSearchParams};

use super::state::DEFAULT_SHAPE;

/// The URL query parameter holding the current shape.
pub const QUERY_PARAM: &str = "shape";
/// The localStorage key holding the last input.
pub const STORAGE_KEY: &str = "xla-layout-viz.shape";

/// The text to start with: `?shape=`, else the stored input, else the default example.
pub fn initial_shape() -> String {
    query_shape()
        .or_else(stored_shape)
        .unwrap_or_else(|| DEFAULT_SHAPE.to_string())
}

/// The decoded `?shape=` parameter of the page's address, if present.
pub fn query_shape() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    UrlSearchParams::new_with_str(&search)
        .ok()?
        .get(QUERY_PARAM)
}

/// The input stored by an earlier visit, if any.
pub fn stored_shape() -> Option<String> {
    web_sys::window()?
        .local_storage()
        .ok()??
        .get_item(STORAGE_KEY)
        .ok()?
}

/// Puts `input` into the address (replacing the history entry, so typing
/// does not flood the back button) and into localStorage.
pub fn remember(input: &str) {
    if let Err(error) = write_query(input) {
        gloo::console::warn!("could not update the address bar", error);
    }
    if let Err(error) = write_storage(input) {
        gloo::console::warn!("could not save the input in localStorage", error);
    }
}

fn write_query(input: &str) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let url = Url::new(&window.location().href()?)?;
    if url.search_params().get(QUERY_PARAM).as_deref() == Some(input) {
        return Ok(());
    }
    url.search_params().set(QUERY_PARAM, input);
    window
        .history()?
        .replace_state_with_url(&JsValue::NULL, "", Some(&url.href()))
}

fn write_storage(input: &str) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    match window.local_storage()? {
        Some(storage) => storage.set_item(STORAGE_KEY, input),
        None => Ok(()),
    }
}
