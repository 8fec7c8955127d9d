//! The legend says what the cells are labelled with (issue 71): letters
//! up to 26 elements, numbers past that. Checked against what the
//! renderer draws (the picture as SVG: its cells' text), not against the
//! legend's own rule.

use xla_layout_viz::render::figure::{svg, FigureOptions};
use xla_layout_viz::ui::names::{label_note, MAX_LETTERED};

/// The texts of the picture's cells (15 px labels; titles and ticks are
/// other sizes).
fn cell_texts(shape: &str) -> Vec<String> {
    let doc = svg(shape, &FigureOptions::default()).unwrap();
    doc.split("<text ")
        .skip(1)
        .filter(|t| t.contains("font-size=\"15\""))
        .filter_map(|t| Some(t.split_once('>')?.1.split_once('<')?.0.to_owned()))
        .collect()
}

#[test]
fn the_legend_says_letters_where_the_cells_have_letters() {
    // 26 elements (f32[2,13]): letters a..z.
    let texts = cell_texts("f32[2,13]");
    assert!(texts.iter().any(|t| t == "z"), "{texts:?}");
    assert!(texts
        .iter()
        .all(|t| t.chars().all(|c| c.is_ascii_lowercase())));
    assert_eq!(MAX_LETTERED, 26);
    assert!(label_note(26).contains("lettered"));
}

#[test]
fn past_26_elements_the_legend_says_the_cells_show_numbers() {
    // 27 elements (f32[3,9]): no letters; the logical cells' offsets and
    // the memory cells' indices (`2,8`).
    let texts = cell_texts("f32[3,9]");
    assert!(!texts.is_empty());
    assert!(
        texts
            .iter()
            .all(|t| !t.chars().any(|c| c.is_ascii_lowercase())),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t == "26"),
        "offset 26 in the logical view"
    );
    assert!(
        texts.iter().any(|t| t == "2,8"),
        "index (2,8) in the memory view: {texts:?}"
    );
    let note = label_note(27);
    assert!(note.contains("over 26 elements") && note.contains("offset") && note.contains("index"));
    assert!(!note.contains("lettered"));
}

#[test]
fn l_n_is_named_as_xlas_shapes_page_names_it() {
    use xla_layout_viz::ui::names::{tail_text, TAIL_FIELD};
    assert_eq!(TAIL_FIELD, "tail_padding_alignment_in_elements");
    assert_eq!(tail_text(1), None, "XLA's default: no tail");
    let t = tail_text(8).unwrap();
    assert!(
        t.starts_with("L(8), tail_padding_alignment_in_elements = 8"),
        "{t}"
    );
    assert!(t.contains("multiple of 8 elements"));
}
