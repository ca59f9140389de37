//! Twins: the games polyfen plays in crates of their own (chess and the
//! seven chess variants, Xiangqi, Shogi) are also defined as data in the
//! fairy crate's embedded variants file, as Fairy-Stockfish defines them.
//! Each is the other's careful twin: at every position of the corpora both
//! give the same legal moves, written in Fairy-Stockfish's UCI, and the
//! same perft counts.

use std::collections::BTreeSet;
use std::sync::Arc;

use polyfen::{
    AnyPosition, CastlingMoves, MoveNotation, Notation, Position, ReadOptions, RuleOptions, VariantId, read_as,
};
use polyfen_fairy::{Rules, registry};
use polyfen_test_support::{Corpus, perft};

const FAIRY: Corpus = Corpus::new("fairy");
const CHESS: Corpus = Corpus::new("chess");

/// A game polyfen plays in its own crate and its definition as data.
struct Twin {
    /// Fairy-Stockfish's name of the game.
    name: &'static str,
    /// The facade's rules variant, `None` for the game's standard rules.
    rules: Option<&'static str>,
    /// The notation its crate reads Fairy-Stockfish's FEN in.
    notation: Notation,
    /// The move notation its crate writes Fairy-Stockfish's UCI in.
    moves: MoveNotation,
    /// The data-defined twin.
    data: Arc<Rules>,
}

impl Twin {
    /// Every twin the facade lists.
    fn all() -> Vec<Twin> {
        polyfen::data_twins().into_iter().map(|(name, game, rules)| Twin::new(name, game, rules)).collect()
    }

    fn named(name: &str) -> Twin {
        Twin::all().into_iter().find(|t| t.name == name).unwrap_or_else(|| panic!("{name} has a twin"))
    }

    fn new(name: &'static str, game: VariantId, rules: Option<&'static str>) -> Twin {
        let (notation, moves) = match game {
            VariantId::Xiangqi => (Notation::XiangqiFen, MoveNotation::Uci1),
            VariantId::Shogi => (Notation::Sfen, MoveNotation::UciFsf),
            VariantId::Chess => (Notation::Fen, MoveNotation::Uci),
            other => panic!("{name}: no twin in {other} expected"),
        };
        let data = registry::rules(name).unwrap_or_else(|| panic!("{name} is defined as data"));
        assert!(data.unsupported().is_none(), "{name}: every rule of the definition is played");
        Twin { name, rules, notation, moves, data }
    }

    /// The position in the game's own crate.
    fn crate_position(&self, fen: &str) -> AnyPosition {
        let options = ReadOptions::default().with_rules(self.rules);
        read_as(fen, self.notation, &options)
            .unwrap_or_else(|e| panic!("{}: {fen} reads in its crate: {e}", self.name))
            .position
    }

    /// The position in the data-defined twin.
    fn data_position(&self, fen: &str) -> polyfen_fairy::Position {
        polyfen_fairy::Position::from_fen(&self.data, fen)
            .unwrap_or_else(|e| panic!("{}: {fen} reads as data: {e}", self.name))
    }

    /// The legal moves of both twins, each sorted, in Fairy-Stockfish's UCI.
    fn moves(&self, fen: &str) -> (Vec<String>, Vec<String>) {
        // Fairy-Stockfish's UCI outside its Chess960 mode writes a castling
        // as the king's move to its square (`e1g1`, `c1c1`)
        let options = RuleOptions::default().with_castling(CastlingMoves::KingTwoSquares);
        let mut own = self.crate_position(fen).legal_moves(self.moves, &options).expect("moves");
        own.sort();
        let mut data = self.data.legal_uci(&self.data_position(fen));
        data.sort();
        (own, data)
    }

    /// Both twins' perft counts at `depth`.
    fn perft(&self, fen: &str, depth: u32) -> (u64, u64) {
        let own = self.crate_position(fen).perft(depth, &RuleOptions::default()).expect("perft");
        (own, self.data.perft(&self.data_position(fen), depth))
    }

    /// The FEN of every position one legal move from `fen`, as the
    /// data-defined twin writes it.
    fn children(&self, fen: &str) -> Vec<String> {
        let pos = self.data_position(fen);
        let moves = self.data.legal_moves(&pos);
        moves.into_iter().map(|m| self.data.play(&pos, m).expect("a legal move plays").fen(&self.data)).collect()
    }
}

#[test]
fn the_twins_are_the_games_of_the_list_and_the_seven_chess_variants() {
    let names: Vec<&str> = Twin::all().iter().map(|t| t.name).collect();
    let expected = [
        "chess",
        "crazyhouse",
        "3check",
        "kingofthehill",
        "racingkings",
        "atomic",
        "horde",
        "antichess",
        "xiangqi",
        "shogi",
    ];
    let mut sorted = names.clone();
    sorted.sort_unstable();
    let mut wanted = expected.to_vec();
    wanted.sort_unstable();
    assert_eq!(sorted, wanted, "{names:?}");
}

