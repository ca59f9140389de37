//! The move notations of families of games, as Fairy-Stockfish writes them
//! (`pyffish.get_san` with a `notation`), each for the games whose pieces or
//! rules are the family's ([`Rules::writes`]):
//!
//! - [`FamilyNotation::Wxf`], Xiangqi's WXF in Fairy-Stockfish's form:
//!   `H2+3`, `C8=5` (`=` sideways), `R+=3` / `R-=3` for the front and rear
//!   of two pieces on a file when the other could make the same step (else
//!   the file, `R8-3`), `17+1` (the first of three pawns on file 7, or of
//!   two where another file holds two), `P@54` a drop; no check marks;
//! - [`FamilyNotation::Janggi`]: the piece, its square and the destination,
//!   each square its rank from the top (the tenth `0`) then its file from
//!   the left: `C82-85`, `R01x11+`;
//! - [`FamilyNotation::ThaiSan`] and [`FamilyNotation::ThaiLan`]: SAN and
//!   long algebraic with Thai letters for the pieces (`ข` khun, `ม็` met,
//!   `ค` khon, `ม` ma, `ร` ruea, `บ` bia), Thai letters for the files
//!   (`กขคงจฉชญ`) and Thai digits for the ranks: `ม-ง๒`, `คxง๕`,
//!   `ม ข๑-ง๒`, `บ ค๔xง๕`;
//! - [`FamilyNotation::Hosking`] and [`FamilyNotation::Hodges`], the Shogi
//!   family's: `P76`, `S'34`, `G69-58`; `P-7f`, `S*3d`, `Bx2b+`.

use core::fmt::Write as _;

use polyfen_core::Color;

use super::compile::{FERS, JANGGI_CANNON, Rules, SOLDIER, WAZIR};
use super::moves::{Move, MoveKind};
use super::position::{NO_SQ, Position, color, is_piece, kind};
use super::san::{Origin, ShogiStyle};

/// A move notation of a family of games, as Fairy-Stockfish writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FamilyNotation {
    /// Xiangqi's WXF (`NOTATION_XIANGQI_WXF`), for the games whose pieces
    /// are all Xiangqi's.
    Wxf,
    /// Janggi's (`NOTATION_JANGGI`), for the games of Janggi's pieces.
    Janggi,
    /// Thai SAN (`NOTATION_THAI_SAN`), for the games whose pieces all have
    /// a Thai letter (Makruk's, a met or a khon among them), on at most
    /// eight files.
    ThaiSan,
    /// Thai long algebraic (`NOTATION_THAI_LAN`), for the same games.
    ThaiLan,
    /// Hosking's (`NOTATION_SHOGI_HOSKING`), for the Shogi family
    /// (`variantTemplate = shogi`).
    Hosking,
    /// Hodges' with letters for the ranks (`NOTATION_SHOGI_HODGES`), for the
    /// Shogi family.
    Hodges,
}

impl FamilyNotation {
    /// Every family notation.
    pub const ALL: [FamilyNotation; 6] = [
        FamilyNotation::Wxf,
        FamilyNotation::Janggi,
        FamilyNotation::ThaiSan,
        FamilyNotation::ThaiLan,
        FamilyNotation::Hosking,
        FamilyNotation::Hodges,
    ];

    /// Whether the notation marks a check (`+`) and a mate (`#`).
    pub const fn marks_checks(self) -> bool {
        matches!(self, FamilyNotation::Janggi | FamilyNotation::ThaiSan | FamilyNotation::ThaiLan)
    }
}

const PAWN: u8 = 1;
const KNIGHT: u8 = 2;
const ROOK: u8 = 4;
const SILVER: u8 = 9;
const CANNON: u8 = 27;
const HORSE: u8 = 30;
const ELEPHANT: u8 = 31;
const JANGGI_ELEPHANT: u8 = 32;
const BANNER: u8 = 33;
const KING: u8 = 63;

/// Xiangqi's pieces, and those only Xiangqi's games have.
const XIANGQI_PIECES: &[u8] = &[KING, ROOK, FERS, CANNON, SOLDIER, HORSE, ELEPHANT, BANNER];
const XIANGQI_OWN: &[u8] = &[CANNON, SOLDIER, HORSE, ELEPHANT, BANNER];
/// Janggi's pieces, and those only Janggi's games have.
const JANGGI_PIECES: &[u8] = &[KING, ROOK, WAZIR, JANGGI_CANNON, SOLDIER, HORSE, JANGGI_ELEPHANT];
const JANGGI_OWN: &[u8] = &[JANGGI_CANNON, JANGGI_ELEPHANT];

/// The files of Thai notation, from the left.
const THAI_FILES: [char; 8] = ['ก', 'ข', 'ค', 'ง', 'จ', 'ฉ', 'ช', 'ญ'];

