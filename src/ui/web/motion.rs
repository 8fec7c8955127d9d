//! The reader's motion preference, read by every panel that animates.

/// Whether the system asks for less motion (`prefers-reduced-motion:
/// reduce`): embed mode's autoplay stays off, the stages change without
/// animating.
pub(super) fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|q| q.matches())
}
