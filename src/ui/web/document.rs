//! The held document on the page: the hook that owns it (and starts its
//! scan, `document_scan.rs`), the one-line summary in the shape bar (with Edit
//! and Clear), and reading dropped files. The state itself is
//! [`crate::ui::document::Document`] (plain Rust).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use js_sys::JsString;
use web_sys::DragEvent;
use yew::prelude::*;

use super::document_scan::{scan_later, AfterScan};
use super::pasted::{self, Pasted};
use super::{idb, timing};
use crate::ui::document::{should_hold, Document};

/// Edit puts the document back into the native box only up to this size:
/// larger texts lay out for seconds there (issue 15's measurements).
pub const EDIT_LIMIT: usize = 1024 * 1024;

/// A pasted text up to this many UTF-16 units is converted and held in the
/// paste's own task; a larger one first paints "reading" and is converted
/// in a later task. In the paste harness (`tests/e2e/bench_paste.mjs`,
/// quiet machine) a 5 MB module's paste task is then getData 35-40 ms +
/// conversion 15-20 ms + document 5 ms, about 60 ms in all, which scales to
/// about 100 ms at this bound (issue 15: no task over 200 ms, or over the
/// control's longest + 50 ms); 20 MB alone takes 140 ms in `getData`.
const TAKE_AT_ONCE: usize = 8 << 20;

/// The document (if any) and a version bumped by every change, so that
/// components given the handle re-render when it changes.
#[derive(Clone)]
pub struct DocHandle {
    pub doc: Rc<RefCell<Option<Document>>>,
    pub version: u64,
}

impl PartialEq for DocHandle {
    fn eq(&self, other: &DocHandle) -> bool {
        self.version == other.version && Rc::ptr_eq(&self.doc, &other.doc)
    }
}

/// What the page can do with the document.
#[derive(Clone, PartialEq)]
pub struct UseDocument {
    pub handle: DocHandle,
    /// Hold this text as the document (and save it).
    pub load: Callback<Pasted>,
    /// A large pasted JS string: held at once up to `TAKE_AT_ONCE` UTF-16
    /// units; a larger one is shown as "reading" first, converted and held
    /// in a task after that frame (so the paste's own task stays as short
    /// as the browser's `getData`).
    pub load_later: Callback<JsString>,
    /// A pasted text waiting to be converted: its length in UTF-16 units.
    pub pending: Option<usize>,
    /// Drop the document (and its saved copy).
    pub clear: Callback<()>,
    /// Something in the document changed (sort, filter, selection).
    pub changed: Callback<()>,
    /// The last save failed: why.
    pub save_error: Option<AttrValue>,
    /// The document is in IndexedDB (`data-saved` on `#document-bar`).
    pub saved: bool,
}

/// This render's `on_pick`, `box_edits` and `box_draws`, for the pick at
/// the end of a scan that started renders ago, and `box_edits` when the
/// document came (`at_hold`).
#[derive(Clone)]
struct Latest {
    on_pick: Callback<String>,
    box_edits: u64,
    box_draws: bool,
    at_hold: u64,
}

