//! Diagrams, checked by snapshot: the start positions and a position after
//! some moves, in both styles.

use polyfen_khet::{CLASSIC, DYNASTY2, IMHOTEP, Pkn, RenderStyle, render};

/// Renders `input` in both styles, checks the layout every diagram shares,
/// and returns both diagrams.
fn check(input: &str, expected_rank_1: &str) -> String {
    let pkn: Pkn = input.parse().unwrap_or_else(|e| panic!("{input}: {e}"));
    let mut out = format!("{input}\n\n");
    for style in [RenderStyle::Ascii, RenderStyle::Unicode] {
        let diagram = render(&pkn, style);
        let lines: Vec<&str> = diagram.lines().collect();
        assert_eq!(lines.first(), Some(&"    a  b  c  d  e  f  g  h  i  j"));
        assert_eq!(lines.get(9), lines.first());
        for (i, rank) in (1..=8).rev().enumerate() {
            let line = lines.get(i + 1).copied().unwrap_or_default();
            assert!(line.starts_with(&format!(" {rank}  ")), "{line}");
            assert!(line.ends_with(&format!("  {rank}")), "{line}");
            assert_eq!(line.chars().count(), 36, "{line}");
        }
        if style == RenderStyle::Ascii {
            assert_eq!(lines.get(8).copied(), Some(expected_rank_1));
        }
        out.push_str(&diagram);
        out.push('\n');
    }
    out
}

#[test]
fn classic() {
    insta::assert_snapshot!("classic", check(CLASSIC, " 1  oo ++ Pw An Rn An .. .. oo Xn  1"));
}

#[test]
fn imhotep() {
    insta::assert_snapshot!("imhotep", check(IMHOTEP, " 1  oo ++ Sw An Rn An .. .. oo Xn  1"));
}

#[test]
fn dynasty2() {
    insta::assert_snapshot!("dynasty2", check(DYNASTY2, " 1  oo ++ .. Pw An Pn .. .. oo Xn  1"));
}

#[test]
fn after_some_moves() {
    // Classic after silver rotated its sphinx west and lost h2, red to move
    let input = "2PARA3X/0/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnweewwsnsnsneewwssssse r 7";
    insta::assert_snapshot!("after_some_moves", check(input, " 1  oo ++ Pw An Rn An .. .. oo Xw  1"));
}
