//! The app's stage view (`#step-mode`, keys `[` `]`, Esc closes it):
//! the tiling one stage at a time, drawn like the main picture (issue 71):
//! cells in the picture's colours (memory offset along viridis), the
//! elements' letters, padding hatched as in the picture, first-level
//! tiles outlined, "split into tiles" with the tiles apart, linear memory
//! wrapped as the page's memory view wraps it. Hovering a cell lights it
//! in the main picture (and the main picture's cell is outlined here).
//! Embed mode keeps its smaller `stepper.rs` panel (the embed module's
//! budget); the ids, `data-motion` and `data-rects` are the same.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::render::{request_animation_frame, AnimationFrame};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, PointerEvent};
use yew::prelude::*;

use crate::core::Mapping;
use crate::render::backend::canvas::{context, hatch_pattern};
use crate::render::scene::commands::LABEL_FONT_FAMILY;
use crate::render::world::colour::{viridis_table, Rgb, Theme, ThemeKind};
use crate::ui::model::Model;
use crate::ui::state::Action;
use crate::ui::stepper::look::{
    cell_at, letter, placed_apart, tile_outlines, tile_outlines_at, with_memory_rows,
};
use crate::ui::stepper::zoom::zoomed;
use crate::ui::stepper::{shown_key, stage_picture, Placed, Transition};

use super::shared::Shared;

/// The picture's size in CSS pixels (drawn at twice that, so that it
/// stays sharp when presentation mode widens it).
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 400.0;
const BACKING: f64 = 2.0;
const MOVE_MS: f64 = 450.0;

#[derive(Properties, PartialEq)]
pub struct StagesProps {
    pub model: Option<Shared<Model>>,
    pub stage: Option<usize>,
    #[prop_or_default]
    pub cut: Option<AttrValue>,
    #[prop_or_default]
    pub sharded: bool,
    /// The cell the main picture shows (hovered or pinned): outlined here.
    pub offset: Option<u64>,
    /// The memory view's row width: linear stages wrap at it.
    pub row_width: u64,
    pub theme: ThemeKind,
    pub dispatch: Callback<Action>,
}

/// A stage in pixels, with what each rectangle is filled with and says.
struct Painted {
    cells: Vec<Placed>,
    fills: Vec<Rgb>,
    letters: Vec<Option<char>>,
    outlines: Vec<[f64; 4]>,
    /// The tiles of the levels below the first (the pairs of a `(2,1)`
    /// tiling), with their level.
    inner: Vec<(usize, [f64; 4])>,
    /// Zoomed: the right and bottom edges of the cut (outlines running
    /// into them are drawn open there, the tile going on).
    cut: Option<(f64, f64)>,
    /// The smallest rectangle's side, in CSS pixels.
    cell: f64,
}

impl Painted {
    fn new(mapping: &Mapping, cells: Vec<Placed>, span: u64, zoomed: bool) -> Painted {
        let table = viridis_table();
        let top = span.saturating_sub(1).max(1);
        let fills = cells
            .iter()
            .map(|c| {
                let i = (u128::from(c.offset) * 255 / u128::from(top)).min(255) as usize;
                table[i]
            })
            .collect();
        let letters = cells.iter().map(|c| letter(mapping, c)).collect();
        let mut outlines = tile_outlines(mapping, &cells);
        let mut inner: Vec<(usize, [f64; 4])> = (1..mapping.num_levels())
            .flat_map(|l| {
                tile_outlines_at(mapping, l, &cells)
                    .into_iter()
                    .map(move |r| (l, r))
            })
            .collect();
        let right = cells.iter().map(|c| c.x + c.w).fold(0.0, f64::max);
        let bottom = cells.iter().map(|c| c.y + c.h).fold(0.0, f64::max);
        let cut = zoomed.then_some((right, bottom));
        if zoomed {
            // Open where the cut runs through a tile.
            let open = |r: &mut [f64; 4]| {
                if (r[0] + r[2] - right).abs() < 0.5 {
                    r[2] += 8.0;
                }
                if (r[1] + r[3] - bottom).abs() < 0.5 {
                    r[3] += 8.0;
                }
            };
            outlines.iter_mut().for_each(open);
            inner.iter_mut().for_each(|(_, r)| open(r));
        }
        let cell = cells.iter().map(|c| c.w.min(c.h)).fold(f64::MAX, f64::min);
        Painted {
            cells,
            fills,
            letters,
            outlines,
            inner,
            cut,
            cell,
        }
    }
}

