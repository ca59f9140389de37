//! The FEN of the chess variants: one codec variant ([`ChessVariants`])
//! reads every variant's FEN into a [`VariantFen`], which says which
//! variant it plays.
//!
//! Besides the six fields of a chess FEN it reads:
//!
//! - three-check's counters, in either of the two forms in use: the checks
//!   each side still needs to win (`3+3`), a field of its own after the en
//!   passant square, as python-chess, shakmaty and lichess write it today;
//!   or the checks each side has given (`+0+0`), a last field after the
//!   move number, as lichess wrote it before. Both read into the remaining
//!   checks; the writer writes the first form, which is what lichess
//!   exports, python-chess and shakmaty write, and what all of them read.
//!   A FEN with counters reads as three-check.
//! - crazyhouse's pocket, through the codec's generic hand: in brackets
//!   after the board (`…/R1BqK3[RBNNNPPp]`, written so) or as a ninth row
//!   (`…/R1BqK3/RBNNNPPp`), white's pieces first in the order `QRBNP`;
//!   and a promoted piece marked `~` after its letter (`Q~`). A FEN with a
//!   pocket reads as crazyhouse; [`looks_like_crazyhouse`] says so without
//!   reading it.
//!
//! Reading a variant's FEN names the variant ([`ChessVariant::parse_fen`]);
//! reading it with `str::parse` guesses from what it sees (counters:
//! three-check; a pocket: crazyhouse) and is otherwise standard chess.

use polyfen_core::{
    Color, Fields, Hand, HandSpec, HandStyle, Leniency, ParseError, ParseErrorKind, PlacementSpec, Repair, Setup,
    Variant,
};

pub mod validate;

use self::validate::VariantViolation;
use super::ChessVariant;
use crate::types::{Piece, Role};
use crate::{Board, ChessExtras, Fen, FenOptions};

/// A piece of a variant's board: a chess piece, and whether it was promoted
/// (crazyhouse marks them `~`: taken, they go to the pocket as pawns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantPiece {
    /// The piece.
    pub piece: Piece,
    /// True for a piece that was a pawn.
    pub promoted: bool,
}

impl From<Piece> for VariantPiece {
    fn from(piece: Piece) -> VariantPiece {
        VariantPiece { piece, promoted: false }
    }
}

/// The board of a variant's FEN.
pub type VariantBoard = [Option<VariantPiece>; 64];

/// The fields of a variant's FEN after the placement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VariantExtras {
    /// The variant the position plays.
    pub variant: ChessVariant,
    /// The fields every chess FEN has.
    pub chess: ChessExtras,
    /// Three-check: the checks white and black still need to win, as read
    /// (`None` when the FEN had no counters: both need 3).
    pub remaining_checks: Option<[u8; 2]>,
    /// Crazyhouse: the pieces each side holds, as read (`None` when the
    /// FEN had no pocket: empty).
    pub pocket: Option<Hand>,
}

impl VariantExtras {
    /// The checks each side still needs, white's first: as read, else 3.
    #[must_use]
    pub fn checks_to_win(&self) -> [u8; 2] {
        self.remaining_checks.unwrap_or([3, 3])
    }
}

/// The kinds of a crazyhouse pocket, in the order a pocket is written:
/// a [`Hand`]'s kind index is the position here.
pub const POCKET_KINDS: [Role; 5] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];

/// The pocket kind of a role (a king, never in a pocket, as a pawn).
#[must_use]
pub const fn pocket_kind(role: Role) -> usize {
    match role {
        Role::Queen => 0,
        Role::Rook => 1,
        Role::Bishop => 2,
        Role::Knight => 3,
        Role::Pawn | Role::King => 4,
    }
}