/// A piece's Thai letter: the khun (king), met (fers), khon (silver), ma
/// (knight), ruea (rook) and bia (pawn).
fn thai_piece(kind: u8) -> Option<&'static str> {
    match kind {
        KING => Some("ข"),
        FERS => Some("ม็"),
        SILVER => Some("ค"),
        KNIGHT => Some("ม"),
        ROOK => Some("ร"),
        PAWN => Some("บ"),
        _ => None,
    }
}

/// `n` in Thai digits.
fn thai_number(n: u32, out: &mut String) {
    for digit in n.to_string().chars() {
        let value = digit.to_digit(10).unwrap_or(0);
        out.push(char::from_u32(0x0E50 + value).unwrap_or('?'));
    }
}

impl Rules {
    /// Whether the game's moves are written in `notation`: WXF where every
    /// piece is Xiangqi's (one at least only Xiangqi's: a cannon, soldier,
    /// horse, elephant or banner), Janggi's where every piece is Janggi's
    /// (one at least a janggi cannon or elephant), Thai where every piece
    /// has a Thai letter on at most eight files, Hosking's and Hodges' in
    /// the Shogi family (`variantTemplate = shogi`).
    pub fn writes(&self, notation: FamilyNotation) -> bool {
        let kinds = || self.kinds.iter().map(|k| k.index());
        let all_of = |set: &[u8]| kinds().all(|k| set.contains(&k));
        let any_of = |set: &[u8]| kinds().any(|k| set.contains(&k));
        match notation {
            FamilyNotation::Wxf => all_of(XIANGQI_PIECES) && any_of(XIANGQI_OWN),
            FamilyNotation::Janggi => all_of(JANGGI_PIECES) && any_of(JANGGI_OWN),
            FamilyNotation::ThaiSan | FamilyNotation::ThaiLan => {
                usize::from(self.files) <= THAI_FILES.len()
                    && kinds().all(|k| thai_piece(k).is_some())
                    && any_of(&[FERS, SILVER])
            }
            FamilyNotation::Hosking | FamilyNotation::Hodges => self.shogi_notation,
        }
    }

    /// The family notations the game's moves are written in.
    pub fn family_notations(&self) -> Vec<FamilyNotation> {
        FamilyNotation::ALL.into_iter().filter(|&n| self.writes(n)).collect()
    }

    /// A legal move of `pos` in a family's `notation` (see
    /// [`Rules::writes`]; asked of another game, the notation's form with
    /// its letters as far as the game has them).
    pub fn write_in(&self, pos: &Position, m: Move, notation: FamilyNotation) -> String {
        self.write_among(pos, m, &self.legal_moves(pos), notation)
    }

    /// Every legal move of `pos` written in `notation`, in the order of
    /// [`Rules::legal_moves`].
    pub fn legal_in(&self, pos: &Position, notation: FamilyNotation) -> Vec<(Move, String)> {
        let legal = self.legal_moves(pos);
        legal.iter().map(|&m| (m, self.write_among(pos, m, &legal, notation))).collect()
    }

    /// `m` in `notation`, told from the other moves of `legal`.
    fn write_among(&self, pos: &Position, m: Move, legal: &[Move], notation: FamilyNotation) -> String {
        match notation {
            FamilyNotation::Hosking => self.shogi_move(pos, m, legal, ShogiStyle::Hosking),
            FamilyNotation::Hodges => self.shogi_move(pos, m, legal, ShogiStyle::Hodges),
            FamilyNotation::Wxf => self.wxf(pos, m),
            FamilyNotation::Janggi | FamilyNotation::ThaiSan | FamilyNotation::ThaiLan => {
                self.lettered(pos, m, legal, notation)
            }
        }
    }

    /// A file as WXF numbers it: from the right of the side to move.
    fn wxf_file(&self, side: Color, sq: usize) -> u8 {
        if side == Color::White { self.files - self.file_of(sq) } else { self.file_of(sq) + 1 }
    }

    /// `m` in WXF as Fairy-Stockfish writes it.
    fn wxf(&self, pos: &Position, m: Move) -> String {
        let us = pos.side;
        let mut out = String::with_capacity(6);
        let to = usize::from(m.to);
        if let MoveKind::Drop { kind: dropped, .. } = m.kind {
            out.push(self.san_letter(dropped));
            out.push('@');
            let _ = write!(out, "{}{}", self.wxf_file(us, to), u32::from(self.relative_rank(us, to)) + 1);
            return out;
        }
        let from = usize::from(m.from);
        let moved = kind(pos.board[from]);
        let like = |sq: usize| is_piece(pos.board[sq]) && color(pos.board[sq]) == us && kind(pos.board[sq]) == moved;
        let on_file: Vec<usize> =
            self.board_squares().filter(|&s| self.file_of(s) == self.file_of(from) && like(s)).collect();
        let doubled_files = (0..self.files)
            .filter(|&f| self.board_squares().filter(|&s| self.file_of(s) == f && like(s)).count() >= 2)
            .count();
        let ahead = on_file.iter().filter(|&&s| self.relative_rank(us, s) > self.relative_rank(us, from)).count();
        let numbered = on_file.len() >= 3 || (on_file.len() == 2 && doubled_files >= 2);
        if numbered {
            let _ = write!(out, "{}", ahead + 1);
        } else {
            out.push(self.san_letter(moved));
        }
        if on_file.len() == 2 && !numbered && self.other_can_step(pos, m, &on_file) {
            out.push(if ahead == 0 { '+' } else { '-' });
        } else {
            let _ = write!(out, "{}", self.wxf_file(us, from));
        }
        let (from_rank, to_rank) = (self.relative_rank(us, from), self.relative_rank(us, to));
        out.push(match from_rank.cmp(&to_rank) {
            core::cmp::Ordering::Equal => '=',
            core::cmp::Ordering::Less => '+',
            core::cmp::Ordering::Greater => '-',
        });
        if self.file_of(from) == self.file_of(to) {
            let _ = write!(out, "{}", from_rank.abs_diff(to_rank));
        } else {
            let _ = write!(out, "{}", self.wxf_file(us, to));
        }
        out
    }

