//! The rules: legal moves against a slow reference written from the rules,
//! perft against published counts, check, mate and stalemate, and errors.

use polyfen_core::{Color, PerftTree};
use polyfen_xiangqi::{
    Board, Fen, IllegalMove, Move, Piece, Point, Position, PositionError, Role, START_FEN, Square, Status, Violation,
    attackers,
};
use proptest::prelude::*;

fn position(fen: &str) -> Position {
    let setup: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name.as_bytes()).unwrap_or_else(|| panic!("no point {name}"))
}

fn mv(text: &str) -> Move {
    Move::new(sq(&text[..2]), sq(&text[2..]))
}

fn ucci(m: Move) -> String {
    format!("{}{}", m.from, m.to)
}

/// Perft rows on which independent engines (Fairy-Stockfish among them) agree,
/// to the depths a debug-build test affords; deeper counts are in the
/// benchmarks.
const PERFT: [(&str, &[u64]); 5] = [
    (START_FEN, &[44, 1920, 79666]),
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", &[38, 1128, 43929]),
    ("r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1", &[58, 1651, 90744]),
    ("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", &[49, 2265, 100_326]),
    ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", &[13, 272, 3707, 92741]),
];

#[test]
fn perft_matches_the_published_counts() {
    for (fen, counts) in PERFT {
        let p = position(fen);
        for (depth, &expected) in (1..).zip(counts) {
            assert_eq!(p.perft(depth), expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn divide_sums_to_perft_and_lists_each_legal_move_once() {
    for (fen, counts) in PERFT {
        let p = position(fen);
        let divided = p.divide(2);
        assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u64>(), counts[1], "{fen}");
        let moves: Vec<Move> = divided.iter().map(|&(m, _)| m).collect();
        assert_eq!(moves, p.legal_moves().to_vec());
        for &(m, n) in &divided {
            let mut next = p;
            next.play(m);
            assert_eq!(n, next.legal_moves().len() as u64);
        }
    }
    assert!(position(START_FEN).divide(0).is_empty());
    assert_eq!(position(START_FEN).perft(0), 1);
}

/// The start position's moves, by hand: chariots 2 + 2, horses 2 × 2,
/// elephants 2 × 2, advisors 2 × 1, king 1, cannons 2 × 12, soldiers 5.
#[test]
fn start_moves_by_piece() {
    let p = position(START_FEN);
    let moves = p.legal_moves();
    let from = |name: &str| moves.iter().filter(|m| m.from == sq(name)).count();
    assert_eq!([from("a0"), from("b0"), from("c0"), from("d0"), from("e0")], [2, 2, 2, 1, 1]);
    assert_eq!([from("b2"), from("h2"), from("a3"), from("e3")], [12, 12, 1, 1]);
    assert!(moves.contains(&mv("b2b9")), "cannon takes the horse over a screen");
    assert!(!moves.contains(&mv("b2b8")), "a cannon moves only to empty points before its screen");
    assert!(!moves.contains(&mv("b0d1")), "the horse's leg c0... is free, but d1 is not a jump of b0");
    assert!(moves.contains(&mv("b0c2")) && moves.contains(&mv("b0a2")));
}

#[test]
fn blocked_horse_legs_and_elephant_eyes() {
    // horse on e4 with a piece on e5 (leg up) and d4 (leg left)
    let p = position("3k5/9/9/9/4p4/3PN4/9/9/9/4K4 w - - 0 1");
    let horse: Vec<String> = p.legal_moves().iter().filter(|m| m.from == sq("e4")).map(|&m| ucci(m)).collect();
    assert_eq!(horse, ["e4d2", "e4f2", "e4g3", "e4g5"], "ordered by target point");
    // elephant on e2 with its eye d3 filled: c4 blocked
    let p = position("3k5/9/9/9/9/9/3P5/4B4/9/4K4 w - - 0 1");
    let mut elephant: Vec<String> = p.legal_moves().iter().filter(|m| m.from == sq("e2")).map(|&m| ucci(m)).collect();
    elephant.sort();
    assert_eq!(elephant, ["e2c0", "e2g0", "e2g4"]);
}

#[test]
fn elephants_stay_home_and_soldiers_turn_after_the_river() {
    // red elephant on g4 may not cross to e6 or i6
    let p = position("3k5/9/9/9/9/6B2/9/9/9/4K4 w - - 0 1");
    let mut e: Vec<String> = p.legal_moves().iter().filter(|m| m.from == sq("g4")).map(|&m| ucci(m)).collect();
    e.sort();
    assert_eq!(e, ["g4e2", "g4i2"]);
    // a red soldier before the river moves only forward, after it also sideways
    let p = position("3k5/9/9/9/2P6/6P2/9/9/9/4K4 w - - 0 1");
    let from = |name: &str| {
        let mut v: Vec<String> = p.legal_moves().iter().filter(|m| m.from == sq(name)).map(|&m| ucci(m)).collect();
        v.sort();
        v
    };
    assert_eq!(from("g4"), ["g4g5"]);
    assert_eq!(from("c5"), ["c5b5", "c5c6", "c5d5"]);
    // a black soldier at the last rank can only go sideways
    let p = position("4k4/9/9/9/9/9/9/9/9/p2K5 b - - 0 1");
    let mut s: Vec<String> = p.legal_moves().iter().filter(|m| m.from == sq("a0")).map(|&m| ucci(m)).collect();
    s.sort();
    assert_eq!(s, ["a0b0"]);
}

#[test]
fn kings_may_not_face_each_other() {
    // the red king on d0 may not step to e0 (facing the black king on e9)
    let p = position("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    let moves: Vec<String> = p.legal_moves().iter().map(|&m| ucci(m)).collect();
    assert_eq!(moves, ["d0d1"]);
    // the only piece between the kings is pinned to the file
    let p = position("4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1");
    assert!(p.legal_moves().iter().all(|m| m.from != sq("e5") || m.to.file() == 4));
    assert!(p.is_legal(mv("e5e8")) && !p.is_legal(mv("e5d5")));
}

#[test]
fn cannon_screens_give_and_block_check() {
    // black cannon e7, red king e0, red chariot d4: moving the chariot to e4
    // makes a screen, so it is illegal
    let p = position("5k3/9/4c4/9/9/3R5/9/9/9/4K4 w - - 0 1");
    assert!(!p.is_check());
    assert_eq!(
        p.check_move(mv("d4e4")).map_err(|e| e.to_string()),
        Err("the red chariot on d4 cannot go to e4: it would leave red's king in check".to_owned())
    );
    // with a screen on e4 it is check, and moving the screen away ends it
    let p = position("5k3/9/4c4/9/9/4R4/9/9/9/4K4 w - - 0 1");
    assert!(p.is_check());
    assert!(p.is_legal(mv("e4d4")));
    assert!(!p.is_legal(mv("e4e5")), "still a screen for the cannon");
    assert!(p.is_legal(mv("e4e7")), "taking the cannon");
}

#[test]
fn checkmate_and_stalemate_both_lose_for_the_side_to_move() {
    // black king e9, red chariots on a9 (check along the rank) and b8
    let mate = position("R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1");
    assert!(mate.is_check());
    assert_eq!(mate.status(), Status::Checkmate);
    assert!(mate.legal_moves().is_empty());
    // black king on d9, not in check: e9 faces the red king, d8 is
    // covered by the soldier on c8
    let stale = position("3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(!stale.is_check());
    assert_eq!(stale.legal_moves().to_vec(), Vec::<Move>::new(), "{stale:?}");
    assert_eq!(stale.status(), Status::Stalemate);
    assert_eq!(position(START_FEN).status(), Status::Ongoing);
}

#[test]
fn clocks_and_side_after_moves() {
    let mut p = position(START_FEN);
    p.play(mv("h2e2"));
    assert_eq!(p.to_setup().to_string(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    p.play(mv("h9g7"));
    assert_eq!(p.to_setup().to_string(), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
    p.play(mv("e2e6"));
    assert_eq!(p.to_setup().to_string(), "rnbakab1r/9/1c4nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2");
    assert_eq!((p.turn(), p.halfmove(), p.fullmove()), (Color::Black, 0, 2));
    assert_eq!(p.piece_at(sq("e6")), Some(Piece::new(Color::White, Role::Cannon)));
    assert_eq!(p.king(Color::Black), sq("e9"));
}

#[test]
fn wrong_side_and_unreachable_moves_are_named() {
    let p = position(START_FEN);
    let errors: Vec<String> = ["h9g7", "e5e6", "h0h1", "a0a1", "e3e5", "a0a3"]
        .iter()
        .map(|t| {
            let mut q = p;
            let result = q.play_checked(mv(t));
            assert_eq!(result.is_ok(), q != p, "{t}: changed exactly when legal");
            result.map_err(|e| e.to_string()).err().unwrap_or_default()
        })
        .collect();
    assert_eq!(
        errors,
        [
            "the black horse on h9 cannot move: it is red's move",
            "no piece stands on e5 (move e5e6)",
            "the red horse on h0 cannot go to h1",
            "",
            "the red soldier on e3 cannot go to e5",
            "the red chariot on a0 cannot go to a3",
        ]
    );
    let mut p = p;
    assert!(matches!(p.play_checked(mv("a0a1")), Ok(())));
    assert!(matches!(p.play_checked(mv("a9a8")), Ok(())));
    assert!(matches!(p.play_checked(mv("a0a2")), Err(IllegalMove::NoPiece { .. })));
}

#[test]
fn positions_the_rules_cannot_play_are_refused() {
    let cases = [
        ("9/9/9/9/9/9/9/9/9/4K4 w", "black has no king"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "the kings face each other on the e file with nothing between them"),
        ("3k5/9/9/9/4K4/9/9/9/9/9 w", "red king on e5 is outside its palace"),
        ("3k5/9/9/9/9/9/9/9/4r4/4K4 b", "red is in check from e1 but it is black's move"),
        ("3k5/9/9/9/9/9/9/RRR6/9/4K4 w", "red has 3 chariots, at most 2"),
    ];
    for (fen, message) in cases {
        let setup: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        let error: PositionError = Position::from_setup(&setup).err().unwrap_or_else(|| panic!("{fen} accepted"));
        assert_eq!(error.to_string(), message);
    }
    // pieces off their usual points are played by their rules
    let p = position("3k5/9/9/9/6B2/9/9/9/9/4K4 w");
    assert!(p.legal_moves().iter().any(|m| m.from == sq("g5")));
}

#[test]
fn setup_round_trip() {
    for (fen, _) in PERFT {
        let setup: Fen = fen.parse().unwrap_or_else(|e| panic!("{e}"));
        let p = position(fen);
        assert_eq!(p.to_setup(), setup);
        assert_eq!(p.board(), setup.board);
        assert_eq!(Position::from_setup(&p.to_setup()), Ok(p));
    }
    assert_eq!(Position::start(), position(START_FEN));
}

// ---- the slow reference, straight from the rules ----

fn at(board: &Board, s: Square) -> Option<Piece> {
    board[s.index()]
}

/// Whether the piece on `from` may go to `to` by its movement rules alone.
fn reaches(board: &Board, from: Square, to: Square) -> bool {
    let Some(piece) = at(board, from) else { return false };
    if at(board, to).is_some_and(|p| p.color() == piece.color()) || from == to {
        return false;
    }
    let color = piece.color();
    let df = i8::try_from(to.file()).unwrap_or(0) - i8::try_from(from.file()).unwrap_or(0);
    let dr = i8::try_from(to.rank()).unwrap_or(0) - i8::try_from(from.rank()).unwrap_or(0);
    let between = |board: &Board| -> Option<usize> {
        if df != 0 && dr != 0 {
            return None;
        }
        let n = df.abs().max(dr.abs());
        let mut count = 0;
        for k in 1..n {
            let s = from.offset(df.signum() * k, dr.signum() * k)?;
            count += usize::from(at(board, s).is_some());
        }
        Some(count)
    };
    let forward: i8 = if color == Color::White { 1 } else { -1 };
    match piece.role() {
        Role::King => df.abs() + dr.abs() == 1 && to.in_palace_of(color),
        Role::Advisor => df.abs() == 1 && dr.abs() == 1 && to.in_palace_of(color),
        Role::Elephant => {
            df.abs() == 2
                && dr.abs() == 2
                && to.on_side_of(color)
                && from.offset(df / 2, dr / 2).is_some_and(|eye| at(board, eye).is_none())
        }
        Role::Horse => {
            let leg = if df.abs() == 1 && dr.abs() == 2 {
                from.offset(0, dr / 2)
            } else if df.abs() == 2 && dr.abs() == 1 {
                from.offset(df / 2, 0)
            } else {
                None
            };
            leg.is_some_and(|leg| at(board, leg).is_none())
        }
        Role::Chariot => between(board) == Some(0),
        Role::Cannon => match at(board, to) {
            None => between(board) == Some(0),
            Some(_) => between(board) == Some(1),
        },
        Role::Soldier => (df == 0 && dr == forward) || (dr == 0 && df.abs() == 1 && !from.on_side_of(color)),
    }
}

/// Whether `m` is legal by the rules, on the board alone.
fn reference_legal(p: &Position, m: Move) -> bool {
    reference_legal_on(&p.board(), p.turn(), m)
}

fn reference_legal_on(board: &Board, turn: Color, m: Move) -> bool {
    let Some(piece) = at(board, m.from) else { return false };
    if piece.color() != turn || !reaches(board, m.from, m.to) {
        return false;
    }
    let mut after = *board;
    after[m.to.index()] = after[m.from.index()].take();
    let king = Square::all().find(|&s| after[s.index()] == Some(Piece::new(turn, Role::King)));
    // `attackers` counts the facing kings as an attack on a king
    king.is_some_and(|k| attackers(&after, k, turn.other()).is_empty())
}

fn reference_moves(p: &Position) -> Vec<Move> {
    let board = p.board();
    let mut out = Vec::new();
    for from in Square::all().filter(|&s| at(&board, s).is_some_and(|piece| piece.color() == p.turn())) {
        for to in Square::all() {
            let m = Move::new(from, to);
            if reference_legal_on(&board, p.turn(), m) {
                out.push(m);
            }
        }
    }
    out
}

fn sorted(moves: &[Move]) -> Vec<Move> {
    let mut v = moves.to_vec();
    v.sort();
    v
}

#[test]
fn the_reference_agrees_on_the_perft_positions() {
    for (fen, _) in PERFT {
        let p = position(fen);
        assert_eq!(sorted(&p.legal_moves()), reference_moves(&p), "{fen}");
    }
}

/// A random playout: the choices pick among the legal moves.
fn playout(start: &str, choices: &[usize]) -> Vec<Position> {
    let mut p = position(start);
    let mut seen = vec![p];
    for &c in choices {
        let moves = p.legal_moves();
        if moves.is_empty() {
            break;
        }
        p.play(moves[c % moves.len()]);
        seen.push(p);
    }
    seen
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Along random games from the perft positions, the generator and the
    /// reference agree, every position round-trips through its setup, the
    /// validator finds check where the rules do (and never facing kings),
    /// and status agrees with the moves.
    #[test]
    fn random_playouts_agree_with_the_reference(
        start in 0..PERFT.len(),
        choices in proptest::collection::vec(any::<usize>(), 1..60),
    ) {
        for p in playout(PERFT[start].0, &choices) {
            let moves = p.legal_moves();
            prop_assert_eq!(sorted(&moves), reference_moves(&p), "{:?}", p);
            for &m in &moves {
                prop_assert!(p.is_legal(m));
            }
            let setup = p.to_setup();
            prop_assert_eq!(Position::from_setup(&setup), Ok(p));
            let reparsed: Fen = setup.to_string().parse().map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!(&reparsed, &setup);
            // the validator sees check as the rules do: with the turn
            // passed, the side in check is the one not to move
            let mut passed = setup.clone();
            passed.extras.turn = passed.extras.turn.other();
            let opposite_check = passed.validate().iter().any(|v| matches!(v, Violation::OppositeCheck { .. }));
            prop_assert_eq!(opposite_check, p.is_check(), "{}", passed);
            let wrong = setup.validate().into_iter().find(|v| matches!(v, Violation::OppositeCheck { .. } | Violation::FacingKings { .. }));
            prop_assert_eq!(wrong, None, "{}", setup);
            let expected = match (moves.is_empty(), p.is_check()) {
                (false, _) => Status::Ongoing,
                (true, true) => Status::Checkmate,
                (true, false) => Status::Stalemate,
            };
            prop_assert_eq!(p.status(), expected);
        }
    }

    /// Any move on any position: checking never panics, and says legal
    /// exactly when the reference does; an illegal move leaves the position
    /// unchanged.
    #[test]
    fn any_move_is_judged_like_the_reference(
        start in 0..PERFT.len(),
        choices in proptest::collection::vec(any::<usize>(), 0..20),
        from in 0..90usize,
        to in 0..90usize,
    ) {
        let p = *playout(PERFT[start].0, &choices).last().ok_or_else(|| TestCaseError::fail("empty"))?;
        let (Some(from), Some(to)) = (Square::from_index(from), Square::from_index(to)) else {
            return Err(TestCaseError::fail("point"));
        };
        let m = Move::new(from, to);
        let mut q = p;
        let result = q.play_checked(m);
        prop_assert_eq!(result.is_ok(), reference_legal(&p, m));
        if result.is_err() {
            prop_assert_eq!(q, p);
        }
        // play never panics, even on nonsense
        let mut r = p;
        r.play(m);
    }
}

/// Setups with a king of each side in its palace and up to the allowed
/// number of each other piece on any point (advisors off the palace,
/// elephants across the river, soldiers behind their start rank), or
/// sometimes with a king missing or extra: every rule shape the generator
/// can meet.
fn wild_setups() -> impl Strategy<Value = Fen> {
    (
        (0..9usize, 0..9usize, any::<bool>()),
        proptest::collection::vec((0..14usize, 0..90usize), 0..24),
        0..20u8,
        any::<bool>(),
        (0..200u32, 1..200u32),
    )
        .prop_map(|((red_king, black_king, _), pieces, extra_king, black, (halfmove, fullmove))| {
            let mut board: Board = [None; 90];
            let palace = |k: usize, rank0: usize| (rank0 + k / 3) * 9 + 3 + k % 3;
            board[palace(red_king, 0)] = Some(Piece::new(Color::White, Role::King));
            board[palace(black_king, 7)] = Some(Piece::new(Color::Black, Role::King));
            let mut counts = [0u32; 14];
            for (code, point) in pieces {
                let color = if code < 7 { Color::White } else { Color::Black };
                let role = Role::ALL[code % 7];
                // one king each is placed; sometimes a second one, sometimes
                // one piece too many of a kind
                let allowed = match role {
                    Role::King => u32::from(extra_king == 0),
                    _ => role.max_count() + u32::from(extra_king == 2),
                };
                if board[point].is_none() && counts[code] < allowed {
                    counts[code] += 1;
                    board[point] = Some(Piece::new(color, role));
                }
            }
            if extra_king == 1 {
                board[palace(red_king, 0)] = None;
            }
            let turn = if black { Color::Black } else { Color::White };
            Fen { board, extras: polyfen_xiangqi::XiangqiExtras { turn, halfmove, fullmove, marker: None } }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// On any setup: `from_setup` refuses exactly the setups with a
    /// violation the rules cannot live with, never panics, and on the
    /// others the moves agree with the reference and perft 2 with the sum
    /// over the moves.
    #[test]
    fn wild_setups_agree_with_the_reference(setup in wild_setups()) {
        let fatal = setup.validate().iter().any(Violation::blocks_play);
        match Position::from_setup(&setup) {
            Err(e) => {
                prop_assert!(fatal, "refused {}: {}", setup, e);
                prop_assert!(!e.to_string().is_empty());
            }
            Ok(p) => {
                prop_assert!(!fatal, "accepted {}", setup);
                prop_assert_eq!(p.to_setup(), setup.clone());
                let moves = p.legal_moves();
                prop_assert_eq!(sorted(&moves), reference_moves(&p), "{}", setup);
                let below: u64 = moves
                    .iter()
                    .map(|&m| {
                        let mut next = p;
                        next.play(m);
                        next.legal_moves().len() as u64
                    })
                    .sum();
                prop_assert_eq!(p.perft(2), below);
            }
        }
    }
}

/// The wild generator makes playable setups often enough for the test above
/// to prove something, and refused ones too.
#[test]
fn the_wild_generator_makes_both_kinds() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut playable, mut total) = (0, 0);
    for _ in 0..1000 {
        let Ok(tree) = wild_setups().new_tree(&mut runner) else { continue };
        total += 1;
        playable += usize::from(Position::from_setup(&tree.current()).is_ok());
    }
    assert!(playable > total / 4 && playable < total * 9 / 10, "{playable} playable of {total}");
}
