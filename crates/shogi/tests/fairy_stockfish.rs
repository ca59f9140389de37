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

/// A Shogi row of the corpus: its FEN, the position it reads as, and
/// pyffish's legal moves in UCI and in SAN (none for `-`).
struct Row {
    fen: String,
    position: ShogiPosition,
    uci: Vec<String>,
    san: Vec<String>,
}

/// The corpus's Shogi rows; none without the corpus.
fn rows() -> Vec<Row> {
    let Some(dir) = CORPUS.get() else { return Vec::new() };
    let text = std::fs::read_to_string(dir.join("positions.tsv")).expect("the corpus");
    let words = |s: &str| if s == "-" { Vec::new() } else { s.split(' ').map(str::to_owned).collect() };
    polyfen_test_support::tsv_rows(&text)
        .into_iter()
        .filter(|cols| cols[0] == "shogi")
        .map(|cols| {
            let position = ShogiPosition::read_default(&cols[1]).unwrap_or_else(|e| panic!("{}: {e}", cols[1]));
            Row { position, uci: words(&cols[2]), san: words(&cols[3]), fen: cols[1].clone() }
        })
        .collect()
}

#[test]
fn pyffishs_shogi_positions_read_with_pyffishs_moves() {
    let rows = rows();
    for Row { fen, position, uci, .. } in &rows {
        let usi = position.legal_moves(ShogiMoveNotation::Usi, &RuleOptions::default()).expect("moves");
        let mut moves: Vec<String> = usi.iter().map(|m| fairy_move(m)).collect();
        moves.sort();
        assert_eq!(&moves, uci, "{fen}");
    }
    assert!(CORPUS.get().is_none() || rows.len() >= 10, "{}", rows.len());
}

/// pyffish writes Shogi's SAN in Hodges' notation with numbers
/// (`western-numeric`): every legal move of the corpus's Shogi positions is
/// written so, and each text reads back to its move, strictly.
#[test]
fn pyffishs_shogi_moves_are_written_in_hodges_with_numbers_as_pyffish_writes_them() {
    use polyfen_game::MoveToPlay;
    let mut checked = 0;
    for Row { fen, position, uci, san } in rows() {
        let rules = RuleOptions::default();
        let usi = position.legal_moves(ShogiMoveNotation::Usi, &rules).expect("moves");
        let ours = position.legal_moves(ShogiMoveNotation::WesternNumeric, &rules).expect("moves");
        let mut pairs: Vec<(String, String)> = usi.iter().map(|m| fairy_move(m)).zip(ours).collect();
        pairs.sort();
        let theirs: Vec<(String, String)> = uci.into_iter().zip(san).collect();
        assert_eq!(pairs, theirs, "{fen}");
        for (uci, written) in &theirs {
            let mut next = position.clone();
            let to_play = MoveToPlay { text: written, write_as: ShogiMoveNotation::UciFsf, lenient: false };
            let played = next.play_with(to_play, &rules).unwrap_or_else(|e| panic!("{fen} {written}: {e}"));
            assert_eq!((&played.text, played.repairs.len()), (uci, 0), "{fen} {written}");
            checked += 1;
        }
    }
    println!("{checked} moves");
    assert!(CORPUS.get().is_none() || checked >= 300, "{checked}");
}
