//! Setups that break a rule, as Fairy-Stockfish's `validate_fen` judges
//! them, for every built-in game (`data/validate.tsv`, made by
//! `data/validate.py` from each game's start and corpus positions, each
//! also changed in one way: a king taken off or added, the kings made to
//! touch, the king moved off its castling square, a castling rook taken
//! off, a field made unreadable). Whatever pyffish refuses, polyfen refuses
//! too, reading it or naming the rule broken in words; what it takes,
//! polyfen takes. One difference is pinned: pyffish refuses a side's
//! gating rights (Seirawan's file letters) once its king has left its
//! start square, though its own play reaches such positions (the fairy
//! corpus's `shouse` games have them); polyfen keeps them, as the game
//! does.

use polyfen_fairy::{FairySetup, Letters, registry};

const VALIDATE: &str = include_str!("data/validate.tsv");

/// polyfen's verdict on a FEN: `None` when it may be played, else why not.
fn verdict(variant: &str, fen: &str) -> Option<String> {
    let rules = registry::rules(variant).unwrap_or_else(|| panic!("{variant} is built in"));
    let def = rules.definition();
    let letters = Letters::new(def);
    match FairySetup::parse(def, &letters, fen) {
        Err(e) => Some(format!("does not read: {e}")),
        Ok(setup) => {
            let violations: Vec<String> = setup.validate(def, &letters).iter().map(ToString::to_string).collect();
            if violations.is_empty() { None } else { Some(violations.join("; ")) }
        }
    }
}

/// Whether a side of the FEN's castling field holds gating rights alone
/// (file letters, no `K`, `Q`, `k` or `q`).
fn gating_only(fen: &str) -> bool {
    let castling = fen.split(' ').nth(2).unwrap_or_default();
    [true, false].into_iter().any(|white| {
        let side: Vec<u8> =
            castling.bytes().filter(|b| b.is_ascii_alphabetic() && b.is_ascii_uppercase() == white).collect();
        !side.is_empty() && side.iter().all(|b| !b"KQkq".contains(b))
    })
}

#[test]
fn what_fairy_stockfish_refuses_polyfen_refuses_and_names() {
    let mut missed = Vec::new();
    let mut refused_more = Vec::new();
    let (mut rows, mut gating) = (0, 0);
    for line in VALIDATE.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [variant, fen, code] = fields[..] else { panic!("a row of three fields: {line}") };
        rows += 1;
        let valid = code == "1";
        match (valid, verdict(variant, fen)) {
            (false, None) if code == "-5" && gating_only(fen) => gating += 1,
            (false, None) => missed.push(format!("{variant} {fen}: pyffish {code}")),
            (true, Some(why)) => refused_more.push(format!("{variant} {fen}: {why}")),
            _ => {}
        }
    }
    println!("{rows} rows; {} missed, {} refused more, {gating} gating rights kept", missed.len(), refused_more.len());
    assert_eq!(gating, 2, "the setups whose gating rights pyffish refuses once the king has moved");
    assert!(missed.is_empty(), "{} setups pyffish refuses and polyfen takes:\n{}", missed.len(), missed.join("\n"));
    assert!(
        refused_more.is_empty(),
        "{} setups pyffish takes and polyfen refuses:\n{}",
        refused_more.len(),
        refused_more.join("\n")
    );
}
