//! The strict reader and the writer: what a PKN says, how it is written
//! back, the scarab's two-sided mirror, and every syntax error with its
//! column.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use polyfen_core::Color;
use polyfen_khet::{CLASSIC, Facing, Kind, Piece, Pkn, PknOptions, Square};
use polyfen_test_support::underline;

fn parse(input: &str) -> Pkn {
    input.parse().unwrap_or_else(|e| panic!("{input}: {e}"))
}

fn at(pkn: &Pkn, name: &str) -> Option<Piece> {
    let square = Square::parse(name.as_bytes()).unwrap_or_else(|| panic!("{name}"));
    pkn.board[square.index()]
}

fn piece(letter: u8, facing: Facing) -> Piece {
    let mut piece = Piece::from_letter(letter).unwrap_or_else(|| panic!("{letter}"));
    piece.facing = facing;
    piece
}

#[test]
fn rank_one_is_written_first_and_rotations_zip_in_order() {
    let pkn = parse(CLASSIC);
    // rank 1 `2PARA3X`: c1 P, d1 A, e1 R, f1 A, j1 X take `w n n n n`
    assert_eq!(at(&pkn, "c1"), Some(piece(b'P', Facing::West)));
    assert_eq!(at(&pkn, "d1"), Some(piece(b'A', Facing::North)));
    assert_eq!(at(&pkn, "j1"), Some(Piece::new(Color::White, Kind::Sphinx, Facing::North)));
    // rank 2 `7P2`: h2 takes the sixth rotation, `n`
    assert_eq!(at(&pkn, "h2"), Some(piece(b'P', Facing::North)));
    // the last rank written is rank 8; the last rotation `e` is h8's
    assert_eq!(at(&pkn, "a8"), Some(Piece::new(Color::Black, Kind::Sphinx, Facing::South)));
    assert_eq!(at(&pkn, "h8"), Some(piece(b'p', Facing::East)));
    assert_eq!(at(&pkn, "e4").map(|p| p.kind), Some(Kind::Scarab));
    assert_eq!(pkn.piece_at(9, 0), at(&pkn, "j1"));
}

#[test]
fn zero_is_a_run_of_ten() {
    let pkn = parse("X9/0/0/0/0/0/0/9x ns r 41");
    assert_eq!(pkn.board.iter().flatten().count(), 2);
    assert_eq!(at(&pkn, "a1"), Some(piece(b'X', Facing::North)));
    assert_eq!(at(&pkn, "j8"), Some(piece(b'x', Facing::South)));
    assert_eq!(pkn.extras.turn, Color::Black);
    assert_eq!(pkn.extras.turn_counter, 41);
    assert_eq!(pkn.to_string(), "X9/0/0/0/0/0/0/9x ns r 41");
}

#[test]
fn missing_trailing_fields_take_their_defaults() {
    let placement = "X9/0/0/0/0/0/0/9x";
    let pkn = parse(&format!("{placement} ne"));
    assert_eq!((pkn.extras.turn, pkn.extras.turn_counter), (Color::White, 0));
    assert_eq!(pkn.to_string(), format!("{placement} ne s 0"));
    let pkn = parse(&format!("  {placement}   ne  r  "));
    assert_eq!((pkn.extras.turn, pkn.extras.turn_counter), (Color::Black, 0));
}

#[test]
fn scarab_and_eye_facings_are_equal_across_their_mirror() {
    let pairs = [
        (b'S', Facing::North, Facing::South, true),
        (b's', Facing::East, Facing::West, true),
        (b'E', Facing::North, Facing::South, true),
        (b'e', Facing::West, Facing::East, true),
        (b'S', Facing::North, Facing::East, false),
        (b'E', Facing::South, Facing::West, false),
        (b'P', Facing::North, Facing::South, false),
        (b'A', Facing::East, Facing::West, false),
        (b'X', Facing::North, Facing::South, false),
        (b'R', Facing::North, Facing::South, false),
    ];
    let hash = |p: Piece| {
        let mut h = DefaultHasher::new();
        p.hash(&mut h);
        h.finish()
    };
    for (letter, a, b, equal) in pairs {
        let (pa, pb) = (piece(letter, a), piece(letter, b));
        assert_eq!(pa == pb, equal, "{pa} vs {pb}");
        if equal {
            assert_eq!(hash(pa), hash(pb), "{pa} vs {pb}");
            assert_eq!(pa.canonical().facing, pb.canonical().facing);
        }
    }
    // the same scarab, but not the same piece of the other side or kind
    assert_ne!(piece(b'S', Facing::North), piece(b's', Facing::North));
    assert_ne!(piece(b'S', Facing::North), piece(b'E', Facing::North));

    let a = parse("S9/0/0/0/0/0/0/0 n s 0");
    let b = parse("S9/0/0/0/0/0/0/0 s s 0");
    assert_eq!(a, b);
    assert_eq!(b.to_string(), "S9/0/0/0/0/0/0/0 s s 0", "written as read");
    assert_eq!(b.to_string_with(&PknOptions { canonical: true }), "S9/0/0/0/0/0/0/0 n s 0");
}

