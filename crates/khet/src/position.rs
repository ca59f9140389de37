//! A playable Khet position: legal moves, playing a move (the mover's laser
//! fires after it), and the end of the game.
//!
//! The board is held as a mailbox of 12 × 10 bytes (the 10 × 8 board with a
//! border of one square), each byte a piece code, so that the laser and the
//! move generator step with one addition and see the edge as a byte.

use crate::types::KhetSquare;
use core::fmt;

use polyfen_core::{Color, MoveRepair};

use crate::laser::{Beam, BeamEnd, Bounce, Laser};
use crate::moves::{Move, MoveParseError, Rotation, move_error};
use crate::types::{Facing, Kind, Piece, Square};
use crate::validate::Violation;
use crate::{KhetExtras, Pkn};

/// Width of a mailbox row.
pub(crate) const W: usize = 12;
/// Cells of the mailbox.
pub(crate) const CELLS: usize = 120;
/// The code of a border cell.
pub(crate) const BORDER: u8 = 0x80;
/// The code of an empty cell.
pub(crate) const EMPTY: u8 = 0;

/// Mailbox steps of the four beam directions, indexed by [`Facing`].
pub(crate) const DIR: [isize; 4] = [W as isize, 1, -(W as isize), -1];
/// Mailbox steps of the eight neighbours, clockwise from north.
pub(crate) const NEIGHBOURS: [isize; 8] =
    [W as isize, W as isize + 1, 1, 1 - W as isize, -(W as isize), -(W as isize) - 1, -1, W as isize - 1];

/// The code of a piece: bit 6 set, colour in bit 5, kind in bits 2–4,
/// facing in bits 0–1.
pub(crate) const fn code(piece: Piece) -> u8 {
    0x40 | ((piece.color as u8) << 5) | ((piece.kind as u8) << 2) | piece.facing.index()
}

/// The piece of a code (the code must be a piece's).
pub(crate) const fn piece_of(code: u8) -> Piece {
    let color = if code & 0x20 == 0 { Color::White } else { Color::Black };
    let kind = match (code >> 2) & 7 {
        0 => Kind::Anubis,
        1 => Kind::Pharaoh,
        2 => Kind::Pyramid,
        3 => Kind::Scarab,
        4 => Kind::Sphinx,
        _ => Kind::Eye,
    };
    Piece::new(color, kind, Facing::from_index(code & 3))
}

/// The kind bits of a code.
#[inline]
pub(crate) const fn kind_bits(code: u8) -> u8 {
    (code >> 2) & 7
}

/// The colour bit of a code: 0 silver, 1 red.
#[inline]
pub(crate) const fn color_bit(code: u8) -> u8 {
    (code >> 5) & 1
}

/// The mailbox cell of a square.
#[inline]
pub(crate) const fn cell(square: Square) -> usize {
    (square.rank() as usize + 1) * W + square.file() as usize + 1
}

/// The square of a mailbox cell on the board.
pub(crate) const fn square_of(cell: usize) -> Square {
    match Square::new((cell % W) as u8 - 1, (cell / W) as u8 - 1) {
        Some(square) => square,
        None => crate::J1,
    }
}

/// The mailbox cells of the 80 squares, `a1` first.
pub(crate) const SQUARE_CELLS: [u8; 80] = {
    let mut cells = [0; 80];
    let mut i = 0;
    while i < 80 {
        cells[i] = ((i / 10 + 1) * W + i % 10 + 1) as u8;
        i += 1;
    }
    cells
};

/// For each cell, a bit per colour that may NOT stand there: bit 0 silver,
/// bit 1 red; the border forbids both.
pub(crate) const FORBIDDEN: [u8; CELLS] = {
    let mut table = [3; CELLS];
    let mut i = 0;
    while i < 80 {
        let square = match Square::from_index(i) {
            Some(s) => s,
            None => crate::J1,
        };
        table[SQUARE_CELLS[i] as usize] = match crate::types::reserved_for(square) {
            Some(Color::White) => 2,
            Some(Color::Black) => 1,
            None => 0,
        };
        i += 1;
    }
    table
};

