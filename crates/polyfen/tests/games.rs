//! Game records in PGN for chess, Xiangqi and Khet: real files read as
//! python-chess and cchess read them, the writer, comments, repairs, null
//! moves and bad moves.

use std::io::Read;

use polyfen::records::{Game, GameJson, GameOptions, Games, commands, decode, read_pgn};
use polyfen::{AnyPosition, MoveNotation, Position, VariantId};

mod common;

use common::*;

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
    let bad = read_pgn("[Variant \"Tandem\"]\n\n1. e4 *", GameOptions::default()).remove(0).unwrap_err();
    assert!(bad.partial.is_none());
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
