//! The fast path of the strict reader against the careful loop, on test
//! variants with the specs of the real ones (and a few odd ones).

use core::num::NonZeroU8;

use proptest::prelude::*;

use super::fast::decode_strict_fast;
use super::write::{encode_fast, encode_general};
use super::*;
use crate::error::ParseError;
use crate::variant::Variant;
use crate::{Color, Fields, Setup};

/// A piece: its letter, so that a one-byte `Option` as in chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Letter(NonZeroU8);

/// A piece of three bytes, as in Khet, looked up by a `match`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Wide {
    color: Color,
    kind: u8,
    flag: bool,
}

/// A test variant: a spec, a piece type and its letters.
macro_rules! variant {
    ($name:ident, $spec:expr, $piece:ty, $lookup:expr, $write:expr) => {
        struct $name;

        impl Variant for $name {
            const ID: &'static str = stringify!($name);
            const SPEC: PlacementSpec = $spec;
            const COLOR_NAMES: [&'static str; 2] = ["white", "black"];
            type Piece = $piece;
            type Board = [Option<$piece>; { $spec.cells() }];
            type Extras = ();
            type WriteOptions = ();
            type Violation = String;

            fn empty_board() -> Self::Board {
                [None; { $spec.cells() }]
            }

            fn piece_from_ascii(letter: u8, promoted: bool) -> Option<$piece> {
                let lookup: fn(u8, bool) -> Option<$piece> = $lookup;
                lookup(letter, promoted)
            }

            fn write_piece(piece: $piece, (): &(), out: &mut String) {
                let write: fn($piece, &mut String) = $write;
                write(piece, out);
            }

            // one ASCII byte when the piece is written as one (so the
            // writer's fast path is exercised), else the general way
            fn cell_letter(cell: Option<$piece>, (): &()) -> Option<u8> {
                let Some(piece) = cell else { return Some(0) };
                let mut text = String::new();
                Self::write_piece(piece, &(), &mut text);
                match text.as_bytes() {
                    [b] if b.is_ascii() && *b != 0 => Some(*b),
                    _ => None,
                }
            }

            fn piece_color(_: $piece) -> Color {
                Color::White
            }

            fn parse_extras(
                _: &mut Fields<'_>,
                _: &Self::Board,
                _: &Leniency,
                _: &mut Vec<Repair>,
            ) -> Result<(), ParseError> {
                Ok(())
            }

            fn write_extras((): &(), _: &Self::Board, (): &(), _: &mut String) {}

            fn validate(_: &Setup<Self>) -> Vec<String> {
                Vec::new()
            }
        }
    };
}

fn letter_piece(letters: &[u8], letter: u8, promoted: bool) -> Option<Letter> {
    NonZeroU8::new(letter).filter(|_| !promoted && letters.contains(&letter)).map(Letter)
}

fn write_letter(piece: Letter, out: &mut String) {
    out.push(char::from(piece.0.get()));
}

const CHESS: &[u8] = b"KQRBNPkqrbnp";

variant!(ChessLike, PlacementSpec::grid(8, 8), Letter, |b, p| letter_piece(CHESS, b, p), write_letter);

const XIANGQI: &[u8] = b"KABNRCPkabnrcpGEMHgemh";

variant!(XiangqiLike, PlacementSpec::grid(9, 10), Letter, |b, p| letter_piece(XIANGQI, b, p), write_letter);

variant!(
    KhetLike,
    PlacementSpec::grid(10, 8).rows(RowOrder::BottomFirst).ten_digit(b'0'),
    Wide,
    |b, promoted| {
        let kind = match b.to_ascii_uppercase() {
            b'A' => 0,
            b'R' => 1,
            b'P' => 2,
            b'S' => 3,
            b'X' => 4,
            b'E' => 5,
            _ => return None,
        };
        Some(Wide { color: Color::of_ascii_case(b)?, kind, flag: promoted })
    },
    |piece, out| out.push(char::from(piece.color.case(b"ARPSXE"[piece.kind as usize])))
);

const SHOGI: &[u8] = b"KGSBRPkgsbrp";

variant!(
    ShogiLike,
    PlacementSpec::grid(5, 5).prefix(b'+'),
    Wide,
    |b, promoted| {
        let kind = SHOGI.iter().position(|&l| l == b)? as u8;
        Some(Wide { color: Color::of_ascii_case(b)?, kind, flag: promoted })
    },
    |piece, out| {
        if piece.flag {
            out.push('+');
        }
        out.push(char::from(SHOGI[piece.kind as usize]));
    }
);

// the ten digit is a letter, and the separator not '/'
const ODD: &[u8] = b"abcxyz";

variant!(
    OddLike,
    PlacementSpec { separator: b'|', ..PlacementSpec::grid(3, 4).ten_digit(b'T') },
    Letter,
    |b, p| letter_piece(ODD, b, p),
    write_letter
);

// too wide for the word reader: the byte reader
variant!(GoLike, PlacementSpec::grid(19, 3).ten_digit(b'0'), Letter, |b, p| letter_piece(b"bw", b, p), write_letter);

// the widest rows the word reader takes, but too many cells: the byte
// reader
variant!(
    Wide15,
    PlacementSpec::grid(15, 17).rows(RowOrder::BottomFirst),
    Letter,
    |b, p| letter_piece(CHESS, b, p),
    write_letter
);

// the most rows the word reader takes, and its longest placements
variant!(Tall15, PlacementSpec::grid(10, 15).ten_digit(b'0'), Letter, |b, p| letter_piece(CHESS, b, p), write_letter);

/// The careful loop alone: a leniency that reads a placement as
/// strictly as the default one, but is not it (its flag is only about
/// the fields after the placement).
const CAREFUL: Leniency = Leniency {
    empty_rows: false,
    pad_short_rows: false,
    unknown_as_empty: false,
    ignore_separator: false,
    adjacent_digits: false,
    attribute_count: false,
    fields: true,
};

/// What the careful loop says of the field at the start of `line`.
fn careful<V: Variant>(line: &str) -> (Result<usize, ParseError>, Vec<Option<V::Piece>>, usize) {
    let len = line.bytes().position(|b| b.is_ascii_whitespace()).unwrap_or(line.len());
    let mut board = vec![None; V::SPEC.cells()];
    let read = decode_placement::<V>(&line[..len], 0, &CAREFUL, &mut board, &mut Vec::new());
    (read, board, len)
}

/// The fast path agrees with the careful loop on `line`, and with the
/// strict reader on the whole field; returns whether it read it.
fn agrees<V: Variant>(line: &str) -> Result<bool, TestCaseError> {
    let mut board = vec![None; V::SPEC.cells()];
    let fast = decode_strict_fast::<V>(line.as_bytes(), &mut board);
    let (read, careful_board, len) = careful::<V>(line);
    if let Some((pieces, fast_len)) = fast {
        prop_assert_eq!(fast_len, len, "length of {:?}", line);
        prop_assert_eq!(read.as_ref().ok(), Some(&pieces), "pieces of {:?}", line);
        prop_assert_eq!(&board, &careful_board, "board of {:?}", line);
    }
    // and through the public readers, which use the fast path
    let mut strict_board = vec![None; V::SPEC.cells()];
    let strict = decode_placement::<V>(&line[..len], 0, &Leniency::default(), &mut strict_board, &mut Vec::new());
    prop_assert_eq!(&strict, &read, "strict read of {:?}", line);
    if read.is_ok() {
        prop_assert_eq!(&strict_board, &careful_board, "strict board of {:?}", line);
    }
    let field = decode_placement_field::<V>(line, 0, &Leniency::default(), &mut strict_board, &mut Vec::new());
    prop_assert_eq!(field, read.map(|p| (p, len)), "field read of {:?}", line);
    Ok(fast.is_some())
}

/// Boards of `V` with pieces from its letters, empty cells more likely.
fn boards<V: Variant>() -> impl Strategy<Value = Vec<Option<V::Piece>>> {
    let letters = V::SPEC.cells();
    proptest::collection::vec(prop_oneof![3 => Just(None), 2 => any::<u8>().prop_map(Some)], letters).prop_map(
        |cells| {
            cells
                .into_iter()
                .map(|cell| {
                    cell.and_then(|i| {
                        let letters = variant_letters::<V>();
                        V::piece_from_ascii(letters[i as usize % letters.len()], false)
                    })
                })
                .collect()
        },
    )
}

/// The piece letters of a test variant.
fn variant_letters<V: Variant>() -> Vec<u8> {
    (0..=255u8).filter(|&b| V::piece_from_ascii(b, false).is_some()).collect()
}

/// Every valid placement reads on the fast path, alone or followed by
/// fields, and as the careful loop reads it.
fn valid_reads_fast<V: Variant<WriteOptions = ()>>(
    board: &[Option<V::Piece>],
    tail: &str,
) -> Result<(), TestCaseError> {
    let mut placement = String::new();
    encode_placement::<V>(board, &(), WriteStyle::default(), &mut placement);
    let line = format!("{placement}{tail}");
    if careful::<V>(&line).0.is_err() {
        // runs longer than one digit (on boards wider than 9 or 10) are
        // written as adjacent digits, which strict reading refuses
        prop_assert!(V::SPEC.files > V::SPEC.max_run());
        prop_assert!(!agrees::<V>(&line)?);
        return Ok(());
    }
    let mut read = vec![None; V::SPEC.cells()];
    let fast = decode_strict_fast::<V>(line.as_bytes(), &mut read);
    let pieces = board.iter().flatten().count();
    prop_assert_eq!(fast, Some((pieces, placement.len())), "fast read of {:?}", line);
    prop_assert_eq!(&read[..], board, "board of {:?}", line);
    prop_assert!(agrees::<V>(&line)?);
    Ok(())
}

/// A string of bytes and characters that placements are made of, and
/// some that they are not.
fn fen_ish() -> impl Strategy<Value = String> {
    let alphabet: Vec<char> = "KQRBNPkqrbnpACEGHMSXaceghmsxTbw0123456789//// \t+|-xé€\u{1}\r\n~".chars().collect();
    proptest::collection::vec(proptest::sample::select(alphabet), 0..120).prop_map(|chars| chars.into_iter().collect())
}

/// A valid placement with one byte changed, dropped or doubled.
fn near_valid<V: Variant<WriteOptions = ()>>() -> impl Strategy<Value = String> {
    let alphabet: Vec<u8> = b"KPkpARxe0123456789/ +|T".to_vec();
    (boards::<V>(), any::<prop::sample::Index>(), proptest::sample::select(alphabet), 0..4u8, 0..3u8).prop_map(
        |(board, at, byte, edit, style)| {
            let style = WriteStyle { empty_rows_blank: style == 1, drop_trailing_runs: style == 2 };
            let mut placement = String::new();
            encode_placement::<V>(&board, &(), style, &mut placement);
            let mut bytes = placement.into_bytes();
            let i = at.index(bytes.len() + 1);
            match edit {
                0 if i < bytes.len() => bytes[i] = byte,
                1 if i < bytes.len() => {
                    bytes.remove(i);
                }
                2 if i < bytes.len() => bytes.insert(i, bytes[i]),
                _ => bytes.insert(i, byte),
            }
            String::from_utf8(bytes).unwrap_or_default()
        },
    )
}

macro_rules! agreement {
    ($($test:ident: $variant:ty),* $(,)?) => {$(
        mod $test {
            use super::*;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(2000))]

                #[test]
                fn random_strings_agree(line in fen_ish()) {
                    agrees::<$variant>(&line)?;
                }

                #[test]
                fn near_valid_placements_agree(line in near_valid::<$variant>(), tail in "( [a-z0-9-]{0,3}){0,2}") {
                    agrees::<$variant>(&format!("{line}{tail}"))?;
                }

                #[test]
                fn valid_placements_read_fast(board in boards::<$variant>(), tail in "([ \t\n][a-z0-9 -]{0,6})?") {
                    valid_reads_fast::<$variant>(&board, &tail)?;
                }

                /// The writer's fast path writes what the general one does.
                #[test]
                fn fast_writer_agrees(board in boards::<$variant>()) {
                    let mut fast = String::new();
                    let used = encode_fast::<$variant>(&board, &(), &mut fast);
                    let mut general = String::new();
                    encode_general(&super::alphabet::Letters::<$variant>(Some(&())), &board, WriteStyle::default(), &mut general);
                    if used {
                        prop_assert_eq!(fast, general);
                    }
                }
            }
        }
    )*};
}

