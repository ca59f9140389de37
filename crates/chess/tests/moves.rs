//! Move notations and game state: SAN, LAN and UCI round trips over every
//! legal move of many random positions, snapshots of the tricky cases,
//! lenient SAN, errors with candidates, and the end of the game.

use polyfen_chess::{CastlingNotation, CastlingStyle, Fen, Move, Outcome, Position, START_FEN, San};
use polyfen_test_support::Rng;
use proptest::prelude::*;

fn pos(fen: &str) -> Position {
    let fen: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Positions along seeded random games from the standard start and from
/// Chess960 starts.
fn random_positions(count: usize) -> Vec<Position> {
    let starts: Vec<Position> = std::iter::once(START_FEN)
        .chain(include_str!("../../../tests/data/chess/cozy_chess960_start_positions.sfens").lines().step_by(61))
        .map(pos)
        .collect();
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut p = starts[rng.below(starts.len())];
        for _ in 0..=rng.below(120) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.below(moves.len())]);
            out.push(p);
        }
    }
    out.truncate(count);
    out
}

#[test]
fn every_legal_move_round_trips_in_san_lan_and_uci() {
    let mut moves_checked = 0;
    for p in random_positions(1500) {
        let moves = p.legal_moves();
        for &m in &moves {
            let san = p.san(m);
            assert_eq!(p.parse_san(&san), Ok(m), "SAN {san} in {:?}", p.to_setup(CastlingStyle::XFen).to_string());
            let lan = p.lan(m);
            assert_eq!(p.parse_san(&lan), Ok(m), "LAN {lan}");
            for style in [CastlingNotation::KingTwoSquares, CastlingNotation::KingTakesRook] {
                let uci = p.uci(m, style);
                // in Chess960 the king's castling square may also be a plain king move
                if let Some(o) = moves.iter().find(|&&o| o != m && p.uci(o, style) == uci) {
                    assert!((m.is_castle() || o.is_castle()) && style == CastlingNotation::KingTwoSquares);
                    if m.is_castle() {
                        continue;
                    }
                }
                assert_eq!(p.parse_uci(&uci), Ok(m), "UCI {uci}");
                assert_eq!(p.parse_move(&uci), Ok(m), "UCI {uci} as any notation");
            }
            // SAN is minimal: no other legal move has the same text
            assert_eq!(moves.iter().filter(|&&o| p.san(o) == san).count(), 1, "{san}");
            moves_checked += 1;
        }
    }
    assert!(moves_checked > 20_000, "{moves_checked}");
}

#[test]
fn piece_san_reads_exactly_the_legal_moves_it_names() {
    // every knight, bishop, rook and queen SAN to every square, plain and
    // with a file: read when one legal move fits, refused otherwise (pins,
    // checks, own pieces on the square and two candidates included)
    let mut read = 0;
    for p in random_positions(250) {
        let moves = p.legal_moves();
        for (letter, role) in [
            ('N', polyfen_chess::Role::Knight),
            ('B', polyfen_chess::Role::Bishop),
            ('R', polyfen_chess::Role::Rook),
            ('Q', polyfen_chess::Role::Queen),
        ] {
            for index in 0..64usize {
                let to = polyfen_chess::Square::from_index(index).expect("a square");
                let [f, r] = to.name();
                let fits: Vec<Move> =
                    moves.iter().copied().filter(|m| m.role() == role && m.to() == to && !m.is_castle()).collect();
                let text = format!("{letter}{}{}", f as char, r as char);
                match fits.as_slice() {
                    [one] => {
                        assert_eq!(p.parse_san(&text), Ok(*one), "{text} in {}", p.to_setup(CastlingStyle::XFen));
                        read += 1;
                    }
                    _ => assert!(p.parse_san(&text).is_err(), "{text} in {}", p.to_setup(CastlingStyle::XFen)),
                }
                for file in 0..8u8 {
                    let fits = fits.iter().filter(|m| m.from().file() == file).count();
                    let text = format!("{letter}{}{}{}", (b'a' + file) as char, f as char, r as char);
                    assert_eq!(p.parse_san(&text).is_ok(), fits == 1, "{text} in {}", p.to_setup(CastlingStyle::XFen));
                }
            }
        }
    }
    assert!(read > 3_000, "{read}");
}

/// Each case: a FEN and a move in UCI (king takes rook for castling), written
/// in every notation.
fn describe(cases: &[(&str, &str)]) -> Vec<String> {
    cases
        .iter()
        .map(|&(fen, uci)| {
            let p = pos(fen);
            let m = p.parse_uci(uci).unwrap_or_else(|e| panic!("{uci} in {fen}: {e}"));
            format!(
                "{fen} | {uci}: san {} | lan {} | uci {} / {}",
                p.san(m),
                p.lan(m),
                p.uci(m, CastlingNotation::KingTwoSquares),
                p.uci(m, CastlingNotation::KingTakesRook)
            )
        })
        .collect()
}

