//! The Xiangqi rules on the command line: `perft` with and without
//! `--divide`, and the errors for positions the rules cannot play.

mod common;

const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Perft rows of the published tables, to depths a debug build runs fast.
const PERFT: [(&str, &[u64]); 5] = [
    (XQ_START, &[44, 1920, 79666]),
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", &[38, 1128, 43929]),
    ("r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1", &[58, 1651, 90744]),
    ("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", &[49, 2265]),
    ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", &[13, 272, 3707]),
];

#[test]
fn perft_counts_match_the_published_tables() {
    for (fen, counts) in PERFT {
        for (depth, expected) in (1..).zip(counts) {
            let depth = format!("{depth}");
            let got = common::parts(&["perft", "--depth", &depth, fen], "");
            assert_eq!(got, (0, format!("{expected}\n"), String::new()), "{fen} depth {depth}");
        }
    }
}

#[test]
fn perft_reads_positions_from_standard_input() {
    let mut stdin = String::new();
    let mut expected = String::new();
    for (fen, counts) in PERFT {
        stdin.push_str(fen);
        stdin.push('\n');
        expected.push_str(&counts[1].to_string());
        expected.push('\n');
    }
    assert_eq!(common::parts(&["perft", "--depth", "2"], &stdin), (0, expected, String::new()));
}

#[test]
fn divide_lists_each_move_then_the_total() {
    let (code, stdout, stderr) =
        common::parts(&["perft", "--depth", "2", "--divide", "--notation", "ucci", XQ_START], "");
    assert_eq!((code, stderr.as_str()), (0, ""));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 45, "{stdout}");
    assert_eq!(lines.last(), Some(&"total: 1920"));
    let mut sum = 0;
    for line in &lines[..44] {
        let (mv, nodes) = line.split_once(": ").unwrap_or_else(|| panic!("{line}"));
        assert!(mv.len() == 4 && mv.is_ascii(), "{line}");
        sum += nodes.parse::<u64>().unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    assert_eq!(sum, 1920);
    // the cannon to the centre: black's cannon on h7 gains the h file
    // down to h1 (six moves) for its capture of the horse on h0 over the
    // screen that left: 45 replies
    assert!(lines.contains(&"h2e2: 45"), "{stdout}");
    // by default the game's first notation, ICCS
    let (_, iccs, _) = common::parts(&["perft", "--depth", "1", "--divide", XQ_START], "");
    assert!(iccs.lines().any(|l| l == "H2-E2: 1"), "{iccs}");
    assert!(iccs.ends_with("total: 44\n"), "{iccs}");
}

#[test]
fn mate_and_stalemate_have_no_moves() {
    for fen in ["R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1"] {
        assert_eq!(common::parts(&["perft", "--depth", "3", fen], ""), (0, "0\n".to_owned(), String::new()));
        assert_eq!(
            common::parts(&["perft", "--depth", "1", "--divide", fen], ""),
            (0, "total: 0\n".to_owned(), String::new())
        );
    }
}

#[test]
fn positions_the_rules_cannot_play_are_errors() {
    let cases = [
        ("9/9/9/9/9/9/9/9/9/4K4 w", "polyfen: input 1: illegal position: black has no king\n"),
        (
            "4k4/9/9/9/9/9/9/9/9/4K4 w",
            "polyfen: input 1: illegal position: the kings face each other on the e file with nothing between them\n",
        ),
        (
            "3k5/9/9/9/9/9/9/9/4r4/4K4 b",
            "polyfen: input 1: illegal position: red is in check from e1 but it is black's move\n",
        ),
    ];
    for (fen, stderr) in cases {
        assert_eq!(common::parts(&["perft", "--depth", "1", fen], ""), (1, String::new(), stderr.to_owned()), "{fen}");
    }
    // the other inputs go on
    let stdin = format!("9/9/9/9/9/9/9/9/9/4K4 w\n{XQ_START}\n");
    assert_eq!(
        common::parts(&["perft", "--depth", "1"], &stdin),
        (1, "44\n".to_owned(), "polyfen: input 1: illegal position: black has no king\n".to_owned())
    );
}

#[test]
fn perft_depth_and_notation_limits() {
    assert_eq!(
        common::parts(&["perft", "--depth", "9", XQ_START], ""),
        (1, String::new(), "polyfen: input 1: perft depth 9 is above the limit of 8 for xiangqi\n".to_owned())
    );
    let (code, stdout, stderr) =
        common::parts(&["perft", "--depth", "1", "--divide", "--notation", "san", XQ_START], "");
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(stderr.starts_with("polyfen: input 1: xiangqi moves cannot be written in san;"), "{stderr}");
    assert_eq!(common::parts(&["perft", "--depth", "0", XQ_START], ""), (0, "1\n".to_owned(), String::new()));
}

#[test]
fn moves_and_apply_follow_the_rules() {
    // the red king may not step onto the open file of the black king
    assert_eq!(
        common::parts(&["moves", "--notation", "ucci", "4k4/9/9/9/9/9/9/9/9/3K5 w"], ""),
        (0, "d0d1\n".to_owned(), String::new())
    );
    // checkmated: no moves, and that is no error
    assert_eq!(
        common::parts(&["moves", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1"], ""),
        (0, String::new(), String::new())
    );
    let (code, stdout, _) = common::parts(&["moves", "--notation", "ucci", XQ_START], "");
    assert_eq!((code, stdout.lines().count()), (0, 44));
    // clocks: a quiet move counts up, black's move ends the move number
    assert_eq!(
        common::parts(&["apply", "--position", XQ_START, "h2e2", "h9g7", "e2e6"], ""),
        (0, "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2\n".to_owned(), String::new())
    );
    // a move that leaves the king to the cannon is refused
    let (code, stdout, stderr) =
        common::parts(&["move", "--position", "5k3/9/4c4/9/9/4R4/9/9/9/4K4 w", "--to", "ucci", "e4e5"], "");
    assert_eq!((code, stdout.as_str()), (1, ""));
    assert!(stderr.starts_with("polyfen: move 1 (e4e5):") && stderr.contains("e4d4"), "{stderr}");
    // a move of the wrong side is refused
    let (code, _, stderr) = common::parts(&["move", "--position", XQ_START, "--to", "ucci", "h9g7"], "");
    assert_eq!(code, 1);
    assert!(stderr.contains("red is to move"), "{stderr}");
}
