//! The page as an analysis board: moves played by clicks in every game,
//! variations, stepping with the buttons and keys, the editor, export, the
//! shared address and a phone.

use super::first_minute::{AT, INPUT, READY, TREE_TEXT, click, click_until, open, play, play_line, square};
use super::{Client, Locator, json, press, screenshot, wait_for};
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
const TARGETS: &str = "return Array.from(document.querySelectorAll('#board .square.target'))\
                       .map(r => r.dataset.square).sort().join(' ');";
const LAST: &str = "return Array.from(document.querySelectorAll('#board .square.last'))\
                    .map(r => r.dataset.square).sort().join(' ');";

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

/// The API's answer to `request` at `endpoint`, as the service and the
/// page's module give it (`polyfen_server::call`, the same status and
/// JSON): the page's messages are held against it whatever answers the
/// page.
fn answered(endpoint: &str, request: &Value) -> (u16, Value) {
    let answer = polyfen_server::call(endpoint, &request.to_string(), &polyfen_server::Config::default());
    (answer.status, serde_json::from_str(&answer.body).expect("JSON"))
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
    play_line(client, &[("e7", "e5", "e5"), ("g1", "f3", "Nf3")]).await;
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
    play_line(client, &[("h2", "e2", "H2-E2"), ("h9", "g7", "H9-G7")]).await;
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
    click_until(client, "#move-choice button[data-move=\"a8-\"]", "the rotation played", AT, "a8-").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    square(client, "j1").await;
    wait_for(client, "j1's rotation offered", "return document.querySelectorAll('#move-choice button').length;", |v| {
        v.as_u64() == Some(1)
    })
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
    play_line(client, &[("9f", "9e", "9f9e"), ("5a", "4a", "5a4a")]).await;
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
    wait_for(client, "the checks counted", INPUT, |v| v == after_under(three, Some("three-check"), &["a1a8"]).as_str())
        .await;
    assert!(after_under(three, Some("three-check"), &["a1a8"]).contains(" 2+3 "));
    wait_for(client, "the rules kept", "return document.getElementById('rules').value;", |v| v == "three-check").await;
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
        "return Array.from(document.querySelectorAll('#move-choice button')).map(b => b.dataset.move).join(' ');",
        |v| v.as_str().is_some_and(|s| !s.is_empty()),
    )
    .await;
    assert_eq!(offered, "a7a8q a7a8r a7a8b a7a8n");
    click_until(client, "#move-choice button[data-move=\"a7a8n\"]", "the knight", AT, "a8=N").await;
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
    let (status, api) = answered("move", &json!({"input": position, "moves": ["Ke2"], "move_notation": "uci"}));
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
    client.execute("document.querySelector('#board .square[tabindex=\"0\"]').focus();", vec![]).await.expect("focus");
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
    // the focus stays on the board, on the square moved to
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    let focused = "const a = document.activeElement; return a && a.closest('#board') ? a.dataset.square : '';";
    wait_for(client, "the focus on the board", focused, |v| v == "e4").await;

    // the position's text copied
    click(client, "#copy-position").await;
    wait_for(client, "the copy", "return document.getElementById('copied-position').textContent;", |v| v == "copied")
        .await;
}

/// A variation added, stepped through with the buttons and the keys,
/// promoted and deleted; the address restores the view.
pub async fn variations(client: &Client, base: &str) {
    let chess = polyfen::polyfen_chess::START_FEN;
    open(client, base, chess).await;
    play_line(client, &[("e2", "e4", "e4"), ("e7", "e5", "e5"), ("g1", "f3", "Nf3")]).await;
    click_until(client, "#tree-prev", "one back", AT, "e5").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    // a move that leaves the line: a variation
    play(client, "b1", "c3", "Nc3").await;
    wait_for(client, "the variation", TREE_TEXT, |v| v == "1. e4 e5 2. Nf3 (2. Nc3)").await;
    // the same move again goes along the tree
    click_until(client, "#tree-prev", "one back", AT, "e5").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    play(client, "g1", "f3", "Nf3").await;
    wait_for(client, "no new move", TREE, |v| v == "e4 e5 Nf3 Nc3").await;
    // the buttons
    click(client, "#tree-first").await;
    wait_for(client, "the start", "return document.getElementById('tree-ply').textContent;", |v| v == "Start position")
        .await;
    wait_for(client, "the start position", INPUT, |v| v == chess).await;
    click_until(client, "#tree-next", "one on", AT, "e4").await;
    click_until(client, "#tree-last", "the end", AT, "Nf3").await;
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
    click_until(client, "#tree-moves .variation button.move", "the variation's move", AT, "Nc3").await;
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
    click_until(client, "#tree-promote", "promoted", TREE_TEXT, "1. e4 e5 2. Nc3 (2. Nf3)").await;
    wait_for(client, "the address follows", "return window.location.search;", |v| {
        v.as_str().is_some_and(|s| s.contains("ply=3"))
    })
    .await;
    click_until(client, "#tree-moves .variation button.move", "the other", AT, "Nf3").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    click_until(client, "#tree-delete", "deleted", TREE_TEXT, "1. e4 e5 2. Nc3").await;
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
    wait_for(client, "the game on the board", TREE_TEXT, |v| v == "1. d4 {main} 1… d5 ! (1… Nf6 2. c4) 2. c4").await;
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
    click_until(client, "#games-open", "the long game on the board", AT, "e5").await;
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
        "castling": "-", "en_passant": "z9", "halfmove_clock": 0, "fullmove_number": 1});
    let (status, api) = answered("convert", &json!({"input": form.to_string(), "from": "json", "to": "fen"}));
    assert_eq!(status, 422, "{api}");
    let en_passant = client.find(Locator::Id("editor-en_passant")).await.expect("the en passant field");
    en_passant.clear().await.expect("cleared");
    en_passant.send_keys("z9\u{e004}").await.expect("typed");
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
    // the palette drawn (the editor is drawn again with its pictures)
    wait_for(
        client,
        "the pictures",
        "return document.querySelectorAll('#editor-palette button svg .piece').length;",
        |v| v.as_u64().is_some_and(|n| n > 0),
    )
    .await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
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
    play_line(client, &[("e2", "e4", "e4"), ("c7", "c5", "c5")]).await;
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
    let corner = crate::browser::square_side(client, "a1").await;
    assert_eq!(corner, json!([true, true]));
    screenshot(client, "page-phone-flipped.png").await;
    client.execute("document.getElementById('tree-section').scrollIntoView();", vec![]).await.expect("runs");
    screenshot(client, "page-phone-moves.png").await;
    client.set_window_size(1200, 900).await.expect("a desktop's width");
}
