//! Move notation and legality: `h2g2` steps and swaps, `h2+` / `h2-`
//! rotations, `h2-g2` read too; errors point at the text; random playouts
//! never panic and keep the setup valid.

use polyfen_core::Color;
use polyfen_khet::{
    CLASSIC, CLASSIC2, DYNASTY, DYNASTY2, IMHOTEP, IMHOTEP2, Kind, Move, Pkn, Position, Rotation, Rules, SETUPS,
    Square, Violation,
};
use polyfen_test_support::underline;
use proptest::prelude::*;

fn sq(name: &str) -> Square {
    Square::parse(name.as_bytes()).unwrap_or_else(|| panic!("{name} is no square"))
}

fn start(pkn: &str) -> Position {
    Position::from_setup(&pkn.parse::<Pkn>().unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|v| panic!("{v:?}"))
}

#[test]
fn notation_forms() {
    let travel = Move::Travel { from: sq("h2"), to: sq("g2") };
    for text in ["h2g2", "h2-g2"] {
        assert_eq!(Move::parse(text), Ok(travel), "{text}");
    }
    // uppercase squares are read only leniently, and reported
    let mut repairs = Vec::new();
    for text in ["H2G2", "H2-g2"] {
        let e = Move::parse(text).unwrap_err();
        assert_eq!(e.kind, format!("{text} is not standard: only a lenient reading takes it, as h2g2"));
        assert_eq!(Move::parse_lenient(text, &mut repairs), Ok(travel), "{text}");
    }
    let messages: Vec<String> = repairs.iter().map(ToString::to_string).collect();
    assert_eq!(messages, ["read 'H2G2' as 'h2g2'", "read 'H2-g2' as 'h2g2'"]);
    // on a position: an uppercase move that is not legal anyway says why
    let pos = start(CLASSIC);
    let rules = Rules::default();
    let lower = pos.parse_move("j1+", &rules).unwrap_err().kind;
    assert_eq!(pos.parse_move("J1+", &rules).unwrap_err().kind, lower);
    assert!(pos.parse_move("C1+", &rules).unwrap_err().kind.contains("only a lenient reading takes it, as c1+"));
    repairs.clear();
    for text in ["h2g2", "h2-g2", "h2+", "h2-"] {
        Move::parse_lenient(text, &mut repairs).unwrap();
    }
    assert_eq!(repairs, []);
    assert_eq!(Move::parse("h2+"), Ok(Move::Rotate { square: sq("h2"), rotation: Rotation::Clockwise }));
    assert_eq!(Move::parse("h2-"), Ok(Move::Rotate { square: sq("h2"), rotation: Rotation::Anticlockwise }));
    assert_eq!(travel.to_string(), "h2g2");
    assert_eq!(Move::Rotate { square: sq("j1"), rotation: Rotation::Anticlockwise }.to_string(), "j1-");
}

#[test]
fn notation_errors_point_at_the_text() {
    let mut out = String::new();
    for text in
        ["", "h", "h2", "k2g2", "h2g9", "h2-", "h2+x", "h2g2g3", "h2-g2", "h2--", "h2h2", "h2é", "€2g2", "h2 g2"]
    {
        match Move::parse(text) {
            Ok(mv) => out.push_str(&["  ", text, "\n  = ", &mv.to_string(), "\n"].concat()),
            Err(e) => out.push_str(&underline(text, &e.span, &e.kind)),
        }
    }
    insta::assert_snapshot!("move_notation_errors", out);
}

#[test]
fn legal_moves_of_the_start() {
    let pos = start(CLASSIC);
    let moves: Vec<String> = pos.legal_moves(&Rules::default()).iter().map(ToString::to_string).collect();
    assert_eq!(moves.len(), 77);
    // c1's pyramid: four steps, clockwise from north (d1 is taken; b1 is
    // silver's own), then two turns
    let c1: Vec<&str> = moves.iter().map(String::as_str).filter(|m| m.starts_with("c1")).collect();
    assert_eq!(c1, ["c1c2", "c1d2", "c1b1", "c1b2", "c1+", "c1-"]);
    // the sphinx turns only west; the pharaoh does not turn
    assert!(moves.contains(&"j1-".to_owned()) && !moves.contains(&"j1+".to_owned()));
    assert!(!moves.iter().any(|m| m == "e1+" || m == "e1-"));
    // a scarab turns one way only (both ways give the same mirror)
    assert!(moves.contains(&"e4+".to_owned()) && !moves.contains(&"e4-".to_owned()));
    // no silver piece steps onto the a file or i1/i8
    assert!(!moves.iter().any(|m| m.len() == 4 && (m.as_bytes()[2] == b'a' || &m[2..] == "i1")));
    // every rotation: the pharaoh and the second scarab turn appear
    let every: Vec<String> =
        pos.legal_moves(&Rules { every_rotation: true, ..Rules::default() }).iter().map(ToString::to_string).collect();
    for m in ["e1+", "e1-", "e4-", "f4-"] {
        assert!(every.contains(&m.to_owned()), "{m}");
    }
}

