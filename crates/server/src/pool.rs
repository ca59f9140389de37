//! The one pool of heavy work and the memory held at once.
//!
//! Heavy work runs on tokio's blocking threads, at most
//! [`crate::Config::max_jobs`] jobs at once (a permit each), never on the
//! async workers. Memory is counted in KiB permits of one semaphore
//! ([`crate::Config::max_bytes_in_flight`]): a large request body holds its
//! size from before it is read until its handler returns, and a reply built
//! on the pool holds its size until its last bytes are handed to the
//! connection. A reply body is written out in chunks of [`CHUNK`] bytes.

#[cfg(feature = "service")]
use std::pin::Pin;
#[cfg(feature = "service")]
use std::sync::Arc;
#[cfg(feature = "service")]
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(feature = "service")]
use std::task::{Context, Poll};

#[cfg(feature = "service")]
use axum::body::{Body, Bytes};
#[cfg(feature = "service")]
use http_body::Frame;
#[cfg(feature = "service")]
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};

#[cfg(feature = "service")]
/// Bodies up to this size hold no memory permit: with the cap on
/// connections they are at most a few MiB together.
pub(crate) const SMALL_BODY: usize = 16 * 1024;

#[cfg(feature = "service")]
/// Replies up to this size hold no memory permit.
pub(crate) const SMALL_REPLY: usize = 64 * 1024;

/// The size of the pieces a built reply is written out in; the connection
/// buffers at most [`crate::connections::WRITE_BUFFER`] bytes of it.
pub(crate) const CHUNK: usize = 64 * 1024;

#[cfg(feature = "service")]
/// The KiB permits of `bytes`, at least one.
pub(crate) fn kib(bytes: usize) -> u32 {
    u32::try_from(bytes.div_ceil(1024).max(1)).unwrap_or(u32::MAX)
}

#[cfg(feature = "service")]
/// The memory budget: KiB permits, of which at least one largest body and
/// one largest reply fit.
#[derive(Clone, Debug)]
pub(crate) struct Memory {
    semaphore: Arc<Semaphore>,
    total: u32,
}

#[cfg(feature = "service")]
impl Memory {
    pub(crate) fn new(config: &crate::Config) -> Memory {
        let bytes = config.max_bytes_in_flight.max(config.max_body_bytes.saturating_add(config.max_reply_bytes));
        let total = kib(bytes);
        Memory { semaphore: Arc::new(Semaphore::new(total as usize)), total }
    }

    /// Holds `bytes` of the budget, waiting for them (within the request's
    /// time limit, which drops the wait).
    pub(crate) async fn hold(&self, bytes: usize) -> Option<OwnedSemaphorePermit> {
        Arc::clone(&self.semaphore).acquire_many_owned(kib(bytes).min(self.total)).await.ok()
    }
}

#[cfg(feature = "service")]
/// Sets its flag when dropped: a handler's future is dropped when its
/// request times out or its client goes away, and the work on the pool
/// stops at its next check.
#[derive(Debug)]
pub(crate) struct CancelOnDrop(pub(crate) Arc<AtomicBool>);

#[cfg(feature = "service")]
impl CancelOnDrop {
    /// A new flag, unset.
    pub(crate) fn new() -> CancelOnDrop {
        CancelOnDrop(Arc::new(AtomicBool::new(false)))
    }

    /// The flag, for the work to check.
    pub(crate) fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

#[cfg(feature = "service")]
impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

#[cfg(feature = "service")]
/// A reply body: built whole on the pool (written out in chunks, holding
/// its memory permit until the last one is handed over), built on the pool
/// as pieces (each let go as it is handed over), or lines streamed from the
/// pool through a bounded channel.
pub(crate) enum Reply {
    Whole { data: Bytes, at: usize, permit: Option<OwnedSemaphorePermit> },
    Pieces { pieces: std::collections::VecDeque<Bytes>, left: usize, permit: Option<OwnedSemaphorePermit> },
    Lines { lines: mpsc::Receiver<Bytes>, _cancel: CancelOnDrop },
}

#[cfg(feature = "service")]
impl Reply {
    /// `data` as a body that holds `permit` until it is written out.
    pub(crate) fn whole(data: Vec<u8>, permit: Option<OwnedSemaphorePermit>) -> Body {
        Body::new(Reply::Whole { data: Bytes::from(data), at: 0, permit })
    }

    /// `pieces` in order, as a body that holds `permit` until the last is
    /// handed over; each piece is let go as it is.
    pub(crate) fn pieces(pieces: Vec<Bytes>, permit: Option<OwnedSemaphorePermit>) -> Body {
        let left = pieces.iter().map(Bytes::len).sum();
        Body::new(Reply::Pieces { pieces: pieces.into(), left, permit })
    }

