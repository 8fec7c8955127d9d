//! The README's and docs/reference.md's command-line examples print what
//! the pages say (issue 25), and the README's picture is what the CLI
//! draws today.
//!
//! - Every ```` ```console ```` block is read as `$ xla-layout ARGS` lines,
//!   each followed by its whole standard output; the test runs the binary
//!   with those arguments and compares the output exactly.
//! - The README's caption names the command that drew the picture
//!   (`` `xla-layout svg ... > docs/img/NAME.svg` ``): the test runs it and
//!   fails on any difference from the committed file, saying how to redraw.
//! - The app's example address loads the figure's shape.

use crate::cli_support;

use std::fs;
use std::path::Path;

fn read(rel: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel))
        .unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Splits a command line as a POSIX shell would for the plain commands the
/// pages show: words separated by spaces, `'...'` and `"..."` quoting
/// (without escapes). Pipes, redirections and substitutions are refused,
/// so that what the page shows is exactly what runs.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_word = true;
                let quoted: String = chars.by_ref().take_while(|&q| q != c).collect();
                word.push_str(&quoted);
            }
            ' ' | '\t' => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '|' | '>' | '<' | '$' | '`' | ';' | '&' | '\\' => {
                panic!("not a plain command (`{c}`): {line}")
            }
            _ => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        out.push(word);
    }
    out
}

/// One example: where it is, the arguments after `xla-layout`, the output.
struct Example {
    at: String,
    args: Vec<String>,
    stdout: String,
}

fn console_examples(file: &str) -> Vec<Example> {
    let text = read(file);
    let mut examples: Vec<Example> = Vec::new();
    let mut in_block = false;
    for (n, line) in text.lines().enumerate() {
        if !in_block {
            in_block = line.trim_end() == "```console";
            continue;
        }
        if line.starts_with("```") {
            in_block = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            let mut args = words(command);
            assert_eq!(
                args.first().map(String::as_str),
                Some("xla-layout"),
                "{file}:{}: a console example runs xla-layout",
                n + 1
            );
            args.remove(0);
            examples.push(Example {
                at: format!("{file}:{}", n + 1),
                args,
                stdout: String::new(),
            });
        } else {
            let last = examples
                .last_mut()
                .unwrap_or_else(|| panic!("{file}:{}: output before any `$ ` line", n + 1));
            last.stdout.push_str(line);
            last.stdout.push('\n');
        }
    }
    assert!(!in_block, "{file}: a console block is not closed");
    examples
}

fn check(file: &str, at_least: usize) {
    let examples = console_examples(file);
    assert!(
        examples.len() >= at_least,
        "{file}: {} console examples, expected at least {at_least}",
        examples.len()
    );
    for ex in examples {
        let args: Vec<&str> = ex.args.iter().map(String::as_str).collect();
        let (code, stdout, stderr) = cli_support::run(&args);
        assert_eq!(code, 0, "{}: xla-layout {args:?} failed: {stderr}", ex.at);
        assert_eq!(
            stdout, ex.stdout,
            "{}: xla-layout {args:?} prints something else today",
            ex.at
        );
    }
}

#[test]
fn the_readme_cli_examples_print_what_it_says() {
    check("README.md", 3);
}

#[test]
fn the_reference_cli_examples_print_what_it_says() {
    check("docs/reference.md", 1);
}

/// The README's figure command: the arguments after `xla-layout` and the
/// file under docs/img/ it writes.
fn figure_command() -> (Vec<String>, String) {
    let readme = read("README.md");
    let command = readme
        .split('`')
        .find(|s| s.starts_with("xla-layout svg ") && s.contains(" > docs/img/"))
        .expect("the README's caption names the command that drew its picture");
    let (run, file) = command.split_once(" > ").unwrap();
    let mut args = words(run);
    args.remove(0);
    assert!(
        readme.contains(&format!("]({file})")),
        "the README shows {file} as its picture"
    );
    (args, file.to_owned())
}

#[test]
fn the_readme_picture_is_what_the_cli_draws_today() {
    let (args, file) = figure_command();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = cli_support::output(&args);
    assert!(out.status.success(), "xla-layout {args:?} failed");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let committed = fs::read(root.join(&file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    if committed != out.stdout {
        // Beside the committed one, for a look at the difference.
        let fresh = root
            .join("target/readme")
            .join(Path::new(&file).file_name().unwrap());
        fs::create_dir_all(fresh.parent().unwrap()).unwrap();
        fs::write(&fresh, &out.stdout).unwrap();
        panic!(
            "{file} is not what `xla-layout {}` draws today (new figure: {}); redraw it with \
             cargo run --bin xla-layout -- {} > {file}",
            args.join(" "),
            fresh.display(),
            args.iter()
                .map(|a| format!("'{a}'"))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
}

/// Decodes `%XX` escapes (the address in the README's app example).
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn the_app_example_opens_the_figure_shape() {
    let readme = read("README.md");
    let query = readme
        .split_once("http://127.0.0.1:8080/?shape=")
        .expect("the README's app example opens a shape")
        .1;
    let encoded = query
        .split(|c: char| c.is_whitespace() || c == '&')
        .next()
        .unwrap();
    let (args, _) = figure_command();
    assert_eq!(
        percent_decode(encoded),
        args[1],
        "the address and the picture differ"
    );
}

#[test]
fn the_example_reader_can_fail() {
    assert_eq!(
        words("xla-layout offset 'f32[3,5]{1,0:T(2,2)}' 2,3"),
        ["xla-layout", "offset", "f32[3,5]{1,0:T(2,2)}", "2,3"]
    );
    assert_eq!(words(r#"a "b c"d"#), ["a", "b cd"]);
    assert!(std::panic::catch_unwind(|| words("xla-layout memory x | head")).is_err());
    assert_eq!(percent_decode("f32%5B3%2C5%5D"), "f32[3,5]");
}
