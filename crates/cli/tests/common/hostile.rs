//! The harness of the hostile-client tests (`tests/hostile.rs`): the real
//! `polyfen serve` started on a free loopback port and measured from
//! `/proc` (peak resident memory, CPU time), the small `convert` probe
//! whose latency every attack is judged by, raw HTTP exchanges and the
//! clients the attacks are made of (slow headers, bodies held back to be
//! sent together), every loop bounded in count and time, the short and
//! soak scales, and the figures each attack prints and checks. It holds
//! no attack and no attack's verdict beyond the checks every attack
//! shares: those stay with the tests.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

pub const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
pub const KHET_CLASSIC: &str = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";
/// The bound on the server's peak resident memory.
const MEMORY_BOUND_MIB: f64 = 256.0;
/// The bound on a small request's latency during an attack.
const SMALL_REQUEST_BOUND: Duration = Duration::from_millis(200);
/// How soon work must stop once its request has ended, and the slack the
/// measurement allows on top (the kernel counts CPU time in ticks).
pub const STOP_WITHIN: Duration = Duration::from_millis(100);
pub const STOP_SLACK: Duration = Duration::from_millis(150);

/// The long version, with `POLYFEN_SOAK=1`.
fn soak() -> bool {
    std::env::var_os("POLYFEN_SOAK").is_some_and(|v| !v.is_empty() && v != "0")
}

/// `short` in the default run, `long` in the soak.
pub fn scaled<T>(short: T, long: T) -> T {
    if soak() { long } else { short }
}

/// The attacks run one at a time: they measure a server's CPU time and
/// latency, which another attack on the same two cores would disturb.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs `attack` alone, on a runtime of its own.
pub fn exclusive(attack: impl Future<Output = ()>) {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner);
    raise_open_file_limit();
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(attack);
}

/// Raises this process's soft limit on open files to the hard one, for the
/// slow-connection attack's sockets (the server inherits it).
fn raise_open_file_limit() {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    if limit.current != limit.maximum {
        let _ = setrlimit(Resource::Nofile, Rlimit { current: limit.maximum, maximum: limit.maximum });
    }
}

/// The soft limit on open files of this process.
pub fn open_file_limit() -> u64 {
    rustix::process::getrlimit(rustix::process::Resource::Nofile).current.unwrap_or(u64::MAX)
}

// ---------------------------------------------------------------- the server

/// `polyfen serve` on a free loopback port, killed when dropped.
pub struct Server {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
}

