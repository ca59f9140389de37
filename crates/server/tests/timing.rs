//! Work stops when its request ends, timed out or its client gone: the
//! process spends almost no CPU time after that. Small requests stay fast
//! while the pool is busy. The tests of this file measure the process's CPU
//! time or answer times, so they take turns.

mod common;

use std::time::{Duration, Instant};

use common::{client, post, start};
use polyfen_server::Config;
use serde_json::json;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// One test at a time: each measures the process's CPU time.
static TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Knights out and back: four moves that can be played again and again.
fn shuffle(moves: usize) -> Vec<&'static str> {
    ["g1f3", "g8f6", "f3g1", "f6g8"].into_iter().cycle().take(moves).collect()
}

/// The CPU time this process has used (user and system), from
/// `/proc/self/stat`; the server runs in this process.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    // the fields after the command's closing parenthesis; utime and stime
    // are fields 14 and 15 of the whole line
    let rest = &stat[stat.rfind(')').expect("a command") + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks: u64 = fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
    // the kernel counts in USER_HZ, 100 on Linux
    Duration::from_millis(ticks * 10)
}

/// The CPU time this process spends in 500 ms, `settle` from now.
async fn cpu_spent_after(settle: Duration) -> Duration {
    tokio::time::sleep(settle).await;
    let before = cpu_time();
    tokio::time::sleep(Duration::from_millis(500)).await;
    cpu_time().saturating_sub(before)
}

/// POSTs `body` to `path` from a client that gives up after `patience` and
/// then goes away, closing its connection.
async fn post_impatiently(
    base: &str,
    path: &str,
    body: &serde_json::Value,
    patience: Duration,
) -> reqwest::Result<reqwest::Response> {
    let impatient = reqwest::Client::builder().no_proxy().timeout(patience).build().expect("client");
    impatient
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
}

/// POSTs `body` to `path` asking for NDJSON: the answer, whose status is
/// 200, its lines still to be read.
async fn post_streamed(c: &reqwest::Client, base: &str, path: &str, body: &serde_json::Value) -> reqwest::Response {
    let response = c
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .header("accept", "application/x-ndjson")
        .body(body.to_string())
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status(), 200);
    response
}

/// A long move batch whose client goes away stops at once: the process
/// spends almost no CPU time after the client is gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_batch_stops_when_its_client_goes_away() {
    let _turn = TURN.lock().await;
    let base = start(Config::default().with_max_moves(10_000_000).with_request_timeout(Duration::from_mins(1))).await;
    let inputs = vec![START; 40];
    let body = json!({"inputs": inputs, "moves": shuffle(100_000)});
    // the client gives up after 300 ms and closes its connection
    let started = Instant::now();
    let answer = post_impatiently(&base, "/v1/move", &body, Duration::from_millis(300)).await;
    assert!(answer.is_err(), "the work took more than 300 ms");
    assert!(started.elapsed() < Duration::from_secs(2));
    // within 100 ms the work has stopped
    let spent = cpu_spent_after(Duration::from_millis(100)).await;
    assert!(spent < Duration::from_millis(150), "{spent:?} of CPU time in 500 ms after the client left");
}

/// The same when the request reaches its time limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_batch_stops_at_the_time_limit() {
    let _turn = TURN.lock().await;
    let limit = Duration::from_millis(300);
    let base = start(Config::default().with_max_moves(10_000_000).with_request_timeout(limit)).await;
    let inputs = vec![START; 40];
    let (status, answer) =
        post(&client(), &base, "/v1/move", &json!({"inputs": inputs, "moves": shuffle(100_000)})).await;
    assert_eq!(status, 503, "{answer}");
    let spent = cpu_spent_after(Duration::from_millis(100)).await;
    assert!(spent < Duration::from_millis(150), "{spent:?} of CPU time in 500 ms after the time limit");
}

