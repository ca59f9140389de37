//! The editor people can use (defect 9, build item 4): a palette of the
//! game's own piece pictures (Shogi's promoted pieces too), pieces in hand
//! and in the pocket with + and −, castling rights as checkboxes that
//! follow the kings and rooks.

use fantoccini::Client;
use serde_json::json;

use super::{INPUT, READY, click, open, square};
use crate::browser::{query, screenshot, wait_for};

const CASTLING: &str = "return Array.from(document.querySelectorAll('#editor .castling input')).map(b => \
                        [b.dataset.right, b.checked, b.disabled]);";

/// Waits for the editor to have drawn its palette's pictures.
async fn palette(client: &Client, count: u64) {
    wait_for(
        client,
        "the palette's pictures",
        "return document.querySelectorAll('#editor-palette button svg .piece').length;",
        |v| v.as_u64() == Some(count),
    )
    .await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
}

pub async fn pictures_hands_and_castling(client: &Client, base: &str) {
    // chess: the palette drawn, castling as checkboxes following the rooks
    open(client, base, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").await;
    click(client, "#edit").await;
    palette(client, 12).await;
    let label = client
        .execute(
            "return document.querySelector('#editor-palette button[data-piece=\"Q\"]').getAttribute('aria-label');",
            vec![],
        )
        .await
        .expect("runs");
    assert!(label.as_str().is_some_and(|l| l.starts_with("Place ") && l.ends_with("(Q)") && l.len() > 12), "{label}");
    wait_for(client, "the rights", CASTLING, |v| {
        v == &json!([["K", true, false], ["Q", true, false], ["k", true, false], ["q", true, false]])
    })
    .await;
    click(client, "#editor-palette button[data-piece=\"\"]").await;
    square(client, "h1").await;
    wait_for(client, "the right gone with its rook", INPUT, |v| v == "r3k2r/8/8/8/8/8/8/R3K3 w Qkq - 0 1").await;
    wait_for(client, "its box disabled", CASTLING, |v| v[0] == json!(["K", false, true])).await;
    click(client, "#editor-palette button[data-piece=\"R\"]").await;
    square(client, "h1").await;
    wait_for(client, "the right back with its rook", INPUT, |v| v == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    click(client, "#editor-castling-q").await;
    wait_for(client, "a right unchecked", INPUT, |v| v == "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1").await;
    screenshot(client, "page-editor-chess.png").await;

    // Shogi: promoted pieces in the palette, the hands with + and −
    open(client, base, polyfen::polyfen_shogi::START_SFEN).await;
    click(client, "#edit").await;
    palette(client, 28).await;
    click(client, "#editor-palette button[data-piece=\"+P\"]").await;
    square(client, "5e").await;
    wait_for(client, "a tokin placed", INPUT, |v| v.as_str().is_some_and(|t| t.contains("4+P4"))).await;
    wait_for(client, "the hands", "return document.querySelectorAll('#editor .held-side').length;", |v| v == 2).await;
    let held = client
        .execute(
            "return Array.from(document.querySelectorAll('#editor .held-side')[0].querySelectorAll('output')).length;",
            vec![],
        )
        .await
        .expect("runs");
    assert_eq!(held, json!(7), "the seven kinds a hand holds, no king");
    click(client, "#editor button[data-held=\"sente:P:1\"]").await;
    wait_for(client, "a pawn in sente's hand", INPUT, |v| v.as_str().is_some_and(|t| t.ends_with(" b P 1"))).await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    click(client, "#editor button[data-held=\"gote:R:1\"]").await;
    wait_for(client, "a rook in gote's hand", INPUT, |v| v.as_str().is_some_and(|t| t.ends_with(" b Pr 1"))).await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    click(client, "#editor button[data-held=\"sente:P:-1\"]").await;
    wait_for(client, "the pawn taken back", INPUT, |v| v.as_str().is_some_and(|t| t.ends_with(" b r 1"))).await;
    screenshot(client, "page-editor-shogi.png").await;

    // crazyhouse: the pocket
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    client.goto(&format!("{base}/?input={}&rules=crazyhouse", query(start))).await.expect("loads");
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    wait_for(client, "the board", "return document.querySelectorAll('#board .square.movable').length;", |v| {
        v.as_u64().is_some_and(|n| n > 0)
    })
    .await;
    click(client, "#edit").await;
    palette(client, 12).await;
    wait_for(client, "the pocket", "return document.querySelectorAll('#editor .held-side').length;", |v| v == 2).await;
    click(client, "#editor button[data-held=\"white:Q:1\"]").await;
    wait_for(client, "a queen in white's pocket", INPUT, |v| v.as_str().is_some_and(|t| t.contains("[Q]"))).await;
}
