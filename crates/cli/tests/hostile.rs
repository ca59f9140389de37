//! Hostile clients against `polyfen serve`: one test per attack an attacker
//! tried on the service (perft batches, long move lists, huge render and
//! laser replies, slow connections, bodies that are not JSON, many large
//! bodies at once, game records asking for every position), plus a plain
//! load figure.
//!
//! Each test starts the real binary on a free loopback port and measures
//! that process alone, from `/proc/PID/status` (peak and current resident
//! memory) and `/proc/PID/stat` (CPU time). During every attack a small
//! `convert` request goes out every 25 ms on a connection opened before the
//! attack, and must be answered within 200 ms; the server must stay up and
//! its peak resident memory stay under 256 MiB.
//!
//! The counts are small by default, so the suite stays quick in a debug
//! build; `POLYFEN_SOAK=1` runs the long version (what `cargo xtask soak`
//! runs, on a release build). Every test prints one line of figures:
//! requests per second, the 99th percentile of the small requests'
//! latency, the server's peak resident memory, and the result. Every loop
//! is bounded in count and time; the server is killed when a test ends.
//!
//! The harness (the server, the probe, raw HTTP, the attacks' clients, the
//! figures) is in `common/hostile.rs`; this file holds the attacks.

#![allow(clippy::cast_precision_loss)] // figures for people to read

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The code the tests share: here only the hostile-client harness (the
/// CLI runner of `common/mod.rs` is not used by these tests).
mod common {
    pub mod hostile;
}

use common::hostile::{
    Answer, CHESS_START, KHET_CLASSIC, STOP_SLACK, STOP_WITHIN, attack, batch_body, exchange, exchange_owned,
    held_rounds, largest, largest_mib, open_file_limit, percentile, post_request, scaled, slow_client, slowest,
    statuses,
};

// ---------------------------------------------------------------- 1. perft

/// Khet perft at depth 5, in batches of six positions (two at once) and in
/// a batch of 10,000: refused by the budget before counting. Batches of
/// three at depth 5, within the budget the server is given here (10^10
/// nodes, so that they are many seconds of work even in a release build),
/// end by the server's time limit (`--request-timeout 1`) or by the client
/// going away after half a second. Each time the server's CPU time stops
/// growing, and a depth-1 perft is answered at once afterwards.
#[test]
fn perft_batches_are_refused_or_stopped_when_their_request_ends() {
    attack("perft", &["--request-timeout", "1", "--max-perft-nodes", "10000000000"], async |a| {
        let addr = a.addr;
        let six = post_request("/v1/perft", "application/json", "", &batch_body(KHET_CLASSIC, 6, ",\"depth\":5"));
        let full = post_request("/v1/perft", "application/json", "", &batch_body(KHET_CLASSIC, 10_000, ",\"depth\":5"));
        let within = post_request("/v1/perft", "application/json", "", &batch_body(KHET_CLASSIC, 3, ",\"depth\":5"));
        let give_up = Duration::from_secs(3);
        let rounds = scaled(1, 4);
        a.begin();
        let mut answers = Vec::new();
        let mut cpu = Vec::new();
        for _ in 0..rounds {
            let (first, second) =
                tokio::join!(exchange(addr, &six, give_up, 1 << 20), exchange(addr, &six, give_up, 1 << 20));
            answers.extend([first, second]);
            answers.push(exchange(addr, &full, give_up, 1 << 20).await);
            // The requests have ended (answered or given up): the work must
            // stop. The small requests go on meanwhile, so their own CPU
            // time is allowed for.
            cpu.push(a.server.cpu_after(Instant::now()).await);
            // ended by the server's time limit
            let timed_out = exchange(addr, &within, give_up, 1 << 20).await;
            a.figures.check(timed_out.status == 503, || {
                format!("a perft batch over the time limit was answered {}", timed_out.status)
            });
            answers.push(timed_out);
            cpu.push(a.server.cpu_after(Instant::now()).await);
            // ended by the client
            answers.push(exchange(addr, &within, Duration::from_millis(500), 1 << 20).await);
            cpu.push(a.server.cpu_after(Instant::now()).await);
        }
        a.end(answers.len());
        let worst_cpu = cpu.iter().max().copied().unwrap_or_default();
        a.figures.notes.push(format!("answers: {}", statuses(&answers)));
        a.figures.notes.push(format!(
            "CPU in the 0.5 s from {} ms after each request ended: at most {} ms",
            (STOP_WITHIN + STOP_SLACK).as_millis(),
            worst_cpu.as_millis()
        ));
        a.figures.check(worst_cpu <= Duration::from_millis(60), || {
            format!(
                "the server used {} ms of CPU in the 0.5 s starting {} ms after a request ended",
                worst_cpu.as_millis(),
                (STOP_WITHIN + STOP_SLACK).as_millis()
            )
        });
        let one = post_request(
            "/v1/perft",
            "application/json",
            "",
            serde_json::json!({ "input": KHET_CLASSIC, "depth": 1 }).to_string().as_bytes(),
        );
        let depth_one = exchange(addr, &one, Duration::from_secs(5), 1 << 20).await;
        a.figures.notes.push(format!("depth 1 afterwards: {} in {} ms", depth_one.status, depth_one.took.as_millis()));
        a.figures.check(depth_one.status == 200 && depth_one.took < Duration::from_millis(500), || {
            format!(
                "a depth-1 perft afterwards was answered {} after {} ms",
                depth_one.status,
                depth_one.took.as_millis()
            )
        });
    });
}

// ---------------------------------------------------------------- 2. move

/// `/v1/move` with 400 inputs and 100,000 moves each (~700 KB): refused
/// before any work, memory flat.
#[test]
fn a_move_batch_over_the_budget_is_refused_before_work() {
    attack("move batch", &[], async |a| {
        let addr = a.addr;
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let moves: Vec<&str> = shuffle.iter().copied().cycle().take(100_000).collect();
        let rest = format!(",\"moves\":{}", serde_json::to_string(&moves).expect("JSON"));
        let body = batch_body(CHESS_START, 400, &rest);
        a.figures.notes.push(format!("body {} KB", body.len() / 1000));
        let request = post_request("/v1/move", "application/json", "", &body);
        let (rounds, at_once) = scaled((1, 2), (10, 8));
        let give_up = scaled(Duration::from_secs(4), Duration::from_secs(15));
        a.begin();
        let mut answers = Vec::new();
        for _ in 0..rounds {
            let round: Vec<_> =
                (0..at_once).map(|_| tokio::spawn(exchange_owned(addr, request.clone(), give_up, 1 << 20))).collect();
            for task in round {
                answers.push(task.await.expect("a request"));
            }
        }
        let cpu = a.end_measuring_cpu(answers.len()).await;
        let slowest = slowest(&answers);
        a.figures.notes.push(format!("answers: {}, the slowest in {} ms", statuses(&answers), slowest.as_millis()));
        a.figures.check(answers.iter().all(|a| matches!(a.status, 413 | 422)), || {
            format!("not refused: {}", statuses(&answers))
        });
        a.figures.check(slowest < Duration::from_secs(2), || format!("an answer took {} ms", slowest.as_millis()));
        a.figures.check_idle_after(cpu);
    });
}

// ---------------------------------------------------------------- 3. render and laser

/// Render and laser batches of 10,000 Khet positions (2,000 in the short
/// run; replies ~280 times the request), one at a time and 8 laser batches
/// at once, also asked as
/// NDJSON: refused, capped or streamed, memory bounded. The client reads at
/// most a few MiB of each reply in the short run, then goes away.
#[test]
fn render_and_laser_replies_stay_bounded() {
    attack("render and laser", &[], async |a| {
        let addr = a.addr;
        // replies of ~280 times the request: ~50 MB for the short run's
        // batches, ~250 MB for the soak's
        let inputs = scaled(2_000, 10_000);
        let render =
            post_request("/v1/render", "application/json", "", &batch_body(KHET_CLASSIC, inputs, ",\"style\":\"svg\""));
        let laser_body = batch_body(KHET_CLASSIC, inputs, "");
        let laser = post_request("/v1/laser", "application/json", "", &laser_body);
        let streamed = post_request("/v1/laser", "application/json", "accept: application/x-ndjson\r\n", &laser_body);
        let max_read = scaled(4 << 20, 512 << 20);
        let give_up = scaled(Duration::from_secs(15), Duration::from_mins(1));
        let rounds = scaled(1, 3);
        a.begin();
        let mut answers = Vec::new();
        for _ in 0..rounds {
            answers.push(exchange(addr, &render, give_up, max_read).await);
            answers.push(exchange(addr, &laser, give_up, max_read).await);
            answers.push(exchange(addr, &streamed, give_up, max_read).await);
            let eight: Vec<_> =
                (0..8).map(|_| tokio::spawn(exchange_owned(addr, laser.clone(), give_up, max_read))).collect();
            for task in eight {
                answers.push(task.await.expect("a request"));
            }
        }
        a.end(answers.len());
        a.figures.notes.push(format!(
            "answers: {}, the largest {:.1} MiB read",
            statuses(&answers),
            largest_mib(&answers)
        ));
        a.figures.check_statuses(&answers, |status| matches!(status, 200 | 413 | 422));
    });
}

// ---------------------------------------------------------------- 4. slow connections

/// Slow clients (a header line every few seconds, reconnecting when the
/// server closes them) over the connection cap: a new client still gets
/// an answer (503 is fine) within a second.
#[test]
fn slow_connections_over_the_cap_leave_the_server_reachable() {
    // the short run lowers the cap; the soak uses the default (512)
    let options: &[&str] = scaled(&["--max-connections", "64"], &[]);
    attack("slow connections", options, async |a| {
        let addr = a.addr;
        let wanted = scaled(100, 1_100);
        // keep well under this process's open-file limit
        let sockets = wanted.min(open_file_limit().saturating_sub(200) as usize);
        let hold = scaled(Duration::from_secs(4), Duration::from_secs(40));
        let every = scaled(Duration::from_secs(2), Duration::from_secs(5));
        a.figures.notes.push(format!("{sockets} slow sockets for {} s", hold.as_secs()));
        let until = a.begin() + hold;
        let slow: Vec<_> = (0..sockets).map(|_| tokio::spawn(slow_client(addr, until, every))).collect();
        // let the slow clients take the slots
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mut answers = Vec::new();
        while Instant::now() + Duration::from_millis(250) < until {
            let next = Instant::now() + Duration::from_millis(250);
            let request = b"GET /v1/info HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n";
            answers.push(exchange(addr, request, Duration::from_secs(2), 1 << 20).await);
            tokio::time::sleep_until(next.into()).await;
        }
        let mut connects = 0;
        for task in slow {
            connects += task.await.expect("a slow client");
        }
        a.end(answers.len() + connects);
        let slowest = slowest(&answers);
        a.figures.notes.push(format!(
            "{connects} slow connections opened; new clients: {}, the slowest in {} ms",
            statuses(&answers),
            slowest.as_millis()
        ));
        a.figures.check(answers.iter().all(|a| matches!(a.status, 200 | 503)), || {
            format!("new clients got {}", statuses(&answers))
        });
        a.figures.check(slowest <= Duration::from_secs(1), || {
            format!("a new client waited {} ms for its answer", slowest.as_millis())
        });
    });
}

// ---------------------------------------------------------------- 5. not JSON

/// Bodies labelled `text/plain`, as a form, as multipart or not at all
/// (what a page of another site can send without asking first), holding
/// an expensive perft request: 415 at once, nothing processed.
#[test]
fn bodies_that_are_not_json_are_refused_unprocessed() {
    attack("not JSON", &[], async |a| {
        let addr = a.addr;
        let body = batch_body(KHET_CLASSIC, 6, ",\"depth\":5");
        let requests: Vec<Vec<u8>> = [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "text/plain; charset=utf-8",
            "",
        ]
        .iter()
        .map(|content_type| post_request("/v1/perft", content_type, "", &body))
        .collect();
        let requests = Arc::new(requests);
        let (clients, each) = scaled((8, 25), (32, 500));
        a.begin();
        let tasks: Vec<_> = (0..clients)
            .map(|client| {
                let requests = Arc::clone(&requests);
                tokio::spawn(async move {
                    let mut answers = Vec::with_capacity(each);
                    for i in 0..each {
                        let request = &requests[(client + i) % requests.len()];
                        answers.push(exchange(addr, request, Duration::from_secs(5), 1 << 16).await);
                    }
                    answers
                })
            })
            .collect();
        let mut answers = Vec::new();
        for task in tasks {
            answers.extend(task.await.expect("a client"));
        }
        let cpu = a.end_measuring_cpu(answers.len()).await;
        let slowest = slowest(&answers);
        a.figures.notes.push(format!("answers: {}, the slowest in {} ms", statuses(&answers), slowest.as_millis()));
        a.figures.check_statuses(&answers, |status| status == 415);
        // the refusal alone: a few hundred bytes, no perft in it
        let largest = largest(&answers);
        a.figures.check(largest < 1024, || format!("an answer of {largest} bytes"));
        a.figures.check_idle_after(cpu);
    });
}

// ---------------------------------------------------------------- 6. large bodies

/// Many bodies of about 1 MiB at once (convert requests: every other one a
/// batch of 10,000 inputs, the others one input of 1 MiB), each sent but
/// for its last byte, held until all are, then completed together: memory
/// stays bounded.
#[test]
fn many_large_bodies_at_once_keep_memory_bounded() {
    attack("1 MiB bodies", &[], async |a| {
        let addr = a.addr;
        // the short run's batch is quick to answer (each input fails at its
        // first letter); the soak's is real Khet positions
        let input = scaled("?".repeat(KHET_CLASSIC.len()), KHET_CLASSIC.to_owned());
        let batch = post_request("/v1/convert", "application/json", "", &batch_body(&input, 10_000, ",\"to\":\"pkn\""));
        let long_input = serde_json::json!({ "input": "p".repeat((1 << 20) - 100), "to": "pkn" }).to_string();
        let one = post_request("/v1/convert", "application/json", "", long_input.as_bytes());
        a.figures.notes.push(format!("bodies of {} and {} KiB", batch.len() / 1024, one.len() / 1024));
        let requests = [Arc::new(batch), Arc::new(one)];
        let (rounds, at_once) = scaled((1, 48), (3, 480));
        let give_up = scaled(Duration::from_secs(20), Duration::from_mins(1));
        a.begin();
        let answers = held_rounds(addr, &requests, rounds, at_once, give_up).await;
        a.end(answers.len());
        a.figures.notes.push(format!("answers: {}", statuses(&answers)));
        // the one input of 1 MiB is no position: 422 is its answer
        a.figures.check_statuses(&answers, |status| matches!(status, 200 | 413 | 422 | 503));
    });
}

// ---------------------------------------------------------------- 7. game records

/// The bound on the server's peak resident memory under the game records
/// attack.
const GAMES_MEMORY_BOUND_MIB: f64 = 128.0;

/// `n` knight moves to and fro as games of 400 moves, numbered.
fn knight_games(n: usize) -> String {
    let moves = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut game = String::from("[Event \"shuffle\"]\n\n");
    for i in 0..400 {
        if i % 2 == 0 {
            let _ = write!(game, "{}. ", i / 2 + 1);
        }
        game.push_str(moves[i % 4]);
        game.push(' ');
    }
    game.push_str("*\n\n");
    game.repeat(n / 400)
}

/// A `games/convert` body of about 1 MiB asking for every position: `moves`
/// moves, and a comment that fills the rest.
fn games_body(moves: usize) -> Vec<u8> {
    let games = knight_games(moves);
    let written = serde_json::to_string(&games).expect("JSON").len();
    let fill = ((1 << 20) - 512usize).saturating_sub(written);
    let pgn = format!("{{{}}} *\n\n{games}", "c".repeat(fill));
    let body = serde_json::json!({ "pgn": pgn, "positions": true }).to_string().into_bytes();
    assert!(body.len() <= 1 << 20, "a body within the server's limit");
    body
}

/// 16 `games/convert` requests of 1 MiB at once, each asking for the
/// position after every move (an answer of 3 bytes per byte received or
/// more): those of 100,000 moves are refused by their reply estimate
/// before any move is played, those of 20,000 are answered (or run out of
/// time in a debug build); the server's peak memory stays under 128 MiB.
#[test]
fn game_records_with_positions_keep_memory_bounded() {
    attack("game records", &[], async |a| {
        let addr = a.addr;
        let requests = [100_000, 20_000]
            .map(|moves| Arc::new(post_request("/v1/games/convert", "application/json", "", &games_body(moves))));
        a.figures.notes.push(format!("bodies of {} and {} KiB", requests[0].len() / 1024, requests[1].len() / 1024));
        let (rounds, at_once) = scaled((1, 16), (4, 16));
        let give_up = scaled(Duration::from_secs(20), Duration::from_mins(1));
        a.begin();
        let answers = held_rounds(addr, &requests, rounds, at_once, give_up).await;
        a.end(answers.len());
        a.figures.notes.push(format!("answers: {}, the largest {:.1} MiB", statuses(&answers), largest_mib(&answers)));
        // the 100,000 moves are refused by the estimate, before any move is
        // played (the time counts the sending and the wait for the others)
        let large: Vec<Answer> = answers.iter().step_by(2).cloned().collect();
        let slowest = slowest(&large);
        a.figures.check(large.iter().all(|a| a.status == 413) && slowest < Duration::from_secs(5), || {
            format!("the requests of 100,000 moves: {}, the slowest in {} ms", statuses(&large), slowest.as_millis())
        });
        a.figures.check(answers.iter().any(|a| a.status == 200), || format!("none answered: {}", statuses(&answers)));
        a.figures.check_statuses(&answers, |status| matches!(status, 200 | 413 | 503));
        let peak = a.server.peak_rss_mib();
        a.figures.check(peak < GAMES_MEMORY_BOUND_MIB, || {
            format!("the server's peak RSS was {peak:.1} MiB (bound {GAMES_MEMORY_BOUND_MIB} MiB)")
        });
    });
}

// ---------------------------------------------------------------- plain load

/// Mixed small requests from many keep-alive connections: no errors; the
/// figures are the service's plain speed.
#[test]
fn plain_load_has_no_errors() {
    attack("plain load", &[], async |a| {
        let addr = a.addr;
        let (total, connections) = scaled((2_000, 16), (20_000, 64));
        let client = reqwest::Client::builder().no_proxy().build().expect("a client");
        let requests: Arc<Vec<(&str, String)>> = Arc::new(vec![
            ("/v1/convert", serde_json::json!({ "input": CHESS_START, "to": "json" }).to_string()),
            ("/v1/validate", serde_json::json!({ "input": KHET_CLASSIC }).to_string()),
            ("/v1/moves", serde_json::json!({ "input": CHESS_START }).to_string()),
            ("/v1/render", serde_json::json!({ "input": CHESS_START, "style": "ascii" }).to_string()),
            ("/v1/info", String::new()),
        ]);
        a.begin();
        let tasks: Vec<_> = (0..connections)
            .map(|c| {
                let client = client.clone();
                let requests = Arc::clone(&requests);
                tokio::spawn(async move {
                    let mut latencies = Vec::new();
                    let mut errors = Vec::new();
                    for i in (c..total).step_by(connections) {
                        let (path, body) = &requests[i % requests.len()];
                        let url = format!("http://{addr}{path}");
                        let request = if body.is_empty() {
                            client.get(url)
                        } else {
                            client.post(url).header("content-type", "application/json").body(body.clone())
                        };
                        let sent = Instant::now();
                        let answer = tokio::time::timeout(Duration::from_secs(5), async {
                            let response = request.send().await?;
                            let status = response.status().as_u16();
                            response.bytes().await.map(|_| status)
                        })
                        .await;
                        match answer {
                            Ok(Ok(200)) => latencies.push(sent.elapsed()),
                            Ok(Ok(status)) => errors.push(format!("{path}: {status}")),
                            Ok(Err(e)) => errors.push(format!("{path}: {e}")),
                            Err(_) => errors.push(format!("{path}: no answer within 5 s")),
                        }
                    }
                    (latencies, errors)
                })
            })
            .collect();
        let mut latencies = Vec::new();
        let mut errors = Vec::new();
        for task in tasks {
            let (l, e) = task.await.expect("a client");
            latencies.extend(l);
            errors.extend(e);
        }
        a.end(latencies.len() + errors.len());
        a.figures.notes.push(format!(
            "{} connections: p99 {:.1} ms, {} errors",
            connections,
            percentile(&latencies, 99.0).as_secs_f64() * 1e3,
            errors.len()
        ));
        a.figures.check(errors.is_empty(), || format!("{} errors, such as {}", errors.len(), errors[0]));
    });
}
