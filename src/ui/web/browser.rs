//! Where the input lives outside the page: the address (a shareable link:
//! `?shape=`, and `padded=`, `pad=`, `leaf=` when set) and localStorage (the
//! last input survives a reload). Also the system's colour scheme.
//!
//! Failures here (storage disabled, a sandboxed frame) are logged and
//! otherwise ignored: the page still works without them.

use std::cell::RefCell;

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
    /// The "compare with" text; empty when the box is closed.
    pub compare: String,
    /// The sharding field (`?sharding=`); empty for none.
    pub sharding: String,
    /// The shown device (`?device=`, an index into the devices listed).
    pub device: usize,
}

fn params() -> Option<UrlSearchParams> {
    let search = web_sys::window()?.location().search().ok()?;
    UrlSearchParams::new_with_str(&search).ok()
}

/// `?shape=` (or `?preset=`), else the stored input, else the default
/// example; with the older-padding and leaf parameters. After a reload
/// that began before a save rewrote the address, the address that save
/// wrote ([`resume_left`]).
pub fn initial() -> Initial {
    if let Err(error) = resume_left() {
        gloo::console::warn!(
            "could not restore the address the page was left with",
            error
        );
    }
    initial_with(true)
}

/// As [`initial`] but never from localStorage (embedded pictures show
/// what their address says).
pub fn initial_from_address() -> Initial {
    initial_with(false)
}

/// The options of embed mode when the address has `?embed=1`.
pub fn embed_options() -> Option<crate::ui::embed::EmbedOptions> {
    let params = params();
    crate::ui::embed::options(|name| params.as_ref().and_then(|p| p.get(name)))
}

fn initial_with(stored: bool) -> Initial {
    let params = params();
    let get = |name: &str| params.as_ref().and_then(|p| p.get(name));
    let preset = get("preset").and_then(|id| presets::find(&id));
    let shape = get(QUERY_PARAM)
        .or_else(|| preset.map(|p| p.shape.to_owned()))
        .or_else(|| if stored { stored_shape() } else { None })
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
        compare: get("compare")
            .or_else(|| preset.map(|p| p.compare.to_owned()))
            .unwrap_or_default(),
        sharding: get("sharding")
            .or_else(|| preset.map(|p| p.sharding.to_owned()))
            .unwrap_or_default(),
        device: get("device").and_then(|d| d.parse().ok()).unwrap_or(0),
    }
}

/// The input stored by an earlier visit, if any.
pub fn stored_shape() -> Option<String> {
    web_sys::window()?
        .local_storage()
        .ok()??
        .get_item(STORAGE_KEY)
        .ok()?
}

thread_local! {
    /// The newest input, and whether it is already saved.
    static LATEST: RefCell<(Option<Initial>, bool)> = const { RefCell::new((None, true)) };
}

/// Notes the newest input (cheap: every edit calls it). [`save`] writes it
/// out; the panic hook and leaving the page save it too, so a throttled
/// write never loses text.
pub fn note(initial: &Initial) {
    LATEST.with(|l| *l.borrow_mut() = (Some(initial.clone()), false));
}

/// Writes the newest input into localStorage and the address, if it is
/// not there yet. Replaces the history entry, so that typing does not flood
/// the back button. (Both writes cost milliseconds in browsers: the app
/// throttles them while the user types.)
pub fn save() {
    // `try_`: the panic hook calls this too, maybe while it runs.
    let Some(initial) = LATEST.with(|l| {
        let mut l = l.try_borrow_mut().ok()?;
        let pending = (!l.1).then(|| l.0.clone()).flatten();
        l.1 = true;
        pending
    }) else {
        return;
    };
    if let Err(error) = write_storage(&initial.shape) {
        gloo::console::warn!("could not save the input in localStorage", error);
    }
    if let Err(error) = write_query(&initial) {
        gloo::console::warn!("could not update the address bar", error);
    }
}

/// The sessionStorage key (this tab's) of the addresses this page has had,
/// oldest first, one per line: the last [`KEPT_ADDRESSES`] (see
/// [`resume_left`]).
const LEFT_KEY: &str = "xla-layout-viz.left";
/// A reload loads the address it began with; at most a pending save and
/// the save on leaving rewrite it after that, so a few suffice.
const KEPT_ADDRESSES: usize = 4;

fn session() -> Result<web_sys::Storage, JsValue> {
    web_sys::window()
        .ok_or("no window")?
        .session_storage()?
        .ok_or_else(|| "no sessionStorage".into())
}

