//! The Shogi perft of polyfen and of each peer, counted the same way (the
//! last ply by counting the legal moves), and polyfen's side of the
//! notation workloads cshogi is compared on (`bench/shogi_cshogi.py`),
//! shared by the `shogi_rules` benchmark and the `shogi_perft` example.

#![allow(dead_code)] // each user takes what it measures

use std::hint::black_box;
use std::ops::ControlFlow;

use polyfen_bench::Rng;
use polyfen_shogi::{Position, Sfen, ShogiMoveNotation};
use shogi_usi_parser::FromUsi;

/// A middle game with drops for both sides (rsshogi's "tactical" bench
/// position): 4,809,015 leaves at depth 3.
pub const MIDDLE: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

/// The positions measured: name, SFEN, depth, leaves.
pub const POSITIONS: [(&str, &str, u32, u64); 2] =
    [("start-d4", polyfen_shogi::START_SFEN, 4, 719_731), ("middle-d3", MIDDLE, 3, 4_809_015)];

pub fn poly(sfen: &str) -> Position {
    let setup: Sfen = sfen.parse().expect("SFEN");
    Position::from_setup(&setup).expect("legal position")
}

/// A position as polyfen and each peer hold it.
pub struct Boards {
    pub polyfen: Position,
    pub shunsai: shunsai::Position,
    pub haitaka: haitaka::Board,
    pub rsshogi: rsshogi::board::Position,
    pub lite: shogi_core::PartialPosition,
}

/// The position of `sfen` for polyfen and each peer.
pub fn boards(sfen: &str) -> Boards {
    Boards {
        polyfen: poly(sfen),
        shunsai: shunsai_position(sfen),
        haitaka: haitaka::Board::from_sfen(sfen).expect("SFEN"),
        rsshogi: rsshogi::board::Position::from_sfen(sfen).expect("SFEN"),
        lite: shogi_core::PartialPosition::from_usi(&format!("sfen {sfen}")).expect("SFEN"),
    }
}

pub fn shunsai_position(sfen: &str) -> shunsai::Position {
    let partial = shogi_core::PartialPosition::from_usi(&format!("sfen {sfen}")).expect("SFEN");
    shunsai::Position::new(partial)
}

pub fn shunsai_perft(position: &mut shunsai::Position, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        let _ = position.generate_moves(|set| {
            nodes += set.len() as u64;
            ControlFlow::Continue(())
        });
        return nodes;
    }
    let mut moves = Vec::new();
    let _ = position.generate_moves(|set| {
        moves.extend(set);
        ControlFlow::Continue(())
    });
    for mv in moves {
        let undo = position.do_move(mv);
        nodes += shunsai_perft(position, depth - 1);
        position.undo_move(mv, undo);
    }
    nodes
}

pub fn haitaka_perft(board: &haitaka::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            // the iterator's length counts promotions (`PieceMoves::len`
            // counts target squares)
            nodes += moves.into_iter().len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += haitaka_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

pub fn rsshogi_perft(position: &rsshogi::board::Position, depth: u32) -> u64 {
    rsshogi::board::perft::perft(position, u8::try_from(depth).expect("depth")).expect("perft").nodes
}

pub fn lite_perft(position: &shogi_core::PartialPosition, depth: u32) -> u64 {
    shogi_legality_lite::perft::perft(position.clone(), depth as usize).all
}

/// Seeded random games from the start, as USI moves, with the SFEN before
/// each move. The move is picked among the legal moves sorted, so that the
/// games do not depend on the order the generator finds them in.
pub fn games(count: usize) -> Vec<Vec<(String, String)>> {
    let mut rng = Rng::new(0x005E_0061);
    (0..count)
        .map(|_| {
            let mut position = Position::start();
            let mut game = Vec::new();
            for _ in 0..150 {
                let mut moves = position.legal_moves().to_vec();
                if moves.is_empty() {
                    break;
                }
                moves.sort_unstable();
                let mv = moves[rng.below(moves.len())];
                game.push((position.to_setup().to_string(), mv.to_string()));
                position.play(mv);
            }
            game
        })
        .collect()
}

/// Writes the inputs for `bench/shogi_cshogi.py`: one line per ply, the
/// game's number, the SFEN before the move and the move in USI, to
/// `polyfen-shogi-bench.tsv` in the temporary folder.
pub fn write_inputs(games: &[Vec<(String, String)>]) {
    use std::fmt::Write as _;
    let mut out = String::new();
    for (i, game) in games.iter().enumerate() {
        for (sfen, usi) in game {
            let _ = writeln!(out, "{i}\t{sfen}\t{usi}");
        }
    }
    let path = std::env::temp_dir().join("polyfen-shogi-bench.tsv");
    std::fs::write(&path, out).expect("the inputs for shogi_cshogi.py");
}

/// Reads and validates each SFEN; the number found valid.
pub fn sfen_read_validate(sfens: &[&str]) -> usize {
    let mut valid = 0usize;
    for sfen in sfens {
        let setup: Sfen = black_box(sfen).parse().expect("SFEN");
        valid += usize::from(setup.validate().is_empty());
    }
    valid
}

/// Replays each game from the start, reading each move in USI and writing
/// it in KIF; the bytes written.
pub fn usi_to_kif(games: &[Vec<(String, String)>]) -> usize {
    let mut written = 0usize;
    for game in games {
        let mut position = Position::start();
        let mut previous = None;
        for (_, usi) in game {
            let mv = ShogiMoveNotation::Usi.read(&position, usi).expect("legal USI");
            written += ShogiMoveNotation::Kif.write_after(&position, previous, mv).len();
            previous = Some(mv.to());
            position.play(mv);
        }
    }
    written
}
