//! The per-request time limit and the answer to a handler that panicked.

use std::any::Any;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::api::request_error;

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

/// A handler that panicked is a bug: answer 500 rather than drop the
/// connection.
#[allow(clippy::needless_pass_by_value)] // the signature CatchPanicLayer asks for
pub(crate) fn panicked(_payload: Box<dyn Any + Send + 'static>) -> Response {
    request_error(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
}
