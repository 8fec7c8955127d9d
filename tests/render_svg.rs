//! SVG figures: valid XML, deterministic, cells and padding counted against
//! XLA's tiled-layout example, tile boundaries against a brute-force grid
//! of tiles, hostile text kept as text, bounded node counts for huge
//! shapes. Expected values come from XLA's docs and formulas here.

use std::collections::BTreeSet;

use roxmltree::{Document, Node};
use xla_layout_viz::core::{parse, Mapping};
use xla_layout_viz::render::figure::{
    svg, svg_of_mapping, FigureOptions, FigureView, MAX_FIGURE_SAMPLES,
};

fn mapping(text: &str) -> Mapping {
    let shape = parse(text).unwrap();
    Mapping::new(&shape.leaves()[0].1.layout().unwrap()).unwrap()
}

fn figure(text: &str) -> String {
    figure_with(text, FigureOptions::default())
}

fn figure_with(text: &str, options: FigureOptions) -> String {
    svg(text, &options).unwrap_or_else(|e| panic!("{e}"))
}

fn pane<'a>(doc: &'a Document<'a>, name: &str) -> Node<'a, 'a> {
    doc.descendants()
        .find(|n| n.attribute("class") == Some(&format!("pane {name}")[..]))
        .unwrap_or_else(|| panic!("no {name} pane"))
}

/// Cells drawn with class `class` (runs count their width).
fn count(pane: Node<'_, '_>, class: &str) -> u64 {
    pane.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .map(|n| n.attribute("width").unwrap().parse::<u64>().unwrap())
        .sum()
}

