//! The rules against published perft counts and the corpus's legal moves.

use polyfen_core::{Color, PerftTree};
use polyfen_shogi::{Move, Position, Role, Sfen, Status};
use polyfen_test_support::Corpus;
use proptest::prelude::*;

/// The public corpus's Shogi folder: the tests that read it are skipped
/// without it.
const CORPUS: Corpus = Corpus::new("shogi");

fn position(sfen: &str) -> Position {
    let setup: Sfen = sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"));
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    let start = Position::start();
    let counts = [1, 30, 900, 25_470, 719_731];
    for (depth, &n) in counts.iter().enumerate() {
        assert_eq!(start.perft(depth as u32), n, "depth {depth}");
    }
}

/// Perft to depth 3 from handicap starts, a mate problem without sente's
/// king and middle games with pieces in hand and promoted pieces, as
/// cshogi's legal moves count them.
#[test]
fn perft_matches_cshogi_beyond_the_start() {
    for (sfen, counts) in [
        ("4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", [14, 420, 5880]),
        ("lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", [25, 750, 18_570]),
        ("kn7/1n7/1+R7/9/9/9/9/9/2K6 b SPg2p 70", [168, 23_878, 2_402_125]),
        ("8l/4R+B2k/7p1/6s2/9/9/9/9/9 b rb4g3s4n3l17p 1", [37, 12_514, 416_191]),
        ("s4k1nl/6g1s/1pplP4/P5ppg/1nPpp4/1B1+b1P3/1P2+r2P1/L5SRN/2SK4G w gnl6p 118", [195, 4763, 746_734]),
    ] {
        let p = position(sfen);
        for (depth, &n) in counts.iter().enumerate() {
            assert_eq!(p.perft(depth as u32 + 1), n, "{sfen} depth {}", depth + 1);
        }
    }
}

/// Every row of `positions.tsv`: the exact set of legal USI moves, the
/// count, and checkmate where there is none.
#[test]
fn every_corpus_position_has_exactly_the_legal_moves_of_the_peers() {
    let Some(_) = CORPUS.get() else { return };
    let Some(_) = CORPUS.get() else { return };
    let text = std::fs::read_to_string(format!("{CORPUS}/positions.tsv")).expect("positions.tsv");
    let mut rows = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (sfen, count, expected) = (cols[0], cols[1].parse::<u64>().expect("a count"), cols[2]);
        let p = position(sfen);
        let mut ours: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
        ours.sort_unstable();
        let mut want: Vec<&str> = expected.split(' ').filter(|m| !m.is_empty()).collect();
        want.sort_unstable();
        assert_eq!(ours, want, "{sfen}");
        assert_eq!(p.count_legal(), count, "{sfen}");
        let status = p.status();
        if count == 0 {
            assert_eq!(status, Status::Checkmate, "{sfen}");
        } else {
            assert_eq!(status, Status::Ongoing, "{sfen}");
        }
        rows += 1;
    }
    assert_eq!(rows, 500);
}

#[test]
fn divide_and_the_watched_counts_agree_with_perft() {
    let p = position("ln2+R3n/rg7/p1pk1gp2/3p1p2p/1P2p4/P2P2P2/2PSPPS1P/3BG1G1L/1+p1K3+l1 b B2S2NL2P 73");
    let divided = p.divide(2);
    assert_eq!(divided.len(), 224);
    assert_eq!(divided.iter().map(|d| d.1).sum::<u64>(), p.perft(2));
    assert_eq!(p.divide_watched(2, &mut ()), Ok(divided));
    assert_eq!(p.perft_watched(3, &mut ()), Ok(p.perft(3)));
    assert_eq!(p.perft_estimate(2), p.perft(2));
    let start = Position::start();
    let estimate = start.perft_estimate(4);
    assert!((360_000..1_440_000).contains(&estimate), "{estimate}");
    assert_eq!(start.perft_estimate(4), estimate, "always the same");
}

/// The published depth-5 count, where the build is fast enough for it
/// (it also runs, timed, in the benchmark).
#[cfg(not(debug_assertions))]
#[test]
fn perft_5_from_the_start() {
    assert_eq!(Position::start().perft(5), 19_861_490);
}

/// The published depth-6 count (a few seconds in a release build).
#[cfg(not(debug_assertions))]
#[test]
fn perft_6_from_the_start() {
    assert_eq!(Position::start().perft(6), 547_581_517);
}

