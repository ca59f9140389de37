//! The rules against published perft counts and the corpus's legal moves.

use polyfen_shogi::{Position, Sfen, Status};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus/shogi");

fn position(sfen: &str) -> Position {
    let setup: Sfen = sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let start = Position::start();
    let counts = [1, 30, 900, 25_470, 719_731];
    for (depth, &n) in counts.iter().enumerate() {
        assert_eq!(start.perft(depth as u32), n, "depth {depth}");
    }
}

/// Every row of `positions.tsv`: the exact set of legal USI moves, the
/// count, and checkmate where there is none.
#[test]
fn every_corpus_position_has_exactly_the_legal_moves_of_the_peers() {
    let text = std::fs::read_to_string(format!("{CORPUS}/positions.tsv")).expect("positions.tsv");
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (sfen, count, expected) = (cols[0], cols[1].parse::<u64>().expect("a count"), cols[2]);
        let p = position(sfen);
        let mut ours: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
        ours.sort_unstable();
        let mut want: Vec<&str> = expected.split(' ').filter(|m| !m.is_empty()).collect();
        want.sort_unstable();
        assert_eq!(ours, want, "{sfen}");
        assert_eq!(p.count_legal(), count, "{sfen}");
        let status = p.status();
        if count == 0 {
            assert_eq!(status, Status::Checkmate, "{sfen}");
        } else {
            assert_eq!(status, Status::Ongoing, "{sfen}");
        }
        rows += 1;
    }
    assert_eq!(rows, 500);
}