#[test]
fn canonical_writer_changes_only_scarabs_and_eyes() {
    let input = "SsEePpAaXx/0/0/0/0/0/0/0 swswswswsw s 0";
    let pkn = parse(input);
    assert_eq!(pkn.to_string(), input);
    assert_eq!(pkn.to_string_with(&PknOptions { canonical: true }), "SsEePpAaXx/0/0/0/0/0/0/0 neneswswsw s 0");
}

/// Reads `input` strictly and checks the error it gives, column included.
fn check(input: &str, expected: &str) -> String {
    let error = match input.parse::<Pkn>() {
        Ok(pkn) => panic!("{input}: accepted as {pkn}"),
        Err(e) => e,
    };
    assert_eq!(error.to_string(), expected, "{input}");
    assert!(error.span.end <= input.len(), "{input}: span {:?}", error.span);
    underline(input, &error.span, &error.to_string())
}

/// Strict errors: `(what is wrong, input, message)`.
const ERRORS: &[(&str, &str, &str)] = &[
    ("empty", "   ", "empty input, expected a placement at column 1"),
    (
        "rank 1 too wide",
        "2PARA4X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        "rank 1 has 11 squares, expected 10 at column 7",
    ),
    (
        "rank 2 too narrow",
        "2PARA3X/6P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        "rank 2 has 9 squares, expected 10 at column 12",
    ),
    (
        "a run of ten written as 10",
        "10/0/0/0/0/0/0/0 s 0",
        "invalid placement: unexpected '0', expected a piece or a separator after a run of empty cells (one digit per run) at column 2",
    ),
    (
        "nine ranks",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2/0 wnnnnneewwsnsnsneewwssssse s 0",
        "the placement has 9 ranks, expected 8 at column 54",
    ),
    (
        "seven ranks",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/x3arap2 wnnnnneewwsnsnsneewwsssse s 0",
        "the placement has 7 ranks, expected 8 at column 50",
    ),
    (
        "no separators",
        "2PARA3X7P26p3p1P1SS1p1Pp1P1ss1p1P3P62p7x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        "rank 1 has 80 squares, expected 10 at column 8",
    ),
    (
        "a chess letter",
        "2PARK3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        "invalid placement: unexpected 'K', expected a piece letter (ARPSXE, arpsxe), a digit 1-9, 0 for ten empty squares, or '/' at column 5",
    ),
    (
        "one rotation short",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwsssss s 0",
        "26 pieces but 25 rotations at column 80",
    ),
    (
        "two rotations too many",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssseen s 0",
        "26 pieces but 28 rotations at column 81",
    ),
    (
        "uppercase rotation",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnNnneewwsnsnsneewwssssse s 0",
        "invalid rotation field: unexpected 'N', expected a rotation letter n, e, s or w for each piece at column 58",
    ),
    (
        "no rotation field",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2",
        "missing rotation field, expected a rotation letter n, e, s or w for each piece at column 54",
    ),
    (
        "rotation field left out before the side",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 s 0",
        "26 pieces but 1 rotation at column 56",
    ),
    (
        "chess side letter",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse w 0",
        "invalid side to move: \"w\" is a chess side letter: PKN writes 's' for silver or 'r' for red at column 82",
    ),
    (
        "uppercase side letter",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse R 0",
        "invalid side to move: \"R\" must be lowercase: 's' for silver or 'r' for red at column 82",
    ),
    (
        "side spelled out",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse silver 0",
        "invalid side to move: \"silver\" is not 's' (silver) or 'r' (red) at column 82",
    ),
    (
        "rotation field split by a space",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsne ewwssssse s 0",
        "26 pieces but 17 rotations at column 72",
    ),
    (
        "side missing before the turn counter",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse 12",
        "invalid side to move: \"12\" is a number, not a side: is the side to move missing before the turn counter? at column 82",
    ),
    (
        "negative turn counter",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s -1",
        "invalid turn counter: \"-1\" is not a whole number at column 84",
    ),
    (
        "turn counter too big",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 4294967296",
        "invalid turn counter: \"4294967296\" is out of range, expected 0 to 4294967295 at column 84",
    ),
    (
        "a fifth field",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0 0",
        "unexpected extra field \"0\" after the turn counter at column 86",
    ),
    ("a board without pieces", "0/0/0/0/0/0/0/0 s 0", "0 pieces but 1 rotation at column 17"),
];

#[test]
fn strict_errors() {
    insta::assert_snapshot!("strict_errors", polyfen_test_support::report(ERRORS, check));
}

/// A board without pieces has no rotations: the field is written `-` (an
/// empty field would be no field) and read back as none.
#[test]
fn empty_board_round_trips() {
    let mut pkn: Pkn = CLASSIC.parse().unwrap();
    pkn.board = [None; 80];
    let text = pkn.to_string();
    assert_eq!(text, "0/0/0/0/0/0/0/0 - s 0");
    assert_eq!(text.parse::<Pkn>(), Ok(pkn));
}