/// True when a FEN's placement carries a pocket (`…/RNBQKBNR[Qn]`, or a
/// ninth row `…/RNBQKBNR/Qn`) or a promoted piece (`Q~`): a crazyhouse
/// FEN. Looks at the first field only, without reading it.
#[must_use]
pub fn looks_like_crazyhouse(text: &str) -> bool {
    let placement = text.split_ascii_whitespace().next().unwrap_or("");
    placement.contains(['[', '~']) || placement.bytes().filter(|&b| b == b'/').count() == 8
}

/// The codec variant of the chess variants' FEN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChessVariants;

/// A FEN of some chess variant, checked for syntax only.
pub type VariantFen = Setup<ChessVariants>;

const PIECE_TABLE: [Option<Piece>; 256] = polyfen_core::letter_table!(Piece, Piece::from_letter);

impl Variant for ChessVariants {
    const ID: &'static str = "chess-variant";
    const NOTATION_NAME: &'static str = "chess variant FEN";
    const SPEC: PlacementSpec =
        PlacementSpec::grid(8, 8).suffix(b'~').expecting("a piece letter (KQRBNP, kqrbnp), a digit 1-8 or '/'");
    const COLOR_NAMES: [&'static str; 2] = ["white", "black"];
    const POCKET: Option<HandSpec> = Some(HandSpec { kinds: b"QRBNP", style: HandStyle::Listed });

    type Piece = VariantPiece;
    type Board = VariantBoard;
    type Extras = VariantExtras;
    type WriteOptions = FenOptions;
    type Violation = VariantViolation;

    fn empty_board() -> VariantBoard {
        [None; 64]
    }

    #[inline]
    fn piece_from_ascii(letter: u8, promoted: bool) -> Option<VariantPiece> {
        PIECE_TABLE[letter as usize].map(|piece| VariantPiece { piece, promoted })
    }

    fn write_piece(piece: VariantPiece, _options: &FenOptions, out: &mut String) {
        out.push(piece.piece.letter() as char);
        if piece.promoted {
            out.push('~');
        }
    }

    #[inline]
    fn cell_letter(cell: Option<VariantPiece>, _options: &FenOptions) -> Option<u8> {
        match cell {
            None => Some(0),
            Some(p) if !p.promoted => Some(p.piece.letter()),
            Some(_) => None,
        }
    }

    fn piece_color(piece: VariantPiece) -> Color {
        piece.piece.color()
    }

    fn parse_extras(
        fields: &mut Fields<'_>,
        _board: &VariantBoard,
        _leniency: &Leniency,
        _repairs: &mut Vec<Repair>,
    ) -> Result<VariantExtras, ParseError> {
        let chess = crate::parse_position_fields(fields)?;
        let mut extras = VariantExtras { chess, ..VariantExtras::default() };
        let mut next = fields.next();
        if let Some(f) = next
            && let Some(checks) = remaining_checks(f.text)
        {
            extras.remaining_checks = Some(checks.map_err(|e| e.shifted(f.start))?);
            next = fields.next();
        }
        if let Some(f) = next
            && !f.text.starts_with('+')
        {
            extras.chess.halfmove = f.number("halfmove clock", 0, u32::MAX)?;
            next = fields.next();
            if let Some(f) = next
                && !f.text.starts_with('+')
            {
                extras.chess.fullmove = f.number("fullmove number", 0, u32::MAX)?;
                next = fields.next();
            }
        }
        if let Some(f) = next {
            // lichess's older form: the checks each side has given
            let given = checks_given(f.text).map_err(|e| e.shifted(f.start))?;
            if extras.remaining_checks.is_some() {
                return Err(ParseError::new(
                    ParseErrorKind::Invalid {
                        field: "check counters",
                        message: "the checks are counted twice (remaining and given)".into(),
                    },
                    f.span(),
                ));
            }
            extras.remaining_checks = Some(given.map(|g| 3u8.saturating_sub(g)));
            fields.finish("check counters")?;
        }
        if extras.remaining_checks.is_some() {
            extras.variant = ChessVariant::ThreeCheck;
        }
        Ok(extras)
    }

    fn parse_extras_with_pocket(
        pocket: Option<Hand>,
        fields: &mut Fields<'_>,
        board: &VariantBoard,
        leniency: &Leniency,
        repairs: &mut Vec<Repair>,
    ) -> Result<VariantExtras, ParseError> {
        let mut extras = Self::parse_extras(fields, board, leniency, repairs)?;
        if pocket.is_some() {
            extras.pocket = pocket;
            extras.variant = ChessVariant::Crazyhouse;
        }
        Ok(extras)
    }

    fn pocket(extras: &VariantExtras) -> Option<&Hand> {
        const EMPTY: &Hand = &Hand::EMPTY;
        extras.variant.has_pocket().then(|| extras.pocket.as_ref().unwrap_or(EMPTY))
    }

    fn write_extras(extras: &VariantExtras, board: &VariantBoard, options: &FenOptions, out: &mut String) {
        let board = chess_board(board);
        crate::write_position_fields(&extras.chess, &board, *options, out);
        if extras.variant.has_check_counters() || extras.remaining_checks.is_some() {
            let [w, b] = extras.checks_to_win();
            out.push(' ');
            crate::push_u32(u32::from(w), out);
            out.push('+');
            crate::push_u32(u32::from(b), out);
        }
        out.push(' ');
        crate::push_u32(extras.chess.halfmove, out);
        out.push(' ');
        crate::push_u32(extras.chess.fullmove, out);
    }

    fn validate(setup: &VariantFen) -> Vec<VariantViolation> {
        validate::validate(setup)
    }
}

/// `Some` when `text` has the shape of remaining checks (`3+3`): digits,
/// one `+`, digits; the counters each from 0 to 9 (validation says more
/// than 3 is too many).
fn remaining_checks(text: &str) -> Option<Result<[u8; 2], ParseError>> {
    let (w, b) = text.split_once('+')?;
    if w.is_empty() || !w.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(counters(w, 0, b, w.len() + 1, "remaining checks"))
}

/// The checks given (`+1+2`, the text after the first `+`).
fn checks_given(text: &str) -> Result<[u8; 2], ParseError> {
    let expected = "'+' and the checks each side has given, such as +0+1";
    let Some(rest) = text.strip_prefix('+') else {
        return Err(ParseError::new(
            ParseErrorKind::ExtraField { found: polyfen_core::error::excerpt(text), last_field: "fullmove number" },
            0..text.len(),
        ));
    };
    let Some((w, b)) = rest.split_once('+') else {
        return Err(ParseError::new(
            ParseErrorKind::MissingField { field: "checks given", expected },
            text.len()..text.len(),
        ));
    };
    counters(w, 1, b, w.len() + 2, "checks given")
}

/// Two counters `w` and `b` (at bytes `w_start` and `b_start`), each one
/// digit.
fn counters(w: &str, w_start: usize, b: &str, b_start: usize, field: &'static str) -> Result<[u8; 2], ParseError> {
    let digit = |text: &str, start: usize| -> Result<u8, ParseError> {
        match text.as_bytes() {
            [d @ b'0'..=b'9'] => Ok(d - b'0'),
            _ => Err(ParseError::new(
                ParseErrorKind::Invalid {
                    field,
                    message: format!(
                        "{:?} is not a count of checks from 0 to 3",
                        text.chars().take(20).collect::<String>()
                    )
                    .into(),
                },
                start..start + text.len().max(1),
            )),
        }
    };
    Ok([digit(w, w_start)?, digit(b, b_start)?])
}

/// The chess board of a variant's board (promotion marks dropped).
#[must_use]
pub fn chess_board(board: &VariantBoard) -> Board {
    let mut out = [None; 64];
    for (cell, v) in out.iter_mut().zip(board) {
        *cell = v.map(|p| p.piece);
    }
    out
}

impl ChessVariant {
    /// Reads a FEN of this variant (strictly). The setup plays this variant
    /// whatever it looks like; a crazyhouse or three-check FEN without its
    /// pocket or counters reads as an empty pocket or 3+3.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the span of what does not fit.
    pub fn parse_fen(self, text: &str) -> Result<VariantFen, ParseError> {
        let mut fen: VariantFen = text.parse()?;
        fen.extras.variant = self;
        Ok(fen)
    }

