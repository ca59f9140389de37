//! A game's JSON form: its round trip, the schema's keys and statuses, and
//! the JSON line written as the text of the form.
use polyfen::records::{GameJson, GameOptions, read_pgn};
use polyfen::{MoveNotation, VariantId};

mod common;

use common::*;

#[test]
fn json_form_round_trips_and_names_every_part() {
    let game = one("[White \"a\"]\n\n{c} 1. e4 $1 {x} (1. d4 d5) 1... e5 1-0");
    let json = game.to_json(Some(MoveNotation::Lan)).unwrap();
    assert_eq!(json.mainline, ["e2-e4", "e7-e5"]);
    assert_eq!(json.start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(json.end, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    let text = serde_json::to_string(&json).unwrap();
    let back: GameJson = serde_json::from_str(&text).unwrap();
    let game_back = back.to_game().unwrap();
    assert_eq!(game_back.moves, game.moves);
    assert_eq!(game_back.comments, game.comments);
    insta::assert_snapshot!("game_json", serde_json::to_string_pretty(&json).unwrap());
}

#[test]
fn json_keys_are_the_schema_s() {
    let schema: serde_json::Value = polyfen::schema::game();
    // a game read up to a bad move: every key
    let bad =
        read_pgn("{c} 1. e4 $1 {x} ({v} 1. d4 d5) 1... e5 2. Ke3 *", GameOptions::default()).remove(0).unwrap_err();
    let game = bad.partial.unwrap();
    let json = serde_json::to_value(game.to_json(None).unwrap()).unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    // and the warnings on a game's ending: a Shogi line that repeats a
    // position a fourth time without saying so
    let moves = ["2h3h", "8b7b", "3h2h", "7b8b"].repeat(3).join(" ");
    let shogi = read_pgn(&format!("[Variant \"shogi\"]\n\n{moves} *\n"), GameOptions::default()).remove(0).unwrap();
    // and the rules of a chess variant's game
    let atomic = read_pgn("[Variant \"Atomic\"]\n\n1. e4 d5 *\n", GameOptions::default()).remove(0).unwrap();
    let mut all = keys(&json);
    all.extend(keys(&serde_json::to_value(shogi.to_json(None).unwrap()).unwrap()));
    all.extend(keys(&serde_json::to_value(atomic.to_json(None).unwrap()).unwrap()));
    all.sort();
    all.dedup();
    assert_eq!(all, keys(&schema["properties"]));
    assert_eq!(keys(&json["moves"][0]), keys(&schema["$defs"]["node"]["properties"]));
    let variation = &json["moves"][0]["variations"][0];
    assert_eq!(keys(variation), keys(&schema["$defs"]["variation"]["properties"]));
    let mut required: Vec<String> =
        schema["required"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect();
    required.sort();
    for key in required {
        assert!(json.get(&key).is_some(), "{key}");
    }
}

/// The schema names every game and every move notation the facade has
/// (Shogi's too).
#[test]
fn the_schema_lists_every_game_and_move_notation() {
    let schema: serde_json::Value = polyfen::schema::game();
    let listed = |key: &str| -> Vec<String> {
        schema["properties"][key]["enum"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect()
    };
    let games: Vec<String> = <VariantId as strum::IntoEnumIterator>::iter().map(|g| g.to_string()).collect();
    assert_eq!(listed("variant"), games);
    let mut notations: Vec<String> = <VariantId as strum::IntoEnumIterator>::iter()
        .flat_map(|g| g.move_notations().iter().map(ToString::to_string))
        .collect();
    let mut in_schema = listed("notation");
    notations.sort();
    notations.dedup();
    in_schema.sort();
    assert_eq!(in_schema, notations);
}

#[test]
fn a_chess_variant_s_own_end_is_a_status_of_the_schema() {
    let schema: serde_json::Value = polyfen::schema::game();
    let statuses = schema["properties"]["status"]["enum"].as_array().unwrap();
    for (pgn, status) in [
        ("[Variant \"King of the Hill\"]\n[FEN \"4k3/8/8/8/8/4K3/8/8 w - - 0 1\"]\n\n1. Ke4 1-0\n", "king-of-the-hill"),
        ("[Variant \"Three-check\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1\"]\n\n1. Ra8+ 1-0\n", "three-checks"),
        ("[Variant \"Atomic\"]\n[FEN \"4k3/4q3/8/8/8/8/8/4RK2 w - - 0 1\"]\n\n1. Rxe7 1-0\n", "king-exploded"),
        ("[Variant \"Racing Kings\"]\n[FEN \"8/k6K/8/8/8/8/8/8 w - - 0 1\"]\n\n1. Kh8 *\n", "ongoing"),
        ("[Variant \"Racing Kings\"]\n[FEN \"8/k6K/8/8/8/8/8/8 w - - 0 1\"]\n\n1. Kh8 Ka8 1/2-1/2\n", "kings-race"),
    ] {
        let game = read_pgn(pgn, GameOptions::default()).remove(0).unwrap_or_else(|e| panic!("{pgn}: {e:?}"));
        let json = serde_json::to_value(game.to_json(None).unwrap()).unwrap();
        assert_eq!(json["status"], status, "{pgn}");
        assert!(statuses.contains(&json["status"]), "{status} is not in the schema");
    }
}

/// A game built by hand with bad moves: its JSON form names the main
/// line's bad move before a variation's (the main line is replayed first),
/// and a variation's when the main line is good.
#[test]
fn a_game_with_bad_moves_names_the_main_lines_first_in_json() {
    let mut game = one("1. e4 (1. d4 d5) e5 2. Nf3 Nc6 *");
    game.moves[0].variations[0].moves[1].mv = "a1a8".to_owned();
    let in_the_variation = game.to_json(None).unwrap_err();
    assert!(
        matches!(in_the_variation, polyfen::RulesError::Rule(polyfen::RuleError::Move { index: 1, .. })),
        "{in_the_variation}"
    );
    game.moves[3].mv = "a1a8".to_owned();
    let in_both = game.to_json(None).unwrap_err();
    assert!(matches!(in_both, polyfen::RulesError::Rule(polyfen::RuleError::Move { index: 3, .. })), "{in_both}");
    assert_eq!(in_both, game.main_line(None).unwrap_err());
}

/// The JSON line a game writes is the text of its JSON form, for the games
/// of the corpus (chess from lichess, the chess variants, Xiangqi's and
/// Shogi's record files) in every notation of their game.
#[test]
fn a_games_json_line_is_the_text_of_its_json_form() {
    let Some(_) = LICHESS.get() else { return };
    let corpus = polyfen_test_support::corpus_root().display().to_string();
    let mut files = vec![LICHESS.path()];
    for dir in [
        concat!(env!("CARGO_MANIFEST_DIR"), "/../chess/tests/data/variant-pgn").to_owned(),
        format!("{corpus}/xiangqi-records/cchess-tests"),
        format!("{corpus}/shogi/records/csa"),
        format!("{corpus}/shogi/records/ki2"),
    ] {
        let mut found: Vec<_> = std::fs::read_dir(&dir).expect(&dir).map(|e| e.expect("an entry").path()).collect();
        found.retain(|p| p.extension().is_some_and(|e| e != "md" && e != "py"));
        found.sort();
        files.extend(found);
    }
    let mut checked = 0;
    for path in &files {
        let records =
            polyfen::records::Records::open(path, &polyfen::records::OpenOptions::default()).expect("readable");
        for result in records.take(200) {
            let game = match result.expect("readable") {
                Ok(game) => game,
                Err(bad) => match bad.partial {
                    Some(partial) => *partial,
                    None => continue,
                },
            };
            for notation in std::iter::once(None).chain(game.variant.move_notations().iter().copied().map(Some)) {
                let mut line = String::new();
                match game.to_json(notation) {
                    Ok(json) => {
                        game.write_json(notation, &mut line).expect("written as to_json is");
                        assert_eq!(line, serde_json::to_string(&json).unwrap(), "{} in {notation:?}", path.display());
                        checked += 1;
                    }
                    Err(error) => assert_eq!(game.write_json(notation, &mut line), Err(error)),
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The schema files as written list no id of a game: each list of ids is a
/// marker the library fills, so that a game added to the list of games
/// needs no edit of them.
#[test]
fn the_schema_files_name_no_game_s_ids() {
    fn enums(value: &serde_json::Value, out: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(o) => {
                if let Some(list) = o.get("enum").and_then(serde_json::Value::as_array) {
                    out.extend(list.iter().filter_map(|v| v.as_str().map(str::to_owned)));
                }
                if let Some(c) = o.get("const").and_then(serde_json::Value::as_str) {
                    out.push(c.to_owned());
                }
                o.values().for_each(|v| enums(v, out));
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| enums(v, out)),
            _ => {}
        }
    }
    let mut game_ids: Vec<&str> = Vec::new();
    for list in ["games", "notations", "move-notations", "rules", "letter-sets", "record-formats"] {
        game_ids.extend(polyfen::schema::ids(list).unwrap());
    }
    for text in [polyfen::schema::POSITION_SHARED, polyfen::schema::GAME_SHARED] {
        let mut listed = Vec::new();
        enums(&serde_json::from_str(text).unwrap(), &mut listed);
        for id in &listed {
            assert!(!game_ids.contains(&id.as_str()), "a schema file lists {id}, which the list of games gives");
        }
    }
    let filled = polyfen::schema::position();
    assert!(
        filled["oneOf"]
            .as_array()
            .is_some_and(|refs| refs.len() == <VariantId as strum::IntoEnumIterator>::iter().count())
    );
}

#[test]
fn a_game_of_a_start_two_games_write_alike_is_its_own_game() {
    // Fairy-Stockfish's chess (the fairy game's own rules) writes its start
    // as chess does: a PGN naming the game, and the JSON form read back,
    // are of that game
    let game = read_pgn("[Variant \"fairy\"]\n\n1. a3 e5 *", GameOptions::default()).remove(0).expect("reads");
    assert_eq!(game.variant, VariantId::Fairy);
    let json = game.to_json(None).expect("writes");
    assert_eq!(json.start, polyfen::polyfen_chess::START_FEN);
    let back: GameJson = serde_json::from_value(serde_json::to_value(&json).expect("json")).expect("reads");
    let back = back.to_game().expect("the start is the fairy game's");
    assert_eq!((back.variant, back.moves.len()), (VariantId::Fairy, 2));
    // a start of another game is still refused
    let mut other = json.clone();
    other.start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".to_owned();
    let error = other.to_game().expect_err("a xiangqi start");
    assert!(error.to_string().contains("start: a xiangqi position in a fairy game"), "{error}");
}
