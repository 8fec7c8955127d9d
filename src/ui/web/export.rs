//! Figures out of the app: "Export SVG" (`#export-svg`), "Export PNG"
//! (`#export-png`, twice the CSS size) and "Copy embed code"
//! (`#copy-embed`). The SVG is `render::figure::svg_of_view` of the view as
//! drawn (frame, cameras, colours); the PNG is that SVG drawn into an
//! offscreen canvas at 2x. Files are handed over as Blob URLs (data, never
//! HTML).

use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlCanvasElement, HtmlImageElement, Url};
use yew::prelude::*;

use crate::render::figure::{svg_of_view, FigureView, ViewInput};
use crate::render::scene::style::CellLabels;
use crate::render::scene::Labelling;
use crate::ui::embed::{iframe_snippet, Shown};
use crate::ui::shard_figure::svg_size;
use crate::ui::state::{Action, State};

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    pub state: UseReducerHandle<State>,
    pub dispatch: Callback<Action>,
}

/// The SVG of what the canvas shows now, with its width; `None` when
/// nothing is drawn.
pub fn current_svg(state: &State) -> Option<(String, f64, f64)> {
    let model = state.model.as_ref()?;
    let worlds = state.worlds.as_ref()?;
    let drawn = model.drawn.as_ref()?;
    let mapping = &drawn.analysis.mapping;
    let pad = crate::ui::model::pad_label(drawn.pad_value, drawn.analysis.layout.element_type());
    let labelling = Labelling {
        letters: mapping.num_elements() <= 26,
        pad_label: pad.as_deref(),
    };
    let mut title = model
        .leaves
        .iter()
        .find(|l| l.path == drawn.path)
        .map_or_else(|| model.canonical.clone(), |l| l.canonical.clone());
    if let Some(v) = &model.shard {
        title = super::sharding::shard_title(v);
    }
    let svg = svg_of_view(&ViewInput {
        mapping,
        worlds,
        frame: state.frame,
        cameras: state.cameras,
        mode: state.settings.mode,
        theme: state.settings.theme_kind(),
        labelling: &labelling,
        labels: CellLabels::Auto,
        title: &title,
        view: FigureView::Both,
    });
    let (w, h) = svg_size(&svg)?;
    match &model.shard {
        // The device grid below the picture, in an outer figure.
        Some(v) => {
            let outer = crate::ui::shard_figure::with_grid(&svg, v)?;
            let (gw, gh) = svg_size(&outer)?;
            Some((outer, gw, gh))
        }
        None => Some((svg, w, h)),
    }
}

pub(super) fn blob(data: &str, mime: &str) -> Result<Blob, JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(data));
    let bag = BlobPropertyBag::new();
    bag.set_type(mime);
    Blob::new_with_str_sequence_and_options(&parts, &bag)
}

/// Offers `blob` as a download named `name`.
pub(super) fn download(blob: &Blob, name: &str) -> Result<(), JsValue> {
    let document = gloo::utils::document();
    let url = Url::create_object_url_with_blob(blob)?;
    let a: HtmlAnchorElement = document.create_element("a")?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    // Revoke once the download has started.
    let later = url.clone();
    gloo::timers::callback::Timeout::new(30_000, move || {
        let _ = Url::revoke_object_url(&later);
    })
    .forget();
    Ok(())
}

fn export_svg(state: &State) -> Result<(), JsValue> {
    let Some((svg, _, _)) = current_svg(state) else {
        return Ok(());
    };
    download(&blob(&svg, "image/svg+xml")?, "xla-layout.svg")
}

