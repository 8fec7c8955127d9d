//! Scan records a user groups by (issue 68, item 6): every shape of an
//! instruction names the computation the instruction is in, and a
//! `parameter(N)` result carries `N`. Expected values come from an
//! independent reading of the text: a line that is not indented and ends
//! in `{` opens the computation it names (`[ENTRY ]%name`), a line `}`
//! closes it; `parameter(N)` is read off the instruction's line.

use xla_layout_viz::core::hlo::{scan, scan_on_threads, ScanChunks};

/// The computation open at each line (1-based), by the rule above.
fn computations(text: &str) -> Vec<Option<String>> {
    let mut out = vec![None];
    let mut open: Option<String> = None;
    for line in text.lines() {
        let t = line.trim_end();
        if t == "}" {
            out.push(open.take());
            continue;
        }
        if !t.starts_with(' ') && t.ends_with('{') && !t.starts_with("HloModule") {
            let name = t.trim_start_matches("ENTRY ").trim_start_matches('%');
            let end = name.find([' ', '(', '{']).unwrap_or(name.len());
            open = Some(name[..end].to_owned());
        }
        out.push(open.clone());
    }
    out
}

fn parameter_on(line: &str) -> Option<u64> {
    let at = line.find(" parameter(")? + " parameter(".len();
    line[at..line[at..].find(')')? + at].parse().ok()
}

fn check(text: &str) -> usize {
    let expected = computations(text);
    let lines: Vec<&str> = text.lines().collect();
    let mut checked = 0;
    let finds = scan(text);
    for f in &finds {
        let r = f.record(text);
        let on_instruction =
            r.instruction.is_some() && matches!(r.role, "result" | "operand" | "text");
        if on_instruction || r.role == "parameter" || r.role == "computation_result" {
            assert_eq!(
                r.computation,
                expected[r.line].as_deref(),
                "line {}: {:?}",
                r.line,
                r
            );
            checked += 1;
        }
        let want = (r.role == "result" && r.opcode == Some("parameter"))
            .then(|| parameter_on(lines[r.line - 1]))
            .flatten();
        assert_eq!(r.parameter_number, want, "line {}", r.line);
    }
    // Taken a step at a time, the records are the same.
    let stepped: Vec<String> = ScanChunks::new(text)
        .flat_map(|chunk| {
            chunk
                .iter()
                .map(|f| serde_json::to_string(&f.record(text)).unwrap())
                .collect::<Vec<_>>()
        })
        .collect();
    let whole: Vec<String> = finds
        .iter()
        .map(|f| serde_json::to_string(&f.record(text)).unwrap())
        .collect();
    assert_eq!(stepped, whole);
    // Read backwards and every other one, the lookup's last hit is rarely
    // right: the same computations.
    let mut backwards: Vec<String> = finds
        .iter()
        .rev()
        .map(|f| serde_json::to_string(&f.record(text)).unwrap())
        .collect();
    backwards.reverse();
    assert_eq!(backwards, whole);
    for (k, f) in finds.iter().enumerate().step_by(2) {
        assert_eq!(serde_json::to_string(&f.record(text)).unwrap(), whole[k]);
    }
    checked
}

#[test]
fn instructions_name_their_computation_and_parameters_their_number() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/hlo/module.hlo"
    ))
    .unwrap();
    assert!(check(&text) > 20);
    let finds = scan(&text);
    let params: Vec<(String, u64)> = finds
        .iter()
        .map(|f| f.record(&text))
        .filter_map(|r| Some((r.computation?.to_owned(), r.parameter_number?)))
        .collect();
    assert!(params.contains(&("main.10".to_owned(), 2)), "{params:?}");
}

#[test]
fn outside_a_computation_there_is_none() {
    // An instruction pasted alone, before a computation: none.
    let text = "%add.1 = f32[2]{0} add(f32[2]{0} %a, f32[2]{0} %b)\n\
                %c (p: f32[2]) -> f32[2] {\n  %p = f32[2]{0} parameter(0)\n  ROOT %n = f32[2]{0} negate(f32[2]{0} %p)\n}\n";
    assert_eq!(check(text), 8);
    let finds = scan(text);
    let first = finds.iter().next().unwrap().record(text);
    assert_eq!((first.computation, first.parameter_number), (None, None));
}

#[test]
fn a_long_module_in_steps_and_on_threads_names_the_same() {
    let body: String = (0..400)
        .map(|k| {
            format!(
                "%comp.{k} (a: f32[8]) -> f32[8] {{\n  %a.{k} = f32[8]{{0}} parameter(0)\n  ROOT %b.{k} = f32[8]{{0}} negate(f32[8]{{0}} %a.{k})\n}}\n\n"
            )
        })
        .collect();
    let text = format!("HloModule m\n\n{body}");
    assert_eq!(check(&text), 400 * 5);
    let records = |finds: &xla_layout_viz::core::hlo::Finds| -> Vec<String> {
        finds
            .iter()
            .map(|f| serde_json::to_string(&f.record(&text)).unwrap())
            .collect()
    };
    let threaded = scan_on_threads(&text, 3, 200);
    assert_eq!(records(&threaded), records(&scan(&text)));
}
