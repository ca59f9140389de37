//! Drawing on the board (build item 6): arrows with a right-drag and
//! circles with a right-click, as lichess draws them, kept in the exported
//! PGN as `[%cal]` and `[%csl]`, read back from it (the address, a pasted
//! game), and taken away by drawing them again.

use std::time::Duration;

use fantoccini::actions::{
    Actions, InputSource, KeyAction, KeyActions, MOUSE_BUTTON_RIGHT, MouseActions, PointerAction,
};
use fantoccini::{Client, Locator};
use serde_json::json;

use super::{READY, open, play_line};
use crate::browser::{screenshot, wait_for};

const SHAPES: &str =
    "return Array.from(document.querySelectorAll('#board g.shapes [data-shape]')).map(s => s.dataset.shape);";
const EXPORT: &str = "return document.getElementById('export-pgn').value;";
const TREE_TEXT: &str = "return document.getElementById('tree-moves').textContent;";

/// A right-drag from `from` to `to` (a right-click when they are the
/// same), Shift held when `shift`.
async fn right_drag(client: &Client, from: &str, to: &str, shift: bool) {
    let square = |name: &str| format!("#board .square[data-square=\"{name}\"]");
    let start = client.find(Locator::Css(&square(from))).await.expect("the first square");
    let end = client.find(Locator::Css(&square(to))).await.expect("the last square");
    let tick = Duration::from_millis(20);
    let mouse = MouseActions::new("mouse".to_owned())
        .then(PointerAction::Pause { duration: tick })
        .then(PointerAction::MoveToElement { element: start, duration: None, x: 0.0, y: 0.0 })
        .then(PointerAction::Down { button: MOUSE_BUTTON_RIGHT })
        .then(PointerAction::MoveToElement { element: end, duration: Some(Duration::from_millis(60)), x: 0.0, y: 0.0 })
        .then(PointerAction::Up { button: MOUSE_BUTTON_RIGHT })
        .then(PointerAction::Pause { duration: tick });
    let shift_key = '\u{e008}';
    let keys = if shift {
        KeyActions::new("keyboard".to_owned())
            .then(KeyAction::Down { value: shift_key })
            .then(KeyAction::Pause { duration: tick })
            .then(KeyAction::Pause { duration: tick })
            .then(KeyAction::Pause { duration: tick })
            .then(KeyAction::Pause { duration: tick })
            .then(KeyAction::Up { value: shift_key })
    } else {
        KeyActions::new("keyboard".to_owned()).then(KeyAction::Pause { duration: tick })
    };
    client.perform_actions(Actions::from(mouse).and(keys)).await.expect("the right button drags");
    client.release_actions().await.expect("released");
}

/// Arrows and circles drawn, exported, read back from the address, and
/// taken away again.
pub async fn arrows_and_circles(client: &Client, base: &str) {
    open(client, base, polyfen::polyfen_chess::START_FEN).await;
    play_line(client, &[("e2", "e4", "e4")]).await;
    right_drag(client, "g1", "f3", false).await;
    wait_for(client, "a green arrow", SHAPES, |v| v == &json!(["Gg1f3"])).await;
    right_drag(client, "d5", "d5", true).await;
    wait_for(client, "a red circle", SHAPES, |v| v == &json!(["Rd5", "Gg1f3"])).await;
    wait_for(client, "the shapes exported", EXPORT, |v| {
        v.as_str().is_some_and(|pgn| pgn.contains("1. e4 {[%csl Rd5] [%cal Gg1f3]} *"))
    })
    .await;
    let text = client.execute(TREE_TEXT, vec![]).await.expect("runs");
    assert!(text.as_str().is_some_and(|t| !t.contains("[%")), "the commands are not shown as text: {text}");
    let words = client
        .execute("return document.querySelector('#board g.shapes').getAttribute('aria-label');", vec![])
        .await
        .expect("runs");
    assert_eq!(words, json!("Drawn on the board: red circle on d5, green arrow from g1 to f3"));
    screenshot(client, "page-shapes.png").await;
    // the address holds them: the page opened from it draws them again
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let address = client.current_url().await.expect("the address");
    client.goto(address.as_str()).await.expect("the page loads again");
    wait_for(client, "the shapes from the address", SHAPES, |v| v == &json!(["Rd5", "Gg1f3"])).await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    // the same arrow again takes it away; no move was played by the drags
    right_drag(client, "g1", "f3", false).await;
    wait_for(client, "the arrow gone", SHAPES, |v| v == &json!(["Rd5"])).await;
    wait_for(client, "the export without it", EXPORT, |v| {
        v.as_str().is_some_and(|pgn| pgn.contains("1. e4 {[%csl Rd5]} *"))
    })
    .await;
    // a pasted game's shapes are drawn at their move
    super::paste_game_at_first_move(client, "[Event \"shapes\"]\n\n1. d4 { [%cal Bd7d5,Yc1g5] } d5 *\n", 2).await;
    wait_for(client, "the pasted game's arrows", SHAPES, |v| v == &json!(["Bd7d5", "Yc1g5"])).await;
}
