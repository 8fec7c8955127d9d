//! Embed mode's address options (`?embed=1&shape=...&view=...`) and the
//! `<iframe>` snippet the full app's "Copy embed code" gives. Plain Rust,
//! tested natively; the page reads the address in `web::browser`.

use crate::render::figure::FigureView;
use crate::render::world::Pane;
use crate::ui::state::{Action, State, Target, ThemeChoice};

/// How many controls an embedded picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EmbedControls {
    /// The picture only.
    #[default]
    None,
    /// One row: play/pause, step and the offset readout.
    Compact,
    /// The full app's control bar.
    Full,
}

/// The options of `?embed=1`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct EmbedOptions {
    pub view: FigureView,
    pub controls: EmbedControls,
    pub autoplay: bool,
    /// Elements per second while playing.
    pub speed: Option<f64>,
    pub theme: Option<ThemeChoice>,
    /// A logical index to highlight (`select=i,j`).
    pub select: Option<Vec<u64>>,
    /// Step mode's stage, counted from 1 as the stepper shows it (`step=N`).
    pub step: Option<usize>,
}

/// The embed options when `get("embed")` is `1`; unknown values fall back
/// to the defaults (the picture still shows).
pub fn options(get: impl Fn(&str) -> Option<String>) -> Option<EmbedOptions> {
    if get("embed").as_deref() != Some("1") {
        return None;
    }
    let view = get("view")
        .and_then(|v| FigureView::from_name(&v))
        .unwrap_or_default();
    let controls = match get("controls").as_deref() {
        Some("compact") => EmbedControls::Compact,
        Some("full") => EmbedControls::Full,
        _ => EmbedControls::None,
    };
    let speed = get("speed")
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .map(|s| s.min(1e9));
    let theme = match get("theme").as_deref() {
        Some("light") => Some(ThemeChoice::Light),
        Some("dark") => Some(ThemeChoice::Dark),
        Some("system") => Some(ThemeChoice::System),
        _ => None,
    };
    let select = get("select").and_then(|s| {
        let parts: Option<Vec<u64>> = s.split(',').map(|p| p.trim().parse().ok()).collect();
        parts.filter(|p| !p.is_empty() && p.len() <= 64)
    });
    let step = get("step")
        .and_then(|s| s.trim().parse::<usize>().ok())
        .filter(|&s| s > 0);
    Some(EmbedOptions {
        view,
        controls,
        autoplay: matches!(get("autoplay").as_deref(), Some("1" | "true" | "")),
        speed,
        theme,
        select,
        step,
    })
}

/// Applies `options` to a freshly made state: theme, speed, the one pane
/// shown, the highlighted element, step mode's stage and, unless the
/// reader asked for less motion, autoplay.
pub fn apply(s: &mut State, options: &EmbedOptions, reduced_motion: bool) {
    if let Some(theme) = options.theme {
        s.apply(Action::Theme(theme));
    }
    if let Some(speed) = options.speed {
        s.apply(Action::Speed(speed));
    }
    s.show_only(match options.view {
        FigureView::Both => None,
        FigureView::Logical => Some(Pane::Logical),
        FigureView::Memory => Some(Pane::Memory),
    });
    if let (Some(index), Some(m)) = (&options.select, s.mapping()) {
        if let Some(offset) = m.offset_of(index) {
            s.pinned = Some(Target {
                offset,
                pane: Pane::Logical,
            });
        }
    }
    if let Some(step) = options.step {
        s.apply(Action::StageStep(0));
        s.apply(Action::StageStep(
            i64::try_from(step - 1).unwrap_or(i64::MAX),
        ));
    }
    if options.autoplay && !reduced_motion {
        s.apply(Action::Play);
    }
}

/// `encodeURIComponent`: everything but `A-Z a-z 0-9 - _ . ! ~ * ' ( )`
/// as UTF-8 `%XX`.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Text as an HTML attribute value (inside double quotes).
pub fn escape_attr(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn view_name(view: FigureView) -> &'static str {
    match view {
        FigureView::Both => "both",
        FigureView::Logical => "logical",
        FigureView::Memory => "memory",
    }
}

/// The embed page's address for `shape` under `base` (the app's address
/// without query or fragment).
pub fn embed_url(base: &str, shape: &str, view: FigureView, controls: EmbedControls) -> String {
    let controls = match controls {
        EmbedControls::None => "none",
        EmbedControls::Compact => "compact",
        EmbedControls::Full => "full",
    };
    format!(
        "{base}?embed=1&shape={}&view={}&controls={controls}",
        percent_encode(shape),
        view_name(view)
    )
}