impl Server {
    /// Starts `polyfen serve` with `options`, once it says where it listens.
    pub fn start(options: &[&str]) -> Server {
        let child = Command::new(env!("CARGO_BIN_EXE_polyfen"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(options)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("polyfen serve starts");
        let mut server = Server { child, addr: SocketAddr::from(([127, 0, 0, 1], 0)) };
        let stdout = server.child.stdout.take().expect("a pipe");
        let mut stdout = BufReader::new(stdout);
        let mut line = String::new();
        stdout.read_line(&mut line).expect("serve says where it listens");
        server.addr = line
            .trim()
            .strip_prefix("polyfen: serving on http://")
            .and_then(|addr| addr.parse().ok())
            .unwrap_or_else(|| panic!("serve said {line:?}"));
        // whatever else it prints is read and dropped
        std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
        server
    }

    fn proc_file(&self, name: &str) -> String {
        std::fs::read_to_string(format!("/proc/{}/{name}", self.child.id())).unwrap_or_default()
    }

    /// A line of `/proc/PID/status` in MiB (`VmHWM`: peak resident memory,
    /// `VmRSS`: resident memory now).
    fn memory_mib(&self, key: &str) -> f64 {
        let status = self.proc_file("status");
        let kib = status
            .lines()
            .find_map(|line| line.strip_prefix(key)?.strip_prefix(':'))
            .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("no {key} in /proc/PID/status (the server is gone?)"));
        kib as f64 / 1024.0
    }

    /// The peak resident memory so far.
    pub fn peak_rss_mib(&self) -> f64 {
        self.memory_mib("VmHWM")
    }

    /// The CPU time the server has used (user and system, all threads).
    fn cpu(&self) -> Duration {
        let stat = self.proc_file("stat");
        // the fields after the command name, which is in parentheses
        let fields: Vec<&str> =
            stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
        // utime and stime are fields 14 and 15; the list starts at field 3
        let ticks: u64 = [11, 12].iter().filter_map(|&i| fields.get(i)?.parse::<u64>().ok()).sum();
        let per_second = rustix::param::clock_ticks_per_second().max(1);
        Duration::from_nanos(ticks * 1_000_000_000 / per_second)
    }

    /// `None` while the server runs; what ended it otherwise.
    fn exited(&mut self) -> Option<String> {
        match self.child.try_wait() {
            Ok(None) => None,
            Ok(Some(status)) => Some(format!("the server exited ({status})")),
            Err(e) => Some(format!("the server cannot be waited for: {e}")),
        }
    }

    /// How much CPU time the server still uses once `ended` is past by
    /// [`STOP_WITHIN`] and [`STOP_SLACK`]: measured over the half second
    /// after that.
    pub async fn cpu_after(&self, ended: Instant) -> Duration {
        tokio::time::sleep_until((ended + STOP_WITHIN + STOP_SLACK).into()).await;
        let before = self.cpu();
        tokio::time::sleep(Duration::from_millis(500)).await;
        self.cpu().saturating_sub(before)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---------------------------------------------------------------- the small requests

/// What the small requests sent during an attack saw.
#[derive(Debug, Default)]
pub struct ProbeReport {
    latencies: Vec<Duration>,
    failures: Vec<String>,
}

impl ProbeReport {
    fn percentile(&self, p: f64) -> Duration {
        percentile(&self.latencies, p)
    }
}

/// The `p`-th percentile of `latencies` (zero for none).
pub fn percentile(latencies: &[Duration], p: f64) -> Duration {
    let mut sorted = latencies.to_vec();
    sorted.sort_unstable();
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// A small `convert` every 25 ms on one keep-alive connection, on a thread
/// and a runtime of its own (so that the attack's work in this process
/// does not delay it), until stopped.
pub struct Probe {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<ProbeReport>,
}

impl Probe {
    /// Starts probing `addr`, once the connection is open and a first
    /// request has been answered.
    pub fn start(addr: SocketAddr) -> Probe {
        let stop = Arc::new(AtomicBool::new(false));
        let (ready, started) = mpsc::channel();
        let thread = {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
                runtime.block_on(probe(addr, &stop, ready))
            })
        };
        started.recv_timeout(Duration::from_secs(10)).expect("the first small request is answered");
        Probe { stop, thread }
    }

    /// Stops probing; what the small requests saw.
    pub fn finish(self) -> ProbeReport {
        self.stop.store(true, Ordering::SeqCst);
        self.thread.join().expect("the probe ends")
    }
}

async fn probe(addr: SocketAddr, stop: &AtomicBool, ready: mpsc::Sender<()>) -> ProbeReport {
    let client = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(1)
        .pool_idle_timeout(None)
        .build()
        .expect("a client");
    let url = format!("http://{addr}/v1/convert");
    let body = serde_json::json!({ "input": CHESS_START, "to": "json" }).to_string();
    let send = || async {
        let started = Instant::now();
        let answer = tokio::time::timeout(Duration::from_secs(2), async {
            let response =
                client.post(&url).header("content-type", "application/json").body(body.clone()).send().await?;
            let status = response.status().as_u16();
            response.bytes().await.map(|_| status)
        })
        .await;
        match answer {
            Ok(Ok(200)) => Ok(started.elapsed()),
            Ok(Ok(status)) => Err(format!("a small convert was answered {status}")),
            Ok(Err(e)) => Err(format!("a small convert failed: {e}")),
            Err(_) => Err("a small convert had no answer within 2 s".to_owned()),
        }
    };
    send().await.expect("the server answers a small convert before the attack");
    let _ = ready.send(());
    let mut report = ProbeReport::default();
    // bounded: an attack lasts well under ten minutes
    let give_up = Instant::now() + Duration::from_mins(10);
    while !stop.load(Ordering::SeqCst) && Instant::now() < give_up {
        let next = Instant::now() + Duration::from_millis(25);
        match send().await {
            Ok(latency) => report.latencies.push(latency),
            Err(failure) => report.failures.push(failure),
        }
        tokio::time::sleep_until(next.into()).await;
    }
    report
}

// ---------------------------------------------------------------- raw HTTP

/// What a raw request got: the status (0 when no status line came), the
/// bytes read, and how long until the answer ended or was given up.
#[derive(Clone, Debug)]
pub struct Answer {
    pub status: u16,
    pub bytes: usize,
    pub took: Duration,
}

/// A POST with `content-type` (none when empty) and `connection: close`.
pub fn post_request(path: &str, content_type: &str, extra: &str, body: &[u8]) -> Vec<u8> {
    let mut head = format!("POST {path} HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n");
    if !content_type.is_empty() {
        let _ = write!(head, "content-type: {content_type}\r\n");
    }
    let _ = write!(head, "{extra}content-length: {}\r\n\r\n", body.len());
    let mut request = head.into_bytes();
    request.extend_from_slice(body);
    request
}

/// Reads an answer from `stream` until the server closes it or `max_read`
/// bytes have come, counting them in `bytes` and keeping the first 256
/// (its status line) in `received`.
async fn read_answer(
    stream: &mut TcpStream,
    max_read: usize,
    received: &mut Vec<u8>,
    bytes: &mut usize,
) -> std::io::Result<()> {
    let mut buffer = vec![0u8; 64 * 1024];
    while *bytes < max_read {
        let n = stream.read(&mut buffer).await?;
        if n == 0 {
            break;
        }
        if received.len() < 256 {
            received.extend_from_slice(&buffer[..n.min(256)]);
        }
        *bytes += n;
    }
    Ok(())
}

/// Sends `request` on a new connection and reads the answer until the
/// server closes it, at most `max_read` bytes and for at most `give_up`;
/// then the connection is closed (the client goes away).
pub async fn exchange(addr: SocketAddr, request: &[u8], give_up: Duration, max_read: usize) -> Answer {
    let started = Instant::now();
    let mut received = Vec::new();
    let mut bytes = 0;
    let _ = tokio::time::timeout(give_up, async {
        let mut stream = TcpStream::connect(addr).await?;
        stream.write_all(request).await?;
        read_answer(&mut stream, max_read, &mut received, &mut bytes).await
    })
    .await;
    Answer { status: status_of(&received), bytes, took: started.elapsed() }
}

/// The status of an HTTP answer's first line (0 when there is none).
fn status_of(answer: &[u8]) -> u16 {
    let text = String::from_utf8_lossy(&answer[..answer.len().min(32)]).into_owned();
    text.strip_prefix("HTTP/1.1 ").and_then(|rest| rest.get(..3)?.parse().ok()).unwrap_or(0)
}

/// A JSON body with `count` copies of `input` as `"inputs"`, and `rest`
/// (the request's other fields, with their leading comma).
pub fn batch_body(input: &str, count: usize, rest: &str) -> Vec<u8> {
    let one = serde_json::to_string(input).expect("a string");
    let mut body = String::with_capacity(count * (one.len() + 1) + rest.len() + 16);
    body.push_str("{\"inputs\":[");
    for i in 0..count {
        if i > 0 {
            body.push(',');
        }
        body.push_str(&one);
    }
    body.push(']');
    body.push_str(rest);
    body.push('}');
    body.into_bytes()
}

/// How long the slowest of `answers` took (zero for none).
pub fn slowest(answers: &[Answer]) -> Duration {
    answers.iter().map(|a| a.took).max().unwrap_or_default()
}

/// The bytes read of the largest of `answers` (zero for none).
pub fn largest(answers: &[Answer]) -> usize {
    answers.iter().map(|a| a.bytes).max().unwrap_or_default()
}

/// [`largest`] in MiB.
#[allow(clippy::cast_precision_loss)] // a figure for people to read
pub fn largest_mib(answers: &[Answer]) -> f64 {
    largest(answers) as f64 / 1_048_576.0
}

/// Counts the answers by status, as `200 ×3, 413 ×1`.
pub fn statuses(answers: &[Answer]) -> String {
    let mut counts: Vec<(u16, usize)> = Vec::new();
    for answer in answers {
        match counts.iter_mut().find(|(status, _)| *status == answer.status) {
            Some((_, n)) => *n += 1,
            None => counts.push((answer.status, 1)),
        }
    }
    counts.sort_unstable();
    let words: Vec<String> = counts
        .iter()
        .map(|&(status, n)| if status == 0 { format!("none ×{n}") } else { format!("{status} ×{n}") })
        .collect();
    words.join(", ")
}

// ---------------------------------------------------------------- figures

/// One attack's figures and verdict.
pub struct Figures {
    attack: &'static str,
    /// How many requests the attack sent.
    pub requests: usize,
    /// How long the attack took.
    pub elapsed: Duration,
    probe: ProbeReport,
    peak_rss_mib: f64,
    /// What the attack's line reports besides the figures.
    pub notes: Vec<String>,
    failures: Vec<String>,
}

impl Figures {
    /// No figures yet for `attack`.
    pub fn new(attack: &'static str) -> Figures {
        Figures {
            attack,
            requests: 0,
            elapsed: Duration::ZERO,
            probe: ProbeReport::default(),
            peak_rss_mib: 0.0,
            notes: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// Records `failure` unless `fine`.
    pub fn check(&mut self, fine: bool, failure: impl FnOnce() -> String) {
        if !fine {
            self.failures.push(failure());
        }
    }

    /// Records how long the attack took, from `started`, and how many
    /// requests it sent.
    pub fn ran(&mut self, started: Instant, requests: usize) {
        self.elapsed = started.elapsed();
        self.requests = requests;
    }

    /// Records a failure unless every answer's status is `fine`.
    pub fn check_statuses(&mut self, answers: &[Answer], fine: impl Fn(u16) -> bool) {
        self.check(answers.iter().all(|a| fine(a.status)), || format!("answers: {}", statuses(answers)));
    }

    /// Records a failure when the server used more than 60 ms of CPU time,
    /// `cpu`, in the 0.5 s after the requests ended.
    pub fn check_idle_after(&mut self, cpu: Duration) {
        self.check(cpu <= Duration::from_millis(60), || {
            format!("the server used {} ms of CPU in 0.5 s after the requests ended", cpu.as_millis())
        });
    }

    /// The checks of every attack: the server is up, the small requests
    /// were answered in time, the peak memory stayed under the bound.
    /// Prints the figures, then fails the test with every failure.
    pub fn finish(mut self, server: &mut Server, probe: ProbeReport) {
        self.probe = probe;
        if let Some(exit) = server.exited() {
            self.failures.push(exit);
        } else {
            self.peak_rss_mib = server.peak_rss_mib();
        }
        let failures = std::mem::take(&mut self.probe.failures);
        self.failures.extend(failures.into_iter().take(3));
        let slowest = self.probe.percentile(100.0);
        let late = self.probe.latencies.iter().filter(|&&l| l > SMALL_REQUEST_BOUND).count();
        let sent = self.probe.latencies.len();
        self.check(late == 0, || {
            format!(
                "{late} of {sent} small converts took over {} ms (the slowest {} ms)",
                SMALL_REQUEST_BOUND.as_millis(),
                slowest.as_millis()
            )
        });
        self.check(!self.probe.latencies.is_empty(), || "no small convert was answered".to_owned());
        let peak = self.peak_rss_mib;
        self.check(peak < MEMORY_BOUND_MIB, || {
            format!("the server's peak RSS was {peak:.1} MiB (bound {MEMORY_BOUND_MIB} MiB)")
        });
        println!("{}", self.line());
        assert!(self.failures.is_empty(), "{}: {}", self.attack, self.failures.join("; "));
    }

    fn line(&self) -> String {
        let rate = self.requests as f64 / self.elapsed.as_secs_f64().max(1e-9);
        let result =
            if self.failures.is_empty() { "ok".to_owned() } else { format!("FAILED: {}", self.failures.join("; ")) };
        let notes = if self.notes.is_empty() { String::new() } else { format!(" [{}]", self.notes.join("; ")) };
        format!(
            "hostile: {:<22} {:>6} requests {:>9.1} req/s | small convert p99 {:>6.1} ms, max {:>6.1} ms, {} sent | server peak RSS {:>6.1} MiB | {result}{notes}",
            self.attack,
            self.requests,
            rate,
            self.probe.percentile(99.0).as_secs_f64() * 1e3,
            self.probe.percentile(100.0).as_secs_f64() * 1e3,
            self.probe.latencies.len() + self.probe.failures.len(),
            self.peak_rss_mib,
        )
    }
}

// ---------------------------------------------------------------- attacks

/// One attack under way: the server it is made on, the server's address,
/// the figures, and once the attack has begun the probe and the start.
pub struct Attack {
    pub server: Server,
    pub addr: SocketAddr,
    pub figures: Figures,
    under_way: Option<(Probe, Instant)>,
    probe: ProbeReport,
}

/// Runs the attack `name` alone ([`exclusive`]) on a server started with
/// `options`: `body` prepares it, begins it, ends it and checks what this
/// attack alone checks; then come the checks every attack shares
/// ([`Figures::finish`]).
pub fn attack(name: &'static str, options: &[&str], body: impl AsyncFnOnce(&mut Attack)) {
    exclusive(async {
        let server = Server::start(options);
        let figures = Figures::new(name);
        let mut attack = Attack { addr: server.addr, server, figures, under_way: None, probe: ProbeReport::default() };
        body(&mut attack).await;
        assert!(attack.under_way.is_none(), "{name}: the attack has ended");
        attack.figures.finish(&mut attack.server, std::mem::take(&mut attack.probe));
    });
}

impl Attack {
    /// Begins the attack: starts the probe, then the clock; the start.
    pub fn begin(&mut self) -> Instant {
        let probe = Probe::start(self.addr);
        let started = Instant::now();
        self.under_way = Some((probe, started));
        started
    }

    /// Ends the attack after it sent `requests`: records how long it took,
    /// then stops the probe.
    pub fn end(&mut self, requests: usize) {
        let (probe, started) = self.under_way.take().expect("the attack has begun");
        self.figures.ran(started, requests);
        self.probe = probe.finish();
    }

    /// [`Attack::end`], measuring between the two the server's CPU time
    /// once the requests have ended ([`Server::cpu_after`]); that time.
    pub async fn end_measuring_cpu(&mut self, requests: usize) -> Duration {
        let (probe, started) = self.under_way.take().expect("the attack has begun");
        self.figures.ran(started, requests);
        let cpu = self.server.cpu_after(Instant::now()).await;
        self.probe = probe.finish();
        cpu
    }
}

// ---------------------------------------------------------------- clients of the attacks

/// [`exchange`] of an owned request, for `tokio::spawn`.
pub async fn exchange_owned(addr: SocketAddr, request: Vec<u8>, give_up: Duration, max_read: usize) -> Answer {
    exchange(addr, &request, give_up, max_read).await
}

/// Sends a request's header one line every `every` until `until`,
/// connecting again whenever the server closes the connection; returns how
/// many connections it opened.
pub async fn slow_client(addr: SocketAddr, until: Instant, every: Duration) -> usize {
    let mut connects = 0;
    while Instant::now() < until {
        let Ok(Ok(mut stream)) = tokio::time::timeout(Duration::from_secs(1), TcpStream::connect(addr)).await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        connects += 1;
        if stream.write_all(b"POST /v1/convert HTTP/1.1\r\nhost: localhost\r\n").await.is_err() {
            continue;
        }
        let mut buffer = [0u8; 1024];
        loop {
            let next = (Instant::now() + every).min(until);
            tokio::select! {
                read = stream.read(&mut buffer) => {
                    // the server answered (503) or closed the connection
                    if !matches!(read, Ok(n) if n > 0) { break; }
                }
                () = tokio::time::sleep_until(next.into()) => {
                    if Instant::now() >= until || stream.write_all(b"x-slow: 1\r\n").await.is_err() { break; }
                }
            }
        }
        // back a second later, as the 503's retry-after asks
        tokio::time::sleep(Duration::from_secs(1).min(until.saturating_duration_since(Instant::now()))).await;
    }
    connects
}

/// `rounds` rounds of `at_once` requests sent together ([`held_body`]),
/// taking turns through `requests`; every answer, in order.
pub async fn held_rounds(
    addr: SocketAddr,
    requests: &[Arc<Vec<u8>>],
    rounds: usize,
    at_once: usize,
    give_up: Duration,
) -> Vec<Answer> {
    let mut answers = Vec::new();
    for _ in 0..rounds {
        let barrier = Arc::new(tokio::sync::Barrier::new(at_once));
        let tasks: Vec<_> = (0..at_once)
            .map(|i| {
                let request = Arc::clone(&requests[i % requests.len()]);
                tokio::spawn(held_body(addr, request, Arc::clone(&barrier), give_up))
            })
            .collect();
        for task in tasks {
            answers.push(task.await.expect("a request"));
        }
    }
    answers
}

/// Sends `request` but for its last byte (for at most two seconds: a
/// server that is not reading yet holds the rest back), waits at `barrier`
/// (at most five seconds), then sends the rest and reads the answer.
async fn held_body(
    addr: SocketAddr,
    request: Arc<Vec<u8>>,
    barrier: Arc<tokio::sync::Barrier>,
    give_up: Duration,
) -> Answer {
    let started = Instant::now();
    let held = request.len() - 1;
    let Ok(mut stream) = TcpStream::connect(addr).await else {
        return Answer { status: 0, bytes: 0, took: started.elapsed() };
    };
    let mut written = 0;
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while written < held {
            match stream.write(&request[written..held]).await {
                Ok(0) | Err(_) => break,
                Ok(n) => written += n,
            }
        }
    })
    .await;
    let _ = tokio::time::timeout(Duration::from_secs(5), barrier.wait()).await;
    let mut received = Vec::new();
    let mut bytes = 0;
    let _ = tokio::time::timeout(give_up, async {
        // a server may answer (413, 503) before it has read everything
        let _ = stream.write_all(&request[written..]).await;
        read_answer(&mut stream, usize::MAX, &mut received, &mut bytes).await
    })
    .await;
    Answer { status: status_of(&received), bytes, took: started.elapsed() }
}
