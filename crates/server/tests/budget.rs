//! Each request's work and memory are bounded: budgets refused before the
//! work with a message naming the limit and the request's size, the limits
//! shown in `/v1/info`, and batches streamed as NDJSON line by line.

mod common;

use std::time::Instant;

use common::{client, get, post, start};
use polyfen_server::Config;
use serde_json::{Value, json};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const KHET: &str = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";

/// Knights out and back: four moves that can be played again and again.
fn shuffle(moves: usize) -> Vec<&'static str> {
    ["g1f3", "g8f6", "f3g1", "f6g8"].into_iter().cycle().take(moves).collect()
}

#[tokio::test]
async fn the_move_budget_is_moves_times_inputs() {
    let base = start(Config::default().with_max_moves(1_000)).await;
    let c = client();
    let inputs = vec![START; 4];
    let (status, answer) = post(&c, &base, "/v1/move", &json!({"inputs": inputs, "moves": shuffle(300)})).await;
    assert_eq!(status, 413, "{answer}");
    assert_eq!(
        answer["error"]["message"],
        "this request asks for 1,200 moves (4 inputs x 300); the limit is 1,000 moves per request (serve --max-moves)"
    );
    let inputs = vec![START; 3];
    let (status, answer) = post(&c, &base, "/v1/move", &json!({"inputs": inputs, "moves": shuffle(300)})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["results"][2]["ok"]["output"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 300 151");
}

#[tokio::test]
async fn the_perft_budget_is_the_sum_of_the_estimates() {
    let base = start(Config::default()).await;
    let c = client();
    // one Khet position at depth 5: billions of nodes, minutes of work
    let (status, answer) = post(&c, &base, "/v1/perft", &json!({"input": "khet:classic", "depth": 5})).await;
    assert_eq!(status, 413, "{answer}");
    let message = answer["error"]["message"].as_str().expect("a message");
    assert!(message.starts_with("this request asks for about "), "{message}");
    assert!(
        message.ends_with(
            " perft nodes (1 input, estimated); the limit is 200,000,000 nodes per request (serve --max-perft-nodes)"
        ),
        "{message}"
    );
    // six of them: the estimate stops at the first one over the budget
    let (status, answer) = post(&c, &base, "/v1/perft", &json!({"inputs": vec!["khet:classic"; 6], "depth": 5})).await;
    assert_eq!(status, 413, "{answer}");
    let message = answer["error"]["message"].as_str().expect("a message");
    assert!(message.starts_with("this request asks for more than "), "{message}");
    assert!(
        message.contains(" perft nodes (the first 1 of 6 inputs, estimated); the limit is 200,000,000"),
        "{message}"
    );
    // exact to depth 2: 20 x 400 nodes fit a budget of 8,000, 21 do not
    let small = start(Config::default().with_max_perft_nodes(8_000)).await;
    let (status, answer) = post(&c, &small, "/v1/perft", &json!({"inputs": vec![START; 20], "depth": 2})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["results"][19]["ok"]["nodes"], 400);
    let (status, answer) = post(&c, &small, "/v1/perft", &json!({"inputs": vec![START; 21], "depth": 2})).await;
    assert_eq!(status, 413, "{answer}");
    assert_eq!(
        answer["error"]["message"],
        "this request asks for about 8,400 perft nodes (21 inputs, estimated); the limit is 8,000 nodes per request \
         (serve --max-perft-nodes)"
    );
    // divide's answer is held to the reply budget
    let tiny = start(Config::default().with_max_reply_bytes(20_000)).await;
    let (status, answer) =
        post(&c, &tiny, "/v1/perft", &json!({"inputs": vec![START; 50], "depth": 1, "divide": true})).await;
    assert_eq!(status, 413, "{answer}");
    let (status, answer) =
        post(&c, &tiny, "/v1/perft", &json!({"inputs": vec![START; 2], "depth": 1, "divide": true})).await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn the_reply_budget_is_estimated_before_the_work() {
    let base = start(Config::default().with_max_reply_bytes(200_000)).await;
    let c = client();
    // a Xiangqi SVG is about 40 KB: ten of them are over the budget
    let inputs = vec![XQ_START; 10];
    let (status, answer) = post(&c, &base, "/v1/render", &json!({"inputs": inputs})).await;
    assert_eq!(status, 413, "{answer}");
    let message = answer["error"]["message"].as_str().expect("a message");
    let (bound, rest) = message
        .strip_prefix("this request's answer may take up to ")
        .and_then(|rest| rest.split_once(' '))
        .expect("the bound first");
    assert_eq!(
        rest,
        "bytes (10 inputs); the limit is 200,000 bytes per answer (serve --max-reply-bytes); send fewer inputs at \
         once, or ask for the batch as NDJSON (accept: application/x-ndjson)"
    );
    // the bound is at least the real answer, and not far above it
    let bound: u64 = bound.replace(',', "").parse().expect("a number");
    let roomy = start(Config::default()).await;
    let (status, real) = post(&c, &roomy, "/v1/render", &json!({"inputs": inputs})).await;
    assert_eq!(status, 200);
    let real = real.to_string().len() as u64;
    assert!(real <= bound && bound <= 2 * real, "{real} {bound}");
    // the same inputs in a text style are small
    let (status, answer) = post(&c, &base, "/v1/render", &json!({"inputs": inputs, "style": "ascii"})).await;
    assert_eq!(status, 200, "{answer}");
    // laser and moves batches are held to it too, and explain
    let (status, answer) = post(&c, &base, "/v1/laser", &json!({"inputs": vec![KHET; 20]})).await;
    assert_eq!(status, 413, "{answer}");
    let (status, answer) = post(&c, &base, "/v1/laser", &json!({"inputs": vec![KHET; 2]})).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = post(&c, &base, "/v1/moves", &json!({"inputs": vec![START; 1000]})).await;
    assert_eq!(status, 413, "{answer}");
    let (status, answer) = post(&c, &base, "/v1/moves", &json!({"inputs": vec![START; 20]})).await;
    assert_eq!(status, 200, "{answer}");
    let long = format!("{START} c0 \"{}\";", "x".repeat(40_000));
    let (status, answer) = post(&c, &base, "/v1/explain", &json!({"input": long})).await;
    assert_eq!(status, 413, "{answer}");
    let (status, answer) = post(&c, &base, "/v1/explain", &json!({"input": START})).await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn the_limits_are_in_info() {
    let config = Config::default()
        .with_max_moves(123)
        .with_max_perft_nodes(4_567)
        .with_max_reply_bytes(89_000)
        .with_max_jobs(3)
        .with_max_bytes_in_flight(50_000_000);
    let base = start(config).await;
    let (status, _, body) = get(&client(), &base, "/v1/info").await;
    assert_eq!(status, 200);
    let info: Value = serde_json::from_str(&body).expect("json");
    let limits = &info["limits"];
    assert_eq!(limits["max_moves"], 123);
    assert_eq!(limits["max_game_moves"], 123);
    assert_eq!(limits["max_perft_nodes"], 4_567);
    assert_eq!(limits["max_reply_bytes"], 89_000);
    assert_eq!(limits["max_jobs"], 3);
    assert_eq!(limits["max_bytes_in_flight"], 50_000_000);
    let defaults = Config::default();
    assert_eq!(defaults.max_reply_bytes, 8 * 1024 * 1024);
    assert_eq!(defaults.max_moves, 100_000);
}

#[tokio::test]
async fn the_openapi_document_describes_the_budgets() {
    let doc: Value = serde_json::from_str(polyfen_server::openapi()).expect("json");
    let limits = &doc["components"]["schemas"]["Info"]["properties"]["limits"]["properties"];
    for key in ["max_jobs", "max_moves", "max_perft_nodes", "max_reply_bytes", "max_bytes_in_flight"] {
        assert!(limits[key]["description"].is_string(), "{key}");
    }
    let refusal = doc["paths"]["/v1/move"]["post"]["responses"]["413"]["description"].as_str().expect("413");
    assert!(refusal.contains("max_moves"), "{refusal}");
    let refusal = doc["paths"]["/v1/perft"]["post"]["responses"]["413"]["description"].as_str().expect("413");
    assert!(refusal.contains("max_perft_nodes"), "{refusal}");
    let refusal = doc["paths"]["/v1/games/convert"]["post"]["responses"]["413"]["description"].as_str().expect("413");
    assert!(refusal.contains("max_moves") && refusal.contains("max_reply_bytes"), "{refusal}");
    let streamed = &doc["paths"]["/v1/render"]["post"]["responses"]["200"]["content"]["application/x-ndjson"];
    assert!(streamed.is_object());
}

/// POSTs `body` asking for NDJSON; the status, the content type and the
/// response to read from.
async fn post_ndjson(c: &reqwest::Client, base: &str, path: &str, body: &Value) -> reqwest::Response {
    c.post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .header("accept", "application/x-ndjson")
        .body(body.to_string())
        .send()
        .await
        .expect("the server answers")
}

#[tokio::test]
async fn a_batch_streams_as_ndjson_in_order_line_by_line() {
    let base = start(Config::default().with_max_reply_bytes(100_000)).await;
    let c = client();
    // over the reply budget as one answer, streamed as lines
    let inputs: Vec<&str> = [XQ_START, START, KHET, "nonsense"].into_iter().cycle().take(40).collect();
    let response = post_ndjson(&c, &base, "/v1/render", &json!({"inputs": inputs})).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/x-ndjson");
    let text = response.text().await.expect("a body");
    let lines: Vec<Value> = text.lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
    assert_eq!(lines.len(), 40);
    for (i, line) in lines.iter().enumerate() {
        match i % 4 {
            0 => assert_eq!(line["ok"]["variant"], "xiangqi"),
            1 => assert_eq!(line["ok"]["variant"], "chess"),
            2 => assert_eq!(line["ok"]["variant"], "khet"),
            _ => assert!(line["error"]["message"].is_string(), "{line}"),
        }
    }
    // a short batch (answered at once) streams too
    let response = post_ndjson(&c, &base, "/v1/convert", &json!({"inputs": [START, "x"], "to": "pkn"})).await;
    assert_eq!(response.headers()["content-type"], "application/x-ndjson");
    let text = response.text().await.expect("a body");
    assert_eq!(text.lines().count(), 2, "{text}");
    // one input alone keeps its usual answer
    let response = post_ndjson(&c, &base, "/v1/convert", &json!({"input": START, "to": "fen"})).await;
    assert_eq!(response.headers()["content-type"], "application/json");
    // the lines come as they are made: the first long before the last
    let inputs = vec![START; 6];
    let sent = Instant::now();
    let mut response =
        post_ndjson(&c, &base, "/v1/move", &json!({"inputs": inputs, "moves": shuffle(4_000), "to": "fen"})).await;
    let first = response.chunk().await.expect("a chunk").expect("a first line");
    let first_at = sent.elapsed();
    assert!(first.ends_with(b"\n"), "{first:?}");
    let mut all = first.to_vec();
    while let Some(chunk) = response.chunk().await.expect("a chunk") {
        all.extend_from_slice(&chunk);
    }
    let all_at = sent.elapsed();
    assert_eq!(String::from_utf8(all).expect("text").lines().count(), 6);
    assert!(first_at * 2 < all_at, "first line after {first_at:?}, all after {all_at:?}");
}

#[tokio::test]
async fn the_stream_still_refuses_over_the_work_budgets() {
    let base = start(Config::default().with_max_moves(100)).await;
    let response =
        post_ndjson(&client(), &base, "/v1/move", &json!({"inputs": [START, START], "moves": shuffle(60)})).await;
    assert_eq!(response.status(), 413);
}
