//! The `games` commands run for real: convert, validate, positions, lines
//! and stats on real files of all three games, standard input, bad games
//! and the order of the output with several jobs.

mod common;

use common::run as polyfen;
use polyfen_test_support::Corpus;

/// Files of the public corpus: the tests that read them are skipped
/// without it.
const LICHESS: Corpus = Corpus::new("pgn/lichess_db_1000k.pgn");
const XQ_TEST2: Corpus = Corpus::new("xiangqi-records/cchess-tests/test2.pgn");

const SMALL: &str = "[Event \"one\"]\n[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n[Event \"two\"]\n\n1. d4 d5 2. Bf4 Kd6 *\n\n[Event \"three\"]\n\n1. c4 *\n";

#[test]
fn convert_rewrites_moves_in_any_notation() {
    let out = polyfen(&["games", "convert", "--moves", "lan"], SMALL);
    assert_eq!(out.code, 1, "game two is bad: {}", out.stderr);
    assert!(
        out.stdout.contains("1. e2-e4 e7-e5 (1... c7-c5 2. Ng1-f3) 2. Qd1-h5 Nb8-c6 3. Bf1-c4 Ng8-f6"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("[Event \"three\"]"));
    // the bad game is written up to its bad move, the rest kept in a comment
    assert!(out.stdout.contains("[Event \"two\"]"));
    assert!(out.stdout.contains("\n1. d2-d4 d7-d5 2. Bc1-f4 {Kd6} *\n"), "{}", out.stdout);
    assert_eq!(
        out.stderr,
        "polyfen: <stdin>: game 2: line 9, column 17: move 2... Kd6: Kd6 is not a legal move (candidates: Kd7)\n"
    );
}

#[test]
fn convert_to_json_writes_one_object_per_game() {
    let out = polyfen(&["games", "convert", "--to", "json", "--moves", "uci", "-"], "1. e4 e5 2. Nf3 *\n\n1. d4 *\n")
        .succeeded();
    let lines: Vec<serde_json::Value> = out.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["mainline"], serde_json::json!(["e2e4", "e7e5", "g1f3"]));
    assert_eq!(lines[0]["variant"], "chess");
    assert_eq!(lines[1]["end"], "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1");
}

#[test]
fn xiangqi_files_convert_to_chinese_and_lines() {
    let Some(test2) = XQ_TEST2.get() else { return };
    let test2 = test2.to_str().expect("a UTF-8 path");
    let out = polyfen(&["games", "convert", "--moves", "chinese", test2], "").succeeded();
    assert!(out.stdout.contains("[Site \"华山\"]"), "decoded from GB18030: {}", out.stdout);
    assert!(out.stdout.contains("1. 相七进五 炮２平５ 2. 兵七进一 马２进３"), "{}", out.stdout);
    assert!(out.stdout.contains("[Format \"Chinese\"]"));
    let lines = polyfen(&["games", "lines", "--moves", "iccs", test2], "");
    assert!(lines.stdout.starts_with("C0-E2 B7-E7 C3-C4"), "{}", lines.stdout);
    assert_eq!(lines.stdout.lines().count(), 1);
}

#[test]
fn validate_names_file_game_move_line_and_column() {
    let out = polyfen(&["games", "validate"], SMALL);
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.contains("<stdin>: game 2: line 9, column 17: move 2... Kd6"), "{}", out.stderr);
    let Some(lichess) = LICHESS.get() else { return };
    let good = polyfen(&["games", "validate", lichess.to_str().expect("a UTF-8 path")], "");
    assert_eq!((good.code, good.stdout.as_str(), good.stderr.as_str()), (0, "ok: 438 games\n", ""));
}

