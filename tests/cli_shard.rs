//! `xla-layout shard`: the JSON contract (docs/sharding.md) and errors.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xla-layout"))
        .arg("shard")
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn json_has_the_contract_fields() {
    let (code, out, err) = run(&[
        "f32[64,4096]{1,0:T(8,128)}",
        "{devices=[16,1]<=[16] metadata={op_name=\"x\"}}",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["sharding"], "{devices=[16,1]<=[16]}");
    assert_eq!(v["ways"], serde_json::json!([16, 1]));
    assert_eq!(v["replication"], 1);
    assert_eq!(v["num_devices"], 16);
    assert_eq!(v["shard"], "f32[4,4096]{1,0:T(8,128)}");
    assert_eq!(v["devices"].as_array().unwrap().len(), 16);
    assert_eq!(v["devices"][5]["device"], 5);
    assert_eq!(
        v["devices"][5]["ranges"],
        serde_json::json!([[20, 24], [0, 4096]])
    );
    assert_eq!(v["devices"][5]["elements"], 4 * 4096);
    assert_eq!(v["bytes_data"], 64 * 4096 * 4);
    assert_eq!(v["bytes_per_device"], 8 * 4096 * 4);
    assert_eq!(v["bytes_total"], 16 * 8 * 4096 * 4);
    assert_eq!(v["expansion"], 2.0);
    for key in ["factors", "sentence", "suggestions", "meaning", "kind"] {
        assert!(!v[key].is_null(), "{key}");
    }
}

#[test]
fn replicated_lists_devices_only_with_a_count() {
    let (_, out, _) = run(&["f32[8]", "{replicated}", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["num_devices"].is_null());
    assert_eq!(v["devices"], serde_json::json!([]));
    let (_, out, _) = run(&["f32[8]", "{replicated}", "--devices", "4", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["num_devices"], 4);
    assert_eq!(v["devices"].as_array().unwrap().len(), 4);
}

#[test]
fn errors_have_a_caret_and_exit_2() {
    for (shape, sharding, caret_under) in [
        ("f32[8]", "{devices=[2]0,0}", "0"),
        ("f32[8]", "{mesh['x'=2], [{'y'}]}", "'y'"),
        ("f32[8]", "{devices=[2]0,1 <script>}", "<"),
    ] {
        let (code, out, err) = run(&[shape, sharding]);
        assert_eq!(code, 2, "{sharding}: {out}");
        let lines: Vec<&str> = err.lines().collect();
        let col = lines[1].find('^').expect("caret");
        assert!(
            lines[0][col..].starts_with(caret_under),
            "{sharding}:\n{err}"
        );
    }
}

#[test]
fn jax_mesh_and_spec_or_a_pasted_named_sharding() {
    let (code, out, err) = run(&[
        "f32[16,8]",
        "--mesh",
        "x=4,y=2",
        "--spec",
        "'x', None",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // What JAX 0.10.2 lowers NamedSharding(mesh, P('x', None)) to.
    assert_eq!(
        v["sharding"],
        "{devices=[4,1,2]<=[8] last_tile_dim_replicate}"
    );
    assert_eq!(v["shard"], "f32[4,8]{1,0}");
    let repr = "NamedSharding(mesh=Mesh('x': 4, 'y': 2, axis_types=(Auto, Auto)), spec=P('x', None), memory_kind=device)";
    let (_, out2, _) = run(&["f32[16,8]", repr, "--json"]);
    assert_eq!(out2, out);
    let (code, _, err) = run(&["f32[16,8]", "--mesh", "x=4,y=2", "--spec", "'x', 'x'"]);
    assert_eq!(code, 2);
    assert!(err.contains("used twice") && err.contains('^'), "{err}");
}

#[test]
fn a_device_order_with_the_mesh_names_each_devices_chip() {
    // Mesh positions 0..8 hold chips 7, 6, .., 0: the sharding still names
    // positions (as JAX's HLO does); each device entry gains its chip.
    let (code, out, err) = run(&[
        "f32[16,8]",
        "--mesh",
        "x=4,y=2,devices=[7,6,5,4,3,2,1,0]",
        "--spec",
        "'x', None",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let devices = v["devices"].as_array().unwrap();
    assert_eq!(devices.len(), 8);
    for d in devices {
        assert_eq!(
            d["chip"].as_u64().unwrap(),
            7 - d["device"].as_u64().unwrap()
        );
    }
    let (_, human, _) = run(&[
        "f32[16,8]",
        "--mesh",
        "x=4,y=2,devices=[7,6,5,4,3,2,1,0]",
        "--spec",
        "'x', None",
    ]);
    assert!(human.contains("chip"), "{human}");
    // Without one: no chip field, no column.
    let (_, plain, _) = run(&[
        "f32[16,8]",
        "--mesh",
        "x=4,y=2",
        "--spec",
        "'x', None",
        "--json",
    ]);
    assert!(!plain.contains("\"chip\""), "{plain}");
    // A wrong count points at the list.
    let (code, _, err) = run(&[
        "f32[16,8]",
        "--mesh",
        "x=4,y=2,devices=[0,1]",
        "--spec",
        "'x'",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("8 positions but 2 device ids") && err.contains("^^^^^"),
        "{err}"
    );
}

#[test]
fn a_replicated_spec_counts_the_meshs_devices() {
    // P() on a 2x4 mesh: JAX lowers it to {replicated} over the mesh's 8
    // devices; the mesh says how many there are (issue 68, item 3).
    let mesh_spec = ["f32[512]", "--mesh", "data=2,model=4", "--spec", "P()"];
    let (code, out, err) = run(&[&mesh_spec[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["sharding"], "{replicated}");
    assert_eq!(v["num_devices"], 8);
    assert_eq!(v["devices"].as_array().unwrap().len(), 8);
    assert_eq!(v["bytes_total"], 8 * 512 * 4);
    let (_, text, _) = run(&mesh_spec);
    assert!(text.contains("every one of the 8 devices"), "{text}");
    // A pasted NamedSharding carries its mesh too.
    let repr = "NamedSharding(mesh=Mesh('data': 2, 'model': 4, axis_types=(Auto, Auto)), spec=P(), memory_kind=device)";
    let (_, pasted, _) = run(&["f32[512]", repr, "--json"]);
    assert_eq!(pasted, out);
    // A device count that disagrees with the mesh is refused.
    let (code, _, err) = run(&[&mesh_spec[..], &["--devices", "16"]].concat());
    assert_eq!(code, 2);
    assert!(err.contains("the mesh has 8 devices"), "{err}");
}
