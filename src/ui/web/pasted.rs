//! Bringing a large pasted text into wasm once, at native speed.
//!
//! `DataTransfer.getData` through web-sys returns a Rust `String`, which
//! wasm-bindgen fills with a JavaScript loop over every UTF-16 code unit:
//! 125 ms for a 5 MB paste and 290 ms for 20 MB in the paste harness
//! (`tests/e2e/bench_paste.mjs`), more than everything else the paste does.
//! Here the text stays a JS string until the browser's own `TextEncoder`
//! turns it into UTF-8 bytes, which are copied into wasm in one go; the
//! same bytes become the Blob saved in IndexedDB (no second conversion, and
//! storing a Blob does not serialise the text on the main thread).

use js_sys::{JsString, Uint8Array};
use wasm_bindgen::prelude::*;
use web_sys::{Blob, DataTransfer};

#[wasm_bindgen]
extern "C" {
    /// A `DataTransfer` whose `getData` returns the JS string itself
    /// (web-sys's converts it).
    type Transfer;
    #[wasm_bindgen(method, catch, js_name = getData)]
    fn get_data(this: &Transfer, format: &str) -> Result<JsString, JsValue>;

    type Encoder;
    #[wasm_bindgen(constructor, js_class = "TextEncoder")]
    fn new() -> Encoder;
    #[wasm_bindgen(method, js_class = "TextEncoder", js_name = encodeInto)]
    fn encode_into(this: &Encoder, text: &JsString, into: &Uint8Array) -> Encoded;

    /// `encodeInto`'s answer: UTF-16 units read, bytes written.
    type Encoded;
    #[wasm_bindgen(method, getter)]
    fn read(this: &Encoded) -> f64;
    #[wasm_bindgen(method, getter)]
    fn written(this: &Encoded) -> f64;
}

/// A text taken from a paste or a drop, ready to be held as a document.
pub struct Pasted {
    pub text: String,
    /// Its length in UTF-16 code units, when the browser said so.
    pub utf16_len: Option<usize>,
}

impl From<String> for Pasted {
    fn from(text: String) -> Pasted {
        Pasted {
            text,
            utf16_len: None,
        }
    }
}

/// A Blob of `text` (UTF-8), for saving. The Blob copies the bytes
/// straight from wasm memory (no intermediate JS array).
pub fn blob(text: &str) -> Result<Blob, JsValue> {
    let parts = js_sys::Array::new();
    parts.push(&bytes_view(text.as_bytes()));
    Blob::new_with_u8_array_sequence(&parts)
}

/// A view of `v` in wasm memory, valid until the next allocation.
fn bytes_view(v: &[u8]) -> Uint8Array {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    Uint8Array::new_with_byte_offset_and_length(
        &memory.buffer(),
        v.as_ptr() as usize as u32,
        v.len() as u32,
    )
}

/// The plain text of a paste, as a JS string (its `length` is known
/// without converting it).
pub fn clipboard_text(data: &DataTransfer) -> Option<JsString> {
    data.unchecked_ref::<Transfer>().get_data("text").ok()
}

/// UTF-8 bytes (a Blob read back) into a Rust string; invalid sequences
/// become U+FFFD.
pub fn from_utf8(bytes: &Uint8Array) -> String {
    let mut v = vec![0u8; bytes.length() as usize];
    bytes.copy_to(&mut v);
    into_string(v)
}

fn into_string(v: Vec<u8>) -> String {
    String::from_utf8(v).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// A view of `v[at..]` in wasm memory. Valid until the next allocation
/// (which may move `v` or grow the memory).
fn view(v: &mut [u8], at: usize) -> Uint8Array {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    let base = v.as_mut_ptr() as usize + at;
    let len = v.len().saturating_sub(at);
    Uint8Array::new_with_byte_offset_and_length(&memory.buffer(), base as u32, len as u32)
}

/// Converts a large JS string once: the browser's `TextEncoder.encodeInto`
/// writes UTF-8 straight into wasm memory (one byte per unit first, which
/// holds ASCII text whole; what is left, if anything, gets three bytes per
/// unit, the most one UTF-16 unit takes). Lone surrogates become U+FFFD
/// (of the same UTF-16 length).
pub fn take(text: &JsString) -> Pasted {
    let units = text.length() as usize;
    let encoder = Encoder::new();
    let mut v = vec![0u8; units];
    let first = encoder.encode_into(text, &view(&mut v, 0));
    let (read, mut len) = (first.read() as usize, first.written() as usize);
    if read < units {
        let rest = units - read;
        v.resize(len + rest.saturating_mul(3), 0);
        let tail = text.substring(read as u32, units as u32);
        len += encoder.encode_into(&tail, &view(&mut v, len)).written() as usize;
    }
    v.truncate(len);
    Pasted {
        text: into_string(v),
        utf16_len: Some(units),
    }
}
