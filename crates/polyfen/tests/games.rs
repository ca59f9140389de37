//! Game records: the PGN reader and writer for chess, Xiangqi and Khet,
//! against python-chess's and cchess's readings of real files, round trips
//! of random games, messy and hostile input.

use std::io::Read;

use polyfen::records::pgn::{Flow, Here, PgnError, PgnReader, Visitor};
use polyfen::records::{Game, GameJson, GameOptions, Games, Node, RecordFormat, Variation, commands, decode, read_pgn};
use polyfen::{AnyPosition, MoveNotation, Position, ReadOptions, RuleOptions, VariantId, read};
use polyfen_test_support::Corpus;
use proptest::prelude::*;

/// Files of the public corpus: the tests that read them are skipped
/// without it.
const LICHESS: Corpus = Corpus::new("pgn/lichess_db_1000k.pgn");
const LICHESS_EXPECTED: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/games/lichess_python_chess.jsonl");
const CCHESS: Corpus = Corpus::new("xiangqi-records/cchess-tests");

fn games(text: &str) -> Vec<Game> {
    read_pgn(text, GameOptions::default()).into_iter().map(|g| g.expect("a good game")).collect()
}

fn one(text: &str) -> Game {
    let mut all = games(text);
    assert_eq!(all.len(), 1, "one game in {text:?}");
    all.remove(0)
}

fn pgn(game: &Game, notation: Option<MoveNotation>) -> String {
    let mut out = String::new();
    game.write_pgn(notation, &mut out).expect("writable");
    out
}

#[test]
fn every_lichess_game_matches_python_chess() {
    let Some(_) = LICHESS.get() else { return };
    let text = std::fs::read_to_string(LICHESS.path()).expect("the lichess sample");
    let expected = std::fs::read_to_string(LICHESS_EXPECTED).expect("python-chess's readings");
    let games = games(&text);
    let expected: Vec<serde_json::Value> =
        expected.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(games.len(), 438);
    assert_eq!(games.len(), expected.len());
    for (game, want) in games.iter().zip(&expected) {
        let site = game.tag("Site").unwrap_or_default();
        assert_eq!(site, want["site"].as_str().unwrap_or_default());
        let uci = game.main_line(Some(MoveNotation::Uci)).expect("replayable");
        assert_eq!(uci.moves.join(" "), want["uci"].as_str().unwrap_or_default(), "{site} uci");
        let san = game.main_line(Some(MoveNotation::San)).expect("replayable");
        assert_eq!(san.moves.join(" "), want["san"].as_str().unwrap_or_default(), "{site} san");
        let end = game.end().expect("replayable");
        let fen = end.to_notation(polyfen::Notation::Fen, &polyfen::WriteOptions::default()).expect("fen").text;
        // python-chess writes the en passant square only when a capture is legal
        let legal_ep = end
            .to_notation(
                polyfen::Notation::Fen,
                &polyfen::WriteOptions::default().with_en_passant(polyfen::EnPassantPolicy::Legal),
            )
            .expect("fen")
            .text;
        assert_eq!(legal_ep, want["fen"].as_str().unwrap_or_default(), "{site} final position (as read: {fen})");
        assert!(game.repairs.is_empty(), "{site}: {:?}", game.repairs);
        // clocks are kept byte for byte and readable
        if let Some(first) = game.moves.first() {
            let clock = &first.comments[0];
            assert!(commands(clock).any(|c| c.name == "clk" && c.duration().is_some()), "{clock}");
        }
    }
}

#[test]
fn lichess_games_write_and_read_back_in_every_chess_notation() {
    let Some(_) = LICHESS.get() else { return };
    let text = std::fs::read_to_string(LICHESS.path()).expect("the lichess sample");
    for game in games(&text).iter().take(60) {
        for notation in [MoveNotation::San, MoveNotation::Lan, MoveNotation::Uci] {
            let written = pgn(game, Some(notation));
            let back = one(&written);
            assert_eq!(back.moves, game.moves, "{notation}");
            assert_eq!(back.result, game.result);
            assert!(written.lines().all(|l| l.chars().count() <= 80 || !l.contains(' ')), "{written}");
            // LAN and UCI in a SAN file are read, and said
            assert_eq!(back.repairs.is_empty(), notation == MoveNotation::San, "{notation}");
        }
    }
}

/// (file, plies of the main line, its first three and last moves in ICCS
/// coordinates as cchess 1.25.5 reads them, from the file converted to UTF-8).
const CCHESS_READINGS: [(&str, usize, [&str; 3], &str); 4] = [
    ("endgame_test.pgn", 25, ["e5d7", "c8d8", "f7f8"], "d6f7"),
    ("test.pgn", 25, ["h2e2", "b9c7", "h0g2"], "e2e5"),
    ("test2.pgn", 102, ["c0e2", "b7e7", "c3c4"], "b7b6"),
    ("中炮对列炮黑先平士角炮.pgn", 23, ["h2e2", "b7e7", "h0g2"], "a2b0"),
];

#[test]
fn xiangqi_pgn_files_in_gb18030_read_as_cchess_reads_them() {
    let Some(_) = CCHESS.get() else { return };
    for (file, plies, first, last) in CCHESS_READINGS {
        let bytes = std::fs::read(format!("{CCHESS}/{file}")).expect("the cchess test file");
        let (mut reader, encoding) = decode(bytes.as_slice(), None).expect("decodable");
        assert_eq!(encoding.name(), "GBK", "{file}");
        let mut text = String::new();
        reader.read_to_string(&mut text).expect("decoded");
        let game = one(&text);
        assert_eq!(game.variant, VariantId::Xiangqi, "{file}");
        let ucci: Vec<&str> = game.moves.iter().map(|n| n.mv.as_str()).collect();
        assert_eq!(ucci.len(), plies, "{file}");
        assert_eq!(&ucci[..3], &first, "{file}");
        assert_eq!(ucci.last().copied(), Some(last), "{file}");
        // and the same through the Games iterator over the raw bytes
        let (reader, _) = decode(bytes.as_slice(), None).expect("decodable");
        let streamed: Vec<Game> = Games::new(reader, GameOptions::default()).map(|g| g.unwrap().unwrap()).collect();
        assert_eq!(streamed, vec![game.clone()]);
        // every Xiangqi notation writes and reads back
        for notation in VariantId::Xiangqi.move_notations() {
            let back = one(&pgn(&game, Some(*notation)));
            assert_eq!(back.moves, game.moves, "{file} in {notation}");
        }
    }
}

#[test]
fn xiangqi_text_after_a_game_is_skipped_and_said() {
    let Some(_) = CCHESS.get() else { return };
    let bytes = std::fs::read(format!("{CCHESS}/test.pgn")).expect("the cchess test file");
    let (mut reader, _) = decode(bytes.as_slice(), None).expect("decodable");
    let mut text = String::new();
    reader.read_to_string(&mut text).expect("decoded");
    let game = one(&text);
    let skipped: Vec<&str> = game.repairs.iter().map(|r| r.message.as_str()).collect();
    assert!(skipped.iter().any(|m| m.contains("=====")), "{skipped:?}");
    assert!(skipped.iter().any(|m| m.contains("xqbase")), "{skipped:?}");
}

#[test]
fn chess960_games_castle_from_their_fen() {
    let text = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n\n1. O-O g6 2. d4 *\n";
    let game = one(text);
    assert_eq!(game.moves[0].mv, "f1g1", "king takes rook in Chess960 UCI");
    assert_eq!(game.main_line(Some(MoveNotation::San)).unwrap().moves, ["O-O", "g6", "d4"]);
    for old in ["Fischerandom", "chess 960"] {
        let renamed = text.replace("Chess960", old);
        assert_eq!(one(&renamed).moves, game.moves);
    }
    let written = pgn(&game, None);
    assert!(written.contains("1. O-O g6 2. d4 *"), "{written}");
    assert_eq!(one(&written).moves, game.moves);
}

#[test]
fn chess_writer_puts_the_seven_tag_roster_first() {
    // tags in any order, and one the roster does not have (a tag that
    // repeats a name would start a new game: tests/pgn_boundaries.rs)
    let game = one("[Opening \"x\"]\n[Black \"b\"]\n[Event \"e\"]\n[ECO \"C20\"]\n\n1. e4 1-0");
    let written = pgn(&game, None);
    let tags: Vec<&str> = written.lines().take_while(|l| l.starts_with('[')).collect();
    assert_eq!(
        tags,
        [
            "[Event \"e\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[White \"?\"]",
            "[Black \"b\"]",
            "[Result \"1-0\"]",
            "[Opening \"x\"]",
            "[ECO \"C20\"]",
        ]
    );
}

