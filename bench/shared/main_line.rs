//! What the peers' PGN validators (`pgn_peer.rs`, `variant_pgn.rs`) do
//! alike once a game's start is read: every move of the main line played,
//! variations skipped. Included by both with `#[path]`.

/// The `pgn_reader::Visitor` methods of a validator whose movetext is the
/// shakmaty position `$pos`: each SAN move played (a move that is not
/// legal ends the game, its output `false`), variations skipped, and a
/// game played to its end is `true`. Wants `ControlFlow`, `SanPlus` and
/// `Skip` in scope, and shakmaty's `Position` trait.
macro_rules! play_main_line {
    ($pos:ty) => {
        fn san(&mut self, pos: &mut $pos, san_plus: SanPlus) -> ControlFlow<bool> {
            match san_plus.san.to_move(pos) {
                Ok(m) => {
                    pos.play_unchecked(m);
                    ControlFlow::Continue(())
                }
                Err(_) => ControlFlow::Break(false),
            }
        }
        fn begin_variation(&mut self, _: &mut $pos) -> ControlFlow<bool, Skip> {
            ControlFlow::Continue(Skip(true))
        }
        fn end_game(&mut self, _: $pos) -> bool {
            true
        }
    };
}
