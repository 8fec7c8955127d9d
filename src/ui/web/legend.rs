//! The legend under the canvas: what colours, hatching and each tiling
//! level's line style mean, and what the current zoom leaves out.

use yew::prelude::*;

use crate::core::summary::tile_text;
use crate::render::backend::canvas::paint::PaintReport;
use crate::render::scene::commands::level_stroke;
use crate::render::scene::memory::WORD_BITS;
use crate::render::scene::titles::zoom_note;
use crate::render::world::colour::{viridis, TILE_PALETTE};
use crate::render::world::{ColourMode, Theme, ThemeKind};
use crate::ui::model::{Drawn, Model};
use crate::ui::names::label_note;

use super::shared::Shared;

/// Only what the legend shows, so that it does not re-render with every
/// animation frame.
#[derive(Properties, PartialEq)]
pub struct LegendProps {
    pub model: Option<Shared<Model>>,
    pub mode: ColourMode,
    pub theme: ThemeKind,
    pub report: PaintReport,
}

fn ramp_css() -> String {
    let stops: Vec<String> = (0..=8)
        .map(|i| format!("{} {}%", viridis(f64::from(i) / 8.0).css(), i * 100 / 8))
        .collect();
    format!(
        "background: linear-gradient(to right, {})",
        stops.join(", ")
    )
}

#[function_component]
pub fn Legend(props: &LegendProps) -> Html {
    match props.model.as_ref().and_then(|m| m.drawn.as_ref()) {
        Some(drawn) => legend(drawn, props),
        None => html! {},
    }
}

/// The legend of a drawn leaf: its own function, which the first frame
/// (no model yet, `later.rs`) does not compile (`panels.rs`).
#[inline(never)]
fn legend(drawn: &Drawn, props: &LegendProps) -> Html {
    let mapping = &drawn.analysis.mapping;
    let layout = &drawn.analysis.layout;
    let theme = Theme::of(props.theme);
    let mode = if props.mode == ColourMode::Tile && mapping.num_levels() == 0 {
        ColourMode::Offset
    } else {
        props.mode
    };
    let colours = match mode {
        ColourMode::Offset => html! {
            <span class="legend-item">{ "offset 0 " }<span class="ramp" style={ramp_css()}></span>
                { format!(" {}", mapping.footprint().saturating_sub(1)) }</span>
        },
        ColourMode::Logical => html! {
            <span class="legend-item">{ "row-major id 0 " }<span class="ramp" style={ramp_css()}></span>
                { format!(" {}", mapping.num_elements().saturating_sub(1)) }</span>
        },
        ColourMode::Tile => html! {
            <span class="legend-item">
                { for TILE_PALETTE.iter().map(|c| html! {
                    <span class="swatch" style={format!("background:{}", c.css())}></span>
                }) }
                { " a colour per first-level tile, lighter towards its end" }
            </span>
        },
    };
    let dense = |k: usize| -> &'static str {
        let both = props.report.dense_levels.iter().all(|d| d.contains(&k));
        let any = props.report.dense_levels.iter().any(|d| d.contains(&k));
        match (both, any) {
            (true, _) => " (too small to outline at this zoom)",
            (false, true) => " (too small in one view)",
            _ => "",
        }
    };
    let levels = layout.tiles().iter().enumerate().map(|(k, t)| {
        let stroke = level_stroke(&theme, k);
        let dash: Vec<String> = stroke.dash.pattern().iter().map(f64::to_string).collect();
        html! {
            <span class="legend-item" data-level={(k + 1).to_string()}>
                <svg width="34" height="10" aria-hidden="true">
                    <line x1="1" y1="5" x2="33" y2="5" stroke={stroke.colour.css()}
                        stroke-width={stroke.width.to_string()} stroke-dasharray={dash.join(" ")} />
                </svg>
                { format!(" level {} {} ({}){}", k + 1, tile_text(t.dims()), stroke.dash.name(), dense(k)) }
            </span>
        }
    });
    let bits = mapping.element_bits();
    let packing = (bits < WORD_BITS && WORD_BITS.is_multiple_of(bits)).then(|| {
        let per_byte = if bits < 8 && 8u64.is_multiple_of(bits) {
            format!(", {} per byte (dotted)", 8 / bits)
        } else {
            String::new()
        };
        format!(
            "{}-bit elements: {} per 32-bit word (faint lines){per_byte}",
            bits,
            WORD_BITS / bits
        )
    });
    let blocks = props.report.blocks.iter().copied().max().unwrap_or(1);
    let scattered = props.report.scattered.iter().any(|&s| s);
    html! {
        <figcaption id="legend" class="legend">
            { colours }
            <span class="legend-item"><span class="swatch hatch"></span>{ " padding" }</span>
            <span class="legend-item" id="legend-labels">{ label_note(mapping.num_elements()) }</span>
            { for levels }
            <span class="legend-item"><span class="swatch cursor" style={format!("border-color:{}", theme.cursor.css())}></span>{ " cursor (trail in the logical view)" }</span>
            if let Some(p) = packing {
                <span class="legend-item">{ p }</span>
            }
            if let Some(note) = zoom_note(blocks, scattered) {
                <span class="legend-item muted" id={scattered.then_some("legend-sampled")}>{ format!("{note}; zoom in for every cell") }</span>
            }
            <span class="legend-item muted">{ "wheel or pinch: zoom · drag: pan · double-click: fit · click: pin a cell" }</span>
        </figcaption>
    }
}