#[test]
fn figures_are_xml_and_the_same_every_time() {
    for text in [
        "f32[3,5]{1,0:T(2,2)}",
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
        "pred[7]{0:T(1024)(32)E(1)}",
        "f32[]",
        "(f32[2,3], s8[4])",
    ] {
        let a = figure(text);
        assert_eq!(a, figure(text), "{text}");
        Document::parse(&a).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn cells_and_padding_of_xlas_3x5_example() {
    // XLA's tiled-layout page: f32[3,5] by 2x2 tiles occupies 24 cells, 9
    // of them padding; the logical picture shows the 4x6 tiled region.
    let text = figure("f32[3,5]{1,0:T(2,2)}");
    let doc = Document::parse(&text).unwrap();
    for name in ["logical", "memory"] {
        let p = pane(&doc, name);
        assert_eq!(count(p, "cell"), 15, "{name}");
        assert_eq!(count(p, "pad"), 9, "{name}");
        assert_eq!(p.attribute("data-block"), Some("1"));
    }
}

/// The cell transform of a pane: (tx, ty, sx, sy).
fn transform(p: Node<'_, '_>) -> (f64, f64, f64, f64) {
    let g = p
        .descendants()
        .find(|n| n.attribute("class") == Some("cells"))
        .unwrap();
    let t = g.attribute("transform").unwrap();
    let nums: Vec<f64> = t
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    (nums[0], nums[1], nums[2], nums[3])
}

/// Unit edges (in cells) of every segment of paths with class `class`.
fn unit_edges(p: Node<'_, '_>, class: &str) -> BTreeSet<(i64, i64, bool)> {
    let (tx, ty, sx, sy) = transform(p);
    let mut edges = BTreeSet::new();
    for path in p
        .descendants()
        .filter(|n| n.attribute("class") == Some(class))
    {
        let d = path.attribute("d").unwrap();
        for seg in d.split('M').filter(|s| !s.is_empty()) {
            let v: Vec<f64> = seg.split(['L', ' ']).map(|s| s.parse().unwrap()).collect();
            let c = |x: f64, t: f64, s: f64| ((x - t) / s).round() as i64;
            let (x0, y0, x1, y1) = (
                c(v[0], tx, sx),
                c(v[1], ty, sy),
                c(v[2], tx, sx),
                c(v[3], ty, sy),
            );
            if x0 == x1 {
                for y in y0.min(y1)..y0.max(y1) {
                    edges.insert((x0, y, true));
                }
            } else {
                assert_eq!(y0, y1, "{seg}");
                for x in x0.min(x1)..x0.max(x1) {
                    edges.insert((x, y0, false));
                }
            }
        }
    }
    edges
}

#[test]
fn level_one_boundaries_of_the_3x5_example_are_where_the_tiles_meet() {
    let text = figure("f32[3,5]{1,0:T(2,2)}");
    let doc = Document::parse(&text).unwrap();
    let got = unit_edges(pane(&doc, "logical"), "boundary level-0");
    // Brute force: the 4x6 region in 2x2 tiles; an edge between two cells
    // of different tiles, and the region's outline.
    let tile = |r: i64, c: i64| (r / 2, c / 2);
    let mut want = BTreeSet::new();
    for r in 0..4 {
        for c in 0..=6 {
            if c == 0 || c == 6 || tile(r, c - 1) != tile(r, c) {
                want.insert((c, r, true));
            }
        }
    }
    for c in 0..6 {
        for r in 0..=4 {
            if r == 0 || r == 4 || tile(r - 1, c) != tile(r, c) {
                want.insert((c, r, false));
            }
        }
    }
    assert_eq!(got, want);
}

#[test]
fn each_level_has_its_own_pattern() {
    // Figure 2 of XLA's page: (2,4) tiles, then (2,1) inside them.
    let text = figure("f32[4,8]{1,0:T(2,4)(2,1)}");
    let doc = Document::parse(&text).unwrap();
    let dash = |class: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .map(|n| n.attribute("data-dash").unwrap().to_owned())
            .collect::<BTreeSet<_>>()
    };
    assert_eq!(
        dash("boundary level-0"),
        BTreeSet::from(["solid".to_owned()])
    );
    assert_eq!(
        dash("boundary level-1"),
        BTreeSet::from(["dashed".to_owned()])
    );
}

#[test]
fn hostile_text_is_data() {
    let hostile = "<img onerror=alert(1)>]]>\"&'";
    let out = svg_of_mapping(&mapping("f32[2,3]"), hostile, &FigureOptions::default());
    let doc = Document::parse(&out).unwrap();
    assert!(doc.descendants().all(|n| n.tag_name().name() != "img"));
    let title = doc
        .descendants()
        .find(|n| n.tag_name().name() == "title")
        .unwrap();
    assert_eq!(title.text(), Some(hostile));
    assert!(doc
        .descendants()
        .any(|n| n.text() == Some(hostile) && n.tag_name().name() == "text"));
    // Hostile shape text is an error pointing at it, not a figure.
    assert!(svg("<img onerror=alert(1)>", &FigureOptions::default()).is_err());
}

#[test]
fn huge_shapes_are_blocks_with_bounded_nodes() {
    for text in [
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
        "f32[1048576,1048576]{1,0:T(8,128)}",
    ] {
        let out = figure_with(
            text,
            FigureOptions {
                width: 1600.0,
                ..FigureOptions::default()
            },
        );
        let doc = Document::parse(&out).unwrap();
        for name in ["logical", "memory"] {
            let p = pane(&doc, name);
            let nodes = p
                .descendants()
                .filter(|n| matches!(n.attribute("class"), Some("cell" | "pad")))
                .count() as u64;
            assert!(nodes <= MAX_FIGURE_SAMPLES, "{text} {name}: {nodes}");
            let block: u64 = p.attribute("data-block").unwrap().parse().unwrap();
            assert!(block > 1, "{text} {name}");
        }
    }
}

#[test]
fn single_views() {
    for (view, has, lacks) in [
        (FigureView::Logical, "logical", "memory"),
        (FigureView::Memory, "memory", "logical"),
    ] {
        let out = figure_with(
            "f32[3,5]{1,0:T(2,2)}",
            FigureOptions {
                view,
                ..FigureOptions::default()
            },
        );
        let doc = Document::parse(&out).unwrap();
        pane(&doc, has);
        let lacks = format!("pane {lacks}");
        assert!(doc
            .descendants()
            .all(|n| n.attribute("class") != Some(&lacks[..])));
    }
}

/// Cell label texts of a pane, top to bottom, left to right.
fn cell_texts(text: &str, name: &str) -> Vec<String> {
    let doc = Document::parse(text).unwrap();
    let p = pane(&doc, name);
    let mut t: Vec<(f64, f64, String)> = p
        .descendants()
        .filter(|n| n.tag_name().name() == "text")
        .map(|n| {
            let f = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
            (f("y"), f("x"), n.text().unwrap_or("").to_owned())
        })
        .collect();
    t.sort_by(|a, b| a.partial_cmp(b).unwrap());
    t.into_iter().map(|(_, _, s)| s).collect()
}

#[test]
fn labels_say_what_was_asked() {
    use xla_layout_viz::render::scene::style::CellLabels;
    // Seed 003: [2x3] `a b c / d e f` with {0,1}: memory holds a d b e c f,
    // so element (r, c) is at offset 2c + r.
    let m = mapping("f32[2,3]{0,1}");
    let with = |labels| {
        svg_of_mapping(
            &m,
            "f32[2,3]{0,1}",
            &FigureOptions {
                labels,
                ..FigureOptions::default()
            },
        )
    };
    let letters = with(CellLabels::Letters);
    assert_eq!(
        cell_texts(&letters, "logical"),
        ["a", "b", "c", "d", "e", "f"]
    );
    assert_eq!(
        cell_texts(&letters, "memory"),
        ["a", "d", "b", "e", "c", "f"]
    );
    let offsets = with(CellLabels::Offset);
    assert_eq!(
        cell_texts(&offsets, "logical"),
        ["0", "2", "4", "1", "3", "5"]
    );
    let index = with(CellLabels::Index);
    assert_eq!(
        cell_texts(&index, "memory"),
        ["0,0", "1,0", "0,1", "1,1", "0,2", "1,2"]
    );
    assert!(cell_texts(&with(CellLabels::None), "logical").is_empty());
}

#[test]
fn the_legend_names_each_level() {
    // Figure 2: two tiling levels, each with a sample line in its pattern.
    let text = figure("f32[4,8]{1,0:T(2,4)(2,1)}");
    let doc = Document::parse(&text).unwrap();
    let legend = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("legend"))
        .expect("a legend");
    let samples: Vec<_> = legend
        .descendants()
        .filter_map(|n| n.attribute("class"))
        .filter(|c| c.starts_with("boundary"))
        .collect();
    assert_eq!(samples, ["boundary level-0", "boundary level-1"]);
    assert!(legend
        .descendants()
        .any(|n| n.text() == Some("offset 0 .. 31")));
}

