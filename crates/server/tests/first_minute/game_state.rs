//! The state of the game on the board (defect 10): the king in check
//! glowing, the end said with its result and reason, the result written
//! into the export (and taken back with the move that gave it), and
//! three-check's counters.

use fantoccini::Client;
use serde_json::json;

use super::{READY, click, open, play_line};
use crate::browser::{query, screenshot, wait_for};

const STATUS: &str = "return document.getElementById('board-status').textContent;";
const COUNTERS: &str = "const c = document.getElementById('board-counters'); return c.hidden ? '' : c.textContent;";
const CHECKED: &str =
    "return Array.from(document.querySelectorAll('#board .square.check')).map(r => r.dataset.square);";
const EXPORT: &str = "return document.getElementById('export-pgn').value;";

/// Fool's mate played by clicks: the mated king glows, the board says
/// who won, the export's Result follows; deleting the mate takes it back.
pub async fn mate_and_result(client: &Client, base: &str) {
    open(client, base, polyfen::polyfen_chess::START_FEN).await;
    play_line(client, &[("f2", "f3", "f3"), ("e7", "e5", "e5"), ("g2", "g4", "g4"), ("d8", "h4", "Qh4#")]).await;
    wait_for(client, "the mate said", STATUS, |v| v == "Checkmate: 0-1, black wins.").await;
    wait_for(client, "the mated king marked", CHECKED, |v| v == &json!(["e1"])).await;
    wait_for(client, "the result exported", EXPORT, |v| {
        v.as_str().is_some_and(|pgn| pgn.contains("[Result \"0-1\"]") && pgn.trim_end().ends_with("Qh4# 0-1"))
    })
    .await;
    let shown = client.execute("return document.querySelector('#tree-moves .result').textContent;", vec![]).await;
    assert_eq!(shown.expect("the result after the moves"), json!("0-1"));
    screenshot(client, "page-checkmate.png").await;
    // a step back: the game goes on there, the result stays the game's
    click(client, "#tree-prev").await;
    wait_for(client, "no end before the mate", STATUS, |v| v == "").await;
    wait_for(client, "no king in check", CHECKED, |v| v == &json!([])).await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    assert!(client.execute(EXPORT, vec![]).await.expect("runs").as_str().is_some_and(|p| p.contains("0-1")));
    // the mate deleted: the game has no result again
    click(client, "#tree-last").await;
    wait_for(client, "the mate again", STATUS, |v| v == "Checkmate: 0-1, black wins.").await;
    click(client, "#tree-delete").await;
    wait_for(client, "the result taken back", EXPORT, |v| {
        v.as_str().is_some_and(|pgn| pgn.contains("[Result \"*\"]") && pgn.trim_end().ends_with("g4 *"))
    })
    .await;
}

/// A check that is not mate is said and marked; three-check's counters
/// count down with each check given.
pub async fn three_check_counters(client: &Client, base: &str) {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
    client.goto(&format!("{base}/?input={}&rules=three-check", query(start))).await.expect("the page loads");
    wait_for(client, "the counters", COUNTERS, |v| v == "Checks still to give: white 3, black 3.").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    play_line(
        client,
        &[("e2", "e4", "e4"), ("e7", "e5", "e5"), ("f1", "c4", "Bc4"), ("b8", "c6", "Nc6"), ("c4", "f7", "Bxf7+")],
    )
    .await;
    wait_for(client, "the check said", STATUS, |v| v == "Check.").await;
    wait_for(client, "the checked king marked", CHECKED, |v| v == &json!(["e8"])).await;
    wait_for(client, "a check counted", COUNTERS, |v| v == "Checks still to give: white 2, black 3.").await;
    screenshot(client, "page-three-check.png").await;
}
