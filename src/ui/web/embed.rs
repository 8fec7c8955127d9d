//! Embed mode (`?embed=1&shape=...`): the picture alone, filling its
//! frame, with compact or full controls by option and a link to the full
//! app. The address options are read by [`crate::ui::embed::options`]; the
//! embedded page never writes the address or localStorage.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::app::{use_animation, use_dispatch, use_system_theme};
use super::browser;
use super::canvas::LayoutCanvas;
use super::compare::{CompareLine, CompareMemory};
use super::controls::Controls;
use super::motion::reduced_motion;
use super::shared::Shared;
use super::stepper::StepPanel;
use crate::ui::embed::{full_app_href, EmbedControls, EmbedOptions, Shown};
use crate::ui::shard::ShardView;
use crate::ui::state::{Action, State};

/// Draws embed mode's strip for a shard: the device grid and what the
/// shown device holds (the picker too when the bool says controls show).
pub type ShardStrip = fn(&ShardView, &Callback<Action>, bool) -> Html;

static SHARD_STRIP: std::sync::OnceLock<ShardStrip> = std::sync::OnceLock::new();

/// Registers the strip (the sharded embed module, [`super::start_embed_sharded`]);
/// without it the sharding code stays out of the embed module.
pub fn register_shard_strip(strip: ShardStrip) {
    let _ = SHARD_STRIP.set(strip);
}

#[derive(Properties, PartialEq)]
pub struct EmbedProps {
    pub options: EmbedOptions,
    /// The shape to show; `None` reads the address (`?shape=`).
    #[prop_or_default]
    pub shape: Option<AttrValue>,
    /// Where `data-theme` goes (an element's shadow root wrapper); `None`
    /// is the page's `<html>`.
    #[prop_or_default]
    pub theme_root: Option<web_sys::Element>,
    /// The full app's address for "open in the full app" (`./` on embed
    /// mode's page: the same deployment; an element's `app` attribute);
    /// `None` leaves the link out.
    #[prop_or_default]
    pub app: Option<AttrValue>,
}

