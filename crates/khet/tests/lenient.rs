//! The lenient reader, compatible with the reference program: `/` ignored,
//! pieces without a rotation dropped, extra rotations ignored, and every
//! repair reported with its column.

use polyfen_khet::{CLASSIC, Pkn, parse_lenient};
use polyfen_test_support::{carets, underline};

/// Reads `input` leniently and checks the repairs it reports (`Ok`) or the
/// error it gives (`Err`); returns them drawn under the input.
fn check(input: &str, expected: Result<&[&str], &str>) -> String {
    match (parse_lenient(input), expected) {
        (Ok((pkn, repairs)), Ok(expected)) => {
            let messages: Vec<String> = repairs.iter().map(ToString::to_string).collect();
            assert_eq!(messages, expected, "{input}");
            // what was read is a well-formed PKN the strict reader takes
            let written = pkn.to_string();
            assert_eq!(written.parse::<Pkn>().as_ref(), Ok(&pkn), "{input}");
            let mut out = format!("  {input}\n");
            for r in &repairs {
                assert!(r.span.end <= input.len(), "{input}: {r:?}");
                out.push_str(&carets(input, &r.span, &r.to_string()));
            }
            out + "  read as " + &written + "\n"
        }
        (Err(e), Err(expected)) => {
            assert_eq!(e.to_string(), expected, "{input}");
            assert!(e.span.end <= input.len(), "{input}: {e:?}");
            underline(input, &e.span, &e.to_string())
        }
        (got, expected) => panic!("{input}: got {got:?}, expected {expected:?}"),
    }
}

/// The repairs a lenient read reports, or the error it gives.
type Expected = Result<&'static [&'static str], &'static str>;

/// `(what, input, repairs or error)`.
const CASES: &[(&str, &str, Expected)] = &[
    ("well formed", CLASSIC, Ok(&[])),
    (
        "no separators, one rotation short",
        "2PARA3X7P26p3p1P1SS1p1Pp1P1ss1p1P3P62p7x3arap2 wnnnnneewwsnsnsneewwsssss s 0",
        Ok(&[
            "no '/' after rank 1: read on into rank 2 at column 8",
            "no '/' after rank 2: read on into rank 3 at column 11",
            "no '/' after rank 3: read on into rank 4 at column 14",
            "no '/' after rank 4: read on into rank 5 at column 24",
            "no '/' after rank 5: read on into rank 6 at column 34",
            "no '/' after rank 6: read on into rank 7 at column 37",
            "no '/' after rank 7: read on into rank 8 at column 40",
            "dropped 1 piece that had no rotation at column 73",
        ]),
    ),
    (
        "three rotations short",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwsss s 0",
        Ok(&["dropped 3 pieces that had no rotation at column 78"]),
    ),
    (
        "two rotations too many",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssseen s 0",
        Ok(&["ignored 2 extra rotations at column 81"]),
    ),
    (
        "a separator in the middle of rank 4, none at its end",
        "2PARA3X/7P2/6p3/p1P1S/S1p1Pp1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        Ok(&[
            "ignored '/' in the middle of rank 4 at column 22",
            "no '/' after rank 4: read on into rank 5 at column 28",
        ]),
    ),
    (
        "a doubled separator",
        "2PARA3X//7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        Ok(&["ignored an extra '/' after rank 1 at column 9"]),
    ),
    (
        "separators before and after the board",
        "/2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2/ wnnnnneewwsnsnsneewwssssse s 0",
        Ok(&["ignored '/' before the first square at column 1", "ignored '/' after the last rank at column 55"]),
    ),
    (
        "a run across a rank end",
        "2PARA3X/7P8p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        Ok(&["no '/' after rank 2: the run of 8 empty squares goes on into rank 3 at column 11"]),
    ),
    (
        "adjacent runs",
        "2PARA3X/7P2/33p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        Ok(&["read the adjacent runs \"33\" as one run of 6 empty squares at column 13"]),
    ),
    (
        "separators ignored and rotations short together",
        "2PARA3X/7P2/6p3/p1P1SS1p1Pp1P1ss1p1P/3P6/2p7/x3arap2/ wnnnnneewwsnsnsneewwssss r 9",
        Ok(&[
            "no '/' after rank 4: read on into rank 5 at column 27",
            "ignored '/' after the last rank at column 53",
            "dropped 2 pieces that had no rotation at column 79",
        ]),
    ),
    (
        "squares missing",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap1 wnnnnneewwsnsnsneewwssssse s 0",
        Err("invalid placement: it describes 79 squares, expected 80 at column 1"),
    ),
    (
        "a square too many",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap3 wnnnnneewwsnsnsneewwssssse s 0",
        Err("invalid placement: more than 80 squares at column 53"),
    ),
    (
        "an unknown letter",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2k7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        Err(
            "invalid placement: unexpected 'k', expected a piece letter (ARPSXE, arpsxe), a digit 1-9, 0 for ten empty squares, or '/' at column 44",
        ),
    ),
    (
        "a bad rotation letter",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwsssssx s 0",
        Err(
            "invalid rotation field: unexpected 'x', expected a rotation letter n, e, s or w for each piece at column 80",
        ),
    ),
    (
        "a bad side",
        "2PARA3X7P26p3p1P1SS1p1Pp1P1ss1p1P3P62p7x3arap2 wnnnnneewwsnsnsneewwssssse b 0",
        Err(
            "invalid side to move: \"b\" is a chess side letter: PKN writes 's' for silver or 'r' for red at column 75",
        ),
    ),
    ("empty", "", Err("empty input, expected a placement at column 1")),
];

#[test]
fn lenient_repairs() {
    insta::assert_snapshot!("lenient_repairs", polyfen_test_support::report(CASES, check));
}

#[test]
fn lenient_read_of_the_flattened_classic_is_classic_less_its_last_piece() {
    let flat = "2PARA3X7P26p3p1P1SS1p1Pp1P1ss1p1P3P62p7x3arap2 wnnnnneewwsnsnsneewwsssss s 0";
    let (pkn, _) = parse_lenient(flat).unwrap_or_else(|e| panic!("{e}"));
    let mut classic: Pkn = CLASSIC.parse().unwrap_or_else(|e| panic!("{e}"));
    classic.board[77] = None; // h8, the last piece written
    assert_eq!(pkn, classic);
}
