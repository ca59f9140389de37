//! A bounded load test on loopback: starts the service on 127.0.0.1 (a
//! random port, in this process), sends a fixed number of requests and
//! prints requests per second for single conversions and positions per
//! second for batches, then stops.
//!
//! ```text
//! cargo run --release -p polyfen-server --example load -- [FILE] [REQUESTS] [CLIENTS] [BATCH]
//! ```
//!
//! FILE holds one position a line (by default the chess corpus
//! `tests/data/chess/cozy_valid.sfens`); each conversion is to
//! `shredder-fen`, as `polyfen convert --to shredder-fen < FILE` does.

#![allow(clippy::cast_precision_loss)] // rates for people to read

use std::time::Instant;

use polyfen_server::Config;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let file = args
        .next()
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/chess/cozy_valid.sfens").to_owned());
    let requests: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let clients: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(16).max(1);
    let batch: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1_000).max(1);
    let text = std::fs::read_to_string(&file)?;
    let lines: Vec<String> = text.lines().filter(|l| !l.trim().is_empty()).map(str::to_owned).collect();
    assert!(!lines.is_empty(), "{file} has no positions");
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let base = format!("http://{}", listener.local_addr()?);
        tokio::spawn(async move { axum::serve(listener, polyfen_server::router(Config::default())).await });
        let client = reqwest::Client::builder().no_proxy().build().map_err(std::io::Error::other)?;
        let lines = std::sync::Arc::new(lines);
        println!("{} positions from {file}; {clients} clients on {base}", lines.len());

        // single conversions
        let started = Instant::now();
        let failed = run(&client, &base, &lines, requests, clients, 1).await;
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "single: {requests} requests in {seconds:.2} s = {:.0} requests/s ({failed} failed)",
            requests as f64 / seconds
        );

        // batches: every position once per round, `batch` a request
        let rounds = (lines.len().div_ceil(batch)).max(1);
        let batch_requests = rounds * 20;
        let started = Instant::now();
        let failed = run(&client, &base, &lines, batch_requests, clients.min(4), batch).await;
        let seconds = started.elapsed().as_secs_f64();
        let positions = batch_requests * batch;
        println!(
            "batch: {batch_requests} requests of {batch} positions in {seconds:.2} s = {:.0} positions/s ({failed} failed)",
            positions as f64 / seconds
        );
        Ok(())
    })
}

/// Sends `requests` requests from `clients` concurrent clients, each with
/// `batch` positions; returns how many failed.
async fn run(
    client: &reqwest::Client,
    base: &str,
    lines: &std::sync::Arc<Vec<String>>,
    requests: usize,
    clients: usize,
    batch: usize,
) -> usize {
    let mut tasks = Vec::new();
    for worker in 0..clients {
        let (client, url, lines) = (client.clone(), format!("{base}/v1/convert"), lines.clone());
        tasks.push(tokio::spawn(async move {
            let mut failed = 0;
            let mut i = worker;
            while i < requests {
                let body = if batch == 1 {
                    serde_json::json!({"input": lines[i % lines.len()], "to": "shredder-fen"})
                } else {
                    let inputs: Vec<&String> = (0..batch).map(|k| &lines[(i * batch + k) % lines.len()]).collect();
                    serde_json::json!({"inputs": inputs, "to": "shredder-fen"})
                };
                let ok = match client.post(&url).body(body.to_string()).send().await {
                    Ok(response) => response.status().is_success() && response.bytes().await.is_ok(),
                    Err(_) => false,
                };
                failed += usize::from(!ok);
                i += clients;
            }
            failed
        }));
    }
    let mut failed = 0;
    for task in tasks {
        failed += task.await.unwrap_or(requests);
    }
    failed
}
