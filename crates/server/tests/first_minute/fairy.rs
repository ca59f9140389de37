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
/// gives it pasted into the page's box of the user's own games (the
/// service knows nothing of it), played by clicks; the page's address then
/// holds the file, and opens the game again in a page of its own.
pub async fn the_books_new_game(client: &Client, base: &str) {
    let chapter = include_str!("../../../../docs/src/new-game.md");
    let ini = chapter.split("```ini\n").nth(1).and_then(|rest| rest.split("```").next()).expect("the chapter's file");
    client.goto(&format!("{base}/")).await.expect("the page loads");
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    // a file with a mistake is refused naming its line
    click(client, "#own-games summary").await;
    let broken = ini.replace("maxRank = 6", "maxRank = six");
    client
        .execute("document.getElementById('variants-input').value = arguments[0];", vec![json!(broken)])
        .await
        .expect("runs");
    click(client, "#variants-load").await;
    let refused =
        wait_for(client, "the file refused", "return document.getElementById('variants-messages').textContent;", |v| {
            v.as_str().is_some_and(|t| !t.is_empty())
        })
        .await;
    assert!(refused.as_str().is_some_and(|t| t.contains("variants:4: [tinyknights] maxRank")), "{refused}");
    // the file as the chapter gives it
    client
        .execute("document.getElementById('variants-input').value = arguments[0];", vec![json!(ini)])
        .await
        .expect("runs");
    click(client, "#variants-load").await;
    wait_for(client, "the game's rules", "return document.getElementById('rules').value;", |v| v == "tinyknights")
        .await;
    wait_for(client, "its board", "return document.querySelectorAll('#board .square').length;", |v| v == 36).await;
    wait_for(client, "the squares", "return document.querySelectorAll('#board .square.movable').length;", |v| {
        v.as_u64().is_some_and(|n| n > 0)
    })
    .await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    client.execute("document.getElementById('own-games').scrollIntoView();", vec![]).await.expect("runs");
    screenshot(client, "page-own-games.png").await;
    play_line(client, &[("c1", "d3", "Ad3"), ("c6", "d4", "Ad4"), ("d3", "c5", "Axc5")]).await;
    screenshot(client, "page-fairy-tinyknights.png").await;
    // its rules key by key, from the file
    let about = wait_for(
        client,
        "the rules key by key",
        "const d = document.getElementById('rules-about'); return d.hidden ? '' : \
         document.getElementById('rules-about-head').textContent;",
        |v| v.as_str().is_some_and(|t| !t.is_empty()),
    )
    .await;
    assert!(about.as_str().is_some_and(|t| t.starts_with("tinyknights is defined as data at variants:")), "{about}");
    // the address holds the file: a new page plays the game from it
    let address = wait_for(client, "the address", "return window.location.search;", |v| {
        v.as_str().is_some_and(|s| s.contains("variants=") && s.contains("pgn="))
    })
    .await;
    client.goto(&format!("{base}/{}", address.as_str().expect("text"))).await.expect("the page loads");
    wait_for(client, "the game again", AT, |v| v == "Axc5").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    let problems = client.execute("return document.getElementById('address-messages').textContent;", vec![]).await;
    assert_eq!(problems.expect("runs"), json!(""));
    play_line(client, &[("d4", "c2", "Axc2")]).await;
}
