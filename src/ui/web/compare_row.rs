//! The app's `#compare-view` (issue 71): the second layout's memory in
//! the rows the page's memory view has, each cell in the first layout's
//! colours (where its element sits in the first layout's memory) with its
//! element's letter, and the element lit from either view outlined as the
//! main picture outlines its pinned cell. Embed mode keeps `compare.rs`'s
//! `CompareMemory` (the embed module's budget); the ids and `data-*` are
//! the same.

use std::rc::Rc;

use web_sys::{Element, HtmlCanvasElement, PointerEvent};
use yew::prelude::*;

use crate::render::backend::canvas::context;
use crate::render::scene::commands::LABEL_FONT_FAMILY;
use crate::render::world::colour::{viridis_table, Rgb, Theme, ThemeKind};
use crate::ui::compare::CompareView;
use crate::ui::compare_rows::{letter_at, memory_rows};
use crate::ui::compare_view::{a_of_b, b_of_a, MemoryPicture};
use crate::ui::model::Model;
use crate::ui::state::Action;

use super::shared::Shared;

/// The picture's size in CSS pixels, drawn at twice that.
const VIEW_W: f64 = 640.0;
const VIEW_H: f64 = 300.0;
const BACKING: f64 = 2.0;
/// The linked highlight (as `compare.rs`'s).
const LIT: Rgb = Rgb(0xff, 0x2d, 0x95);

#[derive(Properties, PartialEq)]
pub struct CompareRowProps {
    pub model: Option<Shared<Model>>,
    pub compare: Option<CompareView>,
    /// The hovered (else pinned) memory offset of the first layout.
    pub lit: Option<u64>,
    /// The memory view's row width.
    pub row_width: u64,
    pub theme: ThemeKind,
    pub dispatch: Callback<Action>,
}

fn paint(
    canvas: &HtmlCanvasElement,
    pic: &MemoryPicture,
    b: &crate::core::Mapping,
    a_footprint: u64,
    lit: Option<u64>,
    theme: &Theme,
) {
    let Some(ctx) = context(canvas) else {
        return;
    };
    let _ = ctx.set_transform(BACKING, 0.0, 0.0, BACKING, 0.0, 0.0);
    ctx.set_fill_style_str(&theme.background.css());
    ctx.fill_rect(0.0, 0.0, VIEW_W, VIEW_H);
    let size = pic.cell_size(VIEW_W, VIEW_H);
    let gap = if size >= 6.0 { 1.0 } else { 0.0 };
    let table = viridis_table();
    let span = u128::from(a_footprint.saturating_sub(1).max(1));
    let font = (size * 0.5).floor();
    ctx.set_font(&format!("{font}px {LABEL_FONT_FAMILY}"));
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for (k, cell) in pic.cells.iter().enumerate() {
        let k = k as u64;
        let (x, y) = ((k % pic.cols) as f64 * size, (k / pic.cols) as f64 * size);
        let fill = cell.map(|a| table[(u128::from(a) * 255 / span).min(255) as usize]);
        ctx.set_fill_style_str(&fill.unwrap_or(theme.padding).css());
        ctx.fill_rect(x, y, size - gap, size - gap);
        if let (Some(fill), Some(l)) = (fill, letter_at(b, k * pic.stride)) {
            if font >= 9.0 {
                ctx.set_fill_style_str(&fill.ink().css());
                let _ = ctx.fill_text(&l.to_string(), x + size / 2.0, y + size / 2.0);
            }
        }
    }
    // As strong as the main picture's cursor: a fill, a halo, an outline,
    // in a colour the ramp and the padding never use.
    if let Some((r, c)) = lit.and_then(|o| pic.place(o)) {
        let (x, y, w) = (c as f64 * size, r as f64 * size, size.max(4.0));
        ctx.set_fill_style_str(&LIT.css_alpha(0.35));
        ctx.fill_rect(x, y, w, w);
        for (colour, width) in [(theme.background, 6.0), (LIT, 3.0)] {
            ctx.set_stroke_style_str(&colour.css());
            ctx.set_line_width(width);
            ctx.stroke_rect(x + 1.5, y + 1.5, (w - 3.0).max(1.0), (w - 3.0).max(1.0));
        }
    }
}

