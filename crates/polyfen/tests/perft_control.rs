//! Perft that can be stopped, budgeted and watched, in every game: the
//! controlled count agrees with the plain one, a node budget and a cancel
//! flag stop it (the flag within 100 ms even in a debug build), progress is
//! reported, and the quick estimate is exact up to depth 2 and close deeper.

use polyfen::RuleError;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use polyfen::polyfen_khet::{CLASSIC, IMHOTEP};
use polyfen::{
    AnyPosition, MoveNotation, PerftControl, PerftProgress, Position, ReadOptions, RuleOptions, RulesError, StopReason,
    read,
};
use proptest::prelude::*;

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const CHESS_ENDGAME: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const XIANGQI_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const XIANGQI_MIDDLE: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

fn position(text: &str) -> AnyPosition {
    read(text, None, &ReadOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}")).position
}

/// One position of each game, a depth that takes well under a second in a
/// debug build, and the notation of its moves.
fn cases() -> Vec<(AnyPosition, u32, MoveNotation)> {
    vec![
        (position(CHESS_START), 3, MoveNotation::Uci),
        (position(KIWIPETE), 2, MoveNotation::San),
        (position(XIANGQI_START), 3, MoveNotation::Iccs),
        (position(CLASSIC), 2, MoveNotation::Khet),
        (position(IMHOTEP), 2, MoveNotation::Khet),
    ]
}

/// Positions to stop: a count far longer than the test may take.
fn deep_cases() -> Vec<(&'static str, AnyPosition, u32)> {
    vec![
        ("chess perft 7", position(CHESS_START), 7),
        ("xiangqi perft 6", position(XIANGQI_START), 6),
        ("khet perft 5", position(CLASSIC), 5),
    ]
}

#[test]
fn the_controlled_count_is_the_plain_count() {
    let options = RuleOptions::default();
    let flag = AtomicBool::new(false);
    let watched = PerftControl::new().with_cancel(&flag).with_node_budget(u64::MAX);
    for (pos, depth, notation) in cases() {
        for d in 0..=depth {
            let plain = pos.perft(d, &options).expect("perft");
            assert_eq!(pos.perft_with(d, &options, &PerftControl::default()), Ok(plain));
            assert_eq!(pos.perft_with(d, &options, &watched), Ok(plain), "{pos:?} depth {d}");
            let divided = pos.divide(d, notation, &options).expect("divide");
            assert_eq!(pos.divide_with(d, notation, &options, &watched).as_ref(), Ok(&divided));
        }
    }
}

#[test]
fn a_node_budget_stops_the_count() {
    let options = RuleOptions::default();
    for (name, pos, _) in deep_cases() {
        let control = PerftControl::new().with_node_budget(20_000);
        let started = Instant::now();
        let stopped = pos.perft_with(4, &options, &control);
        let Err(RulesError::Rule(RuleError::Stopped { nodes, reason })) = stopped else {
            panic!("{name}: {stopped:?}")
        };
        assert_eq!(reason, StopReason::NodeBudget(20_000), "{name}");
        // one subtree two plies deep past the budget at most
        assert!(nodes > 20_000 && nodes < 40_000, "{name}: {nodes}");
        assert!(started.elapsed() < Duration::from_secs(2), "{name}");
        let divided = pos.divide_with(4, notation_of(&pos), &options, &control);
        assert!(matches!(
            divided,
            Err(RulesError::Rule(RuleError::Stopped { reason: StopReason::NodeBudget(20_000), .. }))
        ));
    }
    // a budget the count stays within changes nothing
    let pos = position(CHESS_START);
    let control = PerftControl::new().with_node_budget(8902);
    assert_eq!(pos.perft_with(3, &options, &control), Ok(8902));
    let control = PerftControl::new().with_node_budget(8901);
    assert!(matches!(
        pos.perft_with(3, &options, &control),
        Err(RulesError::Rule(RuleError::Stopped { nodes: 8902, .. }))
    ));
}