#[function_component]
pub fn EmbedApp(props: &EmbedProps) -> Html {
    let options = props.options.clone();
    let state = {
        let options = options.clone();
        let shape = props.shape.clone();
        use_reducer(move || {
            // An element (its shape given by its host) takes nothing from
            // the host page's address: the page's own `?padded=`, `?pad=`
            // or `?leaf=` are not the figure's.
            let i = match &shape {
                Some(shape) => browser::Initial {
                    shape: shape.to_string(),
                    padded: String::new(),
                    pad_value: Default::default(),
                    leaf: Vec::new(),
                    compare: String::new(),
                    sharding: String::new(),
                    device: 0,
                },
                None => browser::initial_from_address(),
            };
            let mut s = State::new(i.shape, i.padded, i.pad_value, i.leaf);
            s.apply(Action::SystemDark(
                browser::dark_query().is_some_and(|q| q.matches()),
            ));
            crate::ui::embed::apply(&mut s, &options, reduced_motion());
            s
        })
    };
    let dispatch = use_dispatch(&state);
    let dark = state.settings.theme_kind() == crate::render::world::ThemeKind::Dark;
    let theme_root = props.theme_root.clone();
    use_effect_with(dark, move |dark| match theme_root {
        Some(root) => {
            let _ = root.set_attribute("data-theme", if *dark { "dark" } else { "light" });
        }
        None => browser::apply_theme(*dark),
    });
    use_system_theme(dispatch.clone());
    use_animation(state.anim.playing, dispatch.clone());

    let full_app = props
        .app
        .as_ref()
        .map(|app| full_app_href(app, Shown::of(&state)));
    let controls = match options.controls {
        EmbedControls::None => html! {},
        EmbedControls::Compact => {
            html! { <Compact state={state.clone()} dispatch={dispatch.clone()} /> }
        }
        EmbedControls::Full => {
            html! { <Controls state={state.clone()} dispatch={dispatch.clone()} /> }
        }
    };
    let compared = state.compare.is_some();
    let model = state.model.as_ref();
    let strip = model
        .and_then(|m| m.shard.as_ref())
        .zip(SHARD_STRIP.get())
        .map(|(v, strip)| strip(v, &dispatch, options.controls != EmbedControls::None));
    let sharding_error = model
        .and_then(|m| m.sharding_error.as_ref())
        .map(|e| e.message.clone());
    let class = classes!(
        "embed",
        compared.then_some("compared"),
        strip.is_some().then_some("sharded")
    );
    let body = html! {
        <>
            if let Some(message) = sharding_error {
                <pre id="sharding-error" class="shape-error" role="alert">{ message }</pre>
            }
            { strip.unwrap_or_default() }
            <LayoutCanvas state={state.clone()} dispatch={dispatch.clone()}
                described={state.model.clone().map(Shared)} />
            if compared {
                <CompareMemory model={state.model.clone().map(Shared)} compare={state.compare.clone()}
                    lit={state.hover.or(state.pinned).map(|t| t.offset)} dispatch={dispatch.clone()} />
                <CompareLine compare={state.compare.clone()}
                    verdict={options.controls != EmbedControls::None} />
            }
            if options.step.is_some() {
                <StepPanel model={state.model.clone().map(Shared)} stage={state.stage}
                    offset={super::info::shown(&state).1} dispatch={dispatch.clone()} />
            }
            <div class="embed-bar">
                { controls }
                if let Some(href) = full_app {
                    <a class="open-full" {href} target="_blank" rel="noopener">{ "open in the full app" }</a>
                }
            </div>
        </>
    };
    if props.theme_root.is_some() {
        // In an <xla-layout> element: no landmark and no heading of its
        // own, which would change the host page's; the host element is the
        // named figure (role="figure", aria-label; xla-layout-element.js).
        html! { <div {class}>{ body }</div> }
    } else {
        // The page of embed mode (?embed=1): its main content, with a
        // heading for screen readers (an iframe's page is a document).
        html! {
            <main {class}>
                <h1 class="visually-hidden">{ format!("XLA layout of {}", state.input) }</h1>
                { body }
            </main>
        }
    }
}

#[derive(Properties, PartialEq)]
struct CompactProps {
    state: UseReducerHandle<State>,
    dispatch: Callback<Action>,
}

/// One row: play/pause, one step back and forward, the offset slider.
#[function_component]
fn Compact(props: &CompactProps) -> Html {
    let s = &props.state;
    let d = &props.dispatch;
    let last = s.anim.footprint.saturating_sub(1);
    let disabled = s.anim.footprint == 0;
    let on_play = d.reform(|_: MouseEvent| Action::TogglePlay);
    let on_back = d.reform(|_: MouseEvent| Action::Step(-1));
    let on_fwd = d.reform(|_: MouseEvent| Action::Step(1));
    let on_scrub = d.reform(|e: InputEvent| {
        let v = e
            .target_unchecked_into::<HtmlInputElement>()
            .value_as_number();
        Action::Seek(if v.is_finite() && v > 0.0 {
            v as u64
        } else {
            0
        })
    });
    let (label, title) = if s.anim.playing {
        ("❚❚", "Pause")
    } else {
        ("▶", "Play")
    };
    html! {
        <div class="compact-controls" role="toolbar" aria-label="Animation">
            <button id="play" type="button" onclick={on_play} {disabled} {title} aria-label={title}
                aria-pressed={s.anim.playing.to_string()}>{ label }</button>
            <button id="step-back" type="button" onclick={on_back} {disabled} title="Back one element" aria-label="−1: back one element">{ "−1" }</button>
            <button id="step-forward" type="button" onclick={on_fwd} {disabled} title="Forward one element" aria-label="+1: forward one element">{ "+1" }</button>
            <input id="scrub" type="range" min="0" max={last.to_string()} step="1" value={s.anim.cursor.to_string()}
                oninput={on_scrub} {disabled} aria-label="Memory offset" />
            <output id="cursor-readout" class="readout">{ format!("offset {}", s.anim.cursor) }</output>
        </div>
    }
}