    /// The lines received from `lines`, until the sender is dropped;
    /// `cancel` is set when the body is dropped (written out, or its client
    /// gone).
    pub(crate) fn lines(lines: mpsc::Receiver<Bytes>, cancel: CancelOnDrop) -> Body {
        Body::new(Reply::Lines { lines, _cancel: cancel })
    }
}

#[cfg(feature = "service")]
impl http_body::Body for Reply {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        match self.get_mut() {
            Reply::Whole { data, at, permit } => {
                if *at >= data.len() {
                    *permit = None;
                    return Poll::Ready(None);
                }
                let end = (*at + CHUNK).min(data.len());
                let chunk =
                    if *at == 0 && end == data.len() { data.clone() } else { Bytes::copy_from_slice(&data[*at..end]) };
                *at = end;
                if end == data.len() {
                    // the whole reply is handed over: free it and its permit
                    *data = Bytes::new();
                    *at = 0;
                    *permit = None;
                }
                Poll::Ready(Some(Ok(Frame::data(chunk))))
            }
            Reply::Pieces { pieces, left, permit } => {
                let piece = pieces.pop_front();
                if pieces.is_empty() {
                    // the last piece is handed over: let go of its permit
                    *permit = None;
                }
                Poll::Ready(piece.map(|piece| {
                    *left -= piece.len();
                    Ok(Frame::data(piece))
                }))
            }
            Reply::Lines { lines, .. } => lines.poll_recv(cx).map(|line| line.map(|line| Ok(Frame::data(line)))),
        }
    }

    fn size_hint(&self) -> http_body::SizeHint {
        match self {
            // a whole reply's length is known: it goes out with a content-length
            Reply::Whole { data, at, .. } => http_body::SizeHint::with_exact((data.len() - *at) as u64),
            Reply::Pieces { left, .. } => http_body::SizeHint::with_exact(*left as u64),
            Reply::Lines { .. } => http_body::SizeHint::default(),
        }
    }
}

#[cfg(feature = "service")]
/// Runs `work` on the pool, holding one of the job permits until it ends
/// (after its request ended too, so the pool never runs more than its
/// permits); `None` when the service is shutting down or the work panicked.
pub(crate) async fn run<T: Send + 'static>(
    jobs: &Arc<Semaphore>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let permit = Arc::clone(jobs).acquire_owned().await.ok()?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .ok()
}

#[cfg(feature = "service")]
/// A JSON answer of `bytes` made on the pool: a large one holds its size of
/// the memory budget (waiting for it within the request's time limit) until
/// it is written out.
pub(crate) async fn json_reply(
    memory: &Memory,
    status: axum::http::StatusCode,
    bytes: Vec<u8>,
) -> axum::response::Response {
    let permit = if bytes.len() > SMALL_REPLY {
        match memory.hold(bytes.len()).await {
            Some(permit) => Some(permit),
            None => return crate::refusal::shutting_down(),
        }
    } else {
        None
    };
    let mut response = axum::response::Response::new(Reply::whole(bytes, permit));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(axum::http::header::CONTENT_TYPE, axum::http::HeaderValue::from_static("application/json"));
    response
}

#[cfg(feature = "service")]
/// A JSON answer made on the pool as `pieces`, with `permit` held for it
/// before the work (none for a small one): the part of the permit not
/// needed is let go, and a reply larger than foreseen waits for the rest.
pub(crate) async fn held_reply(
    memory: &Memory,
    permit: Option<OwnedSemaphorePermit>,
    status: axum::http::StatusCode,
    pieces: Vec<Bytes>,
) -> axum::response::Response {
    let len: usize = pieces.iter().map(Bytes::len).sum();
    let permit = match permit {
        Some(mut permit) => {
            let need = kib(len) as usize;
            match permit.num_permits().cmp(&need) {
                std::cmp::Ordering::Greater => drop(permit.split(permit.num_permits() - need)),
                std::cmp::Ordering::Less => match memory.hold(len - permit.num_permits() * 1024).await {
                    Some(more) => permit.merge(more),
                    None => return crate::refusal::shutting_down(),
                },
                std::cmp::Ordering::Equal => {}
            }
            Some(permit)
        }
        None if len > SMALL_REPLY => match memory.hold(len).await {
            Some(permit) => Some(permit),
            None => return crate::refusal::shutting_down(),
        },
        None => None,
    };
    let mut response = axum::response::Response::new(Reply::pieces(pieces, permit));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(axum::http::header::CONTENT_TYPE, axum::http::HeaderValue::from_static("application/json"));
    response
}
