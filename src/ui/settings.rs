//! How the pictures look: colours, theme, row width, following the
//! cursor, and embed mode's one pane. Part of [`super::state::State`].

use crate::render::world::{ColourMode, Pane, ThemeKind};

/// Light, dark, or as the system says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
}

/// How the pictures look.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub mode: ColourMode,
    pub theme: ThemeChoice,
    /// What `prefers-color-scheme` says.
    pub system_dark: bool,
    /// Memory row width chosen by the user; `None` for automatic.
    pub row_width: Option<u64>,
    /// Pan a zoomed view to keep the cursor in sight.
    pub follow: bool,
    /// Embed mode's `view=logical|memory`: the one pane drawn (see
    /// [`Frame::only`]); `None` draws both.
    pub only: Option<Pane>,
    /// Presentation mode (`ui::present`): the app's only.
    pub present: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            mode: ColourMode::Offset,
            theme: ThemeChoice::System,
            system_dark: false,
            row_width: None,
            follow: true,
            only: None,
            present: false,
        }
    }
}

impl Settings {
    pub fn theme_kind(&self) -> ThemeKind {
        match (self.theme, self.system_dark) {
            (ThemeChoice::Dark, _) | (ThemeChoice::System, true) => ThemeKind::Dark,
            _ => ThemeKind::Light,
        }
    }
}
