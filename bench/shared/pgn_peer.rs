//! The peer of `polyfen games validate`: pgn-reader + shakmaty in the
//! shape of the shakmaty project's `validate` example (the `FEN` tag read,
//! every move of the main line played, variations skipped; a game's output
//! is whether every move was legal). Included by the `pgn` benchmark and
//! the `pgn_peer` example with `#[path]`.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

#[macro_use]
#[path = "main_line.rs"]
mod main_line;

/// The validator: a game's output is `true` when every move was legal.
pub struct Validator;

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;
    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        ControlFlow::Continue(None)
    }
    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name == b"FEN" {
            let Ok(fen) = Fen::from_ascii(value.as_bytes()) else { return ControlFlow::Break(false) };
            let Ok(pos) = fen.into_position(CastlingMode::Chess960) else { return ControlFlow::Break(false) };
            *tags = Some(pos);
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }
    play_main_line!(Chess);
}
