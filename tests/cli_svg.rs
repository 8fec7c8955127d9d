//! `xla-layout svg`: a figure per command, the same bytes every run, valid
//! XML; XLA's tiled-layout figures 1-4 (docs/reference.md, "Figures") each one
//! command; bad input an error, never markup.

use crate::cli_support;

fn run(args: &[&str]) -> (i32, Vec<u8>, String) {
    let out = cli_support::output(args);
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Figures 1-4 of XLA's docs/tiled_layout.md, as listed in docs/reference.md.
const FIGURES: [&str; 4] = [
    "f32[3,5]{1,0:T(2,2)}",
    "f32[4,8]{1,0:T(2,4)(2,1)}",
    "bf16[32,256]{1,0:T(8,128)(2,1,1,1)}",
    "f32[8,8]{1,0:T(2,4)(2,1,1,1)}",
];

#[test]
fn each_figure_is_one_command_and_the_same_every_run() {
    for shape in FIGURES {
        let (code, first, err) = run(&["svg", shape]);
        assert_eq!(code, 0, "{shape}: {err}");
        let (_, second, _) = run(&["svg", shape]);
        assert_eq!(first, second, "{shape}");
        let text = String::from_utf8(first).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{shape}: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let title = doc
            .descendants()
            .find(|n| n.tag_name().name() == "title")
            .and_then(|n| n.text());
        assert_eq!(title, Some(shape), "{shape}");
    }
}

#[test]
fn options_change_the_figure() {
    let shape = FIGURES[0];
    let (_, both, _) = run(&["svg", shape]);
    for args in [
        ["--view", "logical"],
        ["--view", "memory"],
        ["--theme", "dark"],
        ["--width", "600"],
        ["--colours", "tile"],
    ] {
        let (code, out, err) = run(&["svg", shape, args[0], args[1]]);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert_ne!(out, both, "{args:?}");
        roxmltree::Document::parse(std::str::from_utf8(&out).unwrap()).unwrap();
    }
    let (_, narrow, _) = run(&["svg", shape, "--width", "600"]);
    assert!(String::from_utf8(narrow).unwrap().contains("width=\"600\""));
}

#[test]
fn hostile_or_bad_input_is_an_error_not_a_figure() {
    for args in [
        vec!["svg", "<img onerror=alert(1)>"],
        vec!["svg", "f32[2]]]>\"&"],
        vec!["svg", "f32[3,5]", "--view", "<b>"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}");
        assert!(!err.is_empty(), "{args:?}");
    }
}

#[test]
fn a_sharding_draws_one_devices_shard_with_the_grid() {
    // 64 rows over 16 devices: device 5 holds rows 20..24, f32[4,4096].
    let args = [
        "svg",
        "f32[64,4096]{1,0:T(8,128)}",
        "--sharding",
        "{devices=[16,1]<=[16]}",
        "--device",
        "5",
    ];
    let (code, out, err) = cli_support::run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "f32[4,4096]{1,0:T(8,128)}: device 5&apos;s shard of f32[64,4096]{1,0:T(8,128)}"
        ),
        "{}",
        &out[..800.min(out.len())]
    );
    assert!(out.contains("class=\"device-grid\""));
    // JAX's mesh and spec draw what their lowered text draws.
    let (_, by_xla, _) = cli_support::run(&[
        "svg",
        "f32[16,8]",
        "--sharding",
        "{devices=[4,1,2]<=[8] last_tile_dim_replicate}",
        "--device",
        "3",
    ]);
    let (code, by_jax, err) = cli_support::run(&[
        "svg",
        "f32[16,8]",
        "--mesh",
        "x=4,y=2",
        "--spec",
        "'x', None",
        "--device",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(by_jax, by_xla);
    // Without --device, the first device listed.
    let (_, first, _) = cli_support::run(&[
        "svg",
        "f32[16,8]",
        "--sharding",
        "{devices=[4,1,2]<=[8] last_tile_dim_replicate}",
    ]);
    assert!(first.contains("device 0&apos;s shard"), "{}", &first[..400]);
}

#[test]
fn a_device_the_sharding_does_not_list_is_an_error() {
    for (args, says) in [
        (
            &[
                "svg",
                "f32[16]",
                "--sharding",
                "{devices=[4]<=[4]}",
                "--device",
                "4",
            ][..],
            "device 4 is not one of the sharding's 4 devices",
        ),
        (
            &["svg", "f32[16]", "--device", "1"][..],
            "--device needs a sharding",
        ),
        (
            &[
                "svg",
                "f32[16]",
                "--sharding",
                "{replicated}",
                "--device",
                "1",
            ][..],
            "lists no devices",
        ),
        (
            &[
                "svg",
                "(f32[2], f32[2])",
                "--sharding",
                "{replicated}",
                "--leaf",
                "0",
            ][..],
            "--leaf and --padded-dims do not go with a sharding",
        ),
    ] {
        let (code, out, err) = cli_support::run(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