agreement!(
    chess_like: ChessLike,
    xiangqi_like: XiangqiLike,
    khet_like: KhetLike,
    odd_like: OddLike,
    go_like: GoLike,
    wide15: Wide15,
    tall15: Tall15,
);

mod shogi_like {
    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn random_strings_agree(line in fen_ish()) {
            agrees::<ShogiLike>(&line)?;
        }

        #[test]
        fn near_valid_placements_agree(line in near_valid::<ShogiLike>()) {
            agrees::<ShogiLike>(&line)?;
        }

        // pieces without the prefix
        #[test]
        fn valid_placements_read_fast(board in boards::<ShogiLike>(), tail in "([ \t\n][a-z0-9 -]{0,6})?") {
            valid_reads_fast::<ShogiLike>(&board, &tail)?;
        }

        // pieces with it, read on the fast path too
        #[test]
        fn promoted_placements_agree(board in boards::<ShogiLike>(), at in any::<prop::sample::Index>()) {
            let mut placement = String::new();
            encode_placement::<ShogiLike>(&board, &(), WriteStyle::default(), &mut placement);
            let letters: Vec<usize> = placement.match_indices(|c: char| c.is_ascii_alphabetic()).map(|(i, _)| i).collect();
            if !letters.is_empty() {
                placement.insert(letters[at.index(letters.len())], '+');
            }
            prop_assert!(agrees::<ShogiLike>(&placement)?, "fast read of {:?}", placement);
        }
    }
}

