//! The notation a PGN game's moves are written in, told by its first moves,
//! and kept when it is written back with no notation asked for.

use polyfen::MoveNotation;
use polyfen::records::{GameOptions, Games};

fn notation(pgn: &str) -> Vec<Option<MoveNotation>> {
    Games::new(pgn.as_bytes(), GameOptions::default())
        .map_while(Result::ok)
        .map(|game| game.ok()?.written_notations().first().copied())
        .collect()
}

/// Each game's notation told by its first moves, the main line's alone
/// (a variation in the other script of Chinese is not looked at).
#[test]
fn each_game_tells_the_notation_it_is_written_in() {
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
    // only checked: nothing kept
    let checked = Games::new(&b"1. e2-e4 e7-e5 *\n"[..], GameOptions::default().with_check_only(true))
        .map_while(Result::ok)
        .map(|game| game.map(|g| g.written.len()).unwrap_or_default())
        .collect::<Vec<_>>();
    assert_eq!(checked, [0]);
}
