//! `call`, the API without HTTP, answers every request with the status
//! and the very bytes the service answers it with: answers, failed
//! inputs, refused requests and budgets alike.

mod common;

use polyfen_server::{CALLS, Config, ROUTES, call};
use serde_json::json;

/// POSTs `body` (GETs when `None`): the status and the body's text.
async fn http(client: &reqwest::Client, base: &str, endpoint: &str, body: Option<&str>) -> (u16, String) {
    let url = format!("{base}/v1/{endpoint}");
    let request = match body {
        Some(body) => client.post(url).header("content-type", "application/json").body(body.to_owned()),
        None => client.get(url),
    };
    let response = request.send().await.expect("the server answers");
    (response.status().as_u16(), response.text().await.expect("a body"))
}

/// A chess of five files and five ranks, as a user would write it.
const FILE: &str = "[chess5x5:chess]\nmaxFile = e\nmaxRank = 5\nstartFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\n\
castling = false\ndoubleStep = false\npromotionRegionWhite = *5\npromotionRegionBlack = *1\n";

/// Requests to every endpoint: answers, failed inputs and refusals.
fn requests() -> Vec<(&'static str, String)> {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let pgn = "[Event \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n[Event \"B\"]\n\n1. d4 d5 2. Qxd5 *\n";
    let requests = [
        ("convert", json!({ "input": start, "to": "epd" })),
        ("convert", json!({ "inputs": [start, "not a position", "9/9/9 w"], "to": "fen" })),
        ("convert", json!({ "input": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "to": "pkn" })),
        ("convert", json!({ "input": "not a position", "to": "fen" })),
        ("convert", json!({ "input": start, "to": "no-such-notation" })),
        ("convert", json!({ "input": start, "to": "fen", "surplus": 1 })),
        (
            "convert",
            json!({ "input": "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", "rules": "chess5x5", "to": "fairy-fen", "variants": FILE }),
        ),
        ("validate", json!({ "input": "8/8/8/8/8/8/8/8 w - - 0 1" })),
        ("validate", json!({ "inputs": [start, "k7/8/8/8/8/8/8/K6R b - - 0 1"] })),
        ("render", json!({ "input": start, "style": "svg" })),
        ("render", json!({ "input": start, "style": "ascii" })),
        ("moves", json!({ "input": start, "move_notation": "san" })),
        ("moves", json!({ "input": "makruk:standard", "move_notation": "fairy-san" })),
        ("moves", json!({ "input": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1" })),
        ("move", json!({ "input": start, "moves": ["e4", "e5", "Nf3"], "move_notation": "san" })),
        ("move", json!({ "input": start, "moves": ["e4", "e4"], "move_notation": "san" })),
        ("move", json!({ "inputs": [start, start, start], "moves": ["e2e4", "e7e5"] })),
        ("perft", json!({ "input": start, "depth": 3 })),
        ("perft", json!({ "input": start, "depth": 2, "divide": true })),
        ("perft", json!({ "input": start, "depth": 9 })),
        ("perft", json!({ "inputs": [start, start], "depth": 5 })),
        ("laser", json!({ "input": "khet:classic" })),
        ("explain", json!({ "input": start })),
        ("explain", json!({ "input": "Nf3", "position": start })),
        ("explain", json!({ "input": start, "from": "nope" })),
        ("games/convert", json!({ "pgn": pgn, "to": "json" })),
        ("games/convert", json!({ "pgn": pgn, "to": "pgn", "moves": "uci" })),
        ("games/convert", json!({ "data": "bm90IGEgcmVjb3Jk", "to": "json" })),
        ("games/convert", json!({ "pgn": pgn, "to": "yaml" })),
        ("variants", json!({ "variants": FILE })),
        ("variants", json!({ "variants": "[mine:chess]\nmaxRank = x\n" })),
    ];
    let mut all: Vec<(&'static str, String)> = requests.into_iter().map(|(e, r)| (e, r.to_string())).collect();
    all.push(("convert", "{\"input\": ".to_owned()));
    all.push(("validate", "[1, 2]".to_owned()));
    all
}

#[tokio::test]
async fn every_endpoint_answers_as_the_service_does() {
    // small budgets, so that refusals over them are among the answers
    let config = Config::default().with_max_perft_nodes(1_000_000).with_max_moves(5).with_max_body_bytes(64 * 1024);
    let (client, base) = common::started(config.clone()).await;
    let mut statuses = std::collections::BTreeSet::new();
    for (endpoint, request) in requests() {
        let (status, text) = http(&client, &base, endpoint, Some(&request)).await;
        let answer = tokio::task::spawn_blocking({
            let config = config.clone();
            move || call(endpoint, &request, &config)
        })
        .await
        .expect("call returns");
        assert_eq!((answer.status, &answer.body), (status, &text), "{endpoint}");
        statuses.insert(status);
    }
    assert_eq!(statuses.into_iter().collect::<Vec<_>>(), [200, 400, 413, 422], "every kind of answer is among them");
    let long = json!({ "input": "x".repeat(70 * 1024), "to": "fen" }).to_string();
    let (status, text) = http(&client, &base, "convert", Some(&long)).await;
    assert_eq!(status, 413);
    let answer = call("convert", &long, &config);
    assert_eq!((answer.status, answer.body), (status, text));
    for endpoint in
        ["games", "info", "openapi.json", "schemas/position", "schemas/game", "variants/makruk", "variants/nope"]
    {
        let (status, text) = http(&client, &base, endpoint, None).await;
        let answer = call(endpoint, "", &config);
        assert_eq!((answer.status, &answer.body), (status, &text), "{endpoint}");
    }
    let answer = call("no-such-endpoint", "{}", &config);
    let (status, text) = http(&client, &base, "no-such-endpoint", Some("{}")).await;
    assert_eq!((answer.status, answer.body), (status, text));
    assert_eq!(polyfen_server::games(), call("games", "", &config).body);
}

#[test]
fn calls_are_the_routes_of_the_service() {
    let routes: Vec<String> =
        ROUTES.iter().map(|(_, path)| path.trim_start_matches("/v1/").replace("{name}", "NAME")).collect();
    let calls: Vec<String> = CALLS.iter().map(|&c| c.to_owned()).collect();
    let mut sorted_routes = routes.clone();
    sorted_routes.sort();
    let mut sorted_calls = calls.clone();
    sorted_calls.sort();
    assert_eq!(sorted_calls, sorted_routes);
}
