//! Embed mode's address options (`?embed=1&shape=...&view=...`) and the
//! `<iframe>` snippet the full app's "Copy embed code" gives. Plain Rust,
//! tested natively; the page reads the address in `web::browser`.

use crate::render::figure::FigureView;
use crate::render::markup::escape;
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
    /// A second shape of the same dims to compare with (`compare=SHAPE`),
    /// exactly as given: the full app's "compare with" box.
    pub compare: Option<String>,
    /// A sharding (`sharding=`, any form the app's field reads): the
    /// picture is then one device's shard. Only the sharded embed module
    /// reads it (`src/bin/xla-layout-embed-sharded.rs`).
    pub sharding: Option<String>,
    /// The shown device with a sharding (`device=N`, an index into its
    /// devices as the app's picker lists them).
    pub device: Option<usize>,
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
    let compare = get("compare").filter(|c| !c.trim().is_empty());
    let sharding = get("sharding").filter(|c| !c.trim().is_empty());
    let device = get("device").and_then(|d| d.trim().parse::<usize>().ok());
    Some(EmbedOptions {
        view,
        controls,
        autoplay: matches!(get("autoplay").as_deref(), Some("1" | "true" | "")),
        speed,
        theme,
        select,
        step,
        compare,
        sharding,
        device,
    })
}

/// Applies `options` to a freshly made state: theme, speed, the one pane
/// shown, the comparison (as the full app's "compare with" box: the
/// verdict, or the second text's error, and the second layout's mapping),
/// the highlighted element, step mode's stage and, unless the reader asked
/// for less motion, autoplay.
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
    if let Some(text) = &options.sharding {
        s.apply(Action::Sharding(text.clone()));
        if let Some(device) = options.device {
            s.apply(Action::Device(device));
        }
    }
    if let Some(text) = &options.compare {
        s.apply(Action::CompareEdit(text.clone()));
    }
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

fn view_name(view: FigureView) -> &'static str {
    match view {
        FigureView::Both => "both",
        FigureView::Logical => "logical",
        FigureView::Memory => "memory",
    }
}

/// What an address or a snippet shows: the shape, and the comparison and
/// the sharding (with its shown device) when the picture has them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Shown<'a> {
    pub shape: &'a str,
    pub compare: Option<&'a str>,
    pub sharding: Option<&'a str>,
    pub device: usize,
}

impl<'a> Shown<'a> {
    /// Just `shape`.
    pub fn shape(shape: &'a str) -> Shown<'a> {
        Shown {
            shape,
            ..Shown::default()
        }
    }

    /// What `s` shows: its comparison when one is shown (the "compare
    /// with" box is open and its text compares with the drawn leaf; an
    /// error there is not a picture worth embedding), its sharding when the
    /// picture is a shard (an unread sharding is not either).
    pub fn of(s: &'a State) -> Shown<'a> {
        let sharded = s.model.as_ref().is_some_and(|m| m.shard.is_some());
        Shown {
            shape: &s.input,
            compare: s
                .compare
                .as_ref()
                .filter(|c| c.verdict.is_ok())
                .map(|c| c.input.as_str()),
            sharding: sharded.then_some(s.sharding.as_str()),
            device: if sharded { s.device } else { 0 },
        }
    }

    /// `&compare=...&sharding=...&device=N` for an address, each only
    /// when shown (`device` only when not the first).
    fn params(&self) -> String {
        let mut out = String::new();
        if let Some(c) = self.compare {
            out.push_str(&format!("&compare={}", percent_encode(c)));
        }
        if let Some(sharding) = self.sharding {
            out.push_str(&format!("&sharding={}", percent_encode(sharding)));
            if self.device != 0 {
                out.push_str(&format!("&device={}", self.device));
            }
        }
        out
    }

    /// The figure's title, as the snippet's `title` gives it.
    pub fn title(&self) -> String {
        let mut title = format!("XLA layout of {}", self.shape);
        if let Some(other) = self.compare {
            title.push_str(&format!(" compared with {other}"));
        }
        if let Some(sharding) = self.sharding {
            title.push_str(&format!(
                ", device {}'s shard under {sharding}",
                self.device
            ));
        }
        title
    }
}

/// The full app's address for what `shown` shows, the app being at
/// `app` (its address without query: `./` from embed mode's own page, the
/// same deployment; an element's `app` attribute).
pub fn full_app_href(app: &str, shown: Shown<'_>) -> String {
    format!(
        "{app}?shape={}{}",
        percent_encode(shown.shape),
        shown.params()
    )
}

/// An app address given by a page (`<xla-layout app=..>`, which the
/// element's script resolves against the page and gives without query or
/// fragment) as a link's base: `None` unless it is an http, https or file
/// address (`javascript:` and `data:` never become a link).
pub fn app_address(given: &str) -> Option<String> {
    ["http://", "https://", "file:"]
        .iter()
        .any(|p| given.len() > p.len() && given.starts_with(p))
        .then(|| given.to_owned())
}

/// The embed page's address for what `shown` shows under `base` (the
/// app's address without query or fragment).
pub fn embed_url(
    base: &str,
    shown: Shown<'_>,
    view: FigureView,
    controls: EmbedControls,
) -> String {
    let controls = match controls {
        EmbedControls::None => "none",
        EmbedControls::Compact => "compact",
        EmbedControls::Full => "full",
    };
    format!(
        "{base}?embed=1&shape={}{}&view={}&controls={controls}",
        percent_encode(shown.shape),
        shown.params(),
        view_name(view)
    )
}

/// The `<iframe>` snippet showing what `shown` shows (every attribute
/// value escaped).
pub fn iframe_snippet(base: &str, shown: Shown<'_>, view: FigureView) -> String {
    let src = embed_url(base, shown, view, EmbedControls::Compact);
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"640\" height=\"400\" style=\"border:0\" loading=\"lazy\"></iframe>",
        escape(&src),
        escape(&shown.title())
    )
}

#[cfg(test)]
#[path = "embed_tests.rs"]
mod tests;