#[test]
fn scarabs_swap_and_playing_honours_every_rotation() {
    // Dynasty: silver's scarabs stand next to pyramids and anubis
    let pos = start(DYNASTY);
    let swaps: Vec<String> =
        pos.legal_moves(&Rules::default()).into_iter().filter(|&m| pos.is_swap(m)).map(|m| m.to_string()).collect();
    assert!(!swaps.is_empty());
    for text in &swaps {
        let mut child = pos.clone();
        let mv = child.parse_move(text, &Rules::default()).unwrap_or_else(|e| panic!("{e}"));
        let Move::Travel { from, to } = mv else { panic!("{mv} is no travel") };
        let (a, b) = (pos.piece_at(from), pos.piece_at(to));
        assert!(a.is_some_and(|p| p.kind.is_symmetric()), "{text}");
        assert!(b.is_some_and(|p| matches!(p.kind, Kind::Pyramid | Kind::Anubis)), "{text}");
        child.play(mv, &Rules::default()).unwrap_or_else(|e| panic!("{e}"));
        // the two pieces changed places (unless the laser took one)
        assert!(child.piece_at(from) == b || child.piece_at(from).is_none(), "{text}");
    }
    // a pharaoh may turn and a scarab may turn either way when played
    let mut pos = start(CLASSIC);
    pos.play(Move::parse("e1+").unwrap_or_else(|e| panic!("{e}")), &Rules::default()).unwrap_or_else(|e| panic!("{e}"));
    pos.play(Move::parse("f5-").unwrap_or_else(|e| panic!("{e}")), &Rules::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pos.turn(), Color::White);
    assert_eq!(pos.turn_counter(), 1);
}

#[test]
fn illegal_moves_say_why() {
    let pos = start(CLASSIC);
    let rules = Rules::default();
    let why = |text: &str| pos.parse_move(text, &rules).map_or_else(|e| e.kind, |m| m.to_string());
    assert_eq!(why("b2b3"), "there is no piece on b2");
    assert_eq!(why("a8+"), "the red sphinx on a8 is not silver's: silver is to move");
    assert_eq!(why("j1+"), "the sphinx on j1 cannot turn that way: it would fire off the board");
    assert_eq!(why("j1i1"), "the sphinx on j1 never leaves its square; it can only turn");
    assert_eq!(why("c1c3"), "c3 is not next to c1: a piece moves one square");
    assert_eq!(why("d1e1"), "e1 is taken by a pharaoh: only a scarab or an eye of Horus swaps");
    assert_eq!(why("e4f4"), "a scarab swaps only with a pyramid or an anubis, not a scarab");
    assert_eq!(why("e4d5"), "e4d5");
    // Imhotep: silver's scarab on c1 may step onto b1, reserved for silver
    let imhotep = start(IMHOTEP);
    assert_eq!(imhotep.parse_move("c1b1", &rules).map(|m| m.to_string()), Ok("c1b1".to_owned()));
}

