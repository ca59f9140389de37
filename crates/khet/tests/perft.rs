//! Perft against Khet node counts of independent move generators (the
//! tables below):
//! each distinct result once by default, every rotation as an option, and
//! the swap restriction.

use polyfen_khet::{CLASSIC, DYNASTY, IMHOTEP, Pkn, Position, Rules, divide, perft};

fn start(pkn: &str) -> Position {
    Position::from_setup(&pkn.parse::<Pkn>().unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|v| panic!("{v:?}"))
}

const DISTINCT: Rules = Rules { swap_restriction: false, every_rotation: false };
const EVERY_ROTATION: Rules = Rules { swap_restriction: false, every_rotation: true };
const RESTRICTED: Rules = Rules { swap_restriction: true, every_rotation: false };

#[test]
fn each_distinct_result_once() {
    // depth 3 once per setup; a few million nodes in all
    for (pkn, expected) in
        [(CLASSIC, [77, 5920, 451_859]), (IMHOTEP, [73, 5343, 387_073]), (DYNASTY, [70, 4854, 334_850])]
    {
        let pos = start(pkn);
        assert_eq!(perft(&pos, 0, &DISTINCT), 1);
        for (depth, nodes) in (1..).zip(expected) {
            assert_eq!(perft(&pos, depth, &DISTINCT), nodes, "{pkn} depth {depth}");
        }
    }
}

#[test]
fn every_rotation_counts_pharaoh_and_scarab_turns() {
    for (pkn, d1) in [(CLASSIC, 81), (IMHOTEP, 77), (DYNASTY, 74)] {
        let pos = start(pkn);
        assert_eq!(perft(&pos, 1, &EVERY_ROTATION), d1, "{pkn}");
        // four more moves per side: the pharaoh's two turns, a scarab's second
        let moves = pos.legal_moves(&EVERY_ROTATION).len() - pos.legal_moves(&DISTINCT).len();
        assert_eq!(moves, 4);
    }
}

#[test]
fn the_swap_restriction_changes_nothing_this_shallow() {
    for pkn in [CLASSIC, IMHOTEP, DYNASTY] {
        let pos = start(pkn);
        assert_eq!(perft(&pos, 2, &RESTRICTED), perft(&pos, 2, &DISTINCT), "{pkn}");
    }
}

#[test]
fn divide_adds_up_to_perft() {
    let pos = start(IMHOTEP);
    let divided = divide(&pos, 2, &DISTINCT);
    assert_eq!(divided.len(), 73);
    assert_eq!(divided.iter().map(|(_, n)| n).sum::<u64>(), 5343);
    let moves: Vec<_> = divided.iter().map(|&(m, _)| m).collect();
    assert_eq!(moves, pos.legal_moves(&DISTINCT));
    for (mv, nodes) in divided.into_iter().step_by(7) {
        let mut child = pos.clone();
        child.play(mv, &DISTINCT).unwrap_or_else(|e| panic!("{mv}: {e}"));
        assert_eq!(perft(&child, 1, &DISTINCT), nodes, "{mv}");
    }
    assert!(divide(&pos, 0, &DISTINCT).is_empty());
}

#[test]
fn the_swap_restriction_shows_at_imhotep_depth_4() {
    // the one published difference: three swaps that put a piece on a
    // square reserved against it
    let pos = start(IMHOTEP);
    assert_eq!(perft(&pos, 4, &DISTINCT), 27_828_431);
    assert_eq!(perft(&pos, 4, &RESTRICTED), 27_828_428);
}
