//! Request-level refusals: the `{"error": {"message"}}` answer with its
//! status, the 503 of a service shutting down, and the numbers written in
//! their messages. Every module that answers a request may use this one;
//! it depends on no other module of the crate and must not: it is where
//! the pool, the limits and the handlers meet without importing each
//! other.

use http::StatusCode;

/// The body of a request-level error: `{"error": {"message": ...}}`.
pub(crate) fn error_body(message: &str) -> serde_json::Value {
    serde_json::json!({ "error": { "message": message } })
}

/// A request-level error: `{"error": {"message": ...}}` with `status`.
#[cfg(feature = "service")]
pub(crate) fn request_error(status: StatusCode, message: &str) -> (StatusCode, axum::Json<serde_json::Value>) {
    (status, axum::Json(error_body(message)))
}

/// Why a request cannot be answered at all.
#[derive(Debug)]
pub(crate) struct Refusal(pub(crate) StatusCode, pub(crate) String);

impl Refusal {
    /// The answer's status and bytes, as the service writes them.
    pub(crate) fn answer(&self) -> (StatusCode, Vec<u8>) {
        (self.0, error_body(&self.1).to_string().into_bytes())
    }
}

#[cfg(feature = "service")]
impl axum::response::IntoResponse for Refusal {
    fn into_response(self) -> axum::response::Response {
        request_error(self.0, &self.1).into_response()
    }
}

/// A 400 saying what is wrong with the request.
pub(crate) fn bad_request(message: impl Into<String>) -> Refusal {
    Refusal(StatusCode::BAD_REQUEST, message.into())
}

/// `1234567` as `1,234,567`.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` and the word for one or for many: `1 input`, `2,000 inputs`.
pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n as u64), if n == 1 { one } else { many })
}

/// The reply of a request over the reply budget.
pub(crate) fn too_big_reply(estimate: u64, inputs: usize, limit: usize) -> Refusal {
    Refusal(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "this request's answer may take up to {} bytes ({}); the limit is {} bytes per answer \
             (serve --max-reply-bytes); send fewer inputs at once, or ask for the batch as NDJSON \
             (accept: application/x-ndjson)",
            thousands(estimate),
            plural(inputs, "input", "inputs"),
            thousands(limit as u64)
        ),
    )
}

/// The answer when a permit of the pool or of the memory budget cannot be
/// had: their semaphores refuse only once closed, as the service goes away.
#[cfg(feature = "service")]
pub(crate) fn shutting_down() -> axum::response::Response {
    use axum::response::IntoResponse as _;
    request_error(StatusCode::SERVICE_UNAVAILABLE, "the service is shutting down").into_response()
}
