//! Shogi move notations: USI, CSA, KIF, KI2 and Western (Hodges), read
//! against the legal moves and written in their shortest standard form.
//!
//! | id | example | what it names |
//! |---|---|---|
//! | `usi` | `7g7f`, `8h2b+`, `P*5e` | the squares (the USI protocol) |
//! | `csa` | `+7776FU`, `-0055KA`, `+8822UM` | side, squares and the piece on the target after the move |
//! | `kif` | `７六歩(77)`, `同　歩(23)`, `５五角打`, `２三歩成(24)` | target, piece before the move, origin (Kakinoki's KIF) |
//! | `ki2` | `▲７六歩`, `△同銀右`, `▲６八銀右引`, `▲６三銀打` | target and piece, the JSA's relative words only when needed |
//! | `western` | `P-7f`, `Bx2b+`, `P*5e`, `S-4h=`, `S5cx4d` | Hodges' notation as Fairy-Stockfish writes it |
//! | `western-numeric` | `P-76`, `Bx22+`, `P*55`, `G68-58` | the same with ranks as digits (Fairy-Stockfish's Hodges with numbers, pychess.org's records) |
//!
//! Every reader checks the text against the position's legal moves: a move
//! read is legal, and a text that names no legal move or several gives a
//! [`MoveParseError`] with the byte span at fault and the legal moves it
//! may have meant, written in the same notation. KIF and KI2 write `同`
//! ("the same square") for a move to the square the previous move went to;
//! that square is the caller's business ([`ShogiMoveNotation::write_after`],
//! [`ShogiMoveNotation::read_after`]).
//!
//! [`ShogiMoveNotation::read_lenient`] lists the other writers' forms it takes.
//!
//! The board notations of KIF and CSA files (a start diagram) are in
//! [`board`].
//!
//! # Examples
//!
//! ```
//! use polyfen_shogi::{ShogiMoveNotation, Position};
//!
//! let position = Position::start();
//! let mv = ShogiMoveNotation::Kif.read(&position, "７六歩(77)")?;
//! assert_eq!(mv.to_string(), "7g7f");
//! assert_eq!(ShogiMoveNotation::Csa.write(&position, mv), "+7776FU");
//! assert_eq!(ShogiMoveNotation::Ki2.write(&position, mv), "▲７六歩");
//! assert_eq!(ShogiMoveNotation::Western.write(&position, mv), "P-7f");
//! # Ok::<(), polyfen_shogi::MoveParseError>(())
//! ```

pub mod board;
mod csa;
pub(crate) mod fsf;
mod ja;
mod ki2;
mod kif;
mod western;

pub(crate) use csa::role_of as csa_role;
pub(crate) use ja::{read_piece as ja_piece, read_square as ja_square};

use core::fmt;
use core::ops::Range;

use polyfen_core::{Color, MoveErrorMessage, MoveRepair};

use crate::{Move, Position, Role, Square, color_name};

/// A way of writing Shogi moves: `usi` (`7g7f`), `csa` (`+7776FU`), `kif`
/// (`７六歩(77)`), `ki2` (`▲７六歩`), `western` (`P-7f`), `uci-fsf`
/// (`c3c4`) or `western-numeric` (`P-76`).
///
/// [`ShogiMoveNotation::write`] writes a legal move in its shortest standard
/// form; [`ShogiMoveNotation::read`] reads a text against the legal moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ShogiMoveNotation {
    /// USI: `7g7f`, `8h2b+`, `P*5e`.
    #[default]
    Usi,
    /// CSA: `+7776FU`, drops from `00`, the piece after the move (`+8822UM`).
    Csa,
    /// KIF (Kakinoki): `７六歩(77)`, `同　歩(23)`, `５五角打`, `成`; promoted
    /// pieces written `成銀 成桂 成香` as Kifu for Windows does.
    Kif,
    /// KI2 (Kakinoki, no origin): `▲７六歩`, `△同銀右`, the relative words by
    /// the JSA rules.
    Ki2,
    /// Western (Hodges) as Fairy-Stockfish writes it: `P-7f`, `Bx2b+`, `P*5e`,
    /// `S-4h=`, `S5cx4d`.
    Western,
    /// Fairy-Stockfish's UCI: USI's squares named as on a chess board from
    /// the first player's side, `c3c4` (USI `7g7f`), `P@e5`, `b2h8+`.
    UciFsf,
    /// Hodges with numbers as Fairy-Stockfish writes it (pychess.org's Shogi
    /// records): Western with each rank a digit, `P-76`, `Bx22+`, `P*55`,
    /// `G68-58`.
    WesternNumeric,
}

