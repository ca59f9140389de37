//! Comments and NAGs edited on the board's moves (build item 5): a NAG
//! picked from buttons (one per group), a comment typed, both shown in the
//! moves and written into the export, the clock a comment held kept.

use fantoccini::{Client, Locator};
use serde_json::json;

use super::{click, open, play_line};
use crate::browser::wait_for;

const EXPORT: &str = "return document.getElementById('export-pgn').value;";
const NAGS_SHOWN: &str = "return Array.from(document.querySelectorAll('#tree-moves .nag')).map(s => s.textContent);";
const COMMENT: &str = "return document.getElementById('comment-text').value;";
const PRESSED: &str =
    "return Array.from(document.querySelectorAll('#nags button[aria-pressed=\"true\"]')).map(b => b.textContent);";

/// Waits until the export holds `text`.
async fn exported(client: &Client, what: &str, text: &str) {
    wait_for(client, what, EXPORT, |v| v.as_str().is_some_and(|pgn| pgn.contains(text))).await;
}

pub async fn comments_and_nags(client: &Client, base: &str) {
    open(client, base, polyfen::polyfen_chess::START_FEN).await;
    play_line(client, &[("e2", "e4", "e4"), ("e7", "e5", "e5")]).await;
    click(client, "#nags button[data-nag=\"5\"]").await;
    wait_for(client, "the NAG shown", NAGS_SHOWN, |v| v == &json!(["!?"])).await;
    // one of a group replaces the other; the position's group is apart
    click(client, "#nags button[data-nag=\"1\"]").await;
    click(client, "#nags button[data-nag=\"14\"]").await;
    wait_for(client, "the NAGs shown", NAGS_SHOWN, |v| v == &json!(["!", "+="])).await;
    let comment = client.find(Locator::Id("comment-text")).await.expect("the comment box");
    comment.send_keys("the open game").await.expect("typed");
    exported(client, "the annotations exported", "e5 $1 $14 {the open game}").await;
    wait_for(
        client,
        "the comment in the moves",
        "return document.querySelector('#tree-moves .comment').textContent;",
        |v| v == "{the open game}",
    )
    .await;
    crate::browser::screenshot(client, "page-annotation.png").await;
    // away and back: the box and the buttons show the move's own
    click(client, "#tree-prev").await;
    wait_for(client, "e4's empty comment", COMMENT, |v| v == "").await;
    assert_eq!(client.execute(PRESSED, vec![]).await.expect("runs"), json!([]));
    click(client, "#tree-next").await;
    wait_for(client, "e5's comment", COMMENT, |v| v == "the open game").await;
    wait_for(client, "e5's NAGs", PRESSED, |v| v == &json!(["!", "+="])).await;
    // pressed again, a NAG goes
    click(client, "#nags button[data-nag=\"1\"]").await;
    exported(client, "the NAG taken away", "e5 $14 {the open game}").await;
    // a comment's clock stays when its words are edited
    super::paste_game_at_first_move(client, "[Event \"clocks\"]\n\n1. d4 { [%clk 0:03:00] solid } *\n", 1).await;
    wait_for(client, "the words alone", COMMENT, |v| v == "solid").await;
    let comment = client.find(Locator::Id("comment-text")).await.expect("the comment box");
    comment.clear().await.expect("cleared");
    comment.send_keys("a queen's pawn").await.expect("typed");
    exported(client, "the clock kept", "1. d4 {[%clk 0:03:00] a queen's pawn}").await;
}