#[test]
fn khet_games_from_named_setups_and_pkn() {
    let game = one("[Variant \"Khet\"]\n[Setup \"classic\"]\n\n1. c1c2 e8e7 2. d6+ *\n");
    assert_eq!(game.variant, VariantId::Khet);
    assert_eq!(game.moves.iter().map(|n| n.mv.as_str()).collect::<Vec<_>>(), ["c1c2", "e8e7", "d6+"]);
    let written = pgn(&game, None);
    assert!(written.contains("1. c1c2 e8e7 2. d6+ *"), "{written}");
    let pkn = polyfen::VariantId::Khet.setup("imhotep").expect("a setup");
    let from_fen = one(&format!("[Variant \"Khet\"]\n[FEN \"{pkn}\"]\n\n*\n"));
    let named = one("[Variant \"Khet\"]\n[Setup \"imhotep\"]\n\n*\n");
    assert_eq!(from_fen.start, named.start);
    let bad = &read_pgn("[Variant \"Khet\"]\n[Setup \"nope\"]\n\n1. c1c2 *\n", GameOptions::default())[0];
    let error = bad.as_ref().expect_err("an unknown setup");
    assert!(error.error.message.contains("classic"), "{}", error.error);
}

#[test]
fn comments_nags_and_variations_are_kept() {
    let text = "{start} 1. e4!? {good} $14 (1. d4 {queen} d5 (1... Nf6 2. c4) 2. c4) 1... e5 2. Nf3 ?! *";
    let game = one(text);
    assert_eq!(game.comments, ["start"]);
    let e4 = &game.moves[0];
    assert_eq!(e4.mv, "e2e4");
    assert_eq!(e4.nags, [5, 14]);
    assert_eq!(e4.comments, ["good"]);
    let d4 = &e4.variations[0];
    assert_eq!(d4.moves[0].mv, "d2d4");
    assert_eq!(d4.moves[0].comments, ["queen"]);
    assert_eq!(d4.moves[1].variations[0].moves[0].mv, "g8f6");
    assert_eq!(game.moves[2].nags, [6]);
    let lines = game.lines(Some(MoveNotation::San)).unwrap();
    let lines: Vec<String> = lines.iter().map(|l| l.join(" ")).collect();
    assert_eq!(lines, ["e4 e5 Nf3", "d4 d5 c4", "d4 Nf6 c4"]);
    let written = pgn(&game, None);
    let movetext = written.replace('\n', " ");
    assert!(
        movetext
            .contains("{start} 1. e4 $5 $14 {good} (1. d4 {queen} 1... d5 (1... Nf6 2. c4) 2. c4) 1... e5 2. Nf3 $6 *"),
        "{written}"
    );
    assert_eq!(one(&written).moves, game.moves);
}

#[test]
fn comment_commands_read_as_values() {
    let found: Vec<_> = commands("[%eval #-3] [%clk 1:02:03.5] [%emt 0:00:07] [%csl Ga4]").collect();
    assert_eq!(found.len(), 4);
    assert_eq!(found[0].eval(), Some(polyfen::records::Eval::Mate(-3)));
    assert_eq!(found[1].duration(), Some(std::time::Duration::from_millis(3_723_500)));
    assert_eq!(found[2].duration(), Some(std::time::Duration::from_secs(7)));
    assert_eq!(found[3].value, "Ga4");
}

#[test]
fn messy_files_read_with_every_repair_said() {
    let text = "\u{feff}% an escape line\r\n[Event \"a\"]\r\n[Site no quotes]\r\n\r\n1. 0-0?? ; rest of line\r\n";
    let results = read_pgn(text, GameOptions::default());
    let bad = results[0].as_ref().expect_err("0-0 is not legal at the start");
    assert_eq!(bad.error.at.line, 5);
    assert!(bad.error.message.starts_with("move 1. 0-0"), "{}", bad.error);
    assert!(bad.repairs.iter().any(|r| r.message.contains("without quotes")));

    let text = "[White \"x\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#\n\n[White \"y\"]\n\n1. d4 d5 2. c2c4 e7-e6 *\n\nsome words\n";
    let games = games(text);
    assert_eq!(games.len(), 2);
    let said = |g: &Game| g.repairs.iter().map(|r| r.message.clone()).collect::<Vec<_>>();
    assert!(said(&games[0]).iter().any(|m| m.contains("no result")), "{:?}", said(&games[0]));
    assert!(said(&games[1]).iter().any(|m| m.contains("some words")), "{:?}", said(&games[1]));
    assert_eq!(games[0].main_line(None).unwrap().status, polyfen::GameStatus::Checkmate);
    assert_eq!(said(&games[1]).len(), 3, "{:?}", said(&games[1]));
    assert!(said(&games[1])[0].contains("UCI move 'c2c4'"));
    let promotion = one("[FEN \"8/4P3/8/8/8/8/k7/7K w - - 0 1\"]\n\n1. e8Q *");
    assert_eq!(promotion.moves[0].mv, "e7e8q");
    assert!(promotion.repairs.is_empty());
}

#[test]
fn non_standard_moves_are_errors_unless_read_leniently_and_then_repairs() {
    // a capture written as a push, in chess, WXF naming the front soldier
    // with a plain file, and an uppercase Khet square
    let cases = [
        (
            "[FEN \"2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13\"]\n\n13... c4 *\n",
            "d5c4",
            "read 'c4' as 'dxc4'",
        ),
        (
            "[Game \"Chinese Chess\"]\n[FEN \"3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1\"]\n\n1. P5+1 *\n",
            "e7e8",
            "read 'P5+1' as",
        ),
        ("[Variant \"Khet\"]\n[Setup \"classic\"]\n\n1. C1+ *\n", "c1+", "read 'C1+' as 'c1+'"),
    ];
    for (text, coordinates, said) in cases {
        let strict = read_pgn(text, GameOptions::default());
        let bad = strict[0].as_ref().expect_err("strictly an error");
        assert_eq!((bad.error.at.line, bad.game), (text.lines().count() as u64, 1), "{}", bad.error);
        let lenient = read_pgn(text, GameOptions::default().with_lenient(true));
        let game = lenient[0].as_ref().expect("leniently a game");
        assert_eq!(game.moves[0].mv, coordinates);
        let messages: Vec<&str> = game.repairs.iter().map(|r| r.message.as_str()).collect();
        assert!(messages.iter().any(|m| m.starts_with(said)), "{messages:?}");
        assert_eq!(game.repairs[0].at.line, text.lines().count() as u64);
    }
}

#[test]
fn a_bad_game_is_reported_where_it_is_and_the_next_is_read() {
    let text = "[Event \"1\"]\n\n1. e4 e5 (1... c5 2. Ke3) 2. Nf3 *\n\n[Event \"2\"]\n\n1. d4 (1. e4 (1. c4) *\n\n[Event \"3\"]\n\n1. e4 {open *\n";
    let games = read_pgn(text, GameOptions::default());
    assert_eq!(games.len(), 3);
    let first = games[0].as_ref().expect_err("Ke3 is not legal");
    assert_eq!((first.game, first.error.at.line, first.error.at.column), (1, 3, 22));
    assert!(first.error.message.starts_with("move 2. Ke3:"), "{}", first.error);
    // unclosed variations are closed where the game ends, with a repair
    let second = games[1].as_ref().expect("unclosed variations, closed");
    assert_eq!(second.repairs.len(), 1, "{:?}", second.repairs);
    assert!(second.repairs[0].message.contains("closed 1 unclosed variation"), "{:?}", second.repairs);
    let third = games[2].as_ref().expect_err("an unclosed comment");
    assert!(third.error.message.contains("not closed"), "{}", third.error);
    let text = "1. e4 Ke3 e5 *\n\n1. d4 *\n";
    let games = read_pgn(text, GameOptions::default());
    assert!(games[0].as_ref().unwrap_err().error.message.contains("Ke3"));
    assert!(games[1].is_ok());
}

/// What the reader makes of a text, game by game, in words (no rules).
fn read_events(text: &str) -> Vec<Vec<String>> {
    events(PgnReader::new(text.as_bytes()))
}

fn repairs_said(game: &Game) -> Vec<String> {
    game.repairs.iter().map(ToString::to_string).collect()
}

