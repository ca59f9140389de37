//! The web page in headless Chromium, driven over `WebDriver` (`chromedriver`):
//! paste a FEN, see the board and the notation detected, pick a target
//! notation and read the result, see the messages for an illegal and for an
//! unreadable position, and fire a Khet laser; in each game, hover a rank
//! of the text and see its squares lit, hover a square and see the
//! characters that write it lit, read the position in every notation, and a
//! move in every move notation; open the page with `?input=`.
//!
//! Needs Debian's `chromium` and `chromium-driver` packages
//! (`apt-get install -y chromium chromium-driver`). When they are missing
//! the test fails in CI (`CI` set) and is skipped, saying so with the
//! install command, elsewhere; `POLYFEN_SKIP_BROWSER=1` skips it anyway.

mod common;

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use polyfen::{Notation, Position, ReadOptions, WriteOptions, read};
use polyfen_server::Config;
use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

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
async fn wait_for(client: &Client, what: &str, script: &str, done: impl Fn(&Value) -> bool) -> Value {
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

async fn set_input(client: &Client, text: &str) {
    let input = client.find(Locator::Id("input")).await.expect("the input box");
    input.clear().await.expect("cleared");
    input.send_keys(text).await.expect("typed");
}

const NOTATION: &str = "const n = document.getElementById('notation'); return n ? n.textContent : '';";
const PIECES: &str = "return document.querySelectorAll('#board svg .piece').length;";
const OUTPUT: &str = "return document.getElementById('output').value;";
const MOVES: &str =
    "return Array.from(document.querySelectorAll('#games-moves button')).map(b => b.textContent).join(' ');";
const CURRENT: &str =
    "const b = document.querySelector('#games-moves button[aria-current]'); return b ? b.textContent : '';";
const GAME_PIECES: &str = "return document.querySelectorAll('#games-board svg .piece').length;";
const LASER_SHOWN: &str = "return getComputedStyle(document.getElementById('laser-row')).display !== 'none';";
const MESSAGES: &str =
    "return Array.from(document.querySelectorAll('#messages li')).map(li => li.className + ': ' + li.textContent);";

/// Whether this runs in CI (`CI` set, and not empty or `false`), where a
/// missing browser is a failure rather than a skipped test.
fn in_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_converts_draws_and_explains() {
    if std::env::var("POLYFEN_SKIP_BROWSER").is_ok_and(|v| v == "1") {
        println!("skipped: POLYFEN_SKIP_BROWSER=1");
        return;
    }
    let missing: Vec<&str> = [CHROMIUM, CHROMEDRIVER].into_iter().filter(|path| !Path::new(path).exists()).collect();
    if !missing.is_empty() {
        let message = format!(
            "{} missing: install Debian's chromium and chromium-driver packages with \
             `apt-get install -y chromium chromium-driver`, or set POLYFEN_SKIP_BROWSER=1 to skip this test",
            missing.join(" and ")
        );
        // outside CI a machine without the browser skips this test (and
        // says so); in CI the browser must be there
        assert!(!in_ci(), "{message}");
        println!("skipped: {message}");
        eprintln!("the_page_converts_draws_and_explains skipped: {message}");
        return;
    }
    let base = common::start(Config::default()).await;
    let (driver, port) = start_driver();
    let client = connect(port, &driver.profile).await;
    // Drive on a task of its own, so that a failure still closes the
    // browser before the test reports it.
    let session = client.clone();
    let outcome = tokio::spawn(async move { drive(&session, &base).await }).await;
    let _ = client.close().await;
    drop(driver);
    if let Err(failure) = outcome {
        std::panic::resume_unwind(failure.into_panic());
    }
}

async fn drive(client: &Client, base: &str) {
    client.goto(base).await.expect("the page loads");
    wait_for(client, "the named setups", "return document.querySelectorAll('#setup option').length;", |v| {
        v.as_u64().is_some_and(|n| n > 3)
    })
    .await;

    // paste a FEN: the notation is named and the board drawn
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    set_input(client, fen).await;
    wait_for(client, "the notation detected", NOTATION, |v| v == "fen").await;
    wait_for(client, "the board", PIECES, |v| v.as_u64() == Some(22)).await;
    let messages = wait_for(client, "the validation", MESSAGES, |v| v.as_array().is_some_and(|a| !a.is_empty())).await;
    assert_eq!(messages, json!(["valid: A legal position."]));
    // the laser is Khet's: no button for chess
    let shown = client.execute(LASER_SHOWN, vec![]).await.expect("the script runs");
    assert_eq!(shown, json!(false), "the laser row is hidden for chess");

    // pick a target notation and read the result
    let target = client.find(Locator::Id("target")).await.expect("the target list");
    target.select_by_value("shredder-fen").await.expect("shredder-fen is offered");
    let position = read(fen, None, &ReadOptions::default()).expect("reads").position;
    let expected = position.to_notation(Notation::ShredderFen, &WriteOptions::default()).expect("writes").text;
    wait_for(client, "the conversion", OUTPUT, |v| v == expected.as_str()).await;
    client.find(Locator::Id("copy")).await.expect("the copy button").click().await.expect("clicked");
    wait_for(client, "the copy", "return document.getElementById('copied').textContent;", |v| v == "copied").await;

    // an illegal position: the violations are shown
    let two_kings = "4k3/8/8/8/8/8/8/4K2K w - - 0 1";
    set_input(client, two_kings).await;
    let violations = read(two_kings, None, &ReadOptions::default()).expect("reads").position.violations();
    assert!(!violations.is_empty());
    let expected: Vec<Value> = violations.iter().map(|v| Value::from(format!("violation: {v}"))).collect();
    wait_for(client, "the violations", MESSAGES, |v| v == &Value::from(expected.clone())).await;

    // an unreadable one: the error with its column
    let bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1";
    set_input(client, bad).await;
    let error = read(bad, None, &ReadOptions::default()).expect_err("does not read");
    let expected = format!("error: column {}: {}", error.error.char_column(bad), error.error.kind);
    wait_for(client, "the syntax error", MESSAGES, |v| v == &json!([expected.clone()])).await;
    wait_for(client, "the board cleared", PIECES, |v| v.as_u64() == Some(0)).await;
    // no target of the previous game stays offered
    wait_for(client, "the targets cleared", "return document.querySelectorAll('#target option').length;", |v| {
        v.as_u64() == Some(0)
    })
    .await;

    // Xiangqi, detected, and a Khet setup whose laser can be fired
    set_input(client, polyfen::polyfen_xiangqi::START_FEN).await;
    wait_for(client, "xiangqi detected", NOTATION, |v| v == "xiangqi-fen").await;
    wait_for(client, "the xiangqi board", PIECES, |v| v.as_u64() == Some(32)).await;
    let shown = client.execute(LASER_SHOWN, vec![]).await.expect("the script runs");
    assert_eq!(shown, json!(false), "the laser row is hidden for xiangqi");
    let png = client.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000, "a PNG of the page: {} bytes", png.len());
    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("page-xiangqi.png");
    std::fs::write(&shot, &png).expect("the screenshot is saved");
    let setup = client.find(Locator::Id("setup")).await.expect("the setup list");
    setup.select_by_value(polyfen::polyfen_khet::CLASSIC).await.expect("classic is offered");
    wait_for(client, "pkn detected", NOTATION, |v| v == "pkn").await;
    wait_for(client, "the khet board", PIECES, |v| v.as_u64() == Some(26)).await;
    client.find(Locator::Id("laser")).await.expect("the laser button").click().await.expect("clicked");
    wait_for(client, "the laser drawn", "return document.querySelectorAll('#board svg .laser').length;", |v| {
        v.as_u64().is_some_and(|n| n >= 1)
    })
    .await;
    let summary =
        wait_for(client, "the laser's outcome", "return document.getElementById('laser-result').textContent;", |v| {
            v.as_str().is_some_and(|s| s.contains("outcome:"))
        })
        .await;
    assert!(summary.as_str().is_some_and(|s| s.starts_with("silver laser from j1")), "{summary}");
    let shown = client.execute(LASER_SHOWN, vec![]).await.expect("the script runs");
    assert_eq!(shown, json!(true), "the laser row is shown for khet");
    // the summary's lines are shown apart, as many as it has
    let lines = summary.as_str().map_or(0, |s| s.lines().count());
    let shown_lines = client
        .execute("return document.getElementById('laser-result').innerText.split('\\n').filter(l => l).length;", vec![])
        .await
        .expect("the script runs");
    assert!(lines >= 4, "{summary}");
    assert_eq!(shown_lines, json!(lines), "{summary}");

    // a game record: paste a PGN, step through it with the arrow keys,
    // read its moves in another notation
    let pgn = "[Event \"e2e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    let games = client.find(Locator::Id("games-input")).await.expect("the game box");
    games.send_keys(pgn).await.expect("typed");
    wait_for(client, "the game's moves", MOVES, |v| v == "e4 e5 Nf3 Nc6 Bb5 a6").await;
    wait_for(client, "the start drawn", GAME_PIECES, |v| v.as_u64() == Some(32)).await;
    let pick = client.find(Locator::Id("games-pick")).await.expect("the game list");
    pick.send_keys("\u{e014}\u{e014}\u{e014}").await.expect("arrow keys");
    wait_for(client, "three plies on", CURRENT, |v| v == "Nf3").await;
    pick.send_keys("\u{e012}").await.expect("arrow left");
    wait_for(client, "one ply back", CURRENT, |v| v == "e5").await;
    pick.send_keys("\u{e010}").await.expect("end");
    wait_for(client, "the last move", CURRENT, |v| v == "a6").await;
    let ply = client.execute("return document.getElementById('games-ply').textContent;", vec![]).await.expect("runs");
    assert_eq!(ply, "Move 6 of 6: a6");
    let notation = client.find(Locator::Id("games-notation")).await.expect("the notation list");
    notation.select_by_value("lan").await.expect("lan is offered");
    wait_for(client, "the moves in LAN", MOVES, |v| v == "e2-e4 e7-e5 Ng1-f3 Nb8-c6 Bf1-b5 a7-a6").await;
    wait_for(client, "the same ply kept", CURRENT, |v| v == "a7-a6").await;

    // a binary record file opened with the file picker: an XQF endgame
    let xqf = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/xiangqi-records/xqf/03000.xqf")
        .canonicalize()
        .expect("the corpus file");
    let picker = client.find(Locator::Id("games-file")).await.expect("the file picker");
    picker.send_keys(&xqf.display().to_string()).await.expect("a file chosen");
    wait_for(client, "the XQF game's moves", MOVES, |v| v.as_str().is_some_and(|m| m.starts_with("C8-C9 D9-D8 C7-C8")))
        .await;
    pick.send_keys("\u{e014}").await.expect("arrow right");
    wait_for(client, "the first move played", CURRENT, |v| v == "C8-C9").await;

    explain_each_game(client, base).await;
}