#[test]
fn tricky_san() {
    let cases = [
        // disambiguation by file, by rank, by both
        ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2"),
        ("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"),
        ("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3"),
        ("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2"),
        ("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a3b2"),
        // a pinned knight does not make the other ambiguous
        ("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1", "g1f3"),
        // promotions with check and mate, underpromotion
        ("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"),
        ("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8r"),
        ("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"),
        ("k7/1p6/1P6/8/8/8/4p3/K7 b - - 0 1", "e2e1q"),
        ("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"),
        // en passant, with check
        ("8/8/8/3pP3/8/8/8/k3K3 w - d6 0 1", "e5d6"),
        ("8/2k5/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"),
        // castling, standard and Chess960, with check
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1"),
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1h1"),
        ("rk5r/8/8/8/8/8/8/RK2R3 w AEah - 0 1", "b1e1"),
        ("rk5r/8/8/8/8/8/8/RK2R3 w AEah - 0 1", "b1a1"),
        ("1r4kr/8/8/8/8/8/8/1R4KR b BHbh - 0 1", "g8b8"),
        ("8/8/8/8/8/8/8/1RK3k1 w B - 0 1", "c1b1"),
        ("3k4/8/8/8/8/8/8/2R1K3 w C - 0 1", "e1c1"),
        // the king already on its castling square
        ("rk5r/8/8/8/8/8/8/2KR4 b a - 0 1", "b8a8"),
        // checkmate by a discovered check
        ("6rk/6p1/8/8/7N/8/8/4K2R w - - 0 1", "h4f5"),
    ];
    insta::assert_yaml_snapshot!(describe(&cases));
}

