//! The `polyfen` binary, run for real: every command for every game, the
//! error, warning and repair lines on standard error, exit statuses,
//! streaming from standard input and a closed output pipe.

mod common;

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::thread;

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const XQ_START_WXF: &str = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1";
/// The example of the legacy Xiangqi dialect (docs/src/lenient-dialects.md).
const XQ_LEGACY: &str = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
const XQ_LEGACY_JSON: &str = r#"{"variant":"xiangqi","board":{"a0":"R","a3":"P","a6":"p","a9":"r","b0":"N","b2":"C","b7":"c","b9":"n","c0":"B","c3":"P","c6":"p","c9":"b","d0":"A","d9":"a","e0":"K","e3":"P","e6":"p","e9":"k","f0":"A","f9":"a","g0":"B","g3":"P","g6":"p","g9":"b","h0":"N","h2":"C","h7":"c","h9":"n","i0":"R","i3":"P","i6":"p","i9":"r"},"side_to_move":"red","halfmove_clock":0,"fullmove_number":1,"marker":{"row":0,"col":4}}"#;
const KHET_CLASSIC: &str = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";
/// The Khet example of the seed, with its typo `ss1s` for `ss1p` on rank 5.
const KHET_SEED_TYPO: &str = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1s1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";
const KHET_SMALL: &str = "4R4X/0/0/0/0/0/0/x3r5 nnss r 7";
const KHET_SMALL_JSON: &str = r#"{"variant":"khet","board":{"a8":"x","e1":"R","e8":"r","j1":"X"},"facing":{"a8":"s","e1":"n","e8":"s","j1":"n"},"side_to_move":"red","turn_counter":7}"#;
/// PKN as the reference program writes it: no separators, one rotation short.
const KHET_REFERENCE: &str = "2PARA3X7P26p3p1P1SS1p1Pp1P1ss1p1P3P62p7x3arap2 wnnnnneewwsnsnsneewwsssss s 0";

use common::run as polyfen;

/// One run and everything it must give: its standard output and error
/// exactly, and its exit status.
struct Case<'a> {
    args: &'a [&'a str],
    stdin: &'a str,
    stdout: &'a str,
    stderr: &'a str,
    code: i32,
}

