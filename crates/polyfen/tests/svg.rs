//! The SVG diagrams: snapshots of each game's start position, and checks of
//! what a diagram must show (every piece on its square, the Xiangqi river
//! and palaces, the Khet facings, reserved squares and laser path).

use polyfen::polyfen_core::Color;
use polyfen::polyfen_khet::{self, BeamEnd, Pkn};
use polyfen::{Position, ReadOptions, RenderStyle, VariantId, read};

fn svg_of(input: &str) -> String {
    let reading = read(input, None, &ReadOptions::default()).expect("reads");
    reading.position.render(RenderStyle::Svg).expect("draws")
}

/// Checks that every tag is closed in order (the drawing is well-formed
/// XML as far as tags go) and that it is one `<svg>` element.
fn assert_well_formed(svg: &str) {
    let mut open: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("every tag ends") + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop(), Some(name), "closing </{name}> matches");
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().expect("a tag name");
            open.push(name);
        }
        rest = &rest[end + 1..];
        if open.is_empty() {
            assert!(rest.trim().is_empty(), "nothing after the <svg> element");
        }
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
}

/// The `(data-square, data-piece)` pairs of the drawing's pieces.
fn pieces(svg: &str) -> Vec<(String, String)> {
    let attribute = |tag: &str, name: &str| -> String {
        let key = format!("{name}=\"");
        let at = tag.find(&key).expect("attribute present") + key.len();
        tag[at..].split('"').next().unwrap_or_default().to_owned()
    };
    svg.split('<')
        .filter(|tag| tag.contains("class=\"piece\""))
        .map(|tag| (attribute(tag, "data-square"), attribute(tag, "data-piece")))
        .collect()
}

#[test]
fn each_start_position_snapshot() {
    for variant in [VariantId::Chess, VariantId::Xiangqi, VariantId::Khet] {
        let (name, position) = variant.setups()[0];
        let drawing = svg_of(position);
        assert_well_formed(&drawing);
        insta::assert_snapshot!(format!("{variant}-{name}"), drawing);
    }
}

#[test]
fn chess_pieces_stand_on_their_squares() {
    let fen = "r3k2r/8/8/3Pp3/8/8/8/R3K2R w KQkq e6 0 1";
    let drawing = svg_of(fen);
    assert_well_formed(&drawing);
    let mut found = pieces(&drawing);
    found.sort();
    let expected: Vec<(String, String)> =
        [("a1", "R"), ("a8", "r"), ("d5", "P"), ("e1", "K"), ("e5", "p"), ("e8", "k"), ("h1", "R"), ("h8", "r")]
            .iter()
            .map(|&(s, p)| (s.to_owned(), p.to_owned()))
            .collect();
    assert_eq!(found, expected);
    assert!(drawing.contains("white to move"));
    assert_eq!(drawing.matches("<rect").count(), 64, "one square each");
}

#[test]
fn xiangqi_shows_river_palaces_and_characters() {
    let drawing = svg_of(polyfen::polyfen_xiangqi::START_FEN);
    assert_well_formed(&drawing);
    assert!(drawing.contains("aria-label=\"楚 河\"") && drawing.contains("aria-label=\"漢 界\""), "the river");
    let found = pieces(&drawing);
    assert_eq!(found.len(), 32);
    // pieces on the points: red king on e0, black king on e9, cannons on b2/h7
    for (square, piece) in [("e0", "K"), ("e9", "k"), ("b2", "C"), ("h7", "c"), ("a3", "P"), ("i6", "p")] {
        assert!(found.contains(&(square.to_owned(), piece.to_owned())), "{piece} on {square}");
    }
    // the characters: 帅 for red's king, 将 for black's, each one outline
    assert!(drawing.contains("aria-label=\"帅\"><path ") && drawing.contains("aria-label=\"将\"><path "));
    // one path per piece's character and per word of the river (2 × 2)
    assert_eq!(drawing.matches("<path transform=").count(), 32 + 4);
    // the palaces: two diagonals each, from d0 to f2 and f0 to d2 (and ranks 7-9)
    let lines = drawing.matches("<line").count();
    assert_eq!(lines, 8 + 7 * 2 + 4, "8 inner ranks, 7 inner files cut by the river, 4 diagonals");
}

