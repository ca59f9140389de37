//! The defects a user of the analysis board meets in the first minute,
//! one test each: a flipped Shogi board, Shogi's move numbers, the
//! position box keeping the tree, the landing page's board, the rules
//! variants' setups, a pasted game on the main board, the game's state.

use fantoccini::{Client, Locator};
use serde_json::{Value, json};

use crate::browser::{query, wait_for};

pub mod address;
pub mod annotation;
pub mod drawing;
pub mod editor;
pub mod fairy;
pub mod game_state;

pub const INPUT: &str = "return document.getElementById('input').value;";
pub const READY: &str = "return document.body.dataset.busy;";
pub const TREE_TEXT: &str = "return document.getElementById('tree-moves').textContent;";
pub const AT: &str =
    "const b = document.querySelector('#tree-moves button[aria-current]'); return b ? b.textContent : '';";

/// Clicks the element `css`. The page redraws its board after each
/// answer, so an element found may be replaced before the click: then it
/// is found again, up to five times, 50 ms apart.
pub async fn click(client: &Client, css: &str) {
    for attempt in 0..5 {
        let element = client.find(Locator::Css(css)).await.expect(css);
        match element.click().await {
            Ok(()) => return,
            Err(fantoccini::error::CmdError::Standard(e))
                if e.error == fantoccini::error::ErrorStatus::StaleElementReference && attempt < 4 =>
            {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            Err(e) => panic!("{css}: not clicked: {e}"),
        }
    }
}

/// Clicks the element `css`, then waits until `script` answers `expected`
/// (`what` names the wait).
pub async fn click_until(client: &Client, css: &str, what: &str, script: &str, expected: &str) {
    click(client, css).await;
    wait_for(client, what, script, |v| v == expected).await;
}

pub async fn square(client: &Client, name: &str) {
    click(client, &format!("#board .square[data-square=\"{name}\"]")).await;
}

/// Opens the page on `input`, ready for moves.
pub async fn open(client: &Client, base: &str, input: &str) {
    client.goto(&format!("{base}/?input={}", query(input))).await.expect("the page loads");
    wait_for(client, "the position", INPUT, |v| v == input).await;
    wait_for(client, "the squares", "return document.querySelectorAll('#board .square.movable').length;", |v| {
        v.as_u64().is_some_and(|n| n > 0)
    })
    .await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
}

/// Types `pgn` into the game record box, waits for its `moves` moves on
/// the main board, and goes to its first move.
pub async fn paste_game_at_first_move(client: &Client, pgn: &str, moves: u64) {
    let games = client.find(Locator::Id("games-input")).await.expect("the game box");
    games.send_keys(pgn).await.expect("typed");
    wait_for(client, "the pasted game", "return document.querySelectorAll('#tree-moves button.move').length;", |v| {
        v.as_u64() == Some(moves)
    })
    .await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    click(client, "#tree-moves button.move").await;
}

/// Plays `from`-`to` by two clicks and waits for `shown` to be the
/// current move.
pub async fn play(client: &Client, from: &str, to: &str, shown: &str) {
    square(client, from).await;
    square(client, to).await;
    wait_for(client, "the move played", AT, |v| v == shown).await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
}

/// Plays each move of `line` ([`play`]: from, to, shown), in order.
pub async fn play_line(client: &Client, line: &[(&str, &str, &str)]) {
    for &(from, to, shown) in line {
        play(client, from, to, shown).await;
    }
}

/// A flipped Shogi board keeps every piece on its square: the turn of the
/// board must not replace the translate that places a piece.
pub async fn flipped_shogi(client: &Client, base: &str) {
    open(client, base, polyfen::polyfen_shogi::START_SFEN).await;
    click(client, "#flip").await;
    wait_for(client, "flipped", "return document.getElementById('board').classList.contains('flipped');", |v| {
        v == true
    })
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    let placed = client
        .execute(
            "const out = []; for (const p of document.querySelectorAll('#board svg .piece')) { \
               const r = p.getBoundingClientRect(); \
               const s = document.querySelector(`#board .square[data-square=\"${p.dataset.square}\"]`).getBoundingClientRect(); \
               const x = r.left + r.width / 2, y = r.top + r.height / 2; \
               out.push([p.dataset.square, x > s.left && x < s.right && y > s.top && y < s.bottom]); } \
             return out;",
            vec![],
        )
        .await
        .expect("runs");
    let placed = placed.as_array().expect("pieces");
    assert_eq!(placed.len(), 40, "every piece drawn");
    let off: Vec<&Value> = placed.iter().filter(|p| p[1] != json!(true)).collect();
    assert!(off.is_empty(), "pieces off their squares on a flipped board: {off:?}");
    // the top right corner is 9i's, sente's lance, when flipped
    let corner = crate::browser::square_side(client, "9i").await;
    assert_eq!(corner, json!([true, true]));
    crate::browser::screenshot(client, "page-shogi-flipped.png").await;
}

const SHOGI_KIF: &str = concat!(
    "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n",
    "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 投了\n",
);

/// Shogi's moves numbered from sente's first, `1.`, in the board's tree
/// and in the record viewer (the numbering games/convert answers).
pub async fn shogi_numbers(client: &Client, base: &str) {
    open(client, base, polyfen::polyfen_shogi::START_SFEN).await;
    play_line(client, &[("7g", "7f", "7g7f"), ("3c", "3d", "3c3d")]).await;
    let text = wait_for(client, "the tree", TREE_TEXT, |v| v.as_str().is_some_and(|t| t.contains("3c3d"))).await;
    let text = text.as_str().unwrap_or_default().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.starts_with("1. 7g7f 3c3d"), "the tree numbers sente's first move 1.: {text}");
    assert!(!text.contains('…'), "{text}");
    let box_ = client.find(Locator::Id("games-input")).await.expect("the game box");
    box_.send_keys(SHOGI_KIF).await.expect("typed");
    let moves = "return document.getElementById('games-moves').textContent;";
    let text = wait_for(client, "the record's moves", moves, |v| v.as_str().is_some_and(|t| t.contains("3a2b"))).await;
    let text = text.as_str().unwrap_or_default().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.starts_with("1. 7g7f 3c3d 2. 8h2b+ 3a2b"), "the record numbers from 1.: {text}");
    click(client, "#games-next").await;
    wait_for(client, "the record's ply", "return document.getElementById('games-ply').textContent;", |v| {
        v.as_str().is_some_and(|t| t.contains("1. 7g7f"))
    })
    .await;
}

