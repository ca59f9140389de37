//! Xiangqi as Fairy-Stockfish writes it: every Xiangqi position of the
//! fairy corpus (written by pyffish), its legal moves in Fairy-Stockfish's
//! coordinates (`uci-1`, ranks 1 to 10) and in its SAN (`san-fsf`, the
//! movetext of pychess.org's records) written as pyffish writes them, and
//! each SAN read back to its move.

use polyfen_game::{GamePosition, MoveToPlay, RuleOptions};
use polyfen_test_support::Corpus;
use polyfen_xiangqi::{XiangqiMoveNotation, XiangqiPosition};

const CORPUS: Corpus = Corpus::new("fairy");

/// The Xiangqi rows of the corpus: the FEN, the UCI moves, their SAN.
fn rows() -> Vec<(String, Vec<String>, Vec<String>)> {
    let Some(dir) = CORPUS.get() else { return Vec::new() };
    let text = std::fs::read_to_string(dir.join("positions.tsv")).expect("the corpus");
    let words = |s: &str| if s == "-" { Vec::new() } else { s.split(' ').map(str::to_owned).collect() };
    polyfen_test_support::tsv_rows(&text)
        .into_iter()
        .filter(|cols| cols[0] == "xiangqi")
        .map(|cols| (cols[1].clone(), words(&cols[2]), words(&cols[3])))
        .collect()
}

#[test]
fn pyffishs_xiangqi_moves_are_written_as_pyffish_writes_them() {
    let rows = rows();
    let mut written = 0;
    for (fen, uci, san) in &rows {
        let position = XiangqiPosition::read_default(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let rules = RuleOptions::default();
        let coordinates = position.legal_moves(XiangqiMoveNotation::Uci1, &rules).expect("moves");
        let ours = position.legal_moves(XiangqiMoveNotation::SanFsf, &rules).expect("moves");
        let mut pairs: Vec<(String, String)> = coordinates.into_iter().zip(ours).collect();
        pairs.sort();
        let theirs: Vec<(String, String)> = uci.iter().cloned().zip(san.iter().cloned()).collect();
        assert_eq!(pairs, theirs, "{fen}");
        written += pairs.len();
    }
    println!("{written} moves of {} positions", rows.len());
    assert!(rows.is_empty() || written > 300, "{written} moves");
}

#[test]
fn pyffishs_xiangqi_san_reads_back_to_its_move() {
    let rows = rows();
    for (fen, uci, san) in &rows {
        let position = XiangqiPosition::read_default(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (uci, san) in uci.iter().zip(san) {
            let mut next = position.clone();
            let to_play = MoveToPlay { text: san, write_as: XiangqiMoveNotation::Uci1, lenient: false };
            let played =
                next.play_with(to_play, &RuleOptions::default()).unwrap_or_else(|e| panic!("{fen} {san}: {e}"));
            assert_eq!(played.text, *uci, "{fen} {san}");
            assert!(played.repairs.is_empty(), "{fen} {san}");
            // without the check mark too
            let bare = san.trim_end_matches(['+', '#']);
            let mut next = position.clone();
            let to_play = MoveToPlay { text: bare, write_as: XiangqiMoveNotation::Uci1, lenient: false };
            assert_eq!(next.play_with(to_play, &RuleOptions::default()).expect("reads").text, *uci);
        }
    }
}
