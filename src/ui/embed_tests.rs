//! Embed mode's options, natively (`ui::embed`).

use super::*;

fn query(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
    move |name| {
        pairs
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| (*v).to_owned())
    }
}

#[test]
fn no_embed_without_the_flag() {
    assert_eq!(options(query(&[("shape", "f32[2]")])), None);
    assert_eq!(options(query(&[("embed", "0")])), None);
}

#[test]
fn every_option_is_read() {
    let o = options(query(&[
        ("embed", "1"),
        ("view", "memory"),
        ("controls", "compact"),
        ("autoplay", "1"),
        ("speed", "12.5"),
        ("theme", "dark"),
        ("select", "1, 2"),
        ("step", "2"),
        ("compare", "f32[2,3]{0,1}"),
    ]))
    .unwrap();
    assert_eq!(o.step, Some(2));
    assert_eq!(o.compare.as_deref(), Some("f32[2,3]{0,1}"));
    assert_eq!(o.view, FigureView::Memory);
    assert_eq!(o.controls, EmbedControls::Compact);
    assert!(o.autoplay);
    assert_eq!(o.speed, Some(12.5));
    assert_eq!(o.theme, Some(ThemeChoice::Dark));
    assert_eq!(o.select, Some(vec![1, 2]));
}

#[test]
fn bad_values_fall_back() {
    let o = options(query(&[
        ("embed", "1"),
        ("view", "<x>"),
        ("controls", "lots"),
        ("speed", "-3"),
        ("theme", "blue"),
        ("select", "1,x"),
        ("step", "0"),
        ("compare", "  "),
    ]))
    .unwrap();
    assert_eq!(o, EmbedOptions::default());
    let nan = options(query(&[("embed", "1"), ("speed", "NaN")])).unwrap();
    assert_eq!(nan.speed, None);
}

#[test]
fn percent_encoding_matches_encode_uri_component() {
    // encodeURIComponent("f32[3,5]{1,0:T(2,2)}") in a browser.
    assert_eq!(
        percent_encode("f32[3,5]{1,0:T(2,2)}"),
        "f32%5B3%2C5%5D%7B1%2C0%3AT(2%2C2)%7D"
    );
    assert_eq!(percent_encode("a b&é"), "a%20b%26%C3%A9");
}

#[test]
fn the_snippet_escapes_hostile_text() {
    let hostile = "\"><img onerror=alert(1)>]]>'";
    let s = iframe_snippet(
        "https://x.test/app/",
        Shown::shape(hostile),
        FigureView::Both,
    );
    assert!(!s.contains("<img"), "{s}");
    assert_eq!(s.matches('"').count(), 12, "{s}");
    assert!(
        s.contains("title=\"XLA layout of &quot;&gt;&lt;img onerror=alert(1)&gt;]]&gt;&apos;\"")
    );
    assert!(s.starts_with(
        "<iframe src=\"https://x.test/app/?embed=1&amp;shape=%22%3E%3Cimg%20onerror%3Dalert(1)%3E%5D%5D%3E&apos;&amp;view=both&amp;controls=compact\""
    ));
}

fn state(text: &str) -> State {
    let mut s = State::new(
        text.to_owned(),
        String::new(),
        crate::ui::model::PadValue::default(),
        Vec::new(),
    );
    s.apply(Action::Resize(640.0, 400.0));
    s
}

#[test]
fn options_shape_the_state() {
    let o = options(query(&[
        ("embed", "1"),
        ("view", "memory"),
        ("select", "1,2"),
        ("autoplay", "1"),
        ("theme", "dark"),
        ("speed", "7"),
    ]))
    .unwrap();
    let mut s = state("f32[3,5]{1,0:T(2,2)}");
    apply(&mut s, &o, false);
    // Only the memory pane is on the canvas.
    assert!(s.frame.logical.y > s.frame.height, "{:?}", s.frame);
    assert!(s.frame.memory.bottom() <= s.frame.height);
    // XLA's tiled-layout page, figure 1: 2x2 tiles stored row by row,
    // so (1,2) is the second tile's third slot: offset 4 + 2 = 6.
    assert_eq!(s.pinned.map(|t| t.offset), Some(6));
    assert!(s.anim.playing);
    assert_eq!(s.settings.theme, ThemeChoice::Dark);
    // A later resize keeps the one pane.
    s.apply(Action::Resize(320.0, 200.0));
    assert!(s.frame.logical.y > s.frame.height);

    let mut calm = state("f32[3,5]{1,0:T(2,2)}");
    apply(&mut calm, &o, true);
    assert!(!calm.anim.playing, "reduced motion keeps autoplay off");
    let both = calm.frame;
    calm.show_only(None);
    assert!(calm.frame.logical.bottom() <= calm.frame.height, "{both:?}");
}