#[test]
fn check_and_the_moves_of_a_role_to_a_square() {
    // two golds can reach 5h; one is a drop
    let p = position("4k4/9/9/9/9/9/9/3G1G3/4K4 b G 1");
    let gold_to = |sq: &str| -> Vec<String> {
        p.moves_to(Role::Gold, sq.parse().expect("a square")).iter().map(ToString::to_string).collect()
    };
    assert_eq!(gold_to("5g"), ["6h5g", "4h5g", "G*5g"]);
    assert!(p.moves_to(Role::Silver, "5g".parse().expect("5g")).is_empty());
    let m = read("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5b");
    assert!(position("4k4/9/9/9/9/9/9/9/4K4 b G 1").gives_check(m));
    let quiet = read("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5c");
    assert!(!position("4k4/9/9/9/9/9/9/9/4K4 b G 1").gives_check(quiet));
    // mated: a gold drop supported by a dragon
    let mut mated = position("4k4/9/5+R3/9/9/9/9/9/4K4 b G 1");
    mated.play(read("4k4/9/5+R3/9/9/9/9/9/4K4 b G 1", "G*5b"));
    assert!(mated.is_check());
    assert_eq!(mated.status(), Status::Checkmate);
    assert_eq!(mated.turn(), Color::Black);
    assert_eq!(mated.move_number(), 2);
    assert_eq!(mated.hand_count(Color::White, Role::Gold), 0);
}

#[test]
fn play_captures_into_the_hand_and_refuses_illegal_moves_unchanged() {
    let mut p = position("4k4/9/4+b4/9/9/9/9/4R4/4K4 b - 1");
    let before = p;
    assert!(p.play_checked(read_unchecked("5h5a")).is_err());
    assert_eq!(p, before);
    p.play_checked(read_unchecked("5h5c+")).expect("a capture that promotes");
    assert_eq!(p.hand_count(Color::White, Role::Bishop), 1);
    assert_eq!(p.piece_at("5c".parse().expect("5c")).map(|x| x.role), Some(Role::Dragon));
    assert_eq!(p.to_setup().to_string(), "4k4/9/4+R4/9/9/9/9/9/4K4 w B 2");
}

