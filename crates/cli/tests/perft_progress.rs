//! `perft` on long counts: the progress shown on standard error (forced
//! with `--progress` when it is not a terminal, hidden with
//! `--no-progress`), and `--max-nodes`, the node budget that stops a count
//! as an error naming the budget.

mod common;

use common::polyfen;

#[test]
fn progress_goes_to_standard_error_and_the_count_is_unchanged() {
    for (position, depth, count) in [("chess:standard", "4", "197281"), ("xiangqi:standard", "3", "79666")] {
        let plain = polyfen(&["perft", "--depth", depth, position]);
        assert_eq!(plain.code, 0, "{}", plain.stderr);
        assert_eq!(plain.stdout, format!("{count}\n"));
        // standard error is no terminal here: no progress unless forced
        assert_eq!(plain.stderr, "");
        let shown = polyfen(&["perft", "--depth", depth, "--progress", position]);
        assert_eq!(shown.code, 0, "{}", shown.stderr);
        assert_eq!(shown.stdout, plain.stdout);
        let last = shown.stderr.lines().last().unwrap_or_default();
        assert!(last.starts_with("20/20 root moves, ") || last.starts_with("44/44 root moves, "), "{}", shown.stderr);
        assert!(last.contains(&format!(" {count} nodes, ")) && last.contains(" nodes/s"), "{}", shown.stderr);
        // plain lines, no cursor movements
        assert!(!shown.stderr.contains('\u{1b}') && !shown.stderr.contains('\r'), "{:?}", shown.stderr);
        let hidden = polyfen(&["perft", "--depth", depth, "--no-progress", position]);
        assert_eq!((hidden.stdout.as_str(), hidden.stderr.as_str()), (plain.stdout.as_str(), ""));
    }
    // divide too, its lines on standard output unchanged
    let plain = polyfen(&["perft", "--depth", "2", "--divide", "khet:classic"]);
    let shown = polyfen(&["perft", "--depth", "2", "--divide", "--progress", "khet:classic"]);
    assert_eq!(shown.stdout, plain.stdout);
    assert!(shown.stdout.ends_with("total: 5920\n"));
    assert!(
        shown.stderr.lines().last().unwrap_or_default().starts_with("77/77 root moves, 5920 nodes"),
        "{}",
        shown.stderr
    );
    // the two flags together are refused
    let both = polyfen(&["perft", "--depth", "1", "--progress", "--no-progress", "chess:standard"]);
    assert_eq!(both.code, 2, "{}", both.stderr);
}

#[test]
fn max_nodes_stops_a_count_as_an_error_naming_the_budget() {
    for position in ["chess:standard", "xiangqi:standard", "khet:classic"] {
        let out = polyfen(&["perft", "--depth", "6", "--max-nodes", "50000", position]);
        assert_eq!(out.code, 1, "{position}: {}", out.stderr);
        assert_eq!(out.stdout, "");
        assert!(out.stderr.starts_with("polyfen: input 1: perft stopped after "), "{}", out.stderr);
        assert!(out.stderr.trim_end().ends_with("nodes: over the budget of 50000 nodes"), "{}", out.stderr);
        let out = polyfen(&["perft", "--depth", "6", "--divide", "--max-nodes", "50000", position]);
        assert_eq!(out.code, 1, "{position}: {}", out.stderr);
        assert!(out.stderr.contains("over the budget of 50000 nodes"), "{}", out.stderr);
    }
    // a count within the budget is answered; each input has its own budget
    let out = polyfen(&["perft", "--depth", "3", "--max-nodes", "8902", "chess:standard", "chess:standard"]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "8902\n8902\n"), "{}", out.stderr);
    let out = polyfen(&["perft", "--depth", "3", "--max-nodes", "8901", "chess:standard"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("perft stopped after 8902 nodes: over the budget of 8901 nodes"), "{}", out.stderr);
}
