//! The notation a PGN game's moves are written in, so that `games/convert`
//! answers a game in its file's own notation when no other is asked for (a
//! Xiangqi game written in Chinese stays in Chinese, not ICCS).

use polyfen::MoveNotation;
use polyfen::games::Game;
use polyfen::games::pgn::{Flow, Here, Location, PgnError, PgnReader, Visitor};

/// The first move of each game of a PGN text, as written.
#[derive(Default)]
struct FirstMoves {
    moves: Vec<Option<String>>,
}

impl Visitor for FirstMoves {
    type Output = ();
    fn begin_game(&mut self, _: u64, _: Location) {
        self.moves.push(None);
    }
    fn san(&mut self, text: &str, _: &Here<'_>) -> Flow {
        // a game's first move is on its main line: no variation comes
        // before a move
        if let Some(first @ None) = self.moves.last_mut() {
            *first = Some(text.to_owned());
        }
        Flow::Continue
    }
    fn end_game(&mut self, _: Option<PgnError>) {}
}

/// The first move of each game of `pgn`, in the order of the games.
pub(crate) fn first_moves(pgn: &[u8]) -> Vec<Option<String>> {
    let mut firsts = FirstMoves::default();
    let mut reader = PgnReader::new(pgn);
    while let Ok(Some(())) = reader.read_game(&mut firsts) {}
    firsts.moves
}

/// The notation `first` (the game's first move as written) is in, when it
/// is `game`'s first move; `None` (the game's PGN notation) otherwise.
pub(crate) fn own_notation(game: &Game, first: Option<&str>) -> Option<MoveNotation> {
    let first = first?;
    let played = game.moves.first()?;
    let (notation, forms) = polyfen::explain::move_forms(&game.start, first).ok()?;
    // the same move as the game's: the text belongs to this game
    let coordinates = polyfen::games::coordinates(game.variant);
    forms.iter().any(|(n, text)| *n == coordinates && *text == played.mv).then_some(notation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyfen::games::{GameOptions, Games};

    fn notation(pgn: &str) -> Vec<Option<MoveNotation>> {
        let firsts = first_moves(pgn.as_bytes());
        Games::new(pgn.as_bytes(), GameOptions::default())
            .map_while(Result::ok)
            .enumerate()
            .map(|(i, game)| own_notation(&game.ok()?, firsts.get(i).cloned().flatten().as_deref()))
            .collect()
    }

    #[test]
    fn each_game_keeps_the_notation_it_is_written_in() {
        let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e2e4 e7e5 *\n\n\
                   [Event \"c\"]\n[Variant \"xiangqi\"]\n\n1. 炮二平五 马８进７ *\n\n\
                   [Event \"d\"]\n[Variant \"xiangqi\"]\n\n1. C2.5 h8+7 *\n\n[Event \"e\"]\n\n*\n";
        assert_eq!(
            notation(pgn),
            [
                Some(MoveNotation::San),
                Some(MoveNotation::Uci),
                Some(MoveNotation::Chinese),
                Some(MoveNotation::Wxf),
                None
            ]
        );
    }
}
