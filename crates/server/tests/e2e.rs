//! The web page in headless Chromium, driven over `WebDriver` (`chromedriver`),
//! one test per feature, each with a browser of its own, one at a time (the
//! harness is `common/browser.rs`): the position box (a FEN converted, the
//! messages for an illegal and for an unreadable position, a Khet laser
//! fired); game records read, stepped through and opened from files; each
//! game part by part (a rank of the text hovered lights its squares, a
//! square the characters that write it, the position in every notation, a
//! move in every move notation) from a link's `?input=`; the hooks and the
//! position box's defects; the layout on a phone and with a wide board;
//! then the page as an analysis board: a line played in each game (legal
//! targets, a promotion, Khet rotations by button and by key, a typed
//! move, the keyboard on the squares), a variation added, stepped through
//! with the buttons and keys, promoted and deleted, the address restoring
//! the view, the export with an edited tag; the editor; a phone with a
//! move by touch and a flipped board.
//!
//! Needs Debian's `chromium` and `chromium-driver` packages
//! (`apt-get install -y chromium chromium-driver`). When they are missing
//! each test fails in CI (`CI` set) and is skipped, saying so with the
//! install command, elsewhere; `POLYFEN_SKIP_BROWSER=1` skips them anyway.

#[path = "common/browser.rs"]
mod browser;
mod common;
#[path = "first_minute/mod.rs"]
mod first_minute;

use std::path::PathBuf;

use browser::{hover, open_page, press, query, screenshot, set_input, wait_for};
use fantoccini::{Client, Locator};
use polyfen::{Notation, Position, ReadOptions, WriteOptions, read};
use serde_json::{Value, json};

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

