//! The sharding field (`#sharding-input`, its errors in `#sharding-error`)
//! and the devices panel (`#shard-panel`): the device picker
//! (`#device-select`), the grid of the array's tiles over the devices
//! (`#device-grid`, a block clicked shows its device) and what the shown
//! device holds (`#shard-summary`).

use std::rc::Rc;

use web_sys::{Element, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::shared::Shared;
use crate::ui::model::{InputError, Model};
use crate::ui::shard::{global_index, ShardView};
use crate::ui::shard_grid::{layout, GridLayout, WIDTH};
use crate::ui::state::Action;

/// The most devices the picker lists (the grid still shows every block
/// up to its own limit).
const MAX_OPTIONS: usize = 1024;

fn bytes(n: u64) -> String {
    crate::ui::document::binary_bytes(n)
}

fn list(values: &[u64]) -> String {
    let parts: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("({})", parts.join(", "))
}

fn ranges(r: &[[u64; 2]]) -> String {
    let parts: Vec<String> = r.iter().map(|[s, e]| format!("{s}..{e}")).collect();
    format!("[{}]", parts.join(", "))
}

/// The exported figure's title: the shard, whose it is, and of what.
pub use crate::ui::shard_figure::shard_title;

/// Step mode's first stage for a sharded array: the cut into shards.
pub fn cut_text(v: &ShardView) -> String {
    let r = &v.report;
    let shown = match v.shown() {
        Some(d) if d.elements == 0 => format!("; device {} holds nothing of it", d.name()),
        Some(d) => format!("; device {} holds {}", d.name(), ranges(&d.ranges)),
        None => String::new(),
    };
    format!(
        "{} is cut {} ({}): every device holds a shard {}{shown}. The next stages lay out that shard.",
        r.shape,
        list(&r.ways).replace(", ", " x "),
        r.meaning,
        r.shard
    )
}

/// The cell panel's rows for the shard's element at `index`.
pub fn device_rows(v: &ShardView, index: &[u64]) -> Vec<(String, String)> {
    let Some(d) = v.shown() else {
        return Vec::new();
    };
    match global_index(v, index) {
        Some(g) => vec![
            ("device".into(), format!("{} holds it", d.name())),
            ("global index".into(), list(&g)),
        ],
        None => vec![(
            "device".into(),
            format!(
                "{}: past the array's end, the partitioner's padding of this shard",
                d.name()
            ),
        )],
    }
}

#[derive(Properties, PartialEq)]
pub struct FieldProps {
    pub value: AttrValue,
    pub error: Option<InputError>,
    /// The text came from the pasted instruction's `sharding=`.
    pub filled: bool,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn ShardingField(props: &FieldProps) -> Html {
    let oninput = props.dispatch.reform(|e: InputEvent| {
        Action::Sharding(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    html! {
        <>
            <div class="shape-row sharding-row">
                <label for="sharding-input" class="field-label">{ "Sharding" }</label>
                <input id="sharding-input" type="text" class="sharding-input" spellcheck="false"
                    autocomplete="off" value={props.value.clone()} {oninput}
                    aria-invalid={props.error.is_some().to_string()}
                    aria-describedby="sharding-hint sharding-error"
                    placeholder="{devices=[4,1]<=[4]}  or  x=4,y=2 P('x', None)" />
            </div>
            <p id="sharding-hint" class="hint">
                { if props.filled { "From the pasted instruction's sharding=. " } else { "" } }
                { "XLA's sharding, a pasted NamedSharding(..), or a mesh and a PartitionSpec; empty for one device." }
            </p>
            <pre id="sharding-error" class="shape-error" role="alert">
                { props.error.as_ref().map(|e| e.message.clone()).unwrap_or_default() }
            </pre>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct PanelProps {
    pub model: Shared<Model>,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn ShardPanel(props: &PanelProps) -> Html {
    let Some(v) = props.model.shard.as_ref() else {
        return html! {};
    };
    let r = &v.report;
    let mut rows: Vec<(&'static str, &'static str, String)> = vec![
        ("shard-text", "each device", r.shard.clone()),
        ("shard-meaning", "sharding", r.meaning.clone()),
    ];
    let shard_data = v.shard.stats.bytes_data;
    let tiling = r.bytes_per_device.saturating_sub(shard_data);
    if let Some(d) = v.shown() {
        let holds = if d.elements == 0 {
            "nothing: past the array's end".to_owned()
        } else {
            format!("{} ({} elements)", ranges(&d.ranges), d.elements)
        };
        rows.push((
            "shard-device",
            "shown device",
            format!("{} holds {holds}", d.name()),
        ));
        rows.push((
            "shard-device-bytes",
            "its memory",
            format!(
                "{}: {} data, {} partitioner padding, {} tiling padding",
                bytes(r.bytes_per_device),
                bytes(d.bytes_valid),
                bytes(shard_data.saturating_sub(d.bytes_valid)),
                bytes(tiling)
            ),
        ));
    }
    if let Some(total) = r.bytes_total {
        rows.push((
            "shard-total",
            "all devices",
            format!(
                "{} for {} of data: {} partitioner padding, {} tiling padding",
                bytes(total),
                bytes(
                    r.bytes_data
                        .saturating_mul(r.replication.unwrap_or(1).max(1))
                ),
                bytes(r.bytes_padding_partitioner.unwrap_or(0)),
                bytes(r.bytes_padding_tiling.unwrap_or(0))
            ),
        ));
    }
    html! {
        <section id="shard-panel" class="panel shard" aria-labelledby="shard-heading">
            <h2 id="shard-heading">{ "Devices" }</h2>
            { picker(v, &props.dispatch) }
            { grid(v, &props.dispatch) }
            <dl id="shard-summary" class="facts">
                { for rows.into_iter().map(|(id, k, v)| html! { <><dt>{ k }</dt><dd {id}>{ v }</dd></> }) }
            </dl>
            <p id="shard-sentence">{ r.sentence.clone() }</p>
        </section>
    }
}

/// `#device-select`: the devices (at most [`MAX_OPTIONS`]), each with what
/// it holds; nothing for a sharding that lists none.
fn picker(v: &ShardView, dispatch: &Callback<Action>) -> Html {
    if v.report.devices.is_empty() {
        return html! {};
    }
    let onchange = dispatch.reform(|e: Event| {
        let value = e.target_unchecked_into::<HtmlSelectElement>().value();
        Action::Device(value.parse().unwrap_or(0))
    });
    let options = v
        .report
        .devices
        .iter()
        .enumerate()
        .take(MAX_OPTIONS)
        .map(|(k, d)| {
            let text = if d.elements == 0 {
                format!("device {}: nothing", d.name())
            } else {
                format!("device {}: {}", d.name(), ranges(&d.ranges))
            };
            html! { <option value={k.to_string()} selected={k == v.device}>{ text }</option> }
        });
    html! {
        <label class="device-pick">{ "Device " }
            <select id="device-select" {onchange}>{ for options }</select>
        </label>
    }
}

/// Embed mode's strip over the picture of a shard (registered by the
/// sharded embed module): the device grid, one line on what the shown
/// device holds and its memory (`#shard-line`), and the picker when the
/// embed shows controls.
pub fn embed_strip(v: &ShardView, dispatch: &Callback<Action>, controls: bool) -> Html {
    let r = &v.report;
    let holds = match v.shown() {
        Some(d) if d.elements == 0 => format!("device {} holds nothing of {}", d.name(), r.shape),
        Some(d) => format!(
            "device {} holds {} of {}",
            d.name(),
            ranges(&d.ranges),
            r.shape
        ),
        None => format!("a shard of {}", r.shape),
    };
    let line = format!(
        "{holds}: {}, {} in memory ({} data)",
        r.shard,
        bytes(r.bytes_per_device),
        bytes(
            v.shown()
                .map_or(v.shard.stats.bytes_data, |d| d.bytes_valid)
        )
    );
    html! {
        <div class="embed-shard">
            { grid(v, dispatch) }
            <div class="embed-shard-text">
                <p id="shard-line">{ line }</p>
                if controls {
                    { picker(v, dispatch) }
                }
            </div>
        </div>
    }
}

/// The device grid as SVG; a block clicked shows its first device.
fn grid(v: &ShardView, dispatch: &Callback<Action>) -> Html {
    let label = format!(
        "{} cut into {} tiles over {} devices; the shown device's tile is outlined",
        v.report.shape,
        v.report.ways.iter().product::<u64>(),
        v.report
            .num_devices
            .map_or("all".to_owned(), |n| n.to_string())
    );
    html! {
        <DeviceGrid layout={Rc::new(layout(v))} label={AttrValue::from(label)} dispatch={dispatch.clone()} />
    }
}

/// The grid's box scrolls past this height (CSS `.device-grid-box`).
const BOX_PX: f64 = 400.0;
/// Drawn beyond the box's edges, so that scrolling shows no gap.
const MARGIN_PX: f64 = 200.0;

#[derive(Properties, PartialEq)]
struct GridProps {
    layout: Rc<GridLayout>,
    label: AttrValue,
    dispatch: Callback<Action>,
}

/// `#device-grid` in a box that scrolls when the grid is taller than it
/// (256 tiles of 4,096 devices make 128 bands, 7,900 px): only the tiles in
/// view and `MARGIN_PX` around them are drawn (`data-tiles` says how many
/// the grid has).
#[function_component]
fn DeviceGrid(props: &GridProps) -> Html {
    let boxed = use_node_ref();
    // (scroll top, width) of the box in CSS px; 160 px wide until measured,
    // which draws more than a wider box shows, never less.
    let window = use_state(|| (0.0f64, 160.0f64));
    {
        let boxed = boxed.clone();
        let window = window.clone();
        use_effect_with((), move |_| {
            if let Some(el) = boxed.cast::<Element>() {
                window.set((0.0, f64::from(el.client_width())));
            }
        });
    }
    {
        // A box that scrolls is a tab stop, so that the keyboard scrolls
        // it too (its height is the page's: the panel's, or the embed's
        // strip).
        let boxed = boxed.clone();
        use_effect(move || {
            if let Some(el) = boxed.cast::<Element>() {
                if el.scroll_height() > el.client_height() {
                    let _ = el.set_attribute("tabindex", "0");
                    let _ = el.set_attribute("role", "group");
                    let _ = el.set_attribute("aria-label", "Device grid (scrolls)");
                } else {
                    for name in ["tabindex", "role", "aria-label"] {
                        let _ = el.remove_attribute(name);
                    }
                }
            }
        });
    }
    let onscroll = {
        let window = window.clone();
        Callback::from(move |e: Event| {
            let el: Element = e.target_unchecked_into();
            window.set((f64::from(el.scroll_top()), f64::from(el.client_width())));
        })
    };
    let g = &props.layout;
    let (scroll, width) = *window;
    // Grid units per CSS px (the SVG is as wide as its box).
    let scale = (WIDTH + 4.0) / width.max(1.0);
    let top = (scroll - MARGIN_PX) * scale;
    let bottom = (scroll + BOX_PX + MARGIN_PX) * scale;
    let (bands, boxes) = g.in_window(top, bottom);
    let view_box = format!("-2 -2 {} {}", WIDTH + 4.0, g.height + 4.0);
    let dispatch = &props.dispatch;
    html! {
        <div class="device-grid-box" ref={boxed} {onscroll}>
            <svg id="device-grid" class="device-grid" role="img" aria-label={props.label.clone()}
                viewBox={view_box} data-tiles={g.boxes.len().to_string()}>
                { for bands.into_iter().map(|(y, text)| html! {
                    <text x="0" y={format!("{y:.1}")} class="band">{ text.clone() }</text>
                }) }
                { for boxes.into_iter().map(|b| {
                    let first = b.first;
                    let onclick = dispatch.reform(move |_: MouseEvent| Action::Device(first));
                    html! {
                        <g key={first} class={classes!("tile", b.shown.then_some("shown"), b.empty.then_some("empty"))} {onclick}>
                            <title>{ b.title.clone() }</title>
                            <rect class="alloc" x={format!("{:.1}", b.x)} y={format!("{:.1}", b.y)}
                                width={format!("{:.1}", b.w)} height={format!("{:.1}", b.h)} />
                            <rect class="valid" x={format!("{:.1}", b.x)} y={format!("{:.1}", b.y)}
                                width={format!("{:.1}", b.valid_w)} height={format!("{:.1}", b.valid_h)} />
                            <text x={format!("{:.1}", b.x + b.w / 2.0)} y={format!("{:.1}", b.y + b.h / 2.0 + 4.0)}
                                text-anchor="middle">{ if b.empty && !b.label.is_empty() { "empty".to_owned() } else { b.label.clone() } }</text>
                        </g>
                    }
                }) }
            </svg>
        </div>
    }
}
