//! Files or a folder dropped anywhere on the page (issue 69): dump files
//! go to the timeline; a dropped folder is walked like the folder input
//! reads one (`input#open-dump-folder`, `webkitdirectory`: every file
//! under it, subfolders included), through the entries the drop carries
//! (`DataTransferItem.webkitGetAsEntry()`, then
//! `FileSystemDirectoryReader.readEntries()` until it returns none, and
//! `FileSystemFileEntry.file()`), keeping the dump files
//! ([`timeline::wanted`]). Anything else is left to the page (the shape
//! box reads a dropped text file).

use gloo::events::{EventListener, EventListenerOptions, EventListenerPhase};
use js_sys::{Array, Function, Promise};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{DataTransfer, DragEvent, File, FileList};
use yew::prelude::*;

use crate::ui::timeline;

/// A dropped folder is walked this deep at most...
const MAX_DEPTH: usize = 32;
/// ...and through at most this many entries (files and folders).
const MAX_ENTRIES: usize = 100_000;

/// Files dropped anywhere on the page, or a folder's dump files, go to `open`.
#[hook]
pub fn use_page_drop(open: Callback<Vec<File>>) {
    use_effect_with((), move |_| {
        let window = gloo::utils::window();
        let capture = EventListenerOptions {
            phase: EventListenerPhase::Capture,
            passive: false,
        };
        let over = EventListener::new_with_options(&window, "dragover", capture, |e| {
            let carries_files = e
                .dyn_ref::<DragEvent>()
                .and_then(DragEvent::data_transfer)
                .is_some_and(|d| d.types().includes(&"Files".into(), 0));
            if carries_files {
                // Lets a drop happen anywhere, not only on the box.
                e.prevent_default();
            }
        });
        let on_drop = EventListener::new_with_options(&window, "drop", capture, move |e| {
            let Some(data) = e.dyn_ref::<DragEvent>().and_then(DragEvent::data_transfer) else {
                return;
            };
            // Entries are only readable during the event: taken now.
            let folders = folders(&data);
            if !folders.is_empty() {
                e.prevent_default();
                e.stop_propagation();
                let open = open.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let mut walk = Walk::default();
                    for (entry, files) in folders {
                        match entry {
                            Some(dir) => walk.folder(dir, 0).await,
                            None => walk.files.extend(files),
                        }
                    }
                    open.emit(walk.files);
                });
                return;
            }
            let files = list(data.files());
            if files.is_empty() {
                return;
            }
            let dumps: Vec<File> = files
                .iter()
                .filter(|f| timeline::wanted(&f.name()))
                .cloned()
                .collect();
            let on_box = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|t| t.id() == super::INPUT_ID);
            if dumps.is_empty() {
                if !on_box {
                    // Not ours, and the browser would leave the page for it.
                    e.prevent_default();
                }
                return;
            }
            e.prevent_default();
            e.stop_propagation();
            open.emit(dumps);
        });
        move || std::mem::drop((over, on_drop))
    });
}

/// A drop's items when one of them is a folder: each folder's entry, or
/// (`None`) a plain file kept when it is a dump file. Empty when no
/// folder was dropped (the drop's files are read as they are).
/// The entries are read through `Reflect` rather than web-sys's typed
/// bindings: each binding is a function in the JS glue, which is
/// downloaded before the first picture.
fn folders(data: &DataTransfer) -> Vec<(Option<JsValue>, Vec<File>)> {
    let items = get(data, "items");
    let mut out = Vec::new();
    let mut any_folder = false;
    let n = get(&items, "length").as_f64().unwrap_or(0.0) as u32;
    for i in 0..n {
        let item = js_sys::Reflect::get_u32(&items, i).unwrap_or(JsValue::UNDEFINED);
        if get(&item, "kind").as_string().as_deref() != Some("file") {
            continue;
        }
        let entry = call(&item, "webkitGetAsEntry", &[]);
        if flag(&entry, "isDirectory") {
            any_folder = true;
            out.push((Some(entry), Vec::new()));
        } else {
            let file = call(&item, "getAsFile", &[]).dyn_into::<File>().ok();
            let kept = file.filter(|f| timeline::wanted(&f.name()));
            out.push((None, kept.into_iter().collect()));
        }
    }
    if any_folder {
        out
    } else {
        Vec::new()
    }
}

/// `obj[key]` (undefined when it cannot be read).
fn get(obj: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// `obj[key] === true`.
fn flag(obj: &JsValue, key: &str) -> bool {
    get(obj, key).as_bool() == Some(true)
}

/// `obj[key](...args)` (undefined when it is no function or throws).
fn call(obj: &JsValue, key: &str, args: &[JsValue]) -> JsValue {
    let Ok(f) = get(obj, key).dyn_into::<Function>() else {
        return JsValue::UNDEFINED;
    };
    let args: Array = args.iter().collect();
    f.apply(obj, &args).unwrap_or(JsValue::UNDEFINED)
}

/// `obj[key](success, failure)` as a future: its callback's value, `None`
/// when it fails or throws.
async fn called_back(obj: &JsValue, key: &str) -> Option<JsValue> {
    let promise = Promise::new(&mut |resolve, reject| {
        let Ok(f) = get(obj, key).dyn_into::<Function>() else {
            let _ = reject.call0(&JsValue::UNDEFINED);
            return;
        };
        if f.call2(obj, &resolve, &reject).is_err() {
            // Thrown rather than called back: the walk must not wait forever.
            let _ = reject.call0(&JsValue::UNDEFINED);
        }
    });
    JsFuture::from(promise).await.ok()
}

/// The dump files found so far and the entries looked at.
#[derive(Default)]
struct Walk {
    files: Vec<File>,
    entries: usize,
}

impl Walk {
    /// Every dump file under the folder entry `dir` (an entry that cannot
    /// be read is skipped).
    async fn folder(&mut self, dir: JsValue, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        let reader = call(&dir, "createReader", &[]);
        // `readEntries` gives a batch per call (100 in Chromium) until none.
        loop {
            let batch = match called_back(&reader, "readEntries").await {
                Some(batch) if Array::is_array(&batch) && Array::from(&batch).length() > 0 => {
                    Array::from(&batch)
                }
                _ => break,
            };
            for entry in batch.iter() {
                self.entries += 1;
                if self.entries > MAX_ENTRIES {
                    return;
                }
                if flag(&entry, "isDirectory") {
                    Box::pin(self.folder(entry, depth + 1)).await;
                } else if flag(&entry, "isFile")
                    && get(&entry, "fullPath")
                        .as_string()
                        .is_some_and(|p| timeline::wanted(&p))
                {
                    let file = called_back(&entry, "file").await;
                    if let Some(f) = file.and_then(|f| f.dyn_into::<File>().ok()) {
                        self.files.push(f);
                    }
                }
            }
        }
    }
}

/// A file list as a vector.
pub fn list(files: Option<FileList>) -> Vec<File> {
    let Some(files) = files else {
        return Vec::new();
    };
    (0..files.length()).filter_map(|i| files.get(i)).collect()
}