#[test]
fn blank_lines_between_tags_keep_one_game() {
    // as ChessBase writes them
    let text =
        "[Event \"E\"]\n\n[Date \"2020.01.02\"]\r\n\r\n[White \"a\"]\n\n1. e4 e5 *\n\n[Event \"F\"]\n\n1. d4 *\n";
    let games = games(text);
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].tags,
        [("Event", "E"), ("Date", "2020.01.02"), ("White", "a")].map(|(n, v)| (n.to_owned(), v.to_owned()))
    );
    assert_eq!(games[0].moves.len(), 2);
    assert!(games[0].repairs.is_empty(), "{:?}", games[0].repairs);
    assert_eq!(games[1].tag("Event"), Some("F"));
}

#[test]
fn a_move_number_back_at_1_after_a_blank_line_starts_a_new_game() {
    let text = "1. d4 Nf6\n\n1. c4 e6\n";
    let games = games(text);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].main_line(Some(MoveNotation::San)).unwrap().moves, ["d4", "Nf6"]);
    assert_eq!(games[1].main_line(Some(MoveNotation::San)).unwrap().moves, ["c4", "e6"]);
    // the missing result, a repair of each game
    assert_eq!(
        repairs_said(&games[0]),
        ["line 3, column 1: the game has no result; read as '*' (a new game starts at move 1 after a blank line)"]
    );
    assert_eq!(repairs_said(&games[1]), ["line 4, column 1: the game has no result; read as '*'"]);
    assert_eq!((games[0].result_text(), games[1].result_text()), ("*", "*"));

    // with tags, CRLF lines, a blank line made of spaces, and `1.d4` written close
    let text = "[Event \"x\"]\r\n\r\n1. e4 e5 2. Nf3\r\n  \r\n1.d4 d5 *\n";
    let two = self::games(text);
    assert_eq!(two.len(), 2);
    assert_eq!(two[0].tag("Event"), Some("x"));
    assert_eq!(two[1].moves[0].mv, "d2d4");

    // a game whose first move is bad does not swallow the next
    let results = read_pgn("1. d4 Ke3\n\n1. c4 e6 *\n", GameOptions::default());
    assert_eq!(results.len(), 2);
    assert!(results[0].as_ref().unwrap_err().error.message.contains("Ke3"));
    assert_eq!(results[1].as_ref().expect("the next game").moves.len(), 2);
}

#[test]
fn blank_lines_inside_a_game_keep_it_whole() {
    // a later move number, black's `1...`, in a variation, in a comment,
    // before any move
    for text in [
        "1. e4 e5\n\n2. Nf3 Nc6 *\n",
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4\n\n1... e5 *\n",
        "1. e4 {a comment\n\n1. d4 is fine too} 1... e5 *\n",
        "{before the moves}\n\n1. e4 e5 *\n",
        "1. e4 e5 2. Nf3 ; to the end of the line\n\n2... Nc6 *\n",
    ] {
        let game = one(text);
        assert_eq!(game.result_text(), "*", "{text:?}");
        assert!(game.repairs.is_empty(), "{text:?}: {:?}", game.repairs);
    }
    // inside a variation (the reader alone: no rules to break)
    let read = read_events("1. e4 (1. d4 d5\n\n1. c4) e5 *\n\n1. f4 (1. b3\n\n1. b4 (1. g3\n\n1. g4)) *\n");
    assert_eq!(read.len(), 2, "{read:?}");
    assert!(read.iter().flatten().all(|e| !e.starts_with("repair")), "{read:?}");
}

#[test]
fn unbalanced_variations_are_read_with_a_repair() {
    // a `)` that closes no variation is dropped
    let game = one("1. e4 (1. d4))) *\n");
    assert_eq!(game.main_line(Some(MoveNotation::San)).unwrap().moves, ["e4"]);
    assert_eq!(game.moves[0].variations.len(), 1);
    assert_eq!(game.moves[0].variations[0].moves[0].mv, "d2d4");
    assert_eq!(game.result_text(), "*");
    assert_eq!(
        repairs_said(&game),
        [
            "line 1, column 14: ignored ')' that closes no variation",
            "line 1, column 15: ignored ')' that closes no variation"
        ]
    );
    // a `(` before any move opens nothing
    let game = one("((( 1. c4 *\n");
    assert_eq!(game.main_line(Some(MoveNotation::San)).unwrap().moves, ["c4"]);
    assert_eq!(game.result_text(), "*");
    assert_eq!(
        repairs_said(&game),
        (1..=3).map(|c| format!("line 1, column {c}: ignored '(' before any move")).collect::<Vec<_>>()
    );
    // after text between games, and after tags
    let results = read_pgn("1. e4 1-0\n\n( 1. d4 ) 0-1\n\n[Event \"x\"]\n\n(1. f4 *\n", GameOptions::default());
    assert_eq!(results.len(), 3);
    let second = results[1].as_ref().expect("a game after the first");
    assert_eq!((second.moves[0].mv.as_str(), second.result_text()), ("d2d4", "0-1"));
    assert_eq!(second.repairs.len(), 2, "{:?}", second.repairs);
    let third = results[2].as_ref().expect("a game after the tags");
    assert_eq!((third.moves[0].mv.as_str(), third.repairs.len()), ("f2f4", 1));
    // variations open where the game ends are closed there: at the result,
    // at the next game's tags, at the end of the input
    let results = read_pgn(
        "1. d4 (1. e4 e5 (1... c5 2. Nf3 1-0\n\n1. d4 d5 (1... Nf6\n\n[Event \"3\"]\n\n1. c4 (1. g3 (1. b3",
        GameOptions::default(),
    );
    assert_eq!(results.len(), 3);
    let first = results[0].as_ref().expect("closed at the result");
    assert_eq!(first.main_line(Some(MoveNotation::San)).unwrap().moves, ["d4"]);
    assert_eq!(first.result_text(), "1-0");
    assert_eq!(first.lines(Some(MoveNotation::San)).unwrap()[2], ["e4", "c5", "Nf3"]);
    assert_eq!(repairs_said(first), ["line 1, column 33: closed 2 unclosed variations where the game ends"]);
    let second = results[1].as_ref().expect("closed at the next tags");
    assert_eq!(second.main_line(Some(MoveNotation::San)).unwrap().moves, ["d4", "d5"]);
    assert_eq!(
        repairs_said(second),
        [
            "line 5, column 1: closed 1 unclosed variation where the game ends",
            "line 5, column 1: the game has no result; read as '*'"
        ]
    );
    let third = results[2].as_ref().expect("closed at the end");
    assert_eq!(third.lines(Some(MoveNotation::San)).unwrap(), [vec!["c4"], vec!["g3"], vec!["b3"]]);
    assert_eq!(third.repairs.len(), 2, "{:?}", third.repairs);
    // a visitor that skips variations reads the same games and repairs
    let read = events_skipping_variations("1. d4 (1. e4 (1. c4 *\n\n1. d4 (1. e4\n\n[Event \"3\"]\n\n*\n");
    assert_eq!(
        read,
        [
            vec![
                "san d4",
                "repair line 1, column 21: closed 2 unclosed variations where the game ends",
                "result *",
                "end None"
            ],
            vec![
                "san d4",
                "repair line 5, column 1: closed 1 unclosed variation where the game ends",
                "repair line 5, column 1: the game has no result; read as '*'",
                "end None"
            ],
            vec!["result *", "end None"],
        ]
    );
}

#[test]
fn tag_names_take_every_symbol_character() {
    let text = "[BlackType: \"program\"]\n[White_Elo+ \"1\"]\n[A#=:-9 \"x\"]\n\n1. e4 *\n";
    let game = one(text);
    assert_eq!(
        game.tags,
        [("BlackType:", "program"), ("White_Elo+", "1"), ("A#=:-9", "x")].map(|(n, v)| (n.to_owned(), v.to_owned()))
    );
    assert!(game.repairs.is_empty(), "{:?}", game.repairs);
    let back = one(&pgn(&game, None));
    assert_eq!(back.tag("BlackType:"), Some("program"));
    // other characters still make a bad tag, and only its game is lost
    let results = read_pgn("[Black!Type \"x\"]\n\n1. e4 *\n\n[Event \"y\"]\n\n1. d4 *\n", GameOptions::default());
    assert!(results[0].as_ref().unwrap_err().error.message.contains("a tag with no name"));
    assert!(results[1].is_ok());
}

