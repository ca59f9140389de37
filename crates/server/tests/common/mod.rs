//! A server on a random loopback port and a small client for the tests.

#![allow(dead_code)] // each test file uses a part

use std::net::SocketAddr;

use polyfen_server::{Config, serve_listener};
use serde_json::Value;

/// Starts the service on 127.0.0.1 with a port the system chooses and
/// returns its base URL (`http://127.0.0.1:PORT`).
pub async fn start(config: Config) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind a loopback port");
    let addr: SocketAddr = listener.local_addr().expect("bound");
    tokio::spawn(async move {
        serve_listener(listener, config, std::future::pending()).await.expect("serves");
    });
    format!("http://{addr}")
}

/// Starts the service with `config` ([`start`]) and makes a [`client`]:
/// the client and the service's base URL.
pub async fn started(config: Config) -> (reqwest::Client, String) {
    let base = start(config).await;
    (client(), base)
}

/// A client that does not look for proxies (the tests talk to loopback).
pub fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().expect("client")
}

/// POSTs `body` (any bytes) to `base` + `path`; returns the status and the
/// JSON answer.
pub async fn post_raw(
    client: &reqwest::Client,
    base: &str,
    path: &str,
    body: impl Into<reqwest::Body>,
) -> (u16, Value) {
    let response = client
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    let text = response.text().await.expect("a body");
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
    (status, value)
}

/// POSTs the JSON `body`.
pub async fn post(client: &reqwest::Client, base: &str, path: &str, body: &Value) -> (u16, Value) {
    post_raw(client, base, path, body.to_string()).await
}

/// POSTs the JSON `body` and checks that the answer is a success: its
/// JSON answer.
pub async fn post_ok(client: &reqwest::Client, base: &str, path: &str, body: &Value) -> Value {
    let (status, answer) = post(client, base, path, body).await;
    assert_eq!(status, 200, "{path}: {answer}");
    answer
}

/// GETs `base` + `path`: the status, the content type and the body.
pub async fn get(client: &reqwest::Client, base: &str, path: &str) -> (u16, String, String) {
    let response = client.get(format!("{base}{path}")).send().await.expect("the server answers");
    let status = response.status().as_u16();
    let content_type =
        response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    (status, content_type, response.text().await.expect("a body"))
}
