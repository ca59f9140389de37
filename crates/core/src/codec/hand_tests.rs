//! The hand and the pocket: Shogi's counted hand field, crazyhouse's
//! listed pocket in brackets or as one row more, and the `~` suffix.

use proptest::prelude::*;

use super::*;
use crate::error::ParseError;
use crate::hand::{Hand, HandSpec, HandStyle};
use crate::variant::Variant;
use crate::{Color, Fields, Setup};

const SHOGI: HandSpec = HandSpec { kinds: b"RBGSNLP", style: HandStyle::Counted };
const POCKET: HandSpec = HandSpec { kinds: b"QRBNP", style: HandStyle::Listed };

fn strict(text: &str) -> Result<Hand, ParseError> {
    decode_hand(&SHOGI, text, 10, &Leniency::default(), &mut Vec::new())
}

fn lenient(text: &str) -> (Hand, Vec<Repair>) {
    let mut repairs = Vec::new();
    let hand = decode_hand(&SHOGI, text, 10, &Leniency::ALL, &mut repairs).expect("a lenient read");
    (hand, repairs)
}

fn written(spec: &HandSpec, hand: &Hand) -> String {
    let mut out = String::new();
    encode_hand(spec, hand, &mut out);
    out
}

#[test]
fn counted_hands_read_and_write_in_the_standard_order() {
    let hand = strict("S2Pb3p").unwrap();
    assert_eq!(hand.count(Color::White, 3), 1);
    assert_eq!(hand.count(Color::White, 6), 2);
    assert_eq!(hand.count(Color::Black, 1), 1);
    assert_eq!(hand.count(Color::Black, 6), 3);
    assert_eq!(written(&SHOGI, &hand), "S2Pb3p");
    assert_eq!(strict("-").unwrap(), Hand::EMPTY);
    assert_eq!(written(&SHOGI, &Hand::EMPTY), "-");
    assert_eq!(strict("18P").unwrap().count(Color::White, 6), 18);
}

#[test]
fn a_strict_read_names_what_is_out_of_the_standard_form() {
    let out_of_order = strict("2P3pb").unwrap_err();
    assert_eq!(out_of_order.span, 14..15, "the span of `b`, shifted by the offset");
    assert!(out_of_order.to_string().contains("b is out of order"), "{out_of_order}");
    assert!(out_of_order.to_string().contains("R B G S N L P"), "{out_of_order}");
    let twice = strict("PP").unwrap_err();
    assert!(twice.to_string().contains("P is written twice"), "{twice}");
    let one = strict("1P").unwrap_err();
    assert!(one.to_string().contains("only above one"), "{one}");
    let unknown = strict("2K").unwrap_err();
    assert_eq!(unknown.span, 11..12);
    assert!(unknown.to_string().contains("a piece letter after the count"), "{unknown}");
    let dangling = strict("P2").unwrap_err();
    assert_eq!(dangling.span, 12..12);
    let huge = strict("300P").unwrap_err();
    assert!(huge.to_string().contains("255"), "{huge}");
    assert!(strict("").is_err());
    assert!(strict("-P").is_err());
}

#[test]
fn a_lenient_read_reports_each_repair() {
    let (hand, repairs) = lenient("2P3pb");
    assert_eq!(written(&SHOGI, &hand), "2Pb3p");
    assert_eq!(repairs.len(), 1);
    assert_eq!(repairs[0].kind, RepairKind::Hand);
    assert_eq!(repairs[0].span, 10..15);
    assert!(repairs[0].message.contains("another order"), "{}", repairs[0].message);

    let (hand, repairs) = lenient("1rPP");
    assert_eq!(written(&SHOGI, &hand), "2Pr");
    let messages: Vec<&str> = repairs.iter().map(|r| r.message.as_ref()).collect();
    assert_eq!(messages.len(), 3, "{messages:?}");
    assert!(messages[0].contains("1r as 1 r"), "{messages:?}");
    assert!(messages.iter().any(|m| m.contains("added up the counts of P")), "{messages:?}");
}

#[test]
fn listed_pockets_take_any_order_and_write_the_standard_one() {
    let mut repairs = Vec::new();
    let hand = decode_hand(&POCKET, "pNRBNPN", 0, &Leniency::default(), &mut repairs).unwrap();
    assert!(repairs.is_empty());
    assert_eq!(written(&POCKET, &hand), "RBNNNPp");
    assert_eq!(written(&POCKET, &Hand::EMPTY), "");
    assert_eq!(decode_hand(&POCKET, "", 0, &Leniency::default(), &mut repairs).unwrap(), Hand::EMPTY);
    let err = decode_hand(&POCKET, "QK", 5, &Leniency::default(), &mut repairs).unwrap_err();
    assert_eq!(err.span, 6..7);
}

/// A chess-like variant with a crazyhouse pocket and `~` for promoted pieces.
struct Zh;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    letter: u8,
    promoted: bool,
}

