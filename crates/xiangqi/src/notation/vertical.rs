//! What WXF and Chinese notation share: files counted from the mover's right,
//! forward/backward/sideways, and where a piece stands among the pieces like
//! it on its file (front, rear, middle, numbered).
//!
//! A written move is read into a [`Spec`] (a role, a [`Which`], an [`Op`]
//! and a target number) and then matched against the legal moves: the
//! notation names a move only through the board, so reading never builds a
//! string for a legal move.

use core::ops::Range;

use polyfen_core::Color;

use super::{Found, MoveErrorKind, MoveParseError, XiangqiMoveNotation};
use crate::{Board, Move, Piece, Role, Square, color_name};

/// Which way a piece goes, seen from its own side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    /// Towards the enemy: WXF `+`, 进.
    Forward,
    /// Towards its own side: WXF `-`, 退.
    Backward,
    /// Along its rank: WXF `.` or `=`, 平.
    Sideways,
}

/// The file `file` (0 = a) as `color` counts it: 1–9 from its own right.
#[inline]
pub(super) const fn rel_file(color: Color, file: u8) -> u8 {
    match color {
        Color::White => 9 - file,
        Color::Black => file + 1,
    }
}

/// The board file (0 = a) of `color`'s file number `n` (1–9).
#[inline]
pub(super) const fn abs_file(color: Color, n: u8) -> u8 {
    match color {
        Color::White => 9 - n,
        Color::Black => n - 1,
    }
}

/// How far `rank` is from `color`'s back rank.
#[inline]
const fn rel_rank(color: Color, rank: u8) -> u8 {
    match color {
        Color::White => rank,
        Color::Black => 9 - rank,
    }
}

/// The way a move of `color` goes and its target number: the distance for a
/// move along a file, else the destination file counted from `color`'s right.
#[inline]
pub(super) fn motion(color: Color, mv: Move) -> (Op, u8) {
    let (from, to) = (mv.from, mv.to);
    let op = if from.rank() == to.rank() {
        Op::Sideways
    } else if rel_rank(color, to.rank()) > rel_rank(color, from.rank()) {
        Op::Forward
    } else {
        Op::Backward
    };
    let target = if from.file() == to.file() { from.rank().abs_diff(to.rank()) } else { rel_file(color, to.file()) };
    (op, target)
}

/// The point the `piece` on `from` reaches going `op` with `target` (the
/// inverse of [`motion`]), if there is one.
#[inline]
fn target_of(piece: Piece, from: Square, op: Op, target: u8) -> Option<Square> {
    let color = piece.color();
    if !(1..=9).contains(&target) {
        return None;
    }
    let ahead: i8 = if color == Color::White { 1 } else { -1 };
    let sign = match op {
        Op::Forward => ahead,
        Op::Backward => -ahead,
        Op::Sideways => 0,
    };
    let to_file = abs_file(color, target) as i8;
    let df = to_file - from.file() as i8;
    match piece.role() {
        role @ (Role::Advisor | Role::Elephant | Role::Horse) => {
            let dr = match (role, df.abs()) {
                (Role::Advisor, 1) | (Role::Horse, 2) => 1,
                (Role::Elephant, 2) | (Role::Horse, 1) => 2,
                _ => return None,
            };
            if sign == 0 { None } else { from.offset(df, sign * dr) }
        }
        _ if sign == 0 => {
            if df == 0 {
                None
            } else {
                from.offset(df, 0)
            }
        }
        _ => from.offset(0, sign * target as i8),
    }
}

/// Where a piece stands among the pieces of its side and role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Group {
    /// The pieces like it on its file, itself included.
    pub n: u8,
    /// Its place on the file, 1 = the front one (nearest the enemy).
    pub index: u8,
    /// The files holding two or more pieces like it (computed only when
    /// `n >= 2`, else 0).
    pub doubled_files: u8,
    /// Its number among the pieces on such files, files from the mover's
    /// right then front to back, from 1 (0 when `n < 2`).
    pub global: u8,
}