/// Notes in [`LEFT_KEY`] that the address went from `before` to `after`.
fn keep_address(before: &str, after: &str) -> Result<(), JsValue> {
    let storage = session()?;
    let kept = storage.get_item(LEFT_KEY)?.unwrap_or_default();
    let mut lines: Vec<&str> = kept.lines().collect();
    if lines.last() != Some(&before) {
        lines.push(before);
    }
    lines.push(after);
    let from = lines.len().saturating_sub(KEPT_ADDRESSES);
    storage.set_item(LEFT_KEY, &lines[from..].join("\n"))
}

/// How this page was reached: `navigate`, `reload`, `back_forward` or
/// `prerender` (Navigation Timing's `type`); `None` where it is not known.
fn navigation_type() -> Option<String> {
    let entries = web_sys::window()?
        .performance()?
        .get_entries_by_type("navigation");
    let entry = entries.get(0);
    js_sys::Reflect::get(&entry, &JsValue::from_str("type"))
        .ok()?
        .as_string()
}

/// A reload (or a return through history) loads the address as it was
/// when it began. A save may rewrite the address after that: the one due
/// after the last keystroke (`use_remember`'s timer still runs while the
/// reload waits for the server) or the one on leaving. That address's
/// `?shape=` wins over localStorage, so the newest input would be gone.
/// So every rewrite is kept for the tab ([`keep_address`]), and a page
/// reloaded or returned to at an older address of this tab takes the
/// newest one. A page reached any other way (a link, a typed address)
/// shows what its address says. Forgets the addresses either way.
fn resume_left() -> Result<(), JsValue> {
    let storage = session()?;
    match storage.get_item(LEFT_KEY)? {
        Some(kept) => resume_kept(&storage, &kept),
        None => Ok(()),
    }
}

/// The rest of [`resume_left`], once this tab has kept addresses: a
/// function of its own, so that a first visit's first picture does not
/// compile it (tests/e2e/firstframe.test.mjs).
#[inline(never)]
fn resume_kept(storage: &web_sys::Storage, kept: &str) -> Result<(), JsValue> {
    storage.remove_item(LEFT_KEY)?;
    if !matches!(
        navigation_type().as_deref(),
        Some("reload" | "back_forward")
    ) {
        return Ok(());
    }
    let window = web_sys::window().ok_or("no window")?;
    let search = window.location().search()?;
    let Some(newest) = kept.lines().last() else {
        return Ok(());
    };
    if newest == search || !kept.lines().any(|line| line == search) {
        return Ok(());
    }
    let url = Url::new(&window.location().href()?)?;
    url.set_search(newest);
    window
        .history()?
        .replace_state_with_url(&JsValue::NULL, "", Some(&url.href()))
}

fn write_query(i: &Initial) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let url = Url::new(&window.location().href()?)?;
    let params = url.search_params();
    // An HLO preset goes by its id, so that the link brings back its
    // breakdown (the address holds no HLO text).
    match presets::shared_as(&i.shape) {
        Some(id) => {
            params.set("preset", id);
            params.delete(QUERY_PARAM);
        }
        None => {
            params.set(QUERY_PARAM, &query_text(&i.shape));
            params.delete("preset");
        }
    }
    let optional = |name: &str, value: String| {
        if value.is_empty() {
            params.delete(name);
        } else {
            params.set(name, &value);
        }
    };
    optional("padded", i.padded.clone());
    optional("compare", i.compare.clone());
    optional("sharding", i.sharding.clone());
    optional(
        "device",
        if i.device == 0 || i.sharding.is_empty() {
            String::new()
        } else {
            i.device.to_string()
        },
    );
    optional(
        "pad",
        match i.pad_value {
            PadValue::Zero => String::new(),
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
    let before = window.location().search()?;
    window
        .history()?
        .replace_state_with_url(&JsValue::NULL, "", Some(&url.href()))?;
    if let Err(error) = keep_address(&before, &window.location().search()?) {
        gloo::console::warn!("could not keep the address for a reload", error);
    }
    Ok(())
}

/// The address holds a shape, never pasted HLO text: an instruction in the
/// box puts its result shape there (the instruction stays in localStorage).
fn query_text(input: &str) -> std::borrow::Cow<'_, str> {
    if crate::core::parse(input).is_err() {
        if let Some(shape) = crate::ui::model::instruction_result(input) {
            return std::borrow::Cow::Owned(shape.to_string());
        }
    }
    std::borrow::Cow::Borrowed(input)
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
