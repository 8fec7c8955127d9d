//! JAX's mesh as JAX prints it, against JAX itself: every line of
//! tests/fixtures/sharding/jax_mesh.tsv (scripts/jax-mesh-oracle.py, JAX
//! 0.10.2) is a mesh, its repr, str, abstract repr, `print(mesh.device_ids)`
//! and the chips position by position (`mesh.devices.flat`).

use xla_layout_viz::core::sharding::jax::parse_mesh;

#[test]
fn every_printed_form_of_a_mesh_reads_as_its_axes() {
    let fixture = include_str!("fixtures/sharding/jax_mesh.tsv");
    let mut n = 0;
    for line in fixture.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let want = parse_mesh(cols[0]).unwrap_or_else(|e| panic!("{line}\n{e}"));
        for form in &cols[1..4] {
            let got = parse_mesh(form).unwrap_or_else(|e| panic!("{form}\n{e}"));
            assert_eq!(got.axes, want.axes, "{form}");
            assert_eq!(got.device_ids, None, "{form}");
        }
        // The device order as print(mesh.device_ids) shows it, with the mesh.
        let chips: Vec<u64> = cols[5].split(',').map(|c| c.parse().unwrap()).collect();
        for with in [
            format!("{},device_ids={}", cols[0], cols[4]),
            format!(
                "{}, devices=[{}])",
                cols[1].strip_suffix(')').unwrap(),
                cols[5]
            ),
            format!("{},devices=({})", cols[0], cols[5]),
        ] {
            let got = parse_mesh(&with).unwrap_or_else(|e| panic!("{with}\n{e}"));
            assert_eq!(got.axes, want.axes, "{with}");
            assert_eq!(got.device_ids.as_deref(), Some(&chips[..]), "{with}");
        }
        n += 1;
    }
    assert!(n >= 24, "{n}");
}

#[test]
fn a_device_order_that_does_not_fit_the_mesh_is_an_error_at_the_list() {
    let cases = [
        (
            "x=2,y=2,devices=[0,1,2]",
            "[0,1,2]",
            "4 positions but 3 device ids",
        ),
        ("x=2,devices=[0,1,2]", "[0,1,2]", "2 positions but 3"),
        (
            "x=2,y=2,devices=[0,1,1,3]",
            "[0,1,1,3]",
            "device id 1 is listed twice",
        ),
        ("x=2,devices=[0,1]]", "]", ""),
        ("x=2,devices=[0,x]", "x", "device id"),
        ("x=2,devices=[0,-1]", "-", "device id"),
        (
            "x=2,devices=[0,99999999999999999999]",
            "99999999999999999999",
            "out of range",
        ),
        (
            "Mesh(axis_sizes=(2, 4), axis_names=('x',))",
            "axis_names=('x',)",
            "2 sizes but axis_names= 1",
        ),
        (
            "Mesh(axis_sizes=(2, 4))",
            "axis_sizes=(2, 4)",
            "go together",
        ),
        (
            "Mesh(axis_sizes=(2, 0), axis_names=('x', 'y'))",
            "0",
            "at least 1",
        ),
        (
            "Mesh(axis_sizes=(2, 2), axis_names=('x', 'x'))",
            "'x'",
            "twice",
        ),
        ("x=2,devices=[0,1", "", "device id"),
    ];
    for (text, at, says) in cases {
        let e = parse_mesh(text).expect_err(text);
        let span = e.span();
        let message = e.to_string();
        assert!(
            message.to_lowercase().contains(&says.to_lowercase()),
            "{text}: {message}"
        );
        if !at.is_empty() {
            assert_eq!(&text[span.start..span.end], at, "{text}: {message}");
        }
    }
}

proptest::proptest! {
    /// Any mix of the mesh forms' pieces: an answer or an error inside the
    /// text, never a panic; a device order that reads holds one id per
    /// position, each once.
    #[test]
    fn any_mesh_text_reads_or_errs_in_place(parts in proptest::collection::vec(proptest::sample::select(vec![
        "Mesh(", "AbstractMesh(", "axis_sizes=", "axis_names=", "devices=", "device_ids=", "axis_types=",
        "array(", "(", ")", "[", "]", "{", "}", "'x'", "'y'", "x", "=", ":", ",", " ", "0", "1", "2", "4",
        "99999999999999999999", "-1", "Auto", "dtype=int32", "/*", "*/", "é",
    ]), 0..24)) {
        let text: String = parts.concat();
        match xla_layout_viz::core::sharding::jax::parse_mesh(&text) {
            Ok(m) => {
                if let Some(ids) = &m.device_ids {
                    proptest::prop_assert_eq!(ids.len() as u64, m.size());
                    let mut seen = ids.clone();
                    seen.sort_unstable();
                    seen.dedup();
                    proptest::prop_assert_eq!(seen.len(), ids.len());
                }
            }
            Err(e) => {
                let s = e.span();
                proptest::prop_assert!(s.start <= s.end && s.end <= text.len());
            }
        }
    }
}
