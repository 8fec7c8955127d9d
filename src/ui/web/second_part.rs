//! Whether the app's second part (the rest of its module) is instantiated:
//! what is drawn only then calls no placeholder, so its code can stay out
//! of the first part (docs/dependencies.md, "The app in two parts").
//!
//! `Trunk.toml`'s loader keeps `window.__xlaLayoutRest` (`split`, `ready`)
//! and, a task after it instantiates the rest (the loader's own fetch or a
//! first call into it), fires `xla-layout-rest` on `window`. A build in one
//! module (`split` false, debug builds) or a page without the loader has
//! everything at once.

use gloo::events::EventListener;
use wasm_bindgen::JsValue;
use yew::prelude::*;

/// The event the loader fires on `window` once the rest is instantiated.
pub const ARRIVED_EVENT: &str = "xla-layout-rest";

/// True when the module's second part is there (or the build has none).
pub fn arrived() -> bool {
    let Some(rest) = gloo::utils::window()
        .get("__xlaLayoutRest")
        .filter(|r| r.is_object())
    else {
        return true;
    };
    let get = |key: &str| js_sys::Reflect::get(&rest, &JsValue::from_str(key)).ok();
    let split = get("split").and_then(|v| v.as_bool()).unwrap_or(false);
    let ready = get("ready").is_some_and(|v| !v.is_null() && !v.is_undefined());
    !split || ready
}

/// False until the second part is instantiated, then true for good.
#[hook]
pub fn use_second_part() -> bool {
    let here = use_state(arrived);
    let set = here.setter();
    let already = *here;
    use_effect_with((), move |_| {
        let listener = (!already).then(|| {
            let on_event = set.clone();
            EventListener::once(&gloo::utils::window(), ARRIVED_EVENT, move |_| {
                on_event.set(true)
            })
        });
        // The event may have fired between the first render and this effect.
        if !already && arrived() {
            set.set(true);
        }
        move || drop(listener)
    });
    *here
}