/// What a beam does on meeting a piece: `0..=3` goes on in that direction,
/// [`ABSORB`], [`REMOVE`], or for an eye `SPLIT | reflected direction`.
pub(crate) const ABSORB: u8 = 4;
/// The piece hit is removed.
pub(crate) const REMOVE: u8 = 5;
/// The beam reflects (the low bits) and also goes straight on.
pub(crate) const SPLIT: u8 = 8;

/// The beam table, indexed by `code & 0x3F` (colour does not matter, but it
/// is cheaper to keep it) and the beam's direction.
pub(crate) const BEAM: [[u8; 4]; 64] = {
    let mut table = [[REMOVE; 4]; 64];
    let mut c = 0;
    while c < 64 {
        let kind = (c >> 2) & 7;
        let f = (c & 3) as u8;
        let mut d = 0;
        while d < 4 {
            let d8 = d as u8;
            let from = (d8 + 2) & 3; // the side the beam comes in by
            table[c][d] = match kind {
                // anubis: absorbs on its shield
                0 => {
                    if from == f {
                        ABSORB
                    } else {
                        REMOVE
                    }
                }
                // pyramid: mirror sides f and f + 1
                2 => {
                    if from == f {
                        (f + 1) & 3
                    } else if from == (f + 1) & 3 {
                        f
                    } else {
                        REMOVE
                    }
                }
                // scarab and eye: `\` for n/s, `/` for e/w
                3 | 5 => {
                    let reflected = if f & 1 == 0 {
                        // `\`: N→W, E→S, S→E, W→N
                        3 - d8
                    } else {
                        // `/`: N→E, E→N, S→W, W→S
                        d8 ^ 1
                    };
                    if kind == 5 { SPLIT | reflected } else { reflected }
                }
                // sphinx
                4 => ABSORB,
                // pharaoh and unused codes
                _ => REMOVE,
            };
            d += 1;
        }
        c += 1;
    }
    table
};

/// Choices of the rules that are not part of the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Forbid a scarab's or eye's swap that puts the other piece on a
    /// square reserved for that piece's opponent. (The scarab or eye itself
    /// never swaps onto a square reserved for its opponent, as it never
    /// steps there; the published perft numbers count that way.)
    pub swap_restriction: bool,
    /// List every rotation as a move of its own. By default a move whose
    /// result another move already gives is left out: a pharaoh never
    /// turns (its facing does nothing), a scarab or eye turns one way only
    /// (both turns give the same mirror), and a sphinx has its one turn.
    pub every_rotation: bool,
}

/// How the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Both pharaohs are on the board.
    Ongoing,
    /// The laser removed this side's pharaoh: it has lost.
    PharaohLost(Color),
    /// Both pharaohs are gone (one eye's split beam can hit both): the side
    /// whose laser fired loses by hitting its own pharaoh, but the position
    /// alone cannot say who fired, so this is reported as it is.
    BothPharaohsLost,
}

/// A position that can be played: the board, the side to move and the turn
/// counter.
///
/// Why a setup cannot be played from: the violations that make the rules
/// impossible to apply, separated by `; ` when displayed.
pub type PositionError = polyfen_core::PositionError<Violation>;

/// Build one from a [`Pkn`] with [`Position::from_setup`]; turn it back with
/// [`Position::to_setup`]. After each move the mover's laser fires and the
/// pieces it hits are removed ([`Position::play`]); when a pharaoh is
/// removed the game is over and there are no more legal moves.
///
/// # Examples
///
/// ```
/// use polyfen_core::Color;
/// use polyfen_khet::{Kind, Move, Pkn, Position, Rules, Square, CLASSIC};
///
/// let mut pos = Position::from_setup(&CLASSIC.parse::<Pkn>()?).map_err(|v| format!("{v:?}"))?;
/// assert_eq!(pos.legal_moves(&Rules::default()).len(), 77);
/// // silver turns its sphinx west: the beam runs along rank 1 into the back
/// // of its own anubis on f1, which is removed
/// let laser = pos.play(Move::parse("j1-")?, &Rules::default())?;
/// let f1 = Square::parse(b"f1").ok_or("square")?;
/// assert_eq!(laser.beams[0].path.len(), 4);
/// assert_eq!(laser.removed().iter().map(|&(s, p)| (s, p.kind)).collect::<Vec<_>>(), [(f1, Kind::Anubis)]);
/// assert_eq!(pos.turn(), Color::Black);
/// assert_eq!(pos.to_setup().to_string(), "2PAR4X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnwneewwsnsnsneewwssssse r 0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) cells: [u8; CELLS],
    pub(crate) turn: Color,
    pub(crate) turn_counter: u32,
    /// The sphinx cells, silver's then red's.
    pub(crate) sphinx: [u8; 2],
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_setup())
    }
}

