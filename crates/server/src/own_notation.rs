//! The notation a PGN game's moves are written in, so that `games/convert`
//! answers a game in its file's own notation when no other is asked for (a
//! Xiangqi game written in Chinese stays in Chinese, not ICCS).

use polyfen::records::Game;
use polyfen::records::pgn::{Flow, Here, Location, PgnError, PgnReader, Visitor};
use polyfen::{MoveNotation, Position, RuleOptions};

/// How many of a game's first moves are looked at: enough to tell apart
/// notations that write some moves alike (Chinese in either script, SAN
/// and LAN for a pawn's push).
const LOOK: usize = 6;

/// The first moves of each game of a PGN text's main line, as written.
#[derive(Default)]
struct FirstMoves {
    games: Vec<Vec<String>>,
    depth: usize,
}

impl Visitor for FirstMoves {
    type Output = ();
    fn begin_game(&mut self, _: u64, _: Location) {
        self.games.push(Vec::new());
        self.depth = 0;
    }
    fn san(&mut self, text: &str, _: &Here<'_>) -> Flow {
        if let Some(moves) = self.games.last_mut()
            && self.depth == 0
            && moves.len() < LOOK
        {
            moves.push(text.to_owned());
        }
        Flow::Continue
    }
    fn begin_variation(&mut self, _: &Here<'_>) -> Flow {
        self.depth += 1;
        Flow::Continue
    }
    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
    fn end_game(&mut self, _: Option<PgnError>) {}
}

/// The first moves of each game of `pgn`'s main line, in the order of the
/// games.
pub(crate) fn first_moves(pgn: &[u8]) -> Vec<Vec<String>> {
    let mut firsts = FirstMoves::default();
    let mut reader = PgnReader::new(pgn);
    while let Ok(Some(())) = reader.read_game(&mut firsts) {}
    firsts.games
}

/// The notation `written` (the game's first moves as written) is in, when
/// they are `game`'s first moves: the first of the game's notations that
/// writes each of them so; `None` (the game's PGN notation) otherwise.
pub(crate) fn own_notation(game: &Game, written: &[String]) -> Option<MoveNotation> {
    if written.is_empty() {
        return None;
    }
    let coordinates = polyfen::records::coordinates(game.variant);
    let strip = |s: &str| s.trim().trim_end_matches(['+', '#', '!', '?']).to_owned();
    let mut candidates: Vec<MoveNotation> = game.variant.move_notations().to_vec();
    let mut position = game.start.clone();
    for (text, node) in written.iter().zip(&game.moves) {
        let (_, forms) = polyfen::explain::move_forms(&position, text).ok()?;
        // the same move as the game's: the text belongs to this game
        if !forms.iter().any(|(n, form)| *n == coordinates && *form == node.mv) {
            return None;
        }
        let kept: Vec<MoveNotation> = candidates
            .iter()
            .copied()
            .filter(|c| forms.iter().any(|(n, form)| n == c && strip(form) == strip(text)))
            .collect();
        if kept.is_empty() {
            break;
        }
        candidates = kept;
        position.play(&node.mv, coordinates, &RuleOptions::default()).ok()?;
    }
    candidates.first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyfen::records::{GameOptions, Games};

    fn notation(pgn: &str) -> Vec<Option<MoveNotation>> {
        let firsts = first_moves(pgn.as_bytes());
        Games::new(pgn.as_bytes(), GameOptions::default())
            .map_while(Result::ok)
            .enumerate()
            .map(|(i, game)| own_notation(&game.ok()?, firsts.get(i).map_or(&[], Vec::as_slice)))
            .collect()
    }

    #[test]
    fn each_game_keeps_the_notation_it_is_written_in() {
        let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e2e4 e7e5 *\n\n\
                   [Event \"c\"]\n[Variant \"xiangqi\"]\n\n1. 炮二平五 马８进７ *\n\n\
                   [Event \"d\"]\n[Variant \"xiangqi\"]\n\n1. C2.5 h8+7 *\n\n[Event \"e\"]\n\n*\n\n\
                   [Variant \"xiangqi\"]\n\n1. 炮二平五 (1. 炮八平五 马２进３) 1... 馬８進７ *\n\n\
                   1. e2-e4 (1. d4) 1... e7-e5 *\n";
        assert_eq!(
            notation(pgn),
            [
                Some(MoveNotation::San),
                Some(MoveNotation::Uci),
                Some(MoveNotation::Chinese),
                Some(MoveNotation::Wxf),
                None,
                Some(MoveNotation::ChineseTraditional),
                Some(MoveNotation::Lan),
            ]
        );
    }
}
