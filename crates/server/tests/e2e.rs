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

use std::path::PathBuf;

use browser::{hover, press, query, screenshot, set_input, wait_for};
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

/// The position box: a FEN converted, validated, an illegal and an
/// unreadable position, Xiangqi detected, a Khet laser fired.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_converts_validates_and_fires_the_laser() {
    browser::run("the_page_converts_validates_and_fires_the_laser", |client, base| async move {
        convert_validate_and_laser(&client, &base).await;
    })
    .await;
}

/// Game records pasted and opened, stepped through, in another notation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_reads_game_records() {
    browser::run("the_page_reads_game_records", |client, base| async move {
        game_records(&client, &base).await;
        defects::game_viewer(&client, &base).await;
    })
    .await;
}

/// Each game part by part, from a link's position.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_explains_each_game() {
    browser::run("the_page_explains_each_game", |client, base| async move {
        explain_each_game(&client, &base).await;
    })
    .await;
}

/// The hooks other tests rely on, and the position box's defects.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_has_its_hooks_and_position_box() {
    browser::run("the_page_has_its_hooks_and_position_box", |client, base| async move {
        defects::hooks(&client, &base).await;
        defects::position_box(&client, &base).await;
    })
    .await;
}

/// A phone's layout and a desktop's with Khet's wide board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_fits_a_phone_and_a_wide_board() {
    browser::run("the_page_fits_a_phone_and_a_wide_board", |client, base| async move {
        defects::layout(&client, &base).await;
    })
    .await;
}

/// A line played by clicks, keys and typing in each game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_plays_a_line_in_each_game() {
    browser::run("the_board_plays_a_line_in_each_game", |client, base| async move {
        board::play_each_game(&client, &base).await;
    })
    .await;
}

/// Variations, the keys, the address, the export and a record to the board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_keeps_variations_exports_and_shares() {
    browser::run("the_board_keeps_variations_exports_and_shares", |client, base| async move {
        board::variations(&client, &base).await;
    })
    .await;
}

/// The board editor.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_edits_positions() {
    browser::run("the_board_edits_positions", |client, base| async move {
        board::editor(&client, &base).await;
    })
    .await;
}

/// The board on a phone: a move by touch, a flipped board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_plays_on_a_phone() {
    browser::run("the_board_plays_on_a_phone", |client, base| async move {
        board::phone(&client, &base).await;
    })
    .await;
}