#[test]
fn reads_known_placements() {
    let start = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let mut board = vec![None; 64];
    assert_eq!(decode_strict_fast::<ChessLike>(start.as_bytes(), &mut board), Some((32, 45)));
    assert_eq!(board[0], ChessLike::piece_from_ascii(b'R', false));
    assert_eq!(board[28], ChessLike::piece_from_ascii(b'P', false));
    assert_eq!(board[63], ChessLike::piece_from_ascii(b'r', false));
    for line in ["8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8 w", "k7/8/8/8/8/8/8/7K\n"] {
        let mut board = vec![None; 64];
        assert!(decode_strict_fast::<ChessLike>(line.as_bytes(), &mut board).is_some(), "{line:?}");
    }
    for line in [
        "",
        " 8/8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8/8/",
        "8/8/8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8",
        "8/8/8/8/8/8/8/7",
        "8/8/8/8/8/8/8/9",
        "8/8/8/8/8/8/8/71",
        "8/8/8/8/8/8/8/8\u{1}",
        "8/8/8/8/8/8/8/8x",
        "8/8/8/8/8/8/8/8é",
        "8/8/8/8/8/8/8/44",
        "9/7/8/8/8/8/8/8",
        "8/8/8/8/8/8/8//8",
        "8/8/8/8/8/8/8/7x",
    ] {
        let mut board = vec![None; 64];
        assert_eq!(decode_strict_fast::<ChessLike>(line.as_bytes(), &mut board), None, "{line:?}");
    }
    let khet = "x3aras2/3p6/2p7/p1p1ss1p1p/p1p1ss1p1p/6p3/7p2/2pa1a3x";
    let mut board = vec![None; 80];
    assert_eq!(decode_strict_fast::<KhetLike>(khet.as_bytes(), &mut board), Some((25, khet.len())));
    let mut board = vec![None; 80];
    assert!(decode_strict_fast::<KhetLike>(b"0/0/0/0/0/0/0/0", &mut board).is_some());
    let xiangqi = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let mut board = vec![None; 90];
    assert_eq!(decode_strict_fast::<XiangqiLike>(xiangqi.as_bytes(), &mut board), Some((32, 59)));
    assert_eq!(board[4], XiangqiLike::piece_from_ascii(b'K', false));
    assert_eq!(board[85], XiangqiLike::piece_from_ascii(b'k', false));
    // a promotion prefix is read on the fast path, before a letter only
    let mut board = vec![None; 25];
    assert_eq!(decode_strict_fast::<ShogiLike>(b"+k+G3/5/5/5/3+p+P w", &mut board), Some((4, 17)));
    // the first row written is the top one, cells 20 to 24
    assert_eq!(board[20], ShogiLike::piece_from_ascii(b'k', true));
    assert_eq!(board[21], ShogiLike::piece_from_ascii(b'G', true));
    assert_eq!(board[4], ShogiLike::piece_from_ascii(b'P', true));
    for line in ["+5/5/5/5/5", "5+/5/5/5/5", "5/5/5/5/4+", "++k4/5/5/5/5", "+/5/5/5/5/5", "k4/5/5/5/4+ w"] {
        let mut board = vec![None; 25];
        assert_eq!(decode_strict_fast::<ShogiLike>(line.as_bytes(), &mut board), None, "{line:?}");
        agrees::<ShogiLike>(line).unwrap();
    }
}

