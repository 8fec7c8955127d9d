//! A scan's finds name their facts by number in tables held beside them
//! (`Finds`). Whichever way the finds were gathered (one pass, chunks
//! taken as the scan goes, chunks appended into one `Finds`, pieces on
//! threads) each names the same facts, report entry and sharding: checked
//! against one pass over the whole text, every field printed.

use xla_layout_viz::core::hlo::{scan, scan_on_threads, Finds, Found, Role, Scanner};

/// Reports (entries open across chunk boundaries, their labels'
/// shardings), a module with shardings, and the seed's instructions.
fn text() -> String {
    let mut text = String::new();
    for f in [
        include_str!("fixtures/hlo/report_tpu.txt"),
        include_str!("fixtures/hlo/module.hlo"),
        include_str!("fixtures/hlo/report_log_prefix.txt"),
        include_str!("fixtures/hlo/seed_instructions.txt"),
        include_str!("fixtures/hlo/report_tpu.txt"),
    ] {
        text.push_str(f);
        text.push('\n');
    }
    text
}

fn printed(finds: &Finds) -> Vec<String> {
    finds.iter().map(|f| format!("{f:?}")).collect()
}

#[test]
fn chunks_taken_as_the_scan_goes_name_what_one_pass_names() {
    let text = text();
    let whole = printed(&scan(&text));
    assert!(whole.len() > 60, "{}", whole.len());
    assert!(whole.iter().any(|f| f.contains("Allocation(Allocation")));
    assert!(whole.iter().any(|f| f.contains("Sharding(ShardingFacts")));
    for budget in [1, 7, 64, 333, 4096] {
        let mut sc = Scanner::new();
        let mut taken = Vec::new();
        let mut appended = Finds::default();
        let mut steps = 0;
        loop {
            let done = sc.scan_some(&text, budget).done;
            // Every other step appends, the others take: both hand over
            // the tables while a report entry may be open.
            if steps % 2 == 0 {
                let mut chunk = sc.take_found();
                taken.extend(printed(&chunk));
                appended.append(&mut chunk);
            } else {
                let before = appended.len();
                sc.append_found(&mut appended);
                let new: Vec<String> = printed(&appended).split_off(before);
                taken.extend(new);
            }
            steps += 1;
            if done {
                break;
            }
        }
        assert_eq!(taken, whole, "chunks of {budget}");
        assert_eq!(printed(&appended), whole, "appended, chunks of {budget}");
    }
}

#[test]
fn pieces_on_threads_name_what_one_pass_names() {
    let text = text().repeat(3);
    let whole = printed(&scan(&text));
    for (threads, min_piece) in [(2, 500), (3, 2000), (4, 100)] {
        let pieces = scan_on_threads(&text, threads, min_piece);
        assert_eq!(printed(&pieces), whole, "{threads} threads");
    }
}

/// What the change to numbers was for: a find holds no pointer, so
/// dropping a scan's finds does not visit them.
#[test]
fn a_find_has_nothing_to_drop() {
    assert!(!std::mem::needs_drop::<Found>());
}

/// A find shown with another scan's tables names what is at its numbers
/// there, or nothing: never a panic.
#[test]
fn a_find_of_another_scan_never_panics() {
    let big = scan(&text());
    let small = scan("f32[2]{0}");
    let last = big.found()[big.len() - 1];
    let shown = small.with(&last);
    assert_eq!(shown.role, last.role);
    assert!(shown.facts.canonical.is_none());
    assert!(shown.allocation().is_none() && shown.sharding().is_none());
    let first = small.found()[0];
    assert_eq!(big.with(&first).role, Role::Text);
}