#[test]
fn a_null_move_is_a_move_not_a_move_number() {
    // `0000` was skipped as a bare move number, and `e5` read as Black's
    let game = one("1. e4 0000 e5 *");
    assert_eq!(game.moves.iter().map(|n| n.mv.as_str()).collect::<Vec<_>>(), ["e2e4", "0000", "e4e5"]);
    assert_eq!(game.repairs.len(), 1, "{:?}", game.repairs);
    assert_eq!(game.repairs[0].message, "read '0000' as the null move '--'");
    assert_eq!(game.repairs[0].at.column, 7);
    assert_eq!(
        game.end().unwrap().to_notation(polyfen::Notation::Fen, &polyfen::WriteOptions::default()).unwrap().text,
        "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
}

#[test]
fn null_moves_read_in_every_form_and_written_in_each_notation() {
    let game = one("1. e4 -- 2. d4 Z0 3. c4 @@@@ 4. Nc3 0000 5. -- e5 *");
    let coordinates: Vec<&str> = game.moves.iter().map(|n| n.mv.as_str()).collect();
    assert_eq!(coordinates, ["e2e4", "0000", "d2d4", "0000", "c2c4", "0000", "b1c3", "0000", "0000", "e7e5"]);
    // `--` is PGN's own; the other forms are said
    let said: Vec<&str> = game.repairs.iter().map(|r| r.message.as_str()).collect();
    assert_eq!(
        said,
        ["read 'Z0' as the null move '--'", "read '@@@@' as the null move '--'", "read '0000' as the null move '--'"]
    );
    assert!(pgn(&game, None).contains("\n1. e4 -- 2. d4 -- 3. c4 -- 4. Nc3 -- 5. -- e5 *\n"), "{}", pgn(&game, None));
    assert!(pgn(&game, Some(MoveNotation::Lan)).contains("1. e2-e4 -- 2. d2-d4 --"));
    assert!(pgn(&game, Some(MoveNotation::Uci)).contains("1. e2e4 0000 2. d2d4 0000"));
    assert_eq!(game.main_line(Some(MoveNotation::Uci)).unwrap().moves[1], "0000");
    // the position after a pass: side to move flipped, en passant cleared,
    // the halfmove clock and the move number counted
    let line = game.main_line(None).unwrap();
    let fen = |p: &AnyPosition| p.to_notation(polyfen::Notation::Fen, &polyfen::WriteOptions::default()).unwrap().text;
    assert_eq!(fen(&line.positions[1]), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
    // read back in every notation, and through JSON
    for notation in [MoveNotation::San, MoveNotation::Lan, MoveNotation::Uci] {
        assert_eq!(one(&pgn(&game, Some(notation))).moves, game.moves, "{notation}");
    }
    let json = game.to_json(Some(MoveNotation::San)).unwrap();
    assert_eq!(json.mainline[1], "--");
    assert_eq!(json.moves[1].coordinates, "0000");
    let back: GameJson = serde_json::from_str(&serde_json::to_string(&json).unwrap()).unwrap();
    assert_eq!(back.to_game().unwrap().moves, game.moves);
}

#[test]
fn null_move_variations_play_on() {
    // annotators show a threat with a pass: a variation of null moves
    let text = "1. e4 e5 2. Nf3 (2. -- Nc6 3. -- Nf6 (3... d5 4. --)) 2... Nc6 (2... -- 3. Nxe5) 3. Bb5 *";
    let game = one(text);
    let lines = game.lines(Some(MoveNotation::Uci)).unwrap();
    assert_eq!(lines.len(), 4);
    assert!(
        lines.contains(&["e2e4", "e7e5", "0000", "b8c6", "0000", "d7d5", "0000"].map(str::to_owned).to_vec()),
        "{lines:?}"
    );
    assert!(lines.contains(&["e2e4", "e7e5", "g1f3", "0000", "f3e5"].map(str::to_owned).to_vec()), "{lines:?}");
    let written = pgn(&game, None);
    assert!(written.contains(&text.replace(" 3. Bb5", "\n3. Bb5")), "{written}");
    assert_eq!(one(&written).moves, game.moves);
}

#[test]
fn a_null_move_in_check_is_refused() {
    let bad = read_pgn("1. e4 f5 2. Qh5+ -- *", GameOptions::default()).remove(0).unwrap_err();
    assert_eq!(bad.error.message, "move 2... --: a null move while in check");
    assert_eq!((bad.error.at.line, bad.error.at.column), (1, 18));
    let bad = read_pgn("1. e4 f5 2. Qh5+ -- *", GameOptions::default().with_lenient(true)).remove(0).unwrap_err();
    assert!(bad.error.message.ends_with("a null move while in check"));
}

#[test]
fn null_moves_of_xiangqi_and_khet() {
    // Xiangqi: `0000` in UCCI and uci-1; ICCS, WXF and Chinese have none
    let game = one("[Game \"Chinese Chess\"]\n\n1. H2-E2 -- 2. 0000 H9-G7 *");
    assert_eq!(game.moves.iter().map(|n| n.mv.as_str()).collect::<Vec<_>>(), ["h2e2", "0000", "0000", "h9g7"]);
    assert!(pgn(&game, Some(MoveNotation::Ucci)).contains("1. h2e2 0000 2. 0000 h9g7 *"));
    assert_eq!(one(&pgn(&game, Some(MoveNotation::Ucci))).moves, game.moves);
    assert_eq!(one(&pgn(&game, Some(MoveNotation::Uci1))).moves, game.moves);
    for notation in [MoveNotation::Iccs, MoveNotation::Wxf, MoveNotation::Chinese] {
        let error = game.write_pgn(Some(notation), &mut String::new()).unwrap_err();
        assert_eq!(error.to_string(), format!("move 2: {notation} cannot write a null move"));
    }
    // in check, no pass: the chariot checks along the last rank
    let text = "[Game \"Chinese Chess\"]\n[FEN \"3k5/9/9/9/9/9/9/9/9/4K3R w\"]\n\n1. I0-I9 -- *";
    let bad = read_pgn(text, GameOptions::default()).remove(0);
    assert!(bad.unwrap_err().error.message.ends_with("a null move while in check"));
    // Khet: its notation writes `0000`; nothing moves, no laser fires
    let game = one("[Variant \"Khet\"]\n\n1. -- 0000 2. c1c2 *");
    assert_eq!(game.moves.iter().map(|n| n.mv.as_str()).collect::<Vec<_>>(), ["0000", "0000", "c1c2"]);
    assert_eq!(game.repairs[0].message, "read '--' as the null move '0000'");
    let written = pgn(&game, None);
    assert!(written.contains("1. 0000 0000 2. c1c2 *"), "{written}");
    assert_eq!(one(&written).moves, game.moves);
    let line = game.main_line(None).unwrap();
    assert_eq!(line.positions[0], polyfen::records::play_null(&game.start).unwrap());
    assert_eq!(line.positions[1], polyfen::records::play_null(&line.positions[0]).unwrap());
}

#[test]
fn a_bad_move_keeps_its_game() {
    let text = "[Event \"e\"]\n[White \"w\"]\n\n{start} 1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 {good} 3. Nf5 {what}\nNf6 (3... a6) 4. Bc4 1-0\n\n1. d4 *\n";
    let results = read_pgn(text, GameOptions::default());
    assert_eq!(results.len(), 2);
    let bad = results[0].as_ref().unwrap_err();
    // the error as before: the first bad move, with its line and column
    assert_eq!(
        bad.error.message,
        "move 3. Nf5: Nf5 is not a legal move (candidates: Na3, Nc3, Ng1, Nd4, Nh4, Nxe5, Ng5)"
    );
    assert_eq!((bad.error.at.line, bad.error.at.column), (4, 57));
    let partial = bad.partial.as_deref().expect("the game up to the bad move");
    assert_eq!(partial.tags, bad.tags);
    assert_eq!(partial.comments, ["start"]);
    let expected = one("{start} 1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 {good} *");
    assert_eq!(partial.moves, expected.moves);
    assert_eq!(partial.unplayed.as_deref(), Some("Nf5 {what}\nNf6 (3... a6) 4. Bc4"));
    assert_eq!(partial.result.as_deref(), Some("1-0"));
    // written back, nothing is lost: the rest is a comment after the last move
    let written = pgn(partial, None);
    // (the rest holds a '}', so it is a ';' comment, its line break a space)
    assert!(
        written.ends_with(
            "\n\n{start} 1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 {good}\n;Nf5 {what} Nf6 (3... a6) 4. Bc4\n1-0\n\n"
        ),
        "{written}"
    );
    let again = one(&written);
    assert_eq!(again.moves.last().unwrap().comments, ["good", "Nf5 {what} Nf6 (3... a6) 4. Bc4"]);
    // without a brace, a comment in braces
    let king = read_pgn("1. e4 e5 2. Ke3 Nf6 *", GameOptions::default()).remove(0).unwrap_err();
    assert!(pgn(&king.partial.unwrap(), None).ends_with("\n1. e4 e5 {Ke3 Nf6} *\n\n"));
    let json = partial.to_json(None).unwrap();
    assert_eq!(json.unplayed.as_deref(), Some("Nf5 {what}\nNf6 (3... a6) 4. Bc4"));
    assert_eq!(json.to_game().unwrap().unplayed, partial.unplayed);
    assert!(results[1].is_ok());
    // only checking: the error, no partial game
    let checked = read_pgn(text, GameOptions::default().with_check_only(true));
    let bad_checked = checked[0].as_ref().unwrap_err();
    assert_eq!(bad_checked.error, bad.error);
    assert!(bad_checked.partial.is_none());
}

#[test]
fn a_bad_move_in_a_variation_keeps_the_lines_before_it() {
    let text = "1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5 3. exd5) 3. Qh9 Nf6) 2... Nc6 *";
    let bad = read_pgn(text, GameOptions::default()).remove(0).unwrap_err();
    assert!(bad.error.message.starts_with("move 3. Qh9:"), "{}", bad.error);
    let partial = bad.partial.expect("partial");
    // the variation begun before the bad move is closed there
    assert_eq!(partial.moves, one("1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5 3. exd5)) *").moves);
    assert_eq!(partial.unplayed.as_deref(), Some("Qh9 Nf6) 2... Nc6"));
    assert_eq!(partial.result.as_deref(), Some("*"));
    // a bad first move of a variation leaves no empty variation
    let bad = read_pgn("1. e4 e5 (1... e4) 2. Nf3 *", GameOptions::default()).remove(0).unwrap_err();
    let partial = bad.partial.expect("partial");
    assert_eq!(partial.moves, one("1. e4 e5 *").moves);
    assert_eq!(partial.unplayed.as_deref(), Some("e4) 2. Nf3"));
    // an error of the movetext's grammar keeps the game the same way
    let bad = read_pgn("1. e4 e5 2. Nf3 } Nc6 *", GameOptions::default()).remove(0).unwrap_err();
    let partial = bad.partial.expect("partial");
    assert_eq!(partial.moves.len(), 3);
    assert_eq!(partial.unplayed.as_deref(), Some("} Nc6"));
    // an error before the movetext has no game to keep
    let bad = read_pgn("[Variant \"Makruk\"]\n\n1. e4 *", GameOptions::default()).remove(0).unwrap_err();
    assert!(bad.partial.is_none());
}

#[test]
fn a_huge_comment_is_an_error_and_memory_stays_bounded() {
    // 100 MB of comment, streamed: never held whole
    struct Huge {
        sent: usize,
        total: usize,
        tail: &'static [u8],
        tail_at: usize,
    }
    impl Read for Huge {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let head = b"[Event \"big\"]\n\n1. e4 {";
            if self.sent < head.len() {
                let n = buf.len().min(head.len() - self.sent);
                buf[..n].copy_from_slice(&head[self.sent..self.sent + n]);
                self.sent += n;
                return Ok(n);
            }
            if self.sent < self.total {
                let n = buf.len().min(self.total - self.sent);
                buf[..n].fill(b'x');
                self.sent += n;
                return Ok(n);
            }
            let n = buf.len().min(self.tail.len() - self.tail_at);
            buf[..n].copy_from_slice(&self.tail[self.tail_at..self.tail_at + n]);
            self.tail_at += n;
            Ok(n)
        }
    }
    let input = Huge { sent: 0, total: 100 << 20, tail: b"} e5 *\n\n[Event \"next\"]\n\n1. d4 *\n", tail_at: 0 };
    let results: Vec<_> = Games::new(input, GameOptions::default()).map(|g| g.unwrap()).collect();
    assert_eq!(results.len(), 2);
    let error = results[0].as_ref().expect_err("a comment over the limit");
    assert!(error.error.message.contains("comment longer than"), "{}", error.error);
    assert_eq!(results[1].as_ref().expect("the next game").moves[0].mv, "d2d4");
}

#[test]
fn a_million_empty_games() {
    let text = "*\n".repeat(1_000_000);
    let mut count = 0;
    for game in Games::new(text.as_bytes(), GameOptions::default()) {
        let game = game.unwrap().expect("an empty game");
        assert!(game.moves.is_empty());
        count += 1;
    }
    assert_eq!(count, 1_000_000);
}

#[test]
fn encodings_are_detected_or_named() {
    let text = "[Game \"Chinese Chess\"]\n[Red \"紅方\"]\n\n1. 炮二平五 馬８進７ *\n";
    for name in ["big5", "gb18030"] {
        let encoding = polyfen::records::encoding_for(name).expect("known");
        let (bytes, _, _) = encoding.encode(text);
        let (mut reader, _) = decode(&bytes[..], Some(encoding)).expect("decodable");
        let mut decoded = String::new();
        reader.read_to_string(&mut decoded).expect("decoded");
        let game = one(&decoded);
        assert_eq!(game.tag("Red"), Some("紅方"), "{name}");
        assert_eq!(game.moves[1].mv, "h9g7", "{name}");
    }
    let big5 = polyfen::records::encoding_for("big5").expect("known");
    let long = text.repeat(20);
    let (bytes, _, _) = big5.encode(&long);
    let (_, detected) = decode(&bytes[..], None).expect("decodable");
    assert_eq!(detected, big5);
}

/// A text that ends inside a character (an odd byte of UTF-16) decodes to a
/// replacement character, and reading on after the end answers 0 bytes.
#[test]
fn a_text_cut_inside_a_character_decodes_to_its_end() {
    for bytes in [&b"\xff\xfe\x00"[..], b"\xff\xfe1\x00.\x00 \x00e", b"\xfe\xff\x00"] {
        let (mut reader, _) = decode(bytes, None).expect("decodable");
        let mut decoded = String::new();
        reader.read_to_string(&mut decoded).expect("decoded");
        assert!(decoded.ends_with('\u{fffd}'), "{bytes:?}: {decoded:?}");
        let mut more = [0u8; 16];
        assert_eq!(reader.read(&mut more).expect("read"), 0);
        assert!(polyfen::records::Games::new(bytes, GameOptions::default()).all(|g| g.is_ok()));
    }
}

#[test]
fn json_form_round_trips_and_names_every_part() {
    let game = one("[White \"a\"]\n\n{c} 1. e4 $1 {x} (1. d4 d5) 1... e5 1-0");
    let json = game.to_json(Some(MoveNotation::Lan)).unwrap();
    assert_eq!(json.mainline, ["e2-e4", "e7-e5"]);
    assert_eq!(json.start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(json.end, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    let text = serde_json::to_string(&json).unwrap();
    let back: GameJson = serde_json::from_str(&text).unwrap();
    let game_back = back.to_game().unwrap();
    assert_eq!(game_back.moves, game.moves);
    assert_eq!(game_back.comments, game.comments);
    insta::assert_snapshot!("game_json", serde_json::to_string_pretty(&json).unwrap());
}

#[test]
fn json_keys_are_the_schema_s() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/game.schema.json")).unwrap(),
    )
    .unwrap();
    // a game read up to a bad move: every key
    let bad =
        read_pgn("{c} 1. e4 $1 {x} ({v} 1. d4 d5) 1... e5 2. Ke3 *", GameOptions::default()).remove(0).unwrap_err();
    let game = bad.partial.unwrap();
    let json = serde_json::to_value(game.to_json(None).unwrap()).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    // and the warnings on a game's ending: a Shogi line that repeats a
    // position a fourth time without saying so
    let moves = ["2h3h", "8b7b", "3h2h", "7b8b"].repeat(3).join(" ");
    let shogi = read_pgn(&format!("[Variant \"shogi\"]\n\n{moves} *\n"), GameOptions::default()).remove(0).unwrap();
    // and the rules of a chess variant's game
    let atomic = read_pgn("[Variant \"Atomic\"]\n\n1. e4 d5 *\n", GameOptions::default()).remove(0).unwrap();
    let mut all = keys(&json);
    all.extend(keys(&serde_json::to_value(shogi.to_json(None).unwrap()).unwrap()));
    all.extend(keys(&serde_json::to_value(atomic.to_json(None).unwrap()).unwrap()));
    all.sort();
    all.dedup();
    assert_eq!(all, keys(&schema["properties"]));
    assert_eq!(keys(&json["moves"][0]), keys(&schema["$defs"]["node"]["properties"]));
    let variation = &json["moves"][0]["variations"][0];
    assert_eq!(keys(variation), keys(&schema["$defs"]["variation"]["properties"]));
    let mut required: Vec<String> =
        schema["required"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect();
    required.sort();
    for key in required {
        assert!(json.get(&key).is_some(), "{key}");
    }
}

/// The schema names every game and every move notation the facade has
/// (Shogi's too).
#[test]
fn the_schema_lists_every_game_and_move_notation() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/game.schema.json")).unwrap(),
    )
    .unwrap();
    let listed = |key: &str| -> Vec<String> {
        schema["properties"][key]["enum"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect()
    };
    let games: Vec<String> = <VariantId as strum::IntoEnumIterator>::iter().map(|g| g.to_string()).collect();
    assert_eq!(listed("variant"), games);
    let mut notations: Vec<String> = <VariantId as strum::IntoEnumIterator>::iter()
        .flat_map(|g| g.move_notations().iter().map(ToString::to_string))
        .collect();
    let mut in_schema = listed("notation");
    notations.sort();
    notations.dedup();
    in_schema.sort();
    assert_eq!(in_schema, notations);
}

#[test]
fn pgn_snapshots_of_each_game() {
    let chess = one(
        "[Event \"x\"]\n\n1. e4 {a} e5 (1... c5 2. Nf3 $1) 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1/2-1/2",
    );
    let xiangqi = one("[Game \"Chinese Chess\"]\n\n1. H2-E2 H9-G7 (1... B7-E7 2. H0-G2) 2. H0-G2 I9-H9 3. I0-H0 *");
    let khet = one("[Variant \"Khet\"]\n[Setup \"classic\"]\n\n1. c1c2 {first} e8e7 2. d6+ *");
    let mut all = String::new();
    for notation in VariantId::Chess.move_notations() {
        all.push_str(&pgn(&chess, Some(*notation)));
    }
    for notation in VariantId::Xiangqi.move_notations() {
        all.push_str(&pgn(&xiangqi, Some(*notation)));
    }
    all.push_str(&pgn(&khet, None));
    insta::assert_snapshot!("pgn_every_notation", all);
}

#[test]
fn the_reader_counts_moves_without_building() {
    let Some(_) = LICHESS.get() else { return };
    struct Count(usize, usize);
    impl Visitor for Count {
        type Output = (usize, usize);
        fn begin_game(&mut self, _: u64, _: polyfen::records::pgn::Location) {
            *self = Count(0, 0);
        }
        fn san(&mut self, _: &str, _: &Here<'_>) -> Flow {
            self.0 += 1;
            Flow::Continue
        }
        fn comment(&mut self, _: polyfen::records::pgn::RawText<'_>, _: &Here<'_>) -> Flow {
            self.1 += 1;
            Flow::Continue
        }
        fn begin_variation(&mut self, _: &Here<'_>) -> Flow {
            Flow::Skip
        }
        fn end_game(&mut self, _: Option<PgnError>) -> (usize, usize) {
            (self.0, self.1)
        }
    }
    let text = std::fs::read_to_string(LICHESS.path()).expect("the lichess sample");
    let mut reader = PgnReader::new(text.as_bytes());
    let mut plies = 0;
    while let Some((moves, comments)) = reader.read_game(&mut Count(0, 0)).unwrap() {
        assert_eq!(moves, comments, "one clock comment a move");
        plies += moves;
    }
    assert_eq!(plies, 28538);
    assert_eq!(reader.games(), 438);
}

/// Every event a reader reports, in words.
#[derive(Default)]
struct Events(Vec<String>);

impl Visitor for Events {
    type Output = Vec<String>;
    fn begin_game(&mut self, n: u64, at: polyfen::records::pgn::Location) {
        self.0.push(format!("begin {n} {at}"));
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.0.push(format!("tag {name}={value}"));
    }
    fn san(&mut self, text: &str, here: &Here<'_>) -> Flow {
        self.0.push(format!("san {text} {}", here.location()));
        Flow::Continue
    }
    fn nag(&mut self, nag: u8, here: &Here<'_>) -> Flow {
        self.0.push(format!("nag {nag} {}", here.location()));
        Flow::Continue
    }
    fn comment(&mut self, text: polyfen::records::pgn::RawText<'_>, here: &Here<'_>) -> Flow {
        self.0.push(format!("comment {:?} {}", text.as_bytes(), here.location()));
        Flow::Continue
    }
    fn begin_variation(&mut self, here: &Here<'_>) -> Flow {
        self.0.push(format!("( {}", here.location()));
        Flow::Continue
    }
    fn end_variation(&mut self) {
        self.0.push(")".to_owned());
    }
    fn result(&mut self, text: &str) {
        self.0.push(format!("result {text}"));
    }
    fn repair(&mut self, repair: polyfen::records::pgn::PgnRepair) {
        self.0.push(format!("repair {repair}"));
    }
    fn end_game(&mut self, error: Option<PgnError>) -> Vec<String> {
        self.0.push(format!("end {error:?}"));
        std::mem::take(&mut self.0)
    }
}

fn events<R: Read>(reader: PgnReader<R>) -> Vec<Vec<String>> {
    let mut reader = reader;
    let mut all = Vec::new();
    while let Some(game) = reader.read_game(&mut Events::default()).unwrap() {
        all.push(game);
    }
    all
}

/// The games, results and repairs a reader reports to a visitor that skips
/// every variation.
fn events_skipping_variations(text: &str) -> Vec<Vec<String>> {
    struct Skipping(Vec<String>);
    impl Visitor for Skipping {
        type Output = Vec<String>;
        fn san(&mut self, text: &str, _: &Here<'_>) -> Flow {
            self.0.push(format!("san {text}"));
            Flow::Continue
        }
        fn begin_variation(&mut self, _: &Here<'_>) -> Flow {
            Flow::Skip
        }
        fn result(&mut self, text: &str) {
            self.0.push(format!("result {text}"));
        }
        fn repair(&mut self, repair: polyfen::records::pgn::PgnRepair) {
            self.0.push(format!("repair {repair}"));
        }
        fn end_game(&mut self, error: Option<PgnError>) -> Vec<String> {
            self.0.push(format!("end {error:?}"));
            std::mem::take(&mut self.0)
        }
    }
    let mut reader = PgnReader::new(text.as_bytes());
    let mut all = Vec::new();
    while let Some(game) = reader.read_game(&mut Skipping(Vec::new())).unwrap() {
        all.push(game);
    }
    all
}

/// A reader handing out its bytes a few at a time, so that the PGN reader's
/// buffer moves under every token.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Movetext pieces around the grammar's game boundaries: move numbers
/// back at 1, blank lines, unbalanced parentheses, tags with every symbol
/// character.
fn grammar_piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "1.",
        "1...",
        "1.e4",
        "2.",
        "e4",
        "d5",
        "Nf3",
        "(",
        ")",
        "{c\n\nd}",
        ";c\n",
        "*",
        "1-0",
        "\n",
        "\n\n",
        "\r\n\r\n",
        " \n \t\n",
        "[Event \"x\"]\n",
        "[BlackType: \"y\"]\n",
        "[A#=+-9 \"z\"]",
        "$1",
        "!?",
        "%e\n",
        "x",
    ])
}

