//! Our sharding text against XLA's own parser and printer: every line of
//! tests/fixtures/sharding/xla.tsv was printed by jaxlib's binding of
//! `HloSharding::ToString` (scripts/sharding-oracle.py). Inputs XLA refuses
//! are errors here too; where XLA prints an iota we print a device list
//! (see docs/xla-compat.md), the devices must still be XLA's.

use xla_layout_viz::core::sharding::{parse_sharding, Devices, Sharding};

fn devices(s: &Sharding) -> Option<Vec<i64>> {
    match s {
        Sharding::Tiled(t) => Some((0..t.devices.len()).map(|k| t.devices.at(k)).collect()),
        _ => None,
    }
}

#[test]
fn canonical_text_equals_xlas() {
    let fixture = include_str!("fixtures/sharding/xla.tsv");
    let (mut exact, mut same_devices, mut errors) = (0, 0, 0);
    for line in fixture.lines() {
        let mut cols = line.split('\t');
        let input = cols.next().unwrap();
        let status = cols.next().unwrap();
        let ours = parse_sharding(input);
        if status != "OK" {
            assert!(
                ours.is_err(),
                "XLA refuses {input}, we accept it as {}",
                ours.unwrap()
            );
            errors += 1;
            continue;
        }
        let xla = cols.next().unwrap();
        let ours = ours.unwrap_or_else(|e| panic!("XLA accepts {input} as {xla}, we do not:\n{e}"));
        if let Some(v2) = cols.next() {
            assert_eq!(ours.classic().to_string(), v2, "{input}: the classic form");
        }
        if ours.to_string() == xla {
            exact += 1;
            continue;
        }
        // Only allowed difference: XLA keeps an iota where we list devices.
        let theirs = parse_sharding(xla).unwrap();
        let listed = matches!(&ours, Sharding::Tiled(t) if matches!(t.devices, Devices::List(_)));
        assert!(listed, "{input}: ours {ours}, XLA's {xla}");
        assert_eq!(
            devices(&ours),
            devices(&theirs),
            "{input}: devices differ from XLA's {xla}"
        );
        same_devices += 1;
    }
    eprintln!("{exact} exact, {same_devices} same devices listed, {errors} errors");
    assert!(exact > 300, "{exact}");
    assert!(
        same_devices * 20 < exact,
        "too many listed-instead-of-iota: {same_devices}"
    );
}
