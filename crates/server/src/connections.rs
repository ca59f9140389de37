//! The accept loop: a cap on open connections, a time limit on reading a
//! request's header, and an idle keep-alive limit, so that slow or idle
//! clients cannot hold the server.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use crate::Config;

/// The answer to a connection over the cap, written before closing it.
const TOO_MANY: &str = "{\"error\":{\"message\":\"the server has too many connections open; try again shortly\"}}";

/// The most bytes a connection buffers, reading or writing (a request's
/// header must fit): a reply is handed over a piece at a time as this
/// buffer drains.
pub(crate) const WRITE_BUFFER: usize = 64 * 1024;

/// What one connection's requests share with its idle watch.
#[derive(Debug)]
struct Activity {
    in_flight: AtomicUsize,
    last: Mutex<Instant>,
}

impl Activity {
    fn touch(&self) {
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) = Instant::now();
    }

    fn last(&self) -> Instant {
        *self.last.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Serves `app` on `listener` with the connection limits of `config` until
/// `shutdown` completes.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    config: &Config,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let header_timeout = config.header_read_timeout;
    let idle_timeout = config.idle_timeout;
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => {
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait a little and go on.
                let Ok((stream, _)) = accepted else {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                    continue;
                };
                stream
            }
            () = &mut shutdown => return Ok(()),
        };
        let _ = stream.set_nodelay(true);
        match Arc::clone(&slots).try_acquire_owned() {
            Ok(slot) => {
                tokio::spawn(connection(stream, app.clone(), header_timeout, idle_timeout, slot));
            }
            Err(_) => {
                tokio::spawn(refuse(stream));
            }
        }
    }
}

/// Serves the requests of one connection; closes it when it has been idle
/// (no request under way) for `idle_timeout`.
async fn connection(
    stream: TcpStream,
    app: Router,
    header_timeout: Duration,
    idle_timeout: Duration,
    _slot: OwnedSemaphorePermit,
) {
    let activity = Arc::new(Activity { in_flight: AtomicUsize::new(0), last: Mutex::new(Instant::now()) });
    let tower = TowerToHyperService::new(app);
    let service = {
        let activity = Arc::clone(&activity);
        hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let activity = Arc::clone(&activity);
            activity.in_flight.fetch_add(1, Ordering::SeqCst);
            activity.touch();
            let answer = hyper::service::Service::call(&tower, request);
            async move {
                let response = answer.await;
                activity.touch();
                activity.in_flight.fetch_sub(1, Ordering::SeqCst);
                response
            }
        })
    };
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(header_timeout).keep_alive(true).max_buf_size(WRITE_BUFFER);
    let conn = builder.serve_connection(TokioIo::new(stream), service);
    let mut conn = std::pin::pin!(conn);
    // When the connection started closing: a client that has not taken its
    // answer within another idle timeout after that is dropped, so that a
    // reader that stopped reading cannot hold the answer's memory.
    let mut closing: Option<Instant> = None;
    loop {
        let wake = match closing {
            Some(since) => since + idle_timeout,
            None => activity.last() + idle_timeout,
        };
        tokio::select! {
            _ = conn.as_mut() => return,
            () = tokio::time::sleep_until(wake) => {
                if closing.is_some() {
                    return;
                }
                let idle = activity.in_flight.load(Ordering::SeqCst) == 0;
                if idle && activity.last().elapsed() >= idle_timeout {
                    conn.as_mut().graceful_shutdown();
                    closing = Some(Instant::now());
                } else if !idle {
                    activity.touch();
                }
            }
        }
    }
}

/// Answers a connection over the cap with 503 and closes it, spending at
/// most a few hundred milliseconds on it.
async fn refuse(mut stream: TcpStream) {
    let mut buffer = [0u8; 4096];
    // Read what the client sent already, so that closing does not reset the
    // connection before it reads the answer.
    let _ = tokio::time::timeout(Duration::from_millis(50), stream.read(&mut buffer)).await;
    let reply = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{TOO_MANY}",
        TOO_MANY.len()
    );
    let _ = tokio::time::timeout(Duration::from_millis(200), async {
        stream.write_all(reply.as_bytes()).await?;
        stream.shutdown().await?;
        while stream.read(&mut buffer).await? > 0 {}
        std::io::Result::Ok(())
    })
    .await;
}