#[test]
fn refuses_placements_longer_than_any_valid_one() {
    // more whole words than the word reader keeps
    for n in [70, 71, 72, 73, 79, 80, 81, 200] {
        let line = "p".repeat(n);
        let mut board = vec![None; 64];
        assert_eq!(decode_strict_fast::<ChessLike>(line.as_bytes(), &mut board), None, "{n}");
        agrees::<ChessLike>(&line).unwrap();
    }
    let longest = ["pppppppp"; 8].join("/");
    let mut board = vec![None; 64];
    assert_eq!(decode_strict_fast::<ChessLike>(longest.as_bytes(), &mut board), Some((64, 71)));
    let longest = ["pppppppppp"; 15].join("/");
    let mut board = vec![None; 150];
    assert_eq!(decode_strict_fast::<Tall15>(longest.as_bytes(), &mut board), Some((150, 164)));
    assert_eq!(decode_strict_fast::<Tall15>(format!("{longest}/").as_bytes(), &mut board), None);
}

#[test]
fn names_holdings_after_the_board() {
    let read = |line: &str, leniency: &Leniency| {
        let mut board = vec![None; 64];
        decode_placement::<ChessLike>(line, 3, leniency, &mut board, &mut Vec::new())
    };
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for holdings in ["[]", "[Qn]", "[-]"] {
        let line = format!("{board}{holdings}");
        for leniency in [Leniency::default(), CAREFUL, Leniency::ALL] {
            let error = read(&line, &leniency).expect_err("holdings are no row");
            assert_eq!(
                error.kind,
                crate::ParseErrorKind::Holdings { found: holdings.to_owned(), notation: "this notation" },
                "{line}"
            );
            // the brackets, shifted by the field's offset
            assert_eq!(error.span, 3 + board.len()..3 + line.len(), "{line}");
        }
    }
    assert_eq!(
        read(&format!("{board}[Qn]"), &Leniency::default()).expect_err("an error").kind.to_string(),
        "a holdings (pocket) suffix \"[Qn]\" after the board: crazyhouse-style holdings are not part of this notation"
    );
    // the rows before the brackets are read first: their error comes first
    let short = read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN[Q]", &Leniency::default()).expect_err("short");
    assert!(matches!(short.kind, crate::ParseErrorKind::RowLength { found: 7, .. }), "{short:?}");
    // an unclosed or nested bracket is no holdings group
    for line in [format!("{board}[Q"), format!("{board}[Q]]"), format!("{board}]")] {
        let error = read(&line, &Leniency::default()).expect_err("an error");
        assert!(!matches!(error.kind, crate::ParseErrorKind::Holdings { .. }), "{line}: {error:?}");
    }
}