    /// The start position of this variant as a setup.
    #[must_use]
    pub fn start_setup(self) -> VariantFen {
        self.parse_fen(self.start_fen()).unwrap_or_else(|_| unreachable!("the start FENs read"))
    }

    /// A standard chess FEN as a setup of this variant.
    #[must_use]
    pub fn setup_from_chess(self, fen: &Fen) -> VariantFen {
        let mut board = [None; 64];
        for (cell, p) in board.iter_mut().zip(&fen.board) {
            *cell = p.map(VariantPiece::from);
        }
        VariantFen {
            board,
            extras: VariantExtras { variant: self, chess: fen.extras, remaining_checks: None, pocket: None },
        }
    }
}

/// A variant's setup as a standard chess FEN: the board without promotion
/// marks and the six fields; pocket and counters left out.
#[must_use]
pub fn to_chess(fen: &VariantFen) -> Fen {
    Fen { board: chess_board(&fen.board), extras: fen.extras.chess }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_start_position_round_trips() {
        for v in ChessVariant::ALL {
            let fen = v.start_setup();
            assert_eq!(fen.to_string(), v.start_fen(), "{v}");
            assert_eq!(fen.extras.variant, v);
            assert!(fen.validate().is_empty(), "{v}: {:?}", fen.validate());
        }
    }

    #[test]
    fn three_check_counters_in_both_forms() {
        let fen: VariantFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1".parse().unwrap();
        assert_eq!(fen.extras.variant, ChessVariant::ThreeCheck);
        assert_eq!(fen.extras.remaining_checks, Some([2, 3]));
        let lichess: VariantFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0".parse().unwrap();
        assert_eq!(lichess.extras.remaining_checks, Some([2, 3]));
        // written in the remaining-checks form
        assert_eq!(lichess.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1");
        // an EPD-like line: counters and no clocks
        let epd: VariantFen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1".parse().unwrap();
        assert_eq!(epd.extras.remaining_checks, Some([1, 1]));
        assert_eq!(epd.extras.chess.fullmove, 1);
    }

    #[test]
    fn bad_counters_name_their_span() {
        let text = "8/8/8/4k3/8/8/8/4K3 w - - x+3 0 1";
        let err = text.parse::<VariantFen>().unwrap_err();
        assert_eq!(&text[err.span.clone()], "x+3", "{err}");
        let text = "8/8/8/4k3/8/8/8/4K3 w - - 3+33 0 1";
        let err = text.parse::<VariantFen>().unwrap_err();
        assert_eq!(&text[err.span.clone()], "33", "{err}");
        let text = "8/8/8/4k3/8/8/8/4K3 w - - 0 1 +1+x";
        let err = text.parse::<VariantFen>().unwrap_err();
        assert_eq!(&text[err.span.clone()], "x", "{err}");
        let text = "8/8/8/4k3/8/8/8/4K3 w - - 3+3 0 1 +0+0";
        let err = text.parse::<VariantFen>().unwrap_err();
        assert_eq!(&text[err.span.clone()], "+0+0", "{err}");
        let text = "8/8/8/4k3/8/8/8/4K3 w - - 0 1 junk";
        let err = text.parse::<VariantFen>().unwrap_err();
        assert_eq!(&text[err.span.clone()], "junk", "{err}");
    }

    #[test]
    fn a_plain_fen_is_standard_chess() {
        let fen: VariantFen = crate::START_FEN.parse().unwrap();
        assert_eq!(fen.extras.variant, ChessVariant::Standard);
        assert_eq!(fen.to_string(), crate::START_FEN);
        assert_eq!(to_chess(&fen).to_string(), crate::START_FEN);
    }
}
