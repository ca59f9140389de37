//! Shogi from the command line, as for the other games: its named starts,
//! validation, moves in every Shogi notation (with 同), perft, the board
//! notations, diagrams and explanations.

mod common;

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

use common::ok;

#[test]
fn the_named_starts_are_listed_and_valid() {
    let listing = ok(&["setup", "shogi"]);
    let names: Vec<&str> = listing.lines().filter_map(|l| l.split_once("  ").map(|(n, _)| n)).collect();
    assert_eq!(
        names,
        [
            "standard",
            "lance",
            "right-lance",
            "bishop",
            "rook",
            "rook-lance",
            "two-piece",
            "four",
            "six",
            "eight",
            "ten"
        ]
    );
    let positions: Vec<&str> = listing.lines().filter_map(|l| l.split_once("  ").map(|(_, p)| p)).collect();
    let validated = common::run(&["validate"], &positions.join("\n"));
    assert_eq!(validated.code, 0, "{validated:?}");
    assert_eq!(validated.stdout.lines().filter(|l| l.ends_with(": ok")).count(), 11);
    assert_eq!(ok(&["setup", "shogi", "standard"]).trim_end(), START);
    assert_eq!(ok(&["convert", "--to", "sfen", "shogi:standard"]).trim_end(), START);
}

#[test]
fn validation_names_each_broken_rule() {
    // two unpromoted sente pawns on file 5, and gote's king in check with sente to move
    let out = common::run(&["validate", "4k4/4P4/9/9/4P4/9/9/9/4K4 b - 1"], "");
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stdout.contains("nifu") || out.stdout.contains("two unpromoted pawns"), "{out:?}");
    assert!(out.stdout.contains("check"), "{out:?}");
    // a strict reading refuses a hand out of order; a lenient one repairs it and says so
    let strict = common::run(&["validate", "4k4/9/9/9/9/9/9/9/4K4 b 3pb 1"], "");
    assert!(strict.stderr.contains("b is out of order"), "{strict:?}");
    let lenient =
        common::run(&["convert", "--lenient", "--explain", "--to", "sfen", "4k4/9/9/9/9/9/9/9/4K4 b 3pb 1"], "");
    assert_eq!(lenient.stdout, "4k4/9/9/9/9/9/9/9/4K4 b b3p 1\n", "{lenient:?}");
    assert!(lenient.stderr.contains("another order"), "{lenient:?}");
}

#[test]
fn moves_are_read_in_any_notation_and_written_in_each() {
    assert_eq!(ok(&["moves", "shogi:standard"]).lines().count(), 30);
    assert_eq!(
        ok(&["move", "--position", "shogi:standard", "--to", "usi", "７六歩(77)", "△３四歩", "P-2f"]),
        "7g7f\n3c3d\n2g2f\n"
    );
    // KIF writes 同 for a move back to the last move's square, and so does KI2
    let line = ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d"];
    let kif = ok(&[&["move", "--position", "shogi:standard", "--to", "kif"][..], &line[..]].concat());
    assert_eq!(kif.lines().last(), Some("同　歩(23)"));
    let ki2 = ok(&[&["move", "--position", "shogi:standard", "--to", "ki2"][..], &line[..]].concat());
    assert_eq!(ki2.lines().last(), Some("△同　歩"));
    let csa = ok(&[&["move", "--position", "shogi:standard", "--to", "csa"][..], &line[..]].concat());
    assert_eq!(csa.lines().next(), Some("+7776FU"));
    // a drop, the only kind of move a hand gives
    let hand = "4k4/9/9/9/9/9/9/9/4K4 b P 1";
    assert_eq!(ok(&["move", "--position", hand, "--to", "western", "P*5e"]), "P*5e\n");
    assert_eq!(ok(&["apply", "--position", hand, "P*5e"]).trim_end(), "4k4/9/9/9/4P4/9/9/9/4K4 w - 2");
    // an illegal move names the candidates
    let bad = common::run(&["move", "--position", "shogi:standard", "--to", "kif", "7g7d"], "");
    assert_eq!(bad.code, 1);
    assert!(bad.stderr.contains("cannot go to 7d") && bad.stderr.contains("7g7f"), "{bad:?}");
}

#[test]
fn perft_and_status_follow_the_rules() {
    assert_eq!(ok(&["perft", "--depth", "3", "shogi:standard"]), "25470\n");
    let divided = ok(&["perft", "--depth", "2", "--divide", "shogi:standard"]);
    assert_eq!(divided.lines().last(), Some("total: 900"));
    // a gold mates on 5b, guarded by its pawn: no stalemate in Shogi, and this is mate
    assert_eq!(ok(&["status", "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1"]).trim_end(), "checkmate");
}

#[test]
fn board_notations_diagrams_and_explanations() {
    // the even start is written PI, the other positions line by line
    assert_eq!(ok(&["convert", "--to", "csa-board", START]), "PI\n+\n");
    let position = "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 1";
    let csa = ok(&["convert", "--to", "csa-board", position]);
    assert!(csa.starts_with("P1-KY-KE-GI-KI-OU *  * -KE-KY\n"), "{csa}");
    assert!(csa.ends_with("P+00KA\nP-00KA\n+\n"), "{csa}");
    let back = common::run(&["convert", "--from", "csa-board", "--to", "sfen", csa.trim_end()], "");
    assert_eq!(back.stdout.trim_end(), position, "{back:?}");
    // a board notation has no move number: it is dropped, with a warning
    let numbered = common::run(&["convert", "--to", "kif-board", &position.replace(" 1", " 15")], "");
    assert!(numbered.stderr.contains("kif-board has no move number; dropped move number 15"), "{numbered:?}");
    let kif = ok(&["render", "--style", "unicode", START]);
    assert!(kif.contains("|v香v桂v銀v金v玉v金v銀v桂v香|一"), "{kif}");
    let svg = ok(&["render", "--style", "svg", "4k4/9/9/9/9/9/9/9/4K4 b 2Pb 1"]);
    assert!(svg.contains("data-hand=\"sente\" data-piece=\"P\" data-count=\"2\""), "{svg}");
    let explained = ok(&["explain", "4k4/9/9/9/9/9/9/9/4K4 b 2Pb 1"]);
    assert!(explained.contains("\"2P\" hand-piece: Sente holds 2 pawns."), "{explained}");
    assert!(explained.contains("The letter k puts a gote king on 5a."), "{explained}");
}

#[test]
fn board_notations_are_found_without_from() {
    let position = "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 1";
    for notation in ["csa-board", "kif-board"] {
        let board = ok(&["convert", "--to", notation, position]);
        assert_eq!(ok(&["validate", board.trim_end()]), "ok\n", "{notation}");
        assert_eq!(ok(&["convert", "--to", "sfen", board.trim_end()]).trim_end(), position, "{notation}");
    }
    // a bad side letter: Shogi's error, not Xiangqi's
    let bad = common::run(&["validate", &START.replace(" b ", " x ")], "");
    assert_eq!(bad.code, 1, "{bad:?}");
    assert!(bad.stderr.contains("invalid side to move: \"x\" is not 'b'"), "{bad:?}");
}