impl Variant for Zh {
    const ID: &'static str = "zh";
    const SPEC: PlacementSpec = PlacementSpec::grid(8, 8).suffix(b'~');
    const COLOR_NAMES: [&'static str; 2] = ["white", "black"];
    const POCKET: Option<HandSpec> = Some(POCKET);
    type Piece = Piece;
    type Board = [Option<Piece>; 64];
    type Extras = (Color, Option<Hand>);
    type WriteOptions = ();
    type Violation = String;

    fn empty_board() -> Self::Board {
        [None; 64]
    }

    fn piece_from_ascii(letter: u8, promoted: bool) -> Option<Piece> {
        b"KQRBNPkqrbnp".contains(&letter).then_some(Piece { letter, promoted })
    }

    fn write_piece(piece: Piece, (): &(), out: &mut String) {
        out.push(char::from(piece.letter));
        if piece.promoted {
            out.push('~');
        }
    }

    fn piece_color(piece: Piece) -> Color {
        Color::of_ascii_case(piece.letter).unwrap_or(Color::White)
    }

    fn parse_extras(
        fields: &mut Fields<'_>,
        board: &Self::Board,
        leniency: &Leniency,
        repairs: &mut Vec<Repair>,
    ) -> Result<Self::Extras, ParseError> {
        Self::parse_extras_with_pocket(None, fields, board, leniency, repairs)
    }

    fn parse_extras_with_pocket(
        pocket: Option<Hand>,
        fields: &mut Fields<'_>,
        _: &Self::Board,
        _: &Leniency,
        _: &mut Vec<Repair>,
    ) -> Result<Self::Extras, ParseError> {
        let turn = match fields.next().map(|f| f.text) {
            Some("b") => Color::Black,
            _ => Color::White,
        };
        Ok((turn, pocket))
    }

    fn pocket(extras: &Self::Extras) -> Option<&Hand> {
        extras.1.as_ref()
    }

    fn write_extras(extras: &Self::Extras, _: &Self::Board, (): &(), out: &mut String) {
        out.push_str(if extras.0 == Color::White { " w" } else { " b" });
    }

    fn validate(_: &Setup<Self>) -> Vec<String> {
        Vec::new()
    }
}

const BRACKETS: &str = "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[QNp] b";

#[test]
fn a_pocket_in_brackets_or_as_a_ninth_row_is_read() {
    let setup: Setup<Zh> = BRACKETS.parse().unwrap();
    let pocket = setup.extras.1.expect("a pocket");
    assert_eq!(pocket.count(Color::White, 0), 1);
    assert_eq!(pocket.count(Color::White, 3), 1);
    assert_eq!(pocket.count(Color::Black, 4), 1);
    assert_eq!(setup.extras.0, Color::Black);
    assert_eq!(setup.to_string(), BRACKETS);

    let ninth: Setup<Zh> = BRACKETS.replace("[QNp]", "/pNQ").parse().unwrap();
    assert_eq!(ninth, setup);

    let empty: Setup<Zh> = "8/8/8/8/8/8/8/4K2k[] w".parse().unwrap();
    assert_eq!(empty.extras.1, Some(Hand::EMPTY));
    assert_eq!(empty.to_string(), "8/8/8/8/8/8/8/4K2k[] w");

    let none: Setup<Zh> = "8/8/8/8/8/8/8/4K2k w".parse().unwrap();
    assert_eq!(none.extras.1, None);
    assert_eq!(none.to_string(), "8/8/8/8/8/8/8/4K2k w");
}

#[test]
fn a_bad_pocket_is_named_where_it_is() {
    let err = "8/8/8/8/8/8/8/4K2k[QX] w".parse::<Setup<Zh>>().unwrap_err();
    assert_eq!(err.span, 20..21);
    // a ninth row with something that is no pocket letter is a row too many
    let err = "8/8/8/8/8/8/8/4K2k/3 w".parse::<Setup<Zh>>().unwrap_err();
    assert!(err.to_string().contains("9 ranks, expected 8"), "{err}");
}

#[test]
fn the_suffix_marks_a_promoted_piece() {
    let setup: Setup<Zh> = "Q~7/8/8/8/8/8/8/4K2k[] w".parse().unwrap();
    assert_eq!(setup.piece_at(0, 7), Some(Piece { letter: b'Q', promoted: true }));
    assert_eq!(setup.piece_at(4, 0), Some(Piece { letter: b'K', promoted: false }));
    assert_eq!(setup.to_string(), "Q~7/8/8/8/8/8/8/4K2k[] w");
    // the suffix takes no cell of its own
    assert!("Q~Q~Q~Q~Q~Q~Q~Q~/8/8/8/8/8/8/4K2k w".parse::<Setup<Zh>>().is_ok());
    assert!("Q~Q~Q~Q~Q~Q~Q~Q~Q/8/8/8/8/8/8/4K2k w".parse::<Setup<Zh>>().is_err());
}

fn hands() -> impl Strategy<Value = Hand> {
    prop::collection::vec(0u8..=20, 14).prop_map(|counts| {
        let mut hand = Hand::EMPTY;
        for (i, n) in counts.into_iter().enumerate() {
            let color = if i < 7 { Color::White } else { Color::Black };
            hand.set(color, i % 7, n);
        }
        hand
    })
}

proptest! {
    #[test]
    fn a_written_hand_reads_back(hand in hands()) {
        for spec in [SHOGI, HandSpec { kinds: b"RBGSNLP", style: HandStyle::Listed }] {
            let text = written(&spec, &hand);
            let back = decode_hand(&spec, &text, 0, &Leniency::default(), &mut Vec::new());
            prop_assert_eq!(back, Ok(hand));
        }
    }

    #[test]
    fn a_hand_reader_never_panics(text in "[-0-9RBGSNLPrbgsnlpKk~\\[\\]]{0,12}|\\PC{0,12}") {
        for spec in [SHOGI, POCKET] {
            for leniency in [Leniency::default(), Leniency::ALL] {
                let mut repairs = Vec::new();
                if let Err(err) = decode_hand(&spec, &text, 3, &leniency, &mut repairs) {
                    prop_assert!(err.span.start >= 3 && err.span.end <= text.len() + 3);
                }
            }
        }
    }

    #[test]
    fn a_pocket_placement_never_panics(text in "[1-8/KQRBNPkqrbnp~\\[\\]]{0,40}") {
        for leniency in [Leniency::default(), Leniency::ALL] {
            let _ = Setup::<Zh>::parse_with(&text, &leniency, &mut Vec::new());
        }
    }
}
