//! The chess game through the facade: notations, rules and errors.
use polyfen::RuleError;
use polyfen::{
    AnyPosition, CastlingMoves, EnPassantPolicy, GameStatus, MoveNotation, Notation, Played, Position, ReadOptions,
    RuleOptions, RulesError, WriteOptions, read,
};

fn position(text: &str) -> AnyPosition {
    read(text, None, &ReadOptions::default()).expect("reads").position
}

#[test]
fn each_unresolved_castling_right_is_named_once() {
    let p = position("4k3/8/8/8/8/8/8/4K3 w KQq - 0 1");
    let written = p.to_notation(Notation::ShredderFen, &WriteOptions::default()).expect("writes");
    assert_eq!(
        written.warnings,
        [
            "castling right 'K' of white names no rook on the king's side, so Shredder-FEN cannot give its file \
             and keeps the letter",
            "castling right 'Q' of white names no rook on the queen's side, so Shredder-FEN cannot give its file \
             and keeps the letter",
            "castling right 'q' of black names no rook on the queen's side, so Shredder-FEN cannot give its file \
             and keeps the letter",
        ]
    );
}

#[test]
fn moves_in_every_notation() {
    let p = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let options = RuleOptions::default();
    let uci = p.legal_moves(MoveNotation::Uci, &options).unwrap();
    assert!(uci.contains(&"e1g1".to_owned()) && uci.contains(&"e1c1".to_owned()));
    let rook = p.legal_moves(MoveNotation::Uci, &options.with_castling(CastlingMoves::KingTakesRook)).unwrap();
    assert!(rook.contains(&"e1h1".to_owned()));
    let san = p.legal_moves(MoveNotation::San, &options).unwrap();
    assert!(san.contains(&"O-O".to_owned()) && san.contains(&"Rxa8+".to_owned()));
    let lan = p.legal_moves(MoveNotation::Lan, &options).unwrap();
    assert!(lan.contains(&"Ra1xa8+".to_owned()));
    assert_eq!(uci.len(), 26);
    assert!(matches!(p.legal_moves(MoveNotation::Iccs, &options), Err(RulesError::WrongNotation { .. })));
    // Chess960 castling is written king takes rook by default
    let p = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1");
    assert_eq!(p.perft(2, &options), Ok(528));
}