/// The held document. When its scan is done and the shape box draws
/// nothing of its own (`box_draws` false: empty, or an error) and nothing
/// set its text since the document came (`box_edits`, `State::edits`), the table's
/// first valid row is picked and its shape given to `on_pick`: a paste
/// into an empty box then draws what wastes the most, instead of leaving
/// the last shape drawn beside a table that does not hold it. Text typed
/// while the scan ran is never replaced, even half a shape (an error).
#[hook]
pub fn use_document(on_pick: Callback<String>, box_edits: u64, box_draws: bool) -> UseDocument {
    let doc = use_mut_ref(|| None::<Document>);
    let version = use_mut_ref(|| Cell::new(0u64));
    let task = use_mut_ref(|| None::<Timeout>);
    let save_error = use_state(|| None::<AttrValue>);
    let saved = use_state(|| false);
    let pending = use_state(|| None::<usize>);
    // Bumped by every load and clear: a conversion still waiting for its
    // task is dropped when something newer came.
    let generation = use_mut_ref(|| Cell::new(0u64));
    // The save of a pasted text, run when its scan is done.
    let after_scan: AfterScan = use_mut_ref(|| None);
    let update = use_force_update();
    let bump = {
        let (version, update) = (version.clone(), update.clone());
        Rc::new(move || {
            let v = version.borrow();
            v.set(v.get() + 1);
            update.force_update();
        })
    };
    let latest = use_mut_ref(|| Latest {
        on_pick: on_pick.clone(),
        box_edits,
        box_draws,
        at_hold: box_edits,
    });
    {
        let mut l = latest.borrow_mut();
        (l.on_pick, l.box_edits, l.box_draws) = (on_pick, box_edits, box_draws);
    }
    let pick_first: Rc<dyn Fn()> = {
        let (doc, bump, latest) = (doc.clone(), bump.clone(), latest.clone());
        Rc::new(move || {
            let Latest {
                on_pick,
                box_edits,
                box_draws,
                at_hold,
            } = latest.borrow().clone();
            if box_draws || box_edits != at_hold {
                return;
            }
            let shape = doc.borrow_mut().as_mut().and_then(Document::pick_first);
            if let Some(shape) = shape {
                bump();
                on_pick.emit(shape);
            }
        })
    };
    let hold = {
        let (doc, task, bump) = (doc.clone(), task.clone(), bump.clone());
        let (after_scan, latest) = (after_scan.clone(), latest.clone());
        Rc::new(move |text: String, utf16_len: Option<usize>| {
            let t0 = timing::now();
            {
                let mut l = latest.borrow_mut();
                l.at_hold = l.box_edits;
            }
            // A pasted MLIR text turns its reader on (`breakdown_mlir::enable`).
            crate::ui::breakdown_mlir::enable_for(&text);
            *doc.borrow_mut() = Some(match utf16_len {
                Some(n) => Document::with_utf16_len(text, n),
                None => Document::new(text),
            });
            timing::since("paste.document", t0);
            bump();
            // The summary renders now; the scan starts in the next task
            // (waiting for a frame in between cost 15-25 ms before
            // anything was listed).
            scan_later(
                doc.clone(),
                task.clone(),
                bump.clone(),
                after_scan.clone(),
                pick_first.clone(),
            );
        })
    };
    let load = {
        let (hold, save_error, doc) = (hold.clone(), save_error.clone(), doc.clone());
        let (saved, after_scan) = (saved.clone(), after_scan.clone());
        let generation = generation.clone();
        Callback::from(move |pasted: Pasted| {
            let g = generation.borrow();
            g.set(g.get() + 1);
            let (done, saved) = (save_error.clone(), saved.clone());
            saved.set(false);
            let doc = doc.clone();
            // Saved after the frame that lists the scan's rows: making the Blob
            // copies the whole text (9 ms for 5 MB), which in the middle
            // of the scan delayed the listing (issue 7: 5 MB listed in
            // 200 ms). A newer paste or Clear drops a save not yet run.
            *after_scan.borrow_mut() = Some(Box::new(move || {
                let t0 = timing::now();
                let Some(text) = doc.borrow().as_ref().map(|d| d.text.clone()) else {
                    return;
                };
                let done = Box::new(move |result: Result<(), String>| {
                    saved.set(result.is_ok());
                    done.set(result.err().map(AttrValue::from));
                });
                match pasted::blob(&text) {
                    Ok(blob) => idb::save(blob.into(), done),
                    Err(_) => done(Err("the text could not be copied for saving".into())),
                }
                timing::since("save.start", t0);
            }));
            hold(pasted.text, pasted.utf16_len);
        })
    };
    let load_later = {
        let (load, pending, generation) = (load.clone(), pending.clone(), generation.clone());
        Callback::from(move |js: JsString| {
            if (js.length() as usize) <= TAKE_AT_ONCE {
                return take_and_load(&js, &load);
            }
            let mine = {
                let g = generation.borrow();
                g.set(g.get() + 1);
                g.get()
            };
            pending.set(Some(js.length() as usize));
            let (load, pending, generation) = (load.clone(), pending.clone(), generation.clone());
            // The box as it was at the paste: text typed while the paste
            // is converted is the user's too.
            let (latest, at_paste) = (latest.clone(), latest.borrow().box_edits);
            after_paint(move || {
                if generation.borrow().get() != mine {
                    return;
                }
                pending.set(None);
                take_and_load(&js, &load);
                latest.borrow_mut().at_hold = at_paste;
            });
        })
    };
    // The scanner is warmed up before the first paste, the scenes before
    // the first keystroke (see `warm.rs`).
    use_effect_with((), |_| {
        super::warm::warm_up_later();
        super::warm::warm_scenes_after_first_picture();
    });
    // A document saved by an earlier visit comes back, after the first
    // picture: opening IndexedDB is not the first frame's work (issue 24).
    use_effect_with((), {
        let (hold, saved) = (hold.clone(), saved.clone());
        move |_| {
            after_paint(move || {
                idb::load(Box::new(move |text: Option<String>| {
                    if let Some(text) = text {
                        saved.set(true);
                        hold(text, None);
                    }
                }))
            })
        }
    });
    let clear = {
        let (doc, task, bump) = (doc.clone(), task.clone(), bump.clone());
        let after_scan = after_scan.clone();
        let (saved, pending, generation) = (saved.clone(), pending.clone(), generation.clone());
        Callback::from(move |()| {
            let g = generation.borrow();
            g.set(g.get() + 1);
            pending.set(None);
            saved.set(false);
            task.borrow_mut().take();
            after_scan.borrow_mut().take();
            *doc.borrow_mut() = None;
            idb::clear();
            bump();
        })
    };
    let changed = {
        let bump = bump.clone();
        Callback::from(move |()| bump())
    };
    let v = version.borrow().get();
    UseDocument {
        handle: DocHandle { doc, version: v },
        load,
        load_later,
        pending: *pending,
        clear,
        changed,
        save_error: (*save_error).clone(),
        saved: *saved,
    }
}

