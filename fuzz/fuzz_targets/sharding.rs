//! Any text as a sharding: parsing never panics; a sharding that parses
//! prints to XLA's canonical text, which parses to the same sharding (the
//! same devices, in the same order); its device grid over an array of
//! matching rank never panics and puts every element on exactly
//! `replication` devices (counted, not enumerated: the grid's element
//! counts sum to the array's elements times its copies).
#![no_main]
use libfuzzer_sys::fuzz_target;
use xla_layout_viz::core::sharding::{grid, parse_sharding, Sharding};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(sharding) = parse_sharding(text) else { return };
    let printed = sharding.to_string();
    let again = parse_sharding(&printed).expect("canonical text parses");
    assert_eq!(again, sharding, "{text} -> {printed}");
    assert_eq!(again.to_string(), printed);
    let classic = sharding.classic();
    let Sharding::Tiled(tiled) = &classic else { return };
    if tiled.num_devices() > 4096 {
        return;
    }
    // An array of matching rank whose dims are some of the grid's sizes
    // plus one, so that cuts are uneven.
    let dims: Vec<u64> = tiled.dims[..tiled.data_rank()].iter().map(|&w| w + 1).collect();
    let g = grid(&classic, &dims, None).expect("a grid of matching rank");
    let Some(n) = dims.iter().try_fold(1u64, |a, &d| a.checked_mul(d)) else { return };
    let held: u128 = g.devices.iter().map(|d| u128::from(d.elements)).sum();
    assert_eq!(held, u128::from(n) * u128::from(g.replication.unwrap_or(1)));
});
