//! Running the `xla-layout` binary as a user would: shared by the
//! `tests/cli*.rs` files (each uses what it needs).
#![allow(dead_code)]

use std::process::{Command, Output};

/// The binary's whole output for `args`.
pub fn output(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xla-layout"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Exit status, stdout and stderr (both UTF-8).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = output(args);
    let code = out.status.code().expect("exits, is not killed by a signal");
    (
        code,
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
