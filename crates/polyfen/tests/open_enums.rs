//! The diagram styles and the game statuses are open: a game adds its own
//! by id, and the ones shared keep their ids.

use polyfen::{GameStatus, RenderStyle, VariantId};
use strum::IntoEnumIterator;

#[test]
fn styles_are_read_and_written_by_id_and_a_game_may_have_its_own() {
    let ids: Vec<String> = RenderStyle::iter().map(|s| s.to_string()).collect();
    assert_eq!(ids, ["ascii", "unicode", "chinese", "chinese-traditional", "svg"]);
    for style in RenderStyle::iter() {
        assert_eq!(style.id().parse::<RenderStyle>(), Ok(style));
    }
    assert!("Ascii".parse::<RenderStyle>().is_err());
    // a style no game draws is not read; one of a game's own is written by its id
    assert!("kanji".parse::<RenderStyle>().is_err());
    let own = RenderStyle::Own("kanji");
    assert_eq!((own.to_string(), <&str>::from(own)), ("kanji".to_owned(), "kanji"));
    assert_eq!(VariantId::Xiangqi.styles().last(), Some(&RenderStyle::Svg));
}

#[test]
fn a_games_own_status_is_written_by_its_id() {
    assert_eq!(GameStatus::Ended("impasse").to_string(), "impasse");
    assert_eq!(GameStatus::FiftyMoves.to_string(), "fifty-moves");
}