#[test]
fn the_fast_lane_reads_the_lichess_sample_as_the_careful_path_does() {
    let Some(_) = LICHESS.get() else { return };
    let text = std::fs::read(LICHESS.path()).expect("the lichess sample");
    let fast = events(PgnReader::new(&text[..200_000]));
    let careful = events(PgnReader::new(&text[..200_000]).careful_only());
    assert_eq!(fast.len(), careful.len());
    assert_eq!(fast, careful);
}

/// A random game of `variant`: a playout from its start with comments,
/// NAGs and variations, and null moves when every notation of the game
/// writes them (chess, Khet).
fn random_game(variant: VariantId, seed: u64) -> Game {
    random_game_with(variant, seed, variant != VariantId::Xiangqi)
}

/// A random game of `variant`, with null moves (here and there, and
/// variations made of them) when `nulls` is set.
fn random_game_with(variant: VariantId, seed: u64, nulls: bool) -> Game {
    let mut rng = polyfen_test_support::Rng::new(seed);
    let mut next = move |n: usize| rng.below(n);
    let name = if variant == VariantId::Khet { "classic" } else { "standard" };
    let start = read(variant.setup(name).unwrap(), None, &ReadOptions::default()).unwrap().position;
    let moves = random_line(&start, 0, nulls, &mut next);
    Game {
        variant,
        tags: vec![("Event".to_owned(), format!("random {seed}"))],
        start,
        comments: Vec::new(),
        moves,
        result: Some("*".to_owned()),
        repairs: Vec::new(),
        unplayed: None,
        warnings: Vec::new(),
    }
}

