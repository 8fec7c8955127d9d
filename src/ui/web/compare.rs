//! The "compare with" box under the shape bar: `#compare-toggle` opens it
//! prefilled with the same dims in another layout; `#compare-input` holds
//! the second shape, `#compare-verdict` the verdict, `#compare-error` what
//! is wrong with the second text (never the main input's error).

use std::rc::Rc;

use web_sys::{HtmlCanvasElement, HtmlInputElement};
use yew::prelude::*;

use crate::render::backend::canvas::context;

use crate::render::world::colour::viridis_table;
use crate::ui::compare::{verdict_text, CompareView};
use crate::ui::compare_view::{a_of_b, b_of_a, memory_picture, MemoryPicture};
use crate::ui::model::Model;
use crate::ui::state::Action;

use super::shared::Shared;

#[derive(Properties, PartialEq)]
pub struct CompareProps {
    pub compare: Option<CompareView>,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn ComparePanel(props: &CompareProps) -> Html {
    let toggle = props.dispatch.reform(|_: MouseEvent| Action::CompareToggle);
    let open = props.compare.is_some();
    let Some(c) = &props.compare else {
        return html! {
            <div class="compare-row">
                <button type="button" id="compare-toggle" aria-expanded="false" onclick={toggle}>
                    { "Compare with another layout" }
                </button>
            </div>
        };
    };
    let oninput = props.dispatch.reform(|e: InputEvent| {
        Action::CompareEdit(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    let (verdict, error) = match &c.verdict {
        Ok(v) => (verdict_text(v), String::new()),
        Err(e) => (String::new(), e.message.clone()),
    };
    html! {
        <div class="compare-row">
            <div class="shape-row">
                <label for="compare-input" class="field-label">{ "Compare with" }</label>
                <input id="compare-input" class="shape-input compare-input" type="text"
                    spellcheck="false" autocomplete="off"
                    value={c.input.clone()} {oninput}
                    aria-invalid={if c.verdict.is_err() { "true" } else { "false" }}
                    aria-describedby="compare-error compare-verdict" />
                <button type="button" id="compare-toggle" aria-expanded={open.to_string()} onclick={toggle}>
                    { "Close" }
                </button>
            </div>
            <pre id="compare-error" class="shape-error" role="alert">{ error }</pre>
            <p id="compare-verdict" class="compare-verdict" aria-live="polite">{ verdict }</p>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct CompareLineProps {
    pub compare: Option<CompareView>,
    /// Show the verdict line (embed mode with controls).
    pub verdict: bool,
}

/// Embed mode's comparison text: what is wrong with the compared text
/// (`#compare-error`, always: a text node, never markup) and, when asked
/// for, the verdict (`#compare-verdict`).
#[function_component]
pub fn CompareLine(props: &CompareLineProps) -> Html {
    let Some(c) = &props.compare else {
        return html! {};
    };
    match &c.verdict {
        Err(e) => html! {
            <pre id="compare-error" class="shape-error" role="alert">{ e.message.clone() }</pre>
        },
        Ok(v) if props.verdict => html! {
            <p id="compare-verdict" class="compare-verdict" aria-live="polite">{ verdict_text(v) }</p>
        },
        Ok(_) => html! {},
    }
}

/// Pixels of the second memory view (CSS scales it down on small screens).
const VIEW_W: f64 = 420.0;
const VIEW_H: f64 = 260.0;
/// The linked highlight: a colour the viridis ramp and the padding grey
/// never use.
const LIT: &str = "#ff2d95";

#[derive(Properties, PartialEq)]
pub struct CompareViewProps {
    pub model: Option<Shared<Model>>,
    pub compare: Option<CompareView>,
    /// The hovered (else pinned) memory offset of the first layout.
    pub lit: Option<u64>,
    pub dispatch: Callback<Action>,
}

/// A CSS point of the canvas in bitmap pixels. The bitmap keeps its
/// proportions inside the element's box (scaled down on small screens;
/// `object-fit: contain` in embed mode, centred), so the larger of the two
/// ratios is the scale and the margins are subtracted.
fn to_bitmap(css_w: f64, css_h: f64, x: f64, y: f64) -> (f64, f64) {
    let scale = (VIEW_W / css_w.max(1.0)).max(VIEW_H / css_h.max(1.0));
    let dx = (css_w - VIEW_W / scale).max(0.0) / 2.0;
    let dy = (css_h - VIEW_H / scale).max(0.0) / 2.0;
    ((x - dx) * scale, (y - dy) * scale)
}

fn paint_memory(
    canvas: &HtmlCanvasElement,
    pic: &MemoryPicture,
    a_footprint: u64,
    lit: Option<u64>,
) {
    let Some(ctx) = context(canvas) else {
        return;
    };
    ctx.clear_rect(0.0, 0.0, VIEW_W, VIEW_H);
    let size = pic.cell_size(VIEW_W, VIEW_H);
    let gap = if size >= 6.0 { 1.0 } else { 0.0 };
    let table = viridis_table();
    let span = u128::from(a_footprint.saturating_sub(1).max(1));
    for (k, cell) in pic.cells.iter().enumerate() {
        let k = k as u64;
        let (r, c) = (k / pic.cols, k % pic.cols);
        let colour = match cell {
            Some(a) => table[(u128::from(*a) * 255 / span).min(255) as usize].css(),
            None => "#bbb".to_owned(),
        };
        ctx.set_fill_style_str(&colour);
        ctx.fill_rect(c as f64 * size, r as f64 * size, size - gap, size - gap);
    }
    if let Some((r, c)) = lit.and_then(|b| pic.place(b)) {
        let w = size.max(4.0);
        ctx.set_stroke_style_str(LIT);
        ctx.set_line_width(3.0);
        ctx.stroke_rect(
            c as f64 * size + 1.5,
            r as f64 * size + 1.5,
            w - 3.0,
            w - 3.0,
        );
        ctx.set_fill_style_str(LIT);
        ctx.fill_rect(
            c as f64 * size + w / 4.0,
            r as f64 * size + w / 4.0,
            w / 2.0,
            w / 2.0,
        );
    }
}

/// `#compare-view`: the second layout's memory (`#compare-canvas`), each
/// cell coloured by where its element sits in the first layout's memory;
/// the element under the pointer in either view is lit in both
/// (`data-lit` holds the second layout's lit offset).
#[function_component]
pub fn CompareMemory(props: &CompareViewProps) -> Html {
    let canvas = use_node_ref();
    let a = props
        .model
        .as_ref()
        .and_then(|m| m.drawn.as_ref())
        .map(|d| &d.analysis.mapping);
    let b = props.compare.as_ref().and_then(|c| c.other.clone());
    let picture = use_memo((props.model.clone(), b.clone()), |(model, b)| {
        let a = model.as_ref()?.drawn.as_ref()?;
        let b = b.as_ref()?;
        Some(Rc::new(memory_picture(
            &a.analysis.mapping,
            &b.0,
            VIEW_W,
            VIEW_H,
        )))
    });
    let lit_b = match (a, &b, props.lit) {
        (Some(a), Some(b), Some(o)) => b_of_a(a, &b.0, o),
        _ => None,
    };
    let a_footprint = a.map_or(0, |a| a.footprint());
    {
        let canvas = canvas.clone();
        let picture = picture.clone();
        use_effect_with((picture.clone(), lit_b), move |(_, lit)| {
            if let (Some(el), Some(p)) = (canvas.cast::<HtmlCanvasElement>(), &*picture) {
                paint_memory(&el, p, a_footprint, *lit);
            }
        });
    }
    let Some(pic) = (*picture).clone() else {
        return html! {};
    };
    let onpointermove = {
        let dispatch = props.dispatch.clone();
        let a = props.model.clone();
        let b = b.clone();
        let pic = pic.clone();
        Callback::from(move |e: PointerEvent| {
            let el = e.target_unchecked_into::<HtmlCanvasElement>();
            let (x, y) = to_bitmap(
                f64::from(el.client_width()),
                f64::from(el.client_height()),
                f64::from(e.offset_x()),
                f64::from(e.offset_y()),
            );
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
            dispatch.emit(Action::HoverOffset(a_off));
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
        "Second layout's memory, in offset order. Colour: where each element sits in the first layout's memory (grey: padding). Point at a cell to light the same element in both.".to_owned()
    };
    html! {
        <section id="compare-view" class="panel compare-view">
            <h2>{ "Compared layout" }</h2>
            <canvas ref={canvas} id="compare-canvas" width={VIEW_W.to_string()} height={VIEW_H.to_string()}
                data-lit={lit_b.map(|o| o.to_string()).unwrap_or_default()}
                data-stride={pic.stride.to_string()} data-cols={pic.cols.to_string()}
                role="img" aria-label="The compared layout's memory"
                {onpointermove} {onpointerleave} />
            <p class="muted">{ caption }</p>
        </section>
    }
}
