//! Diagrams in every style, as snapshots to look at.

use polyfen_xiangqi::{Fen, RenderStyle, START_FEN, Script, parse_legacy, render};

/// Renders `input` (read in the legacy dialect, which also reads standard
/// FEN) in `style`, with a heading for the snapshot.
fn check(input: &str, style: RenderStyle) -> String {
    let (fen, _) = parse_legacy(input).unwrap_or_else(|e| panic!("{input}: {e}"));
    format!("{style}: {input}\n{}\n", render(&fen, style))
}

#[test]
fn start_position_in_every_style() {
    let report: String = RenderStyle::ALL.into_iter().map(|style| check(START_FEN, style)).collect();
    insta::assert_snapshot!(report);
}

#[test]
fn positions() {
    let report: String = [
        (
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            RenderStyle::Chinese(Script::Simplified),
        ),
        ("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", RenderStyle::Ascii),
        ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 b - - 0 1", RenderStyle::Unicode),
        (
            "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04",
            RenderStyle::Chinese(Script::Traditional),
        ),
    ]
    .into_iter()
    .map(|(input, style)| check(input, style))
    .collect();
    insta::assert_snapshot!(report);
}

#[test]
fn style_names() {
    for style in RenderStyle::ALL {
        assert_eq!(style.name().parse::<RenderStyle>(), Ok(style));
    }
    assert_eq!("chinese-simplified".parse::<RenderStyle>(), Ok(RenderStyle::Chinese(Script::Simplified)));
    assert_eq!(
        "svg".parse::<RenderStyle>().unwrap_err().to_string(),
        "unknown render style \"svg\", expected ascii, unicode, chinese or chinese-traditional"
    );
    let fen: Fen = START_FEN.parse().unwrap();
    assert_eq!(render(&fen, RenderStyle::default()), render(&fen, RenderStyle::Ascii));
}
