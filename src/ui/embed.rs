//! Embed mode's address options (`?embed=1&shape=...&view=...`) and the
//! `<iframe>` snippet the full app's "Copy embed code" gives. Plain Rust,
//! tested natively; the page reads the address in `web::browser`.

use crate::render::figure::FigureView;
use crate::ui::state::ThemeChoice;

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
    Some(EmbedOptions {
        view,
        controls,
        autoplay: matches!(get("autoplay").as_deref(), Some("1" | "true" | "")),
        speed,
        theme,
        select,
    })
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
        ]))
        .unwrap();
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
}
