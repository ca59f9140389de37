//! Games a request defines for itself: its `variants` (the text of a
//! variants file) makes its games known to that request alone, on every
//! endpoint that reads a position or a game, held to the same budgets;
//! `POST /v1/variants` checks such a file. The same game defined for the
//! whole service (as `serve --variants FILE` defines it) answers the same.

mod common;

use common::{client, get, post, start};
use polyfen_server::Config;
use serde_json::{Value, json};

/// A chess of five files and five ranks, as a user would write it.
const FILE: &str = "[chess5x5:chess]\nmaxFile = e\nmaxRank = 5\nstartFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\n\
castling = false\ndoubleStep = false\npromotionRegionWhite = *5\npromotionRegionBlack = *1\n";

/// `request` with the file as its `variants`.
fn with_file(mut request: Value, file: &str) -> Value {
    request["variants"] = json!(file);
    request
}

#[tokio::test]
async fn every_endpoint_plays_a_game_the_request_defines() {
    let base = start(Config::default()).await;
    let c = client();
    // the same game for the whole service, under another name, to hold
    // the request's answers against
    let global = FILE.replace("chess5x5", "chess5x5global");
    polyfen::define_rules("global.ini", &global).expect("the file reads");
    let requests = [
        ("/v1/moves", json!({ "input": "NAME:standard", "move_notation": "fairy-san" })),
        ("/v1/perft", json!({ "input": "NAME:standard", "depth": 4, "divide": true })),
        ("/v1/move", json!({ "input": "NAME:standard", "moves": ["Nc3", "Nxc3"], "move_notation": "fairy-san" })),
        ("/v1/convert", json!({ "input": "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", "rules": "NAME", "to": "fairy-fen" })),
        ("/v1/validate", json!({ "input": "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", "rules": "NAME" })),
        ("/v1/render", json!({ "input": "NAME:standard", "style": "svg" })),
        ("/v1/explain", json!({ "input": "Nc3", "position": "NAME:standard" })),
    ];
    for (path, request) in requests {
        let scoped = with_file(serde_json::from_str(&request.to_string().replace("NAME", "chess5x5")).unwrap(), FILE);
        let (status, answer) = post(&c, &base, path, &scoped).await;
        assert_eq!(status, 200, "{path}: {answer}");
        let plain = serde_json::from_str(&request.to_string().replace("NAME", "chess5x5global")).unwrap();
        let (_, same) = post(&c, &base, path, &plain).await;
        assert_eq!(
            answer.to_string().replace("chess5x5", "X"),
            same.to_string().replace("chess5x5global", "X"),
            "{path}"
        );
        // the request's game is its alone
        let alone = serde_json::from_str(&request.to_string().replace("NAME", "chess5x5")).unwrap();
        let (status, answer) = post(&c, &base, path, &alone).await;
        assert!(status == 400 || status == 422, "{path} without the file: {status} {answer}");
    }
    let moves = post(&c, &base, "/v1/moves", &with_file(json!({ "input": "chess5x5:standard" }), FILE)).await.1;
    assert_eq!(moves["ok"]["moves"], json!(["a2a3", "b1a3", "b1c3", "b2b3", "c2c3", "d2d3", "e2e3"]));
    // a record of the game: read, checked and written back
    let pgn = "[Variant \"chess5x5\"]\n\n1. Nc3 Nxc3 2. dxc3 *\n";
    let request = with_file(json!({ "pgn": pgn, "to": "pgn" }), FILE);
    let (status, answer) = post(&c, &base, "/v1/games/convert", &request).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["games"][0]["ok"]["pgn"], "[Variant \"chess5x5\"]\n\n1. Nc3 Nxc3 2. dxc3 *\n\n");
    let (_, answer) = post(&c, &base, "/v1/games/convert", &json!({ "pgn": pgn, "to": "pgn" })).await;
    assert!(answer["games"][0].get("ok").is_none(), "{answer}");
    // nothing of it is listed for the service
    let (_, _, games) = get(&c, &base, "/v1/games").await;
    assert!(!games.contains("\"chess5x5\""));
}

#[tokio::test]
async fn batches_streams_and_budgets_hold_for_a_requests_games() {
    let base = start(Config::default()).await;
    let c = client();
    // a batch long enough to run on the pool, and the same as lines
    let inputs: Vec<String> = (0..40).map(|_| "chess5x5:standard".to_owned()).collect();
    let request = with_file(json!({ "inputs": inputs, "depth": 2 }), FILE);
    let (status, answer) = post(&c, &base, "/v1/perft", &request).await;
    assert_eq!(status, 200, "{answer}");
    let results = answer["results"].as_array().expect("results");
    assert_eq!(results.len(), 40);
    assert!(results.iter().all(|r| r["ok"]["nodes"] == 53), "{answer}");
    let lines = c
        .post(format!("{base}/v1/validate"))
        .header("accept", "application/x-ndjson")
        .header("content-type", "application/json")
        .body(with_file(json!({ "inputs": inputs, "rules": "chess5x5" }), FILE).to_string())
        .send()
        .await
        .expect("answered")
        .text()
        .await
        .expect("text");
    assert_eq!(lines.lines().count(), 40);
    assert!(lines.lines().all(|line| line.contains("\"ok\"")), "{lines}");
    // the perft budget is the service's
    let small = start(Config::default().with_max_perft_nodes(10_000)).await;
    let request = with_file(json!({ "input": "chess5x5:standard", "depth": 5 }), FILE);
    let (status, answer) = post(&c, &small, "/v1/perft", &request).await;
    assert_eq!(status, 413, "{answer}");
}

