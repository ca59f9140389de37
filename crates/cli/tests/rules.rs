//! The rules commands (`moves`, `move`, `apply`, `perft`, `status`,
//! `laser`) run for real on each game: the notations they read and write,
//! the counts, and the error lines with their columns and candidates. A
//! module a game, for what differs in its notations and outcomes.

mod common;

/// The rules commands on chess positions, run for real: `moves`, `move`,
/// `apply` and `perft` with the notations `uci`, `san` and `lan`, Chess960
/// castling, and the error lines with their columns and candidates.
mod chess {
    use super::common::polyfen;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1";
    const TWO_KNIGHTS: &str = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";

    fn lines(text: &str) -> Vec<&str> {
        text.lines().collect()
    }

    #[test]
    fn moves_in_each_notation() {
        let uci = polyfen(&["moves", START]);
        assert_eq!(uci.code, 0, "{}", uci.stderr);
        assert_eq!(lines(&uci.stdout).len(), 20);
        assert!(lines(&uci.stdout).contains(&"g1f3"));
        let san = polyfen(&["moves", "--notation", "san", KIWIPETE]);
        let san = lines(&san.stdout);
        assert_eq!(san.len(), 48);
        for m in ["O-O", "O-O-O", "Bxa6", "Nxf7", "dxe6", "Qxf6", "Ng4"] {
            assert!(san.contains(&m), "{m} in {san:?}");
        }
        let lan = polyfen(&["moves", "--notation", "lan", START]);
        assert!(lines(&lan.stdout).contains(&"Ng1-f3"));
        assert!(lines(&lan.stdout).contains(&"e2-e4"));
        // Chess960 castling: king takes rook by default, two squares on request
        let auto = polyfen(&["moves", CHESS960]);
        assert!(lines(&auto.stdout).iter().all(|m| *m != "g1g1"));
        let two = polyfen(&["moves", "--castling", "king-two-squares", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]);
        assert!(lines(&two.stdout).contains(&"e1g1") && lines(&two.stdout).contains(&"e1c1"));
        let rook = polyfen(&["moves", "--castling", "king-takes-rook", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]);
        assert!(lines(&rook.stdout).contains(&"e1h1") && lines(&rook.stdout).contains(&"e1a1"));
    }