impl Group {
    /// The group of the `piece` standing on `from`.
    pub fn of(board: &Board, piece: Piece, from: Square) -> Group {
        let (n, index) = on_file(board, piece, from.file(), from.rank());
        let mut group = Group { n, index, doubled_files: 0, global: 0 };
        if n < 2 {
            return group;
        }
        let color = piece.color();
        let mut before = 0u8;
        for number in 1..=9u8 {
            let file = abs_file(color, number);
            let (count, _) = on_file(board, piece, file, 0);
            if count >= 2 {
                group.doubled_files += 1;
                if file == from.file() {
                    group.global = before + index;
                }
                before = before.saturating_add(count);
            }
        }
        group
    }
}

/// How many of `piece` stand on `file`, and the place (1 = front) of the
/// one on `rank` among them.
#[inline]
fn on_file(board: &Board, piece: Piece, file: u8, rank: u8) -> (u8, u8) {
    let mut n = 0u8;
    let mut ahead = 0u8;
    let red = piece.color() == Color::White;
    for r in 0..10u8 {
        if board[usize::from(r) * 9 + usize::from(file)] == Some(piece) {
            n += 1;
            if (red && r > rank) || (!red && r < rank) {
                ahead += 1;
            }
        }
    }
    (n, ahead + 1)
}

/// The other piece like the one on `from` on its file, when there are two.
pub(super) fn other_on_file(board: &Board, piece: Piece, from: Square) -> Option<Square> {
    (0..10u8).filter_map(|r| Square::new(from.file(), r)).find(|&sq| sq != from && board[sq.index()] == Some(piece))
}

/// A move described for the vertical-line writers.
#[derive(Clone, Copy, Debug)]
pub(super) struct Facts {
    /// The piece that moves.
    pub piece: Piece,
    /// Its file, counted from its side's right.
    pub file: u8,
    /// Which way it goes.
    pub op: Op,
    /// The distance or the destination file.
    pub target: u8,
    /// Where it stands among the pieces like it.
    pub group: Group,
}

impl Facts {
    /// The facts of `mv`, or `None` when its point is empty.
    #[inline]
    pub fn of(board: &Board, mv: Move) -> Option<Facts> {
        let piece = board[mv.from.index()]?;
        let color = piece.color();
        let (op, target) = motion(color, mv);
        Some(Facts {
            piece,
            file: rel_file(color, mv.from.file()),
            op,
            target,
            group: Group::of(board, piece, mv.from),
        })
    }
}

/// A tandem mark: which of several pieces on one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    /// 前: the front one.
    Front,
    /// 中, xqbase `.`, the WXF page's repeated file: the middle one of three
    /// (or five).
    Middle,
    /// 后 / 後: the rear one.
    Rear,
    /// WXF `+`: the front one of two or three, the second of four or five.
    Plus,
    /// WXF `-`: the rear one of two or three, the second last of four or five.
    Minus,
    /// WXF `++`: the foremost.
    First,
    /// WXF `--`: the rearmost.
    Last,
}

impl Mark {
    /// The place (1 = front) the mark names among `n` pieces, or 0.
    const fn index(self, n: u8) -> u8 {
        if n < 2 {
            return 0;
        }
        match self {
            Mark::Front | Mark::First => 1,
            Mark::Rear | Mark::Last => n,
            Mark::Middle => {
                if n % 2 == 1 {
                    n.div_ceil(2)
                } else {
                    0
                }
            }
            Mark::Plus => {
                if n <= 3 {
                    1
                } else {
                    2
                }
            }
            Mark::Minus => {
                if n <= 3 {
                    n
                } else {
                    n - 1
                }
            }
        }
    }

    const fn words(self) -> &'static str {
        match self {
            Mark::Front | Mark::Plus => "front",
            Mark::Middle => "middle",
            Mark::Rear | Mark::Minus => "rear",
            Mark::First => "foremost",
            Mark::Last => "rearmost",
        }
    }
}

/// Which piece a written move names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Which {
    /// A piece on this file (1–9 from the mover's right): `C2`, 炮二. On
    /// a file of three or five pieces, the WXF page means the middle one.
    File(u8),
    /// A tandem mark, with the file when written (前兵九, WXF page `7+`).
    Mark(Mark, Option<u8>),
    /// A number: with a file, the place on that file (Fairy-Stockfish `17`);
    /// without, xqbase's numbering (一兵, `Pa`).
    Ordinal(u8, Option<u8>),
}