/// The first move notation of the position's game.
fn notation_of(pos: &AnyPosition) -> MoveNotation {
    pos.variant().move_notations()[0]
}

#[test]
fn a_cancel_flag_stops_a_deep_count_within_100_ms() {
    let options = RuleOptions::default();
    for (name, pos, depth) in deep_cases() {
        for divide in [false, true] {
            let flag = AtomicBool::new(false);
            let control = PerftControl::new().with_cancel(&flag);
            let (set_at, answer, answered_at) = thread::scope(|s| {
                let setter = s.spawn(|| {
                    thread::sleep(Duration::from_millis(50));
                    flag.store(true, Ordering::Relaxed);
                    Instant::now()
                });
                let answer = if divide {
                    pos.divide_with(depth, notation_of(&pos), &options, &control).map(|d| d.len() as u64)
                } else {
                    pos.perft_with(depth, &options, &control)
                };
                let answered_at = Instant::now();
                (setter.join().expect("setter"), answer, answered_at)
            });
            let Err(RulesError::Rule(RuleError::Stopped { nodes, reason: StopReason::Cancelled })) = answer else {
                panic!("{name}: {answer:?}")
            };
            assert!(nodes > 0, "{name}");
            let late = answered_at.saturating_duration_since(set_at);
            eprintln!("{name} (divide {divide}): stopped {late:?} after the flag, {nodes} nodes counted");
            assert!(late < Duration::from_millis(100), "{name} (divide {divide}): stopped {late:?} after the flag");
        }
    }
    // a flag set before the count starts stops it at once
    let flag = AtomicBool::new(true);
    let control = PerftControl::new().with_cancel(&flag);
    let answer = position(CHESS_START).perft_with(1, &options, &control);
    assert_eq!(answer, Err(RulesError::Rule(RuleError::Stopped { nodes: 0, reason: StopReason::Cancelled })));
}

#[test]
fn progress_is_reported_as_the_count_goes_on() {
    let options = RuleOptions::default();
    for (pos, depth, notation) in cases() {
        let seen = Mutex::new(Vec::new());
        let record = |p: PerftProgress| seen.lock().expect("lock").push(p);
        let control = PerftControl::new().with_progress(&record);
        let total = pos.perft_with(depth, &options, &control).expect("perft");
        let seen = seen.into_inner().expect("lock");
        let roots = pos.legal_moves(notation, &options).expect("moves").len();
        assert!(seen.len() > roots, "{seen:?}");
        assert_eq!(seen[0], PerftProgress { nodes: 0, root_moves_done: 0, root_moves: roots });
        assert!(seen.windows(2).all(|w| w[0].nodes <= w[1].nodes && w[0].root_moves_done <= w[1].root_moves_done));
        assert_eq!(seen.last(), Some(&PerftProgress { nodes: total, root_moves_done: roots, root_moves: roots }));
        // divide reports the same way
        let count = Mutex::new(0usize);
        let tick = |_: PerftProgress| *count.lock().expect("lock") += 1;
        let control = PerftControl::new().with_progress(&tick);
        pos.divide_with(depth, notation, &options, &control).expect("divide");
        assert!(count.into_inner().expect("lock") > roots);
    }
}

#[test]
fn progress_comes_every_50_to_100_ms_of_a_long_count() {
    let options = RuleOptions::default();
    let pos = position(CHESS_START);
    let times = Mutex::new(Vec::new());
    let record = |p: PerftProgress| times.lock().expect("lock").push((Instant::now(), p));
    let control = PerftControl::new().with_progress(&record).with_node_budget(3_000_000);
    let started = Instant::now();
    let answer = pos.perft_with(6, &options, &control);
    let took = started.elapsed();
    assert!(matches!(answer, Err(RulesError::Rule(RuleError::Stopped { .. }))), "{answer:?}");
    let times = times.into_inner().expect("lock");
    // at least one report every 100 ms (plus a debug build's slack per check)
    let mut last = started;
    for (at, _) in &times {
        assert!(at.duration_since(last) < Duration::from_millis(150), "{:?} without progress", at.duration_since(last));
        last = *at;
    }
    assert!(times.len() as u128 >= took.as_millis() / 100, "{} reports in {took:?}", times.len());
}

