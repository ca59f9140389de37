//! The address restores everything in view (build item 7): the position
//! or the game, the move shown, the move notation, the rules and the
//! board's orientation; a bad parameter gets a message on the page and the
//! page still shows a board.

use std::time::Duration;

use fantoccini::Client;
use serde_json::{Value, json};

use super::{AT, READY, click};
use crate::browser::{query, wait_for};

const PIECES: &str = "return document.querySelectorAll('#board svg .piece').length;";
const FLIPPED: &str = "return document.getElementById('board').classList.contains('flipped');";
const PROBLEMS: &str =
    "return Array.from(document.querySelectorAll('#address-messages li')).map(li => li.textContent);";

/// Waits for the page to settle, then reads its address's query.
async fn address(client: &Client) -> String {
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    client.current_url().await.expect("the address").query().unwrap_or_default().to_owned()
}

/// Whether the messages about the address are `expected`, each a part of one.
fn said(problems: &Value, expected: &[&str]) -> bool {
    problems.as_array().is_some_and(|list| {
        list.len() == expected.len()
            && list.iter().zip(expected).all(|(p, e)| p.as_str().is_some_and(|p| p.contains(e)))
    })
}

pub async fn restores_the_view(client: &Client, base: &str) {
    // a game at a move, in a notation, flipped: all restored
    let pgn = "1. e4 e5 2. Nf3 Nc6 *";
    client.goto(&format!("{base}/?pgn={}&ply=3&notation=lan&flip=1", query(pgn))).await.expect("loads");
    wait_for(client, "the move shown", AT, |v| v == "Ng1-f3").await;
    wait_for(client, "the board turned", FLIPPED, |v| v == true).await;
    let kept = address(client).await;
    assert!(kept.contains("ply=3") && kept.contains("notation=lan") && kept.contains("flip=1"), "{kept}");
    assert_eq!(client.execute(PROBLEMS, vec![]).await.expect("runs"), json!([]), "a good address has no message");
    // turned back: the address says so, and a reload keeps it
    click(client, "#flip").await;
    wait_for(client, "the board upright", FLIPPED, |v| v == false).await;
    let upright = address(client).await;
    assert!(!upright.contains("flip"), "{upright}");
    client.goto(&format!("{base}/?{upright}")).await.expect("loads");
    wait_for(client, "the move shown again", AT, |v| v == "Ng1-f3").await;
    assert_eq!(client.execute(FLIPPED, vec![]).await.expect("runs"), json!(false));
    // a position with bad parameters: each said, the board shown as asked
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    client
        .goto(&format!("{base}/?input={}&rules=nonsense&notation=xyz&flip=1&foo=bar", query(fen)))
        .await
        .expect("loads");
    wait_for(client, "the position drawn", PIECES, |v| v == 3).await;
    wait_for(client, "each problem said", PROBLEMS, |v| {
        said(v, &["does not know: foo", "rules \"nonsense\"", "moves in \"xyz\", which chess does not write"])
    })
    .await;
    assert_eq!(client.execute(FLIPPED, vec![]).await.expect("runs"), json!(true));
    // a ply past the game's end, a bad ply, a game that cannot be read
    client.goto(&format!("{base}/?pgn={}&ply=9", query(pgn))).await.expect("loads");
    wait_for(client, "the last move", AT, |v| v == "Nc6").await;
    wait_for(client, "the ply said", PROBLEMS, |v| said(v, &["ply \"9\" is past the moves"])).await;
    client.goto(&format!("{base}/?pgn={}&ply=x.y", query(pgn))).await.expect("loads");
    wait_for(client, "the start", "return document.getElementById('tree-ply').textContent;", |v| v == "Start position")
        .await;
    wait_for(client, "the bad ply said", PROBLEMS, |v| said(v, &["ply \"x.y\" is not a move number"])).await;
    client.goto(&format!("{base}/?pgn={}", query("1. e4 Ke7e9 *"))).await.expect("loads");
    wait_for(client, "the bad game said", PROBLEMS, |v| said(v, &["The game in the address cannot be read"])).await;
    wait_for(client, "a board all the same", PIECES, |v| v.as_u64().is_some_and(|n| n > 0)).await;
}
