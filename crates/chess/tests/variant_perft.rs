//! Perft of the chess variants against the community suites that shakmaty
//! and python-chess ship (copied in `tests/data/variant-perft/`, see its
//! NOTICE.md), and king of the hill against counts made with python-chess.
//! Each case runs to the deepest depth whose count stays under a node
//! budget in a debug build; a release build (`cargo test --release`) runs
//! every depth of every file.

use polyfen_chess::{ChessVariant, VariantPosition};
use polyfen_core::PerftTree;
use polyfen_test_support::perft::cases;

/// The node budget of one count: small in debug builds, none in release.
const BUDGET: u64 = if cfg!(debug_assertions) { 150_000 } else { u64::MAX };

/// Runs every case of `text` as `variant`, each to the deepest depth
/// within the budget (at least depth 1); returns the number of counts
/// checked.
fn check(variant: ChessVariant, text: &str) -> usize {
    let mut checked = 0;
    for case in cases(text) {
        let fen = variant.parse_fen(&case.epd).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        let pos = VariantPosition::from_setup(&fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, nodes) in &case.counts {
            if depth > 1 && nodes > BUDGET {
                break;
            }
            assert_eq!(pos.perft(depth), nodes, "{variant} {} depth {depth}: {}", case.id, case.epd);
            checked += 1;
        }
    }
    checked
}

macro_rules! suite {
    ($name:ident, $variant:expr, $($file:literal),+) => {
        #[test]
        fn $name() {
            $(
                let text = include_str!(concat!("data/variant-perft/", $file));
                assert!(check($variant, text) >= 2, "{}", $file);
            )+
        }
    };
}

suite!(crazyhouse, ChessVariant::Crazyhouse, "shakmaty-crazyhouse.perft", "python-chess-crazyhouse.perft");
suite!(three_check, ChessVariant::ThreeCheck, "shakmaty-3check.perft", "python-chess-3check.perft");
suite!(atomic, ChessVariant::Atomic, "shakmaty-atomic.perft", "python-chess-atomic.perft");
suite!(antichess, ChessVariant::Antichess, "shakmaty-antichess.perft", "python-chess-giveaway.perft");
suite!(horde, ChessVariant::Horde, "shakmaty-horde.perft", "python-chess-horde.perft");
suite!(racing_kings, ChessVariant::RacingKings, "shakmaty-racingkings.perft", "python-chess-racingkings.perft");
suite!(king_of_the_hill, ChessVariant::KingOfTheHill, "python-chess-generated-koth.perft");

#[test]
fn divide_and_the_watched_perft_agree_with_perft() {
    for variant in ChessVariant::ALL {
        let pos = VariantPosition::start(variant);
        let divided = pos.divide(3);
        assert_eq!(divided.len(), pos.legal_moves().len(), "{variant}");
        assert_eq!(divided.iter().map(|d| d.1).sum::<u64>(), pos.perft(3), "{variant}");
        assert_eq!(pos.perft_watched(3, &mut ()), Ok(pos.perft(3)), "{variant}");
        assert_eq!(pos.divide_watched(3, &mut ()), Ok(divided), "{variant}");
        assert!(pos.divide(0).is_empty());
    }
}