impl ShogiMoveNotation {
    /// Every notation, the default first.
    pub const ALL: [ShogiMoveNotation; 7] = [
        ShogiMoveNotation::Usi,
        ShogiMoveNotation::Csa,
        ShogiMoveNotation::Kif,
        ShogiMoveNotation::Ki2,
        ShogiMoveNotation::Western,
        ShogiMoveNotation::UciFsf,
        ShogiMoveNotation::WesternNumeric,
    ];

    /// The notation's id: `usi`, `csa`, `kif`, `ki2`, `western`, `uci-fsf`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ShogiMoveNotation::Usi => "usi",
            ShogiMoveNotation::Csa => "csa",
            ShogiMoveNotation::Kif => "kif",
            ShogiMoveNotation::Ki2 => "ki2",
            ShogiMoveNotation::Western => "western",
            ShogiMoveNotation::UciFsf => "uci-fsf",
            ShogiMoveNotation::WesternNumeric => "western-numeric",
        }
    }

    /// `mv`, a legal move of `position`, written in this notation as the
    /// first move of a record (no `同`).
    #[must_use]
    pub fn write(self, position: &Position, mv: Move) -> String {
        self.write_after(position, None, mv)
    }

    /// `mv`, a legal move of `position`, written in this notation after a
    /// move that went to `previous` (KIF and KI2 write `同` for that square).
    #[must_use]
    pub fn write_after(self, position: &Position, previous: Option<Square>, mv: Move) -> String {
        let mut out = String::new();
        match self {
            ShogiMoveNotation::Usi => out.push_str(&mv.to_string()),
            ShogiMoveNotation::Csa => csa::write(&mut out, position, mv),
            ShogiMoveNotation::Kif => kif::write(&mut out, position, previous, mv),
            ShogiMoveNotation::Ki2 => ki2::write(&mut out, position, previous, mv),
            ShogiMoveNotation::Western => western::write(&mut out, position, mv, false),
            ShogiMoveNotation::WesternNumeric => western::write(&mut out, position, mv, true),
            ShogiMoveNotation::UciFsf => out.push_str(&fsf::from_usi(&mv.to_string())),
        }
        out
    }

    /// Reads `text` as a legal move of `position` in this notation, as the
    /// first move of a record (`同` cannot be read).
    ///
    /// # Errors
    ///
    /// A [`MoveParseError`] for text that is not a standard spelling of one
    /// legal move.
    pub fn read(self, position: &Position, text: &str) -> Result<Move, MoveParseError> {
        self.read_after(position, None, text)
    }

    /// Reads `text` as a legal move of `position`, the previous move having
    /// gone to `previous` (what `同` names).
    ///
    /// # Errors
    ///
    /// A [`MoveParseError`] for text that is not a standard spelling of one
    /// legal move; a spelling only a lenient reading takes is refused with
    /// [`MoveErrorKind::NotStandard`].
    pub fn read_after(self, position: &Position, previous: Option<Square>, text: &str) -> Result<Move, MoveParseError> {
        let mut repairs = Vec::new();
        let mv = self.read_lenient(position, previous, text, &mut repairs)?;
        match repairs.into_iter().next() {
            None => Ok(mv),
            Some(repair) => Err(MoveParseError {
                kind: MoveErrorKind::NotStandard { text: text.to_owned(), reading: repair.message },
                span: repair.span,
                notation: self,
                candidates: vec![Candidate { mv, text: self.write_after(position, previous, mv) }],
            }),
        }
    }

    /// Reads `text` as [`ShogiMoveNotation::read_after`] does, and also the
    /// forms other writers and older texts produce, pushing one
    /// [`MoveRepair`] onto `repairs` for each (the strict readers refuse
    /// them with [`MoveErrorKind::NotStandard`], naming the reading):
    ///
    /// - USI: letters in the other case (`p*5e`);
    /// - CSA: a move without its side's sign (`7776FU`);
    /// - KIF: `同` without its full-width space (`同歩(54)`) or with an ASCII
    ///   one, an ASCII file digit (`7六歩(77)`), a board move without its
    ///   origin (`７六歩`);
    /// - KI2: no side mark, `同` spaced against the rule (`同　銀右`,
    ///   tsshogi; `同歩`), an ASCII file digit, the relative words as cshogi
    ///   counts them (`▲６八銀右` for `▲６八銀右引`) or counting a pinned
    ///   piece (`▲６七金左`), words in another order or more than needed, the
    ///   old 行 and 入 for 上, `打` where the JSA rules leave it out, a move that
    ///   could promote with neither `成` nor `不成` (read as not promoting), a
    ///   forced promotion without `成`, and `生` for `不成`;
    /// - Western: a lowercase piece letter, `-` for a capture or `x` for a
    ///   plain move, ranks as digits (`P-76`), a move that could promote with
    ///   neither `+` nor `=` (read as declining), a forced promotion without
    ///   `+`.
    ///
    /// KIF's `全 圭 杏` (cshogi's promoted pieces, which Kakinoki's
    /// description allows), `王` and `竜` are standard spellings, read
    /// strictly; the KIF and KI2 writers use `成銀 成桂 成香`, `玉` and `龍`,
    /// as Kifu for Windows and tsshogi do.
    ///
    /// # Errors
    ///
    /// A [`MoveParseError`] for text that names no legal move or several.
    pub fn read_lenient(
        self,
        position: &Position,
        previous: Option<Square>,
        text: &str,
        repairs: &mut Vec<MoveRepair>,
    ) -> Result<Move, MoveParseError> {
        let (start, trimmed) = trim(text);
        if trimmed.is_empty() {
            return Err(error(self, MoveErrorKind::Empty, 0..text.len()));
        }
        let reader = Reader { position, legal: Legal::of(position), previous, notation: self };
        let mut own = Vec::new();
        let result = match self {
            ShogiMoveNotation::Usi => match crate::usi::read_move_lenient(position, trimmed) {
                Ok((mv, found)) => {
                    own = found;
                    Ok(mv)
                }
                Err(e) => Err(from_usi(e)),
            },
            ShogiMoveNotation::Csa => csa::read(&reader, trimmed, &mut own),
            ShogiMoveNotation::Kif => kif::read(&reader, trimmed, &mut own),
            ShogiMoveNotation::Ki2 => ki2::read(&reader, trimmed, &mut own),
            ShogiMoveNotation::Western => western::read(&reader, trimmed, false, &mut own),
            ShogiMoveNotation::WesternNumeric => western::read(&reader, trimmed, true, &mut own),
            // the same squares in USI's names, the same length: an error's
            // span and repairs stand where they are
            ShogiMoveNotation::UciFsf => match crate::usi::read_move_lenient(position, &fsf::to_usi(trimmed)) {
                Ok((mv, found)) => {
                    own = found;
                    Ok(mv)
                }
                Err(e) => {
                    let mut e = from_usi(e);
                    e.notation = ShogiMoveNotation::UciFsf;
                    for candidate in &mut e.candidates {
                        candidate.text = fsf::from_usi(&candidate.text);
                    }
                    Err(e)
                }
            },
        };
        match result {
            Ok(mv) => {
                repairs.extend(own.into_iter().map(|r| r.shifted(start)));
                Ok(mv)
            }
            Err(mut e) => {
                e.span = e.span.start + start..e.span.end + start;
                Err(e)
            }
        }
    }
}

