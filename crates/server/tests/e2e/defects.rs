//! The defects found trying the page as a new user, each checked, and the
//! hooks other tests rely on.

use super::first_minute::{click, click_until};
use super::{
    CURRENT, Client, GAME_PIECES, Locator, MESSAGES, MOVES, NOTATION, PIECES, PathBuf, json, open_page, press, query,
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
const BIG5_PGN: &[u8] = b"[Event \"\xb4\xfa\xb8\xd5\"]\n[Red \"\xb3\x5c\xbb\xc8\xa4t\"]\n[Black \"\xa7f\xb4\xdc\"]\n\n\
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
    // the page opens on a board: its first position drawn before another is typed
    wait_for(client, "the page ready", "return document.body.dataset.busy;", |v| v == "false").await;
    // chess's start last: the page opens on it, so that its address
    // would not tell that the text typed was read
    for (input, count, named) in [
        (polyfen::polyfen_xiangqi::START_FEN, 90, "h2"),
        (polyfen::polyfen_khet::CLASSIC, 80, "j1"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 64, "e2"),
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
        wait_for(client, "the position box", "return document.getElementById('input').value;", |v| v == input).await;
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
        .execute("return Array.from(document.querySelectorAll('#games-moves .num')).map(n => n.textContent);", vec![])
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
    click_until(client, "#games-moves button[data-ply=\"4\"]", "the move clicked", CURRENT, "Nc6").await;

    // 3: ◀ ▶ buttons, and the arrow keys after a click on the board
    click(client, "#games-first").await;
    wait_for(client, "back to the start", PLY, |v| v.as_str().is_some_and(|p| p.starts_with("Start"))).await;
    click_until(client, "#games-next", "one ply on", CURRENT, "e4").await;
    // 9: the last move is marked on the board
    wait_for(client, "the last move marked", LAST, |v| v == "e2 e4").await;
    click(client, "#games-board .square[data-square=\"a1\"]").await;
    press(client, RIGHT).await;
    wait_for(client, "the arrow key steps", CURRENT, |v| v == "e5").await;
    wait_for(client, "the last move marked", LAST, |v| v == "e5 e7").await;
    click_until(client, "#games-last", "the end", CURRENT, "a6").await;
    click_until(client, "#games-prev", "one back", CURRENT, "Bb5").await;

    // a Shogi KIF record, stepped through: its moves in USI, the game's
    // coordinates, then in KIF; the last move marked on the board
    paste_game(client, SHOGI_KIF).await;
    wait_for(client, "the KIF's moves", MOVES, |v| v == "7g7f 3c3d 8h2b+ 3a2b").await;
    let notation = client.find(Locator::Id("games-notation")).await.expect("the notation list");
    notation.select_by_value("kif").await.expect("kif is offered for Shogi");
    wait_for(client, "the moves in KIF", MOVES, |v| v == "７六歩(77) ３四歩(33) ２二角成(88) 同　銀(31)").await;
    click_until(client, "#games-moves button[data-ply=\"3\"]", "the bishop's capture", CURRENT, "２二角成(88)").await;
    wait_for(client, "the capture marked", LAST, |v| v == "2b 8h").await;
    click_until(client, "#games-last", "the silver's recapture", CURRENT, "同　銀(31)").await;
    wait_for(client, "the recapture marked", LAST, |v| v == "2b 3a").await;

    // a crazyhouse game, stepped through: the pocket drawn, drops played
    paste_game(client, "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *\n").await;
    wait_for(client, "the crazyhouse moves", MOVES, |v| v == "e4 d5 exd5 Qxd5 Nc3 Qa5 P@d5").await;
    click_until(client, "#games-moves button[data-ply=\"4\"]", "the queen's capture", CURRENT, "Qxd5").await;
    wait_for(
        client,
        "a pawn in each pocket",
        "return Array.from(document.querySelectorAll('#games-board .pocket-piece')).map(e => e.dataset.piece).sort().join(' ');",
        |v| v == "P p",
    )
    .await;
    click_until(client, "#games-last", "the drop", CURRENT, "P@d5").await;
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
        .execute("return Array.from(document.querySelectorAll('#games-notation option')).map(o => o.value);", vec![])
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

    click_until(client, "#games-next", "the last move marked", LAST, "e2 e4").await;
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
    open_page(client, base).await;

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

    // 9: a PGN in the position box is read as a game, and says so
    set_input(client, "1. e4 e5 *").await;
    let hint = "return Array.from(document.querySelectorAll('#messages li.hint')).map(li => li.textContent);";
    wait_for(client, "the note", hint, |v| {
        v.as_array().is_some_and(|a| a.len() == 1 && a[0].as_str().is_some_and(|t| t.starts_with("Read as a game")))
    })
    .await;
    wait_for(client, "the game read", MOVES, |v| v == "e4 e5").await;

    // 9: the laser of either side
    set_input(client, polyfen::polyfen_khet::CLASSIC).await;
    wait_for(client, "pkn detected", NOTATION, |v| v == "pkn").await;
    let color = client.find(Locator::Id("laser-color")).await.expect("the laser's side");
    color.select_by_value("red").await.expect("red is offered");
    click(client, "#laser").await;
    let summary = "return document.getElementById('laser-result').textContent;";
    wait_for(client, "red's laser", summary, |v| v.as_str().is_some_and(|s| s.starts_with("red laser from a8"))).await;

    // 9: an icon, so no request for /favicon.ico
    let icon = client.execute("const l = document.querySelector('link[rel=icon]'); return l ? l.href : '';", vec![]);
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
    let messages = wait_for(client, "the validation", MESSAGES, |v| v.as_array().is_some_and(|a| !a.is_empty())).await;
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
