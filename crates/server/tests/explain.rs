//! `POST /v1/explain` on a random loopback port: the same parts as the
//! library, the position in every notation of its game, a move in every
//! move notation, and errors that name the place.

mod common;

use common::{post, post_ok, post_raw, started};
use polyfen::ReadOptions;
use polyfen::explain::explain;
use polyfen_server::Config;
use serde_json::json;

#[tokio::test]
async fn explains_positions_of_each_game_like_the_library() {
    let (c, base) = started(Config::default()).await;
    for (input, notations) in [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", vec!["fen", "shredder-fen", "epd", "json"]),
        (
            "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04",
            vec!["xiangqi-fen", "xiangqi-legacy", "json"],
        ),
        (polyfen::polyfen_khet::CLASSIC, vec!["pkn", "json"]),
    ] {
        let answer = post_ok(&c, &base, "/v1/explain", &json!({ "input": input })).await;
        let library = explain(input, None, &ReadOptions::default()).unwrap();
        assert_eq!(answer["ok"]["parts"], serde_json::to_value(&library.parts).unwrap());
        assert_eq!(answer["ok"]["notation"], library.notation);
        let positions: Vec<&str> =
            answer["ok"]["positions"].as_array().unwrap().iter().map(|f| f["notation"].as_str().unwrap()).collect();
        assert_eq!(positions, notations, "{input}");
    }
    // what a notation cannot hold is said
    let (_, answer) = post(
        &c,
        &base,
        "/v1/explain",
        &json!({"input": "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04"}),
    )
    .await;
    let standard = &answer["ok"]["positions"][0];
    assert_eq!(standard["notation"], "xiangqi-fen");
    assert!(standard["warnings"][0].as_str().unwrap().contains("/x04"), "{standard}");
}

#[tokio::test]
async fn explains_a_move_in_every_move_notation() {
    let (c, base) = started(Config::default()).await;
    let answer = post_ok(&c, &base, "/v1/explain", &json!({"input": "炮二平五", "position": "xiangqi:standard"})).await;
    assert_eq!(answer["ok"]["notation"], "chinese");
    let kinds: Vec<&str> =
        answer["ok"]["parts"].as_array().unwrap().iter().map(|p| p["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["piece", "file", "sign", "target"]);
    let moves: Vec<(&str, &str)> = answer["ok"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["notation"].as_str().unwrap(), f["text"].as_str().unwrap()))
        .collect();
    assert!(moves.contains(&("wxf", "C2.5")), "{moves:?}");
    assert!(moves.contains(&("iccs", "H2-E2")), "{moves:?}");
    assert!(moves.contains(&("chinese-traditional", "炮二平五")), "{moves:?}");
}

#[tokio::test]
async fn errors_name_the_place() {
    let (c, base) = started(Config::default()).await;
    let (status, answer) = post(&c, &base, "/v1/explain", &json!({"input": "8/8/8 w - - 0 1"})).await;
    assert_eq!(status, 422, "{answer}");
    assert!(answer["error"]["column"].as_u64().is_some(), "{answer}");

    let (status, answer) = post(&c, &base, "/v1/explain", &json!({"input": "Nf6", "position": "chess:standard"})).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["error"]["column"], 1, "{answer}");
    assert!(answer["error"]["candidates"].as_array().unwrap().contains(&json!("Nf3")), "{answer}");

    let (status, answer) = post(&c, &base, "/v1/explain", &json!({"input": "e4", "position": "8/8 w"})).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["error"]["field"], "position");

    let (status, answer) = post(&c, &base, "/v1/explain", &json!({"input": "x", "from": "nope"})).await;
    assert_eq!(status, 400, "{answer}");
    let (status, _) = post_raw(&c, &base, "/v1/explain", "{").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn explains_under_the_rules_given_and_a_pocket_part_by_part() {
    let (c, base) = started(Config::default()).await;
    // a crazyhouse pocket is a part, with a part per piece
    let answer = post_ok(&c, &base, "/v1/explain", &json!({ "input": "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1" })).await;
    let hand = answer["ok"]["parts"].as_array().unwrap().iter().find(|p| p["kind"] == "hand").expect("a hand part");
    assert_eq!(hand["text"], "[Qn]");
    assert_eq!(hand["parts"].as_array().unwrap().len(), 4, "{hand}");
    // a move read under the rules given: an atomic capture explodes the king
    let position = "4k3/4q3/8/8/8/8/8/4RK2 w - - 0 1";
    let answer =
        post_ok(&c, &base, "/v1/explain", &json!({ "input": "Rxe7", "position": position, "rules": "Atomic" })).await;
    let san = answer["ok"]["moves"].as_array().unwrap().iter().find(|f| f["notation"] == "san").unwrap();
    assert_eq!(san["text"], "Rxe7#", "{answer}");
    let (_, chess) = post(&c, &base, "/v1/explain", &json!({ "input": "Rxe7", "position": position })).await;
    let san = chess["ok"]["moves"].as_array().unwrap().iter().find(|f| f["notation"] == "san").unwrap();
    assert_eq!(san["text"], "Rxe7+", "{chess}");
    let (status, answer) = post(&c, &base, "/v1/explain", &json!({ "input": position, "rules": "tandem" })).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["error"]["message"].as_str().unwrap().contains("atomic"), "{answer}");
}