#[test]
fn standard_san_forms_are_read_strictly() {
    let p = pos("r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    let same = |a: &str, b: &str| assert_eq!(p.parse_san(a), p.parse_san(b), "{a} vs {b}");
    for castle in ["O-O", "0-0", "O-O+", "O-O!?", "0-0#"] {
        same(castle, "O-O");
    }
    for castle in ["O-O-O", "0-0-0", "O-O-O#"] {
        same(castle, "O-O-O");
    }
    same("Nxe5", "Nxe5+");
    same("Nfxe5", "Nxe5");
    same("Nf3xe5", "Nxe5");
    same("Nf3-e5", "Nxe5");
    same("Nf3e5", "Nxe5");
    same("Ne5", "Nxe5");
    same(" Nxe5 ", "Nxe5");
    same("dxe5", "d4e5");
    same("de5", "dxe5");
    same("d4xe5", "dxe5");
    same("Nb5", "Ncb5");
    same("Nb5?!", "Nb5");
    same("Nb5+!!", "Nb5");
    assert!(p.parse_san("Nb5").is_ok());

    let p = pos("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let ep = p.parse_san("exd6").unwrap();
    for text in ["ed6", "e5d6", "exd6+", "e5xd6", "exd6e.p.", "exd6 e.p."] {
        assert_eq!(p.parse_san(text), Ok(ep), "{text}");
    }
    let promote = p.parse_san("b8=Q").unwrap();
    for text in ["b8Q", "b8q", "b7b8q", "b7-b8=Q", "b8=Q+"] {
        assert_eq!(p.parse_san(text), Ok(promote), "{text}");
    }
    let knight = p.parse_san("b8=N").unwrap();
    assert_eq!(p.parse_san("b8N"), Ok(knight));
    assert_ne!(knight, promote);
}

#[test]
fn lenient_san_reports_each_non_standard_form() {
    let p = pos("r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    let lenient = |p: &Position, text: &str, standard: &str| {
        let mut repairs = Vec::new();
        let m = p.parse_move_lenient(text, &mut repairs).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(Ok(m), p.parse_san(standard), "{text} vs {standard}");
        let messages: Vec<String> = repairs.iter().map(ToString::to_string).collect();
        assert_eq!(messages, [format!("read '{}' as '{standard}'", text.trim())], "{text}");
        let strict = p.parse_move(text).unwrap_err();
        assert!(strict.message.contains(standard), "{text}: {strict}");
        assert_eq!(strict.candidates, [m]);
    };
    for castle in ["o-o", "OO", "O-0", "O-O++", "O-O !"] {
        lenient(&p, castle, "O-O");
    }
    lenient(&p, "OOO", "O-O-O");
    lenient(&p, "Pdxe5", "dxe5");
    lenient(&p, "d:e5", "dxe5");
    lenient(&p, "Nf3:e5", "Nf3xe5");
    lenient(&p, "Nb5!!!", "Nb5");
    // standard forms give no repair
    let mut repairs = Vec::new();
    for text in ["O-O", "0-0-0", "dxe5", "de5", "Nxe5+", "Nb5?!", "d4e5", "Nf3-e5"] {
        p.parse_move_lenient(text, &mut repairs).unwrap();
    }
    assert_eq!(repairs, []);

    let p = pos("4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1");
    for text in ["exd6 ep.", "exd6e.p", "exd6  e.p."] {
        lenient(&p, text, "exd6");
    }
    // en passant by its destination alone: a pawn move without x is a push
    lenient(&p, "d6", "exd6");
    for text in ["b8/Q", "b8(Q)"] {
        lenient(&p, text, "b8=Q+");
    }
    // a capture written as a push
    let p = pos("2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13");
    lenient(&p, "c4", "dxc4");
    lenient(&p, "xc4", "dxc4");
    let e = p.parse_move("c4").unwrap_err();
    assert_eq!(e.message, "c4 is not standard SAN: only a lenient reading takes it, as dxc4");
    assert_eq!(e.span, 0..2);
}

#[test]
fn errors_name_the_candidates() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let e = p.parse_san("Nd2").unwrap_err();
    assert!(e.message.contains("ambiguous"), "{}", e.message);
    let mut names: Vec<String> = e.candidates.iter().map(|&m| p.san(m)).collect();
    names.sort();
    assert_eq!(names, ["Nbd2", "Nfd2"]);
    assert_eq!(e.span, 0..3);

    let e = p.parse_san("Nc4").unwrap_err();
    assert!(e.message.contains("not a legal move"), "{}", e.message);
    assert!(!e.candidates.is_empty() && e.candidates.iter().all(|m| m.role() == polyfen_chess::Role::Knight));

    let e = p.parse_san("Nz3").unwrap_err();
    assert_eq!(e.span, 1..2, "{}", e.message);
    let e = p.parse_san("Nf3x").unwrap_err();
    assert_eq!(e.span, 4..4, "{}", e.message);
    let e = p.parse_san("").unwrap_err();
    assert!(e.message.contains("empty"));

    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let e = p.parse_san("b8").unwrap_err();
    assert!(e.message.contains("promotion"), "{}", e.message);
    assert_eq!(e.candidates.len(), 4);
    let e = p.parse_uci("b7b8").unwrap_err();
    assert!(e.uci && e.candidates.len() == 4, "{e:?}");

    let p = pos("4k3/8/8/8/8/8/8/R3K2r w Q - 0 1");
    let e = p.parse_san("O-O-O").unwrap_err();
    assert!(e.message.contains("in check"), "{}", e.message);
    let e = p.parse_move("e1c1").unwrap_err();
    assert!(e.uci, "{e:?}");
}

#[test]
fn error_messages() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let lines: Vec<String> = ["Nd2", "Nc4", "Kd1+", "N", "Qd3", "e9", "O-O", "Nd2=Q", "xx", "Nbd2 x"]
        .iter()
        .map(|text| match p.parse_move(text) {
            Ok(m) => format!("{text}: ok {}", p.san(m)),
            Err(e) => {
                let mut c: Vec<String> = e.candidates.iter().map(|&m| p.san(m)).collect();
                c.sort();
                format!("{text}: {} at {:?}; candidates: {}", e.message, e.span, c.join(" "))
            }
        })
        .collect();
    insta::assert_yaml_snapshot!(lines);
}