#[test]
fn stopped_says_why() {
    let cancelled = RulesError::Rule(RuleError::Stopped { nodes: 1_234_567, reason: StopReason::Cancelled });
    assert_eq!(cancelled.to_string(), "perft stopped after 1234567 nodes: cancelled");
    let over = RulesError::Rule(RuleError::Stopped { nodes: 20_001, reason: StopReason::NodeBudget(20_000) });
    assert_eq!(over.to_string(), "perft stopped after 20001 nodes: over the budget of 20000 nodes");
}

/// Published leaf counts, deeper than the tests can afford to count.
const KNOWN: &[(&str, u32, u64)] = &[
    (CHESS_START, 5, 4_865_609),
    (CHESS_START, 6, 119_060_324),
    (CHESS_START, 7, 3_195_901_860),
    (KIWIPETE, 4, 4_085_603),
    (KIWIPETE, 5, 193_690_690),
    (CHESS_ENDGAME, 6, 11_030_083),
    (CHESS_ENDGAME, 7, 178_633_661),
    (XIANGQI_START, 4, 3_290_240),
    (XIANGQI_START, 5, 133_312_995),
    (XIANGQI_MIDDLE, 4, 1_339_047),
    (CLASSIC, 4, 34_065_081),
    (IMHOTEP, 4, 27_828_431),
];

#[test]
#[allow(clippy::cast_precision_loss)] // a ratio of counts
fn the_estimate_is_exact_to_depth_2_and_close_deeper() {
    let options = RuleOptions::default();
    for (pos, depth, _) in cases() {
        for d in 0..=depth.min(2) {
            assert_eq!(pos.perft_estimate(d, &options), pos.perft(d, &options), "{pos:?} depth {d}");
        }
    }
    for &(text, depth, real) in KNOWN {
        let estimate = position(text).perft_estimate(depth, &options).expect("estimate");
        let ratio = estimate as f64 / real as f64;
        assert!((0.8..1.25).contains(&ratio), "{text} depth {depth}: {estimate} for {real} ({ratio:.2})");
    }
    // an estimate is the same every time
    let pos = position(KIWIPETE);
    assert_eq!(pos.perft_estimate(6, &options), pos.perft_estimate(6, &options));
    // and as limited as perft
    assert!(matches!(pos.perft_estimate(99, &options), Err(RulesError::Rule(RuleError::Limit(_)))));
}

/// A position after `plies` random legal moves from `start`, chosen by
/// `choices`.
fn played(start: &str, choices: &[usize]) -> AnyPosition {
    let mut pos = position(start);
    let options = RuleOptions::default();
    let notation = pos.variant().move_notations()[0];
    for &choice in choices {
        let moves = pos.legal_moves(notation, &options).expect("moves");
        if moves.is_empty() || pos.status(&options) != Ok(polyfen::GameStatus::Ongoing) {
            break;
        }
        let m = moves[choice % moves.len()].clone();
        pos.play(&m, notation, &options).expect("a legal move plays");
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The estimate up to depth 2 is the count, and the controlled count is
    /// the plain one, anywhere in a game.
    #[test]
    fn estimate_and_control_agree_with_perft(
        game in 0..3usize,
        choices in proptest::collection::vec(0..1000usize, 0..40),
    ) {
        let pos = played([CHESS_START, XIANGQI_START, CLASSIC][game], &choices);
        let options = RuleOptions::default();
        let flag = AtomicBool::new(false);
        let control = PerftControl::new().with_cancel(&flag);
        for d in 0..=2 {
            let plain = pos.perft(d, &options);
            prop_assert_eq!(&pos.perft_estimate(d, &options), &plain);
            prop_assert_eq!(&pos.perft_with(d, &options, &control), &plain);
        }
    }
}