/// Draws the SVG into a canvas twice its size and downloads the PNG.
fn export_png(state: &State) -> Result<(), JsValue> {
    let Some((svg, w, h)) = current_svg(state) else {
        return Ok(());
    };
    let url = Url::create_object_url_with_blob(&blob(&svg, "image/svg+xml")?)?;
    let image = HtmlImageElement::new()?;
    let img = image.clone();
    let src = url.clone();
    let onload = Closure::once(move || {
        let result = (|| -> Result<(), JsValue> {
            let _ = Url::revoke_object_url(&src);
            let canvas: HtmlCanvasElement = gloo::utils::document()
                .create_element("canvas")?
                .unchecked_into();
            canvas.set_width((w * 2.0).round() as u32);
            canvas.set_height((h * 2.0).round() as u32);
            let ctx: web_sys::CanvasRenderingContext2d = canvas
                .get_context("2d")?
                .ok_or_else(|| JsValue::from_str("no 2d context"))?
                .unchecked_into();
            ctx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, w * 2.0, h * 2.0)?;
            let done = Closure::once(move |png: Option<Blob>| {
                if let Some(png) = png {
                    let _ = download(&png, "xla-layout.png");
                }
            });
            canvas.to_blob(done.as_ref().unchecked_ref())?;
            done.forget();
            Ok(())
        })();
        if let Err(e) = result {
            gloo::console::error!("PNG export failed", e);
        }
    });
    image.set_onload(Some(onload.as_ref().unchecked_ref()));
    onload.forget();
    image.set_src(&url);
    Ok(())
}

/// The app's address without query or fragment: where embeds point.
/// From the whole address, not origin + path: a page opened from a
/// `file://` folder has the origin "null".
fn app_base() -> String {
    let href = gloo::utils::window().location().href().unwrap_or_default();
    href.split(['?', '#']).next().unwrap_or_default().to_owned()
}

/// The embed code's label when the clipboard was absent or refused it.
const NOT_COPIED: &str =
    "Embed code (not copied: this browser kept the clipboard closed; select it and copy) ";

#[function_component]
pub fn ExportBar(props: &ExportProps) -> Html {
    // The snippet and what became of it on the clipboard.
    let copied = use_state(|| None::<(String, &'static str)>);
    let state = props.state.clone();
    let disabled = state.mapping().is_none();
    let on_svg = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            if let Err(e) = export_svg(&state) {
                gloo::console::error!("SVG export failed", e);
            }
        })
    };
    let on_png = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            if let Err(e) = export_png(&state) {
                gloo::console::error!("PNG export failed", e);
            }
        })
    };
    let on_embed = {
        let state = state.clone();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            let snippet = iframe_snippet(&app_base(), Shown::of(&state), FigureView::Both);
            // Browsers differ: the clipboard is absent outside https and
            // localhost, and an engine may refuse the write. The label says
            // which, and the snippet is there to select and copy by hand.
            let clipboard = gloo::utils::window().navigator().clipboard();
            if clipboard.is_undefined() {
                copied.set(Some((snippet, NOT_COPIED)));
                return;
            }
            let promise = clipboard.write_text(&snippet);
            copied.set(Some((snippet.clone(), "Embed code (copying) ")));
            let copied = copied.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
                let said = if ok {
                    "Embed code (copied) "
                } else {
                    NOT_COPIED
                };
                copied.set(Some((snippet, said)));
            });
        })
    };
    html! {
        <div class="export-bar" role="group" aria-label="Figures and embedding">
            <button id="export-svg" type="button" onclick={on_svg} {disabled}
                title="Download the picture as it is drawn, as an SVG file">{ "Export SVG" }</button>
            <button id="export-png" type="button" onclick={on_png} {disabled}
                title="Download the picture as a PNG at twice its size">{ "Export PNG" }</button>
            <button id="copy-embed" type="button" onclick={on_embed}
                title="Copy an <iframe> that shows this shape (and the comparison, when one is shown) in another page">{ "Copy embed code" }</button>
            <a id="docs-link" href="docs.html">{ "Examples for documentation" }</a>
            if let Some((snippet, said)) = (*copied).clone() {
                <label class="embed-code">{ said }
                    <input id="embed-code" type="text" readonly=true value={snippet} />
                </label>
            }
        </div>
    }
}
