//! JAX's notation against JAX itself: every line of
//! tests/fixtures/sharding/jax.tsv is a mesh, a PartitionSpec, a rank, the
//! sharding text JAX 0.10.2 lowers that NamedSharding to, and the repr a
//! notebook prints for it (scripts/jax-sharding-oracle.py).

use xla_layout_viz::core::sharding::jax::{from_mesh_spec, from_named_sharding_repr};

#[test]
fn mesh_and_spec_lower_as_jax_does() {
    let fixture = include_str!("fixtures/sharding/jax.tsv");
    let mut n = 0;
    for line in fixture.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let (mesh, spec, rank, text, repr) =
            (cols[0], cols[1], cols[2].parse().unwrap(), cols[3], cols[4]);
        let ours = from_mesh_spec(mesh, spec, rank).unwrap_or_else(|e| panic!("{line}\n{e}"));
        assert_eq!(
            ours.to_string(),
            text,
            "mesh {mesh}, spec {spec}, rank {rank}"
        );
        let pasted = from_named_sharding_repr(repr, rank).unwrap_or_else(|e| panic!("{repr}\n{e}"));
        assert_eq!(pasted.to_string(), text, "{repr}");
        n += 1;
    }
    assert!(n > 600, "{n}");
}

#[test]
fn worked_examples_of_the_notation() {
    // Checked against JAX 0.10.2 (docs/sharding.md).
    let cases = [
        (
            "x=2,y=4",
            "P('x', None, 'y', None)",
            4,
            "{devices=[2,1,4,1]<=[8]}",
        ),
        ("x=2,y=4", "P('y', 'x')", 2, "{devices=[4,2]<=[2,4]T(1,0)}"),
        ("x=2,y=4", "P(('x','y'),)", 1, "{devices=[8]<=[8]}"),
        ("x=2,y=4", "P(None,)", 1, "{replicated}"),
        (
            "x=2,y=4",
            "P('x', None)",
            2,
            "{devices=[2,1,4]<=[8] last_tile_dim_replicate}",
        ),
        (
            "Mesh('x': 4, 'y': 2, axis_types=(Auto, Auto))",
            "'x', None",
            2,
            "{devices=[4,1,2]<=[8] last_tile_dim_replicate}",
        ),
    ];
    for (mesh, spec, rank, text) in cases {
        assert_eq!(
            from_mesh_spec(mesh, spec, rank).unwrap().to_string(),
            text,
            "{mesh} {spec}"
        );
    }
    let repr = "NamedSharding(mesh=Mesh('x': 2, 'y': 4, axis_types=(Auto, Auto)), spec=P('x', None, 'y', None), memory_kind=device)";
    assert_eq!(
        from_named_sharding_repr(repr, 4).unwrap().to_string(),
        "{devices=[2,1,4,1]<=[8]}"
    );
    let repr = "NamedSharding(mesh=Mesh('x': 4), spec=PartitionSpec('x',), memory_kind=device)";
    assert_eq!(
        from_named_sharding_repr(repr, 1).unwrap().to_string(),
        "{devices=[4]<=[4]}"
    );
}

#[test]
fn bad_meshes_and_specs_point_at_the_characters() {
    let cases: &[(&str, &str, usize, &str)] = &[
        ("x=2,y=4", "'x', 'x'", 2, "'x'"),
        ("x=2,y=4", "'z'", 1, "'z'"),
        ("x=2,x=4", "'x'", 1, "x"),
        ("x=0", "'x'", 1, "0"),
        ("x=2", "'x', None, None", 2, "'x', None, None"),
        ("x=1099511627776,y=2", "'x'", 1, "x=1099511627776"),
    ];
    for (mesh, spec, rank, at) in cases {
        let e = from_mesh_spec(mesh, spec, *rank).expect_err(spec);
        let inner = match &e {
            xla_layout_viz::core::sharding::jax::JaxError::Mesh(e)
            | xla_layout_viz::core::sharding::jax::JaxError::Spec(e) => e,
        };
        let s = inner.span();
        assert_eq!(&inner.input()[s.start..s.end], *at, "{mesh} / {spec}: {e}");
    }
}