impl Position {
    /// A position from a setup that obeys the rules ([`Pkn::validate`]),
    /// or whose only faults are ones play can lead to: a missing pharaoh (a
    /// game the laser has ended), and a pyramid or anubis on a square
    /// reserved for its opponent (where a scarab's swap can put it unless
    /// [`Rules::swap_restriction`] forbids it).
    ///
    /// # Errors
    ///
    /// The violations that make the setup unplayable.
    pub fn from_setup(setup: &Pkn) -> Result<Position, PositionError> {
        let violations: Vec<Violation> =
            setup.validate().into_iter().filter(|v| !is_game_over_count(v) && !is_swapped_there(v)).collect();
        if !violations.is_empty() {
            return Err(PositionError { violations });
        }
        let mut cells = [BORDER; CELLS];
        let mut sphinx = [0; 2];
        for square in Square::all() {
            let c = cell(square);
            cells[c] = EMPTY;
            if let Some(piece) = setup.board.get(square.index()).copied().flatten() {
                cells[c] = code(piece);
                if piece.kind == Kind::Sphinx {
                    sphinx[piece.color.index()] = c as u8;
                }
            }
        }
        Ok(Position { cells, turn: setup.extras.turn, turn_counter: setup.extras.turn_counter, sphinx })
    }

    /// The setup of this position, every piece with its facing.
    #[must_use]
    pub fn to_setup(&self) -> Pkn {
        let mut board = [None; 80];
        for square in Square::all() {
            board[square.index()] = self.piece_at(square);
        }
        Pkn { board, extras: KhetExtras { turn: self.turn, turn_counter: self.turn_counter } }
    }

    /// The piece on `square`.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let c = self.cells[cell(square)];
        if c == EMPTY { None } else { Some(piece_of(c)) }
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The turn counter (it grows after each red move, as PKN's author
    /// describes it).
    #[must_use]
    pub fn turn_counter(&self) -> u32 {
        self.turn_counter
    }

    /// Whether the game goes on, and if not who lost.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let mut present = [false; 2];
        for &c in &SQUARE_CELLS {
            let code = self.cells[c as usize];
            if code != EMPTY && kind_bits(code) == Kind::Pharaoh as u8 {
                present[color_bit(code) as usize] = true;
            }
        }
        match present {
            [true, true] => Outcome::Ongoing,
            [false, true] => Outcome::PharaohLost(Color::White),
            [true, false] => Outcome::PharaohLost(Color::Black),
            [false, false] => Outcome::BothPharaohsLost,
        }
    }