const MOVES_SHOWN: &str =
    "return Array.from(document.querySelectorAll('#tree-moves button.move')).map(b => b.textContent).join(' ');";
const UNDO_SHOWN: &str = "return !document.getElementById('tree-undo').hidden;";

/// An edit of the position box that leaves the position as it was keeps
/// the moves; one that changes it starts a new line, and the moves it
/// replaced come back with the Undo button and with Ctrl+Z.
pub async fn edit_keeps_tree(client: &Client, base: &str) {
    use fantoccini::actions::{InputSource, KeyAction, KeyActions};
    let chess = polyfen::polyfen_chess::START_FEN;
    open(client, base, chess).await;
    play_line(client, &[("e2", "e4", "e4"), ("e7", "e5", "e5"), ("g1", "f3", "Nf3")]).await;
    let after = client.execute(INPUT, vec![]).await.expect("runs");
    // one space typed at the end of the box: the same position, the same moves
    let input = client.find(Locator::Id("input")).await.expect("the position box");
    input.send_keys(" ").await.expect("typed");
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    assert_eq!(client.execute(MOVES_SHOWN, vec![]).await.expect("runs"), json!("e4 e5 Nf3"), "the moves kept");
    assert_eq!(client.execute(AT, vec![]).await.expect("runs"), json!("Nf3"));
    assert_eq!(client.execute(UNDO_SHOWN, vec![]).await.expect("runs"), json!(false), "nothing to undo");
    // another position: a new line, and the old one offered back
    crate::browser::set_input(client, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").await;
    wait_for(client, "the undo offered", UNDO_SHOWN, |v| v == true).await;
    wait_for(client, "a new line", MOVES_SHOWN, |v| v == "").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    click_until(client, "#tree-undo", "the moves back", MOVES_SHOWN, "e4 e5 Nf3").await;
    wait_for(client, "at the move shown", AT, |v| v == "Nf3").await;
    wait_for(client, "the position back", INPUT, |v| v == &after).await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    // again, undone with Ctrl+Z away from the box
    crate::browser::set_input(client, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").await;
    wait_for(client, "the undo offered", UNDO_SHOWN, |v| v == true).await;
    wait_for(client, "a new line", MOVES_SHOWN, |v| v == "").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    click(client, "header h1").await;
    let keys = KeyActions::new("keyboard".to_owned())
        .then(KeyAction::Down { value: '\u{e009}' })
        .then(KeyAction::Down { value: 'z' })
        .then(KeyAction::Up { value: 'z' })
        .then(KeyAction::Up { value: '\u{e009}' });
    client.perform_actions(keys).await.expect("Ctrl+Z");
    wait_for(client, "the moves back by Ctrl+Z", MOVES_SHOWN, |v| v == "e4 e5 Nf3").await;
    wait_for(client, "the position back", INPUT, |v| v == &after).await;
}

const PIECES: &str = "return document.querySelectorAll('#board svg .piece').length;";
const MESSAGES: &str =
    "return Array.from(document.querySelectorAll('#messages li')).map(li => li.className + ': ' + li.textContent);";

/// The page opens with a board: chess's start the first time, the game
/// used last after that.
pub async fn landing_board(client: &Client, base: &str) {
    client.goto(base).await.expect("the page loads");
    client.execute("window.localStorage.clear();", vec![]).await.expect("runs");
    client.goto(base).await.expect("the page loads");
    wait_for(client, "chess's start", INPUT, |v| v == polyfen::polyfen_chess::START_FEN).await;
    wait_for(client, "the board", PIECES, |v| v.as_u64() == Some(32)).await;
    wait_for(client, "the squares", "return document.querySelectorAll('#board .square.movable').length;", |v| {
        v.as_u64() == Some(10)
    })
    .await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    play(client, "e2", "e4", "e4").await;
    // Shogi used: the next visit opens on Shogi's start
    crate::browser::set_input(client, polyfen::polyfen_shogi::START_SFEN).await;
    wait_for(client, "the shogi board", PIECES, |v| v.as_u64() == Some(40)).await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    client.goto(base).await.expect("the page loads");
    wait_for(client, "shogi's start", INPUT, |v| v == polyfen::polyfen_shogi::START_SFEN).await;
    wait_for(client, "the shogi board", PIECES, |v| v.as_u64() == Some(40)).await;
    client.execute("window.localStorage.clear();", vec![]).await.expect("runs");
}

/// Each rules variant's setups are offered, and the one chosen is read
/// under its rules and played: horde, racing kings, antichess among them.
pub async fn rules_setups(client: &Client, base: &str) {
    client.goto(base).await.expect("the page loads");
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    let offered = client
        .execute(
            "return fetch('/v1/games').then(r => r.json()).then(k => { \
               const want = k.games.flatMap(g => (g.rules || []).flatMap(r => r.setups.map(s => `${r.id}:${s}`))); \
               const have = Array.from(document.querySelectorAll('#setup option')).map(o => o.value); \
               return [want.length, want.filter(w => !have.includes(w))]; });",
            vec![],
        )
        .await
        .expect("runs");
    assert!(offered[0].as_u64().is_some_and(|n| n >= 3), "rules setups listed: {offered}");
    assert_eq!(offered[1], json!([]), "every rules variant's setup is offered");
    for (rules, movable) in [("horde", 8), ("racing-kings", 4), ("antichess", 10), ("atomic", 10)] {
        let setup = client.find(Locator::Id("setup")).await.expect("the setup list");
        setup.select_by_value(&format!("{rules}:standard")).await.expect("the setup is offered");
        wait_for(client, "the rules named", "return document.getElementById('rules').value;", |v| v == rules).await;
        wait_for(client, "the position read", MESSAGES, |v| v == &json!(["valid: A legal position."])).await;
        wait_for(
            client,
            "its movable pieces",
            "return document.querySelectorAll('#board .square.movable').length;",
            |v| v.as_u64().is_some_and(|n| n >= movable),
        )
        .await;
        wait_for(client, "the page ready", READY, |v| v == "false").await;
        let input = client.execute(INPUT, vec![]).await.expect("runs");
        assert!(input.as_str().is_some_and(|t| t.contains('/')), "the setup written out: {input}");
    }
    // a game's own setup again reads under the game's own rules
    let setup = client.find(Locator::Id("setup")).await.expect("the setup list");
    setup.select_by_value(polyfen::polyfen_chess::START_FEN).await.expect("chess's start");
    wait_for(client, "the game's own rules", "return document.getElementById('rules').value;", |v| v == "").await;
    wait_for(client, "the position read", MESSAGES, |v| v == &json!(["valid: A legal position."])).await;
}

/// A game record pasted in the position box (a KIF here) or in the game
/// record box (a PGN) opens on the main board with its moves as the tree.
pub async fn pasted_game_on_board(client: &Client, base: &str) {
    open(client, base, polyfen::polyfen_chess::START_FEN).await;
    crate::browser::set_input(client, SHOGI_KIF).await;
    wait_for(client, "the KIF's moves on the board", MOVES_SHOWN, |v| v == "7g7f 3c3d 8h2b+ 3a2b").await;
    wait_for(client, "the shogi board", PIECES, |v| v.as_u64() == Some(40)).await;
    wait_for(client, "its start in the box", INPUT, |v| v == polyfen::polyfen_shogi::START_SFEN).await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    let messages = wait_for(client, "the box says so", MESSAGES, |v| {
        v.as_array().is_some_and(|a| a.iter().any(|m| m.as_str().is_some_and(|m| m.contains("Read as a game record"))))
    })
    .await;
    assert!(!messages.to_string().contains("error"), "no position error: {messages}");
    let record = client.execute("return document.getElementById('games-input').value;", vec![]).await.expect("runs");
    assert!(record.as_str().is_some_and(|r| r.contains("７六歩")), "the record in the game box: {record}");
    // the record list names the players by the game's own tags (Sente, Gote)
    let picked = "const s = document.getElementById('games-pick'); \
                  return s.selectedIndex < 0 ? '' : s.options[s.selectedIndex].textContent;";
    wait_for(client, "the players named", picked, |v| v == "1: A – B").await;
    // a move on: the game's next move, on the main board
    click_until(client, "#tree-next", "the first move", AT, "7g7f").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;

    // a PGN in the game record box: on the main board too
    let box_ = client.find(Locator::Id("games-input")).await.expect("the game box");
    box_.clear().await.expect("cleared");
    box_.send_keys("[Event \"e2e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n").await.expect("typed");
    wait_for(client, "the PGN's moves on the board", MOVES_SHOWN, |v| v == "e4 e5 Nf3 Nc6 Bb5 a6").await;
    wait_for(client, "chess's start", INPUT, |v| v == polyfen::polyfen_chess::START_FEN).await;
    wait_for(client, "the chess board", PIECES, |v| v.as_u64() == Some(32)).await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
}

/// A record's `[%clk]` and `[%eval]` commands shown as a clock and an
/// evaluation, in the record viewer and the board's tree, not as text.
pub async fn clocks_and_evals(client: &Client, base: &str) {
    open(client, base, polyfen::polyfen_chess::START_FEN).await;
    let box_ = client.find(Locator::Id("games-input")).await.expect("the game box");
    box_.send_keys(
        "[Event \"e2e\"]\n\n1. e4 { [%eval 0.3] [%clk 0:03:00] } e5 { good [%eval #-2] [%clk 0:02:58] } *\n",
    )
    .await
    .expect("typed");
    wait_for(client, "the moves on the board", MOVES_SHOWN, |v| v == "e4 e5").await;
    wait_for(client, "the page ready", READY, |v| v == "false").await;
    for id in ["tree-moves", "games-moves"] {
        let shown = client
            .execute(
                &format!(
                    "const b = document.getElementById('{id}'); return [b.textContent.includes('[%'), \
                     Array.from(b.querySelectorAll('.clock')).map(s => s.textContent), \
                     Array.from(b.querySelectorAll('.eval')).map(s => s.getAttribute('aria-label')), \
                     Array.from(b.querySelectorAll('.comment')).map(s => s.textContent)];"
                ),
                vec![],
            )
            .await
            .expect("runs");
        assert_eq!(
            shown,
            json!([
                false,
                ["⏱ 0:03:00", "⏱ 0:02:58"],
                ["evaluation: plus 0.30", "evaluation: mate in 2 for the second player"],
                ["{good}"]
            ]),
            "{id}"
        );
    }
}

/// The board as large as the window allows, the moves beside it on a
/// desktop and under it on a phone, board, moves and step buttons on the
/// first screen, at 1366 by 768 and 390 by 844.
pub async fn lichess_layout(client: &Client, base: &str) {
    client.goto(base).await.expect("the page loads");
    let games = client
        .execute("return fetch('/v1/games').then(r => r.json()).then(k => k.games.map(g => [g.id, g.start]));", vec![])
        .await
        .expect("runs");
    let games: Vec<(String, String)> = serde_json::from_value(games).expect("the games");
    for (width, height, beside, shot) in
        [(1366, 768, true, "page-layout-desktop.png"), (390, 844, false, "page-layout-phone.png")]
    {
        client.set_window_size(width, height).await.expect("the window's size");
        open(client, base, polyfen::polyfen_chess::START_FEN).await;
        play_line(client, &[("e2", "e4", "e4"), ("e7", "e5", "e5"), ("g1", "f3", "Nf3")]).await;
        first_screen(client, width, height, beside).await;
        crate::browser::screenshot(client, shot).await;
        // every game: its start, a first move, the board and the moves on
        // the first screen
        for (id, start) in &games {
            open(client, base, start).await;
            click(client, "#board .square.movable").await;
            click(client, "#board .square.target").await;
            wait_for(client, &format!("{id}'s first move"), AT, |v| v.as_str().is_some_and(|m| !m.is_empty())).await;
            wait_for(client, "the page ready", READY, |v| v == "false").await;
            // the position after it is read as the game's, not another's
            // that writes its positions alike (Fairy-Stockfish's chess)
            let detected = client.execute("return document.getElementById('detected').textContent;", vec![]).await;
            let detected = detected.expect("runs");
            assert!(detected.as_str().is_some_and(|d| d.ends_with(&format!("({id})"))), "{id}: {detected}");
            first_screen(client, width, height, beside).await;
            crate::browser::screenshot(client, &format!("page-layout-{id}-{width}.png")).await;
        }
    }
    client.set_window_size(1200, 900).await.expect("the window's size");
}

/// The board, the first move and the step buttons on the first screen of
/// a `width` by `height` window, the moves `beside` the board or under it,
/// the board as large as the window allows.
async fn first_screen(client: &Client, width: u32, height: u32, beside: bool) {
    {
        client.execute("window.scrollTo(0, 0);", vec![]).await.expect("runs");
        let boxes = client
            .execute(
                "const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }; \
                 return { view: [document.documentElement.clientWidth, window.innerHeight], \
                   board: r(document.querySelector('#board svg')), \
                   first: r(document.querySelector('#tree-moves button.move')), \
                   steps: Array.from(document.querySelectorAll('#tree-steps button')).map(r) };",
                vec![],
            )
            .await
            .expect("runs");
        let get = |v: &Value| -> Vec<f64> { v.as_array().expect("a box").iter().filter_map(Value::as_f64).collect() };
        let view = get(&boxes["view"]);
        let inside = |b: &[f64]| b[0] >= -1.0 && b[1] >= -1.0 && b[2] <= view[0] + 1.0 && b[3] <= view[1] + 1.0;
        let board = get(&boxes["board"]);
        let first = get(&boxes["first"]);
        assert!(inside(&board), "{width}x{height}: the board on the first screen: {boxes}");
        assert!(inside(&first), "{width}x{height}: the moves on the first screen: {boxes}");
        for step in boxes["steps"].as_array().expect("the steps") {
            assert!(inside(&get(step)), "{width}x{height}: a step button on the first screen: {boxes}");
        }
        // as large as the window allows: the width or the height nearly used
        let (w, h) = (board[2] - board[0], board[3] - board[1]);
        if beside {
            assert!(first[0] >= board[2], "the moves beside the board: {boxes}");
            assert!(h >= view[1] * 0.7, "the board uses the height: {boxes}");
        } else {
            assert!(first[1] >= board[3], "the moves under the board: {boxes}");
            assert!(w >= view[0] - 40.0, "the board uses the width: {boxes}");
        }
    }
}

const CHOICE: &str = "return Array.from(document.querySelectorAll('#move-choice button')).map(b => \
                      [b.dataset.move, b.querySelectorAll('svg .piece').length, b.getAttribute('aria-label')]);";

/// A promotion's pieces (chess's, Shogi's promotion or not) offered as the
/// pictures of the pieces the board draws, with words for a screen reader.
pub async fn promotion_pictures(client: &Client, base: &str) {
    for (input, from, to, moves) in [
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7", "a8", &["a7a8q", "a7a8r", "a7a8b", "a7a8n"][..]),
        ("4k4/9/9/P8/9/9/9/9/4K4 b - 1", "9d", "9c", &["9d9c", "9d9c+"][..]),
    ] {
        open(client, base, input).await;
        square(client, from).await;
        square(client, to).await;
        let offered = wait_for(client, "the pictures", CHOICE, |v| {
            v.as_array().is_some_and(|a| a.len() == moves.len() && a.iter().all(|b| b[1] == json!(1)))
        })
        .await;
        for (button, mv) in offered.as_array().expect("buttons").iter().zip(moves) {
            assert_eq!(button[0], json!(mv));
            let label = button[2].as_str().unwrap_or_default();
            assert!(label.starts_with(&format!("Play {mv}: ")) && label.ends_with(&format!(" on {to}")), "{label}");
        }
        // laid over the board, under the target square
        let over = client
            .execute(
                &format!(
                    "const c = document.getElementById('move-choice').getBoundingClientRect(); \
                     const s = document.querySelector('#board .square[data-square=\"{to}\"]').getBoundingClientRect(); \
                     const b = document.querySelector('#board svg').getBoundingClientRect(); \
                     return [Math.abs(c.top - s.bottom) < 2, c.left >= b.left - 1 && c.left <= s.left + 1, \
                             c.bottom <= window.innerHeight];"
                ),
                vec![],
            )
            .await
            .expect("runs");
        assert_eq!(over, json!([true, true, true]), "the choice under {to}");
        crate::browser::screenshot(client, &format!("page-choice-{from}.png")).await;
    }
}

/// A Khet piece's turns offered as arrows of their way round, with the
/// move's explanation as their words.
pub async fn rotation_arrows(client: &Client, base: &str) {
    open(client, base, polyfen::polyfen_khet::CLASSIC).await;
    square(client, "c1").await;
    let offered = wait_for(
        client,
        "the turns offered as arrows",
        "return Array.from(document.querySelectorAll('#move-choice button')).map(b => \
         [b.dataset.move, (b.querySelector('.turn') || {}).textContent || '', b.getAttribute('aria-label')]);",
        |v| v.as_array().is_some_and(|a| a.len() == 2 && a.iter().all(|b| b[1] != json!(""))),
    )
    .await;
    assert_eq!(
        offered,
        json!([
            ["c1+", "↻", "Play c1+: The piece on c1 turns a quarter clockwise"],
            ["c1-", "↺", "Play c1-: The piece on c1 turns a quarter anticlockwise"],
        ])
    );
    crate::browser::screenshot(client, "page-choice-khet.png").await;
    click_until(client, "#move-choice button[data-move=\"c1+\"]", "the turn played", AT, "c1+").await;
}