#[test]
fn step_opens_step_mode_at_that_stage() {
    let mut s = state("f32[3,5]{1,0:T(2,2)}");
    let count = s
        .mapping()
        .and(s.model.as_ref())
        .and_then(|m| m.drawn.as_ref())
        .and_then(|d| d.steps())
        .map_or(0, |st| st.stages().len());
    assert!(count >= 2, "a tiled layout has several stages");
    let at = |n: &str| {
        options(|k| match k {
            "embed" => Some("1".to_owned()),
            "step" => Some(n.to_owned()),
            _ => None,
        })
        .unwrap()
    };
    apply(&mut s, &at("2"), false);
    assert_eq!(s.stage, Some(1));
    let mut last = state("f32[3,5]{1,0:T(2,2)}");
    apply(&mut last, &at("999"), false);
    assert_eq!(last.stage, Some(count - 1));
    let mut off = state("f32[3,5]{1,0:T(2,2)}");
    apply(&mut off, &at("0"), false);
    assert_eq!(off.stage, None);
}

/// The offset of `index` in a dense (untiled) layout, straight from the
/// definition in XLA's "Shapes and layout" page: `minor_to_major[0]` varies
/// fastest, each dim's stride is the product of the more minor dims' sizes.
fn dense_offset(dims: &[u64], minor_to_major: &[usize], index: &[u64]) -> u64 {
    let mut stride = 1;
    let mut offset = 0;
    for &d in minor_to_major {
        offset += index[d] * stride;
        stride *= dims[d];
    }
    offset
}

fn compared(shape: &str, compare: &str, controls: &str) -> State {
    let o = options(|k| match k {
        "embed" => Some("1".to_owned()),
        "compare" => Some(compare.to_owned()),
        "controls" => Some(controls.to_owned()),
        _ => None,
    })
    .unwrap();
    let mut s = state(shape);
    apply(&mut s, &o, false);
    s
}

/// The seeds' [2x3] example: `{1,0}` holds a b c d e f, `{0,1}` holds
/// a d b e c f. Counted here by brute force over every index: only (0,0)
/// and (1,2) keep their offsets (0 and 5), so the copy moves 4 of 6.
#[test]
fn compare_draws_the_second_layout_and_gives_the_verdict() {
    let dims = [2, 3];
    let mut moved = 0;
    let mut kept = Vec::new();
    let s = compared("f32[2,3]{1,0}", "f32[2,3]{0,1}", "compact");
    let c = s.compare.clone().expect("compare= opens the comparison");
    assert_eq!(c.input, "f32[2,3]{0,1}");
    let other = c.other.clone().expect("the second layout's mapping");
    for i in 0..2 {
        for j in 0..3 {
            let a = dense_offset(&dims, &[1, 0], &[i, j]);
            let b = dense_offset(&dims, &[0, 1], &[i, j]);
            assert_eq!(s.mapping().unwrap().offset_of(&[i, j]), Some(a));
            assert_eq!(other.0.offset_of(&[i, j]), Some(b), "({i},{j})");
            if a == b {
                kept.push(((i, j), a));
            } else {
                moved += 1;
            }
        }
    }
    assert_eq!(kept, [((0, 0), 0), ((1, 2), 5)]);
    let v = c.verdict.expect("the same dims compare");
    assert_eq!(v.bitcast, Some(false));
    assert_eq!((v.elements_moved, v.elements), (Some(moved), 6));
    assert_eq!(moved, 4);
    // 6 f32 elements, no padding: 24 bytes each.
    assert_eq!((v.bytes_footprint_a, v.bytes_footprint_b), (24, 24));
    assert_eq!(
        crate::ui::compare::verdict_text(&v),
        "a copy: moves 4 of 6 elements (footprints 24 B and 24 B)"
    );
    // The main picture is untouched.
    assert_eq!(s.status, crate::ui::state::Status::Valid);
    assert_eq!(s.mapping().unwrap().footprint(), 6);
}

