//! A find's compact positions and numbers (`found.rs`).
use super::*;

fn facts() -> Number<ShapeFacts> {
    Number::from_parts(0, 0)
}

/// Numbers past what a find keeps stop just below the mark of an
/// absent span; the ones below come back as given.
#[test]
fn small_numbers_saturate_below_the_absent_mark() {
    let top = u32::MAX - 1;
    for (v, want) in [
        (0, 0),
        (7, 7),
        (top as usize, top),
        (u32::MAX as usize, top),
    ] {
        assert_eq!(small(v), want, "{v}");
    }
    assert_eq!(small(usize::MAX), top);
}

/// Every position a find keeps comes back as it was given, up to the
/// longest text a scan reads, and an absent one stays absent.
#[test]
fn positions_round_trip_up_to_the_limit() {
    let last = MAX_SCAN_LEN;
    let ctx = Ctx {
        instruction: Some(Span::new(0, last)),
        opcode: Some(Span::new(last, last)),
        root: true,
        index: Some(last - 1),
        name: Some(Span::new(7, 9)),
        computation: None,
    };
    let mut f = Found::new(
        Role::Operand,
        Span::new(last - 3, last),
        (last, last - 1),
        &ctx,
        facts(),
    );
    assert_eq!(f.span(), Span::new(last - 3, last));
    assert_eq!((f.line(), f.column()), (last, last - 1));
    assert_eq!(f.instruction(), Some(Span::new(0, last)));
    assert_eq!(f.opcode(), Some(Span::new(last, last)));
    assert_eq!(f.index(), Some(last - 1));
    assert_eq!(f.name(), Some(Span::new(7, 9)));
    assert_eq!(f.computation(), None);
    assert!(f.root);
    let g = Found::new(
        Role::Text,
        Span::new(0, 0),
        (1, 1),
        &Ctx::default(),
        facts(),
    );
    assert_eq!(g.index(), None);
    assert_eq!((g.instruction(), g.opcode(), g.name()), (None, None, None));
    assert_eq!(g.computation(), None);
    assert!(!g.root);
    // A signature's parameter: its computation, in the span an
    // instruction's shapes keep their instruction in.
    let ctx = Ctx {
        index: Some(2),
        name: Some(Span::new(11, 14)),
        computation: Some(Span::new(1, last)),
        ..Ctx::default()
    };
    let mut p = Found::new(Role::Parameter, Span::new(20, 30), (3, 4), &ctx, facts());
    assert_eq!(p.computation(), Some(Span::new(1, last)));
    assert_eq!((p.instruction(), p.opcode()), (None, None));
    assert_eq!((p.index(), p.name()), (Some(2), Some(Span::new(11, 14))));
    // The role is a public field; which span is which does not follow it.
    p.role = Role::Text;
    assert_eq!(
        (p.computation(), p.instruction()),
        (Some(Span::new(1, last)), None)
    );
    f.role = Role::Parameter;
    assert_eq!(
        (f.instruction(), f.computation()),
        (Some(Span::new(0, last)), None)
    );
}

/// What a one-pass scan writes per shape (docs/performance/native-scan.md,
/// "The finds in 80 bytes", "72 bytes", "64 bytes" and "Finds without
/// pointers"): growing it costs every scan.
#[test]
fn a_find_takes_56_bytes() {
    assert_eq!(std::mem::size_of::<Found>(), 56);
}

/// A find's numbers move with its piece, into the tables it is moved
/// to, and no attachment stays none.
#[test]
fn rebase_moves_lines_and_numbers_but_not_an_absent_attachment() {
    let at = |f: &Found| {
        (
            f.table_tag(),
            f.facts_at().at(),
            f.attached_at().map(|a| a.at()),
        )
    };
    let five = Number::from_parts(3, 5);
    let mut f = Found::new(Role::Text, Span::new(0, 1), (3, 1), &Ctx::default(), five);
    f.rebase(10, (7, 4), 9);
    assert_eq!(f.line(), 13);
    assert_eq!(at(&f), (9, 12, None));
    f.attach(Some(Number::from_parts(9, 2)));
    f.rebase(0, (0, 4), 1);
    assert_eq!(at(&f), (1, 12, Some(6)));
    f.renumber(Number::from_parts(4, 1), None);
    assert_eq!(at(&f), (4, 1, None));
}

/// An attachment numbered in another table than the find's facts is
/// a mix-up the debug build refuses.
#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "an attachment of other tables")]
fn an_attachment_of_another_table_fails_loudly() {
    let mut f = Found::new(
        Role::Result,
        Span::new(0, 1),
        (1, 1),
        &Ctx::default(),
        facts(),
    );
    f.attach(Some(Number::from_parts(1, 0)));
}