#[tokio::test]
async fn a_bad_file_is_refused_naming_its_line() {
    let base = start(Config::default()).await;
    let c = client();
    let bad = "[mine:chess]\nmaxFile = e\nmaxRank = five\n";
    for path in ["/v1/moves", "/v1/games/convert", "/v1/explain", "/v1/variants"] {
        let request = json!({ "input": "mine:standard", "pgn": "*", "variants": bad });
        let request = match path {
            "/v1/games/convert" => json!({ "pgn": "*", "variants": bad }),
            "/v1/variants" => json!({ "variants": bad }),
            _ => json!({ "input": request["input"], "variants": bad }),
        };
        let (status, answer) = post(&c, &base, path, &request).await;
        assert_eq!(status, 400, "{path}: {answer}");
        let message = answer["error"]["message"].as_str().expect("a message");
        assert!(message.starts_with("\"variants\": variants:3: [mine] maxRank:"), "{path}: {message}");
    }
    // a game the service has already
    let (status, answer) = post(&c, &base, "/v1/variants", &json!({ "variants": "[makruk]\nmaxRank = 8\n" })).await;
    assert_eq!(status, 400);
    assert!(answer["error"]["message"].as_str().unwrap().contains("variants:1: [makruk]"), "{answer}");
    // too long a file
    let long = format!("{FILE}{}", "# a comment\n".repeat(6000));
    let (status, answer) = post(&c, &base, "/v1/moves", &json!({ "input": "x", "variants": long })).await;
    assert_eq!(status, 413, "{answer}");
    // too many games
    let many: String = (0..65).map(|i| format!("[game{i}:chess]\n")).collect::<Vec<_>>().concat();
    let (status, answer) = post(&c, &base, "/v1/variants", &json!({ "variants": many })).await;
    assert_eq!(status, 400);
    assert!(answer["error"]["message"].as_str().unwrap().contains("at most 64"), "{answer}");
}

#[tokio::test]
async fn the_variants_endpoint_explains_a_files_games() {
    let base = start(Config::default()).await;
    let c = client();
    let file = format!("{FILE}\n[chess5x5b:chess5x5]\nstartFen = 1nbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\n");
    let (status, answer) = post(&c, &base, "/v1/variants", &json!({ "variants": file })).await;
    assert_eq!(status, 200, "{answer}");
    let games = answer["games"].as_array().expect("games");
    let names: Vec<&str> = games.iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["chess5x5", "chess5x5b"]);
    assert_eq!(games[0]["defined_at"], "variants:1");
    assert_eq!(games[1]["parent"], "chess5x5");
    assert_eq!(
        games[1]["rules"],
        json!({ "id": "chess5x5b", "aliases": [], "tag": "chess5x5b", "setups": ["standard"] })
    );
    let keys: Vec<&str> = games[0]["keys"].as_array().unwrap().iter().map(|k| k["key"].as_str().unwrap()).collect();
    assert!(keys.contains(&"maxRank") && keys.contains(&"doubleStep"), "{keys:?}");
    // checked, not added
    let (status, _, _) = get(&c, &base, "/v1/variants/chess5x5").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn requests_with_and_without_a_file_at_once_keep_their_games_apart() {
    let base = start(Config::default()).await;
    let c = client();
    let mut tasks = Vec::new();
    for i in 0..24 {
        let (c, base) = (c.clone(), base.clone());
        tasks.push(tokio::spawn(async move {
            let inputs: Vec<&str> = vec!["chess5x5:standard"; 20];
            let mut request = json!({ "inputs": inputs, "depth": 2 });
            if i % 2 == 0 {
                request["variants"] = json!(FILE);
            }
            let (status, answer) = post(&c, &base, "/v1/perft", &request).await;
            assert_eq!(status, 200, "{answer}");
            let ok = answer["results"].as_array().unwrap().iter().filter(|r| r.get("ok").is_some()).count();
            assert_eq!(ok, if i % 2 == 0 { 20 } else { 0 }, "request {i}: {answer}");
        }));
    }
    for task in tasks {
        tokio::time::timeout(std::time::Duration::from_mins(1), task).await.expect("in time").expect("passed");
    }
}