async fn convert_validate_and_laser(client: &Client, base: &str) {
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

/// The defects found trying the page as a new user, each checked, and the
/// hooks other tests rely on.
mod defects {
    use super::{
        CURRENT, Client, GAME_PIECES, Locator, MESSAGES, MOVES, NOTATION, PIECES, PathBuf, json, press, query,
        screenshot, set_input, wait_for,
    };
    use polyfen::{Notation, Position, ReadOptions, WriteOptions, read};

    const RIGHT: char = '\u{e014}';
    const DOWN: char = '\u{e015}';
    const TAB: char = '\u{e004}';
    const ENTER: char = '\u{e007}';

    const SHOGI_KIF: &str = concat!(
        "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n",
        "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 投了\n",
    );
    const CHESS_PGN: &str = "[Event \"e2e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    const CHINESE_PGN: &str = "[Event \"xq\"]\n[Variant \"xiangqi\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n";

    /// The same game in GBK, and in Big5 (traditional characters).
    const GBK_PGN: &[u8] =
        b"[Event \"\xb2\xe2\xca\xd4\"]\n[Red \"\xd0\xed\xd2\xf8\xb4\xa8\"]\n[Black \"\xc2\xc0\xc7\xd5\"]\n\n\
        1. \xc5\xda\xb6\xfe\xc6\xbd\xce\xe5 \xc2\xed\xa3\xb8\xbd\xf8\xa3\xb7 2. \xc2\xed\xb6\xfe\xbd\xf8\xc8\xfd \
        \xb3\xb5\xa3\xb9\xc6\xbd\xa3\xb8 *\n";
    const BIG5_PGN: &[u8] =
        b"[Event \"\xb4\xfa\xb8\xd5\"]\n[Red \"\xb3\x5c\xbb\xc8\xa4t\"]\n[Black \"\xa7f\xb4\xdc\"]\n\n\
        1. \xac\xb6\xa4G\xa5\xad\xa4\xad \xb0\xa8\xa2\xb7\xb6i\xa2\xb6 2. \xb0\xa8\xa4G\xb6i\xa4T \
        \xa8\xae\xa2\xb8\xa5\xad\xa2\xb7 *\n";

    const GAME_MESSAGES: &str =
        "return Array.from(document.querySelectorAll('#games-messages li')).map(li => li.textContent);";
    const PLY: &str = "return document.getElementById('games-ply').textContent;";
    const LAST: &str = "return Array.from(document.querySelectorAll('#games-board .square.last'))\
                        .map(r => r.dataset.square).sort().join(' ');";
    const PICKED: &str = "const s = document.getElementById('games-pick'); \
                          return s.selectedIndex < 0 ? '' : s.options[s.selectedIndex].textContent;";

    async fn paste_game(client: &Client, text: &str) {
        let box_ = client.find(Locator::Id("games-input")).await.expect("the game box");
        box_.clear().await.expect("cleared");
        box_.send_keys(text).await.expect("typed");
    }

    async fn click(client: &Client, css: &str) {
        client.find(Locator::Css(css)).await.expect(css).click().await.expect("clicked");
    }

    /// A file written to the target directory, for the file picker.
    fn file(name: &str, bytes: &[u8]) -> String {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
        std::fs::write(&path, bytes).expect("the file is written");
        path.display().to_string()
    }

    /// Every square of the main board is an element with `data-square`,
    /// clickable; the position box holds the position; the address bar the
    /// page's address.
    pub async fn hooks(client: &Client, base: &str) {
        client.goto(base).await.expect("the page loads");
        for (input, count, named) in [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 64, "e2"),
            (polyfen::polyfen_xiangqi::START_FEN, 90, "h2"),
            (polyfen::polyfen_khet::CLASSIC, 80, "j1"),
        ] {
            set_input(client, input).await;
            let search = format!("?input={}", form_encoded(input));
            wait_for(client, "the address", "return window.location.search;", |v| v == search.as_str()).await;
            wait_for(client, "the page ready", "return document.body.dataset.busy;", |v| v == "false").await;
            wait_for(
                client,
                "the squares",
                "return document.querySelectorAll('#board .square[data-square]').length;",
                |v| v.as_u64() == Some(count),
            )
            .await;
            let css = format!("#board .square[data-square=\"{named}\"]");
            click(client, &css).await;
            wait_for(
                client,
                "the square marked",
                &format!("return document.querySelector('{css}').classList.contains('selected');"),
                |v| v == true,
            )
            .await;
            // the part-by-part view says which characters write it
            wait_for(
                client,
                "the square explained",
                "return document.getElementById('explain-meaning').textContent;",
                |v| v.as_str().is_some_and(|m| m.starts_with(&format!("{named}:"))),
            )
            .await;
            let url = client.current_url().await.expect("the address");
            assert_eq!(url.query(), Some(format!("input={}", form_encoded(input)).as_str()), "{url}");
            // the address opens the same position
            client.goto(url.as_str()).await.expect("the address loads");
            wait_for(client, "the position box", "return document.getElementById('input').value;", |v| v == input)
                .await;
            wait_for(client, "the board", PIECES, |v| v.as_u64().is_some_and(|n| n > 0)).await;
        }
    }

    /// A text as `URLSearchParams` writes it.
    fn form_encoded(text: &str) -> String {
        text.bytes()
            .map(|b| match b {
                b' ' => "+".to_owned(),
                b if b.is_ascii_alphanumeric() || b"*-._".contains(&b) => char::from(b).to_string(),
                b => format!("%{b:02X}"),
            })
            .collect()
    }

    pub async fn game_viewer(client: &Client, base: &str) {
        client.goto(base).await.expect("the page loads");
        wait_for(client, "the page ready", "return document.body.dataset.busy;", |v| v == "false").await;

        // 2: a movetext, numbered by moves, every move clickable
        paste_game(client, CHESS_PGN).await;
        wait_for(client, "the game's moves", MOVES, |v| v == "e4 e5 Nf3 Nc6 Bb5 a6").await;
        let numbers = client
            .execute(
                "return Array.from(document.querySelectorAll('#games-moves .num')).map(n => n.textContent);",
                vec![],
            )
            .await
            .expect("runs");
        assert_eq!(numbers, json!(["1.", "2.", "3."]));
        let uncovered = client
            .execute(
                "return Array.from(document.querySelectorAll('#games-moves button')).filter(b => { \
                 b.scrollIntoView({block: 'center'}); const r = b.getBoundingClientRect(); \
                 return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === b; }).length;",
                vec![],
            )
            .await
            .expect("runs");
        assert_eq!(uncovered, json!(6), "every move button can be clicked");
        click(client, "#games-moves button[data-ply=\"4\"]").await;
        wait_for(client, "the move clicked", CURRENT, |v| v == "Nc6").await;

        // 3: ◀ ▶ buttons, and the arrow keys after a click on the board
        click(client, "#games-first").await;
        wait_for(client, "back to the start", PLY, |v| v.as_str().is_some_and(|p| p.starts_with("Start"))).await;
        click(client, "#games-next").await;
        wait_for(client, "one ply on", CURRENT, |v| v == "e4").await;
        // 9: the last move is marked on the board
        wait_for(client, "the last move marked", LAST, |v| v == "e2 e4").await;
        click(client, "#games-board .square[data-square=\"a1\"]").await;
        press(client, RIGHT).await;
        wait_for(client, "the arrow key steps", CURRENT, |v| v == "e5").await;
        wait_for(client, "the last move marked", LAST, |v| v == "e5 e7").await;
        click(client, "#games-last").await;
        wait_for(client, "the end", CURRENT, |v| v == "a6").await;
        click(client, "#games-prev").await;
        wait_for(client, "one back", CURRENT, |v| v == "Bb5").await;

        // a Shogi KIF record, stepped through: its moves in USI, the game's
        // coordinates, then in KIF; the last move marked on the board
        paste_game(client, SHOGI_KIF).await;
        wait_for(client, "the KIF's moves", MOVES, |v| v == "7g7f 3c3d 8h2b+ 3a2b").await;
        let notation = client.find(Locator::Id("games-notation")).await.expect("the notation list");
        notation.select_by_value("kif").await.expect("kif is offered for Shogi");
        wait_for(client, "the moves in KIF", MOVES, |v| v == "７六歩(77) ３四歩(33) ２二角成(88) 同　銀(31)").await;
        click(client, "#games-moves button[data-ply=\"3\"]").await;
        wait_for(client, "the bishop's capture", CURRENT, |v| v == "２二角成(88)").await;
        wait_for(client, "the capture marked", LAST, |v| v == "2b 8h").await;
        click(client, "#games-last").await;
        wait_for(client, "the silver's recapture", CURRENT, |v| v == "同　銀(31)").await;
        wait_for(client, "the recapture marked", LAST, |v| v == "2b 3a").await;

        // a crazyhouse game, stepped through: the pocket drawn, drops played
        paste_game(client, "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *\n").await;
        wait_for(client, "the crazyhouse moves", MOVES, |v| v == "e4 d5 exd5 Qxd5 Nc3 Qa5 P@d5").await;
        click(client, "#games-moves button[data-ply=\"4\"]").await;
        wait_for(client, "the queen's capture", CURRENT, |v| v == "Qxd5").await;
        wait_for(
            client,
            "a pawn in each pocket",
            "return Array.from(document.querySelectorAll('#games-board .pocket-piece')).map(e => e.dataset.piece).sort().join(' ');",
            |v| v == "P p",
        )
        .await;
        click(client, "#games-last").await;
        wait_for(client, "the drop", CURRENT, |v| v == "P@d5").await;
        wait_for(client, "the drop marked", LAST, |v| v == "d5").await;

        // 1 and 6: a Xiangqi game after a chess game whose moves were shown
        // in LAN: its moves in its own notation, the list its game's
        let notation = client.find(Locator::Id("games-notation")).await.expect("the notation list");
        notation.select_by_value("lan").await.expect("lan is offered");
        wait_for(client, "the moves in LAN", MOVES, |v| v.as_str().is_some_and(|m| m.starts_with("e2-e4"))).await;
        paste_game(client, CHINESE_PGN).await;
        wait_for(client, "the Chinese moves", MOVES, |v| v == "炮二平五 马８进７ 马二进三 车９平８").await;
        wait_for(client, "the xiangqi board", GAME_PIECES, |v| v.as_u64() == Some(32)).await;
        let messages = client.execute(GAME_MESSAGES, vec![]).await.expect("runs");
        assert_eq!(messages, json!([]));
        let offered = client
            .execute(
                "return Array.from(document.querySelectorAll('#games-notation option')).map(o => o.value);",
                vec![],
            )
            .await
            .expect("runs");
        let expected: Vec<&str> = polyfen::VariantId::Xiangqi.move_notations().iter().map(|&n| n.into()).collect();
        assert_eq!(offered, json!(expected));
        let chosen = client.execute("return document.getElementById('games-notation').value;", vec![]).await;
        assert_eq!(chosen.expect("runs"), "chinese");
        // a DhtmlXQ record pasted after it: read, in its game's notation
        paste_game(client, "[DhtmlXQ]\n[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n").await;
        wait_for(client, "the DhtmlXQ moves", MOVES, |v| v == "H2-E2 H9-G7").await;
        let messages = client.execute(GAME_MESSAGES, vec![]).await.expect("runs");
        assert_eq!(messages, json!([]));

        // 5: comments, NAGs and variations are shown
        paste_game(client, "[Event \"v\"]\n\n{Open} 1. e4 {best by test} e5 (1... c5 $1 2. Nf3) 2. Nf3 *\n").await;
        wait_for(client, "the main line", MOVES, |v| v == "e4 e5 Nf3").await;
        let shown = client
            .execute(
                "return ['comment', 'variation', 'var-move', 'nag'].map(c => \
                 Array.from(document.querySelectorAll('#games-moves .' + c)).map(e => e.textContent));",
                vec![],
            )
            .await
            .expect("runs");
        assert_eq!(
            shown,
            json!([["{Open}", "{best by test}"], ["(1… c5! 2. Nf3)"], ["c5", "Nf3"], ["!"]]),
            "the movetext: {}",
            client.execute("return document.getElementById('games-moves').textContent;", vec![]).await.expect("runs")
        );

        click(client, "#games-next").await;
        wait_for(client, "the last move marked", LAST, |v| v == "e2 e4").await;
        client.execute("document.getElementById('games-section').scrollIntoView();", vec![]).await.expect("runs");
        screenshot(client, "page-desktop-game.png").await;

        // 4: GBK and Big5 files, decoded by the server
        let picker = client.find(Locator::Id("games-file")).await.expect("the file picker");
        picker.send_keys(&file("gbk.pgn", GBK_PGN)).await.expect("a file chosen");
        wait_for(client, "the GBK game", MOVES, |v| v == "炮二平五 马８进７ 马二进三 车９平８").await;
        wait_for(client, "its players", PICKED, |v| v == "1: 测试, 许银川 – 吕钦").await;
        picker.send_keys(&file("big5.pgn", BIG5_PGN)).await.expect("a file chosen");
        wait_for(client, "the Big5 game's players", PICKED, |v| v == "1: 測試, 許銀川 – 呂欽").await;
        wait_for(client, "the Big5 game's moves", MOVES, |v| v == "炮二平五 馬８進７ 馬二進三 車９平８").await;
        let messages = client.execute(GAME_MESSAGES, vec![]).await.expect("runs");
        assert_eq!(messages, json!([]));

        // 9: an XQF endgame is listed by its title
        let xqf = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/corpus/xiangqi-records/xqf/03000.xqf")
            .canonicalize()
            .expect("the corpus file");
        let bytes = std::fs::read(&xqf).expect("the corpus file");
        let game = polyfen::records::RecordFormat::Xqf.read(&bytes).remove(0).expect("a game");
        let title = game.tags.iter().find(|(k, _)| k == "Title").map(|(_, v)| v.clone()).expect("a title");
        picker.send_keys(&xqf.display().to_string()).await.expect("a file chosen");
        wait_for(client, "the endgame's title", PICKED, |v| v == format!("1: {title}").as_str()).await;
    }

    pub async fn position_box(client: &Client, base: &str) {
        client.goto(base).await.expect("the page loads");
        wait_for(client, "the named setups", "return document.querySelectorAll('#setup option').length;", |v| {
            v.as_u64().is_some_and(|n| n > 3)
        })
        .await;

        // 9: one warning per impossible castling right, naming it
        let fen = "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1";
        set_input(client, fen).await;
        wait_for(client, "the notation detected", NOTATION, |v| v == "fen").await;
        let target = client.find(Locator::Id("target")).await.expect("the target list");
        target.select_by_value("shredder-fen").await.expect("shredder-fen is offered");
        let position = read(fen, None, &ReadOptions::default()).expect("reads").position;
        let written = position.to_notation(Notation::ShredderFen, &WriteOptions::default()).expect("writes");
        assert_eq!(written.warnings.len(), 2);
        assert!(written.warnings[0].contains("'K'") && written.warnings[1].contains("'Q'"), "{:?}", written.warnings);
        let script = "return Array.from(document.querySelectorAll('#warnings li')).map(li => li.textContent);";
        wait_for(client, "the warnings", script, |v| v == &json!(written.warnings)).await;
        screenshot(client, "page-desktop-shredder.png").await;

        // 9: a PGN in the position box: a hint, and a button that reads it
        set_input(client, "1. e4 e5 *").await;
        let hint = "return Array.from(document.querySelectorAll('#messages li.hint')).map(li => li.textContent);";
        wait_for(client, "the hint", hint, |v| v.as_array().is_some_and(|a| a.len() == 1)).await;
        click(client, "#messages li.hint button").await;
        wait_for(client, "the game read", MOVES, |v| v == "e4 e5").await;

        // 9: the laser of either side
        set_input(client, polyfen::polyfen_khet::CLASSIC).await;
        wait_for(client, "pkn detected", NOTATION, |v| v == "pkn").await;
        let color = client.find(Locator::Id("laser-color")).await.expect("the laser's side");
        color.select_by_value("red").await.expect("red is offered");
        click(client, "#laser").await;
        let summary = "return document.getElementById('laser-result').textContent;";
        wait_for(client, "red's laser", summary, |v| v.as_str().is_some_and(|s| s.starts_with("red laser from a8")))
            .await;

        // 9: an icon, so no request for /favicon.ico
        let icon =
            client.execute("const l = document.querySelector('link[rel=icon]'); return l ? l.href : '';", vec![]);
        assert!(icon.await.expect("runs").as_str().is_some_and(|h| h.starts_with("data:image/svg+xml")));

        // 8: a named setup picked with ↓ can be undone
        set_input(client, "8/8/8/8/8/8/8/K1k5 w - - 0 1").await;
        wait_for(client, "the notation detected", NOTATION, |v| v == "fen").await;
        let setup = client.find(Locator::Id("setup")).await.expect("the setup list");
        setup.send_keys(&DOWN.to_string()).await.expect("arrow down");
        wait_for(client, "the setup shown", "return document.getElementById('input').value;", |v| {
            v != "8/8/8/8/8/8/8/K1k5 w - - 0 1"
        })
        .await;
        click(client, "#setup-undo").await;
        wait_for(client, "the text back", "return document.getElementById('input').value;", |v| {
            v == "8/8/8/8/8/8/8/K1k5 w - - 0 1"
        })
        .await;
        let messages =
            wait_for(client, "the validation", MESSAGES, |v| v.as_array().is_some_and(|a| !a.is_empty())).await;
        assert!(messages.as_array().is_some_and(|m| !m.is_empty()));

        // 8: a skip link first, and few tab stops from the position box to the games
        client.goto(&format!("{base}/?input={}", query(polyfen::polyfen_xiangqi::START_FEN))).await.expect("loads");
        wait_for(client, "the parts", "return document.querySelectorAll('#explain-text > .part').length;", |v| {
            v.as_u64().is_some_and(|n| n > 0)
        })
        .await;
        let stops = client
            .execute(
                "const all = Array.from(document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]'))\
                 .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0); \
                 return all.indexOf(document.getElementById('games-input')) - all.indexOf(document.getElementById('input'));",
                vec![],
            )
            .await
            .expect("runs");
        assert!(stops.as_i64().is_some_and(|n| (1..=20).contains(&n)), "{stops} tab stops");
        // a fresh page: the first Tab reaches the skip link
        client.goto(&format!("{base}/?input={}", query(polyfen::polyfen_xiangqi::START_FEN))).await.expect("loads");
        wait_for(client, "the parts", "return document.querySelectorAll('#explain-text > .part').length;", |v| {
            v.as_u64().is_some_and(|n| n > 0)
        })
        .await;
        press(client, TAB).await;
        let focused = client.execute("return document.activeElement.id;", vec![]).await.expect("runs");
        assert_eq!(focused, "skip");
        press(client, ENTER).await;
        wait_for(client, "the game section", "return document.activeElement.id;", |v| v == "games-section").await;
        // the part-by-part grid is one tab stop, walked with the arrow keys
        client.execute("document.querySelector('#explain-grid .cell').focus();", vec![]).await.expect("focus");
        press(client, RIGHT).await;
        press(client, DOWN).await;
        let at = client.execute("return document.activeElement.dataset.square;", vec![]).await.expect("runs");
        assert_eq!(at, "b8");
    }

    /// 7: a 390 px phone, and a desktop with Khet's wide board.
    pub async fn layout(client: &Client, base: &str) {
        client.set_window_size(390, 844).await.expect("a phone's width");
        client.goto(&format!("{base}/?input={}", query(polyfen::polyfen_xiangqi::START_FEN))).await.expect("loads");
        wait_for(client, "the parts", "return document.querySelectorAll('#explain-text > .part').length;", |v| {
            v.as_u64().is_some_and(|n| n > 0)
        })
        .await;
        paste_game(client, CHINESE_PGN).await;
        wait_for(client, "the game", GAME_PIECES, |v| v.as_u64() == Some(32)).await;
        let width = |id: &str| format!("return document.getElementById('{id}').getBoundingClientRect().width;");
        let page = client.execute("return document.documentElement.clientWidth;", vec![]).await.expect("runs");
        let page = page.as_f64().expect("a width");
        assert!(page <= 390.0, "{page}");
        for id in ["explain-text", "games-board", "board", "games-moves"] {
            let w = client.execute(&width(id), vec![]).await.expect("runs").as_f64().expect("a width");
            assert!(w >= page - 60.0, "#{id} is {w} px wide on a {page} px page");
        }
        // each label on the line of its list
        let split = client
            .execute(
                "return Array.from(document.querySelectorAll('label[for]')).filter(l => { \
                 const c = document.getElementById(l.htmlFor); if (!c || c.tagName !== 'SELECT') return false; \
                 const a = l.getBoundingClientRect(), b = c.getBoundingClientRect(); \
                 return Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) > 10; }).map(l => l.htmlFor);",
                vec![],
            )
            .await
            .expect("runs");
        assert_eq!(split, json!([]), "labels split from their lists");
        let overflow = client.execute("return document.documentElement.scrollWidth;", vec![]).await.expect("runs");
        assert!(overflow.as_f64().is_some_and(|w| w <= page), "the page scrolls sideways: {overflow}");
        for (script, name) in [
            ("window.scrollTo(0, 0);", "page-phone-top.png"),
            ("document.getElementById('explain-section').scrollIntoView();", "page-phone-explain.png"),
            ("document.getElementById('games-board').scrollIntoView();", "page-phone-game.png"),
            ("document.getElementById('games-ply').scrollIntoView();", "page-phone-moves.png"),
        ] {
            client.execute(script, vec![]).await.expect("runs");
            screenshot(client, name).await;
        }

        // a desktop: Khet's board leaves the position box its room
        client.set_window_size(1200, 900).await.expect("a desktop's width");
        client.goto(&format!("{base}/?input={}", query(polyfen::polyfen_khet::CLASSIC))).await.expect("loads");
        wait_for(client, "the khet board", PIECES, |v| v.as_u64() == Some(26)).await;
        let input = client.execute(&width("input"), vec![]).await.expect("runs").as_f64().expect("a width");
        let board = client.execute(&width("board"), vec![]).await.expect("runs").as_f64().expect("a width");
        assert!(input >= board, "the position box ({input} px) is narrower than the board ({board} px)");
        screenshot(client, "page-desktop-khet.png").await;
        // a laptop's screen
        client.set_window_size(1366, 768).await.expect("a laptop's width");
        client.goto(&format!("{base}/?input={}", query(polyfen::polyfen_chess::START_FEN))).await.expect("loads");
        wait_for(client, "the chess board", PIECES, |v| v.as_u64() == Some(32)).await;
        screenshot(client, "page-desktop-1366.png").await;
    }
}

/// The page as an analysis board: moves played by clicks in every game,
/// variations, stepping with the buttons and keys, the editor, export, the
/// shared address and a phone.
mod board {
    use super::{Client, Locator, json, press, query, screenshot, wait_for};
    use fantoccini::actions::{InputSource, PointerAction, TouchActions};
    use polyfen::Position;
    use serde_json::Value;

    const LEFT: char = '\u{e012}';
    const RIGHT: char = '\u{e014}';
    const HOME: char = '\u{e011}';
    const END: char = '\u{e010}';
    const UP: char = '\u{e013}';
    const DOWN: char = '\u{e015}';
    const ENTER: char = '\u{e007}';

    const TREE: &str =
        "return Array.from(document.querySelectorAll('#tree-moves button.move')).map(b => b.textContent).join(' ');";
    const TREE_TEXT: &str = "return document.getElementById('tree-moves').textContent;";
    const AT: &str =
        "const b = document.querySelector('#tree-moves button[aria-current]'); return b ? b.textContent : '';";
    const INPUT: &str = "return document.getElementById('input').value;";
    const READY: &str = "return document.body.dataset.busy;";
    const TARGETS: &str = "return Array.from(document.querySelectorAll('#board .square.target'))\
                           .map(r => r.dataset.square).sort().join(' ');";
    const LAST: &str = "return Array.from(document.querySelectorAll('#board .square.last'))\
                        .map(r => r.dataset.square).sort().join(' ');";

    async fn click(client: &Client, css: &str) {
        client.find(Locator::Css(css)).await.expect(css).click().await.expect("clicked");
    }

    async fn square(client: &Client, name: &str) {
        click(client, &format!("#board .square[data-square=\"{name}\"]")).await;
    }

    /// Opens the page on `input`, ready for moves.
    async fn open(client: &Client, base: &str, input: &str) {
        client.goto(&format!("{base}/?input={}", query(input))).await.expect("the page loads");
        wait_for(client, "the position", INPUT, |v| v == input).await;
        wait_for(client, "the squares", "return document.querySelectorAll('#board .square.movable').length;", |v| {
            v.as_u64().is_some_and(|n| n > 0)
        })
        .await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
    }

    /// Plays `from`-`to` by two clicks and waits for the move to be listed
    /// as the current move, `shown`.
    async fn play(client: &Client, from: &str, to: &str, shown: &str) {
        square(client, from).await;
        square(client, to).await;
        wait_for(client, "the move played", AT, |v| v == shown).await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
    }

    /// The position `input` after `moves` (any notation), as the library
    /// writes it.
    fn after(input: &str, moves: &[&str]) -> String {
        after_under(input, None, moves)
    }

    /// The position `input`, read under the rules variant `rules`, after
    /// `moves` (any notation), as the library writes it.
    fn after_under(input: &str, rules: Option<&'static str>, moves: &[&str]) -> String {
        use polyfen::{MoveNotation, ReadOptions, RuleOptions, WriteOptions, read};
        let mut position = read(input, None, &ReadOptions::default().with_rules(rules)).expect("reads").position;
        for mv in moves {
            position
                .play(mv, MoveNotation::Uci, &RuleOptions::default())
                .or_else(|_| {
                    let notation = polyfen::records::coordinates(position.variant());
                    position.play(mv, notation, &RuleOptions::default())
                })
                .expect("a legal move");
        }
        let notation = polyfen::records::position_notation(position.variant());
        position.to_notation(notation, &WriteOptions::default()).expect("writes").text
    }

    /// A line played by clicks in each game: legal targets shown, the
    /// position box and the last move follow, the moves in the tree.
    pub async fn play_each_game(client: &Client, base: &str) {
        let chess = polyfen::polyfen_chess::START_FEN;
        open(client, base, chess).await;
        square(client, "e2").await;
        wait_for(client, "e2's targets", TARGETS, |v| v == "e3 e4").await;
        play(client, "e2", "e4", "e4").await;
        wait_for(client, "the position box", INPUT, |v| v == after(chess, &["e2e4"]).as_str()).await;
        wait_for(client, "the last move", LAST, |v| v == "e2 e4").await;
        // the move in every move notation of its game
        wait_for(
            client,
            "the move's forms",
            "return Array.from(document.querySelectorAll('#last-move-forms tr')).map(r => r.textContent).join(' ');",
            |v| v == "ucie2e4 sane4 lane2-e4",
        )
        .await;
        play(client, "e7", "e5", "e5").await;
        play(client, "g1", "f3", "Nf3").await;
        wait_for(client, "the moves", TREE, |v| v == "e4 e5 Nf3").await;
        wait_for(client, "the position box", INPUT, |v| v == after(chess, &["e2e4", "e7e5", "g1f3"]).as_str()).await;
        // the output box has the position in the notation chosen
        wait_for(client, "the output", "return document.getElementById('output').value;", |v| {
            v.as_str().is_some_and(|o| o.contains("4p3/4P3/5N2"))
        })
        .await;

        let xiangqi = polyfen::polyfen_xiangqi::START_FEN;
        open(client, base, xiangqi).await;
        square(client, "h2").await;
        wait_for(client, "the cannon's targets", TARGETS, |v| v.as_str().is_some_and(|t| t.contains("e2"))).await;
        play(client, "h2", "e2", "H2-E2").await;
        play(client, "h9", "g7", "H9-G7").await;
        wait_for(client, "the position box", INPUT, |v| v == after(xiangqi, &["h2e2", "h9g7"]).as_str()).await;
        wait_for(client, "the last move", LAST, |v| v == "g7 h9").await;
        let notation = client.find(Locator::Id("tree-notation")).await.expect("the notation list");
        notation.select_by_value("chinese").await.expect("chinese is offered");
        wait_for(client, "the moves in Chinese", TREE, |v| v == "炮二平五 马８进７").await;

        // Khet: a step, then a rotation with its button, then with its key
        let khet = polyfen::polyfen_khet::CLASSIC;
        open(client, base, khet).await;
        play(client, "c1", "c2", "c1c2").await;
        square(client, "a8").await;
        let offered = wait_for(
            client,
            "the rotations offered",
            "return Array.from(document.querySelectorAll('#move-choice button')).map(b => b.dataset.move);",
            |v| v.as_array().is_some_and(|a| !a.is_empty()),
        )
        .await;
        assert_eq!(offered, json!(["a8-"]));
        click(client, "#move-choice button[data-move=\"a8-\"]").await;
        wait_for(client, "the rotation played", AT, |v| v == "a8-").await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        square(client, "j1").await;
        wait_for(
            client,
            "j1's rotation offered",
            "return document.querySelectorAll('#move-choice button').length;",
            |v| v.as_u64() == Some(1),
        )
        .await;
        press(client, '-').await;
        wait_for(client, "the rotation by its key", AT, |v| v == "j1-").await;
        wait_for(client, "the position box", INPUT, |v| v == after(khet, &["c1c2", "a8-", "j1-"]).as_str()).await;
        // the laser the last move fired (silver's, from j1) is drawn with its outcome
        wait_for(client, "the move's laser", "return document.getElementById('laser-result').textContent;", |v| {
            v.as_str().is_some_and(|s| s.starts_with("silver laser from j1"))
        })
        .await;
        wait_for(client, "the beam drawn", "return document.querySelectorAll('#board svg .laser').length;", |v| {
            v.as_u64().is_some_and(|n| n > 0)
        })
        .await;

        // Shogi: a move by clicks, a promotion chosen, a piece dropped from the hand
        let shogi = "4k4/9/9/9/9/P8/9/9/4K4 b G 1";
        open(client, base, shogi).await;
        play(client, "9f", "9e", "9f9e").await;
        play(client, "5a", "4a", "5a4a").await;
        wait_for(
            client,
            "the gold in hand offered",
            "return document.querySelectorAll('#board [data-drop].movable').length;",
            |v| v.as_u64() == Some(1),
        )
        .await;
        click(client, "#board [data-drop=\"G*\"]").await;
        let targets =
            wait_for(client, "the gold's drop squares", TARGETS, |v| v.as_str().is_some_and(|t| !t.is_empty())).await;
        let empty = 81 - 3;
        assert_eq!(targets.as_str().map(|t| t.split(' ').count()), Some(empty), "a gold drops on any empty square");
        square(client, "4b").await;
        wait_for(client, "the drop played", AT, |v| v == "G*4b").await;
        wait_for(client, "the position box", INPUT, |v| v == after(shogi, &["9f9e", "5a4a", "G*4b"]).as_str()).await;
        wait_for(client, "the last move", LAST, |v| v == "4b").await;

        // crazyhouse: a FEN with a pocket, a piece dropped from it
        let crazyhouse = "4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1";
        open(client, base, crazyhouse).await;
        wait_for(
            client,
            "white's knight in the pocket offered",
            "return Array.from(document.querySelectorAll('#board [data-drop].movable')).map(e => e.dataset.drop).join(' ');",
            |v| v == "N@",
        )
        .await;
        click(client, "#board [data-drop=\"N@\"]").await;
        let targets =
            wait_for(client, "the knight's drop squares", TARGETS, |v| v.as_str().is_some_and(|t| !t.is_empty())).await;
        assert_eq!(targets.as_str().map(|t| t.split(' ').count()), Some(64 - 2), "a knight drops on any empty square");
        square(client, "f6").await;
        wait_for(client, "the drop played", AT, |v| v == "N@f6+").await;
        wait_for(client, "the position box", INPUT, |v| v == after(crazyhouse, &["N@f6"]).as_str()).await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        play(client, "e8", "f8", "Kf8").await;
        wait_for(client, "the moves", TREE, |v| v == "N@f6+ Kf8").await;

        // three-check, chosen for a plain FEN: a check is counted
        let three = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        open(client, base, three).await;
        let rules = client.find(Locator::Id("rules")).await.expect("the rules list");
        rules.select_by_value("three-check").await.expect("three-check is offered");
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        play(client, "a1", "a8", "Ra8+").await;
        wait_for(client, "the checks counted", INPUT, |v| {
            v == after_under(three, Some("three-check"), &["a1a8"]).as_str()
        })
        .await;
        assert!(after_under(three, Some("three-check"), &["a1a8"]).contains(" 2+3 "));
        wait_for(client, "the rules kept", "return document.getElementById('rules').value;", |v| v == "three-check")
            .await;
        rules.select_by_value("").await.expect("the game's own rules");
        wait_for(client, "the page ready", READY, |v| v == "false").await;

        // chess promotion: the piece is chosen
        let promotion = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        open(client, base, promotion).await;
        square(client, "a7").await;
        square(client, "a8").await;
        let offered = wait_for(
            client,
            "the pieces offered",
            "return Array.from(document.querySelectorAll('#move-choice button')).map(b => b.textContent).join(' ');",
            |v| v.as_str().is_some_and(|s| !s.is_empty()),
        )
        .await;
        assert_eq!(offered, "q r b n");
        click(client, "#move-choice button[data-move=\"a7a8n\"]").await;
        wait_for(client, "the knight", AT, |v| v == "a8=N").await;
        wait_for(client, "the position box", INPUT, |v| v == after(promotion, &["a7a8n"]).as_str()).await;

        // a move typed in any notation; a bad one gets the API's error
        let typed = client.find(Locator::Id("move-text")).await.expect("the move box");
        let position = after(promotion, &["a7a8n"]);
        typed.send_keys("Ke2\u{e007}").await.expect("typed");
        let shown = wait_for(
            client,
            "the error",
            "return Array.from(document.querySelectorAll('#tree-messages li.error')).map(l => l.textContent);",
            |v| v.as_array().is_some_and(|a| !a.is_empty()),
        )
        .await;
        let (status, api) = super::common::post(
            &super::common::client(),
            base,
            "/v1/move",
            &json!({"input": position, "moves": ["Ke2"], "move_notation": "uci"}),
        )
        .await;
        assert_eq!(status, 422, "{api}");
        let error = &api["error"];
        assert_eq!(
            shown,
            json!([format!("column {}: {}", error["column"], error["message"].as_str().unwrap_or_default())])
        );
        typed.clear().await.expect("cleared");
        typed.send_keys("Kd7\u{e007}").await.expect("typed");
        wait_for(client, "the typed move", AT, |v| v == "Kd7").await;

        // the keyboard: Tab reaches the board, the arrow keys walk it, Enter
        // picks the piece and its square
        open(client, base, chess).await;
        client
            .execute("document.querySelector('#board .square[tabindex=\"0\"]').focus();", vec![])
            .await
            .expect("focus");
        let at = client.execute("return document.activeElement.dataset.square;", vec![]).await.expect("runs");
        assert_eq!(at, "a8");
        for key in [DOWN; 6].into_iter().chain([RIGHT; 4]) {
            press(client, key).await;
        }
        let at = client.execute("return document.activeElement.dataset.square;", vec![]).await.expect("runs");
        assert_eq!(at, "e2");
        press(client, ENTER).await;
        wait_for(client, "e2's targets", TARGETS, |v| v == "e3 e4").await;
        press(client, UP).await;
        press(client, UP).await;
        press(client, ENTER).await;
        wait_for(client, "the move by keys", AT, |v| v == "e4").await;

        // the position's text copied
        click(client, "#copy-position").await;
        wait_for(client, "the copy", "return document.getElementById('copied-position').textContent;", |v| {
            v == "copied"
        })
        .await;
    }

    /// A variation added, stepped through with the buttons and the keys,
    /// promoted and deleted; the address restores the view.
    pub async fn variations(client: &Client, base: &str) {
        let chess = polyfen::polyfen_chess::START_FEN;
        open(client, base, chess).await;
        play(client, "e2", "e4", "e4").await;
        play(client, "e7", "e5", "e5").await;
        play(client, "g1", "f3", "Nf3").await;
        click(client, "#tree-prev").await;
        wait_for(client, "one back", AT, |v| v == "e5").await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        // a move that leaves the line: a variation
        play(client, "b1", "c3", "Nc3").await;
        wait_for(client, "the variation", TREE_TEXT, |v| v == "1. e4 e5 2. Nf3 (2. Nc3)").await;
        // the same move again goes along the tree
        click(client, "#tree-prev").await;
        wait_for(client, "one back", AT, |v| v == "e5").await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        play(client, "g1", "f3", "Nf3").await;
        wait_for(client, "no new move", TREE, |v| v == "e4 e5 Nf3 Nc3").await;
        // the buttons
        click(client, "#tree-first").await;
        wait_for(client, "the start", "return document.getElementById('tree-ply').textContent;", |v| {
            v == "Start position"
        })
        .await;
        wait_for(client, "the start position", INPUT, |v| v == chess).await;
        click(client, "#tree-next").await;
        wait_for(client, "one on", AT, |v| v == "e4").await;
        click(client, "#tree-last").await;
        wait_for(client, "the end", AT, |v| v == "Nf3").await;
        // the keys, with the focus on a button of the page (not a text box)
        press(client, LEFT).await;
        wait_for(client, "← steps back", AT, |v| v == "e5").await;
        press(client, RIGHT).await;
        wait_for(client, "→ steps on", AT, |v| v == "Nf3").await;
        client.execute("document.getElementById('tree-first').focus();", vec![]).await.expect("focus");
        press(client, HOME).await;
        wait_for(client, "Home: the start", INPUT, |v| v == chess).await;
        press(client, END).await;
        wait_for(client, "End: the end", AT, |v| v == "Nf3").await;
        // not while typing
        let typed = client.find(Locator::Id("move-text")).await.expect("the move box");
        typed.click().await.expect("focus");
        press(client, LEFT).await;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        assert_eq!(client.execute(AT, vec![]).await.expect("runs"), "Nf3");

        // click the variation's move, promote it, read it back from the address
        click(client, "#tree-moves .variation button.move").await;
        wait_for(client, "the variation's move", AT, |v| v == "Nc3").await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        let position = after(chess, &["e2e4", "e7e5", "b1c3"]);
        wait_for(client, "the variation's position", INPUT, |v| v == position.as_str()).await;
        let url = client.current_url().await.expect("the address");
        let search = url.query().unwrap_or_default().to_owned();
        assert!(search.starts_with("pgn=") && search.contains("ply=0.0.1") && search.contains("notation=san"), "{url}");
        client.goto(url.as_str()).await.expect("the address loads");
        wait_for(client, "the same moves", TREE_TEXT, |v| v == "1. e4 e5 2. Nf3 (2. Nc3)").await;
        wait_for(client, "the same move shown", AT, |v| v == "Nc3").await;
        wait_for(client, "the same position", INPUT, |v| v == position.as_str()).await;
        click(client, "#tree-promote").await;
        wait_for(client, "promoted", TREE_TEXT, |v| v == "1. e4 e5 2. Nc3 (2. Nf3)").await;
        wait_for(client, "the address follows", "return window.location.search;", |v| {
            v.as_str().is_some_and(|s| s.contains("ply=3"))
        })
        .await;
        click(client, "#tree-moves .variation button.move").await;
        wait_for(client, "the other", AT, |v| v == "Nf3").await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        click(client, "#tree-delete").await;
        wait_for(client, "deleted", TREE_TEXT, |v| v == "1. e4 e5 2. Nc3").await;
        wait_for(client, "back on the line", AT, |v| v == "e5").await;

        // export: a tag edited, the moves in another notation
        click(client, "#tag-add").await;
        let value = client.find(Locator::Css("#tags tr:last-child td:nth-child(2) input")).await.expect("a value");
        value.clear().await.expect("cleared");
        value.send_keys("Analysis\u{e004}").await.expect("typed");
        let notation = client.find(Locator::Id("export-notation")).await.expect("the notation list");
        notation.select_by_value("lan").await.expect("lan is offered");
        let pgn = wait_for(client, "the PGN", "return document.getElementById('export-pgn').value;", |v| {
            v.as_str().is_some_and(|p| p.contains("e2-e4") && p.contains("[Event \"Analysis\"]"))
        })
        .await;
        assert!(pgn.as_str().is_some_and(|p| p.contains("1. e2-e4 e7-e5 2. Nb1-c3 *")), "{pgn}");
        // the tags are part of the address too
        let url = client.current_url().await.expect("the address");
        client.goto(url.as_str()).await.expect("the address loads");
        wait_for(
            client,
            "the tag back",
            "const i = document.querySelector('#tags tr td:nth-child(2) input'); return i ? i.value : '';",
            |v| v == "Analysis",
        )
        .await;

        // a game of the record viewer goes to the board
        let games = client.find(Locator::Id("games-input")).await.expect("the game box");
        games.clear().await.expect("cleared");
        games.send_keys("[Event \"g\"]\n\n1. d4 {main} d5 $1 (1... Nf6 2. c4) 2. c4 *\n").await.expect("typed");
        wait_for(client, "the game", "return document.querySelectorAll('#games-moves button').length;", |v| {
            v.as_u64() == Some(3)
        })
        .await;
        click(client, "#games-next").await;
        click(client, "#games-open").await;
        // its comments and NAGs too
        wait_for(client, "the game on the board", TREE_TEXT, |v| v == "1. d4 {main} 1… d5 ! (1… Nf6 2. c4) 2. c4")
            .await;
        wait_for(client, "at its ply", AT, |v| v == "d4").await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        screenshot(client, "page-desktop-board.png").await;

        // a game too long for the address: the address holds the position
        let long = format!("[Event \"long\"]\n\n1. e4 {{{}}} e5 *\n", "a long comment ".repeat(300));
        games.clear().await.expect("cleared");
        client
            .execute("const g = document.getElementById('games-input'); g.value = arguments[0]; g.dispatchEvent(new Event('input'));", vec![json!(long)])
            .await
            .expect("pasted");
        wait_for(client, "the long game", "return document.querySelectorAll('#games-moves button').length;", |v| {
            v.as_u64() == Some(2)
        })
        .await;
        click(client, "#games-last").await;
        click(client, "#games-open").await;
        wait_for(client, "the long game on the board", AT, |v| v == "e5").await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        let position = after(polyfen::polyfen_chess::START_FEN, &["e2e4", "e7e5"]);
        let search = wait_for(client, "the address", "return window.location.search;", |v| {
            v.as_str().is_some_and(|s| s.starts_with("?input="))
        })
        .await;
        assert!(search.as_str().is_some_and(|s| s.contains("notation=san") && !s.contains("pgn=")), "{search}");
        let note = client.execute("return document.getElementById('share-note').hidden;", vec![]).await.expect("runs");
        assert_eq!(note, json!(false));
        let url = client.current_url().await.expect("the address");
        client.goto(url.as_str()).await.expect("the address loads");
        wait_for(client, "the position shown", INPUT, |v| v == position.as_str()).await;
    }

    /// The board editor: pieces placed and removed, the side to move, the
    /// text and its validation live, a bad field's error as the API says it.
    pub async fn editor(client: &Client, base: &str) {
        open(client, base, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").await;
        click(client, "#edit").await;
        wait_for(client, "the palette", "return document.querySelectorAll('#editor-palette button').length;", |v| {
            v.as_u64() == Some(13)
        })
        .await;
        click(client, "#editor-palette button[data-piece=\"Q\"]").await;
        square(client, "d4").await;
        wait_for(client, "the queen placed", INPUT, |v| v == "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1").await;
        wait_for(client, "the address", "return window.location.search;", |v| {
            v.as_str().is_some_and(|s| s.contains("3Q4"))
        })
        .await;
        click(client, "#editor-palette button[data-piece=\"k\"]").await;
        square(client, "a1").await;
        wait_for(client, "a second king", INPUT, |v| v == "4k3/8/8/8/3Q4/8/8/k3K3 w - - 0 1").await;
        let expected: Vec<String> =
            polyfen::read("4k3/8/8/8/3Q4/8/8/k3K3 w - - 0 1", None, &polyfen::ReadOptions::default())
                .expect("reads")
                .position
                .violations()
                .iter()
                .map(|v| format!("violation: {v}"))
                .collect();
        wait_for(client, "the violation shown", super::MESSAGES, |v| v == &json!(expected)).await;
        square(client, "a1").await;
        wait_for(client, "the king removed", INPUT, |v| v == "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1").await;
        let side = client.find(Locator::Id("editor-side")).await.expect("the side list");
        side.select_by_value("black").await.expect("black is offered");
        wait_for(client, "black to move", INPUT, |v| v == "4k3/8/8/8/3Q4/8/8/4K3 b - - 0 1").await;
        // a bad field: the API's error (clearing the field first shows the
        // empty field's error, so wait for the one of what was typed)
        let form = json!({"variant": "chess", "board": {"d4": "Q", "e1": "K", "e8": "k"}, "side_to_move": "black",
            "castling": "X", "en_passant": null, "halfmove_clock": 0, "fullmove_number": 1});
        let (status, api) = super::common::post(
            &super::common::client(),
            base,
            "/v1/convert",
            &json!({"input": form.to_string(), "from": "json", "to": "fen"}),
        )
        .await;
        assert_eq!(status, 422, "{api}");
        let castling = client.find(Locator::Id("editor-castling")).await.expect("the castling field");
        castling.clear().await.expect("cleared");
        castling.send_keys("X\u{e004}").await.expect("typed");
        let wanted = json!([api["error"]["message"]]);
        wait_for(
            client,
            "the error",
            "return Array.from(document.querySelectorAll('#editor-messages li.error')).map(l => l.textContent);",
            |v| v == &wanted,
        )
        .await;

        // Khet: a piece placed with its facing
        open(client, base, polyfen::polyfen_khet::CLASSIC).await;
        click(client, "#edit").await;
        let facing = wait_for(
            client,
            "the facing list",
            "return Array.from(document.querySelectorAll('#editor-facing option')).map(o => o.value);",
            |v| v.as_array().is_some_and(|a| !a.is_empty()),
        )
        .await;
        assert_eq!(facing, json!(["e", "n", "s", "w"]));
        let list = client.find(Locator::Id("editor-facing")).await.expect("the facing list");
        list.select_by_value("w").await.expect("w is offered");
        click(client, "#editor-palette button[data-piece=\"P\"]").await;
        square(client, "e6").await;
        wait_for(
            client,
            "the pyramid placed",
            "return document.querySelector('#board .piece[data-square=\"e6\"]')?.dataset.facing || '';",
            |v| v == "w",
        )
        .await;
        click(client, "#edit").await;
    }

    /// 390 px: one column, the board as wide as the screen, moves by
    /// touch-sized buttons; and a flipped board.
    pub async fn phone(client: &Client, base: &str) {
        client.set_window_size(390, 844).await.expect("a phone's width");
        open(client, base, polyfen::polyfen_chess::START_FEN).await;
        play(client, "e2", "e4", "e4").await;
        play(client, "c7", "c5", "c5").await;
        // a move by touch: a finger drags the knight
        let from = client.find(Locator::Css("#board .square[data-square=\"g1\"]")).await.expect("g1");
        let to = client.find(Locator::Css("#board .square[data-square=\"f3\"]")).await.expect("f3");
        let finger = TouchActions::new("finger".to_owned())
            .then(PointerAction::MoveToElement { element: from, duration: None, x: 0.0, y: 0.0 })
            .then(PointerAction::Down { button: 0 })
            .then(PointerAction::MoveToElement {
                element: to,
                duration: Some(std::time::Duration::from_millis(200)),
                x: 0.0,
                y: 0.0,
            })
            .then(PointerAction::Up { button: 0 });
        client.perform_actions(finger).await.expect("the finger moves");
        wait_for(client, "the move by touch", AT, |v| v == "Nf3").await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        let page = client.execute("return document.documentElement.clientWidth;", vec![]).await.expect("runs");
        let page = page.as_f64().expect("a width");
        let width = client
            .execute("return document.querySelector('#board svg').getBoundingClientRect().width;", vec![])
            .await
            .expect("runs");
        assert!(width.as_f64().is_some_and(|w| w >= page - 40.0), "the board is {width} px on a {page} px page");
        let overflow = client.execute("return document.documentElement.scrollWidth;", vec![]).await.expect("runs");
        assert!(overflow.as_f64().is_some_and(|w| w <= page), "the page scrolls sideways: {overflow}");
        let columns = client
            .execute(
                "return ['board', 'tree-section', 'input'].map(id => Math.round(document.getElementById(id).getBoundingClientRect().left));",
                vec![],
            )
            .await
            .expect("runs");
        let lefts: Vec<f64> = columns.as_array().expect("lefts").iter().filter_map(Value::as_f64).collect();
        assert!(lefts.iter().all(|l| (l - lefts[0]).abs() < 30.0), "one column: {columns}");
        let small = client
            .execute(
                "return Array.from(document.querySelectorAll('.steps button')).filter(b => b.getClientRects().length \
                 && b.getBoundingClientRect().height < 44).length;",
                vec![],
            )
            .await
            .expect("runs");
        assert_eq!(small, json!(0), "step buttons are big enough to touch");
        client.execute("document.getElementById('board').scrollIntoView();", vec![]).await.expect("runs");
        screenshot(client, "page-phone-board.png").await;
        click(client, "#flip").await;
        wait_for(client, "flipped", "return document.getElementById('board').classList.contains('flipped');", |v| {
            v == true
        })
        .await;
        // a flipped board: a1 is drawn at the top right
        tokio::time::sleep(std::time::Duration::from_millis(400)).await;
        let corner = client
            .execute(
                "const r = document.querySelector('#board .square[data-square=\"a1\"]').getBoundingClientRect(); \
                 const s = document.querySelector('#board svg').getBoundingClientRect(); \
                 return [r.left > s.left + s.width / 2, r.top < s.top + s.height / 2];",
                vec![],
            )
            .await
            .expect("runs");
        assert_eq!(corner, json!([true, true]));
        screenshot(client, "page-phone-flipped.png").await;
        client.execute("document.getElementById('tree-section').scrollIntoView();", vec![]).await.expect("runs");
        screenshot(client, "page-phone-moves.png").await;
        client.set_window_size(1200, 900).await.expect("a desktop's width");
    }
}
