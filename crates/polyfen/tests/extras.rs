//! What the facade learns from each game without naming it: its extras
//! (Khet's laser) answered by name, its letter sets.

use polyfen::extras::{self, ExtraArgs};
use polyfen::polyfen_core::Color;
use polyfen::{Position, ReadOptions, RenderStyle, RulesError, VariantId, read};

const CLASSIC: &str = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";

#[test]
fn the_laser_is_an_extra_answered_as_the_game_fires_it() {
    let reading = read(CLASSIC, None, &ReadOptions::default()).expect("reads");
    let polyfen::AnyPosition::Khet(khet) = &reading.position else { panic!("a Khet position") };
    for (side, color) in [("silver", Color::White), ("red", Color::Black)] {
        let args = ExtraArgs::default().with_side(Some(side)).with_style(Some("unicode"));
        let answer = reading.position.extra("laser", &args).expect("fires");
        let shot = khet.laser(Some(color)).expect("fires");
        assert_eq!(answer.side, side);
        assert_eq!(answer.text, shot.to_string());
        assert_eq!(answer.json, serde_json::to_string(&polyfen::polyfen_khet::LaserJson::from(&shot)).expect("json"));
        assert_eq!(answer.diagram, khet.render_laser("unicode", &shot));
        let removed: Vec<String> = shot.removed().iter().map(|(square, _)| square.to_string()).collect();
        assert_eq!(answer.removed, removed);
    }
    // the side to move's by default, and no diagram unless asked for
    let answer = reading.position.extra("laser", &ExtraArgs::default()).expect("fires");
    assert_eq!((answer.side, answer.diagram), ("silver", None));
    // a style the game does not draw gives no diagram
    let args = ExtraArgs::default().with_style(Some(RenderStyle::Chinese.into()));
    assert_eq!(reading.position.extra("laser", &args).expect("fires").diagram, None);
}

#[test]
fn a_game_without_the_extra_says_so() {
    assert_eq!(extras::owners("laser"), [VariantId::Khet]);
    assert_eq!(extras::owner_list("laser"), "khet");
    assert_eq!(extras::sides("laser"), ["silver", "red"]);
    assert!(extras::owners("mirror").is_empty());
    let chess = read("chess:standard", None, &ReadOptions::default()).expect("reads").position;
    assert!(chess.variant().extras().is_empty());
    let error = chess.extra("laser", &ExtraArgs::default()).expect_err("chess has no laser");
    assert!(matches!(error, RulesError::Unsupported { variant: VariantId::Chess, .. }), "{error:?}");
    let khet = read(CLASSIC, None, &ReadOptions::default()).expect("reads").position;
    assert!(khet.extra("laser", &ExtraArgs::default().with_side(Some("blue"))).is_err());
    assert!(khet.extra("mirror", &ExtraArgs::default()).is_err());
}

#[test]
fn letter_sets_are_the_games_own() {
    assert_eq!(polyfen::letter_sets(), ["xqbase", "wxf", "iccs"]);
    assert_eq!(VariantId::Xiangqi.letter_sets(), ["xqbase", "wxf", "iccs"]);
    assert!(VariantId::Chess.letter_sets().is_empty());
    assert_eq!(polyfen::letter_set("WXF"), Some("wxf"));
    assert_eq!(polyfen::letter_set("pinyin"), None);
}