impl Which {
    /// The file written, if any.
    const fn file(self) -> Option<u8> {
        match self {
            Which::File(f) | Which::Mark(_, Some(f)) | Which::Ordinal(_, Some(f)) => Some(f),
            _ => None,
        }
    }

    /// Whether the `piece` on `from`, on file `file` (counted from its
    /// side's right, already checked against a written file), is the one
    /// named: `(strictly, leniently)`. Strictly, a plain file on a file of
    /// three or five pieces names the middle one (the WXF page); leniently
    /// it names any piece on it.
    #[inline]
    fn names(self, board: &Board, piece: Piece, from: Square) -> (bool, bool) {
        let (n, index) = on_file(board, piece, from.file(), from.rank());
        let yes = match self {
            Which::File(_) => {
                let strict = !matches!(n, 3 | 5) || index == n.div_ceil(2);
                return (strict, true);
            }
            Which::Mark(mark, _) => index == mark.index(n),
            Which::Ordinal(k, Some(_)) => index == k,
            Which::Ordinal(k, None) => {
                n >= 2 && {
                    let group = Group::of(board, piece, from);
                    if group.doubled_files >= 2 { group.global == k } else { group.index == k }
                }
            }
        };
        (yes, yes)
    }
}

/// A move as written in WXF or Chinese, before the board is consulted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Spec {
    /// The role, when written (Fairy-Stockfish's numbered form has none).
    pub role: Option<Role>,
    /// Which piece of that role.
    pub which: Which,
    /// Which way it goes.
    pub op: Op,
    /// The distance or destination file, 1–9.
    pub target: u8,
    /// The bytes naming the piece.
    pub piece_span: Range<usize>,
    /// The bytes of the way and the target.
    pub motion_span: Range<usize>,
}

impl Spec {
    /// Whether `m`, a move of `turn`, is the move this spec names:
    /// `(strictly, leniently)`, see [`Which::names`].
    #[inline]
    fn matches(&self, board: &Board, turn: Color, m: Move) -> (bool, bool) {
        let Some(piece) = board[m.from.index()] else {
            return (false, false);
        };
        if piece.color() != turn || self.role.is_some_and(|r| r != piece.role()) {
            return (false, false);
        }
        if self.which.file().is_some_and(|f| f != rel_file(turn, m.from.file())) {
            return (false, false);
        }
        if motion(turn, m) != (self.op, self.target) {
            return (false, false);
        }
        self.which.names(board, piece, m.from)
    }

    /// Whether the `piece` on `from` is a piece this spec names (leniently).
    fn names_piece(&self, board: &Board, piece: Piece, from: Square) -> bool {
        if self.role.is_some_and(|r| r != piece.role())
            || self.which.file().is_some_and(|f| f != rel_file(piece.color(), from.file()))
        {
            return false;
        }
        self.which.names(board, piece, from).1
    }

    /// The piece in words: `red chariot on file 8`, `front red soldier`.
    fn piece_words(&self, turn: Color) -> String {
        let role = self.role.map_or("piece", Role::name);
        let side = color_name(turn);
        match self.which {
            Which::File(f) => format!("{side} {role} on file {f}"),
            Which::Mark(mark, file) => {
                let on = file.map(|f| format!(" on file {f}")).unwrap_or_default();
                format!("{} {side} {role}{on}", mark.words())
            }
            Which::Ordinal(k, Some(f)) => format!("{side} {role} number {k} on file {f}"),
            Which::Ordinal(k, None) => format!("{side} {role} number {k}"),
        }
    }

    /// The way and target in words: `forward 3`, `sideways to file 5`.
    fn motion_words(&self) -> String {
        let diagonal = matches!(self.role, Some(Role::Advisor | Role::Elephant | Role::Horse));
        match (self.op, diagonal) {
            (Op::Sideways, _) => format!("sideways to file {}", self.target),
            (Op::Forward, false) => format!("forward {}", self.target),
            (Op::Backward, false) => format!("backward {}", self.target),
            (Op::Forward, true) => format!("forward to file {}", self.target),
            (Op::Backward, true) => format!("backward to file {}", self.target),
        }
    }
}

