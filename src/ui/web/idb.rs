//! The held document in IndexedDB (localStorage holds about 5 million
//! characters at most, issue 15): one record, a Blob of the UTF-8 text
//! (storing a string would serialise it on the main thread: 20-80 ms for
//! 5-20 MB), saved on paste, read on start, deleted on Clear. Failures are reported to the caller, which
//! shows them; nothing here panics.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{IdbDatabase, IdbOpenDbRequest, IdbRequest, IdbTransaction, IdbTransactionMode};

const DB: &str = "xla-layout-viz";
const STORE: &str = "documents";
const KEY: &str = "current";

type Done<T> = Box<dyn FnOnce(T)>;

/// Calls `f` once, from JS, with no way to leak more than this closure.
fn once(f: impl FnOnce() + 'static) -> JsValue {
    Closure::once_into_js(move |_: JsValue| f())
}

fn reason(e: JsValue) -> String {
    e.dyn_into::<web_sys::DomException>()
        .map(|d| d.message())
        .unwrap_or_else(|_| "storage is not available".to_string())
}

fn open(done: Done<Result<IdbDatabase, String>>) {
    let request = web_sys::window()
        .ok_or_else(|| JsValue::from_str("no window"))
        .and_then(|w| w.indexed_db())
        .and_then(|f| f.ok_or_else(|| JsValue::from_str("IndexedDB is disabled")))
        .and_then(|f| f.open_with_u32(DB, 1));
    let request: IdbOpenDbRequest = match request {
        Ok(r) => r,
        Err(e) => return done(Err(reason(e))),
    };
    let upgrade = {
        let r = request.clone();
        once(move || {
            if let Ok(db) = r.result().and_then(|d| d.dyn_into::<IdbDatabase>()) {
                let _ = db.create_object_store(STORE);
            }
        })
    };
    request.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let ok = {
        let (r, done) = (request.clone(), done.clone());
        once(move || {
            if let Some(done) = done.borrow_mut().take() {
                done(
                    r.result()
                        .and_then(|d| d.dyn_into::<IdbDatabase>())
                        .map_err(reason),
                );
            }
        })
    };
    let failed = {
        let r = request.clone();
        once(move || {
            if let Some(done) = done.borrow_mut().take() {
                done(Err(r
                    .error()
                    .ok()
                    .flatten()
                    .map(|e| e.message())
                    .unwrap_or_else(|| "the database did not open".into())));
            }
        })
    };
    request.set_onsuccess(Some(ok.unchecked_ref()));
    request.set_onerror(Some(failed.unchecked_ref()));
}

fn transaction(db: &IdbDatabase, mode: IdbTransactionMode) -> Result<IdbTransaction, String> {
    db.transaction_with_str_and_mode(STORE, mode)
        .map_err(reason)
}

/// Saves `value` (the document: a Blob of its UTF-8 text) as the document;
/// `done` says whether it landed.
pub fn save(value: JsValue, done: Done<Result<(), String>>) {
    open(Box::new(move |db| {
        let tx = match db.and_then(|db| transaction(&db, IdbTransactionMode::Readwrite)) {
            Ok(tx) => tx,
            Err(e) => return done(Err(e)),
        };
        let t0 = super::timing::now();
        let put = tx
            .object_store(STORE)
            .and_then(|s| s.put_with_key(&value, &JsValue::from_str(KEY)));
        super::timing::since("save.put", t0);
        if let Err(e) = put {
            return done(Err(reason(e)));
        }
        let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
        let complete = {
            let done = done.clone();
            once(move || {
                if let Some(d) = done.borrow_mut().take() {
                    d(Ok(()))
                }
            })
        };
        let failed = {
            let t = tx.clone();
            once(move || {
                if let Some(d) = done.borrow_mut().take() {
                    d(Err(t
                        .error()
                        .map(|e| e.message())
                        .unwrap_or_else(|| "the write was refused".into())))
                }
            })
        };
        tx.set_oncomplete(Some(complete.unchecked_ref()));
        tx.set_onabort(Some(failed.unchecked_ref()));
    }));
}

/// Reads the saved document, if any.
pub fn load(done: Done<Option<String>>) {
    open(Box::new(move |db| {
        let request: Result<IdbRequest, String> = db
            .and_then(|db| transaction(&db, IdbTransactionMode::Readonly))
            .and_then(|tx| tx.object_store(STORE).map_err(reason))
            .and_then(|s| s.get(&JsValue::from_str(KEY)).map_err(reason));
        let Ok(request) = request else {
            return done(None);
        };
        let r = request.clone();
        let ok = once(move || match r.result() {
            Ok(v) if v.is_instance_of::<web_sys::Blob>() => {
                let blob: web_sys::Blob = v.unchecked_into();
                let bytes = blob.array_buffer();
                wasm_bindgen_futures::spawn_local(async move {
                    let text = wasm_bindgen_futures::JsFuture::from(bytes)
                        .await
                        .ok()
                        .map(|b| super::pasted::from_utf8(&js_sys::Uint8Array::new(&b)));
                    done(text);
                });
            }
            // Saved by an earlier version of the app: the text itself.
            Ok(v) => done(v.as_string()),
            Err(_) => done(None),
        });
        request.set_onsuccess(Some(ok.unchecked_ref()));
    }));
}

/// Deletes the saved document.
pub fn clear() {
    open(Box::new(|db| {
        if let Ok(tx) = db.and_then(|db| transaction(&db, IdbTransactionMode::Readwrite)) {
            let _ = tx
                .object_store(STORE)
                .and_then(|s| s.delete(&JsValue::from_str(KEY)));
        }
    }));
}