/// The figure's note on what a zoomed-out pane's squares are, and the
/// document's height.
fn note(doc: &Document<'_>) -> Option<(String, f64, f64)> {
    let height: f64 = doc.root_element().attribute("height")?.parse().ok()?;
    let g = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("legend-note"))?;
    let text = g.descendants().find(|n| n.has_tag_name("text"))?;
    let y = text.attribute("y")?.parse().ok()?;
    Some((text.text()?.to_owned(), y, height))
}

#[test]
fn zoomed_out_figures_say_what_a_square_is() {
    // s32[2048,1,128,128,4] tiled by (8,128): each row of 4 elements fills
    // 4 of a tile row's 128 offsets, so memory is 31/32 padding. Fitted,
    // its squares are cells picked at random, and the figure says so.
    let oom = "s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}";
    let out = figure(oom);
    let doc = Document::parse(&out).unwrap();
    let mut block = 1;
    for name in ["logical", "memory"] {
        let p = pane(&doc, name);
        assert_eq!(p.attribute("data-scattered"), Some("true"), "{name}");
        block = block.max(p.attribute("data-block").unwrap().parse::<u64>().unwrap());
    }
    let memory = pane(&doc, "memory");
    let (pad, cells) = (count(memory, "pad"), count(memory, "cell"));
    let share = pad as f64 / (pad + cells) as f64;
    assert!((share - 31.0 / 32.0).abs() < 0.02, "padding share {share}");
    let (text, y, height) = note(&doc).expect("a note under the legend");
    assert!(
        text.contains(&format!("picked at random from up to {block}x{block}")),
        "{text}"
    );
    assert!(y > height - 24.0 && y < height, "note at {y} of {height}");

    // Blocks at their corners: the note says what a square stands for.
    let out = figure("bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}");
    let doc = Document::parse(&out).unwrap();
    let p = pane(&doc, "memory");
    assert_eq!(p.attribute("data-scattered"), Some("false"));
    let block: u64 = p.attribute("data-block").unwrap().parse().unwrap();
    assert!(block > 1);
    let (text, _, _) = note(&doc).expect("a note under the legend");
    assert!(text.contains("stands for up to"), "{text}");

    // One cell a square: no note, and the figure is no taller for it.
    let small = figure("f32[3,5]{1,0:T(2,2)}");
    let doc = Document::parse(&small).unwrap();
    assert!(note(&doc).is_none());
    assert_eq!(
        pane(&doc, "logical").attribute("data-scattered"),
        Some("false")
    );

    // A single view's note counts that view's blocks only.
    let out = figure_with(
        oom,
        FigureOptions {
            view: FigureView::Memory,
            ..FigureOptions::default()
        },
    );
    let doc = Document::parse(&out).unwrap();
    let block: u64 = pane(&doc, "memory")
        .attribute("data-block")
        .unwrap()
        .parse()
        .unwrap();
    let (text, _, _) = note(&doc).expect("a note under the legend");
    assert!(text.contains(&format!("up to {block}x{block}")), "{text}");
}