#[function_component]
pub fn CompareRow(props: &CompareRowProps) -> Html {
    let canvas = use_node_ref();
    let a = props
        .model
        .as_ref()
        .and_then(|m| m.drawn.as_ref())
        .map(|d| &d.analysis.mapping);
    let b = props.compare.as_ref().and_then(|c| c.other.clone());
    let picture = use_memo(
        (props.model.clone(), b.clone(), props.row_width),
        |(model, b, width)| {
            let a = model.as_ref()?.drawn.as_ref()?;
            let b = b.as_ref()?;
            Some(Rc::new(memory_rows(
                &a.analysis.mapping,
                &b.0,
                *width,
                VIEW_W,
                VIEW_H,
            )))
        },
    );
    let lit_b = match (a, &b, props.lit) {
        (Some(a), Some(b), Some(o)) => b_of_a(a, &b.0, o),
        _ => None,
    };
    let a_footprint = a.map_or(0, |a| a.footprint());
    {
        let canvas = canvas.clone();
        let picture = picture.clone();
        let b = b.clone();
        let theme = Theme::of(props.theme);
        use_effect_with((picture.clone(), lit_b, props.theme), move |(_, lit, _)| {
            if let (Some(el), Some(p), Some(b)) =
                (canvas.cast::<HtmlCanvasElement>(), &*picture, &b)
            {
                paint(&el, p, &b.0, a_footprint, *lit, &theme);
            }
        });
    }
    let Some(pic) = (*picture).clone() else {
        return html! {};
    };
    let onpointermove = {
        let a = props.model.clone();
        let b = b.clone();
        let pic = pic.clone();
        props.dispatch.reform(move |e: PointerEvent| {
            let el = e.target_unchecked_into::<Element>();
            let r = el.get_bounding_client_rect();
            let x = (f64::from(e.client_x()) - r.left()) * VIEW_W / r.width().max(1.0);
            let y = (f64::from(e.client_y()) - r.top()) * VIEW_H / r.height().max(1.0);
            let size = pic.cell_size(VIEW_W, VIEW_H);
            let b_off = (x >= 0.0 && y >= 0.0 && size > 0.0)
                .then(|| pic.offset_at((y / size) as u64, (x / size) as u64))
                .flatten();
            let a_off = match (&a, &b, b_off) {
                (Some(m), Some(b), Some(o)) => m
                    .drawn
                    .as_ref()
                    .and_then(|d| a_of_b(&d.analysis.mapping, &b.0, o)),
                _ => None,
            };
            Action::HoverOffset(a_off)
        })
    };
    let onpointerleave = props
        .dispatch
        .reform(|_: PointerEvent| Action::HoverOffset(None));
    let caption = if pic.stride > 1 {
        format!(
            "Second layout's memory, in offset order; each square shows the first of {} consecutive cells. Colour: where the element sits in the first layout's memory (grey: padding).",
            pic.stride
        )
    } else {
        "Second layout's memory, in the memory view's rows. Colour: where each element sits in the first layout's memory (grey: padding). Point at a cell to light the same element in both.".to_owned()
    };
    html! {
        <section id="compare-view" class="panel compare-view">
            <h2>{ "Compared layout" }</h2>
            <canvas ref={canvas} id="compare-canvas"
                width={(VIEW_W * BACKING).to_string()} height={(VIEW_H * BACKING).to_string()}
                style={format!("width: {VIEW_W}px; max-width: 100%; height: auto")}
                data-width={VIEW_W.to_string()} data-height={VIEW_H.to_string()}
                data-lit={lit_b.map(|o| o.to_string()).unwrap_or_default()}
                data-stride={pic.stride.to_string()} data-cols={pic.cols.to_string()}
                role="img" aria-label="The compared layout's memory"
                {onpointermove} {onpointerleave} />
            <p class="muted">{ caption }</p>
        </section>
    }
}