    /// Whether the other of two like pieces on the file of `m`'s origin
    /// could make the same step onto a square it may stand on (WXF then
    /// names the two front and rear).
    fn other_can_step(&self, pos: &Position, m: Move, on_file: &[usize]) -> bool {
        let from = usize::from(m.from);
        let Some(&other) = on_file.iter().find(|&&s| s != from) else { return false };
        let rank =
            i16::from(self.rank_of(other)) + i16::from(self.rank_of(usize::from(m.to))) - i16::from(self.rank_of(from));
        let Ok(rank) = u8::try_from(rank) else { return false };
        if rank >= self.ranks {
            return false;
        }
        let to = self.sq(self.file_of(usize::from(m.to)), rank);
        self.may_stand(pos.side, kind(pos.board[from]), to)
    }

    /// A square as Janggi's and the Thai notations write it.
    fn lettered_square(&self, sq: usize, notation: FamilyNotation, out: &mut String) {
        if notation == FamilyNotation::Janggi {
            let _ = write!(out, "{}{}", (self.ranks - self.rank_of(sq)) % 10, self.file_of(sq) + 1);
        } else {
            out.push(THAI_FILES.get(usize::from(self.file_of(sq))).copied().unwrap_or('?'));
            thai_number(u32::from(self.rank_of(sq)) + 1, out);
        }
    }

    /// `m` in Janggi's notation or a Thai one: SAN's form with the
    /// notation's letters and squares (Thai SAN), or with the piece and its
    /// square always written (Janggi's, Thai LAN).
    fn lettered(&self, pos: &Position, m: Move, legal: &[Move], notation: FamilyNotation) -> String {
        let mut out = String::with_capacity(12);
        let us = pos.side;
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let letter = |kind: u8, out: &mut String| {
            if notation == FamilyNotation::Janggi {
                out.push(self.san_letter(kind));
            } else {
                out.push_str(thai_piece(kind).unwrap_or("X"));
            }
        };
        if m.kind == MoveKind::Castling {
            out.push_str(if to > from { "O-O" } else { "O-O-O" });
        } else {
            let cell = pos.board.get(from).copied().unwrap_or(super::position::EMPTY);
            let moved = kind(cell);
            if let MoveKind::Drop { kind: dropped, .. } = m.kind {
                letter(dropped, &mut out);
                if notation == FamilyNotation::ThaiLan {
                    out.push(' ');
                }
                out.push('@');
            } else {
                let capture = m.kind == MoveKind::EnPassant
                    || (is_piece(pos.board[to]) && color(pos.board[to]) != us && to != from);
                let thai_san = notation == FamilyNotation::ThaiSan;
                if !(thai_san && moved == PAWN) {
                    letter(moved, &mut out);
                }
                if notation == FamilyNotation::ThaiLan {
                    out.push(' ');
                }
                let origin = if thai_san { self.origin_needed(pos, m, legal, capture) } else { Origin::Square };
                match origin {
                    Origin::None => {}
                    Origin::File => out.push(THAI_FILES.get(usize::from(self.file_of(from))).copied().unwrap_or('?')),
                    Origin::Rank => thai_number(u32::from(self.rank_of(from)) + 1, &mut out),
                    Origin::Square => self.lettered_square(from, notation, &mut out),
                }
                if capture {
                    out.push('x');
                } else if !(thai_san && moved == PAWN) {
                    out.push('-');
                }
            }
            self.lettered_square(to, notation, &mut out);
            self.push_promotion(m, cell, &mut out);
        }
        if m.gate != 0 {
            out.push('/');
            out.push(self.letter(m.gate).to_ascii_uppercase());
        }
        if self.walling != crate::value::WallingRule::None {
            out.push(',');
            let wall = if m.wall == NO_SQ { self.sq(0, 0) } else { usize::from(m.wall) };
            self.lettered_square(wall, notation, &mut out);
        }
        let next = self.make(pos, m);
        if self.in_check(&next, next.side) {
            out.push(if self.legal_moves(&next).is_empty() { '#' } else { '+' });
        }
        out
    }
}