#[test]
fn game_states() {
    assert_eq!(pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").outcome(), Outcome::Checkmate);
    assert_eq!(pos("7k/8/6QK/8/8/8/8/8 b - - 0 1").outcome(), Outcome::Stalemate);
    assert_eq!(pos("7k/8/6NK/8/8/8/8/8 b - - 0 1").outcome(), Outcome::InsufficientMaterial);
    assert_eq!(pos("7k/8/7K/8/8/8/8/8 b - - 0 1").outcome(), Outcome::InsufficientMaterial);
    assert_eq!(pos("b6k/8/7K/8/8/8/8/7B b - - 0 1").outcome(), Outcome::InsufficientMaterial);
    assert_eq!(pos("1b5k/8/7K/8/8/8/8/7B b - - 0 1").outcome(), Outcome::Ongoing);
    assert_eq!(pos("7k/8/6NK/8/8/8/8/6n1 b - - 0 1").outcome(), Outcome::Ongoing);
    assert_eq!(pos("7k/8/7K/8/8/8/8/R7 b - - 100 80").outcome(), Outcome::FiftyMoves);
    assert_eq!(pos("7k/8/7K/8/8/8/8/R7 b - - 99 80").outcome(), Outcome::Ongoing);
    assert_eq!(pos(START_FEN).outcome(), Outcome::Ongoing);
    assert!(pos("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").is_checkmate());
}

#[test]
fn en_passant_square_policies() {
    // after a double push the square is held even when no capture exists
    let mut p = pos(START_FEN);
    p.play(p.parse_san("e4").unwrap());
    assert_eq!(p.ep_square().map(|s| s.to_string()), Some("e3".into()));
    assert_eq!(p.legal_ep_square(), None);
    assert_eq!(
        p.to_setup(CastlingStyle::XFen).to_string(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // a capture exists
    let p = pos("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    assert_eq!(p.legal_ep_square().map(|s| s.to_string()), Some("e3".into()));
    // the capturing pawn is pinned along the rank: no legal capture
    let p = pos("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
    assert_eq!(p.legal_ep_square(), None);
    assert!(p.parse_san("dxe3").is_err());
    // pinned on a diagonal that the capture keeps
    let p = pos("8/8/5B2/8/3pP3/8/1k6/4K3 b - e3 0 1");
    assert!(p.parse_san("dxe3").is_err());
    let p = pos("8/k7/8/8/3pP3/8/8/4K1B1 b - e3 0 1");
    assert!(p.parse_san("dxe3").is_ok());
}

#[test]
fn setup_round_trip_keeps_castling_style() {
    let p = pos("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1");
    assert!(p.is_chess960());
    let shredder = p.to_setup(polyfen_chess::CastlingStyle::Shredder);
    assert_eq!(
        shredder.to_string_with(&polyfen_chess::FenOptions { castling: polyfen_chess::CastlingStyle::Shredder }),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1"
    );
    assert_eq!(
        p.to_setup(polyfen_chess::CastlingStyle::XFen).to_string(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1"
    );
    assert!(!pos(START_FEN).is_chess960());
    // playing the rook away drops its right only
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    p.play(p.parse_san("Rb1").unwrap());
    assert_eq!(p.to_setup(CastlingStyle::XFen).to_string(), "r3k2r/8/8/8/8/8/8/1R2K2R b Kkq - 1 1");
    p.play(p.parse_san("Rxh1").unwrap());
    assert_eq!(p.to_setup(CastlingStyle::XFen).to_string(), "r3k3/8/8/8/8/8/8/1R2K2r w q - 0 2");
}

#[test]
fn illegal_setups_are_refused_but_impossible_checks_tolerated() {
    let fen: Fen = "8/8/8/8/8/8/8/8 w - - 0 1".parse().unwrap();
    let e = Position::from_setup(&fen).unwrap_err();
    assert!(e.to_string().contains("no king"), "{e}");
    // three checkers: an impossible check, still playable
    let p = pos("3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1");
    assert_eq!(p.perft(1), 4);
}

fn any_move_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[KQRBNPO0o]?[a-h]?[1-8]?[x:-]?[a-i][0-9]?[=/(]?[QRBNKqrbn]?[)]?[+#!?]{0,2}( ?e\\.p\\.)?",
        "[a-h][1-8][a-h][1-8][qrbnk]?",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn reading_moves_never_panics(text in any_move_text(), which in 0usize..4) {
        let fens = [
            START_FEN,
            "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
        ];
        let p = pos(fens[which]);
        let _ = San::parse(&text);
        let mut repairs = Vec::new();
        let lenient = p.parse_move_lenient(&text, &mut repairs);
        // strict and lenient agree when the lenient reading repaired nothing
        match (&lenient, repairs.as_slice()) {
            (Ok(m), []) => prop_assert_eq!(p.parse_move(&text), Ok(*m)),
            (Ok(m), [repair]) => {
                prop_assert!(p.parse_move(&text).is_err());
                prop_assert!(repair.span.end <= text.len() && text.is_char_boundary(repair.span.start), "{:?}", repair);
                prop_assert!(repair.message.ends_with(&format!("'{}'", p.san(*m))) || repair.message.ends_with(&format!("'{}'", p.lan(*m))), "{}", repair);
            }
            (Ok(_), more) => prop_assert!(false, "more than one repair: {:?}", more),
            (Err(_), _) => prop_assert!(p.parse_move(&text).is_err()),
        }
        for result in [p.parse_san(&text), p.parse_uci(&text), p.parse_move(&text), lenient] {
            match result {
                Ok(m) => prop_assert!(p.legal_moves().contains(&m)),
                Err(e) => {
                    prop_assert!(e.span.start <= e.span.end && e.span.end <= text.len(), "{e:?}");
                    let moves: Vec<Move> = p.legal_moves().to_vec();
                    prop_assert!(e.candidates.iter().all(|m| moves.contains(m)));
                }
            }
        }
    }
}