#[test]
fn narrow_figures_wrap_their_legend_and_note_inside_the_figure() {
    use xla_layout_viz::render::scene::commands::text_width;
    // Two tiling levels and a scattered memory pane at 400 px: the legend
    // (ramp, padding, two levels) and the note (about 600 px of text) do
    // not fit on one line each.
    for width in [240.0, 400.0, 1200.0] {
        let out = figure_with(
            "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
            FigureOptions {
                width,
                ..FigureOptions::default()
            },
        );
        let doc = Document::parse(&out).unwrap();
        let height: f64 = doc
            .root_element()
            .attribute("height")
            .unwrap()
            .parse()
            .unwrap();
        let mut spans: Vec<(f64, f64, f64)> = Vec::new();
        for class in ["legend", "legend-note"] {
            let g = doc
                .descendants()
                .find(|n| n.attribute("class") == Some(class))
                .unwrap_or_else(|| panic!("{width}: no {class}"));
            for t in g.descendants().filter(|n| n.has_tag_name("text")) {
                let x: f64 = t.attribute("x").unwrap().parse().unwrap();
                let y: f64 = t.attribute("y").unwrap().parse().unwrap();
                let w = text_width(t.text().unwrap(), 11.0);
                assert!(x + w <= width, "{width}: {:?} ends at {}", t.text(), x + w);
                assert!(
                    y > 0.0 && y + 6.0 <= height,
                    "{width}: {:?} at y {y} of {height}",
                    t.text()
                );
                spans.push((y, x, x + w));
            }
        }
        // No two texts on one line overlap.
        for (k, a) in spans.iter().enumerate() {
            for b in &spans[k + 1..] {
                assert!(
                    a.0 != b.0 || a.2 <= b.1 || b.2 <= a.1,
                    "{width}: {a:?} and {b:?}"
                );
            }
        }
        let note = note(&doc).expect("a note");
        assert!(note.0.starts_with("zoomed out"), "{width}");
        // Wrapped where narrow, one line each at 1200 px.
        let mut lines: Vec<f64> = spans.iter().map(|s| s.0).collect();
        lines.dedup();
        assert_eq!(
            lines.len() > 2,
            width < 1200.0,
            "{width}: lines at {lines:?}"
        );
    }
}
