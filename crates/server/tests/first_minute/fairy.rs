//! The games defined as data played on the page by clicks: Makruk, Janggi,
//! Grand chess on its 10×10 board and Minishogi with a drop from the
//! pocket, each on its own board (the squares the drawing names).

use fantoccini::Client;
use serde_json::json;

use super::{AT, READY, click, play_line};
use crate::browser::{query, screenshot, wait_for};

const DETECTED: &str = "return document.getElementById('detected').textContent;";

/// Opens the page on the named setup of `rules`, read under those rules.
async fn open_rules(client: &Client, base: &str, rules: &str) {
    let input = format!("{rules}:standard");
    client.goto(&format!("{base}/?input={}&rules={rules}", query(&input))).await.expect("the page loads");
    wait_for(client, "the squares", "return document.querySelectorAll('#board .square.movable').length;", |v| {
        v.as_u64().is_some_and(|n| n > 0)
    })
    .await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
}

pub async fn data_games_by_clicks(client: &Client, base: &str) {
    for (rules, squares, line) in [
        ("makruk", 64, &[("e3", "e4", "e4"), ("d6", "d5", "d5"), ("e4", "d5", "exd5")][..]),
        ("janggi", 90, &[("b1", "c3", "Hc3"), ("b10", "c8", "Hc8")][..]),
        ("grand", 100, &[("e3", "e5", "e5"), ("e8", "e6", "e6")][..]),
    ] {
        open_rules(client, base, rules).await;
        let drawn = client.execute("return document.querySelectorAll('#board .square').length;", vec![]).await;
        assert_eq!(drawn.expect("runs"), json!(squares), "{rules}: its own board's squares");
        play_line(client, line).await;
        let detected = client.execute(DETECTED, vec![]).await.expect("runs");
        assert!(detected.as_str().is_some_and(|d| d.ends_with("(fairy)")), "{rules}: {detected}");
        assert_eq!(
            client.execute("return document.getElementById('rules').value;", vec![]).await.expect("runs"),
            json!(rules)
        );
        screenshot(client, &format!("page-fairy-{rules}.png")).await;
        // its rules, key by key, in the part-by-part view
        let about = wait_for(
            client,
            "the rules key by key",
            "const d = document.getElementById('rules-about'); return d.hidden ? [] : \
             Array.from(d.querySelectorAll('#rules-about-keys tr')).map(r => r.firstChild.textContent);",
            |v| v.as_array().is_some_and(|a| !a.is_empty()),
        )
        .await;
        assert!(about.as_array().is_some_and(|keys| keys.contains(&json!("startFen"))), "{rules}: {about}");
    }
    // a game's own rules have no definition as data to show
    super::open(client, base, polyfen::polyfen_chess::START_FEN).await;
    wait_for(client, "no rules shown", "return document.getElementById('rules-about').hidden;", |v| v == true).await;
    // Minishogi: a capture puts a pawn in the pocket, dropped from there
    open_rules(client, base, "minishogi").await;
    play_line(
        client,
        &[
            ("a2", "a3", "P-53"),
            ("e4", "e3", "P-13"),
            ("a3", "a4", "P-52"),
            ("e3", "e2", "P-14"),
            ("d1", "e2", "Bx14"),
            ("a5", "a4", "Rx52"),
        ],
    )
    .await;
    wait_for(
        client,
        "the pawn to drop",
        "return document.querySelectorAll('#board [data-drop].movable').length;",
        |v| v == 1,
    )
    .await;
    click(client, "#board [data-drop=\"P@\"]").await;
    super::square(client, "a3").await;
    wait_for(client, "the drop played", AT, |v| v == "P*53").await;
    screenshot(client, "page-fairy-minishogi.png").await;
}

/// The book's new game (docs/src/new-game.md), its file as the chapter
/// gives it, played on the page by clicks.
pub async fn the_books_new_game(client: &Client, base: &str) {
    let chapter = include_str!("../../../../docs/src/new-game.md");
    let ini = chapter.split("```ini\n").nth(1).and_then(|rest| rest.split("```").next()).expect("the chapter's file");
    // the file's game, added as `--variants tiny.ini` adds it
    let _ = polyfen::define_rules("tiny.ini", ini);
    open_rules(client, base, "tinyknights").await;
    play_line(client, &[("c1", "d3", "Ad3"), ("c6", "d4", "Ad4"), ("d3", "c5", "Axc5")]).await;
    screenshot(client, "page-fairy-tinyknights.png").await;
}
