//! One `<xla-layout>` element's view. The embed binaries
//! (`src/bin/xla-layout-embed.rs`, `src/bin/xla-layout-embed-sharded.rs`) export it to JavaScript as
//! `mount_xla_layout` and `XlaLayoutHandle`, which
//! `static/xla-layout-element.js` calls (`element_api!` below); the app's module does not carry it.
//!
//! Stable contract (docs/reference.md, "The element's contract"): `mount_xla_layout(host, options)`
//! renders embed mode's view into an open shadow root of `host` (created if
//! `host` has none) with the app's stylesheet inside it, and returns a
//! handle; `handle.set_options(options)` redraws with new options,
//! `handle.destroy()` removes the view. `options` is a plain object of
//! strings named like embed mode's address options: `shape`, `view`,
//! `controls`, `autoplay`, `speed`, `theme`, `select`, `step`, `compare`,
//! `sharding`, `device` (read by the sharded embed module only), `app`
//! (the full app's address for "open in the full app"; without it the
//! link is left out).
//! Nothing here touches the page outside `host`.

use js_sys::{Object, Reflect};
use wasm_bindgen::JsValue;
use web_sys::{Element, ShadowRoot, ShadowRootInit, ShadowRootMode};

use super::embed::{EmbedApp, EmbedProps};

/// The app's stylesheet, scoped to the shadow root (`.xla-root` carries the
/// theme's variables; see `static/style.css`).
const STYLE: &str = include_str!("../../../static/style.css");

/// One mounted view; `destroy()` (or dropping it) unmounts it.
pub struct ElementView {
    shadow: ShadowRoot,
    app: Option<yew::AppHandle<EmbedApp>>,
}

impl ElementView {
    /// Renders the embed view of `options` (see the module comment) into
    /// `host`'s shadow root.
    pub fn mount(host: Element, options: Object) -> Result<ElementView, JsValue> {
        let shadow = match host.shadow_root() {
            Some(shadow) => shadow,
            None => host.attach_shadow(&ShadowRootInit::new(ShadowRootMode::Open))?,
        };
        let mut view = ElementView { shadow, app: None };
        view.set_options(options)?;
        Ok(view)
    }

    /// Redraws with new options (the view starts afresh: cursor, selection
    /// and playing come from the options).
    pub fn set_options(&mut self, options: Object) -> Result<(), JsValue> {
        self.unmount();
        let document = gloo::utils::document();
        let style = document.create_element("style")?;
        style.set_text_content(Some(STYLE));
        let root = document.create_element("div")?;
        root.set_class_name("xla-root");
        self.shadow.append_child(&style)?;
        self.shadow.append_child(&root)?;
        let props = props(&options, root.clone());
        self.app = Some(yew::Renderer::<EmbedApp>::with_root_and_props(root, props).render());
        Ok(())
    }

    /// Removes the view and everything it put in the shadow root; the
    /// handle can be mounted again with `set_options`.
    pub fn destroy(&mut self) {
        self.unmount();
    }

    fn unmount(&mut self) {
        if let Some(app) = self.app.take() {
            app.destroy();
        }
        while let Some(child) = self.shadow.first_child() {
            let _ = self.shadow.remove_child(&child);
        }
    }
}

impl Drop for ElementView {
    fn drop(&mut self) {
        self.unmount();
    }
}

/// One option as a string (numbers are accepted too; anything else is
/// absent).
fn get(options: &Object, name: &str) -> Option<String> {
    let value = Reflect::get(options, &JsValue::from_str(name)).ok()?;
    value
        .as_string()
        .or_else(|| value.as_f64().map(|n| n.to_string()))
        .or_else(|| {
            value
                .as_bool()
                .map(|b| if b { "1" } else { "0" }.to_owned())
        })
}

fn props(options: &Object, theme_root: Element) -> EmbedProps {
    let parsed = crate::ui::embed::options(|name| {
        if name == "embed" {
            Some("1".to_owned())
        } else {
            get(options, name)
        }
    })
    .unwrap_or_default();
    EmbedProps {
        options: parsed,
        shape: get(options, "shape").map(yew::AttrValue::from),
        theme_root: Some(theme_root),
        app: get(options, "app")
            .and_then(|app| crate::ui::embed::app_address(&app))
            .map(yew::AttrValue::from),
    }
}

/// The element's JavaScript API (a stable contract, docs/reference.md,
/// "The element's contract"), for the embed binaries to export:
/// `mount_xla_layout(host, options)` and the handle's
/// `set_options(options)` and `destroy()`, over [`ElementView`]. A macro,
/// since wasm-bindgen exports belong in the binary: the app's module does
/// not carry them.
#[macro_export]
macro_rules! element_api {
    () => {
        /// The `<xla-layout>` element's JavaScript API (a stable contract, docs/reference.md,
        /// "The element's contract"): `mount_xla_layout(host, options)` and the
        /// handle's `set_options(options)` and `destroy()`; the view itself is
        /// `ElementView`.
        mod element_api {
            use js_sys::Object;
            use wasm_bindgen::prelude::*;
            use web_sys::Element;
            use $crate::ui::element::ElementView;

            /// One mounted view; `destroy()` (or `free()`) unmounts it.
            #[wasm_bindgen]
            pub struct XlaLayoutHandle(ElementView);

            /// Renders embed mode's view of `options` into `host`'s open shadow
            /// root (attached if `host` has none).
            #[wasm_bindgen]
            pub fn mount_xla_layout(
                host: Element,
                options: Object,
            ) -> Result<XlaLayoutHandle, JsValue> {
                ElementView::mount(host, options).map(XlaLayoutHandle)
            }

            #[wasm_bindgen]
            impl XlaLayoutHandle {
                /// Redraws with new options (the view starts afresh: cursor,
                /// selection and playing come from the options).
                pub fn set_options(&mut self, options: Object) -> Result<(), JsValue> {
                    self.0.set_options(options)
                }

                /// Removes the view and everything it put in the shadow root; the
                /// handle can be mounted again with `set_options`.
                pub fn destroy(&mut self) {
                    self.0.destroy();
                }
            }
        }
    };
}