    /// True when the game is over (a pharaoh is gone).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome() != Outcome::Ongoing
    }

    /// True when `mv` moves a scarab or eye onto a square with a piece
    /// (a swap), false for a step, a rotation or an illegal move.
    #[must_use]
    pub fn is_swap(&self, mv: Move) -> bool {
        match mv {
            Move::Travel { from, to } => {
                let (a, b) = (self.cells[cell(from)], self.cells[cell(to)]);
                a != EMPTY && b != EMPTY
            }
            Move::Rotate { .. } => false,
        }
    }

    /// Every legal move of the side to move, square by square from a1 (for
    /// each piece: travels clockwise from north, then rotations clockwise
    /// first). None once the game is over.
    #[must_use]
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut moves = Vec::with_capacity(96);
        if self.is_over() {
            return moves;
        }
        self.generate(*rules, |from, action| {
            let from = square_of(from);
            moves.push(match action {
                Action::Travel(to) => Move::Travel { from, to: square_of(to) },
                Action::Rotate(rotation) => Move::Rotate { square: from, rotation },
            });
        });
        moves
    }

    /// Calls `emit` with each legal move of the side to move (the game is
    /// assumed to go on).
    #[inline]
    pub(crate) fn generate(&self, rules: Rules, mut emit: impl FnMut(usize, Action)) {
        let mine = self.turn as u8;
        for &c in &SQUARE_CELLS {
            let c = c as usize;
            let code = self.cells[c];
            if code == EMPTY || color_bit(code) != mine {
                continue;
            }
            let kind = kind_bits(code);
            if kind == Kind::Sphinx as u8 {
                let facing = code & 3;
                for rotation in Rotation::ALL {
                    let turned = Rotation::apply(rotation, Facing::from_index(facing)).index() as usize;
                    if self.cells[(c as isize + DIR[turned]) as usize] != BORDER {
                        emit(c, Action::Rotate(rotation));
                    }
                }
                continue;
            }
            let swapper = kind == Kind::Scarab as u8 || kind == Kind::Eye as u8;
            for step in NEIGHBOURS {
                let t = (c as isize + step) as usize;
                let target = self.cells[t];
                if target == EMPTY {
                    if FORBIDDEN[t] >> mine & 1 == 0 {
                        emit(c, Action::Travel(t));
                    }
                } else if swapper && target != BORDER {
                    let k = kind_bits(target);
                    if (k == Kind::Pyramid as u8 || k == Kind::Anubis as u8)
                        && FORBIDDEN[t] >> mine & 1 == 0
                        && !(rules.swap_restriction && FORBIDDEN[c] >> color_bit(target) & 1 != 0)
                    {
                        emit(c, Action::Travel(t));
                    }
                }
            }
            let turns = if rules.every_rotation {
                2
            } else if kind == Kind::Pharaoh as u8 {
                0
            } else if swapper {
                1
            } else {
                2
            };
            for &rotation in Rotation::ALL.iter().take(turns) {
                emit(c, Action::Rotate(rotation));
            }
        }
    }

    /// Reads `text` as a move and checks that it is legal here. Any
    /// rotation the rules allow is accepted, whatever
    /// [`Rules::every_rotation`] says (a pharaoh may turn, a scarab may
    /// turn either way).
    ///
    /// # Errors
    ///
    /// A [`MoveParseError`] for text that is no move, or a move that is not
    /// legal here, saying why.
    pub fn parse_move(&self, text: &str, rules: &Rules) -> Result<Move, MoveParseError> {
        let mv = match Move::parse(text) {
            Ok(mv) => mv,
            Err(e) => {
                // a move in uppercase that would not be legal in lowercase
                // either: say that first, as a lenient reading would
                if let Ok(mv) = Move::parse_any_case(text)
                    && let Err(why) = self.check_legal(mv, rules)
                {
                    return Err(move_error(why, 0..text.len()));
                }
                return Err(e);
            }
        };
        self.check_legal(mv, rules).map_err(|why| move_error(why, 0..text.len()))?;
        Ok(mv)
    }

    /// Reads `text` as a move leniently ([`Move::parse_lenient`], reporting
    /// each non-standard reading in `repairs`) and checks that it is legal
    /// here, as [`Position::parse_move`] does.
    ///
    /// # Errors
    ///
    /// As [`Position::parse_move`].
    pub fn parse_move_lenient(
        &self,
        text: &str,
        rules: &Rules,
        repairs: &mut Vec<MoveRepair>,
    ) -> Result<Move, MoveParseError> {
        let mut found = Vec::new();
        let mv = Move::parse_lenient(text, &mut found)?;
        self.check_legal(mv, rules).map_err(|why| move_error(why, 0..text.len()))?;
        repairs.append(&mut found);
        Ok(mv)
    }

    /// `Ok` when `mv` is legal here, else why not, in words.
    ///
    /// # Errors
    ///
    /// The reason the move is not legal.
    pub fn check_legal(&self, mv: Move, rules: &Rules) -> Result<(), String> {
        if let Some(over) = self.outcome_message() {
            return Err(over);
        }
        let from = mv.from();
        let Some(piece) = self.piece_at(from) else {
            return Err(format!("there is no piece on {from}"));
        };
        if piece.color != self.turn {
            return Err(format!(
                "the {} {} on {from} is not {}'s: {} is to move",
                crate::color_name(piece.color),
                piece.kind.name(),
                crate::color_name(self.turn),
                crate::color_name(self.turn)
            ));
        }
        let all = Rules { every_rotation: true, ..*rules };
        let mut legal = false;
        let target = cell(from);
        self.generate(all, |c, action| {
            if c == target {
                legal |= match (action, mv) {
                    (Action::Travel(t), Move::Travel { to, .. }) => t == cell(to),
                    (Action::Rotate(r), Move::Rotate { rotation, .. }) => r == rotation,
                    _ => false,
                };
            }
        });
        if legal {
            return Ok(());
        }
        Err(match mv {
            Move::Rotate { .. } => {
                format!("the {} on {from} cannot turn that way: it would fire off the board", piece.kind.name())
            }
            Move::Travel { to, .. } => self.travel_refusal(piece, from, to, *rules),
        })
    }

    /// Why the piece on `from` cannot go to `to`.
    fn travel_refusal(&self, piece: Piece, from: Square, to: Square, rules: Rules) -> String {
        let adjacent = from.file().abs_diff(to.file()) <= 1 && from.rank().abs_diff(to.rank()) <= 1;
        let name = piece.kind.name();
        if piece.kind == Kind::Sphinx {
            return format!("the sphinx on {from} never leaves its square; it can only turn");
        }
        if !adjacent {
            return format!("{to} is not next to {from}: a piece moves one square");
        }
        match self.piece_at(to) {
            None => format!(
                "{to} is reserved for {}: the {} {name} cannot go there",
                crate::color_name(piece.color.other()),
                crate::color_name(piece.color)
            ),
            Some(other) if !piece.kind.is_symmetric() => {
                format!("{to} is taken by a {}: only a scarab or an eye of Horus swaps", other.kind.name())
            }
            Some(other) if !matches!(other.kind, Kind::Pyramid | Kind::Anubis) => {
                format!("a {name} swaps only with a pyramid or an anubis, not a {}", other.kind.name())
            }
            Some(_) if to.reserved_for() == Some(piece.color.other()) => format!(
                "{to} is reserved for {}: the {} {name} cannot swap onto it",
                crate::color_name(piece.color.other()),
                crate::color_name(piece.color)
            ),
            Some(other) if rules.swap_restriction => format!(
                "the swap would put the {} {} on {from}, which is reserved for {}",
                crate::color_name(other.color),
                other.kind.name(),
                crate::color_name(other.color.other())
            ),
            Some(_) => format!("the {name} on {from} cannot go to {to}"),
        }
    }

    /// A sentence saying the game is over, if it is.
    fn outcome_message(&self) -> Option<String> {
        match self.outcome() {
            Outcome::Ongoing => None,
            Outcome::PharaohLost(color) => {
                Some(format!("the game is over: {}'s pharaoh was removed", crate::color_name(color)))
            }
            Outcome::BothPharaohsLost => Some("the game is over: both pharaohs were removed".to_owned()),
        }
    }

    /// Plays `mv`: the piece moves, the mover's laser fires and removes
    /// what it hits, then the other side is to move (and after a red move
    /// the turn counter grows). Returns the laser shot.
    ///
    /// # Errors
    ///
    /// Why the move is not legal; the position is unchanged.
    pub fn play(&mut self, mv: Move, rules: &Rules) -> Result<Laser, String> {
        self.check_legal(mv, rules)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays a move already known to be legal here (one of
    /// [`Position::legal_moves`], or read by [`Position::parse_move`]),
    /// without checking it again; see [`Position::play`]. An illegal move
    /// leaves a position the rules would not reach, never a panic.
    pub fn play_legal(&mut self, mv: Move) -> Laser {
        self.play_unchecked(mv)
    }

    /// Plays a null move: the turn passes (and the turn counter grows after
    /// red's), nothing moves and no laser fires.
    pub fn play_null(&mut self) {
        self.end_turn();
    }

    /// Plays a legal move (see [`Position::play`]); the move is not checked.
    pub(crate) fn play_unchecked(&mut self, mv: Move) -> Laser {
        match mv {
            Move::Travel { from, to } => {
                let (a, b) = (cell(from), cell(to));
                self.cells.swap(a, b);
            }
            Move::Rotate { square, rotation } => {
                let c = cell(square);
                let code = self.cells[c];
                self.cells[c] = (code & !3) | rotation.apply(Facing::from_index(code & 3)).index();
            }
        }
        let laser = self.laser(self.turn);
        for (square, _) in laser.removed() {
            self.cells[cell(square)] = EMPTY;
        }
        self.end_turn();
        laser
    }

    /// Passes the turn to the other side.
    #[inline]
    pub(crate) fn end_turn(&mut self) {
        if self.turn == Color::Black {
            self.turn_counter = self.turn_counter.wrapping_add(1);
        }
        self.turn = self.turn.other();
    }

    /// The shot of `color`'s laser in this position, traced in full: every
    /// square, bounce and outcome, with the eye's split beams.
    #[must_use]
    pub fn laser(&self, color: Color) -> Laser {
        let origin = self.sphinx[color.index()] as usize;
        let facing = Facing::from_index(self.cells[origin] & 3);
        let mut laser = Laser { color, sphinx: square_of(origin), direction: facing, beams: Vec::new() };
        let mut pending = vec![(origin, facing.index() as usize)];
        let mut seen = [[false; 4]; CELLS];
        while let Some((start, dir)) = pending.pop() {
            let beam = self.trace(start, dir, &mut seen, &mut pending);
            laser.beams.push(beam);
        }
        laser
    }

    /// Traces one beam from `start` going `dir`; splits at an eye are
    /// pushed onto `pending`, and `seen` marks the eyes already crossed in
    /// each direction (a beam that comes back the same way stops there).
    fn trace(
        &self,
        start: usize,
        mut dir: usize,
        seen: &mut [[bool; 4]; CELLS],
        pending: &mut Vec<(usize, usize)>,
    ) -> Beam {
        let mut beam = Beam {
            start: square_of(start),
            direction: Facing::from_index(dir as u8),
            path: Vec::new(),
            bounces: Vec::new(),
            end: BeamEnd::LeftBoard { square: square_of(start), direction: Facing::from_index(dir as u8) },
        };
        let mut at = start;
        loop {
            let next = (at as isize + DIR[dir]) as usize;
            let code = self.cells[next];
            if code == BORDER {
                beam.end = BeamEnd::LeftBoard { square: square_of(at), direction: Facing::from_index(dir as u8) };
                return beam;
            }
            at = next;
            let square = square_of(at);
            beam.path.push(square);
            if code == EMPTY {
                continue;
            }
            let action = BEAM[(code & 0x3F) as usize][dir];
            match action {
                ABSORB => {
                    beam.end = BeamEnd::Absorbed { square, piece: piece_of(code) };
                    return beam;
                }
                REMOVE => {
                    beam.end = BeamEnd::Removed { square, piece: piece_of(code) };
                    return beam;
                }
                _ => {
                    if action & SPLIT != 0 {
                        if seen[at][dir] {
                            beam.end = BeamEnd::Repeats { square };
                            return beam;
                        }
                        seen[at][dir] = true;
                        pending.push((at, dir));
                    }
                    let new = (action & 3) as usize;
                    beam.bounces.push(Bounce {
                        square,
                        from: Facing::from_index(dir as u8),
                        to: Facing::from_index(new as u8),
                    });
                    dir = new;
                }
            }
        }
    }
}

/// One legal move as the generator gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// To this cell (a step or a swap).
    Travel(usize),
    /// A quarter turn.
    Rotate(Rotation),
}

/// True for a pyramid or anubis on a square reserved for its opponent,
/// where an unrestricted swap can put it.
fn is_swapped_there(violation: &Violation) -> bool {
    matches!(violation, Violation::ReservedSquare { piece, .. } if matches!(piece.kind, Kind::Pyramid | Kind::Anubis))
}

/// True for a piece-count violation that only says a pharaoh is gone (the
/// laser ended the game) with every other count possible.
fn is_game_over_count(violation: &Violation) -> bool {
    let Violation::PieceCounts { counts, .. } = violation else {
        return false;
    };
    let count = |kind: Kind| counts[kind as usize];
    count(Kind::Pharaoh) == 0
        && count(Kind::Sphinx) == 1
        && count(Kind::Scarab) + count(Kind::Eye) == 2
        && count(Kind::Eye) <= 1
        && count(Kind::Anubis) <= 2
        && count(Kind::Pyramid) <= 7
}
