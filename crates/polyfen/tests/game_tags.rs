//! The tags that choose a game come from each game's declared tags, looked
//! up over the list of games.

use polyfen::records::{GameOptions, read_pgn};
use polyfen::{MoveNotation, VariantId};

fn first(pgn: &str) -> polyfen::records::GameResult {
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
    assert_eq!(
        error.message(),
        "the variant 'go' is not one polyfen plays (chess, chess960, crazyhouse, three-check, king of the hill, \
         atomic, antichess, horde, racing kings, xiangqi, khet, shogi, fairy)"
    );
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

#[test]
fn a_variant_tag_chooses_the_rules_of_its_game() {
    let names = polyfen_test_support::CHESS_VARIANT_NAMES;
    for (tag, id) in names {
        assert_eq!(VariantId::of_variant_tag(tag), Some((VariantId::Chess, Some(id))), "{tag}");
        assert_eq!(
            VariantId::of_rules(tag).map(|(game, rules)| (game, rules.id)),
            Some((VariantId::Chess, id)),
            "{tag}"
        );
    }
    assert_eq!(VariantId::of_variant_tag("Chess960"), Some((VariantId::Chess, None)));
    assert!(VariantId::of_rules("chess960").is_none());
    // the start position is the variant's, and its rules play the moves
    let horde = first("[Variant \"Horde\"]\n\n1. e5 d5 2. exd6 *").expect("a horde game");
    assert_eq!(polyfen::Position::rules(&horde.start), Some("horde"));
    let atomic = first("[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 *").expect("an atomic game");
    let mut pgn = String::new();
    atomic.write_pgn(None, &mut pgn).expect("written");
    assert!(pgn.contains("[Variant \"Atomic\"]\n") && pgn.ends_with("1. e4 d5 2. exd5 *\n\n"), "{pgn}");
    // the explosion took white's pawn with black's: 3. dxc6 is standard chess only
    assert!(first("[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 c6 3. dxc6 *").is_err());
    assert!(first("1. e4 d5 2. exd5 c6 3. dxc6 *").is_ok());
    // a Chess960 start in a FEN tag, played under atomic rules
    let fen = "[Variant \"Atomic\"]\n[FEN \"8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1\"]\n\n1. O-O *";
    let castled = first(fen).expect("castles");
    assert_eq!(polyfen::Position::rules(&castled.start), Some("atomic"));
}

#[test]
fn a_variant_game_without_its_tag_is_written_with_it_and_its_json_round_trips() {
    let game = first("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *").expect("drops");
    let json = game.to_json(None).expect("its JSON");
    assert_eq!(json.rules.as_deref(), Some("crazyhouse"));
    let mut back = json.to_game().expect("read back");
    assert_eq!(back.start, game.start);
    back.tags.retain(|(name, _)| name != "Variant");
    let mut pgn = String::new();
    back.write_pgn(None, &mut pgn).expect("written");
    assert!(pgn.contains("[Variant \"Crazyhouse\"]\n"), "{pgn}");
    assert!(pgn.contains("4. P@d4 *"), "{pgn}");
    let again = first(&pgn).expect("read again");
    assert_eq!(again.start, game.start);
}
