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
use crate::ui::stepper::look::{cell_at, letter, placed_apart, tile_outlines, with_memory_rows};
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
}

impl Painted {
    fn new(mapping: &Mapping, cells: Vec<Placed>, span: u64) -> Painted {
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
        let outlines = tile_outlines(mapping, &cells);
        Painted {
            cells,
            fills,
            letters,
            outlines,
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
    // Tiles outlined at rest (not while cells move).
    if std::ptr::eq(cells, p.cells.as_slice()) {
        ctx.set_stroke_style_str(&theme.level(0).css());
        ctx.set_line_width(2.5);
        for [x, y, w, h] in &p.outlines {
            ctx.stroke_rect(*x + 0.5, *y + 0.5, (*w - 1.5).max(1.0), (*h - 1.5).max(1.0));
        }
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
    // The stage, with linear memory wrapped as the memory view wraps it,
    // in pixels: once per shape, row width and stage.
    let picture = use_memo(
        (props.model.clone(), props.row_width, props.stage),
        |(model, width, stage)| {
            let d = model.as_ref()?.drawn.as_ref()?;
            let steps = with_memory_rows(d.steps()?, *width);
            let k = (*stage)?;
            Some(stage_picture(&steps, k).map(|pic| {
                let cells = placed_apart(&steps, k, &pic, WIDTH, HEIGHT);
                let painted = Painted::new(&d.analysis.mapping, cells, pic.colour_span);
                (Rc::new(pic), Rc::new(painted))
            }))
        },
    );
    let painted = match &*picture {
        Some(Ok((_, p))) => Some(p.clone()),
        _ => None,
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
    let (motion, rects) = match &*picture {
        Some(Ok((p, _))) => (
            if p.blocks { "blocks" } else { "cells" },
            p.cells.len().to_string(),
        ),
        _ => ("", String::new()),
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
            if let Some(Ok((p, _))) = &*picture {
                if let Some(note) = &p.note {
                    <p id="step-note" class="muted">{ note.clone() }</p>
                }
            }
            <canvas ref={canvas} id="step-canvas" data-motion={motion} data-rects={rects}
                data-width={WIDTH.to_string()} data-height={HEIGHT.to_string()}
                width={(WIDTH * BACKING).to_string()} height={(HEIGHT * BACKING).to_string()}
                style={format!("width: {WIDTH}px; max-width: 100%; height: auto")}
                role="img" aria-label="The stage's cells, coloured and lettered as in the picture"
                {onpointermove} {onpointerleave} hidden={!shown} />
        </section>
    }
}