/// Runs every case and reports every mismatch at once.
fn check(cases: &[Case<'_>]) {
    let mut failures = Vec::new();
    for case in cases {
        let got = polyfen(case.args, case.stdin);
        if got.stdout != case.stdout || got.stderr != case.stderr || got.code != case.code {
            failures.push(format!(
                "polyfen {:?} (stdin {:?})\n  stdout: {:?}\n  expected {:?}\n  stderr: {:?}\n  expected {:?}\n  exit {} (expected {})",
                case.args, case.stdin, got.stdout, case.stdout, got.stderr, case.stderr, got.code, case.code
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

/// A case with arguments only, no standard error, exit 0.
fn ok<'a>(args: &'a [&'a str], stdout: &'a str) -> Case<'a> {
    Case { args, stdin: "", stdout, stderr: "", code: 0 }
}

/// The transcript of runs, for snapshots.
fn transcript(runs: &[&[&str]]) -> String {
    let mut out = String::new();
    for args in runs {
        let got = polyfen(args, "");
        let _ = write!(out, "$ polyfen {}\n{}", args.join(" "), got.stdout);
        if !got.stderr.is_empty() {
            let _ = write!(out, "[stderr]\n{}", got.stderr);
        }
        let _ = write!(out, "[exit {}]\n\n", got.code);
    }
    out
}

#[test]
fn chess_converts_validates_and_warns() {
    check(&[
        ok(
            &["convert", "--to", "shredder-fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"],
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1\n",
        ),
        ok(
            &["convert", "--to", "fen", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"],
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n",
        ),
        ok(
            &["convert", "--to", "epd", "--from", "fen", CHESS_START],
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n",
        ),
        Case {
            args: &["convert", "--to", "fen", "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";"],
            stdin: "",
            stdout: "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
            stderr: "polyfen: input 1: warning: FEN cannot hold EPD operations; dropped bm, id\n",
            code: 0,
        },
        Case {
            args: &["convert", "--to", "epd", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 17"],
            stdin: "",
            stdout: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -\n",
            stderr: "polyfen: input 1: warning: EPD has no clock fields; dropped halfmove clock 3 and fullmove number 17\n",
            code: 0,
        },
        ok(
            &["convert", "--to", "json", "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;"],
            "{\"variant\":\"chess\",\"board\":{\"e1\":\"K\",\"e8\":\"k\"},\"side_to_move\":\"white\",\"castling\":\"-\",\"en_passant\":null,\"halfmove_clock\":0,\"fullmove_number\":1,\"operations\":[{\"opcode\":\"bm\",\"operands\":\"Kd2\"}]}\n",
        ),
        ok(
            &[
                "convert",
                "--to",
                "epd",
                "{\"variant\":\"chess\",\"board\":{\"e1\":\"K\",\"e8\":\"k\"},\"side_to_move\":\"white\",\"castling\":\"-\",\"en_passant\":null,\"halfmove_clock\":0,\"fullmove_number\":1,\"operations\":[{\"opcode\":\"bm\",\"operands\":\"Kd2\"}]}",
            ],
            "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;\n",
        ),
        ok(&["validate", CHESS_START], "ok\n"),
        Case {
            args: &["validate", CHESS_START, "8/8/8/8/8/8/8/K7 w - - 0 1"],
            stdin: "",
            stdout: "input 1: ok\ninput 2: black has no king\n",
            stderr: "",
            code: 1,
        },
        Case {
            args: &["convert", "--to", "pkn", CHESS_START],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: a chess position cannot be written as pkn\n",
            code: 1,
        },
        Case {
            args: &["convert", "--to", "xiangqi-legacy", CHESS_START],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: a chess position cannot be written as xiangqi-legacy\n",
            code: 1,
        },
    ]);
}

#[test]
fn xiangqi_converts_between_its_notations_and_json() {
    let standard_line = format!("{XQ_START}\n");
    let legacy_line = format!("{XQ_LEGACY}\n");
    let json_line = format!("{XQ_LEGACY_JSON}\n");
    let repairs = "polyfen: input 1: warning: read leniently with 6 repairs (--explain lists them)\n";
    let marker = "polyfen: input 1: warning: standard Xiangqi FEN has no place for the legacy marker /x04 (last picked piece on e9); it was left out\n";
    let repairs_and_marker = format!("{repairs}{marker}");
    check(&[
        // the seed's legacy example: detected, converted, the marker's loss said
        Case {
            args: &["convert", "--to", "xiangqi-fen", XQ_LEGACY],
            stdin: "",
            stdout: &standard_line,
            stderr: &repairs_and_marker,
            code: 0,
        },
        // and written back byte for byte
        Case {
            args: &["convert", "--to", "xiangqi-legacy", XQ_LEGACY],
            stdin: "",
            stdout: &legacy_line,
            stderr: repairs,
            code: 0,
        },
        Case { args: &["convert", "--to", "json", XQ_LEGACY], stdin: "", stdout: &json_line, stderr: repairs, code: 0 },
        // JSON back to the legacy dialect: the marker survives
        ok(&["convert", "--to", "xiangqi-legacy", XQ_LEGACY_JSON], &legacy_line),
        Case {
            args: &["convert", "--to", "xiangqi-fen", XQ_LEGACY_JSON],
            stdin: "",
            stdout: &standard_line,
            stderr: marker,
            code: 0,
        },
        ok(
            &["convert", "--to", "xiangqi-legacy", XQ_START],
            "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1\n",
        ),
        // letter sets: read in any, written in the one asked for (xqbase by default)
        ok(&["convert", "--to", "xiangqi-fen", XQ_START_WXF], &standard_line),
        ok(&["convert", "--to", "xiangqi-fen", "--letters", "wxf", XQ_START], &format!("{XQ_START_WXF}\n")),
        ok(
            &["convert", "--to", "xiangqi-fen", "--letters", "iccs", XQ_START],
            "rnmgkgmnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNMGKGMNR w - - 0 1\n",
        ),
        ok(
            &["convert", "--to", "xiangqi-legacy", "--letters", "wxf", "--from", "xiangqi-fen", XQ_START],
            "rheakaehr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RHEAKAEHR w - - 0 1\n",
        ),
        // JSON always has the xqbase letters
        ok(
            &["convert", "--to", "json", "--letters", "wxf", "3k5/9/9/9/9/9/9/9/9/3KH4 b 4 9"],
            "{\"variant\":\"xiangqi\",\"board\":{\"d0\":\"K\",\"d9\":\"k\",\"e0\":\"N\"},\"side_to_move\":\"black\",\"halfmove_clock\":4,\"fullmove_number\":9,\"marker\":null}\n",
        ),
        // --lenient with xiangqi-fen reads the legacy dialect
        Case {
            args: &["convert", "--to", "xiangqi-fen", "--from", "xiangqi-fen", "--lenient", XQ_LEGACY],
            stdin: "",
            stdout: &standard_line,
            stderr: &repairs_and_marker,
            code: 0,
        },
        Case {
            args: &["convert", "--to", "xiangqi-fen", "--from", "xiangqi-fen", XQ_LEGACY],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: column 11: rank 8 has 0 points, expected 9\n",
            code: 1,
        },
        Case {
            args: &["convert", "--to", "fen", XQ_START],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: a xiangqi position cannot be written as fen\n",
            code: 1,
        },
    ]);
}

#[test]
fn xiangqi_validates() {
    check(&[
        ok(&["validate", XQ_START], "ok\n"),
        Case {
            args: &["validate", XQ_START, "4k4/9/9/9/9/9/9/9/9/4K4 w"],
            stdin: "",
            stdout: "input 1: ok\ninput 2: the kings face each other on the e file with nothing between them\n",
            stderr: "",
            code: 1,
        },
        Case {
            args: &["validate", "--explain", XQ_LEGACY],
            stdin: "",
            stdout: "ok\n",
            stderr: "polyfen: input 1: column 11: repaired: read an empty rank 8\n\
                     polyfen: input 1: column 12: repaired: padded rank 7 with 1 empty point\n\
                     polyfen: input 1: column 27: repaired: read an empty rank 5\n\
                     polyfen: input 1: column 28: repaired: read an empty rank 4\n\
                     polyfen: input 1: column 39: repaired: padded rank 2 with 1 empty point\n\
                     polyfen: input 1: column 44: repaired: read an empty rank 1\n",
            code: 0,
        },
    ]);
}

#[test]
fn khet_converts_validates_and_repairs() {
    let classic_line = format!("{KHET_CLASSIC}\n");
    check(&[
        ok(&["convert", "--to", "pkn", KHET_CLASSIC], &classic_line),
        ok(&["convert", "--to", "json", KHET_SMALL], &format!("{KHET_SMALL_JSON}\n")),
        ok(&["convert", "--to", "pkn", KHET_SMALL_JSON], &format!("{KHET_SMALL}\n")),
        // the scarabs of e4 (w) and f4 (s) face e and n when canonical
        ok(
            &["convert", "--to", "pkn", "--canonical", KHET_CLASSIC],
            "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewennsnsneewwssssse s 0\n",
        ),
        ok(
            &["convert", "--to", "json", "--canonical", "4S4X/0/0/0/0/0/0/x9 wnn s 2"],
            "{\"variant\":\"khet\",\"board\":{\"a8\":\"x\",\"e1\":\"S\",\"j1\":\"X\"},\"facing\":{\"a8\":\"n\",\"e1\":\"e\",\"j1\":\"n\"},\"side_to_move\":\"silver\",\"turn_counter\":2}\n",
        ),
        // the reference program's PKN: an error read strictly, repaired leniently
        Case {
            args: &["convert", "--to", "pkn", KHET_REFERENCE],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: column 8: rank 1 has 80 squares, expected 10\n",
            code: 1,
        },
        Case {
            args: &["convert", "--to", "pkn", "--lenient", KHET_REFERENCE],
            stdin: "",
            stdout: "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3ara3 wnnnnneewwsnsnsneewwsssss s 0\n",
            stderr: "polyfen: input 1: warning: read leniently with 8 repairs (--explain lists them)\n",
            code: 0,
        },
        Case {
            args: &["convert", "--to", "pkn", "--lenient", "--explain", KHET_REFERENCE],
            stdin: "",
            stdout: "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3ara3 wnnnnneewwsnsnsneewwsssss s 0\n",
            stderr: "polyfen: input 1: column 8: repaired: no '/' after rank 1: read on into rank 2\n\
                     polyfen: input 1: column 11: repaired: no '/' after rank 2: read on into rank 3\n\
                     polyfen: input 1: column 14: repaired: no '/' after rank 3: read on into rank 4\n\
                     polyfen: input 1: column 24: repaired: no '/' after rank 4: read on into rank 5\n\
                     polyfen: input 1: column 34: repaired: no '/' after rank 5: read on into rank 6\n\
                     polyfen: input 1: column 37: repaired: no '/' after rank 6: read on into rank 7\n\
                     polyfen: input 1: column 40: repaired: no '/' after rank 7: read on into rank 8\n\
                     polyfen: input 1: column 73: repaired: dropped 1 piece that had no rotation\n",
            code: 0,
        },
        ok(&["validate", KHET_CLASSIC], "ok\n"),
        Case {
            args: &["validate", KHET_SEED_TYPO],
            stdin: "",
            stdout: "red has 3 scarabs and 6 pyramids, expected 2 scarabs and 7 pyramids\n",
            stderr: "",
            code: 1,
        },
        Case {
            args: &["convert", "--to", "xiangqi-fen", KHET_CLASSIC],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: a khet position cannot be written as xiangqi-fen\n",
            code: 1,
        },
        Case {
            args: &["convert", "--to", "fen", KHET_CLASSIC],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: a khet position cannot be written as fen\n",
            code: 1,
        },
    ]);
}

/// Each notation is detected without `--from`: the JSON says which game it
/// was read as, and converting to the same notation gives the input back.
#[test]
fn detection_of_each_notation() {
    let cases: &[(&str, &str, &str)] = &[
        (CHESS_START, "chess", "fen"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "chess", "shredder-fen"),
        ("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;", "chess", "epd"),
        (XQ_START, "xiangqi", "xiangqi-fen"),
        (XQ_START_WXF, "xiangqi", ""),
        (XQ_LEGACY, "xiangqi", "xiangqi-legacy"),
        ("3k/////////4K w - - 0 5", "xiangqi", "xiangqi-legacy"),
        (KHET_CLASSIC, "khet", "pkn"),
        (KHET_SEED_TYPO, "khet", "pkn"),
        (KHET_SMALL, "khet", "pkn"),
        (XQ_LEGACY_JSON, "xiangqi", "json"),
        (KHET_SMALL_JSON, "khet", "json"),
    ];
    for &(input, variant, own) in cases {
        let got = polyfen(&["convert", "--to", "json", input], "");
        assert_eq!(got.code, 0, "{input}: {got:?}");
        assert!(got.stdout.starts_with(&format!("{{\"variant\":\"{variant}\"")), "{input}: {got:?}");
        if !own.is_empty() {
            let back = polyfen(&["convert", "--to", own, input], "");
            assert_eq!(back.stdout, format!("{input}\n"), "{input} as {own}: {back:?}");
        }
    }
}

#[test]
fn errors_name_the_input_and_the_column() {
    check(&[
        Case {
            args: &[
                "convert",
                "--to",
                "xiangqi-fen",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P1/1C5C1/9/RNBAKABNR w - - 0 1",
            ],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: column 42: rank 3 has 10 points, expected 9\n",
            code: 1,
        },
        // the second of three inputs is bad; the others are converted
        Case {
            args: &[
                "convert",
                "--to",
                "json",
                KHET_SMALL,
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P1/1C5C1/9/RNBAKABNR w - - 0 1",
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            ],
            stdin: "",
            stdout: &format!(
                "{KHET_SMALL_JSON}\n{}\n",
                r#"{"variant":"chess","board":{"e1":"K","e8":"k"},"side_to_move":"white","castling":"-","en_passant":null,"halfmove_clock":0,"fullmove_number":1}"#
            ),
            stderr: "polyfen: input 2: column 42: rank 3 has 10 points, expected 9\n",
            code: 1,
        },
        Case {
            args: &["validate", CHESS_START, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"],
            stdin: "",
            stdout: "input 1: ok\n",
            stderr: "polyfen: input 2: column 45: invalid side to move: unexpected 'x', expected 'w' or 'b'\n",
            code: 1,
        },
        Case {
            args: &["convert", "--to", "pkn", "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnn s 0"],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: column 60: 26 pieces but 5 rotations\n",
            code: 1,
        },
        Case {
            args: &[
                "convert",
                "--to",
                "pkn",
                "{\"variant\":\"khet\",\"board\":{\"j1\":\"X\"},\"facing\":{\"j1\":\"q\"},\"side_to_move\":\"silver\",\"turn_counter\":0}",
            ],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: column 53: invalid JSON position: facing \"q\" is not \"n\", \"e\", \"s\" or \"w\"\n",
            code: 1,
        },
        Case {
            args: &["convert", "--to", "json", "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x49"],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: column 64: invalid marker: \"/x49\" names column 9, but the columns count 0-8 from the left\n",
            code: 1,
        },
    ]);
}

/// Crazyhouse holdings after the board (Fairy-Stockfish writes `[]` for
/// empty ones) make a chess FEN crazyhouse's, and are named as such, at
/// the bracket, in the games without them.
#[test]
fn holdings_after_the_board_are_named() {
    check(&[
        // a chess FEN with a pocket is crazyhouse's
        Case {
            args: &["validate", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"],
            stdin: "",
            stdout: "ok\n",
            stderr: "",
            code: 0,
        },
        Case {
            args: &[
                "convert",
                "--lenient",
                "--to",
                "fen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1",
            ],
            stdin: "",
            stdout: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1\n",
            stderr: "",
            code: 0,
        },
        Case {
            args: &["validate", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[] w - - 0 1"],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: column 60: a holdings (pocket) suffix \"[]\" after the board: \
                     crazyhouse-style holdings are not part of Xiangqi FEN\n",
            code: 1,
        },
        Case {
            args: &[
                "validate",
                "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2[] wnnnnneewwsnsnsneewwssssse s 0",
            ],
            stdin: "",
            stdout: "",
            stderr: "polyfen: input 1: column 54: a holdings (pocket) suffix \"[]\" after the board: \
                     crazyhouse-style holdings are not part of Khet PKN\n",
            code: 1,
        },
    ]);
}

#[test]
fn render_every_style_of_every_game() {
    insta::assert_snapshot!(
        "render_chess",
        transcript(&[
            &["render", CHESS_START],
            &["render", "--style", "unicode", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"],
            &["render", "--style", "chinese", CHESS_START],
        ])
    );
    insta::assert_snapshot!(
        "render_xiangqi",
        transcript(&[
            &["render", XQ_START],
            &["render", "--style", "unicode", XQ_START],
            &["render", "--style", "chinese", XQ_START],
            &["render", "--style", "chinese-traditional", XQ_START],
            &["render", "--style", "ascii", "--explain", XQ_LEGACY],
        ])
    );
    insta::assert_snapshot!(
        "render_khet",
        transcript(&[
            &["render", KHET_CLASSIC],
            &["render", "--style", "unicode", KHET_CLASSIC],
            &["render", "--style", "chinese-traditional", KHET_CLASSIC],
            &["render", "--style", "unicode", KHET_CLASSIC, CHESS_START, XQ_START],
        ])
    );
}

#[test]
fn setup_prints_named_positions() {
    check(&[
        ok(&["setup", "chess", "standard"], &format!("{CHESS_START}\n")),
        ok(&["setup", "chess"], &format!("standard  {CHESS_START}\n")),
        ok(&["setup", "xiangqi", "standard"], &format!("{XQ_START}\n")),
        ok(&["setup", "xiangqi"], &format!("standard  {XQ_START}\n")),
        ok(&["setup", "khet", "classic"], &format!("{KHET_CLASSIC}\n")),
        ok(
            &["setup", "khet", "Imhotep"],
            "2SARA3X/0/3P2p3/pP2Sp2pP/pP2Ps2pP/3P2p3/0/x3aras2 wnnnnseewwwnsnseeewwnsssse s 0\n",
        ),
        ok(
            &["setup", "khet", "dynasty"],
            "3PAP3X/4R5/3SAP3P/3p1p1S1P/p1s1P1P3/p3pas3/5r4/x3pap3 wnnnnennswenweswensswsssse s 0\n",
        ),
        ok(
            &["setup", "khet", "classic2"],
            "2PARA3X/7P2/6p3/p1P1ES1p1P/p1P1se1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0\n",
        ),
        ok(
            &["setup", "khet", "imhotep2"],
            "2SARA3X/0/3P2p3/pP2Ep2pP/pP2Pe2pP/3P2p3/0/x3aras2 wnnnnseewwwnsnseeewwnsssse s 0\n",
        ),
        ok(
            &["setup", "khet", "dynasty2"],
            "3PAP3X/4R5/3SAP3P/3p1p1E1P/p1e1P1P3/p3pas3/5r4/x3pap3 wnnnnennswenweswensswsssse s 0\n",
        ),
        Case {
            args: &["setup", "khet", "senet"],
            stdin: "",
            stdout: "",
            stderr: "polyfen: unknown khet setup \"senet\"; known: classic, imhotep, dynasty, classic2, imhotep2, dynasty2\n",
            code: 1,
        },
        Case {
            args: &["setup", "chess", "fischer"],
            stdin: "",
            stdout: "",
            stderr: "polyfen: unknown chess setup \"fischer\"; known: standard\n",
            code: 1,
        },
    ]);
    insta::assert_snapshot!("setup_listing", transcript(&[&["setup", "khet"], &["setup", "go"]]));

    // every listed position is valid and detected as its game
    let listing = polyfen(&["setup", "khet"], "").stdout;
    let positions: String =
        listing.lines().map(|line| line.split_once("  ").map_or("", |(_, p)| p)).collect::<Vec<_>>().join("\n");
    let got = polyfen(&["validate"], &positions);
    let expected = (1..=6).fold(String::new(), |mut out, n| {
        let _ = writeln!(out, "input {n}: ok");
        out
    });
    assert_eq!(got.stdout, expected, "{got:?}");
    assert_eq!(got.code, 0);
}

/// Lines of several games on standard input, one bad line in the middle:
/// the others are still converted, and the exit status says one failed.
#[test]
fn stdin_streams_mixed_games() {
    let stdin = format!(
        "{CHESS_START}\n{XQ_LEGACY}\r\n{KHET_SMALL}\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x\n{XQ_START}\n{KHET_SMALL_JSON}\n"
    );
    let got = polyfen(&["convert", "--to", "json"], &stdin);
    let lines: Vec<&str> = got.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{got:?}");
    let variants: Vec<&str> = lines
        .iter()
        .map(|l| l.strip_prefix("{\"variant\":\"").and_then(|r| r.split('"').next()).unwrap_or(""))
        .collect();
    assert_eq!(variants, ["chess", "xiangqi", "khet", "xiangqi", "khet"]);
    assert_eq!(lines[1], XQ_LEGACY_JSON);
    assert_eq!(lines[4], KHET_SMALL_JSON);
    assert_eq!(
        got.stderr,
        "polyfen: input 2: warning: read leniently with 6 repairs (--explain lists them)\n\
         polyfen: input 4: column 56: invalid fullmove number: \"x\" is not a whole number\n"
    );
    assert_eq!(got.code, 1);

    // and back: JSON lines to each game's default notation, per input
    let back = polyfen(&["convert", "--to", "xiangqi-legacy"], &format!("{}\n", lines.join("\n")));
    assert_eq!(back.stdout, format!("{XQ_LEGACY}\nrnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1\n"));
    assert_eq!(
        back.stderr,
        "polyfen: input 1: a chess position cannot be written as xiangqi-legacy\n\
         polyfen: input 3: a khet position cannot be written as xiangqi-legacy\n\
         polyfen: input 5: a khet position cannot be written as xiangqi-legacy\n"
    );
    assert_eq!(back.code, 1);

    // validate prefixes every line with its input when reading standard input
    let valid = polyfen(&["validate"], &format!("{XQ_START}\n4k4/9/9/9/9/9/9/9/9/4K4 w\n{KHET_SEED_TYPO}\n"));
    assert_eq!(
        valid.stdout,
        "input 1: ok\n\
         input 2: the kings face each other on the e file with nothing between them\n\
         input 3: red has 3 scarabs and 6 pyramids, expected 2 scarabs and 7 pyramids\n"
    );
    assert_eq!(valid.code, 1);
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["convert", CHESS_START][..],
        &["convert", "--to", "png", CHESS_START],
        &["convert", "--to", "fen", "--from", "sgf", CHESS_START],
        &["convert", "--to", "xiangqi-fen", "--letters", "pinyin", XQ_START],
        &["render", "--style", "sepia", CHESS_START],
        &["setup", "go"],
        &["setup"],
        &["frobnicate"],
    ] {
        let got = polyfen(args, "");
        assert_eq!(got.code, 2, "{args:?}: {got:?}");
        assert!(got.stdout.is_empty(), "{args:?}: {got:?}");
        assert!(got.stderr.starts_with("error: "), "{args:?}: {got:?}");
    }
    let got = polyfen(&["setup", "go"], "");
    assert!(got.stderr.contains("unknown variant \"go\"; the games: chess, xiangqi, khet, shogi"), "{got:?}");
    let got = polyfen(&["convert", "--to", "png", CHESS_START], "");
    assert!(
        got.stderr.contains(
            "known: fen, shredder-fen, epd, xiangqi-fen, xiangqi-legacy, pkn, sfen, csa-board, kif-board, fairy-fen, json"
        ),
        "{got:?}"
    );
}

/// The letter sets `--letters` takes are the games' own, in any case.
#[test]
fn letter_sets_are_the_games_own() {
    let wxf = polyfen(&["convert", "--to", "xiangqi-fen", "--letters", "wxf", XQ_START], "");
    let upper = polyfen(&["convert", "--to", "xiangqi-fen", "--letters", "WXF", XQ_START], "");
    assert_eq!((upper.code, &upper.stdout), (0, &wxf.stdout), "{upper:?}");
    let got = polyfen(&["convert", "--to", "xiangqi-fen", "--letters", "pinyin", XQ_START], "");
    assert!(got.stderr.contains("unknown letter set \"pinyin\"; known: xqbase, wxf, iccs"), "{got:?}");
}

/// `polyfen ... | head -1`: standard output closes early; polyfen stops
/// quietly, without a panic message.
#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = common::spawn(&["convert", "--to", "json"]);
    let mut input = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let writer = thread::spawn(move || {
        let line = format!("{CHESS_START}\n{XQ_START}\n{KHET_CLASSIC}\n");
        for _ in 0..20_000 {
            if input.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    let stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).unwrap_or_else(|e| panic!("{e}"));
    assert!(first.starts_with("{\"variant\":\"chess\""), "{first}");
    // the reader is dropped here: the pipe is closed
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert!(output.status.code().is_some(), "killed by a signal: {:?}", output.status);
}

#[test]
fn render_draws_svg_for_every_game() {
    for (input, label) in
        [(CHESS_START, "Chess position, white to move"), (XQ_START, "Xiangqi"), ("khet:classic", "Khet")]
    {
        let got = polyfen(&["render", "--style", "svg", input], "");
        assert_eq!(got.code, 0, "{got:?}");
        assert!(got.stdout.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{got:?}");
        assert!(got.stdout.trim_end().ends_with("</svg>"), "{got:?}");
        assert!(got.stdout.contains(label), "{label}: {got:?}");
    }
}

#[test]
fn named_setups_and_clock_errors_say_what_is_wrong() {
    let out = polyfen(&["convert", "--to", "fen", "chess:nope"], "");
    assert_eq!(out.code, 1);
    assert_eq!(
        out.stderr,
        "polyfen: input 1: column 7: invalid setup name: chess has no setup \"nope\"; its setups: standard\n"
    );
    let out = polyfen(&["convert", "--to", "shredder-fen", "chess:Standard"], "");
    assert_eq!(out.stdout, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\n");
    let out = polyfen(&["convert", "--to", "fen", "k7/8/8/8/8/8/8/7K w - - -1 0"], "");
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("column 25: invalid halfmove clock"), "{}", out.stderr);
}

#[test]
fn a_text_with_no_piece_and_no_side_to_move_is_warned_about() {
    let out = polyfen(&["convert", "--to", "json", "//"], "");
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains("\"board\":{}"), "{out:?}");
    assert!(
        out.stderr.contains(
            "polyfen: input 1: warning: \"//\" names no piece and no side to move: it was read as an empty xiangqi board (xiangqi-legacy) with red to move"
        ),
        "{}",
        out.stderr
    );
    let out = polyfen(&["convert", "--to", "xiangqi-fen", "9/9/9/9/9/9/9/9/9/9"], "");
    assert!(out.stderr.contains("names no piece and no side to move"), "{}", out.stderr);
    // a side to move, or a piece, and there is nothing to warn about
    for input in ["9/9/9/9/9/9/9/9/9/9 w", "4k4/9/9/9/9/9/9/9/9/4K4"] {
        let out = polyfen(&["convert", "--to", "xiangqi-fen", input], "");
        assert!(!out.stderr.contains("no side to move"), "{input}: {}", out.stderr);
    }
}

#[test]
fn an_error_quotes_only_an_excerpt_of_a_huge_field() {
    for input in [
        format!("k7/8/8/8/8/8/8/7K w - - 0 {}", "9".repeat(1 << 20)),
        format!("k7/8/8/8/8/8/8/7K w - {} 0 1", "e".repeat(1 << 20)),
        format!("k7/8/8/8/8/8/8/7K w - - 0 1 {}", "x".repeat(1 << 20)),
    ] {
        let out = polyfen(&["convert", "--to", "fen"], &format!("{input}\n"));
        assert_eq!(out.code, 1);
        assert!(out.stderr.len() < 600, "{} bytes: {}", out.stderr.len(), &out.stderr[..200.min(out.stderr.len())]);
        assert!(out.stderr.starts_with("polyfen: input 1: column "), "{}", &out.stderr[..80.min(out.stderr.len())]);
    }
}

#[test]
fn move_reads_standard_input_as_it_plays() {
    use std::io::Write as _;
    // 64 MB of moves after a bad first one: the error comes at once, and
    // the command stops reading (the writer sees the pipe close)
    let mut child = common::spawn(&["move", "--position", "chess:standard", "--to", "uci"]);
    let mut input = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let chunk = "e4 e5 ".repeat(10_000);
        let mut written = 0usize;
        if input.write_all(b"1. e5 ").is_err() {
            return written;
        }
        while written < 64 << 20 {
            if input.write_all(chunk.as_bytes()).is_err() {
                break;
            }
            written += chunk.len();
        }
        written
    });
    let output = child.wait_with_output().expect("polyfen finishes");
    let written = writer.join().expect("the writer");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("polyfen: move 1 (e5): column 1: "), "{stderr}");
    assert!(written < 64 << 20, "all {written} bytes were read before the error");
}

#[test]
fn help_lists_every_command_and_the_values_of_each_option() {
    let help = polyfen(&["--help"], "");
    for command in [
        "convert", "validate", "render", "setup", "moves", "move", "apply", "perft", "status", "laser", "explain",
        "games", "serve",
    ] {
        assert!(help.stdout.contains(&format!("\n  {command} ")), "{command}: {}", help.stdout);
    }
    assert!(polyfen(&["render", "--help"], "").stdout.contains("ascii, unicode or svg"));
    let move_help = polyfen(&["move", "--help"], "").stdout;
    // each game's notations, listed from the facade: every game, Shogi too
    assert!(move_help.contains("chess: uci, san, lan") && move_help.contains("wxf-fsf"), "{move_help}");
    assert!(move_help.contains("shogi: usi, csa, kif, ki2, western, uci-fsf"), "{move_help}");
    let apply_help = polyfen(&["apply", "--help"], "").stdout;
    assert!(apply_help.contains("chess: fen, shredder-fen, epd") && apply_help.contains("csa-board"), "{apply_help}");
    let games_help = polyfen(&["games", "convert", "--help"], "").stdout;
    // the record formats, listed from the facade: those written after --to,
    // all of them after --from-format and FILE
    assert!(games_help.contains("shogi: usi"), "{games_help}");
    let to = games_help.split("--to <FORMAT>").nth(1).and_then(|h| h.split("\n      --").next()).expect("--to");
    assert!(to.contains("xiangqi: xqf, dhtmlxq; shogi: kif, ki2, csa, usi, jkf"), "{to}");
    for command in ["convert", "validate", "positions", "lines", "stats"] {
        let help = polyfen(&["games", command, "--help"], "").stdout;
        for option in ["--from-format <FORMAT>", "  [FILE]...  "] {
            let text = help.split(option).nth(1).and_then(|h| h.split("\n  ").next()).expect(option);
            assert!(
                text.contains(
                    "pgn (every game's); xiangqi: xqf, cbr, cbl, dhtmlxq, cbf; shogi: kif, ki2, csa, usi, jkf"
                ),
                "games {command} {option}: {text}"
            );
        }
    }
    assert!(polyfen(&["--help"], "").stdout.contains("Shogi"));
}

#[test]
fn standard_input_lines_cut_by_the_read_buffer_are_read_whole() {
    // about 600 KB: lines cross the 256 KiB read buffer's ends; CRLF line
    // ends, and no newline after the last line
    let good = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let mut input = String::new();
    let lines = 20_000;
    for n in 1..=lines {
        let line = if n % 4999 == 0 { "8/8/8 w - - 0 1" } else { good };
        input.push_str(line);
        if n < lines {
            input.push_str("\r\n");
        }
    }
    let out = polyfen(&["convert", "--to", "fen", "--jobs", "1"], &input);
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout.lines().count(), lines - 4, "{}", &out.stderr);
    assert!(out.stdout.lines().all(|line| line == good));
    let numbers: Vec<&str> = out.stderr.lines().map(|line| line.split(':').nth(1).unwrap_or_default().trim()).collect();
    assert_eq!(numbers, ["input 4999", "input 9998", "input 14997", "input 19996"], "{}", out.stderr);
}

/// `polyfen schema` prints the position schema filled with every game,
/// `polyfen schema game` the game record's.
#[test]
fn schema_prints_the_filled_json_schemas() {
    for (args, schema) in
        [(&["schema"][..], polyfen::schema::position()), (&["schema", "game"][..], polyfen::schema::game())]
    {
        let text = common::ok(args);
        let printed: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert_eq!(printed, schema, "{args:?}");
    }
    let printed: serde_json::Value = serde_json::from_str(&common::ok(&["schema", "position"])).unwrap();
    assert!(printed["$defs"]["shogi"]["properties"]["hands"].is_object());
    let bad = polyfen(&["schema", "pgn"], "");
    assert_eq!(bad.code, 2);
}