/// The `<iframe>` snippet showing `shape` (every attribute value escaped).
pub fn iframe_snippet(base: &str, shape: &str, view: FigureView) -> String {
    let src = embed_url(base, shape, view, EmbedControls::Compact);
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"640\" height=\"400\" style=\"border:0\" loading=\"lazy\"></iframe>",
        escape_attr(&src),
        escape_attr(&format!("XLA layout of {shape}"))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn no_embed_without_the_flag() {
        assert_eq!(options(query(&[("shape", "f32[2]")])), None);
        assert_eq!(options(query(&[("embed", "0")])), None);
    }

    #[test]
    fn every_option_is_read() {
        let o = options(query(&[
            ("embed", "1"),
            ("view", "memory"),
            ("controls", "compact"),
            ("autoplay", "1"),
            ("speed", "12.5"),
            ("theme", "dark"),
            ("select", "1, 2"),
            ("step", "2"),
        ]))
        .unwrap();
        assert_eq!(o.step, Some(2));
        assert_eq!(o.view, FigureView::Memory);
        assert_eq!(o.controls, EmbedControls::Compact);
        assert!(o.autoplay);
        assert_eq!(o.speed, Some(12.5));
        assert_eq!(o.theme, Some(ThemeChoice::Dark));
        assert_eq!(o.select, Some(vec![1, 2]));
    }

    #[test]
    fn bad_values_fall_back() {
        let o = options(query(&[
            ("embed", "1"),
            ("view", "<x>"),
            ("controls", "lots"),
            ("speed", "-3"),
            ("theme", "blue"),
            ("select", "1,x"),
            ("step", "0"),
        ]))
        .unwrap();
        assert_eq!(o, EmbedOptions::default());
        let nan = options(query(&[("embed", "1"), ("speed", "NaN")])).unwrap();
        assert_eq!(nan.speed, None);
    }

    #[test]
    fn percent_encoding_matches_encode_uri_component() {
        // encodeURIComponent("f32[3,5]{1,0:T(2,2)}") in a browser.
        assert_eq!(
            percent_encode("f32[3,5]{1,0:T(2,2)}"),
            "f32%5B3%2C5%5D%7B1%2C0%3AT(2%2C2)%7D"
        );
        assert_eq!(percent_encode("a b&é"), "a%20b%26%C3%A9");
    }

    #[test]
    fn the_snippet_escapes_hostile_text() {
        let hostile = "\"><img onerror=alert(1)>]]>'";
        let s = iframe_snippet("https://x.test/app/", hostile, FigureView::Both);
        assert!(!s.contains("<img"), "{s}");
        assert_eq!(s.matches('"').count(), 12, "{s}");
        assert!(
            s.contains("title=\"XLA layout of &quot;&gt;&lt;img onerror=alert(1)&gt;]]&gt;&#39;\"")
        );
        assert!(s.starts_with(
            "<iframe src=\"https://x.test/app/?embed=1&amp;shape=%22%3E%3Cimg%20onerror%3Dalert(1)%3E%5D%5D%3E&#39;&amp;view=both&amp;controls=compact\""
        ));
    }

    fn state(text: &str) -> State {
        let mut s = State::new(
            text.to_owned(),
            String::new(),
            crate::ui::model::PadValue::default(),
            Vec::new(),
        );
        s.apply(Action::Resize(640.0, 400.0));
        s
    }

    #[test]
    fn options_shape_the_state() {
        let o = options(query(&[
            ("embed", "1"),
            ("view", "memory"),
            ("select", "1,2"),
            ("autoplay", "1"),
            ("theme", "dark"),
            ("speed", "7"),
        ]))
        .unwrap();
        let mut s = state("f32[3,5]{1,0:T(2,2)}");
        apply(&mut s, &o, false);
        // Only the memory pane is on the canvas.
        assert!(s.frame.logical.y > s.frame.height, "{:?}", s.frame);
        assert!(s.frame.memory.bottom() <= s.frame.height);
        // XLA's tiled-layout page, figure 1: 2x2 tiles stored row by row,
        // so (1,2) is the second tile's third slot: offset 4 + 2 = 6.
        assert_eq!(s.pinned.map(|t| t.offset), Some(6));
        assert!(s.anim.playing);
        assert_eq!(s.settings.theme, ThemeChoice::Dark);
        // A later resize keeps the one pane.
        s.apply(Action::Resize(320.0, 200.0));
        assert!(s.frame.logical.y > s.frame.height);

        let mut calm = state("f32[3,5]{1,0:T(2,2)}");
        apply(&mut calm, &o, true);
        assert!(!calm.anim.playing, "reduced motion keeps autoplay off");
        let both = calm.frame;
        calm.show_only(None);
        assert!(calm.frame.logical.bottom() <= calm.frame.height, "{both:?}");
    }

    #[test]
    fn step_opens_step_mode_at_that_stage() {
        let mut s = state("f32[3,5]{1,0:T(2,2)}");
        let count = s
            .mapping()
            .and(s.model.as_ref())
            .and_then(|m| m.drawn.as_ref())
            .and_then(|d| d.steps.as_ref())
            .map_or(0, |st| st.stages().len());
        assert!(count >= 2, "a tiled layout has several stages");
        let at = |n: &str| {
            options(|k| match k {
                "embed" => Some("1".to_owned()),
                "step" => Some(n.to_owned()),
                _ => None,
            })
            .unwrap()
        };
        apply(&mut s, &at("2"), false);
        assert_eq!(s.stage, Some(1));
        let mut last = state("f32[3,5]{1,0:T(2,2)}");
        apply(&mut last, &at("999"), false);
        assert_eq!(last.stage, Some(count - 1));
        let mut off = state("f32[3,5]{1,0:T(2,2)}");
        apply(&mut off, &at("0"), false);
        assert_eq!(off.stage, None);
    }
}
