//! The page's model of one input: expectations from the core's own
//! results, computed directly, and from footprints counted by hand.

use super::*;

fn request(text: &str) -> Request {
    Request {
        text: text.to_owned(),
        ..Request::default()
    }
}

#[test]
fn a_tuple_draws_its_first_drawable_leaf_or_the_chosen_one() {
    let mut r = request("(f32[?,3], (s8[4]{0}, pred[2,2]))");
    let m = analyse(&r).unwrap();
    assert!(m.is_tuple);
    assert_eq!(m.leaves.len(), 3);
    assert!(m.leaves[0].not_drawable.is_some());
    assert_eq!(m.drawn.as_ref().unwrap().path, [1, 0]);
    r.leaf = vec![1, 1];
    let m = analyse(&r).unwrap();
    assert_eq!(m.drawn.as_ref().unwrap().path, [1, 1]);
    assert_eq!(m.drawn.unwrap().analysis.mapping.dims(), [2, 2]);
}

#[test]
fn shapes_without_arrays_say_why() {
    for text in ["token[]", "()", "f32[?]"] {
        let m = analyse(&request(text)).unwrap();
        assert!(m.drawn.is_none(), "{text}");
        assert!(m.why_not.unwrap().starts_with("nothing to draw"), "{text}");
    }
}

#[test]
fn padded_dims_apply_to_the_drawn_leaf_and_explain_mistakes() {
    let mut r = request("f32[2,3]{0,1}");
    r.padded = "3, 5".into();
    r.pad_value = PadValue::Zero;
    let m = analyse(&r).unwrap();
    let d = m.drawn.unwrap();
    assert_eq!(d.padded, Some(vec![3, 5]));
    assert_eq!(d.analysis.mapping.footprint(), 15);
    r.padded = "1,5".into();
    let m = analyse(&r).unwrap();
    assert!(m.padded_error.is_some());
    assert_eq!(m.drawn.unwrap().analysis.mapping.footprint(), 6);
    r.padded = "3,x".into();
    assert!(analyse(&r).unwrap().padded_error.unwrap().contains("`x`"));
}

#[test]
fn bad_text_points_at_the_offending_characters() {
    let e = analyse(&request("f32[2,3]{1,0:L(0)}")).unwrap_err();
    assert_eq!(&"f32[2,3]{1,0:L(0)}"[e.span.0..e.span.1], "0");
    assert!(e.message.contains('^'));
}

#[test]
fn the_panels_parts_wait_until_asked_for_and_match_computing_them_at_once() {
    let text = "s32[8388608,8,4]{2,1,0:T(8,128)}";
    let m = analyse(&request(text)).unwrap();
    let d = m.drawn.as_ref().unwrap();
    // Nothing the first picture does not show is computed with it.
    assert!(d.explained.get().is_none() && d.steps.get().is_none());
    assert!(m.summary.get().is_none());
    let shape = core::parse(text).unwrap();
    let json = |s: &Summary| serde_json::to_string(s).unwrap();
    assert_eq!(json(m.summary()), json(&Summary::of(&shape)));
    let array = shape.leaves()[0].1.clone();
    let analysis = Analysis::of(&array).unwrap();
    assert_eq!(*d.explained(), Explained::of(&analysis));
    let steps = Steps::new(&analysis.layout).unwrap();
    assert_eq!(d.steps().unwrap().stages().len(), steps.stages().len());
    assert!(d.explained.get().is_some() && d.steps.get().is_some());
}

#[test]
fn the_summary_reusing_the_pictures_analysis_is_the_cores() {
    let json = |s: &Summary| serde_json::to_string(s).unwrap();
    let tuple = "(f32[?,3], (s8[4]{0}, pred[2,2]), f32[3,5]{1,0:T(2,2)})";
    let cases = [
        ("f32[3,5]{0,1:T(2,2)L(8)}", vec![], ""),
        (tuple, vec![1, 1], ""),
        (tuple, vec![], ""),
        ("f32[2,3]{1,0}", vec![], "3,5"),
    ];
    for (text, leaf, padded) in cases {
        let r = Request {
            leaf,
            padded: padded.to_owned(),
            ..request(text)
        };
        let m = analyse(&r).unwrap();
        assert!(m.drawn.is_some(), "{text}");
        let expected = Summary::of(&core::parse(text).unwrap());
        assert_eq!(json(m.summary()), json(&expected), "{text} {padded}");
    }
}
