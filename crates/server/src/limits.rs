//! The per-request time limit and the answer to a handler that panicked.

use std::any::Any;

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::refusal::request_error;

/// Answers 503 when the request takes longer than the configured limit.
pub(crate) async fn time_limit(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let limit = state.config.request_timeout;
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => request_error(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!("the request took longer than the limit of {} ms", limit.as_millis()),
        )
        .into_response(),
    }
}

/// Holds the memory a large body takes (its `content-length`, or the body
/// limit when it is sent in chunks) before it is read, until the handler
/// returns; a small body holds nothing.
pub(crate) async fn body_memory(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let length =
        headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<usize>().ok());
    let bytes = match length {
        Some(length) => length.min(state.config.max_body_bytes),
        None if headers.contains_key(header::TRANSFER_ENCODING) => state.config.max_body_bytes,
        None => 0,
    };
    if bytes <= crate::pool::SMALL_BODY {
        return next.run(request).await;
    }
    let Some(_permit) = state.memory.hold(bytes).await else {
        return request_error(StatusCode::SERVICE_UNAVAILABLE, "the service is shutting down").into_response();
    };
    next.run(request).await
}

/// POST bodies must be labelled `application/json` (415 otherwise): a page
/// of another site can send a form or plain text without asking first, but
/// not JSON.
pub(crate) async fn json_only(request: Request, next: Next) -> Response {
    if request.method() == Method::POST {
        let content_type = request.headers().get(header::CONTENT_TYPE).map(|v| String::from_utf8_lossy(v.as_bytes()));
        let essence = content_type.as_deref().and_then(|ct| ct.split(';').next()).map(str::trim);
        if !essence.is_some_and(|essence| essence.eq_ignore_ascii_case("application/json")) {
            let sent = content_type.map_or_else(|| "has no content type".to_owned(), |ct| format!("is {ct:?}"));
            return request_error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                &format!("a POST body must be application/json; this one {sent}"),
            )
            .into_response();
        }
    }
    next.run(request).await
}

/// A handler that panicked is a bug: answer 500 rather than drop the
/// connection.
#[allow(clippy::needless_pass_by_value)] // the signature CatchPanicLayer asks for
pub(crate) fn panicked(_payload: Box<dyn Any + Send + 'static>) -> Response {
    request_error(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
}
