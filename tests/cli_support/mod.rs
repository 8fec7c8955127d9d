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

/// Exit status, stdout and stderr of `args` with `stdin` on standard input.
pub fn run_with_stdin(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_xla-layout"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // Written from another thread: the child may answer (and exit) before
    // reading everything, and a full stdout pipe must not block the write.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer thread ends");
    let code = out.status.code().expect("exits, is not killed by a signal");
    (
        code,
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
