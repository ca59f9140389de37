//! Betza notation as Fairy-Stockfish reads it, and in words.

use polyfen_fairy::Betza;
use polyfen_fairy::betza::{Kind, Modality, MoveKey};

fn jumps(betza: &str) -> Vec<(Kind, Modality, i8, i8, i8)> {
    Betza::parse(betza)
        .unwrap()
        .moves()
        .into_iter()
        .map(|(MoveKey { kind, modality, forward, right, .. }, limit)| (kind, modality, forward, right, limit))
        .collect()
}

fn quiet(betza: &str) -> Vec<(i8, i8)> {
    jumps(betza).into_iter().filter(|j| j.1 == Modality::Quiet).map(|j| (j.2, j.3)).collect()
}

#[test]
fn the_knight_has_eight_jumps_and_fn_the_two_narrow_forward_ones() {
    assert_eq!(quiet("N").len(), 8);
    assert_eq!(quiet("fN"), [(2, -1), (2, 1)]);
    assert_eq!(quiet("fsN"), [(1, -2), (1, 2)]);
    assert_eq!(quiet("fhN").len(), 4);
    // h alone selects nothing, as in Fairy-Stockfish
    assert!(quiet("hN").is_empty());
}

#[test]
fn an_orthogonal_pair_means_each_direction() {
    assert_eq!(quiet("fsW"), [(0, -1), (0, 1), (1, 0)]);
    assert_eq!(quiet("sfW"), quiet("fsW"));
}

#[test]
fn the_pawn() {
    let j = jumps("fmWfceF");
    assert!(j.contains(&(Kind::Step, Modality::Quiet, 1, 0, 0)));
    assert!(j.contains(&(Kind::Step, Modality::Capture, 1, 1, 0)));
    assert!(j.contains(&(Kind::Step, Modality::Capture, 1, -1, 0)));
    assert_eq!(j.len(), 3);
    assert!(Betza::parse("fmWfceF").unwrap().en_passant());
}

#[test]
fn riders_ranges_hoppers_and_lame_leapers() {
    assert!(jumps("R").iter().all(|j| j.0 == Kind::Slide && j.4 == 0));
    assert!(jumps("W3").iter().all(|j| j.0 == Kind::Slide && j.4 == 3));
    assert!(jumps("NN").iter().all(|j| j.0 == Kind::Slide));
    assert!(jumps("gQ").iter().all(|j| j.0 == Kind::Hop && j.4 == 1));
    assert!(jumps("mRcpR").iter().any(|j| j.0 == Kind::Hop && j.1 == Modality::Capture));
    assert!(jumps("nN").iter().all(|j| j.0 == Kind::Step && j.4 == -1));
}

#[test]
fn what_fairy_stockfish_would_skip_is_an_error() {
    for bad in ["Wx", "2W", "fW2f", "mf", "N N", "NN3"] {
        assert!(Betza::parse(bad).is_err(), "{bad}");
    }
    let e = Betza::parse("mWq").unwrap_err();
    assert_eq!(e.position, 2);
}

#[test]
fn moves_in_words() {
    let words: Vec<String> = ["NW", "fmWfceF", "mRcpR", "nN", "fsW", "KN", "mQ3", "ifmnD", ""]
        .iter()
        .map(|b| format!("{b}: {}", Betza::parse(b).unwrap().explain()))
        .collect();
    insta::assert_snapshot!(words.join("\n"));
}
