//! The app's folded logical view (issue 67, `render/world/fold.rs`):
//! zooming out past all of the folded world shows the array as one line,
//! a fit folds it again, a new shape starts folded; hovering a folded
//! cell points at the element the captions say is there.

use xla_layout_viz::render::world::{Pane, Probe};
use xla_layout_viz::ui::model::PadValue;
use xla_layout_viz::ui::state::{Action, State};

fn state(text: &str) -> State {
    let mut s = State::new(
        text.to_owned(),
        String::new(),
        PadValue::default(),
        Vec::new(),
    );
    s.apply(Action::Resize(1002.0, 648.0));
    s
}

fn zoom_out(s: &mut State) {
    let r = s.frame.logical;
    s.apply(Action::Zoom {
        x: r.x + r.w / 2.0,
        y: r.y + r.h / 2.0,
        factor: 0.8,
    });
}

#[test]
fn zooming_out_reaches_the_line_and_a_fit_folds_it_again() {
    let mut s = state("f32[2,8192]{1,0:T(8,128)}");
    let folded = s.worlds.as_ref().unwrap().logical.clone();
    assert!(folded.fold.is_some(), "a flat array starts folded");
    let default = s.camera(Pane::Logical);
    let memory = s.camera(Pane::Memory);
    let mut steps = 0;
    while s.worlds.as_ref().unwrap().logical.fold.is_some() {
        zoom_out(&mut s);
        steps += 1;
        assert!(steps < 40, "zooming out never unfolds");
    }
    // The line: the array's own 8 x 8192 ghost region, all of it in view.
    let worlds = s.worlds.clone().unwrap();
    assert_eq!(worlds.logical.world(), (8192, 8));
    let r = s.frame.logical;
    assert!(s.camera(Pane::Logical).shows_all(&r, 8192.0, 8.0));
    assert_eq!(s.camera(Pane::Memory), memory, "the memory pane stays");
    // Further out is the line's own limit, and it stays a line.
    for _ in 0..10 {
        zoom_out(&mut s);
    }
    assert!(s.worlds.as_ref().unwrap().logical.fold.is_none());
    s.apply(Action::Fit(None));
    assert_eq!(s.worlds.as_ref().unwrap().logical, folded);
    assert_eq!(s.camera(Pane::Logical), default);
    // A new shape starts folded, whatever the last one was.
    while s.worlds.as_ref().unwrap().logical.fold.is_some() {
        zoom_out(&mut s);
    }
    s.apply(Action::Edit("f32[4,8192]{1,0:T(8,128)}".to_owned()));
    assert!(s.worlds.as_ref().unwrap().logical.fold.is_some());
}

#[test]
fn hovering_a_band_points_at_its_element() {
    let mut s = state("bf16[8,4096]{1,0:T(8,128)(2,1)}");
    let worlds = s.worlds.clone().unwrap();
    let f = worlds.logical.fold.unwrap();
    let camera = s.camera(Pane::Logical);
    let r = s.frame.logical;
    // Row 3 of the second band, its fifth column: element (3, band + 4).
    let (wx, wy) = (4.0 + 0.5, (f.pitch() + f.strip + 3) as f64 + 0.5);
    let (x, y) = camera.to_screen(&r, wx, wy);
    s.apply(Action::Hover(Some((x, y))));
    let mapping = s.mapping().unwrap();
    let offset = mapping.offset_of(&[3, f.band + 4]).unwrap();
    assert_eq!(s.hover.map(|t| t.offset), Some(offset));
    let id = 3 * 4096 + f.band + 4;
    let probe = worlds.with_view(mapping, Pane::Logical, |v| {
        v.probe(wx as u64, wy as u64, &mut vec![0; mapping.num_levels()])
    });
    assert_eq!(probe, Probe::Element { offset, id });
}
