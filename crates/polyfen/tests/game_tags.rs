//! The tags that choose a game come from each game's declared tags, looked
//! up over the list of games.

use polyfen::games::{GameOptions, read_pgn};
use polyfen::{MoveNotation, VariantId};

fn first(pgn: &str) -> polyfen::games::GameResult {
    read_pgn(pgn, GameOptions::default()).remove(0)
}

#[test]
fn each_game_answers_to_its_tags() {
    let cases = [
        ("[Variant \"Chinese Chess\"]\n\n1. h2e2 *", VariantId::Xiangqi),
        ("[Game \"Xiangqi\"]\n\n1. h2e2 *", VariantId::Xiangqi),
        ("[Red \"a\"]\n\n1. h2e2 *", VariantId::Xiangqi),
        ("[RedTeam \"a\"]\n\n*", VariantId::Xiangqi),
        ("[Variant \"Fischer Random\"]\n\n1. e4 *", VariantId::Chess),
        ("[Variant \"khet\"]\n[Setup \"Classic\"]\n\n*", VariantId::Khet),
        ("1. 炮二平五 *", VariantId::Xiangqi),
        ("1. e4 *", VariantId::Chess),
        ("*", VariantId::Chess),
    ];
    for (pgn, variant) in cases {
        assert_eq!(first(pgn).expect(pgn).variant, variant, "{pgn}");
    }
    // White names chess's first player: Red alone does not make it Xiangqi
    assert!(first("[White \"a\"]\n[Red \"b\"]\n\n1. h2e2 *").is_err());
}

#[test]
fn an_unknown_variant_is_refused_naming_every_games_variants() {
    let error = first("[Variant \"Go\"]\n\n*").expect_err("not played");
    assert_eq!(error.message(), "the variant 'go' is not one polyfen plays (chess, chess960, xiangqi, khet, shogi)");
    assert_eq!(VariantId::of_variant_tag("NORMAL"), Some((VariantId::Chess, None)));
}

#[test]
fn the_format_tag_is_read_and_written_by_the_games_that_have_one() {
    let game = first("[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 *").expect("WXF moves");
    let mut pgn = String::new();
    game.write_pgn(Some(MoveNotation::WxfFsf), &mut pgn).expect("written");
    assert!(pgn.starts_with("[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n"), "{pgn}");
    let chess = first("[Format \"WXF\"]\n\n1. e4 *").expect("chess keeps its tag");
    let mut pgn = String::new();
    chess.write_pgn(None, &mut pgn).expect("written");
    assert!(pgn.starts_with("[Event \"?\"]\n") && pgn.contains("[Format \"WXF\"]"), "{pgn}");
}
