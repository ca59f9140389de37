//! A game is its crate and its entry in the list of games: with the
//! facade's `toy` feature the toy game of `crates/toy` is in the list, and
//! the service has it everywhere — its facts, the `OpenAPI` document's ids,
//! the schemas, every endpoint — while the document, the schema files and
//! the page's files, which the service serves as they are written, name no
//! game of the list (run with `--features toy`).
#![cfg(feature = "toy")]

mod common;

use common::{client, get, post, start};
use polyfen_server::{Config, OPENAPI_SHARED, PAGE_FILES};
use serde_json::{Value, json};

const START: &str = "kpppp/5/5/5/PPPPK w 1";

#[tokio::test]
async fn the_toy_game_is_served_everywhere_from_its_list_entry() {
    let base = start(Config::default()).await;
    let c = client();

    let (_, _, games) = get(&c, &base, "/v1/games").await;
    let games: Value = serde_json::from_str(&games).expect("json");
    let toy = games["games"].as_array().expect("games").iter().find(|g| g["id"] == "toy").expect("toy is listed");
    assert_eq!(toy["files"], 5);
    assert_eq!(toy["start"], START);
    assert_eq!(toy["ends"], json!(["king-taken"]));
    assert_eq!(toy["move_notations"], json!(["toy-uci"]));

    let (_, _, document) = get(&c, &base, "/v1/openapi.json").await;
    let document: Value = serde_json::from_str(&document).expect("json");
    let schemas = &document["components"]["schemas"];
    for (schema, id) in [("VariantId", "toy"), ("NotationId", "toy-fen"), ("MoveNotationId", "toy-uci")] {
        assert!(schemas[schema]["enum"].as_array().expect("an enum").contains(&json!(id)), "{schema} lists {id}");
    }
    assert!(
        schemas["MovesResult"]["properties"]["status"]["enum"]
            .as_array()
            .expect("statuses")
            .contains(&json!("king-taken"))
    );
    let (_, _, schema) = get(&c, &base, "/v1/schemas/position").await;
    let schema: Value = serde_json::from_str(&schema).expect("json");
    assert_eq!(schema["$defs"]["toy"]["properties"]["variant"]["const"], "toy");

    let (status, converted) = post(&c, &base, "/v1/convert", &json!({"input": START, "to": "json"})).await;
    assert_eq!(status, 200, "{converted}");
    let output = converted["ok"]["output"].as_str().expect("the JSON form");
    let (_, back) = post(&c, &base, "/v1/convert", &json!({"input": output, "to": "toy-fen"})).await;
    assert_eq!(back["ok"]["output"], START);
    let (_, moves) = post(&c, &base, "/v1/moves", &json!({"input": START})).await;
    assert_eq!(moves["ok"]["moves"], json!(["a1a2", "b1b2", "c1c2", "d1d2", "e1d2", "e1e2"]));
    let (_, perft) = post(&c, &base, "/v1/perft", &json!({"input": START, "depth": 3})).await;
    assert_eq!(perft["ok"]["nodes"], 246, "{perft}");
    let (status, drawn) = post(&c, &base, "/v1/render", &json!({"input": START, "style": "svg"})).await;
    assert_eq!(status, 200, "{drawn}");
    assert_eq!(drawn["ok"]["diagram"].as_str().expect("svg").matches("class=\"piece\"").count(), 10);
    let (_, played) = post(&c, &base, "/v1/move", &json!({"input": "5/5/5/1k3/K4 w 1", "moves": ["a1b2"]})).await;
    assert_eq!(played["ok"]["status"], "king-taken", "{played}");
    let (_, wrong) = post(&c, &base, "/v1/move", &json!({"input": START, "moves": ["a1b3"]})).await;
    assert!(wrong["error"].to_string().contains("a1a2"), "the candidates of a1 are named: {wrong}");
    let (status, explained) = post(&c, &base, "/v1/explain", &json!({"input": START})).await;
    assert_eq!(status, 200, "{explained}");
    let (status, record) =
        post(&c, &base, "/v1/games/convert", &json!({"pgn": "[Variant \"Toy\"]\n\n1. a1a2 e5e4 *\n", "to": "json"}))
            .await;
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["games"][0]["ok"]["variant"], "toy", "{record}");

    // the files as written name no game of the list, toy included
    let shared = [OPENAPI_SHARED, polyfen::schema::POSITION_SHARED, polyfen::schema::GAME_SHARED];
    for text in shared.iter().chain(PAGE_FILES.iter().map(|(_, _, body)| body)) {
        assert!(!names_word(text, "toy"), "a file served as written names the toy game");
    }
}

/// Whether `text` has `word` as a word of its own (not inside `destroy`).
fn names_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back().is_some_and(char::is_alphanumeric);
        let after = text[at + word.len()..].chars().next().is_some_and(char::is_alphanumeric);
        !before && !after
    })
}
