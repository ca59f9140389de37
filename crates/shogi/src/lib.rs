//! Shogi for polyfen: SFEN through the one placement codec, validation,
//! the rules (legal moves, drops, promotion, check, checkmate, perft) and
//! USI moves.
//!
//! [`Shogi`] implements [`polyfen_core::Variant`]: the board is 9 × 9,
//! written from gote's side (rank `a`) down to sente's (rank `i`), each rank
//! from file 9 to file 1, with `+` before the letter of a promoted piece;
//! the fields after it are the side to move (`b` sente, `w` gote), the
//! pieces in hand (`-`, or `2P3pb`: a count before a letter when above
//! one, read and written by the codec's generic hand) and the move number
//! (which counts plies). The codec's board index is the order SFEN writes
//! the squares (`9a` = 0, `1i` = 80; see [`Square`]), so its rows are
//! labelled in messages as Japanese rank numbers are, 1 (`a`) to 9 (`i`).
//! Index a [`Sfen`]'s board with [`Square::index`]; the codec's generic
//! [`Setup::piece_at`] counts from index 0, which here is `9a`.
//!
//! Sides: sente (先手, moves first from the even start, written in
//! uppercase, "black" in Western books) is [`Color::White`] in the core's
//! terms; gote (後手, lowercase) is [`Color::Black`].
//! [`Variant::COLOR_NAMES`] names them `sente` and `gote`, which cannot be
//! mistaken for the core's colors.
//!
//! - [`Sfen`] (an alias of [`Setup`]`<Shogi>`) reads and writes SFEN;
//!   [`Setup::parse_lenient`] also takes a hand in any order, the side
//!   written `B`/`W`, and missing trailing fields, reporting each repair.
//! - [`setup`] gives the even start and the handicap starts by id.
//! - [`Sfen::validate`](Setup::validate) returns every [`Violation`].
//! - [`Position`] plays the rules; [`usi`] reads and writes USI moves and
//!   `position` commands against the legal moves.
//! - [`ShogiMoveNotation`] reads and writes moves in USI, CSA, KIF, KI2 and
//!   Western notation, checked against the legal moves; [`board`] reads
//!   and writes the board diagrams of KIF and CSA files.
//!
//! # Examples
//!
//! ```
//! use polyfen_shogi::{Position, Sfen, START_SFEN};
//!
//! let sfen: Sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2".parse()?;
//! let position = Position::from_setup(&sfen)?;
//! assert_eq!(position.legal_moves().len(), 30);
//! assert_eq!(Position::start().to_setup().to_string(), START_SFEN);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bitboard;
mod game;
mod notation;
mod outcome;
mod position;
mod types;
pub mod usi;
mod validate;

use polyfen_core::codec::{decode_hand, encode_hand};
use polyfen_core::{
    Color, Field, Fields, Hand, HandSpec, HandStyle, Leniency, ParseError, ParseErrorKind, PlacementSpec, Repair,
    RowOrder, Setup, Variant,
};

pub use game::{ShogiAdapter, ShogiDocument, ShogiJson, ShogiNotation, ShogiPosition, ShogiRecord, ascii, svg};
pub use notation::board;
pub use notation::{Candidate, MoveErrorKind, MoveParseError, ShogiMoveNotation, UnknownMoveNotation};
pub use outcome::{
    Declaration, ImpasseCount, PIECES_NEEDED, Repetition, impasse_count, impasse_declaration, points_needed, sennichite,
};
pub use position::{IllegalMove, MAX_MOVES, MoveList, Position, PositionKey, Status};
pub use types::{Move, Piece, Role, Square, SquareError, color_name};
pub use validate::{PositionError, Violation};

/// The Shogi variant marker: implements [`Variant`] for SFEN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shogi;

/// The board: 81 squares in the order SFEN writes them (`9a` = 0).
pub type Board = [Option<Piece>; 81];

/// An SFEN: a board and the other fields, checked for syntax only.
pub type Sfen = Setup<Shogi>;

/// The even start position, sente to move.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// The kinds a hand holds, in the order SFEN writes them.
pub const HAND_SPEC: HandSpec = HandSpec { kinds: b"RBGSNLP", style: HandStyle::Counted };

/// The fields of an SFEN after the placement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShogiExtras {
    /// The side to move: [`Color::White`] for sente (`b`).
    pub turn: Color,
    /// The pieces in hand; kind `k` is [`Role::HAND`]`[k]` (`R B G S N L P`).
    pub hand: Hand,
    /// The move number, counting plies from 1.
    pub move_number: u32,
}

