//! Validation: piece counts, reserved squares, the sphinxes' corners and
//! facings, each violation in words a person understands.

use polyfen_core::Color;
use polyfen_khet::{Facing, Kind, Piece, Pkn, SETUPS, Square, Violation};

/// Reads `input` strictly and checks the messages of its violations.
fn check(input: &str, expected: &[&str]) -> String {
    let pkn: Pkn = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
    let messages: Vec<String> = pkn.validate().iter().map(ToString::to_string).collect();
    assert_eq!(messages, expected, "{input}");
    let mut out = format!("  {input}\n");
    for m in &messages {
        out.push_str("  - ");
        out.push_str(m);
        out.push('\n');
    }
    out
}

/// `(what, input, violations)`.
const CASES: &[(&str, &str, &[&str])] = &[
    (
        "the seed's example, with `ss1s` for `ss1p` on rank 5",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1s1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        &["red has 3 scarabs and 6 pyramids, expected 2 scarabs and 7 pyramids"],
    ),
    (
        "after captures: silver lost h2, red to move",
        "2PARA3X/0/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnneewwsnsnsneewwssssse r 7",
        &[],
    ),
    (
        "a red pyramid on j5, where only silver may stand",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1p/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        &[
            "red has 8 pyramids, expected 7 pyramids",
            "red pyramid on j5 stands on a square reserved for silver (the j file, b1 and b8)",
        ],
    ),
    (
        "a silver pyramid on a4, where only red may stand",
        "2PARA3X/7P2/6p3/P1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        &[
            "silver has 8 pyramids, expected 7 pyramids",
            "silver pyramid on a4 stands on a square reserved for red (the a file, i1 and i8)",
        ],
    ),
    (
        "red's h8 pyramid moved to b8",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/xp2ara3 wnnnnneewwsnsnsneewwssesss s 0",
        &["red pyramid on b8 stands on a square reserved for silver (the j file, b1 and b8)"],
    ),
    (
        "the silver sphinx on i1",
        "2PARA2X1/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        &[
            "silver sphinx on i1 stands on a square reserved for red (the a file, i1 and i8)",
            "the silver sphinx stands on i1, but it must stand on j1",
        ],
    ),
    (
        "the silver sphinx facing south",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnsneewwsnsnsneewwssssse s 0",
        &["the silver sphinx on j1 faces south, off the board; it must face north or west"],
    ),
    (
        "the silver sphinx facing west is allowed",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnwneewwsnsnsneewwssssse s 0",
        &[],
    ),
    (
        "the red sphinx facing west",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwswssse s 0",
        &["the red sphinx on a8 faces west, off the board; it must face south or east"],
    ),
    (
        "two silver pharaohs",
        "2PRRA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        &["silver has 2 pharaohs and 1 anubis, expected 1 pharaoh and 2 anubis"],
    ),
    (
        "no red pharaoh",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3aaap2 wnnnnneewwsnsnsneewwssssse s 0",
        &["red has no pharaoh and 3 anubis, expected 1 pharaoh and 2 anubis"],
    ),
    (
        "two silver eyes of Horus",
        "2PARA3X/7P2/6p3/p1P1EE1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        &["silver has no scarab and 2 eyes of Horus, expected 2 scarabs (or a scarab and an eye of Horus)"],
    ),
    (
        "a red eye of Horus on top of two scarabs",
        "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1e1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0",
        &[
            "red has 2 scarabs, 1 eye of Horus and 6 pyramids, expected 2 scarabs (or a scarab and an eye of Horus) and 7 pyramids",
        ],
    ),
    (
        "only the two sphinxes",
        "9X/0/0/0/0/0/0/x9 ns r 3",
        &[
            "silver has no pharaoh, no scarab, no anubis and no pyramid, expected 1 pharaoh, 2 scarabs, 2 anubis and 7 pyramids",
            "red has no pharaoh, no scarab, no anubis and no pyramid, expected 1 pharaoh, 2 scarabs, 2 anubis and 7 pyramids",
        ],
    ),
    (
        "the sphinxes swapped",
        "X9/0/0/0/0/0/0/9x nn s 0",
        &[
            "silver has no pharaoh, no scarab, no anubis and no pyramid, expected 1 pharaoh, 2 scarabs, 2 anubis and 7 pyramids",
            "red has no pharaoh, no scarab, no anubis and no pyramid, expected 1 pharaoh, 2 scarabs, 2 anubis and 7 pyramids",
            "silver sphinx on a1 stands on a square reserved for red (the a file, i1 and i8)",
            "the silver sphinx stands on a1, but it must stand on j1",
            "red sphinx on j8 stands on a square reserved for silver (the j file, b1 and b8)",
            "the red sphinx stands on j8, but it must stand on a8",
        ],
    ),
];

#[test]
fn violations() {
    insta::assert_snapshot!("violations", polyfen_test_support::report(CASES, check));
}

#[test]
fn setups_have_no_violations() {
    for (name, pkn) in SETUPS {
        assert_eq!(check(pkn, &[]).lines().count(), 1, "{name}");
    }
}

#[test]
fn violations_carry_their_facts() {
    let pkn: Pkn = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1p/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let violations = pkn.validate();
    assert!(matches!(
        violations.first(),
        Some(Violation::PieceCounts { color: Color::Black, counts }) if counts[Kind::Pyramid as usize] == 8
    ));
    let j5 = Square::parse(b"j5").unwrap_or_else(|| panic!("j5"));
    assert_eq!(
        violations.get(1),
        Some(&Violation::ReservedSquare { square: j5, piece: Piece::new(Color::Black, Kind::Pyramid, Facing::West) })
    );
}