/// A row with too few cells, where a separator ends it and where the
/// placement does: the strict error on the same span, the empty row or the
/// padding the lenient reading reports.
#[test]
fn short_rows_at_a_separator_and_at_the_end() {
    let lenient = Leniency { empty_rows: true, pad_short_rows: true, ..CAREFUL };
    let read = |line: &str, leniency: &Leniency| {
        let mut board = vec![None; 64];
        let mut repairs = Vec::new();
        decode_placement::<ChessLike>(line, 10, leniency, &mut board, &mut repairs)
            .map(|_| repairs.into_iter().map(|r| (r.span, r.message.into_owned())).collect::<Vec<_>>())
            .map_err(|e| e.span)
    };
    assert_eq!(read("8/7/8/8/8/8/8/8", &CAREFUL), Err(13..14));
    assert_eq!(read("8/8/8/8/8/8/8/7", &CAREFUL), Err(25..25));
    assert_eq!(read("8/8/8/8/8/8/8/", &CAREFUL), Err(24..24));
    assert_eq!(read("8/7/8/8/8/8/8/8", &lenient), Ok(vec![(12..13, "padded rank 7 with 1 empty square".to_owned())]));
    assert_eq!(read("8/8/8/8/8/8/8/7", &lenient), Ok(vec![(24..25, "padded rank 1 with 1 empty square".to_owned())]));
    assert_eq!(read("8//8/8/8/8/8/8", &lenient), Ok(vec![(12..13, "read an empty rank 7".to_owned())]));
    assert_eq!(read("8/8/8/8/8/8/8/", &lenient), Ok(vec![(24..24, "read an empty rank 1".to_owned())]));
}