fn paint(
    canvas: &HtmlCanvasElement,
    p: &Painted,
    cells: &[Placed],
    theme: &Theme,
    shown: Option<u64>,
) {
    let Some(ctx) = context(canvas) else {
        return;
    };
    let _ = ctx.set_transform(BACKING, 0.0, 0.0, BACKING, 0.0, 0.0);
    ctx.set_fill_style_str(&theme.background.css());
    ctx.fill_rect(0.0, 0.0, WIDTH, HEIGHT);
    let hatch = hatch_pattern(&ctx, theme);
    for (k, c) in cells.iter().enumerate() {
        let gap = if c.w >= 10.0 { 1.0 } else { 0.0 };
        let (w, h) = ((c.w - gap).max(0.5), (c.h - gap).max(0.5));
        match (&hatch, c.element) {
            (Some(pattern), false) if c.w >= 6.0 => ctx.set_fill_style_canvas_pattern(pattern),
            (_, false) => ctx.set_fill_style_str(&theme.padding.css()),
            (_, true) => ctx.set_fill_style_str(&p.fills[k].css()),
        }
        ctx.fill_rect(c.x, c.y, w, h);
        if let Some(l) = p.letters.get(k).copied().flatten() {
            let size = (c.w.min(c.h) * 0.5).floor();
            if size >= 9.0 {
                let ink = if p.fills[k].luminance() > 0.55 {
                    "#141414"
                } else {
                    "#fafafa"
                };
                ctx.set_fill_style_str(ink);
                ctx.set_font(&format!("{size}px {LABEL_FONT_FAMILY}"));
                ctx.set_text_align("center");
                ctx.set_text_baseline("middle");
                let _ = ctx.fill_text(&l.to_string(), c.x + w / 2.0, c.y + h / 2.0);
            }
        }
    }
    // Tiles outlined at rest (not while cells move): the inner levels'
    // thin, the first level's over them.
    if std::ptr::eq(cells, p.cells.as_slice()) {
        ctx.save();
        if let Some((right, bottom)) = p.cut {
            ctx.begin_path();
            ctx.rect(0.0, 0.0, right, bottom);
            ctx.clip();
        }
        ctx.set_line_width(1.5);
        for (level, [x, y, w, h]) in &p.inner {
            ctx.set_stroke_style_str(&theme.level(*level).css());
            ctx.stroke_rect(*x + 1.0, *y + 1.0, (*w - 2.5).max(1.0), (*h - 2.5).max(1.0));
        }
        ctx.set_stroke_style_str(&theme.level(0).css());
        ctx.set_line_width(2.5);
        for [x, y, w, h] in &p.outlines {
            ctx.stroke_rect(*x + 0.5, *y + 0.5, (*w - 1.5).max(1.0), (*h - 1.5).max(1.0));
        }
        ctx.restore();
    }
    if let Some(c) = shown.and_then(|k| cells.iter().find(|c| c.key == k)) {
        for (colour, width, inset) in [(theme.background, 6.0, 3.0), (theme.hover, 3.0, 3.0)] {
            ctx.set_stroke_style_str(&colour.css());
            ctx.set_line_width(width);
            ctx.stroke_rect(
                c.x + inset - 1.0,
                c.y + inset - 1.0,
                (c.w - 2.0 * inset + 1.0).max(1.0),
                (c.h - 2.0 * inset + 1.0).max(1.0),
            );
        }
    }
}

fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|q| q.matches())
}

type Frame = Rc<RefCell<Option<AnimationFrame>>>;