/// A random line from `pos`, with variations down to depth 2.
fn random_line(pos: &AnyPosition, depth: usize, nulls: bool, next: &mut dyn FnMut(usize) -> usize) -> Vec<Node> {
    let coords = polyfen::records::coordinates(pos.variant());
    let mut pos = pos.clone();
    let mut nodes = Vec::new();
    // some variations are all null moves, as annotators show threats
    let all_null = nulls && depth > 0 && next(3) == 0;
    for _ in 0..=next(12 / (depth + 1)) {
        let Ok(moves) = pos.legal_moves(coords, &RuleOptions::default()) else { break };
        if moves.is_empty() {
            break;
        }
        let before = pos.clone();
        let passed = (nulls && (all_null || next(8) == 0)).then(|| polyfen::records::play_null(&pos).ok()).flatten();
        let mut node = if let Some(after) = passed {
            pos = after;
            Node::new(polyfen::records::NULL_MOVE)
        } else {
            let mv = moves[next(moves.len())].clone();
            pos.play(&mv, coords, &RuleOptions::default()).unwrap();
            Node::new(mv)
        };
        if next(4) == 0 {
            node.nags.push(next(140) as u8);
        }
        if next(4) == 0 {
            node.comments.push(format!(" [%clk 0:0{}:00] note {} ", next(10), next(100)));
        }
        if depth < 2 && next(5) == 0 {
            let moves = random_line(&before, depth + 1, nulls, next);
            let comments = if next(2) == 0 { vec!["alt".to_owned()] } else { Vec::new() };
            node.variations.push(Variation { comments, moves });
        }
        nodes.push(node);
    }
    nodes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn written_games_read_back_the_same(seed in 1u64.., which in 0usize..3) {
        let variant = [VariantId::Chess, VariantId::Xiangqi, VariantId::Khet][which];
        let game = random_game(variant, seed);
        for &notation in variant.move_notations() {
            let written = pgn(&game, Some(notation));
            let back = one(&written);
            prop_assert_eq!(&back.moves, &game.moves, "{}", written);
            prop_assert_eq!(&back.comments, &game.comments);
            prop_assert_eq!(&back.result, &game.result);
            prop_assert_eq!(pgn(&back, Some(notation)), written.clone());
            for line in written.lines() {
                prop_assert!(line.chars().count() <= 80 || line.starts_with('[') || !line.contains(' '), "{}", line);
            }
        }
        let json = game.to_json(None).unwrap();
        let mut line = String::new();
        game.write_json(None, &mut line).unwrap();
        prop_assert_eq!(line, serde_json::to_string(&json).unwrap());
        prop_assert_eq!(json.to_game().unwrap().moves, game.moves.clone());
    }

    #[test]
    fn a_bad_move_keeps_every_move_before_it(seed in 1u64.., which in 0usize..3, cut in 0usize..64) {
        let variant = [VariantId::Chess, VariantId::Xiangqi, VariantId::Khet][which];
        let mut game = random_game(variant, seed);
        game.moves.truncate(cut % (game.moves.len() + 1));
        let written = pgn(&game, None);
        let rest = "Zz9 {after} (1. x) 9. y";
        let text = format!("{}{rest} *\n\n", written.strip_suffix("*\n\n").unwrap());
        let bad = read_pgn(&text, GameOptions::default()).remove(0).unwrap_err();
        prop_assert!(bad.error.message.contains("Zz9"), "{}", bad.error);
        let partial = bad.partial.expect("the game before the bad move");
        prop_assert_eq!(&partial.moves, &game.moves, "{}", text);
        prop_assert_eq!(partial.unplayed.as_deref(), Some(rest));
        prop_assert_eq!(partial.result.as_deref(), Some("*"));
        prop_assert_eq!(&partial.tags, &bad.tags);
    }

    #[test]
    fn xiangqi_games_with_null_moves_read_back_the_same_in_ucci(seed in 1u64..) {
        let game = random_game_with(VariantId::Xiangqi, seed, true);
        for notation in [MoveNotation::Ucci, MoveNotation::Uci1] {
            let written = pgn(&game, Some(notation));
            prop_assert_eq!(&one(&written).moves, &game.moves, "{}", written);
        }
        let json = game.to_json(Some(MoveNotation::Ucci)).unwrap();
        prop_assert_eq!(json.to_game().unwrap().moves, game.moves.clone());
    }

    #[test]
    fn dhtmlxq_round_trips_lines_and_comments(seed in 1u64..) {
        let game = random_game(VariantId::Xiangqi, seed);
        let written = String::from_utf8(RecordFormat::DhtmlXq.write(&game).unwrap()).unwrap();
        let back = RecordFormat::DhtmlXq.read(written.as_bytes()).remove(0).unwrap();
        // a variation of a variation's first move is an alternative at the
        // same point, which DhtmlXQ writes beside the first (the same lines
        // in another order); a variation's leading comment becomes its
        // first move's: lines and comments compare sorted
        let lines = |g: &Game| {
            let mut all = g.lines(None).unwrap();
            all.sort();
            all
        };
        prop_assert_eq!(lines(&back), lines(&game), "{}", written);
        let said = |g: &Game| {
            fn walk(nodes: &[Node], out: &mut Vec<String>) {
                for node in nodes {
                    out.extend(node.comments.iter().flat_map(|c| c.lines().map(|l| l.trim().to_owned())));
                    for v in &node.variations {
                        out.extend(v.comments.iter().map(|c| c.trim().to_owned()));
                        walk(&v.moves, out);
                    }
                }
            }
            let mut out = Vec::new();
            walk(&g.moves, &mut out);
            out.retain(|c| !c.is_empty());
            out.sort();
            out
        };
        prop_assert_eq!(said(&back), said(&game), "{}", written);
        prop_assert_eq!(back.tag("Event"), game.tag("Event"));
    }

    #[test]
    fn dhtmlxq_reading_never_panics(text in "(\\[/?DhtmlXQ(_(movelist|binit|move_[0-9]_[0-9]{1,2}_[0-9]|comment[0-9_]{0,3}|title|fen))?\\]|[0-9]{1,8}|\\|\\||[a-z /\\]\\[])*") {
        let _ = RecordFormat::DhtmlXq.read(text.as_bytes());
    }

    #[test]
    fn the_reader_never_panics_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let (reader, _) = decode(bytes.as_slice(), None).unwrap();
        for game in Games::new(reader, GameOptions::default()).take(1000) {
            let _ = game.unwrap();
        }
    }

    #[test]
    fn the_fast_lane_never_decides_alone(text in "[\\[\\]{}()\";%$!?*. \\n\\r0-9a-hNBRQKOx=+#-]{0,300}") {
        let fast = events(PgnReader::new(text.as_bytes()));
        let careful = events(PgnReader::new(text.as_bytes()).careful_only());
        prop_assert_eq!(fast, careful);
    }

    #[test]
    fn the_fast_lanes_agree_on_text_that_is_not_ascii(pieces in proptest::collection::vec(prop::sample::select(vec![
        &b"e4"[..], b"Nf3", b"1.", b" ", b"\n", b"{c}", "\u{e9}".as_bytes(), "N\u{e9}3".as_bytes(), "\u{2658}f3".as_bytes(),
        b"\xff", b"e\xe9", b"\xc3", b"\xa9", b"\xe2\x99", b"\x98", b"1-0", b"*",
        b"[Event \"", b"\"]", b"[Site \"x\"]\n", "[White \"\u{e9}t\u{e9}\"]\n".as_bytes(), b"[Black \"\xff\"]\n", b"\\",
    ]), 0..120), step in 1usize..9) {
        let bytes = pieces.concat();
        let fast = events(PgnReader::new(bytes.as_slice()));
        let careful = events(PgnReader::new(bytes.as_slice()).careful_only());
        prop_assert_eq!(&fast, &careful, "{:?}", bytes);
        let trickled = events(PgnReader::new(Trickle { data: bytes.as_slice(), step }));
        prop_assert_eq!(&fast, &trickled, "{:?}", bytes);
    }

    #[test]
    fn the_fast_lane_agrees_at_game_boundaries(pieces in proptest::collection::vec(grammar_piece(), 0..40), space in proptest::collection::vec(any::<bool>(), 40), step in 1usize..9) {
        let mut text = String::new();
        for (piece, &spaced) in pieces.iter().zip(&space) {
            text.push_str(piece);
            if spaced {
                text.push(' ');
            }
        }
        let fast = events(PgnReader::new(text.as_bytes()));
        let careful = events(PgnReader::new(text.as_bytes()).careful_only());
        prop_assert_eq!(&fast, &careful, "{:?}", text);
        // the same, read a few bytes at a time
        let trickled = events(PgnReader::new(Trickle { data: text.as_bytes(), step }));
        prop_assert_eq!(&fast, &trickled, "{:?}", text);
        for game in read_pgn(&text, GameOptions::default()) {
            let _ = game;
        }
    }

    #[test]
    fn the_reader_never_panics_on_pgn_like_text(text in "[\\[\\]{}()\";%$!?*. \\n\\r0-9a-hNBRQKOx=+#-]{0,300}") {
        for game in read_pgn(&text, GameOptions::default()) {
            let _ = game;
        }
    }

    #[test]
    fn mutated_real_games_never_panic(at in 0usize..6000, byte in any::<u8>(), cut in 0usize..6000) {
        let Some(_) = LICHESS.get() else { return Ok(()) };
        let text = std::fs::read(LICHESS.path()).unwrap();
        let mut sample = text[..6000].to_vec();
        sample[at] = byte;
        sample.truncate(cut.max(1));
        let (reader, _) = decode(sample.as_slice(), None).unwrap();
        for game in Games::new(reader, GameOptions::default()) {
            let _ = game.unwrap();
        }
    }
}