fn tsv_rows(name: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(FAIRY.path().join(name)).expect("the fairy corpus");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

/// Where the twins differ, each line naming the game, the position and
/// the moves only one of them gives.
fn compare_moves(twin: &Twin, fen: &str, differences: &mut Vec<String>) {
    let (own, data) = twin.moves(fen);
    if own != data {
        let (a, b): (BTreeSet<_>, BTreeSet<_>) = (own.iter().collect(), data.iter().collect());
        let only_crate: Vec<_> = a.difference(&b).collect();
        let only_data: Vec<_> = b.difference(&a).collect();
        differences.push(format!("{} {fen}: only its crate {only_crate:?}, only as data {only_data:?}", twin.name));
    }
}

#[test]
fn the_twins_give_the_same_legal_moves_at_every_fairy_corpus_position_and_one_move_on() {
    if FAIRY.get().is_none() {
        return;
    }
    let rows = tsv_rows("positions.tsv");
    let mut differences = Vec::new();
    for twin in Twin::all() {
        let name = twin.name;
        let mut checked = 0;
        for row in rows.iter().filter(|r| r[0] == *name) {
            let fen = &row[1];
            let (own, _) = twin.moves(fen);
            let expected: Vec<&str> = if row[2] == "-" { Vec::new() } else { row[2].split(' ').collect() };
            assert_eq!(own, expected, "{name} {fen}: its crate's moves are pyffish's");
            compare_moves(&twin, fen, &mut differences);
            for child in twin.children(fen) {
                compare_moves(&twin, &child, &mut differences);
                checked += 1;
            }
        }
        assert!(checked >= 100, "{name}: {checked} positions");
    }
    assert!(differences.is_empty(), "{} differences:\n{}", differences.len(), differences.join("\n"));
}

#[test]
fn the_twins_count_the_same_perft_on_fairy_stockfishs_suite() {
    // the counts of a debug build's few seconds
    const MOST_NODES: u64 = 200_000;
    if FAIRY.get().is_none() {
        return;
    }
    let mut checked = 0;
    for row in tsv_rows("perft.tsv") {
        let Some(twin) = Twin::all().into_iter().find(|t| t.name == row[0]) else { continue };
        let name = twin.name;
        let (fen, depth, nodes): (&str, u32, u64) = (&row[1], row[2].parse().unwrap(), row[3].parse().unwrap());
        for d in 1..=depth {
            let (own, data) = twin.perft(fen, d);
            assert_eq!(own, data, "{name} {fen} depth {d}");
            if d == depth {
                assert_eq!(own, nodes, "{name} {fen} depth {d}: the suite's count");
            }
            checked += 1;
            if own.saturating_mul(40) > MOST_NODES {
                break;
            }
        }
    }
    assert!(checked >= 60, "{checked} counts");
}

#[test]
fn the_chess_twins_agree_on_python_chesss_perft_suites() {
    if CHESS.get().is_none() {
        return;
    }
    let twin = Twin::named("chess");
    let mut differences = Vec::new();
    let mut checked = 0;
    for (file, every) in [("pychess_tricky.perft", 1), ("pychess_random.perft", 25)] {
        let text = std::fs::read_to_string(CHESS.path().join(file)).expect("the chess corpus");
        for case in perft::cases(&text).iter().step_by(every) {
            let fen = format!("{} 0 1", case.epd.trim());
            compare_moves(&twin, &fen, &mut differences);
            let (own, data) = twin.perft(&fen, 2);
            assert_eq!(own, data, "{} {fen}: perft 2", case.id);
            if let Some(known) = case.count(2) {
                assert_eq!(own, known, "{} {fen}: the suite's perft 2", case.id);
            }
            checked += 1;
        }
    }
    // The one way they differ, a notation's and not a rule's: a castling
    // whose king stands on its square already (a Chess960 setup, which the
    // suite writes in X-FEN) is written by Fairy-Stockfish outside its
    // Chess960 mode as a king's move to where it stands (`c1c1`), which
    // UCI readers take for no move; the chess crate, as python-chess
    // does, writes it as the king taking its rook (`c1a1`).
    let expected = [
        r#"chess r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1: only its crate ["c1a1"], only as data ["c1c1"]"#,
        r#"chess r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1: only its crate ["c1a1"], only as data ["c1c1"]"#,
    ];
    assert_eq!(differences, expected);
    assert!(checked >= 250, "{checked} positions");
}