/// A hostile or wrong compare text is the comparison's own error (the
/// text as data, with a caret line under it); the figure stays.
#[test]
fn an_invalid_compare_keeps_the_figure() {
    let hostile = "<img src=x onerror=alert(1)>";
    let s = compared("f32[2,3]{1,0}", hostile, "none");
    let c = s.compare.clone().unwrap();
    let e = c.verdict.clone().unwrap_err();
    assert!(e.message.contains(hostile), "{}", e.message);
    assert!(e.message.contains('^'), "{}", e.message);
    assert_eq!(c.other, None, "nothing to draw for a bad text");
    assert_eq!(s.status, crate::ui::state::Status::Valid);
    assert_eq!(s.mapping().map(|m| m.footprint()), Some(6));
    assert_eq!(Shown::of(&s).compare, None, "an error is not embedded");

    // Other dims: the error points at the dim that differs.
    let s = compared("f32[2,3]{1,0}", "f32[2,4]{1,0}", "none");
    let e = s.compare.clone().unwrap().verdict.unwrap_err();
    assert_eq!(&"f32[2,4]{1,0}"[e.span.0..e.span.1], "4");
}

/// Without `compare` (an element whose attribute was removed mounts
/// afresh with the options it has left) there is no comparison.
#[test]
fn no_compare_option_no_comparison() {
    let o = options(query(&[("embed", "1"), ("controls", "full")])).unwrap();
    assert_eq!(o.compare, None);
    let mut s = state("f32[2,3]{1,0}");
    apply(&mut s, &o, false);
    assert!(s.compare.is_none());
    assert_eq!(Shown::of(&s).compare, None);
}

#[test]
fn embed_code_and_the_full_app_link_carry_the_comparison() {
    let s = compared("f32[2,3]{1,0}", "f32[2,3]{0,1}", "compact");
    let compare = Shown::of(&s).compare;
    assert_eq!(compare, Some("f32[2,3]{0,1}"));
    let snippet = iframe_snippet("https://x.test/app/", Shown::of(&s), FigureView::Both);
    // encodeURIComponent("f32[2,3]{1,0}") and ("f32[2,3]{0,1}") in a browser.
    assert!(
        snippet.starts_with(
            "<iframe src=\"https://x.test/app/?embed=1&amp;shape=f32%5B2%2C3%5D%7B1%2C0%7D&amp;compare=f32%5B2%2C3%5D%7B0%2C1%7D&amp;view=both&amp;controls=compact\""
        ),
        "{snippet}"
    );
    assert!(snippet.contains("title=\"XLA layout of f32[2,3]{1,0} compared with f32[2,3]{0,1}\""));
    assert_eq!(
        full_app_href("./", Shown::of(&s)),
        "./?shape=f32%5B2%2C3%5D%7B1%2C0%7D&compare=f32%5B2%2C3%5D%7B0%2C1%7D"
    );
    assert_eq!(
        full_app_href("./", Shown::shape("f32[2]")),
        "./?shape=f32%5B2%5D"
    );
    // Hostile compared text is escaped in the snippet.
    let hostile = "\"><img onerror=alert(1)>";
    let s = iframe_snippet(
        "https://x.test/",
        Shown {
            compare: Some(hostile),
            ..Shown::shape("f32[2]")
        },
        FigureView::Both,
    );
    assert!(!s.contains("<img"), "{s}");
    assert!(
        s.contains("&amp;compare=%22%3E%3Cimg%20onerror%3Dalert(1)%3E&amp;"),
        "{s}"
    );
}

