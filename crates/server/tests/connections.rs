//! Connection limits: slow, idle and too many clients cannot hold the
//! server. Loopback only; every wait is bounded.

mod common;

use std::time::{Duration, Instant};

use polyfen_server::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Reads until the server closes the connection; returns what it sent and
/// how long it took, or panics after `limit`.
async fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> (String, Duration) {
    let start = Instant::now();
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let read = tokio::time::timeout(limit.saturating_sub(start.elapsed()), stream.read(&mut buffer))
            .await
            .unwrap_or_else(|_| panic!("the server kept the connection open for {limit:?}"));
        match read {
            Ok(0) | Err(_) => break,
            Ok(n) => received.extend_from_slice(&buffer[..n]),
        }
    }
    (String::from_utf8_lossy(&received).into_owned(), start.elapsed())
}

fn addr(base: &str) -> String {
    base.trim_start_matches("http://").to_owned()
}

/// Sends `request` on a new connection to a server of `config`: what the
/// server sent until it closed the connection (within 3 s), and when.
async fn closed_after(config: Config, request: &[u8]) -> (String, Duration) {
    let base = common::start(config).await;
    let mut stream = TcpStream::connect(addr(&base)).await.expect("connects");
    stream.write_all(request).await.expect("writes");
    read_until_closed(&mut stream, Duration::from_secs(3)).await
}

#[tokio::test]
async fn a_header_sent_too_slowly_closes_the_connection() {
    let config = Config::default().with_header_read_timeout(Duration::from_millis(300));
    let (_, took) = closed_after(config, b"GET /v1/info HTTP/1.1\r\nhost: x\r\n").await;
    assert!(took < Duration::from_secs(2), "closed after {took:?}");
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed() {
    let config = Config::default().with_idle_timeout(Duration::from_millis(300));
    let (received, took) = closed_after(config, b"GET /v1/info HTTP/1.1\r\nhost: x\r\n\r\n").await;
    assert!(received.starts_with("HTTP/1.1 200"), "{received}");
    assert!(took < Duration::from_secs(2), "closed after {took:?}");
}

#[tokio::test]
async fn connections_over_the_cap_get_503_at_once_and_slots_come_back() {
    let config = Config::default().with_max_connections(8).with_header_read_timeout(Duration::from_millis(800));
    let base = common::start(config).await;
    let (_, _, info) = common::get(&common::client(), &base, "/v1/info").await;
    assert!(info.contains("\"max_connections\":8"), "{info}");
    // Eight slow clients, each with half a header, hold every slot.
    let mut slow = Vec::new();
    for _ in 0..8 {
        let mut stream = TcpStream::connect(addr(&base)).await.expect("connects");
        stream.write_all(b"GET /v1/info HTTP/1.1\r\n").await.expect("writes");
        slow.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    let start = Instant::now();
    let mut stream = TcpStream::connect(addr(&base)).await.expect("connects");
    stream.write_all(b"GET /v1/info HTTP/1.1\r\nhost: x\r\n\r\n").await.expect("writes");
    let (received, _) = read_until_closed(&mut stream, Duration::from_secs(1)).await;
    assert!(start.elapsed() < Duration::from_secs(1), "answered after {:?}", start.elapsed());
    assert!(received.starts_with("HTTP/1.1 503"), "{received}");
    assert!(received.contains("too many connections"), "{received}");
    // The header time limit frees the slots: a new client is served again.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let (status, _, _) = common::get(&common::client(), &base, "/v1/info").await;
        if status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "still refused after the slow clients timed out");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(slow);
}

/// A client that stops reading a large answer does not hold it: the
/// connection is dropped an idle timeout after it started closing, and the
/// client then finds it closed before the answer's end.
#[tokio::test]
async fn a_client_that_stops_reading_is_dropped() {
    let config = Config::default().with_idle_timeout(Duration::from_millis(300)).with_max_reply_bytes(32 << 20);
    let base = common::start(config).await;
    // a small receive buffer, so that the answer cannot all wait in it
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket.set_recv_buffer_size(64 * 1024).expect("a buffer size");
    let mut stream = socket.connect(addr(&base).parse().expect("an address")).await.expect("connects");
    let xiangqi = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    // about 6 MB of SVG, more than the buffers on the way hold
    let body = serde_json::json!({"inputs": vec![xiangqi; 150]}).to_string();
    let request = format!(
        "POST /v1/render HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("writes");
    // the answer begins...
    let mut head = vec![0u8; 1024];
    let n = tokio::time::timeout(Duration::from_secs(30), stream.read(&mut head))
        .await
        .expect("an answer within 30 s")
        .expect("reads");
    head.truncate(n);
    // ... and then the client stops reading for a while: the server gives up
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (rest, _) = read_until_closed(&mut stream, Duration::from_secs(5)).await;
    let received = String::from_utf8_lossy(&head).into_owned() + &rest;
    assert!(received.starts_with("HTTP/1.1 200"), "{}", &received[..received.len().min(200)]);
    let length: usize = received
        .lines()
        .find_map(|line| line.strip_prefix("content-length: "))
        .and_then(|n| n.trim().parse().ok())
        .expect("a content length");
    let body_received = received.len() - received.find("\r\n\r\n").expect("a header") - 4;
    assert!(body_received < length, "the whole answer ({length} bytes) came");
}
