//! Random games of every game written and read back: PGN in each move
//! notation, a bad move keeping the moves before it, and Xiangqi's null
//! moves (`DhtmlXQ`'s round trips are Xiangqi's own, tested in its crate).

use polyfen::records::{Game, GameOptions, Node, Variation, read_pgn};
use polyfen::{AnyPosition, MoveNotation, Position, ReadOptions, RuleOptions, VariantId, read};
use proptest::prelude::*;

mod common;

use common::*;

/// A random game of `variant`: a playout from its start with comments,
/// NAGs and variations, and null moves when every notation of the game
/// writes them (chess, Khet).
fn random_game(variant: VariantId, seed: u64) -> Game {
    random_game_with(variant, seed, variant != VariantId::Xiangqi)
}

/// A random game of `variant`, with null moves (here and there, and
/// variations made of them) when `nulls` is set.
fn random_game_with(variant: VariantId, seed: u64, nulls: bool) -> Game {
    let mut rng = polyfen_test_support::Rng::new(seed);
    let mut next = move |n: usize| rng.below(n);
    let name = if variant == VariantId::Khet { "classic" } else { "standard" };
    let start = read(variant.setup(name).unwrap(), None, &ReadOptions::default()).unwrap().position;
    let moves = random_line(&start, 0, nulls, &mut next);
    Game::new(vec![("Event".to_owned(), format!("random {seed}"))], start, moves)
}

/// A random line from `pos`, with variations down to depth 2.
fn random_line(pos: &AnyPosition, depth: usize, nulls: bool, next: &mut dyn FnMut(usize) -> usize) -> Vec<Node> {
    let coords = polyfen::records::coordinates(pos.variant());
    let mut pos = pos.clone();
    let mut nodes = Vec::new();
    // some variations are all null moves, as annotators show threats
    let all_null = nulls && depth > 0 && next(3) == 0;
    for _ in 0..=next(12 / (depth + 1)) {
        let Ok(moves) = pos.legal_moves(coords, &RuleOptions::default()) else { break };
        if moves.is_empty() {
            break;
        }
        let before = pos.clone();
        let passed = (nulls && (all_null || next(8) == 0)).then(|| polyfen::records::play_null(&pos).ok()).flatten();
        let mut node = if let Some(after) = passed {
            pos = after;
            Node::new(polyfen::records::NULL_MOVE)
        } else {
            let mv = moves[next(moves.len())].clone();
            pos.play(&mv, coords, &RuleOptions::default()).unwrap();
            Node::new(mv)
        };
        if next(4) == 0 {
            node.nags.push(next(140) as u8);
        }
        if next(4) == 0 {
            node.comments.push(format!(" [%clk 0:0{}:00] note {} ", next(10), next(100)));
        }
        if depth < 2 && next(5) == 0 {
            let moves = random_line(&before, depth + 1, nulls, next);
            let comments = if next(2) == 0 { vec!["alt".to_owned()] } else { Vec::new() };
            node.variations.push(Variation { comments, moves });
        }
        nodes.push(node);
    }
    nodes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn written_games_read_back_the_same(seed in 1u64.., which in 0usize..3) {
        let variant = [VariantId::Chess, VariantId::Xiangqi, VariantId::Khet][which];
        let game = random_game(variant, seed);
        for &notation in variant.move_notations() {
            let written = pgn(&game, Some(notation));
            let back = one(&written);
            prop_assert_eq!(&back.moves, &game.moves, "{}", written);
            prop_assert_eq!(&back.comments, &game.comments);
            prop_assert_eq!(&back.result, &game.result);
            prop_assert_eq!(pgn(&back, Some(notation)), written.clone());
            for line in written.lines() {
                prop_assert!(line.chars().count() <= 80 || line.starts_with('[') || !line.contains(' '), "{}", line);
            }
        }
        let json = game.to_json(None).unwrap();
        let mut line = String::new();
        game.write_json(None, &mut line).unwrap();
        prop_assert_eq!(line, serde_json::to_string(&json).unwrap());
        prop_assert_eq!(json.to_game().unwrap().moves, game.moves.clone());
    }

    #[test]
    fn a_bad_move_keeps_every_move_before_it(seed in 1u64.., which in 0usize..3, cut in 0usize..64) {
        let variant = [VariantId::Chess, VariantId::Xiangqi, VariantId::Khet][which];
        let mut game = random_game(variant, seed);
        game.moves.truncate(cut % (game.moves.len() + 1));
        let written = pgn(&game, None);
        let rest = "Zz9 {after} (1. x) 9. y";
        let text = format!("{}{rest} *\n\n", written.strip_suffix("*\n\n").unwrap());
        let bad = read_pgn(&text, GameOptions::default()).remove(0).unwrap_err();
        prop_assert!(bad.error.message.contains("Zz9"), "{}", bad.error);
        let partial = bad.partial.expect("the game before the bad move");
        prop_assert_eq!(&partial.moves, &game.moves, "{}", text);
        prop_assert_eq!(partial.unplayed.as_deref(), Some(rest));
        prop_assert_eq!(partial.result.as_deref(), Some("*"));
        prop_assert_eq!(&partial.tags, &bad.tags);
    }

    #[test]
    fn xiangqi_games_with_null_moves_read_back_the_same_in_ucci(seed in 1u64..) {
        let game = random_game_with(VariantId::Xiangqi, seed, true);
        for notation in [MoveNotation::Ucci, MoveNotation::Uci1] {
            let written = pgn(&game, Some(notation));
            prop_assert_eq!(&one(&written).moves, &game.moves, "{}", written);
        }
        let json = game.to_json(Some(MoveNotation::Ucci)).unwrap();
        prop_assert_eq!(json.to_game().unwrap().moves, game.moves.clone());
    }
}