#[test]
fn a_bad_move_keeps_its_game_in_convert_and_validate_is_unchanged() {
    let text = "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Nf5 Nf6 4. Bc4 1-0\n\n[Event \"y\"]\n\n1. d4 *\n";
    let error = "polyfen: <stdin>: game 1 (a - b): line 5, column 42: move 3. Nf5: Nf5 is not a legal move (candidates: Na3, Nc3, Ng1, Nd4, Nh4, Nxe5, Ng5)\n";
    for jobs in ["1", "2"] {
        let out = polyfen(&["games", "convert", "--jobs", jobs], text);
        assert_eq!((out.code, out.stderr.as_str()), (1, error));
        assert!(
            out.stdout.contains(
                "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 {Nf5 Nf6 4. Bc4} 1-0\n\n[Event \"y\"]"
            ),
            "{}",
            out.stdout
        );
        let json = polyfen(&["games", "convert", "--to", "json", "--jobs", jobs], text);
        assert_eq!((json.code, json.stderr.as_str()), (1, error));
        let first: serde_json::Value = serde_json::from_str(json.stdout.lines().next().unwrap()).unwrap();
        assert_eq!(first["mainline"], serde_json::json!(["e4", "e5", "Nf3", "Nc6"]));
        assert_eq!(first["unplayed"], "Nf5 Nf6 4. Bc4");
        assert_eq!(first["result"], "1-0");
        assert_eq!(json.stdout.lines().count(), 2);
    }
    let validate = polyfen(&["games", "validate"], text);
    assert_eq!((validate.code, validate.stdout.as_str(), validate.stderr.as_str()), (1, "", error));
}

#[test]
fn null_moves_convert_in_every_chess_notation() {
    // `0000` was read as a move number, and `--` and `Z0` refused
    let text = "1. e4 0000 2. d4 -- 3. c4 Z0 4. Nc3 (4. -- e5) 4... e5 *\n";
    let san = polyfen(&["games", "convert"], text).succeeded();
    assert!(san.stdout.contains("\n1. e4 -- 2. d4 -- 3. c4 -- 4. Nc3 (4. -- e5) 4... e5 *\n"), "{}", san.stdout);
    let uci = polyfen(&["games", "lines", "--moves", "uci"], text);
    assert_eq!(uci.stdout, "e2e4 0000 d2d4 0000 c2c4 0000 b1c3 e7e5\ne2e4 0000 d2d4 0000 c2c4 0000 0000 e7e5\n");
    let told = polyfen(&["games", "validate", "--explain"], text);
    assert_eq!(told.code, 0);
    assert_eq!(
        told.stderr,
        "polyfen: <stdin>: game 1: line 1, column 7: read '0000' as the null move '--': repaired\n\
         polyfen: <stdin>: game 1: line 1, column 27: read 'Z0' as the null move '--': repaired\n"
    );
    // Xiangqi: ICCS has no null move, UCCI writes `0000`
    let xq = "[Game \"Chinese Chess\"]\n\n1. H2-E2 -- 2. H0-G2 *\n";
    let iccs = polyfen(&["games", "convert"], xq);
    assert_eq!(iccs.code, 1);
    assert!(iccs.stderr.ends_with("game 1: move 2: iccs cannot write a null move\n"), "{}", iccs.stderr);
    let ucci = polyfen(&["games", "convert", "--moves", "ucci"], xq);
    assert!(ucci.stdout.contains("1. h2e2 0000 2. h0g2 *"), "{}", ucci.stdout);
}