polyfen_core::display_name!(ShogiMoveNotation, name, pad);

/// A name that is not one of the crate's move notations.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a Shogi move notation: expected usi, csa, kif, ki2, western, uci-fsf or western-numeric")]
pub struct UnknownMoveNotation(pub String);

polyfen_core::from_name!(ShogiMoveNotation, name, UnknownMoveNotation, |s: &str| UnknownMoveNotation(s.to_owned()));

/// What is wrong with a written move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveErrorKind {
    /// Nothing was written.
    #[error("empty move")]
    Empty,
    /// A character that cannot stand here.
    #[error("unexpected {found:?}, expected {expected}")]
    Unexpected {
        /// The character found.
        found: char,
        /// What could stand there.
        expected: &'static str,
    },
    /// The text stops before the move is complete.
    #[error("the move ends too early, expected {expected}")]
    UnexpectedEnd {
        /// What was still expected.
        expected: &'static str,
    },
    /// The move is written for the side that is not to move.
    #[error("the move is written for {side}, but {turn} is to move")]
    WrongSide {
        /// The side the text is written for.
        side: &'static str,
        /// The side to move.
        turn: &'static str,
    },
    /// `同` with no previous move to name its square.
    #[error("同 names the square of the previous move, and there is none")]
    NoPrevious,
    /// The move as written cannot be played.
    #[error("{0}")]
    Illegal(String),
    /// Several legal moves fit.
    #[error("{description} is ambiguous: {count} legal moves fit")]
    Ambiguous {
        /// The move in words.
        description: String,
        /// How many legal moves fit.
        count: usize,
    },
    /// The text names a legal move only when read leniently.
    #[error("{text} is not standard: only a lenient reading takes it ({reading})")]
    NotStandard {
        /// The text as written.
        text: String,
        /// What the lenient reading did.
        reading: String,
    },
}

