//! Presentation mode's side in the page (`crate::ui::present`): whether
//! the address asks for it, the `#present-toggle` and `#fullscreen`
//! buttons, and the address kept in step (`present=1` while on, so that a
//! shared link or a reload opens the same way).

use wasm_bindgen::JsValue;
use web_sys::Url;
use yew::prelude::*;

use crate::ui::present::{asked, PARAM};
use crate::ui::state::Action;

/// Presentation mode's stylesheet: the app's only, added to the page the
/// first time the mode turns on.
const STYLE: &str = include_str!("../../../static/present.css");
const STYLE_ID: &str = "present-style";

fn add_style() -> Option<()> {
    let document = web_sys::window()?.document()?;
    if document.get_element_by_id(STYLE_ID).is_some() {
        return Some(());
    }
    let style = document.create_element("style").ok()?;
    style.set_id(STYLE_ID);
    style.set_text_content(Some(STYLE));
    let head = document.query_selector("head").ok()??;
    head.append_child(&style).ok()?;
    Some(())
}

/// Whether the page's address asks for presentation mode.
pub fn from_address() -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| asked(&q))
}

/// Writes `present=1` into the address, or takes it out.
fn keep_in_address(on: bool) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let href = window.location().href()?;
    let url = Url::new(&href)?;
    if on {
        url.search_params().set(PARAM, "1");
    } else {
        url.search_params().delete(PARAM);
    }
    if url.href() != href {
        window
            .history()?
            .replace_state_with_url(&JsValue::NULL, "", Some(&url.href()))?;
    }
    Ok(())
}

/// The browser's full screen for the whole page, or out of it.
fn toggle_full_screen() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if document.fullscreen_element().is_some() {
        document.exit_fullscreen();
    } else if let Some(root) = document.document_element() {
        let _ = root.request_fullscreen();
    }
}

#[derive(Properties, PartialEq)]
pub struct PresentProps {
    pub on: bool,
    pub dispatch: Callback<Action>,
}

/// The toggle (key `p`) and, while on, the full-screen button and one
/// that opens the stages (the step panel is hidden until they are open).
#[function_component]
pub fn PresentButtons(props: &PresentProps) -> Html {
    use_effect_with(props.on, |on| {
        if *on {
            add_style();
        }
        if let Err(error) = keep_in_address(*on) {
            gloo::console::warn!("could not keep presentation mode in the address", error);
        }
    });
    let toggle = props.dispatch.reform(|_: MouseEvent| Action::TogglePresent);
    let full = Callback::from(|_: MouseEvent| toggle_full_screen());
    let stages = props.dispatch.reform(|_: MouseEvent| Action::StageStep(1));
    html! {
        <>
            <button type="button" id="present-toggle" onclick={toggle}
                aria-pressed={props.on.to_string()} aria-keyshortcuts="P"
                title="Presentation mode: the picture fills the window, its text large (p)">{ "Present" }</button>
            if props.on {
                <button type="button" id="fullscreen" onclick={full}
                    title="The browser's full screen (Esc leaves it)">{ "Full screen" }</button>
                // The step panel sits beside the picture once open.
                <button type="button" id="present-stages" onclick={stages} aria-keyshortcuts="]"
                    title="Step through the tiling, stage by stage (] and [)">{ "Stages" }</button>
            }
        </>
    }
}

/// Every key the page takes (`keys.rs`), as the app's help
/// (`#keys-help`, a disclosure beside the examples).
const KEYS: &[(&str, &str)] = &[
    ("Space", "play or pause"),
    ("← →", "one element back or forward (Shift: a tile)"),
    ("Home End", "to the first or last offset"),
    ("+ −", "faster or slower"),
    ("f", "fit both views"),
    ("z x", "zoom in or out"),
    ("w a s d", "pan the views"),
    ("[ ]", "step through the tiling, stage by stage"),
    ("Shift+arrows", "in a zoomed stage: pan it"),
    ("p", "presentation mode: the picture fills the window"),
    ("Esc", "close the stages, else unpin the pinned cell"),
];

/// The keys, listed in a disclosure (a frame after the first picture).
#[function_component]
pub fn KeysHelp() -> Html {
    use_effect_with((), |_| {
        add_style();
    });
    html! {
        <details id="keys-help" class="keys-help">
            <summary>{ "Keys" }</summary>
            <dl>
                { for KEYS.iter().map(|(k, what)| html! {
                    <><dt><kbd>{ *k }</kbd></dt><dd>{ *what }</dd></>
                }) }
            </dl>
        </details>
    }
}