#[test]
fn swap_restriction() {
    // silver scarabs on b1 (silver's own square) next to a red pyramid on
    // c1, and on b3 next to a red pyramid on a3 (the a file is red's)
    let pos = start("1SpARA3X/0/pS8/0/0/0/0/x3rss3 nnnnnnnnsnnn s 0");
    let free = Rules::default();
    let restricted = Rules { swap_restriction: true, ..Rules::default() };
    let why = |text: &str, rules: &Rules| pos.parse_move(text, rules).map_or_else(|e| e.kind, |m| m.to_string());
    // the swap puts the red pyramid on b1: allowed unless restricted
    assert_eq!(why("b1c1", &free), "b1c1");
    assert_eq!(why("b1c1", &restricted), "the swap would put the red pyramid on b1, which is reserved for silver");
    let listed = |rules: &Rules| pos.legal_moves(rules).contains(&Move::Travel { from: sq("b1"), to: sq("c1") });
    assert!(listed(&free) && !listed(&restricted));
    // the scarab itself never goes onto red's squares, by swap or step
    for rules in [&free, &restricted] {
        assert_eq!(why("b3a3", rules), "a3 is reserved for red: the silver scarab cannot swap onto it");
        assert_eq!(why("b3a2", rules), "a2 is reserved for red: the silver scarab cannot go there");
    }
    let mut after = pos.clone();
    after.play(Move::Travel { from: sq("b1"), to: sq("c1") }, &free).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(after.piece_at(sq("b1")).map(|p| (p.color, p.kind)), Some((Color::Black, Kind::Pyramid)));
    assert_eq!(after.piece_at(sq("c1")).map(|p| (p.color, p.kind)), Some((Color::White, Kind::Scarab)));
}

/// Every named setup.
fn setups() -> Vec<Position> {
    SETUPS.iter().map(|&(_, pkn)| start(pkn)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn the_move_parser_never_panics(text in any::<String>()) {
        if let Ok(mv) = Move::parse(&text) {
            prop_assert_eq!(Move::parse(&mv.to_string()), Ok(mv));
        } else if let Err(e) = Move::parse(&text) {
            prop_assert!(e.span.start <= e.span.end && e.span.end <= text.len());
            prop_assert!(text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end));
        }
        let pos = start(CLASSIC);
        let _ = pos.parse_move(&text, &Rules::default());
    }

    #[test]
    fn move_like_text_never_panics(text in "[a-kA-K0-9+\\-]{0,6}") {
        let pos = start(IMHOTEP2);
        match pos.parse_move(&text, &Rules::default()) {
            Ok(mv) => prop_assert!(pos.check_legal(mv, &Rules::default()).is_ok()),
            Err(e) => prop_assert!(e.span.end <= text.len()),
        }
    }

    #[test]
    fn random_playouts_keep_the_setup_valid(
        which in 0usize..6,
        picks in prop::collection::vec(any::<u16>(), 1..80),
        swap_restriction in any::<bool>(),
        every_rotation in any::<bool>(),
    ) {
        let rules = Rules { swap_restriction, every_rotation };
        let mut pos = setups().swap_remove(which);
        for pick in picks {
            let moves = pos.legal_moves(&rules);
            if moves.is_empty() {
                prop_assert!(pos.is_over());
                break;
            }
            let mv = moves[usize::from(pick) % moves.len()];
            let text = mv.to_string();
            prop_assert_eq!(pos.parse_move(&text, &rules), Ok(mv));
            let before = pos.clone();
            let laser = pos.play(mv, &rules).map_err(TestCaseError::fail)?;
            prop_assert_eq!(laser.color, before.turn());
            prop_assert_eq!(pos.turn(), before.turn().other());
            // perft's fast laser agrees with the traced one
            prop_assert_eq!(polyfen_khet::perft(&before, 1, &rules), moves.len() as u64);
            let setup = pos.to_setup();
            let again = Position::from_setup(&setup).map_err(|v| TestCaseError::fail(format!("{v:?}")))?;
            prop_assert_eq!(&again, &pos);
            let written = setup.to_string();
            prop_assert_eq!(written.parse::<Pkn>().ok(), Some(setup.clone()));
            // every violation is one play can lead to: a pharaoh gone, or
            // (swaps unrestricted) a pyramid or anubis swapped onto a
            // square reserved against it
            for v in setup.validate() {
                let allowed = match &v {
                    Violation::PieceCounts { .. } => pos.is_over(),
                    Violation::ReservedSquare { piece, .. } => {
                        !swap_restriction && matches!(piece.kind, Kind::Pyramid | Kind::Anubis)
                    }
                    _ => false,
                };
                prop_assert!(allowed, "{}: {}", written, v);
            }
        }
    }
}

#[test]
fn named_setups_are_playable() {
    for pkn in [CLASSIC, IMHOTEP, DYNASTY, CLASSIC2, IMHOTEP2, DYNASTY2] {
        assert!(!start(pkn).legal_moves(&Rules::default()).is_empty());
    }
}