/// The browser tests: each a name, then the steps it runs, one after the
/// other, on one page in a browser of its own (`browser::run`).
macro_rules! browser_tests {
    ($($(#[$doc:meta])* $name:ident => [$($step:path),+];)+) => {
        $(
            $(#[$doc])*
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                browser::run(stringify!($name), |client, base| async move {
                    $($step(&client, &base).await;)+
                })
                .await;
            }
        )+
    };
}

browser_tests! {
    /// The position box: a FEN converted, validated, an illegal and an
    /// unreadable position, Xiangqi detected, a Khet laser fired.
    the_page_converts_validates_and_fires_the_laser => [convert_validate_and_laser];

    /// Each game part by part, from a link's position.
    the_page_explains_each_game => [explain_each_game];

    /// The hooks other tests rely on, and the position box's defects.
    the_page_has_its_hooks_and_position_box => [defects::hooks, defects::position_box];

    /// A phone's layout and a desktop's with Khet's wide board.
    the_page_fits_a_phone_and_a_wide_board => [defects::layout];

    /// A line played by clicks, keys and typing in each game.
    the_board_plays_a_line_in_each_game => [board::play_each_game];

    /// Variations, the keys, the address, the export and a record to the board.
    the_board_keeps_variations_exports_and_shares => [board::variations];

    /// The board editor.
    the_board_edits_positions => [board::editor];

    /// The board on a phone: a move by touch, a flipped board.
    the_board_plays_on_a_phone => [board::phone];

    /// A flipped Shogi board keeps its pieces on their squares.
    the_board_flips_shogi_with_its_pieces => [first_minute::flipped_shogi];

    /// Shogi's moves numbered from sente's first in the tree and the record.
    the_board_numbers_shogi_moves => [first_minute::shogi_numbers];

    /// An edit of the position box keeps the moves unless the position
    /// changed, and the moves a new position replaced come back.
    the_board_keeps_its_moves_through_an_edit => [first_minute::edit_keeps_tree];

    /// The page opens on a board, the game used last remembered.
    the_page_opens_on_a_board => [first_minute::landing_board];

    /// Each rules variant's setups, offered and played.
    the_board_starts_each_rules_variant => [first_minute::rules_setups];

    /// A game pasted in either box opens on the main board with its tree.
    the_board_opens_a_pasted_game => [first_minute::pasted_game_on_board];

    /// Clocks and evaluations of a record's comments shown as such.
    the_board_shows_clocks_and_evaluations => [first_minute::clocks_and_evals];

    /// The board as large as the window, the moves beside or under it.
    the_board_and_moves_fill_the_first_screen => [first_minute::lichess_layout];

    /// The game's state on the board: check, the end and its result.
    the_board_shows_mate_and_its_result => [first_minute::game_state::mate_and_result];

    /// A check said and three-check's counters counting down.
    the_board_counts_three_checks => [first_minute::game_state::three_check_counters];

    /// Arrows and circles drawn with the right button, kept in the PGN.
    the_board_draws_arrows_and_circles => [first_minute::drawing::arrows_and_circles];

    /// The address restores the view; a bad parameter is said.
    the_address_restores_the_view => [first_minute::address::restores_the_view];

    /// Comments and NAGs edited, written into the export.
    the_board_annotates_moves => [first_minute::annotation::comments_and_nags];

    /// The editor's piece pictures, hands and castling checkboxes.
    the_editor_has_pictures_hands_and_castling => [first_minute::editor::pictures_hands_and_castling];

    /// The games defined as data played by clicks on their own boards.
    the_board_plays_games_defined_as_data => [first_minute::fairy::data_games_by_clicks];

    /// The book's new game in twenty lines, played on the page.
    the_board_plays_the_books_new_game => [first_minute::fairy::the_books_new_game];

    /// A promotion's pieces offered as pictures.
    the_board_offers_promotions_as_pictures => [first_minute::promotion_pictures];

    /// Khet's turns offered as arrows, said in words.
    the_board_offers_turns_as_arrows => [first_minute::rotation_arrows];
}

/// Game records pasted and opened, stepped through, in another notation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_reads_game_records() {
    // an XQF file of the public corpus is opened with the file picker
    if polyfen_test_support::corpus("xiangqi-records/xqf/03000.xqf").is_none() {
        return;
    }
    browser::run("the_page_reads_game_records", |client, base| async move {
        game_records(&client, &base).await;
        defects::game_viewer(&client, &base).await;
    })
    .await;
}

/// A static file server (Python's `http.server`) on a loopback port,
/// stopped when dropped.
struct StaticServer {
    child: std::process::Child,
    base: String,
}

impl StaticServer {
    fn start(dir: &std::path::Path) -> StaticServer {
        use std::io::BufRead as _;
        let mut child = std::process::Command::new("python3")
            .args(["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory"])
            .arg(dir)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("python3 -m http.server starts");
        let stdout = child.stdout.take().expect("its output");
        let mut line = String::new();
        std::io::BufReader::new(stdout).read_line(&mut line).expect("it says where it serves");
        // "Serving HTTP on 127.0.0.1 port 40123 (http://127.0.0.1:40123/) ..."
        let port = line.split(" port ").nth(1).and_then(|rest| rest.split_whitespace().next()).expect(&line).to_owned();
        StaticServer { child, base: format!("http://127.0.0.1:{port}") }
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The page as static files (`cargo xtask site`, in the folder
/// `POLYFEN_SITE` names; `cargo xtask wasm --test` makes it and runs this),
/// served by a static file server with no polyfen process running: it
/// calls the WebAssembly module beside it, and reads and converts
/// positions, plays a line on each game's board and opens a record file as
/// it does with the service behind it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_static_site_works_with_no_server() {
    let Some(site) = std::env::var_os("POLYFEN_SITE") else {
        println!(
            "skipped: POLYFEN_SITE, the folder `cargo xtask site DIR` wrote, is not set (`cargo xtask wasm --test` sets it)"
        );
        return;
    };
    let server = StaticServer::start(std::path::Path::new(&site));
    // nothing answers /v1 there
    let (status, _, _) = common::get(&common::client(), &server.base, "/v1/info").await;
    assert_eq!(status, 404);
    browser::run_at("the_static_site_works_with_no_server", &server.base, |client, base| async move {
        convert_validate_and_laser(&client, &base).await;
        let standalone = client
            .execute_async("import('/api.js').then(api => api.standalone()).then(arguments[0]);", vec![])
            .await
            .expect("runs");
        assert_eq!(standalone, json!(true), "the page answers from the module");
        // the module's files were fetched once each, by the page's
        // preloads as it started (not one after another as imported): the
        // .wasm by its <link> (Chromium names no initiator of a module's)
        let fetches = client
            .execute(
                "return performance.getEntriesByType('resource').filter(e => e.name.includes('/pkg/'))\
                 .map(e => [e.name.split('/').pop(), e.initiatorType]);",
                vec![],
            )
            .await
            .expect("runs");
        let mut fetches: Vec<(String, String)> = serde_json::from_value(fetches).expect("pairs");
        fetches.sort();
        let files: Vec<&str> = fetches.iter().map(|(file, _)| file.as_str()).collect();
        assert_eq!(files, ["index.js", "polyfen_wasm.js", "polyfen_wasm_bg.wasm"], "the module's fetches");
        assert_eq!(fetches[2].1, "link", "the .wasm fetched by the page's preload");
        board::play_each_game(&client, &base).await;
        if polyfen_test_support::corpus("xiangqi-records/xqf/03000.xqf").is_some() {
            game_records(&client, &base).await;
        }
        screenshot(&client, "static-site.png").await;
    })
    .await;
    drop(server);
}

async fn convert_validate_and_laser(client: &Client, base: &str) {
    open_page(client, base).await;

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
}

async fn game_records(client: &Client, base: &str) {
    client.goto(base).await.expect("the page loads");
    wait_for(client, "the page ready", "return document.body.dataset.busy;", |v| v == "false").await;
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
    // plies are counted as plies, and named with their move number
    assert_eq!(ply, "Ply 6 of 6: 3… a6");
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
    // the picker offers the files of every record format the library has,
    // as GET /v1/games lists them (Shogi's and CBF among them)
    let accept = picker.attr("accept").await.expect("an attribute").unwrap_or_default();
    for format in polyfen::records::RecordFormat::ALL {
        for extension in format.extensions() {
            assert!(accept.split(',').any(|a| a == format!(".{extension}")), "{format}: .{extension} in {accept}");
        }
    }
    assert!(accept.contains(".cbf") && accept.contains(".kifu"), "{accept}");
    // the games named in the page's introduction are the library's
    let names = client.find(Locator::Id("game-names")).await.expect("the games").text().await.expect("a text");
    let ids: Vec<&str> = <polyfen::VariantId as strum::IntoEnumIterator>::iter().map(Into::into).collect();
    assert_eq!(names, format!("({})", ids.join(", ")));
    let label = picker.attr("aria-label").await.expect("an attribute").unwrap_or_default();
    assert!(label.contains("PGN") && label.contains("XQF") && label.contains("KIF"), "{label}");
    // the record box's label names the text formats and the binary ones
    let record_label = client
        .find(Locator::Css("label[for=\"games-input\"]"))
        .await
        .expect("the record box's label")
        .text()
        .await
        .expect("a text");
    assert!(
        record_label.contains("PGN of any game, DHTMLXQ, CBF, KIF, KI2, CSA, USI, JKF")
            && record_label.contains("(also XQF, CBR, CBL)"),
        "{record_label}"
    );
    picker.send_keys(&xqf.display().to_string()).await.expect("a file chosen");
    wait_for(client, "the XQF game's moves", MOVES, |v| v.as_str().is_some_and(|m| m.starts_with("C8-C9 D9-D8 C7-C8")))
        .await;
    pick.send_keys("\u{e014}").await.expect("arrow right");
    wait_for(client, "the first move played", CURRENT, |v| v == "C8-C9").await;
}

/// The squares lit on the part-by-part grid (strongly or as the row).
const LIT: &str = "return Array.from(document.querySelectorAll('#explain-grid .cell.lit, #explain-grid .cell.row-lit'))\
                   .map(c => c.dataset.square).sort().join(' ');";
const LIT_TEXT: &str =
    "return Array.from(document.querySelectorAll('#explain-text .part.lit-text')).map(s => s.textContent);";

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
        |v| v.as_array().is_some_and(|a| a.len() == 8),
    )
    .await;
    assert!(forms.as_array().expect("rows").contains(&json!("chinese炮二平五")), "{forms}");
    // Fairy-Stockfish's SAN: both cannons can go to e3, the file says which
    assert!(forms.as_array().expect("rows").contains(&json!("san-fsfChe3")), "{forms}");
    let kinds = client
        .execute(
            "return Array.from(document.querySelectorAll('#explain-move-text > .part')).map(s => s.dataset.kind);",
            vec![],
        )
        .await
        .expect("runs");
    assert_eq!(kinds, json!(["piece", "file", "sign", "target"]));

    // the table in view as a laptop and a phone show it: on the phone's
    // width it fits the screen
    let (width, height) = client.get_window_size().await.expect("the window's size");
    let show = "document.getElementById('move-forms').scrollIntoView({block: 'center'});";
    client.execute(show, vec![]).await.expect("scrolls");
    screenshot(client, "page-xiangqi-move-forms-1366.png").await;
    client.set_window_size(390, 844).await.expect("a phone's width");
    client.execute(show, vec![]).await.expect("scrolls");
    let fits = "const r = document.getElementById('move-forms').getBoundingClientRect(); \
                return r.width > 0 && r.left >= 0 && r.right <= document.documentElement.clientWidth;";
    wait_for(client, "the table within the phone's width", fits, |v| v.as_bool() == Some(true)).await;
    screenshot(client, "page-xiangqi-move-forms-390.png").await;
    client
        .set_window_size(u32::try_from(width).unwrap_or(1366), u32::try_from(height).unwrap_or(768))
        .await
        .expect("back");
}

#[path = "e2e/defects.rs"]
mod defects;

#[path = "e2e/board.rs"]
mod board;
