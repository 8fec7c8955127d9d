//! What happens when the app panics: the message goes to the console (with
//! a stack trace) and a banner in the page tells the user what happened and
//! that their input is safe.
//!
//! The release build uses `panic = "abort"`, so after a panic the app is
//! dead; the banner is plain DOM, built without Yew. The input survives
//! because every edit is already in the address and in localStorage.

/// The id of the banner element.
pub const BANNER_ID: &str = "panic-banner";

/// Installs the panic hook: console output plus the banner.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        // A throttled save may be pending: the text must survive.
        super::browser::save();
        show_banner(&info.to_string());
    }));
}

/// Shows the error banner at the top of the page. Only the first call has
/// an effect: the first panic is the one worth reading.
pub fn show_banner(message: &str) {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else {
        return;
    };
    if document.get_element_by_id(BANNER_ID).is_some() {
        return;
    }
    let Some(body) = document.query_selector("body").ok().flatten() else {
        return;
    };
    let Ok(banner) = document.create_element("div") else {
        return;
    };
    banner.set_id(BANNER_ID);
    banner.set_class_name("panic-banner");
    let _ = banner.set_attribute("role", "alert");

    let add = |tag: &str, text: &str| {
        if let Ok(child) = document.create_element(tag) {
            child.set_text_content(Some(text));
            let _ = banner.append_child(&child);
        }
    };
    add("strong", "The page hit a bug and stopped working.");
    add(
        "p",
        "Your input is safe: it is in the address bar and in this browser's storage. \
         Reload the page to continue.",
    );
    add("pre", message);
    let _ = body.insert_before(&banner, body.first_child().as_ref());
}