/// A written move that could not be read as one legal move: what is wrong,
/// the byte span of the faulty part, the notation the text was read in, and
/// the legal moves that fit (an ambiguous move) or come closest (an illegal
/// one), each written in that notation, in move order. The USI reader's own
/// error ([`crate::usi::MoveParseError`]) is made one by [`from_usi`].
pub type MoveParseError = polyfen_core::MoveParseError<MoveErrorKind, Candidate, ShogiMoveNotation>;

/// A legal move an erroneous text may have meant, and how it is written in
/// the notation the text was read in.
pub type Candidate = polyfen_core::Candidate<Move>;

/// An error of `kind` about `span` of a text read in `notation`, with no
/// candidates.
fn error(notation: ShogiMoveNotation, kind: MoveErrorKind, span: Range<usize>) -> MoveParseError {
    MoveParseError { kind, span, notation, candidates: Vec::new() }
}

/// The notations' errors name their bytes, then the candidates:
/// `unexpected 'x', expected a rank (bytes 2..3); candidates: 7g7f`.
impl MoveErrorMessage for MoveErrorKind {
    fn write_message(
        &self,
        span: &Range<usize>,
        candidates: &[impl fmt::Display],
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        write!(f, "{self} (bytes {}..{})", span.start, span.end)?;
        for (i, c) in candidates.iter().enumerate() {
            f.write_str(if i == 0 { "; candidates: " } else { ", " })?;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// A USI reading's error as the notations' error.
fn from_usi(e: crate::usi::MoveParseError) -> MoveParseError {
    use crate::usi::MoveErrorKind as Usi;
    let kind = match e.kind {
        Usi::Unexpected { found, expected } => MoveErrorKind::Unexpected { found, expected },
        Usi::UnexpectedEnd { expected } => MoveErrorKind::UnexpectedEnd { expected },
        Usi::Illegal(why) => MoveErrorKind::Illegal(why.to_string()),
        Usi::NotStandard { text, reading } => MoveErrorKind::NotStandard { text, reading },
        Usi::Empty => MoveErrorKind::Empty,
    };
    let candidates = e.candidates.into_iter().map(|mv| Candidate { mv, text: mv.to_string() }).collect();
    MoveParseError { kind, span: e.span, notation: ShogiMoveNotation::Usi, candidates }
}

/// What a reader needs: the position, the square `同` names, and the
/// notation for errors and candidates.
struct Reader<'a> {
    position: &'a Position,
    legal: Legal<'a>,
    previous: Option<Square>,
    notation: ShogiMoveNotation,
}

impl Reader<'_> {
    fn error(&self, kind: MoveErrorKind, span: Range<usize>) -> MoveParseError {
        error(self.notation, kind, span)
    }

    fn unexpected(&self, text: &str, at: usize, expected: &'static str) -> MoveParseError {
        let at = (0..=at.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        match text.get(at..).and_then(|rest| rest.chars().next()) {
            Some(found) => self.error(MoveErrorKind::Unexpected { found, expected }, at..at + found.len_utf8()),
            None => self.error(MoveErrorKind::UnexpectedEnd { expected }, at..at),
        }
    }

    /// An error with `candidates` written in the reader's notation.
    fn with_candidates(&self, mut error: MoveParseError, mut candidates: Vec<Move>) -> MoveParseError {
        candidates.sort_unstable();
        candidates.dedup();
        error.candidates = candidates
            .into_iter()
            .map(|mv| Candidate { mv, text: self.notation.write_after(self.position, self.previous, mv) })
            .collect();
        error
    }

    /// `mv` if legal, else the rules' reason with the legal moves to the
    /// same square by the same kind as candidates.
    fn legal(&self, mv: Move, span: Range<usize>) -> Result<Move, MoveParseError> {
        match self.position.check_move(mv) {
            Ok(()) => Ok(mv),
            Err(why) => {
                Err(self.with_candidates(self.error(MoveErrorKind::Illegal(why.to_string()), span), self.near(mv)))
            }
        }
    }

    /// The legal moves closest to `mv`: the same piece to the same square
    /// (the other promotion choice), else the same kind to the same square,
    /// else the same piece anywhere.
    fn near(&self, mv: Move) -> Vec<Move> {
        let pick = |keep: &dyn Fn(&Move) -> bool| -> Vec<Move> {
            self.legal.moves().iter().copied().filter(|m| keep(m)).collect()
        };
        match mv {
            Move::Normal { from, to, .. } => {
                let role = self.position.piece_at(from).map(|p| p.role);
                let mut near = pick(&|m| m.from() == Some(from) && m.to() == to);
                if near.is_empty() {
                    near = role.map(|r| self.legal.moves_to(r, to)).unwrap_or_default();
                }
                if near.is_empty() {
                    near = pick(&|m| m.from() == Some(from));
                }
                near
            }
            Move::Drop { role, to } => self.legal.moves_to(role, to),
        }
    }

    /// An ambiguity error listing `moves`.
    fn ambiguous(&self, description: String, moves: Vec<Move>, span: Range<usize>) -> MoveParseError {
        let count = moves.len();
        self.with_candidates(self.error(MoveErrorKind::Ambiguous { description, count }, span), moves)
    }

    /// The side `color` written, checked against the side to move.
    fn side(&self, color: Color, span: Range<usize>) -> Result<(), MoveParseError> {
        let turn = self.position.turn();
        if color == turn {
            return Ok(());
        }
        Err(self.error(MoveErrorKind::WrongSide { side: color_name(color), turn: color_name(turn) }, span))
    }

    /// The legal board moves ending on `to` made by a piece that now has
    /// `role`.
    fn board_moves_to(&self, role: Role, to: Square) -> Vec<Move> {
        self.legal.moves_to(role, to).into_iter().filter(|m| !m.is_drop()).collect()
    }
}

/// The text without surrounding ASCII or full-width spaces, and where it starts.
fn trim(text: &str) -> (usize, &str) {
    let is_space = |c: char| c.is_ascii_whitespace() || c == '\u{3000}';
    let start_trimmed = text.trim_start_matches(is_space);
    let start = text.len() - start_trimmed.len();
    (start, start_trimmed.trim_end_matches(is_space))
}

/// The squares from which a piece of the mover's `role` could go to `to`
/// by its movement, a pinned piece included (what some writers count for
/// KI2's relative words).
fn attackers_of(position: &Position, role: Role, to: Square) -> Vec<Square> {
    use crate::IllegalMove;
    let turn = position.turn();
    Square::all()
        .filter(|&from| {
            position.piece_at(from).is_some_and(|p| p.color == turn && p.role == role)
                && [false, true].into_iter().any(|promote| {
                    matches!(
                        position.check_move(Move::Normal { from, to, promote }),
                        Ok(()) | Err(IllegalMove::LeavesKingInCheck { .. })
                    )
                })
        })
        .collect()
}

/// A position's legal moves, generated at most once for a reading or a
/// writing, and only when first asked for (a USI move, or any move that
/// names its origin and is legal, never needs the list).
struct Legal<'a> {
    position: &'a Position,
    list: core::cell::OnceCell<crate::MoveList>,
}

impl Legal<'_> {
    fn of(position: &Position) -> Legal<'_> {
        Legal { position, list: core::cell::OnceCell::new() }
    }

    /// The legal moves.
    fn moves(&self) -> &crate::MoveList {
        self.list.get_or_init(|| self.position.legal_moves())
    }

    fn contains(&self, mv: Move) -> bool {
        self.moves().contains(&mv)
    }

    /// The legal moves ending on `to` of a piece of `role` (as it stands
    /// before the move), drops of `role` included.
    fn moves_to(&self, role: Role, to: Square) -> Vec<Move> {
        self.moves()
            .iter()
            .copied()
            .filter(|m| {
                m.to() == to
                    && match *m {
                        Move::Normal { from, .. } => self.position.piece_at(from).is_some_and(|p| p.role == role),
                        Move::Drop { role: r, .. } => r == role,
                    }
            })
            .collect()
    }

    /// Whether the legal moves hold both the promotion and its refusal of
    /// a board move `from`→`to`.
    fn promotion_optional(&self, from: Square, to: Square) -> bool {
        self.contains(Move::Normal { from, to, promote: true })
            && self.contains(Move::Normal { from, to, promote: false })
    }
}