impl Default for ShogiExtras {
    fn default() -> ShogiExtras {
        ShogiExtras { turn: Color::White, hand: Hand::EMPTY, move_number: 1 }
    }
}

/// The piece of each byte, unpromoted (`[0]`) and after the promotion
/// prefix `+` (`[1]`): one load per byte for the placement reader.
const PIECES: [[Option<Piece>; 256]; 2] = {
    let mut table = [[None; 256]; 2];
    let mut promoted = 0;
    while promoted < 2 {
        let mut b = 0;
        while b < 256 {
            if let (Some(color), Some(role)) =
                (Color::of_ascii_case(b as u8), Role::from_letter(b as u8, promoted == 1))
            {
                table[promoted][b] = Some(Piece { color, role });
            }
            b += 1;
        }
        promoted += 1;
    }
    table
};

/// Each piece's letters, for the writer's one-letter fast path: the
/// unpromoted roles of sente, then gote's; promoted pieces are written by
/// [`Variant::write_piece`].
const LETTERS: [u8; 16] = *b"PLNSGBRK\0\0\0\0\0\0\0\0";

impl Variant for Shogi {
    const ID: &'static str = "shogi";
    const NOTATION_NAME: &'static str = "SFEN";
    const SPEC: PlacementSpec = PlacementSpec::grid(9, 9)
        .rows(RowOrder::BottomFirst)
        .prefix(b'+')
        .words("rank", "squares")
        .expecting("a piece letter (PLNSGBRK, plnsgbrk, '+' before PLNSBR), a digit 1-9 or '/'");
    const COLOR_NAMES: [&'static str; 2] = ["sente", "gote"];

    type Piece = Piece;
    type Board = Board;
    type Extras = ShogiExtras;
    type WriteOptions = ();
    type Violation = Violation;

    fn empty_board() -> Board {
        [None; 81]
    }

    #[inline]
    fn piece_from_ascii(letter: u8, promoted: bool) -> Option<Piece> {
        PIECES[usize::from(promoted)][usize::from(letter)]
    }

    #[inline]
    fn write_piece(piece: Piece, (): &(), out: &mut String) {
        if piece.role.is_promoted() {
            out.push('+');
        }
        out.push(piece.color.case(piece.role.letter()) as char);
    }

    #[inline]
    fn cell_letter(cell: Option<Piece>, (): &()) -> Option<u8> {
        match cell {
            None => Some(0),
            Some(p) if !p.role.is_promoted() => Some(p.color.case(LETTERS[p.role.index()])),
            Some(_) => None,
        }
    }

    fn piece_color(piece: Piece) -> Color {
        piece.color
    }

    fn parse_extras(
        fields: &mut Fields<'_>,
        _board: &Board,
        leniency: &Leniency,
        repairs: &mut Vec<Repair>,
    ) -> Result<ShogiExtras, ParseError> {
        parse_fields(fields, *leniency, repairs)
    }

    fn write_extras(extras: &ShogiExtras, _board: &Board, (): &(), out: &mut String) {
        out.push(' ');
        out.push(if extras.turn == Color::White { 'b' } else { 'w' });
        out.push(' ');
        encode_hand(&HAND_SPEC, &extras.hand, out);
        out.push(' ');
        out.push_str(&extras.move_number.to_string());
    }

    fn validate(setup: &Sfen) -> Vec<Violation> {
        validate::validate(setup)
    }
}

/// Reads ` side hand move-number`. Strict: all three, `b` or `w`, the hand
/// in the standard order. Lenient (`leniency.fields`): the side in
/// uppercase, the hand in any order, and missing fields (sente to move, an
/// empty hand, move 1), each reported.
fn parse_fields(
    fields: &mut Fields<'_>,
    leniency: Leniency,
    repairs: &mut Vec<Repair>,
) -> Result<ShogiExtras, ParseError> {
    let lenient = leniency.fields;
    let mut extras = ShogiExtras::default();
    let Some(side) =
        next_or_default(fields, "side to move", "'b' (sente) or 'w' (gote)", "sente to move", lenient, repairs)?
    else {
        return Ok(extras);
    };
    extras.turn = parse_side(&side, lenient, repairs)?;
    let Some(hand) =
        next_or_default(fields, "hand", "'-' or the pieces in hand such as 2P3pb", "an empty hand", lenient, repairs)?
    else {
        return Ok(extras);
    };
    extras.hand = decode_hand(&HAND_SPEC, hand.text, hand.start, &leniency, repairs)?;
    let Some(number) =
        next_or_default(fields, "move number", "the move number, such as 1", "move 1", lenient, repairs)?
    else {
        return Ok(extras);
    };
    extras.move_number = number.number("move number", 0, u32::MAX)?;
    fields.finish("move number")?;
    Ok(extras)
}

/// The next field; when there is none, an error (strict) or `None` with a
/// repair saying the field and those after it took their defaults.
fn next_or_default<'a>(
    fields: &mut Fields<'a>,
    field: &'static str,
    expected: &'static str,
    default: &'static str,
    lenient: bool,
    repairs: &mut Vec<Repair>,
) -> Result<Option<Field<'a>>, ParseError> {
    if let Some(f) = fields.next() {
        return Ok(Some(f));
    }
    let end = fields.line().len();
    if !lenient {
        return Err(ParseError::new(ParseErrorKind::MissingField { field, expected }, end..end));
    }
    let rest = match field {
        "side to move" => "; an empty hand and move 1",
        "hand" => "; move 1",
        _ => "",
    };
    repairs.push(Repair::new(end..end, format!("the {field} is missing: read {default}{rest}")));
    Ok(None)
}

