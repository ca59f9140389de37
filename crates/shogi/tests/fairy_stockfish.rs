//! Shogi as Fairy-Stockfish writes it: every Shogi position of the fairy
//! corpus (written by pyffish, its hand in brackets, white moving first)
//! reads as the SFEN it stands for, and its legal moves, written in
//! Fairy-Stockfish's coordinates (files a to i from the first player's
//! left, ranks 1 to 9 from the first player's side), are pyffish's.

use polyfen_game::{GamePosition, RuleOptions};
use polyfen_shogi::{ShogiMoveNotation, ShogiPosition};
use polyfen_test_support::Corpus;

const CORPUS: Corpus = Corpus::new("fairy");

/// A USI square (`7g`) in Fairy-Stockfish's coordinates (`c3`).
fn square(usi: &[u8]) -> String {
    let file = b'a' + (b'9' - usi[0]);
    let rank = b'9' - (usi[1] - b'a');
    format!("{}{}", file as char, rank as char)
}

/// A USI move (`7g7f`, `P*5e`, `8h2b+`) as Fairy-Stockfish writes it
/// (`c3c4`, `P@e5`, `b2h8+`).
fn fairy_move(usi: &str) -> String {
    let b = usi.as_bytes();
    if b[1] == b'*' {
        return format!("{}@{}", b[0] as char, square(&b[2..4]));
    }
    format!("{}{}{}", square(&b[0..2]), square(&b[2..4]), &usi[4..])
}

#[test]
fn pyffishs_shogi_positions_read_with_pyffishs_moves() {
    let Some(dir) = CORPUS.get() else { return };
    let text = std::fs::read_to_string(dir.join("positions.tsv")).expect("the corpus");
    let mut checked = 0;
    for line in text.lines().filter(|l| l.starts_with("shogi\t")) {
        let cols: Vec<&str> = line.split('\t').collect();
        let position = ShogiPosition::read_default(cols[1]).unwrap_or_else(|e| panic!("{}: {e}", cols[1]));
        let usi = position.legal_moves(ShogiMoveNotation::Usi, &RuleOptions::default()).expect("moves");
        let mut moves: Vec<String> = usi.iter().map(|m| fairy_move(m)).collect();
        moves.sort();
        let expected: Vec<&str> = if cols[2] == "-" { Vec::new() } else { cols[2].split(' ').collect() };
        assert_eq!(moves, expected, "{}", cols[1]);
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}

/// pyffish writes Shogi's SAN in Hodges' notation with numbers
/// (`western-numeric`): every legal move of the corpus's Shogi positions is
/// written so, and each text reads back to its move, strictly.
#[test]
fn pyffishs_shogi_moves_are_written_in_hodges_with_numbers_as_pyffish_writes_them() {
    use polyfen_game::MoveToPlay;
    let Some(dir) = CORPUS.get() else { return };
    let text = std::fs::read_to_string(dir.join("positions.tsv")).expect("the corpus");
    let mut checked = 0;
    for line in text.lines().filter(|l| l.starts_with("shogi\t")) {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[2] == "-" {
            continue;
        }
        let position = ShogiPosition::read_default(cols[1]).unwrap_or_else(|e| panic!("{}: {e}", cols[1]));
        let rules = RuleOptions::default();
        let usi = position.legal_moves(ShogiMoveNotation::Usi, &rules).expect("moves");
        let ours = position.legal_moves(ShogiMoveNotation::WesternNumeric, &rules).expect("moves");
        let mut pairs: Vec<(String, String)> = usi.iter().map(|m| fairy_move(m)).zip(ours).collect();
        pairs.sort();
        let theirs: Vec<(String, String)> =
            cols[2].split(' ').map(str::to_owned).zip(cols[3].split(' ').map(str::to_owned)).collect();
        assert_eq!(pairs, theirs, "{}", cols[1]);
        for (uci, written) in &theirs {
            let mut next = position.clone();
            let to_play = MoveToPlay { text: written, write_as: ShogiMoveNotation::UciFsf, lenient: false };
            let played = next.play_with(to_play, &rules).unwrap_or_else(|e| panic!("{} {written}: {e}", cols[1]));
            assert_eq!((&played.text, played.repairs.len()), (uci, 0), "{} {written}", cols[1]);
            checked += 1;
        }
    }
    println!("{checked} moves");
    assert!(checked >= 300, "{checked}");
}
