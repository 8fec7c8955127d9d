//! Running work in tasks of its own, back to back, as the event loop
//! allows: a message posted to a channel the page keeps.
//!
//! A chain of `setTimeout(0)` calls is clamped: from the fifth nested call
//! on, each waits at least 4 ms (the HTML standard, "Timers"). The idle
//! warm-up (`warm.rs`) is such a chain of about 80 tasks of 1-5 ms, so it
//! took 420-450 ms of wall time to do 135-150 ms of work, and a reader who
//! typed in its first half second typed on cold code (docs/performance/warm-up.md,
//! "The warm-up, unclamped"). A posted message is not clamped, and each
//! task still ends before the next begins, so input and frames come
//! between them.

use std::cell::RefCell;
use std::collections::VecDeque;

use gloo::timers::callback::Timeout;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageChannel, MessagePort};

/// The page's channel: messages posted to `port` run `queue`'s closures,
/// one a task, in order. Both ends and the handler are kept for the page's
/// life.
struct Channel {
    port: MessagePort,
    queue: VecDeque<Box<dyn FnOnce()>>,
    _receiver: MessagePort,
    _receive: Closure<dyn FnMut(JsValue)>,
}

thread_local! {
    static CHANNEL: RefCell<Option<Channel>> = const { RefCell::new(None) };
}

impl Channel {
    fn new() -> Option<Channel> {
        let channel = MessageChannel::new().ok()?;
        let receive = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| run_next());
        let receiver = channel.port1();
        receiver.set_onmessage(Some(receive.as_ref().unchecked_ref()));
        Some(Channel {
            port: channel.port2(),
            queue: VecDeque::new(),
            _receiver: receiver,
            _receive: receive,
        })
    }
}

/// Runs the first closure waiting, outside the channel's borrow (it may
/// queue the next one).
fn run_next() {
    let next = CHANNEL.with(|c| c.borrow_mut().as_mut().and_then(|c| c.queue.pop_front()));
    if let Some(f) = next {
        f();
    }
}

/// Runs `f` in a task of its own, after the tasks already waiting; a
/// `setTimeout(0)` where the page has no `MessageChannel`.
pub(super) fn soon(f: impl FnOnce() + 'static) {
    let f: Box<dyn FnOnce()> = Box::new(f);
    let unsent = CHANNEL.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = Channel::new();
        }
        let Some(channel) = c.as_mut() else {
            return Some(f);
        };
        if channel.port.post_message(&JsValue::NULL).is_err() {
            return Some(f);
        }
        channel.queue.push_back(f);
        None
    });
    if let Some(f) = unsent {
        Timeout::new(0, f).forget();
    }
}
