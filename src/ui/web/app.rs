//! The page: the shape bar, the canvas with its controls and legend, and
//! the side panels. All state is in one reducer ([`State`]).

use std::cell::Cell;
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::render::{request_animation_frame, AnimationFrame};
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use web_sys::{HtmlSelectElement, MediaQueryListEvent};
use yew::prelude::*;

use super::breakdown::{use_instruction, Breakdown};
use super::browser::{self, Initial};
use super::canvas::LayoutCanvas;
use super::compare::ComparePanel;
use super::compare_row::CompareRow;
use super::controls::Controls;
use super::document::{use_document, DocumentBar};
use super::input::ShapeInput;
use super::keys::use_keyboard;
use super::later::use_panels;
use super::panels;
use super::present::{KeysHelp, PresentButtons};
use super::scan_table::ScanTable;
use super::second_part::use_second_part;
use super::sharding::ShardingField;
use super::shared::Shared;
use super::text_view::TextView;
use super::timeline::OpenDump;
use super::timing;
use crate::ui::presets::PRESETS;
use crate::ui::state::{Action, State, Status, ThemeChoice};

/// The error region id (`role="alert"`): a stable hook for tests.
pub const ERROR_ID: &str = "shape-error";
/// The input is saved at most this often while typing.
const SAVE_EVERY_MS: f64 = 300.0;
/// And never in the keystroke's own task: at least this long after it, once
/// the frame has painted (the address and localStorage writes cost
/// 0.6-0.9 ms, which the keystroke's frame does not need).
const SAVE_AFTER_MS: f64 = 50.0;

#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// Start with this text instead of the address / storage / default.
    #[prop_or_default]
    pub initial: Option<AttrValue>,
}

