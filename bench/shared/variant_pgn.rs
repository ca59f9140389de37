//! Variant game records for the PGN benchmarks: lichess-style games of
//! each chess variant (its `Variant` tag, SAN with drops `N@f3`) made by
//! seeded random playouts, and the peer of `polyfen games validate` on
//! them: pgn-reader + shakmaty's `VariantPosition` in the shape of the
//! standard-chess peer (`pgn_peer.rs`: the `FEN` tag read, every move of
//! the main line played, variations skipped). Included by the `pgn`
//! benchmark and the `variant_pgn_ratio` example with `#[path]`.

use std::fmt::Write as _;
use std::ops::ControlFlow;

use pgn_reader::{RawTag, SanPlus, Skip, Visitor};
use polyfen_bench::Rng;
use polyfen_chess::{ChessVariant, Outcome, VariantOutcome, VariantPosition};
use polyfen_core::Color;
use shakmaty::fen::Fen;
use shakmaty::variant::{Variant, VariantPosition as PeerPosition};
use shakmaty::{CastlingMode, Position as _};

#[macro_use]
#[path = "main_line.rs"]
mod main_line;

/// Random games of `variant` from its start position, at least `bytes`
/// bytes of PGN: each game up to 200 plies or its end, with its result.
#[must_use]
pub fn random_games(variant: ChessVariant, bytes: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut out = String::with_capacity(bytes + 4096);
    let mut number = 0;
    while out.len() < bytes {
        number += 1;
        let mut pos = VariantPosition::start(variant);
        let mut movetext = String::new();
        let mut result = "*";
        for ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            if ply % 2 == 0 {
                let _ = write!(movetext, "{}. ", ply / 2 + 1);
            }
            pos.write_san(m, &mut movetext);
            movetext.push(' ');
            pos.play(m);
            let wins = |c: Color| if c == Color::White { "1-0" } else { "0-1" };
            result = match pos.outcome() {
                VariantOutcome::Chess(Outcome::Ongoing) => continue,
                VariantOutcome::Won { winner, .. } => wins(winner),
                VariantOutcome::Chess(Outcome::Checkmate) => wins(pos.turn().other()),
                _ => "1/2-1/2",
            };
            break;
        }
        let _ = write!(
            out,
            "[Event \"Rated {} game\"]\n[Site \"random {number}\"]\n[White \"random\"]\n[Black \"random\"]\n\
             [Result \"{result}\"]\n[Variant \"{}\"]\n\n{movetext}{result}\n\n",
            variant.pgn_name(),
            variant.pgn_name(),
        );
    }
    out.into_bytes()
}

/// The validator: a game's output is `true` when every move was legal.
pub struct Validator;

/// The tags the validator reads: the variant and the start position.
#[derive(Default)]
pub struct Tags {
    variant: Variant,
    fen: Option<Fen>,
}

impl Visitor for Validator {
    type Tags = Tags;
    type Movetext = PeerPosition;
    type Output = bool;
    fn begin_tags(&mut self) -> ControlFlow<bool, Tags> {
        ControlFlow::Continue(Tags::default())
    }
    fn tag(&mut self, tags: &mut Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name == b"Variant" {
            let Ok(variant) = Variant::from_ascii(value.as_bytes()) else { return ControlFlow::Break(false) };
            tags.variant = variant;
        } else if name == b"FEN" {
            let Ok(fen) = Fen::from_ascii(value.as_bytes()) else { return ControlFlow::Break(false) };
            tags.fen = Some(fen);
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<bool, PeerPosition> {
        match tags.fen {
            None => ControlFlow::Continue(PeerPosition::new(tags.variant)),
            Some(fen) => match PeerPosition::from_setup(tags.variant, fen.into_setup(), CastlingMode::Chess960) {
                Ok(pos) => ControlFlow::Continue(pos),
                Err(_) => ControlFlow::Break(false),
            },
        }
    }
    play_main_line!(PeerPosition);
}