#[test]
fn xiangqi_text_of_other_tools_reads_leniently_with_each_form_reported() {
    // cchess's traditional script (red's 象 and 士, every cannon 砲) and an
    // older cchess's black moves in Chinese numerals
    let pgn = "[Game \"Chinese Chess\"]\n\n1. 砲二平五 炮八平五 2. 象三進一 馬二進三 3. 士四進五 *\n";
    let strict = read_pgn(pgn, GameOptions::default()).remove(0);
    assert!(strict.is_err());
    let game = read_pgn(pgn, GameOptions::default().with_lenient(true)).remove(0).expect("a game");
    assert_eq!(
        game.lines(Some(MoveNotation::Ucci)).expect("lines"),
        vec![["h2e2", "h7e7", "g0i2", "b9c7", "f0e1"].map(str::to_owned).to_vec()]
    );
    let messages: Vec<&str> = game.repairs.iter().map(|r| r.message.as_str()).collect();
    assert_eq!(messages.len(), 4, "{messages:?}");
    assert!(messages[0].starts_with("read '炮八平五' as '"), "{messages:?}");
    assert!(messages[1].starts_with("read '象三進一' as '"), "{messages:?}");
    assert!(messages[2].starts_with("read '馬二進三' as '"), "{messages:?}");
    assert!(messages[3].starts_with("read '士四進五' as '"), "{messages:?}");
}