/// A 12-file board whose letters are known at run time, runs written as
/// decimal numbers.
struct Decimal12;

impl super::Alphabet for Decimal12 {
    type Piece = u8;

    fn spec(&self) -> &PlacementSpec {
        const SPEC: PlacementSpec = PlacementSpec::grid(12, 2).prefix(b'+');
        &SPEC
    }

    fn piece(&self, letter: u8, prefixed: bool, _suffixed: bool) -> Option<u8> {
        letter.is_ascii_alphabetic().then_some(if prefixed { letter.to_ascii_uppercase() } else { letter })
    }

    fn write_piece(&self, piece: u8, out: &mut String) {
        out.push(piece as char);
    }

    fn decimal_runs(&self) -> bool {
        true
    }
}

#[test]
fn a_runtime_alphabet_reads_and_writes_decimal_runs() {
    let mut board = vec![None; 24];
    let mut repairs = Vec::new();
    let n = super::decode_placement_in(&Decimal12, "a10b/12", 0, &Leniency::default(), &mut board, &mut repairs);
    assert_eq!(n, Ok(2));
    let mut out = String::new();
    super::encode_placement_in(&Decimal12, &board, WriteStyle::default(), &mut out);
    assert_eq!(out, "a10b/12");
    let err = super::decode_placement_in(&Decimal12, "a11b/12", 0, &Leniency::default(), &mut board, &mut repairs);
    assert!(err.is_err());
    let err =
        super::decode_placement_in(&Decimal12, "99999999999/12", 0, &Leniency::default(), &mut board, &mut repairs);
    assert!(err.is_err());
}
