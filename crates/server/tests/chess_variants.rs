//! The chess variants through the service: `/v1/games` lists each game's
//! rules variants, and the position endpoints read under the one a
//! request's `rules` names, or its named setup (`atomic:standard`).

mod common;

use common::{client, get, post, start};
use polyfen_server::Config;
use serde_json::{Value, json};

/// An atomic perft case of the published suites (programfox-1).
const ATOMIC: &str = "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1";
/// A crazyhouse perft case of the published suites (zh-drops).
const DROPS: &str = "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1";

#[tokio::test]
async fn the_games_list_their_rules_variants() {
    let base = start(Config::default()).await;
    let (status, _, body) = get(&client(), &base, "/v1/games").await;
    assert_eq!(status, 200);
    let answer: Value = serde_json::from_str(&body).expect("json");
    let games = answer["games"].as_array().expect("a list");
    let chess = games.iter().find(|g| g["id"] == "chess").expect("chess");
    let ids: Vec<&str> = chess["rules"].as_array().expect("rules").iter().filter_map(|r| r["id"].as_str()).collect();
    assert_eq!(ids, ["crazyhouse", "three-check", "king-of-the-hill", "atomic", "antichess", "horde", "racing-kings"]);
    let atomic = &chess["rules"][3];
    assert_eq!(atomic["tag"], "Atomic");
    assert_eq!(atomic["setups"], json!(["standard"]));
    // the games defined as data: each one of fairy's rules variants, but
    // not those whose names are chess's (crazyhouse) or a game's (xiangqi)
    let fairy = games.iter().find(|g| g["id"] == "fairy").expect("fairy");
    let ids: Vec<&str> = fairy["rules"].as_array().expect("rules").iter().filter_map(|r| r["id"].as_str()).collect();
    assert!(ids.len() > 100 && ids.contains(&"makruk") && ids.contains(&"janggi"), "{ids:?}");
    assert!(!ids.contains(&"crazyhouse") && !ids.contains(&"xiangqi") && !ids.contains(&"fairy"), "{ids:?}");
    for game in games.iter().filter(|g| g["id"] != "chess" && g["id"] != "fairy") {
        assert_eq!(game["rules"], json!([]), "{}", game["id"]);
    }
}

#[tokio::test]
async fn positions_are_read_under_the_rules_asked_for() {
    let base = start(Config::default()).await;
    let c = client();
    let (status, answer) = post(&c, &base, "/v1/perft", &json!({"input": ATOMIC, "rules": "atomic", "depth": 2})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ok"]["nodes"], 1238);
    let (_, standard) = post(&c, &base, "/v1/perft", &json!({"input": ATOMIC, "depth": 2})).await;
    assert_ne!(standard["ok"]["nodes"], 1238, "{standard}");
    let (_, horde) = post(&c, &base, "/v1/perft", &json!({"input": "horde:standard", "depth": 3})).await;
    assert_eq!(horde["ok"]["nodes"], 1274, "{horde}");

    let (status, moves) =
        post(&c, &base, "/v1/moves", &json!({"input": DROPS, "rules": "Crazyhouse", "move_notation": "san"})).await;
    assert_eq!(status, 200, "{moves}");
    let list = moves["ok"]["moves"].as_array().expect("moves");
    assert_eq!(list.len(), 67);
    assert!(list.iter().any(|m| m == "Q@c7+"), "{moves}");

    let (status, converted) = post(&c, &base, "/v1/convert", &json!({"input": DROPS, "to": "json"})).await;
    assert_eq!(status, 200, "{converted}");
    let text = converted["ok"]["output"].as_str().unwrap_or_default().to_owned();
    let form: Value = serde_json::from_str(&text).unwrap_or_else(|_| converted["ok"]["output"].clone());
    assert_eq!(form["rules"], "crazyhouse", "{converted}");
    assert_eq!(form["pocket"], "Qn", "{converted}");
    let (_, back) = post(&c, &base, "/v1/convert", &json!({"input": text, "to": "fen"})).await;
    assert_eq!(back["ok"]["output"], DROPS, "{back}");

    let (status, refused) = post(&c, &base, "/v1/moves", &json!({"input": DROPS, "rules": "tandem"})).await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap_or_default().contains("racing-kings"), "{refused}");
}