fn animate(
    frame: Frame,
    canvas: HtmlCanvasElement,
    moving: Rc<Transition>,
    to: Rc<Painted>,
    theme: Theme,
    shown: Option<u64>,
    start: Option<f64>,
) {
    let next = frame.clone();
    let handle = request_animation_frame(move |now| {
        let start = start.unwrap_or(now);
        let t = (now - start) / MOVE_MS;
        if t >= 1.0 {
            paint(&canvas, &to, &to.cells, &theme, shown);
            next.borrow_mut().take();
            return;
        }
        paint(&canvas, &to, &moving.at(t), &theme, shown);
        animate(next, canvas, moving, to, theme, shown, Some(start));
    });
    *frame.borrow_mut() = Some(handle);
}

#[function_component]
pub fn StagePanel(props: &StagesProps) -> Html {
    let canvas = use_node_ref();
    let drawn = props.model.as_ref().and_then(|m| m.drawn.as_ref());
    let steps = drawn.and_then(|d| d.steps());
    // Small cells are zoomed in on unless the user asks for the whole.
    let zoom = use_state(|| true);
    // The stage, with linear memory wrapped as the memory view wraps it,
    // in pixels: once per shape, row width, stage and zoom. With it,
    // whether zooming in changes anything.
    let picture = use_memo(
        (props.model.clone(), props.row_width, props.stage, *zoom),
        |(model, width, stage, zoom)| {
            let d = model.as_ref()?.drawn.as_ref()?;
            let steps = with_memory_rows(d.steps()?, *width);
            let k = (*stage)?;
            Some(stage_picture(&steps, k).map(|pic| {
                let near = zoomed(&pic, WIDTH, HEIGHT);
                let can_zoom = near.is_some();
                let (pic, on) = match near {
                    Some(z) if *zoom => (z, true),
                    _ => (pic, false),
                };
                let cells = placed_apart(&steps, k, &pic, WIDTH, HEIGHT);
                let painted = Painted::new(&d.analysis.mapping, cells, pic.colour_span, on);
                (Rc::new(pic), Rc::new(painted), can_zoom)
            }))
        },
    );
    let painted = match &*picture {
        Some(Ok((_, p, _))) => Some(p.clone()),
        _ => None,
    };
    let can_zoom = matches!(&*picture, Some(Ok((_, _, true))));
    let flip_zoom = {
        let zoom = zoom.clone();
        Callback::from(move |_: MouseEvent| zoom.set(!*zoom))
    };
    let last = use_mut_ref(|| None::<(Option<Shared<Model>>, Rc<Painted>)>);
    let frame: Frame = use_mut_ref(|| None);
    let theme = Theme::of(props.theme);
    {
        let canvas = canvas.clone();
        let shown = match (steps, props.offset) {
            (Some(s), Some(o)) => shown_key(s, o),
            _ => None,
        };
        let key = (
            props.model.clone(),
            props.stage,
            shown,
            props.theme,
            props.row_width,
        );
        let painted = painted.clone();
        use_effect_with(key, move |(model, _, shown, _, _)| {
            frame.borrow_mut().take();
            if let (Some(el), Some(to)) = (canvas.cast::<HtmlCanvasElement>(), painted) {
                let from = last
                    .borrow()
                    .as_ref()
                    .filter(|(m, from)| m == model && !Rc::ptr_eq(from, &to))
                    .map(|(_, from)| from.clone());
                match from {
                    Some(from) if !reduced_motion() => {
                        let moving = Rc::new(Transition::new(&from.cells, &to.cells));
                        animate(frame.clone(), el, moving, to.clone(), theme, *shown, None)
                    }
                    _ => paint(&el, &to, &to.cells, &theme, *shown),
                }
                *last.borrow_mut() = Some((model.clone(), to));
            }
            move || {
                frame.borrow_mut().take();
            }
        });
    }
    // Opened by the closed panel's button, which is gone now: the focus
    // goes on to this panel's, not back to the page's start.
    use_effect_with((), |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let lost = document
            .as_ref()
            .and_then(|d| d.active_element())
            .is_none_or(|e| e.tag_name().eq_ignore_ascii_case("body"));
        if lost {
            if let Some(next) = document
                .and_then(|d| d.get_element_by_id("step-next"))
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = next.focus();
            }
        }
    });
    // Pointing at a cell lights it in the main picture.
    let onpointermove = {
        let painted = painted.clone();
        props.dispatch.reform(move |e: PointerEvent| {
            let el = e.target_unchecked_into::<Element>();
            let r = el.get_bounding_client_rect();
            let (sx, sy) = (WIDTH / r.width().max(1.0), HEIGHT / r.height().max(1.0));
            let (x, y) = (
                (f64::from(e.client_x()) - r.left()) * sx,
                (f64::from(e.client_y()) - r.top()) * sy,
            );
            let at = painted
                .as_ref()
                .and_then(|p| cell_at(&p.cells, x, y))
                .map(|c| c.offset);
            Action::HoverOffset(at)
        })
    };
    let onpointerleave = props
        .dispatch
        .reform(|_: PointerEvent| Action::HoverOffset(None));
    let prev = props.dispatch.reform(|_: MouseEvent| Action::StageStep(-1));
    let next = props.dispatch.reform(|_: MouseEvent| Action::StageStep(1));
    let off = props.dispatch.reform(|_: MouseEvent| Action::StageOff);
    let count = steps.map_or(0, |s| s.stages().len());
    let (motion, rects, cell) = match &*picture {
        Some(Ok((p, painted, _))) => (
            if p.blocks { "blocks" } else { "cells" },
            p.cells.len().to_string(),
            format!("{:.1}", painted.cell),
        ),
        _ => ("", String::new(), String::new()),
    };
    let first = usize::from(props.sharded);
    let label = match (steps, props.stage, &props.cut) {
        (Some(_), Some(_), Some(_)) => format!("1/{}: the cut into shards", count + first),
        (Some(s), Some(k), None) => s
            .stages()
            .get(k)
            .map(|st| format!("{}/{}: {}", k + 1 + first, count + first, st.title()))
            .unwrap_or_default(),
        _ => "Step through the tiling, one stage at a time".to_owned(),
    };
    let shown = props.cut.is_none() && matches!(&*picture, Some(Ok(_)));
    html! {
        <section id="step-mode" class="panel step-mode">
            <div class="step-controls">
                <button type="button" id="step-prev" onclick={prev} disabled={steps.is_none()}
                    title="Previous stage ([)">{ "◀ stage" }</button>
                <button type="button" id="step-next" onclick={next} disabled={steps.is_none()}
                    title="Next stage (])">{ "stage ▶" }</button>
                <span id="step-label" aria-live="polite">{ label }</span>
                if can_zoom {
                    <button type="button" id="step-zoom" onclick={flip_zoom} aria-pressed={(!*zoom).to_string()}
                        title="Small cells are zoomed in on; this shows the whole stage">{ "Whole stage" }</button>
                }
                if props.stage.is_some() {
                    <button type="button" id="step-off" onclick={off} title="Close the stages (Esc)">{ "Close" }</button>
                }
            </div>
            if let Some(cut) = &props.cut {
                <p id="step-cut">{ cut.clone() }</p>
            }
            if let Some(Err(why)) = &*picture {
                <p class="muted">{ why.clone() }</p>
            }
            if let Some(Ok((p, _, _))) = &*picture {
                if let Some(note) = &p.note {
                    <p id="step-note" class="muted">{ note.clone() }</p>
                }
            }
            <canvas ref={canvas} id="step-canvas" data-motion={motion} data-rects={rects} data-cell={cell}
                data-width={WIDTH.to_string()} data-height={HEIGHT.to_string()}
                width={(WIDTH * BACKING).to_string()} height={(HEIGHT * BACKING).to_string()}
                style={format!("width: {WIDTH}px; max-width: 100%; height: auto")}
                role="img" aria-label="The stage's cells, coloured and lettered as in the picture"
                {onpointermove} {onpointerleave} hidden={!shown} />
        </section>
    }
}