/// The one legal move that one of `specs` names (several specs when the
/// text reads more than one way), and whether it was named strictly, or an
/// error naming the candidates, written in `style`.
pub(super) fn resolve(
    board: &Board,
    turn: Color,
    legal: &[Move],
    specs: &[Spec],
    style: XiangqiMoveNotation,
) -> Result<(Move, bool), MoveParseError> {
    // one pass over the pieces the specs can name, counting strict and
    // lenient matches (they differ only for a plain file on a file of three
    // or five pieces)
    let mut found = [None::<Move>; 2];
    let mut more = [false; 2];
    for spec in specs {
        let file = spec.which.file().map(|f| abs_file(turn, f));
        let points = match file {
            Some(f) => usize::from(f)..usize::from(f) + 82,
            None => 0..90,
        };
        let step = if file.is_some() { 9 } else { 1 };
        for index in points.step_by(step) {
            let Some(from) = Square::from_index(index) else { continue };
            let Some(piece) = board[index] else { continue };
            if piece.color() != turn || spec.role.is_some_and(|r| r != piece.role()) {
                continue;
            }
            let Some(to) = target_of(piece, from, spec.op, spec.target) else { continue };
            let (strict, lenient) = spec.which.names(board, piece, from);
            let m = Move::new(from, to);
            if !lenient || !legal.contains(&m) {
                continue;
            }
            for (i, hit) in [strict, lenient].into_iter().enumerate() {
                if hit {
                    more[i] |= found[i].is_some_and(|f| f != m);
                    found[i] = Some(m);
                }
            }
        }
    }
    for i in 0..2 {
        match (found[i], more[i]) {
            (Some(m), false) => return Ok((m, i == 0)),
            (Some(_), true) => {
                let candidates: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| {
                        specs.iter().any(|s| {
                            let (strict, lenient) = s.matches(board, turn, m);
                            if i == 0 { strict } else { lenient }
                        })
                    })
                    .collect();
                let spec = &specs[0];
                let kind = MoveErrorKind::Ambiguous {
                    description: format!("the {} {}", spec.piece_words(turn), spec.motion_words()),
                    count: candidates.len(),
                };
                return Err(
                    MoveParseError::new(kind, spec.piece_span.clone()).with_candidates(board, candidates, style)
                );
            }
            (None, _) => {}
        }
    }
    Err(not_found(board, turn, legal, specs, style))
}

/// The error for specs that name no legal move: no such piece, or no such
/// move of it.
fn not_found(board: &Board, turn: Color, legal: &[Move], specs: &[Spec], style: XiangqiMoveNotation) -> MoveParseError {
    let Some(spec) = specs.first() else {
        return MoveParseError::new(MoveErrorKind::Empty, 0..0);
    };
    let named = |sq: Square| {
        board[sq.index()].is_some_and(|p| p.color() == turn && specs.iter().any(|s| s.names_piece(board, p, sq)))
    };
    let any_named = Square::all().any(named);
    if !any_named {
        let role_ok = |m: &Move| {
            board[m.from.index()].is_some_and(|p| p.color() == turn && spec.role.is_none_or(|r| r == p.role()))
        };
        let mut candidates: Vec<Move> =
            legal.iter().copied().filter(|m| role_ok(m) && motion(turn, *m) == (spec.op, spec.target)).collect();
        if candidates.is_empty() && spec.role.is_some() {
            candidates = legal.iter().copied().filter(role_ok).collect();
        }
        let kind = MoveErrorKind::NoPiece { piece: spec.piece_words(turn) };
        return MoveParseError::new(kind, spec.piece_span.clone()).with_candidates(board, candidates, style);
    }
    let candidates: Vec<Move> = legal.iter().copied().filter(|m| named(m.from)).collect();
    let kind = MoveErrorKind::Illegal { piece: format!("the {}", spec.piece_words(turn)), motion: spec.motion_words() };
    MoveParseError::new(kind, spec.motion_span.clone()).with_candidates(board, candidates, style)
}
