//! `DhtmlXQ` pages through Xiangqi's own `RecordFormats`: random games with
//! comments and variations written and read back to the same lines and
//! comments, a page in GB18030, and text of `DhtmlXQ`'s tags that never
//! makes the reader panic.

use polyfen_game::records::{Node, RecordFormats, Variation};
use polyfen_xiangqi::{Position, XiangqiMoveNotation, XiangqiRecord};
use proptest::prelude::*;

mod common;

use common::{Game, lines, record, start, ucci_lines};

/// A random game: a playout from the start with comments, NAGs and
/// variations (no null moves: `DhtmlXQ`, as ICCS and the Chinese notation,
/// has none).
fn random_game(seed: u64) -> Game {
    let mut rng = polyfen_test_support::Rng::new(seed);
    let mut next = move |n: usize| rng.below(n);
    let start = start();
    let pos = start.rules().expect("the start plays");
    let mut game = record(&[("Event", &format!("random {seed}"))], start);
    game.moves = random_line(pos, 0, &mut next);
    game.result = Some("*".to_owned());
    game
}

/// A random line from `pos`, with variations down to depth 2.
fn random_line(mut pos: Position, depth: usize, next: &mut dyn FnMut(usize) -> usize) -> Vec<Node> {
    let mut nodes = Vec::new();
    for _ in 0..=next(12 / (depth + 1)) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let before = pos;
        let mv = moves[next(moves.len())];
        let mut node = Node::new(pos.format_move(mv, XiangqiMoveNotation::Ucci));
        pos.play(mv);
        if next(4) == 0 {
            node.nags.push(next(140) as u8);
        }
        if next(4) == 0 {
            node.comments.push(format!(" [%clk 0:0{}:00] note {} ", next(10), next(100)));
        }
        if depth < 2 && next(5) == 0 {
            let moves = random_line(before, depth + 1, next);
            let comments = if next(2) == 0 { vec!["alt".to_owned()] } else { Vec::new() };
            node.variations.push(Variation { comments, moves });
        }
        nodes.push(node);
    }
    nodes
}

/// What a game says: every comment of its moves and variations, line by
/// line and trimmed, sorted.
fn said(game: &Game) -> Vec<String> {
    fn walk(nodes: &[Node], out: &mut Vec<String>) {
        for node in nodes {
            out.extend(node.comments.iter().flat_map(|c| c.lines().map(|l| l.trim().to_owned())));
            for v in &node.variations {
                out.extend(v.comments.iter().map(|c| c.trim().to_owned()));
                walk(&v.moves, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(&game.moves, &mut out);
    out.retain(|c| !c.is_empty());
    out.sort();
    out
}

/// Every line of a game in ICCS, sorted.
fn sorted_lines(game: &Game) -> Vec<Vec<String>> {
    let mut all = lines(game, XiangqiMoveNotation::Iccs).expect("lines");
    all.sort();
    all
}

#[test]
fn a_page_in_gb18030_reads_as_the_same_page_in_utf8() {
    let mut game = record(&[("Game", "Chinese Chess"), ("Event", "测试")], start());
    game.moves = common::line(&game.start, &["H2-E2", "H9-G7"]);
    game.result = Some("*".to_owned());
    let page = XiangqiRecord::DhtmlXq.write(&game).expect("DhtmlXQ is written").expect("DhtmlXQ");
    let page = format!("<html>{}</html>", String::from_utf8(page).expect("UTF-8"));
    let gb = encoding_rs::GB18030.encode(&page).0.into_owned();
    assert_eq!(XiangqiRecord::detect(&gb), Some(XiangqiRecord::DhtmlXq));
    assert_eq!(XiangqiRecord::DhtmlXq.encoding(&gb), Some("gb18030"));
    assert_eq!(XiangqiRecord::DhtmlXq.encoding(page.as_bytes()), Some("UTF-8"));
    let read = XiangqiRecord::DhtmlXq.read(&gb).remove(0).expect("a game");
    assert_eq!(read.tag("Event"), Some("测试"));
    assert_eq!(read.moves, game.moves);
    assert_eq!(ucci_lines(&read), vec![vec!["h2e2".to_owned(), "h9g7".to_owned()]]);
    assert_eq!(XiangqiRecord::DhtmlXq.read(page.as_bytes()).remove(0).expect("a game"), read);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn dhtmlxq_round_trips_lines_and_comments(seed in 1u64..) {
        let game = random_game(seed);
        let written = XiangqiRecord::DhtmlXq.write(&game).expect("DhtmlXQ is written").expect("DhtmlXQ");
        let written = String::from_utf8(written).expect("UTF-8");
        let back = XiangqiRecord::DhtmlXq.read(written.as_bytes()).remove(0).expect("read back");
        // a variation of a variation's first move is an alternative at the
        // same point, which DhtmlXQ writes beside the first (the same lines
        // in another order); a variation's leading comment becomes its
        // first move's: lines and comments compare sorted
        prop_assert_eq!(sorted_lines(&back), sorted_lines(&game), "{}", written);
        prop_assert_eq!(said(&back), said(&game), "{}", written);
        prop_assert_eq!(back.tag("Event"), game.tag("Event"));
    }

    #[test]
    fn dhtmlxq_reading_never_panics(text in "(\\[/?DhtmlXQ(_(movelist|binit|move_[0-9]_[0-9]{1,2}_[0-9]|comment[0-9_]{0,3}|title|fen))?\\]|[0-9]{1,8}|\\|\\||[a-z /\\]\\[])*") {
        let _ = XiangqiRecord::DhtmlXq.read(text.as_bytes());
    }
}