fn parse_side(f: &Field<'_>, lenient: bool, repairs: &mut Vec<Repair>) -> Result<Color, ParseError> {
    let color = match f.text {
        "b" => return Ok(Color::White),
        "w" => return Ok(Color::Black),
        "B" => Color::White,
        "W" => Color::Black,
        _ => {
            let message = if f.text.contains('/') {
                format!("{:?} is not a side: is there a space inside the placement?", f.text)
            } else {
                format!("{:?} is not 'b' (sente to move) or 'w' (gote to move)", f.text)
            };
            return Err(invalid(f, "side to move", message));
        }
    };
    if lenient {
        repairs.push(Repair::new(f.span(), format!("read the side {:?} as {} to move", f.text, color_name(color))));
        return Ok(color);
    }
    Err(invalid(f, "side to move", format!("{:?} must be written in lowercase: 'b' (sente) or 'w' (gote)", f.text)))
}

fn invalid(f: &Field<'_>, field: &'static str, message: String) -> ParseError {
    ParseError::new(ParseErrorKind::Invalid { field, message: message.into() }, f.span())
}

/// The named starts: the even game and the handicaps, in which the
/// stronger player (the upper hand, gote, 上手) gives up pieces and moves
/// first. Each entry is (id, Japanese name, SFEN).
///
/// The pieces removed are those of the Japan Shogi Association's handicap
/// rules and of the `手合割` names of the KIF format: lance (香落ち) the
/// left lance of the upper hand (`1a`), right lance (右香落ち) the one on
/// `9a`, bishop, rook, rook and lance, two pieces (二枚落ち: rook and
/// bishop), four (both lances too), six (and both knights), eight (and both
/// silvers), ten (and both golds). They agree with the handicap starts of
/// the test records (written by python-shogi, cshogi and tsshogi).
pub const SETUPS: [(&str, &str, &str); 11] = [
    ("standard", "平手", START_SFEN),
    ("lance", "香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("right-lance", "右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("bishop", "角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("rook", "飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("rook-lance", "飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("two-piece", "二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("four", "四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("six", "六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("eight", "八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    ("ten", "十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
];

/// The SFEN of a named start: an id of [`SETUPS`] or one of the aliases
/// `four-piece`, `six-piece`, `eight-piece`, `ten-piece` (any case).
///
/// ```
/// use polyfen_shogi::setup_sfen;
///
/// assert_eq!(setup_sfen("eight-piece"), setup_sfen("eight"));
/// assert_eq!(setup_sfen("ten").map(|s| s.starts_with("4k4/9/")), Some(true));
/// assert_eq!(setup_sfen("queen"), None);
/// ```
#[must_use]
pub fn setup_sfen(id: &str) -> Option<&'static str> {
    let id = id.to_ascii_lowercase();
    let id = id.strip_suffix("-piece").filter(|base| *base != "two").unwrap_or(&id);
    SETUPS.iter().find(|(name, _, _)| *name == id).map(|(_, _, sfen)| *sfen)
}

/// The setup of a named start (see [`setup_sfen`]).
#[must_use]
pub fn setup(id: &str) -> Option<Sfen> {
    setup_sfen(id).and_then(|sfen| sfen.parse().ok())
}

/// The chapter "Shogi notation" of the book, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/src/shogi-notation.md")]
pub struct ShogiNotationChapter;