#[function_component]
pub fn App(props: &AppProps) -> Html {
    let state = {
        let text = props.initial.clone();
        use_reducer(move || {
            // Shardings are read in the app only (see `shard::enable`).
            crate::ui::shard::enable();
            let present = text.is_none() && super::present::from_address();
            let i = match text {
                Some(t) => Initial {
                    shape: t.to_string(),
                    padded: String::new(),
                    pad_value: Default::default(),
                    leaf: Vec::new(),
                    compare: String::new(),
                    sharding: String::new(),
                    device: 0,
                },
                None => browser::initial(),
            };
            crate::ui::breakdown_mlir::enable_for(&i.shape);
            let mut s = State::new(i.shape, i.padded, i.pad_value, i.leaf);
            if !i.compare.is_empty() {
                s.apply(Action::CompareEdit(i.compare));
            }
            if !i.sharding.is_empty() {
                s.apply(Action::Sharding(i.sharding));
                s.apply(Action::Device(i.device));
            }
            s.apply(Action::SystemDark(
                browser::dark_query().is_some_and(|q| q.matches()),
            ));
            if present {
                s.apply(Action::Present(true));
            }
            s
        })
    };
    let dispatch = use_dispatch(&state);

    // Every edit goes to localStorage at once and to the address bar soon
    // after, so the text survives reloads, crashes and sharing.
    use_remember(Initial {
        shape: state.input.clone(),
        padded: state.padded.clone(),
        pad_value: state.pad_value,
        leaf: state.leaf.clone(),
        compare: state
            .compare
            .as_ref()
            .map(|c| c.input.clone())
            .unwrap_or_default(),
        sharding: state.sharding.clone(),
        device: state.device,
    });
    let dark = state.settings.theme_kind() == crate::render::world::ThemeKind::Dark;
    use_effect_with(dark, |dark| browser::apply_theme(*dark));
    use_system_theme(dispatch.clone());
    use_animation(state.anim.playing, dispatch.clone());
    use_keyboard(dispatch.clone());

    let on_edit = {
        let dispatch = dispatch.clone();
        (*use_memo((), move |_| dispatch.reform(Action::Edit))).clone()
    };
    // A large paste is held as a document, never in the box (issue 15).
    let box_draws = matches!(state.status, Status::Valid) && !state.input.trim().is_empty();
    let doc = use_document(on_edit.clone(), state.edits, box_draws);
    let held = doc.handle.doc.borrow().as_ref().map(|d| d.utf16_len);
    // The first frame shows the bar and the picture; the panels, the
    // step-through, the export bar, the examples menu and an instruction's
    // breakdown follow a frame later (issue 24: they were a third of the
    // first paint's work).
    let rest = use_first_frame_painted();
    let instruction = use_instruction(&state.input, rest);
    // The dump form's code is in the module's second part: drawn once that
    // has arrived, it calls no placeholder (issue 69; docs/dependencies.md).
    let second_part = use_second_part();
    let on_preset = dispatch.reform(|e: Event| {
        let id = e.target_unchecked_into::<HtmlSelectElement>().value();
        match crate::ui::presets::find(&id) {
            Some(p) => Action::Preset(p),
            None => Action::Unpin,
        }
    });
    let on_theme = dispatch.reform(|e: Event| {
        Action::Theme(
            match e
                .target_unchecked_into::<HtmlSelectElement>()
                .value()
                .as_str()
            {
                "light" => ThemeChoice::Light,
                "dark" => ThemeChoice::Dark,
                _ => ThemeChoice::System,
            },
        )
    });
    let current_preset = PRESETS
        .iter()
        .find(|p| p.shape == state.input && p.padded == state.padded)
        .map(|p| p.id);
    let error = match &state.status {
        // An empty box beside a held document is not a mistake.
        Status::Invalid(_) if held.is_some() && state.input.trim().is_empty() => None,
        Status::Invalid(e) => Some(e.message.clone()),
        Status::Valid => None,
    };
    let model = state.model.clone();
    // The panels show a new model a frame after the picture (`later.rs`).
    let later = use_panels(&state);
    let panel_model = later.model.clone();
    let present = state.settings.present;
    // After a typo the picture and the canonical text are the last good
    // shape's: said so (issue 71).
    let stale = error.is_some();
    let beside_open = state.compare.is_some() || state.stage.is_some();
    let canonical = model
        .as_ref()
        .map(|m| m.canonical.clone())
        .unwrap_or_default();

    html! {
        <main class={classes!("app", present.then_some("present"))}>
            <header class="top">
                <div>
                    <h1>{ "XLA layout viewer" }</h1>
                    <p class="lede">
                        { "Type an XLA shape with its layout to see where every element lives in linear memory." }
                    </p>
                </div>
                <label class="theme-pick">{ "Theme " }
                    <select id="theme-select" onchange={on_theme}>
                        <option value="system" selected={state.settings.theme == ThemeChoice::System}>{ "system" }</option>
                        <option value="light" selected={state.settings.theme == ThemeChoice::Light}>{ "light" }</option>
                        <option value="dark" selected={state.settings.theme == ThemeChoice::Dark}>{ "dark" }</option>
                    </select>
                </label>
            </header>
            <section class="shape-bar">
                <div class="shape-row">
                    <label for="shape-input" class="field-label">{ "Shape" }</label>
                    <ShapeInput value={AttrValue::from(state.input.clone())} error_span={state.error_span()}
                        on_edit={on_edit.clone()} on_large={doc.load.clone()} on_large_js={doc.load_later.clone()} text_length={held} />
                    <select id="preset-select" class="presets" onchange={on_preset} aria-label="Examples">
                        <option value="" selected={current_preset.is_none()}>{ "Examples…" }</option>
                        if rest { { preset_options(current_preset) } }
                    </select>
                    <PresentButtons on={present} dispatch={dispatch.clone()} />
                    if rest { <KeysHelp /> }
                </div>
                <ShardingField value={AttrValue::from(state.sharding.clone())}
                    error={model.as_ref().and_then(|m| m.sharding_error.clone())}
                    filled={state.sharding_filled} dispatch={dispatch.clone()} />
                <DocumentBar doc={doc.clone()} on_edit={on_edit.clone()} />
                <pre id={ERROR_ID} class="shape-error" role="alert">{ error.unwrap_or_default() }</pre>
                <p class="canonical" hidden={canonical.is_empty()} data-stale={stale.to_string()}>
                    { if stale { "Still drawn, the last valid shape: " } else { "Canonical: " } }
                    <output id="shape-canonical" for="shape-input">{ canonical }</output>
                </p>
                <ComparePanel compare={state.compare.clone()} dispatch={dispatch.clone()} />
                if let Some(text) = instruction {
                    <Breakdown {text} on_draw={on_edit.clone()} />
                }
                if held.is_some() {
                    <ScanTable doc={doc.clone()} on_pick={on_edit.clone()} />
                    <TextView doc={doc.clone()} />
                }
            </section>
            <div class="workspace">
                <section class={classes!("stage", beside_open.then_some("beside-open"))}>
                    <Controls state={state.clone()} dispatch={dispatch.clone()} />
                    <LayoutCanvas state={state.clone()} dispatch={dispatch.clone()}
                        described={panel_model.clone().map(Shared)} />
                    // Beside the picture in presentation mode, under it else.
                    <div class="beside">
                        // Nothing to show (nor to compile) until a second layout is given.
                        if state.compare.is_some() {
                            <CompareRow model={model.clone().map(Shared)} compare={state.compare.clone()}
                                lit={state.hover.or(state.pinned).map(|t| t.offset)} dispatch={dispatch.clone()}
                                row_width={state.worlds.as_ref().map_or(1, |w| w.memory.row_width)}
                                theme={state.settings.theme_kind()} />
                        }
                        if rest { { panels::under_canvas(&state, &later, &dispatch) } }
                    </div>
                </section>
                <aside class="side">
                    if rest { { panels::side(&state, &later, &dispatch) } }
                </aside>
            </div>
            if rest && second_part { <OpenDump dispatch={dispatch.clone()} /> }
        </main>
    }
}

