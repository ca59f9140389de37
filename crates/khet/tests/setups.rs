//! The named setups: each reads and writes back byte for byte, validates
//! clean, reads the same leniently, and is symmetric under a half turn of
//! the board with the colours swapped.

use polyfen_core::Color;
use polyfen_khet::{
    CLASSIC, CLASSIC2, DYNASTY, DYNASTY2, IMHOTEP, IMHOTEP2, Kind, Piece, Pkn, PknOptions, SETUPS, Square, named_setup,
    parse_lenient, piece_counts,
};

/// The board turned 180° with the colours swapped and every piece turned
/// half round; the other fields are kept.
fn half_turn(pkn: &Pkn) -> Pkn {
    let mut turned = pkn.clone();
    for square in Square::all() {
        turned.board[square.rotated().index()] = pkn.board[square.index()].map(Piece::mirrored);
    }
    turned
}

/// Every check a named setup must pass.
fn check(name: &str, input: &str) {
    let pkn: Pkn = input.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(pkn.to_string(), input, "{name}: written back");
    assert_eq!(pkn.validate(), [], "{name}: violations");
    assert_eq!(pkn.board.iter().flatten().count(), 26, "{name}: pieces");
    assert_eq!(pkn.extras.turn, Color::White, "{name}: silver moves first");
    assert_eq!(pkn.extras.turn_counter, 0, "{name}: turn counter");

    let (lenient, repairs) = parse_lenient(input).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(lenient, pkn, "{name}: lenient read");
    assert_eq!(repairs, [], "{name}: lenient repairs");

    let canonical = pkn.to_string_with(&PknOptions { canonical: true });
    let reread: Pkn = canonical.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(reread, pkn, "{name}: canonical form is the same setup");
    assert_eq!(reread.to_string_with(&PknOptions { canonical: true }), canonical);
}

#[test]
fn every_setup_round_trips_and_validates() {
    for (name, pkn) in SETUPS {
        check(name, pkn);
    }
}

#[test]
fn every_setup_is_symmetric_under_a_half_turn() {
    for (name, input) in SETUPS {
        let pkn: Pkn = input.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        let turned = half_turn(&pkn);
        assert_eq!(turned, pkn, "{name}: not symmetric");
        // the setups are symmetric letter for letter, not only up to the
        // scarab's two-sided mirror
        let facings = |p: &Pkn| p.board.map(|cell| cell.map(|piece| piece.facing));
        assert_eq!(facings(&turned), facings(&pkn), "{name}: facings");
    }
}

#[test]
fn the_seed_example_is_not_symmetric() {
    let seed = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1s1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";
    let pkn: Pkn = seed.parse().unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(half_turn(&pkn), pkn);
}

#[test]
fn setup_list_and_names() {
    let names: Vec<&str> = SETUPS.iter().map(|&(name, _)| name).collect();
    assert_eq!(names, ["classic", "imhotep", "dynasty", "classic2", "imhotep2", "dynasty2"]);
    let constants = [CLASSIC, IMHOTEP, DYNASTY, CLASSIC2, IMHOTEP2, DYNASTY2];
    for ((name, pkn), constant) in SETUPS.iter().zip(constants) {
        assert_eq!(*pkn, constant);
        assert_eq!(named_setup(name), Some(constant));
        assert_eq!(named_setup(&name.to_uppercase()), Some(constant));
    }
    assert_eq!(named_setup("senet"), None);
}

#[test]
fn eye_setups_replace_one_scarab_per_side() {
    for (plain, eye) in [(CLASSIC, CLASSIC2), (IMHOTEP, IMHOTEP2), (DYNASTY, DYNASTY2)] {
        let plain: Pkn = plain.parse().unwrap_or_else(|e| panic!("{e}"));
        let eye: Pkn = eye.parse().unwrap_or_else(|e| panic!("{e}"));
        for color in Color::ALL {
            let (p, e) = (piece_counts(&plain.board)[color.index()], piece_counts(&eye.board)[color.index()]);
            assert_eq!((p[Kind::Scarab as usize], p[Kind::Eye as usize]), (2, 0));
            assert_eq!((e[Kind::Scarab as usize], e[Kind::Eye as usize]), (1, 1));
        }
        let differing = Square::all().filter(|sq| plain.board[sq.index()] != eye.board[sq.index()]).count();
        assert_eq!(differing, 2);
    }
}