/// Converts a pasted JS string once (timed as `paste.take`) and holds it.
fn take_and_load(js: &JsString, load: &Callback<Pasted>) {
    let t0 = timing::now();
    let pasted = pasted::take(js);
    timing::since("paste.take", t0);
    load.emit(pasted);
}

/// Runs `f` in a task after the next frame has painted.
pub(super) fn after_paint(f: impl FnOnce() + 'static) {
    after_paint_boxed(Box::new(f));
}

/// [`after_paint`]'s body, once for every caller (each closure type would
/// otherwise instantiate wasm-bindgen's closure shims again).
fn after_paint_boxed(f: Box<dyn FnOnce()>) {
    let later = move || {
        Timeout::new(0, f).forget();
    };
    let Some(window) = web_sys::window() else {
        return later();
    };
    let callback = wasm_bindgen::closure::Closure::once_into_js(move |_: f64| later());
    if window
        .request_animation_frame(wasm_bindgen::JsCast::unchecked_ref(&callback))
        .is_err()
    {
        // No frames (a hidden page): a plain later task.
        let f: js_sys::Function = wasm_bindgen::JsCast::unchecked_into(callback);
        let _ = window.set_timeout_with_callback(&f);
    }
}

#[derive(Properties, PartialEq)]
pub struct DocumentBarProps {
    pub doc: UseDocument,
    /// Put this text into the native box.
    pub on_edit: Callback<String>,
}

/// The one-line summary of the held document, with Edit and Clear.
#[function_component]
pub fn DocumentBar(props: &DocumentBarProps) -> Html {
    let guard = props.doc.handle.doc.borrow();
    let Some(d) = guard.as_ref() else {
        // A paste being converted: said at once, in the frame after it.
        return match props.doc.pending {
            Some(n) => html! {
                <div id="document-bar" class="document-bar" role="status" data-saved="false">
                    <span id="document-summary" class="document-summary">
                        { format!("Reading the pasted text ({n} characters)…") }
                    </span>
                </div>
            },
            None => html! {},
        };
    };
    let summary = d.summary();
    let editable = d.text.len() <= EDIT_LIMIT;
    let on_edit = {
        let (doc, clear, edit) = (
            props.doc.handle.doc.clone(),
            props.doc.clear.clone(),
            props.on_edit.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let text = doc.borrow().as_ref().map(|d| d.text.to_string());
            if let Some(text) = text {
                clear.emit(());
                edit.emit(text);
            }
        })
    };
    let on_clear = props.doc.clear.reform(|_: MouseEvent| ());
    html! {
        <div id="document-bar" class="document-bar" role="status"
            data-saved={props.doc.saved.to_string()}>
            <span id="document-summary" class="document-summary">{ summary }</span>
            <button id="document-edit" type="button" onclick={on_edit} disabled={!editable}
                title={if editable { "Put the text into the box to edit it" } else { "Too large to edit in the box (over 1 MiB)" }}>
                { "Edit" }</button>
            <button id="document-clear" type="button" onclick={on_clear}>{ "Clear" }</button>
            if let Some(e) = &props.doc.save_error {
                <span id="document-save-error" class="document-save-error">
                    { format!("Not saved: {e}. The text will be gone after a reload.") }
                </span>
            }
        </div>
    }
}

/// A file or text dropped on the box: large ones become the document.
pub fn dropped(event: &DragEvent, on_large: &Callback<Pasted>, on_edit: &Callback<String>) {
    let Some(data) = event.data_transfer() else {
        return;
    };
    let file = data.files().and_then(|f| f.get(0));
    let route = {
        let (on_large, on_edit) = (on_large.clone(), on_edit.clone());
        move |text: String| {
            if should_hold(&text) {
                on_large.emit(Pasted::from(text))
            } else {
                on_edit.emit(text)
            }
        }
    };
    if let Some(file) = file {
        event.prevent_default();
        let promise = file.text();
        wasm_bindgen_futures::spawn_local(async move {
            if let Ok(v) = wasm_bindgen_futures::JsFuture::from(promise).await {
                if let Some(text) = v.as_string() {
                    route(text);
                }
            }
        });
    } else if let Ok(text) = data.get_data("text") {
        if should_hold(&text) {
            event.prevent_default();
            route(text);
        }
    }
}