#[test]
fn a_reader_of_text_in_memory_then_of_a_stream_reads_as_one_text() {
    // the text in memory ends in the middle of a token: the stream's bytes
    // continue it
    let text = "[Event \"a\"]\n[Site \"x\"]\n\n1. e4 {a comment} e5 2. Nf3 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    let whole = events(PgnReader::new(text.as_bytes()));
    assert_eq!(whole.len(), 2);
    for cut in [0, 5, 16, 30, 50, text.len()] {
        let (head, tail) = text.as_bytes().split_at(cut);
        assert_eq!(events(PgnReader::after_text(head.to_vec(), tail)), whole, "cut at {cut}");
    }
    // the buffer comes back for another reader
    let mut reader = PgnReader::after_text(text.as_bytes().to_vec(), std::io::empty());
    while reader.read_game(&mut Events::default()).expect("read").is_some() {}
    assert_eq!(reader.games(), 2);
    assert!(reader.into_buffer().capacity() >= text.len());
}

#[test]
fn a_chess_variant_s_own_end_is_a_status_of_the_schema() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/game.schema.json")).unwrap(),
    )
    .unwrap();
    let statuses = schema["properties"]["status"]["enum"].as_array().unwrap();
    for (pgn, status) in [
        ("[Variant \"King of the Hill\"]\n[FEN \"4k3/8/8/8/8/4K3/8/8 w - - 0 1\"]\n\n1. Ke4 1-0\n", "king-of-the-hill"),
        ("[Variant \"Three-check\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1\"]\n\n1. Ra8+ 1-0\n", "three-checks"),
        ("[Variant \"Atomic\"]\n[FEN \"4k3/4q3/8/8/8/8/8/4RK2 w - - 0 1\"]\n\n1. Rxe7 1-0\n", "king-exploded"),
        ("[Variant \"Racing Kings\"]\n[FEN \"8/k6K/8/8/8/8/8/8 w - - 0 1\"]\n\n1. Kh8 *\n", "ongoing"),
        ("[Variant \"Racing Kings\"]\n[FEN \"8/k6K/8/8/8/8/8/8 w - - 0 1\"]\n\n1. Kh8 Ka8 1/2-1/2\n", "kings-race"),
    ] {
        let game = read_pgn(pgn, GameOptions::default()).remove(0).unwrap_or_else(|e| panic!("{pgn}: {e:?}"));
        let json = serde_json::to_value(game.to_json(None).unwrap()).unwrap();
        assert_eq!(json["status"], status, "{pgn}");
        assert!(statuses.contains(&json["status"]), "{status} is not in the schema");
    }
}

/// A game built by hand with bad moves: its JSON form names the main
/// line's bad move before a variation's (the main line is replayed first),
/// and a variation's when the main line is good.
#[test]
fn a_game_with_bad_moves_names_the_main_lines_first_in_json() {
    let mut game = one("1. e4 (1. d4 d5) e5 2. Nf3 Nc6 *");
    game.moves[0].variations[0].moves[1].mv = "a1a8".to_owned();
    let in_the_variation = game.to_json(None).unwrap_err();
    assert!(
        matches!(in_the_variation, polyfen::RulesError::Rule(polyfen::RuleError::Move { index: 1, .. })),
        "{in_the_variation}"
    );
    game.moves[3].mv = "a1a8".to_owned();
    let in_both = game.to_json(None).unwrap_err();
    assert!(matches!(in_both, polyfen::RulesError::Rule(polyfen::RuleError::Move { index: 3, .. })), "{in_both}");
    assert_eq!(in_both, game.main_line(None).unwrap_err());
}

/// The JSON line a game writes is the text of its JSON form, for the games
/// of the corpus (chess from lichess, the chess variants, Xiangqi's and
/// Shogi's record files) in every notation of their game.
#[test]
fn a_games_json_line_is_the_text_of_its_json_form() {
    let Some(_) = LICHESS.get() else { return };
    let corpus = polyfen_test_support::corpus_root().display().to_string();
    let mut files = vec![LICHESS.path()];
    for dir in [
        concat!(env!("CARGO_MANIFEST_DIR"), "/../chess/tests/data/variant-pgn").to_owned(),
        format!("{corpus}/xiangqi-records/cchess-tests"),
        format!("{corpus}/shogi/records/csa"),
        format!("{corpus}/shogi/records/ki2"),
    ] {
        let mut found: Vec<_> = std::fs::read_dir(&dir).expect(&dir).map(|e| e.expect("an entry").path()).collect();
        found.retain(|p| p.extension().is_some_and(|e| e != "md" && e != "py"));
        found.sort();
        files.extend(found);
    }
    let mut checked = 0;
    for path in &files {
        let records =
            polyfen::records::Records::open(path, &polyfen::records::OpenOptions::default()).expect("readable");
        for result in records.take(200) {
            let game = match result.expect("readable") {
                Ok(game) => game,
                Err(bad) => match bad.partial {
                    Some(partial) => *partial,
                    None => continue,
                },
            };
            for notation in std::iter::once(None).chain(game.variant.move_notations().iter().copied().map(Some)) {
                let mut line = String::new();
                match game.to_json(notation) {
                    Ok(json) => {
                        game.write_json(notation, &mut line).expect("written as to_json is");
                        assert_eq!(line, serde_json::to_string(&json).unwrap(), "{} in {notation:?}", path.display());
                        checked += 1;
                    }
                    Err(error) => assert_eq!(game.write_json(notation, &mut line), Err(error)),
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}