#[test]
fn positions_after_each_ply_or_the_last() {
    let text = "1. e4 e5 2. Nf3 *\n";
    let last = polyfen(&["games", "positions"], text);
    assert_eq!(last.stdout, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n");
    let every = polyfen(&["games", "positions", "--every-ply", "--to", "shredder-fen"], text);
    let lines: Vec<&str> = every.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1");
}

#[test]
fn lines_list_every_line_main_first() {
    let out = polyfen(&["games", "lines", "--moves", "san"], "1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 *\n");
    assert_eq!(out.stdout, "e4 e5 Nf3\ne4 c5 Nf3\ne4 c5 c3\n");
}

#[test]
fn stats_count_games_plies_results_and_errors() {
    let out = polyfen(&["games", "stats"], SMALL);
    assert_eq!(out.stdout, "games: 3\nplies: 8\nresults: * 1, 1-0 1\nvariants: chess 2\nerrors: 1\n");
    let khet = polyfen(&["games", "stats"], "[Variant \"Khet\"]\n\n1. c1c2 e8e7 *\n");
    assert_eq!(khet.stdout, "games: 1\nplies: 2\nresults: * 1\nvariants: khet 1\nerrors: 0\n");
}

#[test]
fn repairs_are_counted_or_listed() {
    let text = "[Event \"x\"]\n\n1. e2e4 e5 *\n";
    let quiet = polyfen(&["games", "convert"], text);
    assert_eq!(
        quiet.stderr,
        "polyfen: <stdin>: game 1: warning: read leniently with 1 repair (--explain lists them)\n"
    );
    let told = polyfen(&["games", "convert", "--explain"], text);
    assert_eq!(told.stderr, "polyfen: <stdin>: game 1: line 3, column 4: read the UCI move 'e2e4' as 'e4': repaired\n");
    assert_eq!(told.code, 0);
}

#[test]
fn lenient_takes_a_capture_written_as_a_push_and_says_so() {
    let text = "[FEN \"4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2\"]\n\n2. f6 *\n";
    let strict = polyfen(&["games", "validate"], text);
    assert_eq!(strict.code, 1, "{}", strict.stderr);
    assert!(strict.stderr.contains("line 3, column 4: move 2. f6:"), "{}", strict.stderr);
    let lenient = polyfen(&["games", "validate", "--lenient", "--explain"], text).succeeded();
    assert_eq!(lenient.stderr, "polyfen: <stdin>: game 1: line 3, column 4: read 'f6' as 'exf6': repaired\n");
    let converted = polyfen(&["games", "convert", "--lenient", "--moves", "san"], text);
    assert!(converted.stdout.contains("2. exf6 *"), "{}", converted.stdout);
}

#[test]
fn jobs_keep_the_input_order() {
    let Some(lichess) = LICHESS.get() else { return };
    let text = std::fs::read_to_string(lichess).expect("the lichess sample");
    // enough text for several pieces of work
    let big = text.repeat(3);
    let one = polyfen(&["games", "convert", "--to", "json", "--jobs", "1"], &big);
    let two = polyfen(&["games", "convert", "--to", "json", "--jobs", "2"], &big);
    assert_eq!(one.code, 0);
    assert_eq!(one.stdout.lines().count(), 438 * 3);
    assert_eq!(one.stdout, two.stdout);
    let positions1 = polyfen(&["games", "stats", "--jobs", "1"], &big);
    let positions2 = polyfen(&["games", "stats", "--jobs", "3"], &big);
    assert_eq!(positions1.stdout, positions2.stdout);
}

#[test]
fn a_missing_file_is_named() {
    let out = polyfen(&["games", "stats", "no/such/file.pgn"], "");
    assert_eq!(out.code, 1);
    assert!(out.stderr.starts_with("polyfen: no/such/file.pgn: "), "{}", out.stderr);
}

#[test]
fn forced_variant_and_encoding() {
    let out = polyfen(&["games", "lines", "--variant", "xiangqi", "--encoding", "utf-8"], "1. h2e2 h9g7 *\n");
    // Xiangqi's moves, kept in UCCI as written
    assert_eq!(out.stdout, "h2e2 h9g7\n", "{}", out.stderr);
    let bad = polyfen(&["games", "lines", "--encoding", "nope"], "");
    assert_eq!(bad.code, 2);
}

/// The header the PGN writer puts before a game with no tags.
fn roster(extra: &str) -> String {
    format!(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n{extra}\n"
    )
}

#[test]
fn blank_lines_between_tags_keep_one_game_with_any_jobs() {
    let text = "[Event \"E\"]\n\n[Date \"2020.01.02\"]\n[White \"a\"]\n\n1. e4 e5 *\n";
    for jobs in [None, Some("1"), Some("2")] {
        let mut args = vec!["games", "convert", "--moves", "san"];
        args.extend(jobs.map(|j| ["--jobs", j]).into_iter().flatten());
        let out = polyfen(&args, text);
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{jobs:?}");
        assert_eq!(
            out.stdout,
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"2020.01.02\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n",
            "{jobs:?}"
        );
    }
    // enough games for several pieces of work: cut between games, never
    // inside a tag section
    let game = "[Event \"E\"]\n\n[Site \"S\"]\r\n\r\n[White \"a\"]\n\n\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 *\n\n";
    let big = game.repeat(6000);
    let one = polyfen(&["games", "stats", "--jobs", "1"], &big);
    let two = polyfen(&["games", "stats", "--jobs", "2"], &big);
    assert_eq!(one.stdout, "games: 6000\nplies: 18000\nresults: * 6000\nvariants: chess 6000\nerrors: 0\n");
    assert_eq!((two.stdout.as_str(), two.stderr.as_str(), two.code), (one.stdout.as_str(), "", 0));
    let json = polyfen(&["games", "convert", "--to", "json", "--jobs", "2"], &big);
    assert_eq!(json.stdout.lines().count(), 6000);
    assert!(json.stdout.lines().all(|l| l.contains(r#"["Black","b"]"#) && l.contains(r#"["Event","E"]"#)));
}

#[test]
fn a_move_number_back_at_1_after_a_blank_line_starts_a_new_game() {
    let text = "1. d4 Nf6\n\n1. c4 e6\n";
    for jobs in ["1", "2"] {
        let out = polyfen(&["games", "convert", "--moves", "san", "--jobs", jobs], text).succeeded();
        assert_eq!(out.stdout, format!("{}1. d4 Nf6 *\n\n{}1. c4 e6 *\n\n", roster(""), roster("")));
        assert_eq!(
            out.stderr,
            "polyfen: <stdin>: game 1: warning: read leniently with 1 repair (--explain lists them)\n\
             polyfen: <stdin>: game 2: warning: read leniently with 1 repair (--explain lists them)\n"
        );
    }
    let told = polyfen(&["games", "validate", "--explain"], text);
    assert_eq!(told.code, 0);
    assert_eq!(told.stdout, "ok: 2 games\n");
    assert_eq!(
        told.stderr,
        "polyfen: <stdin>: game 1: line 3, column 1: the game has no result; read as '*' (a new game starts at move 1 after a blank line): repaired\n\
         polyfen: <stdin>: game 2: line 4, column 1: the game has no result; read as '*': repaired\n"
    );
    // a blank line before a later move, or before black's `1...`, keeps the game
    let whole = polyfen(&["games", "stats"], "1. e4\n\n1... e5\n\n2. Nf3 *\n");
    assert_eq!(whole.stdout, "games: 1\nplies: 3\nresults: * 1\nvariants: chess 1\nerrors: 0\n");
}

#[test]
fn tag_names_with_every_symbol_character_are_read() {
    let out = polyfen(&["games", "convert"], "[BlackType: \"program\"]\n[Elo#=+ \"1\"]\n\n1. e4 *\n");
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    assert_eq!(out.stdout, format!("{}\n1. e4 *\n\n", roster("[BlackType: \"program\"]\n[Elo#=+ \"1\"]")));
}

#[test]
fn unbalanced_variations_are_read_with_a_repair() {
    let out =
        polyfen(&["games", "convert", "--explain", "--moves", "san"], "1. e4 (1. d4))) *\n\n((( 1. c4 *\n").succeeded();
    assert_eq!(out.stdout, format!("{}1. e4 (1. d4) *\n\n{}1. c4 *\n\n", roster(""), roster("")));
    assert_eq!(
        out.stderr,
        "polyfen: <stdin>: game 1: line 1, column 14: ignored ')' that closes no variation: repaired\n\
         polyfen: <stdin>: game 1: line 1, column 15: ignored ')' that closes no variation: repaired\n\
         polyfen: <stdin>: game 2: line 3, column 1: ignored '(' before any move: repaired\n\
         polyfen: <stdin>: game 2: line 3, column 2: ignored '(' before any move: repaired\n\
         polyfen: <stdin>: game 2: line 3, column 3: ignored '(' before any move: repaired\n"
    );
    let closed = polyfen(&["games", "lines", "--explain", "--moves", "san"], "1. d4 (1. e4 (1. c4 1-0\n").succeeded();
    assert_eq!(closed.stdout, "d4\ne4\nc4\n");
    assert_eq!(
        closed.stderr,
        "polyfen: <stdin>: game 1: line 1, column 21: closed 2 unclosed variations where the game ends: repaired\n"
    );
}

/// With no notation asked for, each PGN game is written back in the
/// notation its moves are written in, as the service's `games/convert`
/// answers: Chinese stays Chinese (its `Variant` tag's records would be in
/// SAN), LAN stays LAN; a game in SAN, or of another format, in the PGN's.
#[test]
fn convert_keeps_each_games_own_notation() {
    let pgn = "[Event \"a\"]\n[Variant \"xiangqi\"]\n\n1. 炮二平五 马８进７ *\n\n\
               [Event \"b\"]\n\n1. e2-e4 e7-e5 *\n\n[Event \"c\"]\n\n1. e4 e5 *\n";
    let out = polyfen(&["games", "convert", "--to", "pgn", "-"], pgn).succeeded();
    assert!(out.stdout.contains("1. 炮二平五 马８进７ *"), "{}", out.stdout);
    assert!(out.stdout.contains("1. e2-e4 e7-e5 *"), "{}", out.stdout);
    assert!(out.stdout.contains("1. e4 e5 *"), "{}", out.stdout);
    let lines = polyfen(&["games", "lines", "-"], pgn).succeeded();
    assert_eq!(lines.stdout.lines().collect::<Vec<_>>(), ["炮二平五 马８进７", "e2-e4 e7-e5", "e4 e5"]);
}