#[test]
fn khet_shows_facings_and_reserved_squares() {
    let drawing = svg_of(polyfen_khet::CLASSIC);
    assert_well_formed(&drawing);
    assert_eq!(drawing.matches("class=\"reserved-silver\"").count(), 10, "the j file, b1 and b8");
    assert_eq!(drawing.matches("class=\"reserved-red\"").count(), 10, "the a file, i1 and i8");
    let pkn: Pkn = polyfen_khet::CLASSIC.parse().expect("classic reads");
    let mut count = 0;
    for square in polyfen_khet::Square::all() {
        let Some(piece) = pkn.piece_at(square.file(), square.rank()) else { continue };
        count += 1;
        let facing = char::from(piece.facing.letter());
        let rotation = u32::from(piece.facing.index()) * 90;
        let expected = format!(
            "data-square=\"{square}\" data-piece=\"{}\" data-facing=\"{facing}\" transform=\"translate(",
            char::from(piece.letter())
        );
        let at = drawing.find(&expected).unwrap_or_else(|| panic!("{square} drawn"));
        let tag_end = drawing[at..].find('>').expect("tag ends") + at;
        assert!(drawing[at..tag_end].ends_with(&format!("rotate({rotation})\"")), "{square} turned {rotation}");
    }
    assert_eq!(pieces(&drawing).len(), count);
}

#[test]
fn khet_laser_overlay_follows_the_beam() {
    let pkn: Pkn = polyfen_khet::CLASSIC.parse().expect("classic reads");
    let position = polyfen_khet::Position::from_setup(&pkn).expect("legal");
    let laser = position.laser(Color::White);
    let drawing = polyfen_khet::svg_with_laser(&pkn, &laser);
    assert_well_formed(&drawing);
    assert_eq!(drawing.matches("class=\"laser\"").count(), laser.beams.len());
    let beam = &laser.beams[0];
    let points =
        drawing.split("class=\"laser\" points=\"").nth(1).expect("a beam").split('"').next().unwrap_or_default();
    // one point for the sphinx, one per square crossed, one at the edge when it leaves
    let leaves = usize::from(matches!(beam.end, BeamEnd::LeftBoard { .. }));
    assert_eq!(points.split(' ').count(), 1 + beam.path.len() + leaves);
    // the first point is the centre of the sphinx's square (j1: file 9, rank 0)
    assert_eq!(points.split(' ').next(), Some("476,380"));
    // the plain drawing has no laser
    assert!(!polyfen_khet::svg(&pkn).contains("class=\"laser\""));
}

/// The characters of a CJK script (the ideographs and their punctuation).
fn is_cjk(c: char) -> bool {
    matches!(u32::from(c), 0x2E80..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF | 0x20000..=0x3FFFF)
}

#[test]
fn xiangqi_needs_no_cjk_font() {
    // Every Chinese character is drawn as a path: no text element holds one,
    // so the drawing does not depend on the fonts installed where it is shown.
    for input in [polyfen::polyfen_xiangqi::START_FEN, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"] {
        let drawing = svg_of(input);
        let mut rest = drawing.as_str();
        let mut texts = 0;
        while let Some(at) = rest.find("<text") {
            let end = rest[at..].find("</text>").expect("a text element closes") + at;
            let body = &rest[at..end];
            let content = &body[body.find('>').expect("the start tag ends") + 1..];
            assert!(!content.chars().any(is_cjk), "a text element holds CJK: {content}");
            texts += 1;
            rest = &rest[end..];
        }
        assert_eq!(texts, 9 + 10, "only the coordinates are text");
        assert!(!drawing.contains("CJK"), "no CJK font is asked for");
    }
}
