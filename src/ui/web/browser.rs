//! Where the input lives outside the page: the address (a shareable link:
//! `?shape=`, and `padded=`, `pad=`, `leaf=` when set) and localStorage (the
//! last input survives a reload). Also the system's colour scheme.
//!
//! Failures here (storage disabled, a sandboxed frame) are logged and
//! otherwise ignored: the page still works without them.

use wasm_bindgen::JsValue;
use web_sys::{Url, UrlSearchParams};

use crate::ui::model::PadValue;
use crate::ui::presets;
use crate::ui::state::DEFAULT_SHAPE;

/// The URL query parameter holding the current shape.
pub const QUERY_PARAM: &str = "shape";
/// The localStorage key holding the last input.
pub const STORAGE_KEY: &str = "xla-layout-viz.shape";

/// What the page starts with.
#[derive(Clone, Debug, PartialEq)]
pub struct Initial {
    pub shape: String,
    pub padded: String,
    pub pad_value: PadValue,
    pub leaf: Vec<usize>,
}

fn params() -> Option<UrlSearchParams> {
    let search = web_sys::window()?.location().search().ok()?;
    UrlSearchParams::new_with_str(&search).ok()
}

/// `?shape=` (or `?preset=`), else the stored input, else the default
/// example; with the older-padding and leaf parameters.
pub fn initial() -> Initial {
    let params = params();
    let get = |name: &str| params.as_ref().and_then(|p| p.get(name));
    let preset = get("preset").and_then(|id| presets::find(&id));
    let shape = get(QUERY_PARAM)
        .or_else(|| preset.map(|p| p.shape.to_owned()))
        .or_else(stored_shape)
        .unwrap_or_else(|| DEFAULT_SHAPE.to_owned());
    Initial {
        shape,
        padded: get("padded")
            .or_else(|| preset.map(|p| p.padded.to_owned()))
            .unwrap_or_default(),
        pad_value: get("pad")
            .and_then(|p| PadValue::from_name(&p))
            .or_else(|| preset.map(|p| p.pad_value))
            .unwrap_or_default(),
        leaf: get("leaf")
            .map(|l| l.split('.').filter_map(|p| p.parse().ok()).collect())
            .unwrap_or_default(),
    }
}

/// Whether the page was opened with `?bench=1`.
pub fn bench_requested() -> bool {
    params().and_then(|p| p.get("bench")).as_deref() == Some("1")
}

/// The input stored by an earlier visit, if any.
pub fn stored_shape() -> Option<String> {
    web_sys::window()?
        .local_storage()
        .ok()??
        .get_item(STORAGE_KEY)
        .ok()?
}

/// Puts the input into the address (replacing the history entry, so
/// typing does not flood the back button) and into localStorage.
pub fn remember(initial: &Initial) {
    if let Err(error) = write_query(initial) {
        gloo::console::warn!("could not update the address bar", error);
    }
    if let Err(error) = write_storage(&initial.shape) {
        gloo::console::warn!("could not save the input in localStorage", error);
    }
}

fn write_query(i: &Initial) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let url = Url::new(&window.location().href()?)?;
    let params = url.search_params();
    params.set(QUERY_PARAM, &i.shape);
    params.delete("preset");
    let optional = |name: &str, value: String| {
        if value.is_empty() {
            params.delete(name);
        } else {
            params.set(name, &value);
        }
    };
    optional("padded", i.padded.clone());
    optional(
        "pad",
        match i.pad_value {
            PadValue::Unspecified => String::new(),
            v => v.name().to_owned(),
        },
    );
    optional(
        "leaf",
        i.leaf
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join("."),
    );
    if url.href() == window.location().href()? {
        return Ok(());
    }
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

/// The media query for a dark system theme, if the browser has one.
pub fn dark_query() -> Option<web_sys::MediaQueryList> {
    web_sys::window()?
        .match_media("(prefers-color-scheme: dark)")
        .ok()?
}

/// Sets `data-theme` on `<html>` so that the stylesheet follows the
/// canvas's theme.
pub fn apply_theme(dark: bool) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-theme", if dark { "dark" } else { "light" });
    }
}
