//! The twins, differential: a game polyfen plays in a crate of its own
//! (chess, the seven chess variants, Xiangqi, Shogi; the first byte picks
//! it) against its definition as data. From the start, each further byte
//! picks a legal move of the data-defined twin; at every position reached
//! both give the same legal moves in Fairy-Stockfish's UCI, and the FEN the
//! data-defined twin writes is read by the crate.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyfen::{CastlingMoves, MoveNotation, Notation, Position, ReadOptions, RuleOptions, VariantId, read_as};
use polyfen_fairy::{Position as DataPosition, registry};

/// The notation a twin's crate reads Fairy-Stockfish's FEN in and the move
/// notation it writes Fairy-Stockfish's UCI in.
fn notations(game: VariantId) -> (Notation, MoveNotation) {
    match game {
        VariantId::Xiangqi => (Notation::XiangqiFen, MoveNotation::Uci1),
        VariantId::Shogi => (Notation::Sfen, MoveNotation::UciFsf),
        _ => (Notation::Fen, MoveNotation::Uci),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&choice, picks)) = data.split_first() else { return };
    let twins = polyfen::data_twins();
    let (name, game, own_rules) = twins[usize::from(choice) % twins.len()];
    let (notation, moves) = notations(game);
    let rules = registry::rules(name).expect("a twin is defined as data");
    let options = ReadOptions::default().with_rules(own_rules);
    // Fairy-Stockfish's UCI writes a castling as the king's move to its
    // square (no start of these games has a king on its castling square)
    let rule_options = RuleOptions::default().with_castling(CastlingMoves::KingTwoSquares);
    let mut position = DataPosition::start(&rules).expect("a twin's start");
    for &pick in picks.iter().take(32) {
        let fen = position.fen(&rules);
        let own = read_as(&fen, notation, &options).unwrap_or_else(|e| panic!("{name}: {fen} does not read: {e}"));
        let mut own_moves = own.position.legal_moves(moves, &rule_options).expect("legal moves");
        own_moves.sort();
        let mut data_moves = rules.legal_uci(&position);
        data_moves.sort();
        assert_eq!(own_moves, data_moves, "{name} {fen}");
        let legal = rules.legal_moves(&position);
        if legal.is_empty() {
            return;
        }
        position = rules.play(&position, legal[usize::from(pick) % legal.len()]).expect("a legal move plays");
    }
});