/// The squares lit on the part-by-part grid (strongly or as the row).
const LIT: &str = "return Array.from(document.querySelectorAll('#explain-grid .cell.lit, #explain-grid .cell.row-lit'))\
                   .map(c => c.dataset.square).sort().join(' ');";
const LIT_TEXT: &str =
    "return Array.from(document.querySelectorAll('#explain-text .part.lit-text')).map(s => s.textContent);";

async fn hover(client: &Client, element: fantoccini::elements::Element) {
    let mouse = MouseActions::new("mouse".to_owned()).then(PointerAction::MoveToElement {
        element,
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    client.perform_actions(mouse).await.expect("the pointer moves");
}

/// Percent-encodes a position for a query string.
fn query(text: &str) -> String {
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

async fn explain_each_game(client: &Client, base: &str) {
    for (input, notations, rank) in [
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", 4, 2),
        (polyfen::polyfen_xiangqi::START_FEN, 3, 4),
        (polyfen::polyfen_khet::CLASSIC, 2, 6),
    ] {
        // the page opens with the position of a link
        client.goto(&format!("{base}/?input={}", query(input))).await.expect("the page loads");
        let value =
            wait_for(client, "the input filled", "return document.getElementById('input').value;", |v| v == input)
                .await;
        assert_eq!(value, input);
        let library = polyfen::explain::explain(input, None, &ReadOptions::default()).expect("explains");
        let parts = library.parts.len() as u64;
        wait_for(client, "the parts", "return document.querySelectorAll('#explain-text > .part').length;", |v| {
            v.as_u64() == Some(parts)
        })
        .await;
        wait_for(client, "every notation", "return document.querySelectorAll('#forms tr').length;", |v| {
            v.as_u64() == Some(notations)
        })
        .await;

        // hover a rank (its part `rank` of the text): its squares light up
        let spans = client.find_all(Locator::Css("#explain-text > .part")).await.expect("the parts");
        let part = &library.parts[rank];
        assert_eq!(part.kind, "rank");
        hover(client, spans[rank].clone()).await;
        let mut expected = part.squares.clone();
        expected.sort();
        wait_for(client, "the rank's squares lit", LIT, |v| v == expected.join(" ").as_str()).await;
        let meaning = client.execute("return document.getElementById('explain-meaning').textContent;", vec![]).await;
        assert!(meaning.expect("runs").as_str().is_some_and(|m| !m.is_empty()));

        // tab to the rank: the same squares
        client.execute("document.querySelectorAll('#explain-text > .part')[0].focus();", vec![]).await.expect("focus");
        let first = &library.parts[0];
        let mut expected = first.squares.clone();
        expected.sort();
        wait_for(client, "the first rank's squares lit", LIT, |v| v == expected.join(" ").as_str()).await;

        // hover the square of the first piece: the letter that writes it lights up
        let piece = library.parts.iter().flat_map(|p| &p.parts).find(|c| c.kind == "piece").expect("a piece");
        let cell = client
            .find(Locator::Css(&format!("#explain-grid .cell[data-square=\"{}\"]", piece.squares[0])))
            .await
            .expect("the square's cell");
        hover(client, cell).await;
        let lit = wait_for(client, "the letter lit", LIT_TEXT, |v| v.as_array().is_some_and(|a| !a.is_empty())).await;
        assert!(lit.as_array().expect("a list").contains(&json!(piece.text)), "{lit}");
    }

    // a move of the position, in every move notation of its game
    client.goto(&format!("{base}/?input={}", query(polyfen::polyfen_xiangqi::START_FEN))).await.expect("loads");
    wait_for(client, "the parts", "return document.querySelectorAll('#explain-text > .part').length;", |v| {
        v.as_u64().is_some_and(|n| n > 0)
    })
    .await;
    let mv = client.find(Locator::Id("explain-move")).await.expect("the move box");
    mv.send_keys("C2.5").await.expect("typed");
    let forms = wait_for(
        client,
        "the move in every notation",
        "return Array.from(document.querySelectorAll('#move-forms tr')).map(r => r.textContent);",
        |v| v.as_array().is_some_and(|a| a.len() == 7),
    )
    .await;
    assert!(forms.as_array().expect("rows").contains(&json!("chinese炮二平五")), "{forms}");
    let kinds = client
        .execute(
            "return Array.from(document.querySelectorAll('#explain-move-text > .part')).map(s => s.dataset.kind);",
            vec![],
        )
        .await
        .expect("runs");
    assert_eq!(kinds, json!(["piece", "file", "sign", "target"]));
}