/// `sharding=` and `device=` (the sharded embed module): the worked
/// example, f32[64,4096] cut 16 ways on dim 0 leaves 4 rows per device,
/// and device 5 holds rows 20..24 (docs/sharding.md).
#[test]
fn a_sharding_option_draws_the_devices_shard() {
    crate::ui::shard::enable();
    let o = options(query(&[
        ("embed", "1"),
        ("sharding", "{devices=[16,1]<=[16]}"),
        ("device", "5"),
    ]))
    .unwrap();
    assert_eq!(o.sharding.as_deref(), Some("{devices=[16,1]<=[16]}"));
    assert_eq!(o.device, Some(5));
    let mut s = state("f32[64,4096]{1,0:T(8,128)}");
    apply(&mut s, &o, false);
    let m = s.model.as_ref().unwrap();
    assert_eq!(m.sharding_error, None);
    let v = m.shard.as_ref().unwrap();
    assert_eq!(v.report.shard, "f32[4,4096]{1,0:T(8,128)}");
    assert_eq!(v.shown().unwrap().ranges, vec![[20, 24], [0, 4096]]);
    let shown = Shown::of(&s);
    assert_eq!(shown.sharding, Some("{devices=[16,1]<=[16]}"));
    assert_eq!(shown.device, 5);
    // encodeURIComponent("{devices=[16,1]<=[16]}") in a browser.
    assert_eq!(
        embed_url("https://x.test/", shown, FigureView::Both, EmbedControls::None),
        "https://x.test/?embed=1&shape=f32%5B64%2C4096%5D%7B1%2C0%3AT(8%2C128)%7D&sharding=%7Bdevices%3D%5B16%2C1%5D%3C%3D%5B16%5D%7D&device=5&view=both&controls=none"
    );
    assert_eq!(
        shown.title(),
        "XLA layout of f32[64,4096]{1,0:T(8,128)}, device 5's shard under {devices=[16,1]<=[16]}"
    );
    // Device 0 is the default: not written.
    let o = options(query(&[
        ("embed", "1"),
        ("sharding", "{devices=[16,1]<=[16]}"),
    ]))
    .unwrap();
    let mut s = state("f32[64,4096]{1,0:T(8,128)}");
    apply(&mut s, &o, false);
    assert!(!full_app_href("./", Shown::of(&s)).contains("device="));
    assert!(full_app_href("./", Shown::of(&s))
        .ends_with("&sharding=%7Bdevices%3D%5B16%2C1%5D%3C%3D%5B16%5D%7D"));
}

/// A blank sharding is none; a sharding the page could not read is not
/// carried into the snippet (its error is the picture's, not the embed's).
#[test]
fn blank_or_broken_shardings_are_not_shown() {
    crate::ui::shard::enable();
    let o = options(query(&[
        ("embed", "1"),
        ("sharding", "  "),
        ("device", "x"),
    ]))
    .unwrap();
    assert_eq!((o.sharding, o.device), (None, None));
    let o = options(query(&[("embed", "1"), ("sharding", "{devices=[3,1]0,1}")])).unwrap();
    let mut s = state("f32[64,4096]{1,0}");
    apply(&mut s, &o, false);
    assert!(s.model.as_ref().unwrap().sharding_error.is_some());
    assert_eq!(Shown::of(&s).sharding, None);
    let hostile = "\"><img onerror=alert(1)>";
    let snippet = iframe_snippet(
        "https://x.test/",
        Shown {
            sharding: Some(hostile),
            device: 2,
            ..Shown::shape("f32[2]")
        },
        FigureView::Both,
    );
    assert!(!snippet.contains("<img"), "{snippet}");
    assert!(
        snippet.contains("&amp;sharding=%22%3E%3Cimg%20onerror%3Dalert(1)%3E&amp;device=2&amp;"),
        "{snippet}"
    );
}

/// The element's `app` attribute: the link's base, never a script.
#[test]
fn an_app_address_is_a_link_base_or_nothing() {
    for kept in [
        "https://u.test/course/layout/",
        "http://127.0.0.1:8000/",
        "file:///tmp/dist/index.html",
    ] {
        assert_eq!(app_address(kept).as_deref(), Some(kept));
    }
    for refused in [
        "",
        "http://",
        "?shape=x",
        "./app/",
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "data:text/html,<b>",
        "vbscript:x",
        "httpx://u.test/",
        " https://u.test/",
    ] {
        assert_eq!(app_address(refused), None, "{refused:?}");
    }
    assert_eq!(
        full_app_href("https://u.test/course/layout/", Shown::shape("f32[2]")),
        "https://u.test/course/layout/?shape=f32%5B2%5D"
    );
}