/// The examples menu's options (a frame after the first picture).
#[inline(never)]
fn preset_options(current: Option<&str>) -> Html {
    PRESETS
        .iter()
        .map(|p| html! {
            <option value={p.id} title={p.note} selected={current == Some(p.id)}>{ p.name }</option>
        })
        .collect()
}

/// False until the first frame has painted, then true for good.
#[hook]
fn use_first_frame_painted() -> bool {
    let painted = use_state(|| false);
    let set = painted.setter();
    use_effect_with((), move |_| {
        super::document::after_paint(move || set.set(true))
    });
    *painted
}

/// Saves each new input (localStorage and the address) at most every
/// [`SAVE_EVERY_MS`] and no sooner than [`SAVE_AFTER_MS`] after it; the
/// last one always lands, and leaving the page or a panic saves at once.
#[hook]
fn use_remember(current: Initial) {
    let pending = use_mut_ref(|| None::<Timeout>);
    let scheduled = use_mut_ref(|| false);
    let last = use_mut_ref(|| f64::NEG_INFINITY);
    use_effect_with((), |_| {
        let window = web_sys::window();
        let listener = window
            .as_ref()
            .map(|w| EventListener::new(w, "pagehide", |_| browser::save()));
        move || drop(listener)
    });
    use_effect_with(current, move |current| {
        browser::note(current);
        let now = timing::now();
        let wait = (*last.borrow() + SAVE_EVERY_MS - now).max(SAVE_AFTER_MS);
        if !*scheduled.borrow() {
            *scheduled.borrow_mut() = true;
            let (scheduled, last) = (scheduled.clone(), last.clone());
            *pending.borrow_mut() = Some(Timeout::new(wait.ceil() as u32, move || {
                *last.borrow_mut() = timing::now();
                *scheduled.borrow_mut() = false;
                browser::save();
            }));
        }
    });
}

/// The state's dispatch as one callback for the component's life (the
/// reducer's dispatcher never changes). A new one each render would differ
/// from the last (callbacks compare by identity), so every child given it,
/// the side panels and the fields, would render again on every keystroke
/// and animation frame, before the canvas could paint (issue 24).
#[hook]
pub(super) fn use_dispatch(state: &UseReducerHandle<State>) -> Callback<Action> {
    let d = state.dispatcher();
    (*use_memo((), move |_| Callback::from(move |a: Action| d.dispatch(a)))).clone()
}

/// Follows the system's colour scheme while the page is open.
#[hook]
pub(super) fn use_system_theme(dispatch: Callback<Action>) {
    use_effect_with((), move |_| {
        let listener = browser::dark_query().map(|q| {
            EventListener::new(&q, "change", move |e| {
                if let Some(e) = e.dyn_ref::<MediaQueryListEvent>() {
                    dispatch.emit(Action::SystemDark(e.matches()));
                }
            })
        });
        move || drop(listener)
    });
}

/// While `playing`, a requestAnimationFrame loop sends [`Action::Tick`]s.
/// The frame handle is kept in a cell; dropping it stops the loop.
#[hook]
pub(super) fn use_animation(playing: bool, dispatch: Callback<Action>) {
    use_effect_with(playing, move |playing| {
        let active = Rc::new(Cell::new(*playing));
        let handle: Rc<std::cell::RefCell<Option<AnimationFrame>>> = Rc::default();
        if *playing {
            schedule(handle.clone(), active.clone(), dispatch);
        }
        move || {
            active.set(false);
            handle.borrow_mut().take();
        }
    });
}

fn schedule(
    handle: Rc<std::cell::RefCell<Option<AnimationFrame>>>,
    active: Rc<Cell<bool>>,
    dispatch: Callback<Action>,
) {
    let next = handle.clone();
    let frame = request_animation_frame(move |time| {
        if !active.get() {
            return;
        }
        timing::frame_started();
        dispatch.emit(Action::Tick(time));
        schedule(next, active, dispatch);
    });
    *handle.borrow_mut() = Some(frame);
}
