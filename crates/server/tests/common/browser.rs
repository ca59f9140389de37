//! The browser harness of the page's end-to-end tests: chromedriver and a
//! headless Chromium started for a test, one test at a time in a test
//! binary (each Chromium takes a core), a server on loopback, and the
//! steps the tests share (waiting for a script's value, typing, keys,
//! hovering, screenshots).
//!
//! Needs Debian's `chromium` and `chromium-driver` packages
//! (`apt-get install -y chromium chromium-driver`). When they are missing
//! a test fails in CI (`CI` set) and is skipped, saying so with the
//! install command, elsewhere; `POLYFEN_SKIP_BROWSER=1` skips it anyway.

#![allow(dead_code)] // each test uses a part

use std::future::Future;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, KeyAction, KeyActions, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use polyfen_server::Config;
use serde_json::{Value, json};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// One browser at a time in a test binary.
static ONE_BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Whether this runs in CI (`CI` set, and not empty or `false`), where a
/// missing browser is a failure rather than a skipped test.
fn in_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false")
}

/// Why the browser tests cannot run here, or `None` when they can; panics
/// in CI when the browser is missing.
fn skip_reason(test: &str) -> Option<String> {
    if std::env::var("POLYFEN_SKIP_BROWSER").is_ok_and(|v| v == "1") {
        return Some("POLYFEN_SKIP_BROWSER=1".to_owned());
    }
    let missing: Vec<&str> = [CHROMIUM, CHROMEDRIVER].into_iter().filter(|path| !Path::new(path).exists()).collect();
    if missing.is_empty() {
        return None;
    }
    let message = format!(
        "{} missing: install Debian's chromium and chromium-driver packages with \
         `apt-get install -y chromium chromium-driver`, or set POLYFEN_SKIP_BROWSER=1 to skip this test",
        missing.join(" and ")
    );
    // outside CI a machine without the browser skips this test (and says
    // so); in CI the browser must be there
    assert!(!in_ci(), "{message}");
    eprintln!("{test} skipped: {message}");
    Some(message)
}

/// Runs `test` against the page of a new server in a new headless
/// Chromium (1200 by 900), after any other test of the binary has closed
/// its own; the browser is closed before a failure is reported.
pub async fn run<F, Fut>(name: &str, test: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    if let Some(reason) = skip_reason(name) {
        println!("skipped: {reason}");
        return;
    }
    let _one = ONE_BROWSER.lock().await;
    let base = crate::common::start(Config::default()).await;
    drive(base, test).await;
}

/// Runs `test` as [`run`] does, against the page at `base` (no server of
/// its own).
pub async fn run_at<F, Fut>(name: &str, base: &str, test: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    if let Some(reason) = skip_reason(name) {
        println!("skipped: {reason}");
        return;
    }
    let _one = ONE_BROWSER.lock().await;
    drive(base.to_owned(), test).await;
}

/// A new headless Chromium on the page at `base`, closed before a failure
/// of `test` is reported.
async fn drive<F, Fut>(base: String, test: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let (driver, port) = start_driver();
    let client = connect(port, &driver.profile).await;
    // Drive on a task of its own, so that a failure still closes the
    // browser before the test reports it.
    let outcome = tokio::spawn(test(client.clone(), base)).await;
    let _ = client.close().await;
    drop(driver);
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
}

/// chromedriver, stopped when dropped, and Chromium's profile directory,
/// removed.
struct Driver {
    child: Child,
    profile: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// A loopback port nobody listens on now.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("bound").port()
}

fn start_driver() -> (Driver, u16) {
    let port = free_port();
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let profile = std::env::temp_dir().join(format!("polyfen-e2e-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&profile).expect("a profile directory");
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver { child, profile };
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen on port {port} within 20 s");
        std::thread::sleep(Duration::from_millis(50));
    }
    (driver, port)
}

async fn connect(port: u16, profile: &Path) -> Client {
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1200,900",
    ];
    let mut args: Vec<String> = args.iter().map(|&a| a.to_owned()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("browserName".to_owned(), json!("chrome"));
    capabilities.insert("goog:chromeOptions".to_owned(), json!({ "binary": CHROMIUM, "args": args }));
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a WebDriver session")
}

/// Evaluates `script` (a function body that returns a value) until
/// `done` holds for its value, for at most 15 seconds.
pub async fn wait_for(client: &Client, what: &str, script: &str, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let value = client.execute(script, vec![]).await.expect("the script runs");
        if done(&value) {
            return value;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}; last value: {value}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Opens the page at `base`, and waits until it lists its named setups.
pub async fn open_page(client: &Client, base: &str) {
    client.goto(base).await.expect("the page loads");
    wait_for(client, "the named setups", "return document.querySelectorAll('#setup option').length;", |v| {
        v.as_u64().is_some_and(|n| n > 3)
    })
    .await;
}

pub async fn set_input(client: &Client, text: &str) {
    let input = client.find(Locator::Id("input")).await.expect("the input box");
    input.clear().await.expect("cleared");
    input.send_keys(text).await.expect("typed");
}

/// Presses and releases `key` (a character or a `WebDriver` key code) on
/// whatever has the focus.
pub async fn press(client: &Client, key: char) {
    let keys =
        KeyActions::new("keyboard".to_owned()).then(KeyAction::Down { value: key }).then(KeyAction::Up { value: key });
    client.perform_actions(keys).await.expect("the key is pressed");
}

/// Moves the mouse onto `element`.
pub async fn hover(client: &Client, element: fantoccini::elements::Element) {
    let mouse = MouseActions::new("mouse".to_owned()).then(PointerAction::MoveToElement {
        element,
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    client.perform_actions(mouse).await.expect("the pointer moves");
}

/// Saves a screenshot of the page as `name` in the target directory.
pub async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "a PNG");
    std::fs::write(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name), &png).expect("the screenshot is saved");
}

/// Percent-encodes a position for a query string.
pub fn query(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~/".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Where the board draws `square`: whether it is right of the diagram's
/// middle and above it (`[true, true]`: the top right corner's side).
pub async fn square_side(client: &Client, square: &str) -> Value {
    let script = format!(
        "const r = document.querySelector('#board .square[data-square=\"{square}\"]').getBoundingClientRect(); \
         const s = document.querySelector('#board svg').getBoundingClientRect(); \
         return [r.left > s.left + s.width / 2, r.top < s.top + s.height / 2];"
    );
    client.execute(&script, vec![]).await.expect("runs")
}
