//! The reading of a record's SAN among the moves of the piece it names to
//! the squares it names, beside the reading of every legal move in every
//! notation, over the positions of the fairy corpus: every legal move's
//! SAN and long algebraic text, with and without check marks, and texts
//! that are wrong or name several moves (a SAN without the origin it
//! needs, without its `x`, to another square).

use std::sync::Arc;

use super::FairyPosition;
use crate::rules::{Move, Position, corpus_rows};

/// The texts read at one legal move: its SAN with and without its mark, a
/// mark it does not have, its long algebraic text with and without a mark,
/// and the SAN with its second character left out, its `x` left out and its
/// last digit changed.
fn texts_of(san: &str, lan: &str) -> Vec<String> {
    let bare = san.trim_end_matches(['+', '#']);
    let mut texts = vec![san.to_owned(), bare.to_owned(), format!("{bare}+"), format!("{bare}#"), lan.to_owned()];
    texts.push(format!("{lan}+"));
    if let Some((at, _)) = bare.char_indices().nth(1) {
        let mut shorter = bare.to_owned();
        shorter.remove(at);
        texts.push(shorter);
    }
    if bare.contains('x') {
        texts.push(bare.replacen('x', "", 1));
    }
    if let Some(at) = bare.rfind(|c: char| c.is_ascii_digit()) {
        let digit = bare.as_bytes()[at];
        let other = if digit == b'1' { '2' } else { char::from(digit - 1) };
        texts.push(format!("{}{other}{}", &bare[..at], &bare[at + 1..]));
    }
    texts
}

/// One position of the corpus in fifty is read both ways at every text
/// (the reading of every legal move writes each in every notation, with
/// its marks); at the others the quick reading is compared with the SAN
/// of every legal move, written without marks.
const EVERY_WAY: usize = 50;

#[test]
fn a_san_read_by_its_piece_and_squares_is_read_as_among_every_legal_move() {
    let Some(rows) = corpus_rows::rows() else { return };
    let (mut texts, mut both_ways, mut quick, mut sans, mut refused) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let (mut quick_lans, mut lans) = (0usize, 0usize);
    let mut differences = Vec::new();
    for corpus_rows::Row { index: row, name, fen, moves, rules, position } in rows {
        if moves == "-" {
            continue;
        }
        let pos = FairyPosition { name: "corpus", rules: Arc::clone(&rules), position: Box::new(position) };
        let written = rules.legal_san(&pos.position);
        let whole = rules.must_capture || rules.must_drop || rules.pass_on_stalemate.iter().any(|&pass| pass);
        // the one legal move whose SAN, marks aside, is the text's; where
        // none is, the one whose long algebraic text is
        let unmarked: Vec<(Move, &str)> =
            written.iter().map(|(m, san)| (*m, san.trim_end_matches(['+', '#']))).collect();
        let long: Vec<(Move, String)> = written
            .iter()
            .map(|(m, _)| (*m, rules.lan(&pos.position, *m).trim_end_matches(['+', '#']).to_owned()))
            .collect();
        let only = |text: &str| {
            let wanted = text.trim().trim_end_matches(['+', '#']);
            let by = |texts: &mut dyn Iterator<Item = (Move, &str)>| {
                let mut found = texts.filter(|(_, t)| *t == wanted).map(|(m, _)| m);
                let first = found.next();
                (first, found.next().is_some())
            };
            let (first, more) = by(&mut unmarked.iter().copied());
            let (first, more) = if first.is_none() && wanted.contains(['-', 'x']) {
                by(&mut long.iter().map(|(m, t)| (*m, t.as_str())))
            } else {
                (first, more)
            };
            if more || rules.shogi_notation { None } else { first }
        };
        for (m, san) in &written {
            let lan = rules.lan(&pos.position, *m);
            for text in texts_of(san, &lan) {
                let fast = pos.san_to_its_square(text.trim());
                texts += 1;
                quick += usize::from(fast.is_some() && text == *san);
                sans += usize::from(text == *san && !rules.shogi_notation && !whole);
                quick_lans += usize::from(fast.is_some() && text == lan);
                lans += usize::from(text == lan && !rules.shogi_notation && !whole);
                // the quick reading finds the move the SANs name, or leaves
                // the text to the reading of every move: a castling, or a
                // game whose rules choose among all the legal moves
                let missed = fast.is_none() && only(&text).is_some() && !text.starts_with("O-O") && !whole;
                if fast.is_some_and(|f| Some(f) != only(&text)) || missed {
                    differences.push(format!("{name} {fen} {text:?}: {fast:?}, by every SAN {:?}", only(&text)));
                }
                if row % EVERY_WAY == 0 {
                    let (ours, every) = (pos.legal_move(&text), pos.read_among_all(&text));
                    both_ways += 1;
                    refused += usize::from(every.is_err());
                    if ours != every {
                        differences.push(format!("{name} {fen} {text:?}: {ours:?}, among every move {every:?}"));
                    }
                }
            }
        }
    }
    println!(
        "{texts} texts ({both_ways} read both ways, {refused} refused); {quick} of {sans} SANs and \
         {quick_lans} of {lans} long algebraic texts read the quick way"
    );
    let shown = differences.len().min(20);
    assert!(differences.is_empty(), "{} differ:\n{}", differences.len(), differences[..shown].join("\n"));
    assert!(texts > 300_000 && both_ways > 5_000, "the corpus's positions read: {texts} texts, {both_ways} both ways");
    assert!(refused > 1_000, "wrong and ambiguous texts among them: {refused}");
    // nearly every SAN of the games written in SAN, where the rules do not
    // choose among all the legal moves, is read the quick way
    assert!(quick >= sans * 9 / 10, "{quick} of {sans} SANs read the quick way");
    // and their long algebraic texts, which name the origin too
    assert!(quick_lans >= lans * 9 / 10, "{quick_lans} of {lans} long algebraic texts read the quick way");
}

/// A king in check may not move in Makpong (a rook on its file, a rook of
/// its own to block): the few moves a SAN names are tried one by one, and
/// the check is looked for there, as pyffish has it (`Rd2` alone; in
/// Makruk the king's four steps too; out of check, Makpong's king moves).
#[test]
fn a_king_in_check_is_held_in_makpong_when_a_san_is_read() {
    let at = |name: &'static str, fen: &str| {
        let rules = crate::registry::rules(name).expect("a built-in game");
        let position = Position::from_fen(&rules, fen).expect("a position");
        FairyPosition { name, rules, position: Box::new(position) }
    };
    let checked = "4k3/3r4/8/8/8/8/R7/3K4 w - - 0 1";
    let makpong = at("makpong", checked);
    for king in ["Ke1", "Ke2", "Kc1", "Kc2"] {
        assert_eq!(makpong.san_to_its_square(king), None, "{king}");
        let error = makpong.legal_move(king).expect_err(king);
        assert!(error.to_string().contains("is not a legal move of makpong"), "{error}");
    }
    assert!(makpong.legal_move("Rd2").is_ok());
    let makruk = at("makruk", checked);
    for king in ["Ke1", "Ke2", "Kc1", "Kc2"] {
        assert!(makruk.san_to_its_square(king).is_some(), "{king}");
    }
    let free = at("makpong", "4k3/4r3/8/8/8/8/R7/3K4 w - - 0 1");
    for king in ["Kc1", "Kc2", "Kd2"] {
        assert!(free.san_to_its_square(king).is_some(), "{king}");
    }
    assert!(free.legal_move("Ke1").is_err(), "e1 is attacked");
}
