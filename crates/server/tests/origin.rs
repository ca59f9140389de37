//! Who may send requests: POST bodies must be labelled `application/json`
//! (415 otherwise), and no cross-origin access unless the configuration
//! names an origin.

mod common;

use common::{client, post, start};
use polyfen_server::Config;
use serde_json::{Value, json};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// POSTs `body` with `content_type` (none when `None`): the status and the
/// JSON answer.
async fn post_as(base: &str, content_type: Option<&str>, body: &str) -> (u16, Value) {
    let mut request = client().post(format!("{base}/v1/convert")).body(body.to_owned());
    if let Some(content_type) = content_type {
        request = request.header("content-type", content_type);
    }
    let response = request.send().await.expect("the server answers");
    let status = response.status().as_u16();
    let text = response.text().await.expect("a body");
    (status, serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}")))
}

#[tokio::test]
async fn post_bodies_must_be_json() {
    let base = start(Config::default()).await;
    let body = json!({"input": START, "to": "json"}).to_string();
    for content_type in
        [Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("multipart/form-data"), None]
    {
        let (status, answer) = post_as(&base, content_type, &body).await;
        assert_eq!(status, 415, "{content_type:?}: {answer}");
        let message = answer["error"]["message"].as_str().expect("a message");
        assert!(message.contains("application/json"), "{message}");
        if let Some(content_type) = content_type {
            assert!(message.contains(content_type), "the message names what was sent: {message}");
        }
    }
    for content_type in ["application/json", "application/json; charset=utf-8", "Application/JSON"] {
        let (status, answer) = post_as(&base, Some(content_type), &body).await;
        assert_eq!(status, 200, "{content_type}: {answer}");
        assert_eq!(answer["ok"]["notation"], "fen");
    }
}

/// A preflight for a JSON POST from `origin`: the status and the
/// `access-control-allow-origin` header, if any.
async fn preflight(base: &str, origin: &str) -> (u16, Option<String>) {
    let response = client()
        .request(reqwest::Method::OPTIONS, format!("{base}/v1/convert"))
        .header("origin", origin)
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type")
        .send()
        .await
        .expect("the server answers");
    let allowed = response.headers().get("access-control-allow-origin").map(|v| v.to_str().unwrap_or("").to_owned());
    (response.status().as_u16(), allowed)
}

/// A JSON POST to `/v1/convert` from a page of `https://example.org`: the
/// `access-control-allow-origin` header of the answer, if any.
async fn convert_from_example_org(base: &str) -> Option<String> {
    let response = client()
        .post(format!("{base}/v1/convert"))
        .header("origin", "https://example.org")
        .header("content-type", "application/json")
        .body(json!({"input": START, "to": "json"}).to_string())
        .send()
        .await
        .expect("answers");
    response.headers().get("access-control-allow-origin").and_then(|v| v.to_str().ok()).map(str::to_owned)
}

#[tokio::test]
async fn no_cross_origin_access_unless_named() {
    let closed = start(Config::default()).await;
    let (_, allowed) = preflight(&closed, "https://example.org").await;
    assert_eq!(allowed, None, "no origin is allowed by default");
    let allowed = convert_from_example_org(&closed).await;
    assert!(allowed.is_none());

    let open = start(Config::default().with_allow_origin("https://example.org").expect("an origin")).await;
    let (status, allowed) = preflight(&open, "https://example.org").await;
    assert!((200..300).contains(&status), "{status}");
    assert_eq!(allowed.as_deref(), Some("https://example.org"));
    let (_, allowed) = preflight(&open, "https://elsewhere.example").await;
    // a browser grants access only when the header names its own page's origin
    assert_ne!(allowed.as_deref(), Some("https://elsewhere.example"), "only the named origin");
    let allowed = convert_from_example_org(&open).await;
    assert_eq!(allowed.as_deref(), Some("https://example.org"));
    // the same-origin page and the JSON API still work
    let (status, _) = post(&client(), &open, "/v1/convert", &json!({"input": START, "to": "json"})).await;
    assert_eq!(status, 200);
}

#[test]
fn an_origin_is_a_scheme_and_a_host() {
    for good in ["https://example.org", "http://localhost:8080", "http://127.0.0.1:3000"] {
        assert!(Config::default().with_allow_origin(good).is_ok(), "{good}");
    }
    for bad in ["", "*", "example.org", "https://example.org/", "https://example.org/path", "ftp://x", "https://a b"] {
        let error = Config::default().with_allow_origin(bad).expect_err(bad);
        assert!(error.contains(&format!("{bad:?}")), "the error quotes the origin: {error}");
    }
}