    #[test]
    fn move_converts_between_notations() {
        let san =
            polyfen(&["move", "--position", START, "--to", "san", "e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4"]);
        assert_eq!(san.code, 0, "{}", san.stderr);
        assert_eq!(lines(&san.stdout), ["e4", "c5", "Nf3", "d6", "d4", "cxd4"]);
        let uci =
            polyfen(&["move", "--position", START, "--to", "uci", "e4", "e5", "Ng1-f3", "Nc6", "Bc4", "Nf6", "0-0"]);
        assert_eq!(lines(&uci.stdout), ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]);
        let lan = polyfen(&["move", "--position", START, "--to", "lan", "e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+"]);
        assert_eq!(lines(&lan.stdout), ["e2-e4", "d7-d5", "e4xd5", "Qd8xd5", "Nb1-c3", "Qd5-e5+"]);
        // lenient SAN: over-disambiguation, missing '=', extra check mark
        let lenient =
            polyfen(&["move", "--position", "4k3/1P6/8/8/8/8/8/4K1NN w - - 0 1", "--to", "san", "Ngf3", "Kd7", "b8N+"]);
        assert_eq!(lines(&lenient.stdout), ["Nf3", "Kd7", "b8=N+"], "{}", lenient.stderr);
    }

    #[test]
    fn apply_plays_the_moves() {
        let out = polyfen(&["apply", "--position", START, "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(out.stdout.trim(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
        // Chess960 castling read as king takes rook; the other rights stay
        let position = "1r4kr/8/8/8/8/8/8/1R4KR w BHbh - 0 1";
        let out = polyfen(&["apply", "--position", position, "--to", "shredder-fen", "g1b1"]);
        assert_eq!(out.stdout.trim(), "1r4kr/8/8/8/8/8/8/2KR3R b hb - 1 1", "{}", out.stderr);
        let out = polyfen(&["apply", "--position", position, "--to", "fen", "O-O"]);
        assert_eq!(out.stdout.trim(), "1r4kr/8/8/8/8/8/8/1R3RK1 b kq - 1 1", "{}", out.stderr);
        // the en passant square is held after every double push
        let out = polyfen(&["apply", "--position", START, "d4"]);
        assert_eq!(out.stdout.trim(), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1");
    }

    #[test]
    fn a_null_move_passes_the_turn() {
        // `0000` (UCI) or `--` (PGN): the turn passes, en passant is cleared,
        // the halfmove clock counts
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let out = polyfen(&["apply", "--position", after_e4, "0000"]);
        assert_eq!(out.stdout.trim(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2", "{}", out.stderr);
        let out = polyfen(&["move", "--to", "san", "--position", START, "e4", "0000", "d4"]);
        assert_eq!(lines(&out.stdout), ["e4", "--", "d4"], "{}", out.stderr);
        let out = polyfen(&["move", "--to", "uci", "--position", after_e4, "--", "--"]);
        assert_eq!(lines(&out.stdout), ["0000"], "{}", out.stderr);
        // not in check
        let checked = "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2";
        let out = polyfen(&["apply", "--position", checked, "0000"]);
        assert_eq!(
            (out.code, out.stderr.as_str()),
            (1, "polyfen: move 1 (0000): column 1: a null move while in check\n")
        );
    }

    #[test]
    fn perft_counts_and_divides() {
        let out = polyfen(&["perft", "--depth", "3", KIWIPETE]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(out.stdout.trim(), "97862");
        let out = polyfen(&["perft", "--depth", "3", CHESS960]);
        assert_eq!(out.stdout.trim(), "12189");
        let out = polyfen(&["perft", "--depth", "2", "--divide", "--notation", "san", KIWIPETE]);
        let lines = lines(&out.stdout);
        assert_eq!(lines.len(), 49);
        assert_eq!(lines.last(), Some(&"total: 2039"));
        let sum: u64 = lines[..48].iter().map(|l| l.rsplit_once(": ").unwrap().1.parse::<u64>().unwrap()).sum();
        assert_eq!(sum, 2039);
        assert!(lines.contains(&"O-O: 43"), "{lines:?}");
        // a check no last move can give is tolerated
        let out = polyfen(&["perft", "--depth", "2", "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1"]);
        assert_eq!(out.stdout.trim(), "125", "{}", out.stderr);
    }

    #[test]
    fn errors_name_the_column_and_candidates() {
        let out = polyfen(&["move", "--position", TWO_KNIGHTS, "--to", "san", "Nd2"]);
        assert_eq!(out.code, 1);
        assert!(out.stderr.contains("ambiguous") && out.stderr.contains("Nbd2, Nfd2"), "{}", out.stderr);
        let out = polyfen(&["move", "--position", TWO_KNIGHTS, "--to", "san", "Nf3xz4"]);
        assert_eq!(out.code, 1);
        assert!(out.stderr.contains("column 5"), "{}", out.stderr);
        let out = polyfen(&["move", "--position", TWO_KNIGHTS, "--to", "uci", "b1b3"]);
        assert!(out.stderr.contains("not a legal move") && out.stderr.contains("b1d2"), "{}", out.stderr);
        // moves after a bad one are not played
        let out = polyfen(&["move", "--position", START, "--to", "san", "e4", "e4", "d5"]);
        assert_eq!(lines(&out.stdout), ["e4"]);
        assert!(out.stderr.contains("move 2"), "{}", out.stderr);
        let out = polyfen(&["perft", "--depth", "1", "8/8/8/8/8/8/8/8 w - - 0 1"]);
        assert_eq!(out.code, 1);
        assert!(out.stderr.contains("illegal position") && out.stderr.contains("no king"), "{}", out.stderr);
        let out = polyfen(&["moves", "--notation", "iccs", START]);
        assert_eq!(out.code, 1);
        assert!(out.stderr.contains("uci, san, lan"), "{}", out.stderr);
    }

    #[test]
    fn moves_are_read_the_way_users_type_them() {
        // move numbers are skipped, `0-0` is castling, `e.p.` may stand apart
        let out = polyfen(&[
            "move",
            "--position",
            "chess:standard",
            "--to",
            "san",
            "1. e4 Nf6 2. e5 d5 3. exd6 e.p. e6 4. Nf3 Be7 5. Bc4 0-0",
        ]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(lines(&out.stdout), ["e4", "Nf6", "e5", "d5", "exd6", "e6", "Nf3", "Be7", "Bc4", "O-O"]);
    }

    #[test]
    fn status_names_the_end_of_the_game() {
        let out = polyfen(&[
            "status",
            START,
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
            "7k/8/6QK/8/8/8/8/8 b - - 0 1",
            "7k/8/8/8/8/8/8/6NK b - - 0 1",
            "7k/8/8/8/8/8/8/R6K b - - 100 80",
        ]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert_eq!(lines(&out.stdout), ["ongoing", "checkmate", "stalemate", "insufficient-material", "fifty-moves"]);
    }

    /// `mv`, at `position`, which only a lenient reading takes (as
    /// `reading`): refused by a strict `move`, written (with `more` moves
    /// after it) as `uci` by a lenient one, played to `applied` by a
    /// lenient `apply`, each lenient reading warned of. Returns the error
    /// of the strict `apply`, which refuses it.
    fn needs_lenient(position: &str, mv: &str, reading: &str, more: &[&str], uci: &str, applied: &str) -> String {
        let strict = polyfen(&["move", "--position", position, "--to", "uci", mv]);
        assert_eq!(strict.code, 1);
        assert_eq!(strict.stdout, "");
        assert_eq!(
            strict.stderr,
            format!(
                "polyfen: move 1 ({mv}): column 1: {mv} is not standard SAN: only a lenient reading takes it, as {reading} (candidates: {reading})\n"
            )
        );
        let warning = format!("polyfen: move 1 ({mv}): column 1: warning: read '{mv}' as '{reading}'\n");
        let args = [&["move", "--lenient", "--position", position, "--to", "uci", mv][..], more].concat();
        let lenient = polyfen(&args);
        assert_eq!(lenient.code, 0, "{}", lenient.stderr);
        assert_eq!(lenient.stdout, uci);
        assert_eq!(lenient.stderr, warning);
        let apply = polyfen(&["apply", "--lenient", "--position", position, mv]);
        assert_eq!(apply.code, 0, "{}", apply.stderr);
        assert_eq!(apply.stdout, applied);
        assert_eq!(apply.stderr, warning);
        let refused = polyfen(&["apply", "--position", position, mv]);
        assert_eq!(refused.code, 1);
        refused.stderr
    }

    #[test]
    fn a_pawn_capture_written_as_a_push_needs_lenient() {
        let position = "2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13";
        let applied = "2rq1rk1/pb2bppp/1p2p3/n1p1Pn2/2pP4/PP3N2/1B1NQPPP/RB3RK1 w - - 0 14\n";
        let refused = needs_lenient(position, "c4", "dxc4", &[], "d5c4\n", applied);
        assert!(refused.contains("only a lenient reading takes it, as dxc4"), "{refused}");
    }

    #[test]
    fn en_passant_by_its_destination_needs_lenient() {
        let position = "4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2";
        let refused =
            needs_lenient(position, "f6", "exf6", &["Kd7"], "e5f6\ne8d7\n", "4k3/8/5P2/8/8/8/8/4K3 b - - 0 2\n");
        assert!(refused.contains("move 1 (f6)") && refused.contains("as exf6"), "{refused}");
    }
}

/// The rules commands on Khet: `moves`, `move`, `apply` and `perft`, with
/// the laser firing after each move and the two counting conventions.
mod khet {
    const CLASSIC: &str = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";

    use super::common::ok;

    #[test]
    fn moves_lists_each_distinct_result_once() {
        let out = ok(&["moves", CLASSIC]);
        let moves: Vec<&str> = out.lines().collect();
        assert_eq!(moves.len(), 77);
        assert_eq!(moves[..6], ["c1c2", "c1d2", "c1b1", "c1b2", "c1+", "c1-"]);
        assert!(moves.contains(&"j1-") && !moves.contains(&"e1+"));
        assert_eq!(ok(&["moves", "--notation", "khet", CLASSIC]), out);
    }

    #[test]
    fn perft_counts_as_published() {
        assert_eq!(ok(&["perft", "--depth", "2", CLASSIC]), "5920\n");
        assert_eq!(ok(&["perft", "--depth", "1", "--every-rotation", CLASSIC]), "81\n");
        assert_eq!(ok(&["perft", "--depth", "3", "--swap-restriction", CLASSIC]), "451859\n");
        let divided = ok(&["perft", "--depth", "2", "--divide", CLASSIC]);
        let lines: Vec<&str> = divided.lines().collect();
        assert_eq!(lines.len(), 78);
        assert_eq!(lines.last(), Some(&"total: 5920"));
        assert!(lines.iter().take(77).all(|l| l.split_once(": ").is_some_and(|(_, n)| n.parse::<u64>().is_ok())));
    }

    #[test]
    fn moves_are_played_with_the_laser() {
        // dash forms are read and written without the dash
        assert_eq!(ok(&["move", "--position", CLASSIC, "--to", "khet", "h2-g2", "a8-"]), "h2g2\na8-\n");
        // silver turns its sphinx west and shoots its own anubis on f1
        assert_eq!(
            ok(&["apply", "--position", CLASSIC, "j1-"]),
            "2PAR4X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnwneewwsnsnsneewwssssse r 0\n"
        );
        // the turn counter grows after red's move
        assert!(ok(&["apply", "--position", CLASSIC, "h2g2", "a8-"]).ends_with(" s 1\n"));
    }

    #[test]
    fn illegal_moves_name_the_reason_and_candidates() {
        let (code, stdout, stderr) =
            super::common::polyfen(&["move", "--position", CLASSIC, "--to", "khet", "d1e1"]).into_parts();
        assert_eq!((code, stdout.as_str()), (1, ""));
        assert!(stderr.contains("e1 is taken by a pharaoh: only a scarab or an eye of Horus swaps"), "{stderr}");
        assert!(stderr.contains("d1d2"), "{stderr}");
        let (code, _, stderr) =
            super::common::polyfen(&["move", "--position", CLASSIC, "--to", "khet", "k1+"]).into_parts();
        assert_eq!(code, 1);
        assert!(stderr.contains("\"k1\" is not a square"), "{stderr}");
        let (code, _, stderr) = super::common::polyfen(&["moves", "--notation", "uci", CLASSIC]).into_parts();
        assert_eq!(code, 1);
        assert!(stderr.contains("khet move notations: khet"), "{stderr}");
    }

    #[test]
    fn laser_prints_the_path_and_outcome() {
        let out = ok(&["laser", CLASSIC]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "silver laser from j1, fired north");
        assert!(lines[1].starts_with("path: j2 j3 j4 "), "{out}");
        assert_eq!(lines.last(), Some(&"outcome: left the board at j8 going north"));
        // a named setup reads the same, and red's laser can be asked for
        assert_eq!(ok(&["laser", "khet:classic"]), out);
        let red = ok(&["laser", "--color", "red", CLASSIC]);
        assert!(red.starts_with("red laser from a8, fired south\n"), "{red}");
    }

    #[test]
    fn laser_json_is_one_object_per_input() {
        let out = ok(&["laser", "--json", "--color", "red", "khet:classic", "khet:dynasty"]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        for line in lines {
            assert!(line.starts_with(r#"{"color":"red","sphinx":"a8","direction":"south","beams":[{"#), "{line}");
            assert!(line.contains(r#""outcome":{"kind":"#) && line.ends_with('}'), "{line}");
        }
    }

    #[test]
    fn render_overlays_the_laser() {
        let plain = ok(&["render", CLASSIC]);
        let shot = ok(&["render", "--laser", CLASSIC]);
        assert_ne!(plain, shot);
        assert!(shot.contains("||") && shot.contains("outcome: left the board at j8 going north"), "{shot}");
        let red = ok(&["render", "--style", "unicode", "--laser=red", CLASSIC]);
        assert!(red.contains('│') && red.contains("red laser from a8"), "{red}");
        let svg = ok(&["render", "--style", "svg", "--laser", CLASSIC]);
        let plain_svg = ok(&["render", "--style", "svg", CLASSIC]);
        assert!(svg.starts_with("<svg") && svg.len() > plain_svg.len(), "{svg}");
    }

    #[test]
    fn laser_refuses_other_games_and_colors() {
        let (code, _, stderr) = super::common::polyfen(&["laser", "chess:standard"]).into_parts();
        assert_eq!(code, 1);
        assert_eq!(stderr, "polyfen: input 1: a chess position has no laser; only khet has\n");
        let (code, _, stderr) = super::common::polyfen(&["laser", "--color", "blue", CLASSIC]).into_parts();
        assert_eq!(code, 2);
        assert!(stderr.contains("unknown Khet color \"blue\"; known: silver, red"), "{stderr}");
    }

    #[test]
    fn laser_takes_a_side_by_its_first_letter_in_any_case() {
        let silver = ok(&["laser", "--color", "silver", CLASSIC]);
        assert_eq!(ok(&["laser", "--color", "S", CLASSIC]), silver);
        assert_eq!(ok(&["laser", "--color", "Red", CLASSIC]), ok(&["laser", "--color", "r", CLASSIC]));
        let (code, _, stderr) = super::common::polyfen(&["render", "--laser=blue", CLASSIC]).into_parts();
        assert_eq!(code, 1);
        assert_eq!(stderr, "polyfen: unknown Khet color \"blue\"; known: silver, red\n");
    }
}

/// The Xiangqi rules on the command line: `perft` with and without
/// `--divide`, and the errors for positions the rules cannot play.
mod xiangqi {
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
                let got = super::common::parts(&["perft", "--depth", &depth, fen], "");
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
        assert_eq!(super::common::parts(&["perft", "--depth", "2"], &stdin), (0, expected, String::new()));
    }

    #[test]
    fn divide_lists_each_move_then_the_total() {
        let (code, stdout, stderr) =
            super::common::parts(&["perft", "--depth", "2", "--divide", "--notation", "ucci", XQ_START], "");
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
        let (_, iccs, _) = super::common::parts(&["perft", "--depth", "1", "--divide", XQ_START], "");
        assert!(iccs.lines().any(|l| l == "H2-E2: 1"), "{iccs}");
        assert!(iccs.ends_with("total: 44\n"), "{iccs}");
    }

    #[test]
    fn mate_and_stalemate_have_no_moves() {
        for fen in ["R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1", "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1"] {
            assert_eq!(super::common::parts(&["perft", "--depth", "3", fen], ""), (0, "0\n".to_owned(), String::new()));
            assert_eq!(
                super::common::parts(&["perft", "--depth", "1", "--divide", fen], ""),
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
            assert_eq!(
                super::common::parts(&["perft", "--depth", "1", fen], ""),
                (1, String::new(), stderr.to_owned()),
                "{fen}"
            );
        }
        // the other inputs go on
        let stdin = format!("9/9/9/9/9/9/9/9/9/4K4 w\n{XQ_START}\n");
        assert_eq!(
            super::common::parts(&["perft", "--depth", "1"], &stdin),
            (1, "44\n".to_owned(), "polyfen: input 1: illegal position: black has no king\n".to_owned())
        );
    }

    #[test]
    fn perft_depth_and_notation_limits() {
        assert_eq!(
            super::common::parts(&["perft", "--depth", "9", XQ_START], ""),
            (1, String::new(), "polyfen: input 1: perft depth 9 is above the limit of 8 for xiangqi\n".to_owned())
        );
        let (code, stdout, stderr) =
            super::common::parts(&["perft", "--depth", "1", "--divide", "--notation", "san", XQ_START], "");
        assert_eq!((code, stdout.as_str()), (1, ""));
        assert!(stderr.starts_with("polyfen: input 1: xiangqi moves cannot be written in san;"), "{stderr}");
        assert_eq!(
            super::common::parts(&["perft", "--depth", "0", XQ_START], ""),
            (0, "1\n".to_owned(), String::new())
        );
    }

    #[test]
    fn moves_and_apply_follow_the_rules() {
        // the red king may not step onto the open file of the black king
        assert_eq!(
            super::common::parts(&["moves", "--notation", "ucci", "4k4/9/9/9/9/9/9/9/9/3K5 w"], ""),
            (0, "d0d1\n".to_owned(), String::new())
        );
        // checkmated: no moves, and that is no error
        assert_eq!(
            super::common::parts(&["moves", "R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1"], ""),
            (0, String::new(), String::new())
        );
        let (code, stdout, _) = super::common::parts(&["moves", "--notation", "ucci", XQ_START], "");
        assert_eq!((code, stdout.lines().count()), (0, 44));
        // clocks: a quiet move counts up, black's move ends the move number
        assert_eq!(
            super::common::parts(&["apply", "--position", XQ_START, "h2e2", "h9g7", "e2e6"], ""),
            (0, "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2\n".to_owned(), String::new())
        );
        // a move that leaves the king to the cannon is refused
        let (code, stdout, stderr) =
            super::common::parts(&["move", "--position", "5k3/9/4c4/9/9/4R4/9/9/9/4K4 w", "--to", "ucci", "e4e5"], "");
        assert_eq!((code, stdout.as_str()), (1, ""));
        assert!(stderr.starts_with("polyfen: move 1 (e4e5):") && stderr.contains("e4d4"), "{stderr}");
        // a move of the wrong side is refused
        let (code, _, stderr) = super::common::parts(&["move", "--position", XQ_START, "--to", "ucci", "h9g7"], "");
        assert_eq!(code, 1);
        assert!(stderr.contains("red is to move"), "{stderr}");
    }
}

/// Xiangqi move notation on the command line: `moves` in every notation,
/// `move` reading any notation and writing another, `apply`, and the errors
/// for moves that are unknown, ambiguous or of the wrong side.
mod xiangqi_notation {
    const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    const RED_ROOKS: &str = "3k5/9/9/9/9/1R7/9/9/9/1R2K4 w - - 0 1";
    const NOTATIONS: [&str; 7] = ["iccs", "ucci", "uci-1", "wxf", "wxf-fsf", "chinese", "chinese-traditional"];

    #[test]
    fn moves_are_listed_in_every_notation_and_read_back() {
        let mut lists = Vec::new();
        for notation in NOTATIONS {
            let (code, out, err) = super::common::parts(&["moves", "--notation", notation, XQ_START], "");
            assert_eq!((code, err.as_str()), (0, ""), "{notation}");
            assert_eq!(out.lines().count(), 44, "{notation}");
            lists.push(out);
        }
        assert!(lists[0].lines().any(|l| l == "H2-E2"));
        assert!(lists[2].lines().any(|l| l == "h3h10"));
        assert!(lists[3].lines().any(|l| l == "C2.5"));
        assert!(lists[4].lines().any(|l| l == "C2=5"));
        assert!(lists[5].lines().any(|l| l == "马八进七"));
        assert!(lists[6].lines().any(|l| l == "馬八進七"));
        // every listed move, in every notation, is read and written as ICCS
        for list in &lists {
            let moves: Vec<&str> = list.lines().collect();
            for (mv, iccs) in moves.iter().zip(lists[0].lines()) {
                let (code, out, err) = super::common::parts(&["move", "--position", XQ_START, "--to", "iccs", mv], "");
                assert_eq!((code, out.trim_end(), err.as_str()), (0, iccs, ""), "{mv}");
            }
        }
        // the default notation is ICCS
        assert_eq!(super::common::parts(&["moves", XQ_START], ""), (0, lists[0].clone(), String::new()));
    }

    #[test]
    fn move_reads_any_notation_and_writes_one() {
        let args = ["move", "--position", XQ_START, "--to", "wxf", "炮二平五", "h9g7", "H2+3", "車９平８", "R1.2"];
        let (code, out, err) = super::common::parts(&args, "");
        assert_eq!((code, out.as_str(), err.as_str()), (0, "C2.5\nH8+7\nH2+3\nR9.8\nR1.2\n", ""));
        // from standard input, with a move number
        let (code, out, _) =
            super::common::parts(&["move", "--position", XQ_START, "--to", "chinese-traditional"], "1. h2e2 h9g7\n");
        assert_eq!((code, out.as_str()), (0, "炮二平五\n馬８進７\n"));
        let (code, out, _) =
            super::common::parts(&["move", "--position", RED_ROOKS, "--to", "wxf-fsf", "前车退三"], "");
        assert_eq!((code, out.as_str()), (0, "R8-3\n"));
        let (code, out, _) = super::common::parts(&["move", "--position", RED_ROOKS, "--to", "chinese", "R+.5"], "");
        assert_eq!((code, out.as_str()), (0, "前车平五\n"));
    }

    #[test]
    fn apply_plays_moves_of_every_notation() {
        let args = ["apply", "--position", XQ_START, "H2-E2", "h8e8", "马二进三"];
        let (code, out, err) = super::common::parts(&args, "");
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (0, "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2\n", "")
        );
    }

    #[test]
    fn bad_moves_are_errors_naming_the_place_and_the_candidates() {
        let cases = [
            (
                XQ_START,
                "C3.5",
                "polyfen: move 1 (C3.5): column 1: there is no red cannon on file 3 (candidates: C8.5, C2.5)\n",
            ),
            (XQ_START, "卒３进１", "polyfen: move 1 (卒３进１): column 1: 卒 is black's, but red is to move\n"),
            (
                XQ_START,
                "h7e7",
                "polyfen: move 1 (h7e7): column 1: the black cannon on h7 is black's, but red is to move\n",
            ),
            (
                XQ_START,
                "炮二进九",
                "polyfen: move 1 (炮二进九): column 3: no legal move of the red cannon on file 2 goes forward 9 \
                 (candidates: 炮二退一, 炮二平七, 炮二平六, 炮二平五, 炮二平四, 炮二平三, 炮二平一, 炮二进一, 炮二进二, \
                 炮二进三, 炮二进四, 炮二进七)\n",
            ),
            (XQ_START, "j2e2", "polyfen: move 1 (j2e2): column 1: there is no file 'j': files are a to i\n"),
            (
                RED_ROOKS,
                "车八进一",
                "polyfen: move 1 (车八进一): column 1: the red chariot on file 8 forward 1 is ambiguous: 2 legal moves \
                 fit (candidates: 后车进一, 前车进一)\n",
            ),
        ];
        for (position, mv, expected) in cases {
            let (code, out, err) = super::common::parts(&["move", "--position", position, "--to", "iccs", mv], "");
            assert_eq!((code, out.as_str(), err.as_str()), (1, "", expected), "{mv}");
        }
        // a later move's error names its number; the moves before it are written
        let (code, out, err) =
            super::common::parts(&["move", "--position", XQ_START, "--to", "ucci", "h2e2", "h2e2"], "");
        assert_eq!(code, 1);
        assert_eq!(out, "h2e2\n");
        assert!(err.starts_with("polyfen: move 2 (h2e2): column 1: there is no piece on h2"), "{err}");
    }

    #[test]
    fn chess_notations_are_refused_for_xiangqi() {
        let (code, out, err) = super::common::parts(&["moves", "--notation", "san", XQ_START], "");
        assert_eq!(code, 1);
        assert_eq!(out, "");
        assert!(err.contains("xiangqi moves cannot be written in san"), "{err}");
    }
}

/// Shogi from the command line, as for the other games: its named starts,
/// validation, moves in every Shogi notation (with 同), perft, the board
/// notations, diagrams and explanations.
mod shogi {
    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    use super::common::ok;

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
        let validated = super::common::run(&["validate"], &positions.join("\n"));
        assert_eq!(validated.code, 0, "{validated:?}");
        assert_eq!(validated.stdout.lines().filter(|l| l.ends_with(": ok")).count(), 11);
        assert_eq!(ok(&["setup", "shogi", "standard"]).trim_end(), START);
        assert_eq!(ok(&["convert", "--to", "sfen", "shogi:standard"]).trim_end(), START);
    }

    #[test]
    fn validation_names_each_broken_rule() {
        // two unpromoted sente pawns on file 5, and gote's king in check with sente to move
        let out = super::common::run(&["validate", "4k4/4P4/9/9/4P4/9/9/9/4K4 b - 1"], "");
        assert_eq!(out.code, 1, "{out:?}");
        assert!(out.stdout.contains("nifu") || out.stdout.contains("two unpromoted pawns"), "{out:?}");
        assert!(out.stdout.contains("check"), "{out:?}");
        // a strict reading refuses a hand out of order; a lenient one repairs it and says so
        let strict = super::common::run(&["validate", "4k4/9/9/9/9/9/9/9/4K4 b 3pb 1"], "");
        assert!(strict.stderr.contains("b is out of order"), "{strict:?}");
        let lenient = super::common::run(
            &["convert", "--lenient", "--explain", "--to", "sfen", "4k4/9/9/9/9/9/9/9/4K4 b 3pb 1"],
            "",
        );
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
        let bad = super::common::run(&["move", "--position", "shogi:standard", "--to", "kif", "7g7d"], "");
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
        let back = super::common::run(&["convert", "--from", "csa-board", "--to", "sfen", csa.trim_end()], "");
        assert_eq!(back.stdout.trim_end(), position, "{back:?}");
        // a board notation has no move number: it is dropped, with a warning
        let numbered = super::common::run(&["convert", "--to", "kif-board", &position.replace(" 1", " 15")], "");
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
        let bad = super::common::run(&["validate", &START.replace(" b ", " x ")], "");
        assert_eq!(bad.code, 1, "{bad:?}");
        assert!(bad.stderr.contains("invalid side to move: \"x\" is not 'b'"), "{bad:?}");
    }
}
