//! The service's request bodies: the first byte picks a `POST` route of
//! the API (of `ROUTES`, in the order of their paths), the rest is the body sent to it, in
//! process (no socket), through the whole router with its limits. Whatever
//! the body, the answer is a status the API documents — never a 500 (a
//! panic a handler's guard caught) — with a JSON body, and a refusal names
//! what was wrong.
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use libfuzzer_sys::fuzz_target;
use polyfen_server::{Config, ROUTES, router};
use tower::ServiceExt;

/// The runtime and the router every input is sent through, with limits
/// that keep one request within the run's 1 s for an input.
struct Service {
    runtime: tokio::runtime::Runtime,
    router: Router,
    posts: Vec<&'static str>,
}

fn service() -> &'static Service {
    static SERVICE: OnceLock<Service> = OnceLock::new();
    SERVICE.get_or_init(|| {
        let mut config = Config::default();
        config.max_body_bytes = 64 * 1024;
        config.max_batch = 64;
        config.max_perft_depth = 3;
        config.max_perft_nodes = 20_000;
        config.max_moves = 2_000;
        config.request_timeout = Duration::from_secs(5);
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        let mut posts: Vec<&str> =
            ROUTES.iter().filter(|(method, _)| *method == "POST").map(|&(_, path)| path).collect();
        posts.sort_unstable();
        let service = Service { runtime, router: router(config), posts };
        // the first requests of a route measure what the service estimates
        // replies by: the document's examples are sent here, before any
        // input is timed
        let document: serde_json::Value = serde_json::from_str(polyfen_server::openapi()).expect("the document");
        for path in &service.posts {
            let post = &document["paths"][*path]["post"];
            let examples = post["requestBody"]["content"]["application/json"]["examples"].as_object();
            for example in examples.into_iter().flat_map(|examples| examples.values()) {
                send(&service, path, example["value"].to_string().into_bytes());
            }
        }
        service
    })
}

fn send(service: &Service, path: &str, body: Vec<u8>) -> (StatusCode, Vec<u8>) {
    let request =
        Request::post(path).header(header::CONTENT_TYPE, "application/json").body(Body::from(body)).expect("a request");
    service.runtime.block_on(async {
        let response = service.router.clone().oneshot(request).await.expect("the router answers");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
        (status, bytes.to_vec())
    })
}

fuzz_target!(init: { service(); }, |data: &[u8]| {
    let Some((&choice, body)) = data.split_first() else { return };
    let service = service();
    let path = service.posts[usize::from(choice) % service.posts.len()];
    let (status, reply) = send(service, path, body.to_vec());
    assert_ne!(status, StatusCode::INTERNAL_SERVER_ERROR, "{path}: {}", String::from_utf8_lossy(&reply));
    let json: serde_json::Value = serde_json::from_slice(&reply)
        .unwrap_or_else(|e| panic!("{path} {status}: the reply is not JSON ({e}): {}", String::from_utf8_lossy(&reply)));
    if !status.is_success() {
        let error = json.get("error").unwrap_or_else(|| panic!("{path} {status}: a refusal says why: {json}"));
        assert!(error.get("message").is_some_and(|m| m.as_str().is_some_and(|m| !m.is_empty())), "{path}: {json}");
    }
});
