//! `VARIANT:NAME` inputs (`chess:standard`, `khet:classic`) are read as the
//! named setup by every endpoint, and an unknown name is named.

mod common;

use common::{post, post_ok, started};
use polyfen_server::Config;
use serde_json::json;

#[tokio::test]
async fn named_setups_work_in_the_service() {
    let (c, base) = started(Config::default()).await;
    let answer = post_ok(&c, &base, "/v1/convert", &json!({"input": "chess:standard", "to": "shredder-fen"})).await;
    assert_eq!(answer["ok"]["output"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "{answer}");
    let answer = post_ok(&c, &base, "/v1/validate", &json!({"input": "khet:imhotep"})).await;
    assert_eq!(answer["ok"]["variant"], "khet", "{answer}");
    let (status, answer) = post(&c, &base, "/v1/convert", &json!({"input": "chess:nope", "to": "fen"})).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["error"]["column"], 7, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(message.contains("chess has no setup \"nope\"; its setups: standard"), "{answer}");
}