fn read(sfen: &str, text: &str) -> Move {
    polyfen_shogi::usi::read_move(&position(sfen), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn read_unchecked(text: &str) -> Move {
    polyfen_shogi::usi::parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The slow twin: legal moves found square by square, each board move and
/// drop played and the mover's king tested by looking at every enemy
/// piece, the pawn-drop mate by asking the twin itself for a reply.
mod slow {
    use polyfen_core::Color;
    use polyfen_shogi::{Move, Position, Role, Square};

    /// (file step, rank step towards the mover's front, slides).
    fn motions(role: Role) -> Vec<(i8, i8, bool)> {
        let king = vec![
            (-1, 1, false),
            (0, 1, false),
            (1, 1, false),
            (-1, 0, false),
            (1, 0, false),
            (-1, -1, false),
            (0, -1, false),
            (1, -1, false),
        ];
        let gold = vec![(-1, 1, false), (0, 1, false), (1, 1, false), (-1, 0, false), (1, 0, false), (0, -1, false)];
        let rook = vec![(0, 1, true), (0, -1, true), (1, 0, true), (-1, 0, true)];
        let bishop = vec![(1, 1, true), (1, -1, true), (-1, 1, true), (-1, -1, true)];
        match role {
            Role::Pawn => vec![(0, 1, false)],
            Role::Lance => vec![(0, 1, true)],
            Role::Knight => vec![(-1, 2, false), (1, 2, false)],
            Role::Silver => vec![(-1, 1, false), (0, 1, false), (1, 1, false), (-1, -1, false), (1, -1, false)],
            Role::King => king,
            Role::Rook => rook,
            Role::Bishop => bishop,
            Role::Dragon => [rook, king].concat(),
            Role::Horse => [bishop, king].concat(),
            _ => gold,
        }
    }

    fn targets(p: &Position, from: Square) -> Vec<Square> {
        let Some(piece) = p.piece_at(from) else { return Vec::new() };
        let forward: i8 = if piece.color == Color::White { -1 } else { 1 };
        let mut out = Vec::new();
        for (df, dr, slides) in motions(piece.role) {
            let (mut f, mut r) = (from.file() as i8, from.rank() as i8);
            loop {
                f += df;
                r += dr * forward;
                let Some(to) = u8::try_from(f).ok().zip(u8::try_from(r).ok()).and_then(|(f, r)| Square::new(f, r))
                else {
                    break;
                };
                match p.piece_at(to) {
                    None => out.push(to),
                    Some(other) => {
                        if other.color != piece.color {
                            out.push(to);
                        }
                        break;
                    }
                }
                if !slides {
                    break;
                }
            }
        }
        // a dragon's and a horse's one-square steps repeat their slides
        out.sort_unstable();
        out.dedup();
        out
    }

    fn attacked(p: &Position, sq: Square, by: Color) -> bool {
        Square::all().any(|from| p.piece_at(from).is_some_and(|x| x.color == by) && targets(p, from).contains(&sq))
    }

    /// Ranks from the mover's far side: 1 is its last rank.
    fn depth(sq: Square, color: Color) -> u8 {
        if color == Color::White { sq.rank() } else { 10 - sq.rank() }
    }

    fn dead(role: Role, sq: Square, color: Color) -> bool {
        match role {
            Role::Pawn | Role::Lance => depth(sq, color) == 1,
            Role::Knight => depth(sq, color) <= 2,
            _ => false,
        }
    }

    /// The moves each piece's movement and the drop rules allow, before
    /// the king's safety and the pawn-drop mate are asked.
    pub fn candidates(p: &Position) -> Vec<Move> {
        let us = p.turn();
        let mut candidates = Vec::new();
        for from in Square::all() {
            let Some(piece) = p.piece_at(from).filter(|x| x.color == us) else { continue };
            for to in targets(p, from) {
                let zone = depth(from, us) <= 3 || depth(to, us) <= 3;
                if !dead(piece.role, to, us) {
                    candidates.push(Move::Normal { from, to, promote: false });
                }
                if zone && piece.role.can_promote() {
                    candidates.push(Move::Normal { from, to, promote: true });
                }
            }
        }
        for role in Role::HAND {
            if p.hand_count(us, role) == 0 {
                continue;
            }
            for to in Square::all() {
                let nifu = role == Role::Pawn
                    && Square::all().any(|s| {
                        s.file() == to.file() && p.piece_at(s).is_some_and(|x| x.color == us && x.role == Role::Pawn)
                    });
                if p.piece_at(to).is_none() && !dead(role, to, us) && !nifu {
                    candidates.push(Move::Drop { role, to });
                }
            }
        }
        candidates
    }

    pub fn legal_moves(p: &Position) -> Vec<Move> {
        let us = p.turn();
        candidates(p)
            .into_iter()
            .filter(|&m| {
                let q = p.played(m);
                if q.king(us).is_some_and(|k| attacked(&q, k, us.other())) {
                    return false;
                }
                let pawn_check = matches!(m, Move::Drop { role: Role::Pawn, .. })
                    && q.king(us.other()).is_some_and(|k| attacked(&q, k, us));
                !(pawn_check && legal_moves(&q).is_empty())
            })
            .collect()
    }
}

/// A random line of play: indices into each position's legal moves.
fn playout() -> impl Strategy<Value = (usize, Vec<usize>)> {
    (0..polyfen_shogi::SETUPS.len(), proptest::collection::vec(any::<usize>(), 1..90))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random playouts never panic, keep the position valid and its SFEN
    /// round-tripping, and the fast generator agrees with its slow twin.
    #[test]
    fn random_playouts_agree_with_the_slow_twin((setup, picks) in playout()) {
        let mut p = Position::from_setup(&polyfen_shogi::setup(polyfen_shogi::SETUPS[setup].0).expect("a setup")).expect("playable");
        for pick in picks {
            let fast = p.legal_moves();
            let mut fast_sorted: Vec<Move> = fast.to_vec();
            fast_sorted.sort_unstable();
            let mut slow = slow::legal_moves(&p);
            slow.sort_unstable();
            prop_assert_eq!(&fast_sorted, &slow, "{:?}", p);
            prop_assert_eq!(p.count_legal(), fast.len() as u64);
            // the one-move legality test agrees with the generator
            for m in slow::candidates(&p) {
                prop_assert_eq!(p.is_legal(m), fast.contains(&m), "{} in {:?}", m, p);
            }
            let setup = p.to_setup();
            prop_assert!(setup.validate().iter().all(|v| !v.blocks_play()), "{:?}", p);
            prop_assert_eq!(setup.to_string().parse::<Sfen>().ok(), Some(setup));
            if fast.is_empty() {
                prop_assert_ne!(p.status(), Status::Ongoing);
                break;
            }
            let m = fast[pick % fast.len()];
            prop_assert!(p.is_legal(m));
            let next = p.played(m);
            prop_assert_eq!(p.gives_check(m), next.is_check());
            p = next;
        }
    }
}
