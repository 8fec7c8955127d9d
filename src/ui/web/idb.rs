//! The held document in IndexedDB (localStorage holds about 5 million
//! characters at most, issue 15): one record, saved on paste, read on
//! start, deleted on Clear. Failures are reported to the caller, which
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

/// Saves `text` as the document; `done` says whether it landed.
pub fn save(text: &str, done: Done<Result<(), String>>) {
    let value = JsValue::from_str(text);
    open(Box::new(move |db| {
        let tx = match db.and_then(|db| transaction(&db, IdbTransactionMode::Readwrite)) {
            Ok(tx) => tx,
            Err(e) => return done(Err(e)),
        };
        let put = tx
            .object_store(STORE)
            .and_then(|s| s.put_with_key(&value, &JsValue::from_str(KEY)));
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
        let ok = once(move || done(r.result().ok().and_then(|v| v.as_string())));
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