#[test]
fn play_any_notation_and_write_back() {
    let mut p = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let options = RuleOptions::default();
    assert_eq!(p.play("e2e4", MoveNotation::San, &options).unwrap(), "e4");
    assert_eq!(p.play("c5", MoveNotation::Uci, &options).unwrap(), "c7c5");
    assert_eq!(p.play("Ng1-f3", MoveNotation::Lan, &options).unwrap(), "Ng1-f3");
    let fen = p.to_notation(Notation::Fen, &WriteOptions::default()).unwrap().text;
    assert_eq!(fen, "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    let mut q = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    q.play("e4", MoveNotation::San, &options).unwrap();
    let held = q.to_notation(Notation::Fen, &WriteOptions::default()).unwrap().text;
    assert_eq!(held, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let legal = WriteOptions::default().with_en_passant(EnPassantPolicy::Legal);
    let legal = q.to_notation(Notation::Fen, &legal).unwrap().text;
    assert_eq!(legal, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let always = WriteOptions::default().with_en_passant(EnPassantPolicy::Always);
    assert_eq!(q.to_notation(Notation::Fen, &always).unwrap().text, held);
}

#[test]
fn play_is_strict_and_play_with_reports_lenient_readings() {
    let options = RuleOptions::default();
    let mut p = position("4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2");
    let before = p.clone();
    let e = p.play("f6", MoveNotation::Uci, &options).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 1: f6 is not standard SAN: only a lenient reading takes it, as exf6 (candidates: exf6)"
    );
    assert_eq!(p, before);
    assert_eq!(p.play_with("f6", MoveNotation::Uci, &options, false).unwrap_err(), e);
    let played = p.play_with("f6", MoveNotation::Uci, &options, true).unwrap();
    assert_eq!(played.text, "e5f6");
    let repairs: Vec<String> = played.repairs.iter().map(ToString::to_string).collect();
    assert_eq!(repairs, ["read 'f6' as 'exf6'"]);
    assert_eq!(played.repairs[0].span, 0..2);
    let played = p.play_with("Kd7", MoveNotation::San, &options, true).unwrap();
    assert_eq!(played, Played { text: "Kd7".to_owned(), repairs: Vec::new() });
}

#[test]
fn errors_keep_the_position() {
    let mut p = position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let before = p.clone();
    let e = p.play("Nd2", MoveNotation::San, &RuleOptions::default()).unwrap_err();
    let RulesError::Rule(RuleError::Move { index: 0, error }) = e else { panic!("{e:?}") };
    assert_eq!(error.candidates, ["Nbd2", "Nfd2"]);
    assert_eq!(error.span, 0..3);
    let e = p.play("b1b3", MoveNotation::San, &RuleOptions::default()).unwrap_err();
    let RulesError::Rule(RuleError::Move { error, .. }) = e else { panic!("{e:?}") };
    assert!(error.candidates.contains(&"b1d2".to_owned()), "{error:?}");
    assert_eq!(p, before);
    let bad = position("8/8/8/8/8/8/8/8 w - - 0 1");
    assert!(matches!(bad.perft(1, &RuleOptions::default()), Err(RulesError::Rule(RuleError::IllegalPosition(_)))));
    assert!(matches!(p.perft(99, &RuleOptions::default()), Err(RulesError::Rule(RuleError::Limit(_)))));
}

#[test]
fn status_and_divide() {
    let options = RuleOptions::default();
    assert_eq!(position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").status(&options), Ok(GameStatus::Checkmate));
    assert_eq!(position("7k/8/6QK/8/8/8/8/8 b - - 0 1").status(&options), Ok(GameStatus::Stalemate));
    let p = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
    let divided = p.divide(2, MoveNotation::Uci, &options).unwrap();
    assert_eq!(divided.iter().map(|d| d.nodes).sum::<u64>(), 2039);
    assert!(divided.iter().any(|d| d.text == "e1g1"));
}

#[test]
fn the_canonical_form_keeps_the_castling_rights_the_pieces_allow() {
    let canonical = WriteOptions::default().with_canonical(true);
    let write = |text: &str, notation: Notation, options: &WriteOptions| {
        position(text).to_notation(notation, options).expect("writes").text
    };
    // as read by default; the rights the kings and rooks allow when canonical
    let text = "r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1";
    assert_eq!(write(text, Notation::Fen, &WriteOptions::default()), text);
    assert_eq!(write(text, Notation::Fen, &canonical), "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    assert_eq!(write(text, Notation::ShredderFen, &canonical), "r3k3/8/8/8/8/8/8/4K2R w Ha - 0 1");
    assert!(write(text, Notation::Json, &canonical).contains("\"castling\":\"Kq\""));
    // a king off its back rank keeps none (on d1 it keeps K, as X-FEN has
    // it); a legal position is written as it was
    assert_eq!(write("4k3/8/8/8/8/8/4K3/7R w K - 0 1", Notation::Fen, &canonical), "4k3/8/8/8/8/8/4K3/7R w - - 0 1");
    assert_eq!(write("4k3/8/8/8/8/8/8/3K3R w K - 0 1", Notation::Fen, &canonical), "4k3/8/8/8/8/8/8/3K3R w K - 0 1");
    let start = polyfen::polyfen_chess::START_FEN;
    assert_eq!(write(start, Notation::Fen, &canonical), start);
    // Chess960's file letters too
    let fischer = "1r2k1r1/8/8/8/8/8/8/1R2K3 w GBgb - 0 1";
    assert_eq!(write(fischer, Notation::ShredderFen, &canonical), "1r2k1r1/8/8/8/8/8/8/1R2K3 w Bgb - 0 1");
}
