//! The way into the timeline view (issue 69): `input#open-dump` (several
//! files), `input#open-dump-folder` (a whole folder), files or a folder
//! dropped anywhere on the page, and dump texts pasted into the shape box
//! ([`offer_paste`], called by `input.rs`). It holds the files read
//! ([`DumpSet`], plain Rust in `ui/timeline.rs`) and shows the view
//! (`timeline_view.rs`) once there are some. docs/timeline.md, "In the app".
//!
//! The form is drawn once the module's second part has arrived
//! (`second_part.rs`), so none of its code is in the first part; the
//! reader and the view run once files come (docs/dependencies.md, "The
//! app in two parts").

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::{File, HtmlInputElement};
use yew::prelude::*;

use super::shared::Shared;
use super::timeline_drop::{list, use_page_drop};
use super::timeline_view::TimelineView;
use super::timing;
use crate::ui::state::Action;
use crate::ui::timeline::{self, DumpFile, DumpSet};

thread_local! {
    /// Where a pasted dump text goes while the view is on the page, and
    /// whether a module's text joins the pasted ones.
    static PASTE: RefCell<Option<(Callback<String>, bool)>> = const { RefCell::new(None) };
}

/// A paste into the shape box: true when the timeline took it (a buffer
/// assignment or live ranges, or a module's text joining them).
pub fn offer_paste(text: &str) -> bool {
    PASTE.with(|p| match &*p.borrow() {
        Some((to, joining)) if timeline::is_dump_paste(text, *joining) => {
            to.emit(text.to_owned());
            true
        }
        _ => false,
    })
}

/// A large paste (still a JS string): its head says whether it is a dump
/// text; only then is the whole converted and taken.
pub fn offer_large_paste(js: &js_sys::JsString) -> bool {
    let head = String::from(js.slice(0, 4096));
    let wanted = PASTE.with(|p| {
        p.borrow()
            .as_ref()
            .is_some_and(|(_, joining)| timeline::is_dump_paste(&head, *joining))
    });
    wanted && offer_paste(&String::from(js))
}

/// What the section holds.
#[derive(Clone, PartialEq)]
enum Held {
    Nothing,
    /// Files being read: how many.
    Reading(usize),
    Read(Shared<DumpSet>),
}

#[derive(Properties, PartialEq)]
pub struct OpenDumpProps {
    /// The app's reducer: a buffer picked in the view opens in the layout view.
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn OpenDump(props: &OpenDumpProps) -> Html {
    let held = use_state(|| Held::Nothing);
    // Bumped by every new set: a read still running for an older one is dropped.
    let generation = use_mut_ref(|| 0u64);
    let open = {
        let (held, generation) = (held.clone(), generation.clone());
        Callback::from(move |files: Vec<File>| {
            *generation.borrow_mut() += 1;
            let mine = *generation.borrow();
            held.set(Held::Reading(files.len()));
            let (held, generation) = (held.clone(), generation.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let read = read_all(files).await;
                if *generation.borrow() != mine {
                    return;
                }
                // From the browser's reading of the texts to the painted
                // view: `timeline.open` (tests/e2e/bench_timeline.mjs).
                let t0 = timing::now();
                let set = DumpSet::opened(read);
                timing::since("timeline.read", t0);
                held.set(Held::Read(Shared(Rc::new(set))));
                super::document::after_paint(move || timing::since("timeline.open", t0));
            });
        })
    };
    let pasted = {
        let (held, generation) = (held.clone(), generation.clone());
        Callback::from(move |text: String| {
            *generation.borrow_mut() += 1;
            let t0 = timing::now();
            let base = match &*held {
                Held::Read(set) => (*set.0).clone(),
                _ => DumpSet::default(),
            };
            if let Some(set) = base.with_pasted(text) {
                timing::since("timeline.read", t0);
                held.set(Held::Read(Shared(Rc::new(set))));
            }
        })
    };
    let joining = matches!(&*held, Held::Read(set) if set.joining());
    use_effect_with((pasted.clone(), joining), |(to, joining)| {
        PASTE.with(|p| *p.borrow_mut() = Some((to.clone(), *joining)));
        || PASTE.with(|p| *p.borrow_mut() = None)
    });
    use_page_drop(open.clone());
    let on_files = open.reform(|e: Event| {
        let input = e.target_unchecked_into::<HtmlInputElement>();
        let files = list(input.files());
        // The same files chosen again are read again.
        input.set_value("");
        files
    });
    let on_folder = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let files: Vec<File> = list(input.files())
                .into_iter()
                .filter(|f| timeline::wanted(&relative_path(f)))
                .collect();
            input.set_value("");
            open.emit(files);
        })
    };
    let close = {
        let (held, generation) = (held.clone(), generation.clone());
        Callback::from(move |_: MouseEvent| {
            *generation.borrow_mut() += 1;
            held.set(Held::Nothing);
        })
    };
    let status = match &*held {
        Held::Reading(n) => format!("Reading {n} files…"),
        _ => String::new(),
    };
    html! {
        <section class="panel dump-panel" aria-labelledby="dump-heading">
            <h2 id="dump-heading">{ "Memory over a program's run" }</h2>
            <p class="note dump-hint">
                { "Open the files XLA writes with " }<code>{ "xla_dump_to" }</code>
                { " (a module's -buffer-assignment.txt, -live-range.txt and .txt), drop them or their folder on the page, or paste their texts into the shape box." }
            </p>
            <div class="export-bar dump-open">
                <label for="open-dump">{ "Dump files " }
                    <input id="open-dump" type="file" multiple=true accept=".txt,text/plain" onchange={on_files} />
                </label>
                <label for="open-dump-folder">{ "or a folder " }
                    <input id="open-dump-folder" type="file" webkitdirectory=true onchange={on_folder} />
                </label>
                if matches!(&*held, Held::Read(_)) {
                    <button type="button" id="dump-close" onclick={close}>{ "Close the dump" }</button>
                }
            </div>
            <p id="dump-status" class="dump-status" role="status">{ status }</p>
            if let Held::Read(set) = &*held {
                <TimelineView set={set.clone()} dispatch={props.dispatch.clone()} />
            }
        </section>
    }
}

/// A folder's file by its path within the folder (`webkitRelativePath`).
fn relative_path(f: &File) -> String {
    js_sys::Reflect::get(f, &"webkitRelativePath".into())
        .ok()
        .and_then(|v| v.as_string())
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| f.name())
}

/// The files' texts, read by the browser side by side.
async fn read_all(files: Vec<File>) -> Vec<DumpFile> {
    let reads: Vec<_> = files
        .iter()
        .map(|f| (f.name(), wasm_bindgen_futures::JsFuture::from(f.text())))
        .collect();
    let mut out = Vec::with_capacity(reads.len());
    for (name, read) in reads {
        // A file that cannot be read is named by the reader as empty.
        let text = read
            .await
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        out.push(DumpFile { name, text });
    }
    out
}
