//! Shared helpers for the polyfen benchmarks: a small seeded random number
//! generator, so that the positions benchmarked are the same on every run,
//! and generators of diverse legal positions.

/// A xorshift64* generator: fast, seeded, good enough to pick moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a fixed odd constant).
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// `n` diverse legal Xiangqi positions as standard FEN: each piece of a random
/// subset placed on a random point it may stand on (kings and advisors in
/// their palace, elephants on their seven points, soldiers where they can
/// be), kept only when the whole setup validates clean.
#[must_use]
pub fn xiangqi_fens(n: usize, seed: u64) -> Vec<String> {
    use polyfen_core::Color;
    use polyfen_xiangqi::{Fen, Piece, Role, Square, XiangqiExtras};

    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut board = [None; 90];
        for color in Color::ALL {
            // (role, how many, where it may stand from its own side: file, rank)
            let points = |role: Role| -> Vec<(u8, u8)> {
                match role {
                    Role::King => (3..6).flat_map(|f| (0..3).map(move |r| (f, r))).collect(),
                    Role::Advisor => vec![(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)],
                    Role::Elephant => vec![(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)],
                    Role::Soldier => (0..9u8)
                        .flat_map(|f| (3..10u8).map(move |r| (f, r)))
                        .filter(|&(f, r)| r >= 5 || f % 2 == 0)
                        .collect(),
                    _ => (0..9u8).flat_map(|f| (0..10u8).map(move |r| (f, r))).collect(),
                }
            };
            for (role, count) in [
                (Role::King, 1),
                (Role::Advisor, 2),
                (Role::Elephant, 2),
                (Role::Horse, 2),
                (Role::Chariot, 2),
                (Role::Cannon, 2),
                (Role::Soldier, 5),
            ] {
                let candidates = points(role);
                for i in 0..count {
                    if role != Role::King && i > rng.below(count) {
                        break;
                    }
                    let (f, r) = candidates[rng.below(candidates.len())];
                    let rank = if color == Color::White { r } else { 9 - r };
                    if let Some(sq) = Square::new(f, rank)
                        && board[sq.index()].is_none()
                    {
                        board[sq.index()] = Some(Piece::new(color, role));
                    }
                }
            }
        }
        let turn = if rng.below(2) == 0 { Color::White } else { Color::Black };
        let extras =
            XiangqiExtras { turn, halfmove: rng.below(60) as u32, fullmove: 1 + rng.below(150) as u32, marker: None };
        let fen: Fen = polyfen_core::Setup { board, extras };
        if fen.validate().is_empty() {
            out.push(fen.to_string());
        }
    }
    out
}

/// `n` Xiangqi positions as standard FEN, made the way the chess benchmark
/// makes its positions: random playouts of 20 to 200 plies from the start,
/// every position along the way.
#[must_use]
pub fn xiangqi_playout_fens(n: usize, seed: u64) -> Vec<String> {
    use polyfen_xiangqi::Position;

    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let mut position = Position::start();
        let length = 20 + rng.below(180);
        for _ in 0..length {
            let moves = position.legal_moves();
            if moves.is_empty() || out.len() >= n {
                break;
            }
            position.play(moves[rng.below(moves.len())]);
            out.push(position.to_setup().to_string());
        }
    }
    out
}

/// The lichess sample of the public corpus (games with a clock comment
/// after every move), relative to the corpus.
pub const LICHESS_SAMPLE: &str = "pgn/lichess_db_1000k.pgn";

/// The lichess sample repeated to at least `mb` MB, or `None` (said on
/// standard error) when the public corpus is not beside the repository.
///
/// # Panics
///
/// When the sample is there but cannot be read, or is missing and
/// `POLYFEN_CORPUS=required`.
#[must_use]
pub fn lichess_repeated(mb: usize) -> Option<Vec<u8>> {
    let path = polyfen_test_support::corpus(LICHESS_SAMPLE)?;
    let sample = std::fs::read(path).expect("the lichess sample in the public corpus");
    let mut out = Vec::with_capacity(mb << 20);
    while out.len() < mb * 1_000_000 {
        out.extend_from_slice(&sample);
        out.extend_from_slice(b"\n\n");
    }
    Some(out)
}

/// `input` with its comments and black move numbers (`12...`) taken out:
/// the movetext of a tournament file, moves and white move numbers only.
#[must_use]
pub fn without_comments(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() / 2);
    let mut i = 0;
    while i < input.len() {
        match input[i] {
            b'{' => {
                i += input[i..].iter().position(|&b| b == b'}').map_or(input.len() - i, |n| n + 1);
                while input.get(i) == Some(&b' ') {
                    i += 1;
                }
            }
            b'0'..=b'9' if out.last().is_none_or(|&b: &u8| b == b' ' || b == b'\n') => {
                let digits = input[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                if input[i + digits..].starts_with(b"... ") {
                    i += digits + 4;
                } else {
                    out.extend_from_slice(&input[i..i + digits]);
                    i += digits;
                }
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

/// Every game of the PGN `input` validated by polyfen (read, its moves
/// checked, no tree built): the number of games with an error.
///
/// # Panics
///
/// Never: the input is in memory.
#[must_use]
pub fn polyfen_validate(input: &[u8]) -> u64 {
    let mut bad = 0;
    for game in polyfen::records::Games::new(input, polyfen::records::GameOptions::default().with_check_only(true)) {
        bad += u64::from(game.expect("in memory").is_err());
    }
    bad
}