/// A perft batch stops counting when its client goes away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_perft_stops_when_its_client_goes_away() {
    let _turn = TURN.lock().await;
    let config = Config::default().with_request_timeout(Duration::from_mins(1)).with_max_perft_nodes(2_000_000_000);
    let base = start(config).await;
    // forty Khet perfts at depth 4: about 1.4 billion nodes, under the
    // budget, seconds of work in any build (four took under 500 ms in an
    // optimized one)
    let body = json!({"inputs": vec!["khet:classic"; 40], "depth": 4});
    let answer = post_impatiently(&base, "/v1/perft", &body, Duration::from_millis(500)).await;
    assert!(answer.is_err(), "the count took more than 500 ms");
    let spent = cpu_spent_after(Duration::from_millis(100)).await;
    assert!(spent < Duration::from_millis(150), "{spent:?} of CPU time in 500 ms after the client left");
}

/// A streamed batch stops when its client goes away mid-answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_stops_when_its_client_goes_away() {
    let _turn = TURN.lock().await;
    let config = Config::default().with_max_moves(10_000_000).with_request_timeout(Duration::from_mins(1));
    let base = start(config).await;
    let c = client();
    let body = json!({"inputs": vec![START; 400], "moves": shuffle(4_000)});
    let mut response = post_streamed(&c, &base, "/v1/move", &body).await;
    let first = response.chunk().await.expect("a chunk").expect("a first line");
    assert!(first.starts_with(b"{\"ok\""), "{first:?}");
    drop(response);
    drop(c);
    let spent = cpu_spent_after(Duration::from_millis(100)).await;
    assert!(spent < Duration::from_millis(150), "{spent:?} of CPU time in 500 ms after the client left");
}

/// A slow reader pauses a streamed batch: while nobody reads, the work
/// waits, and it goes on when the reader does.
#[allow(clippy::naive_bytecount)] // a few hundred lines
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_reader_pauses_the_stream() {
    let _turn = TURN.lock().await;
    let base = start(Config::default().with_request_timeout(Duration::from_mins(1))).await;
    let c = client();
    // 2,000 Xiangqi SVGs of about 45 KB: far more than the buffers on the way
    let body = json!({"inputs": vec![XQ_START; 2_000]});
    let mut response = post_streamed(&c, &base, "/v1/render", &body).await;
    let mut all = response.chunk().await.expect("a chunk").expect("a first piece").to_vec();
    // the buffers on the way (a few MB on loopback) fill up first
    let spent = cpu_spent_after(Duration::from_secs(1)).await;
    assert!(spent < Duration::from_millis(100), "{spent:?} of CPU time in 500 ms while nobody read");
    // reading again, the lines come again: 400 more, every one an answer
    let mut lines = all.iter().filter(|&&b| b == b'\n').count();
    while lines < 400 {
        let chunk = response.chunk().await.expect("a chunk").expect("more lines");
        lines += chunk.iter().filter(|&&b| b == b'\n').count();
        all.extend_from_slice(&chunk);
    }
    let text = String::from_utf8_lossy(&all);
    assert!(text.lines().take(400).all(|line| line.starts_with("{\"ok\":{")));
    // the client goes away: the work stops (and the test's runtime can end)
    drop(response);
    drop(c);
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// With both pool slots running long jobs, a `convert` of one input is
/// answered at once, and a heavy request waits its turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_convert_stays_fast_while_the_pool_is_full() {
    let _turn = TURN.lock().await;
    let base = start(Config::default().with_max_moves(10_000_000).with_max_jobs(2)).await;
    let c = client();
    let mut busy = Vec::new();
    for _ in 0..2 {
        let (c, base) = (c.clone(), base.clone());
        let body = json!({"inputs": vec![START; 40], "moves": shuffle(100_000)});
        busy.push(tokio::spawn(async move { post(&c, &base, "/v1/move", &body).await }));
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut slowest = Duration::ZERO;
    for _ in 0..10 {
        let sent = Instant::now();
        let (status, answer) = post(&c, &base, "/v1/convert", &json!({"input": START, "to": "shredder-fen"})).await;
        slowest = slowest.max(sent.elapsed());
        assert_eq!(status, 200, "{answer}");
    }
    eprintln!("the slowest of 10 converts while the pool was full: {slowest:?}");
    assert!(slowest < Duration::from_millis(200), "the slowest convert took {slowest:?}");
    for job in &busy {
        assert!(!job.is_finished(), "the long jobs still run");
    }
    for job in busy {
        job.abort();
    }
}
