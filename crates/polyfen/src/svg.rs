//! SVG diagrams of chess, Xiangqi and Khet positions.
//!
//! Each function draws from the variant's public types and returns one
//! self-contained `<svg>` element (no scripts, no external references), with
//! whole-number coordinates so that the output is stable. Every piece is an
//! element of class `piece` with `data-square` (its coordinate) and
//! `data-piece` (its letter) attributes, so that a page or a test can find
//! it; each drawing has a `<title>` in words.
//!
//! - Chess: the squares, coordinates, and the pieces as figurines.
//! - Xiangqi: the pieces on the points of the lines, the river, the
//!   palaces' diagonals, coordinates (ICCS: files a–i, ranks 0–9), pieces as
//!   discs with their Chinese characters. The characters (and the river's
//!   words) are drawn as outlines (paths from Noto Serif CJK, OFL 1.1), not
//!   as text, so the drawing looks the same on a machine without CJK fonts.
//! - Khet: the squares reserved for each side tinted in its colour, each
//!   piece turned to its facing (the mirror faces drawn in a mirror colour,
//!   a sphinx's firing direction as an arrow, an anubis' shield as a bar),
//!   and optionally a laser shot as an overlay ([`khet_with_laser`]).
//!
//! # Examples
//!
//! ```
//! use polyfen::{read, Position, ReadOptions, RenderStyle};
//!
//! let reading = read(polyfen::polyfen_chess::START_FEN, None, &ReadOptions::default())?;
//! let svg = reading.position.render(RenderStyle::Svg)?;
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"piece\"").count(), 32);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::Write as _;

use polyfen_core::Color;
use polyfen_khet::{BeamEnd, KhetSquare, Kind, Laser, Pkn};
use polyfen_xiangqi::Script;

#[path = "glyphs.rs"]
mod glyphs;

/// The side of one square (chess, Khet) or the distance between two points
/// (Xiangqi), in SVG units.
const CELL: i32 = 48;

/// The margin around a chess or Khet board, which holds the coordinates.
const MARGIN: i32 = 20;

/// Draws `text` (Chinese characters and spaces) as outlines centred on
/// (`cx`, `cy`), each character `size` units square, a space half that:
/// one `<path>` per character, none of them text.
fn characters(out: &mut String, text: &str, cx: i32, cy: i32, size: i32) {
    let advance = |c: char| if c == ' ' { size / 2 } else { size };
    let width: i32 = text.chars().map(advance).sum();
    let mut left = cx - width / 2;
    // The em box runs from -880 to 120 about the baseline: its middle is
    // 380/1000 of the size above the baseline.
    let baseline = cy + size * 380 / glyphs::EM;
    for c in text.chars() {
        if let Some(outline) = glyphs::outline(c) {
            let scale = f64::from(size) / f64::from(glyphs::EM);
            let _ = write!(out, "<path transform=\"translate({left} {baseline}) scale({scale})\" d=\"{outline}\"/>");
        }
        left += advance(c);
    }
}

/// Opens an `<svg>` element of `width` × `height` with a title.
fn open(out: &mut String, width: i32, height: i32, title: &str) {
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"polyfen-board\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{title}\" \
         font-family=\"'DejaVu Sans','Segoe UI Symbol',sans-serif\">\n<title>{title}</title>\n"
    );
}

/// Writes a small coordinate label centred on (`x`, `y`).
fn label(out: &mut String, x: i32, y: i32, text: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{x}\" y=\"{y}\" font-size=\"12\" fill=\"#555\" text-anchor=\"middle\" \
         dominant-baseline=\"central\">{text}</text>"
    );
}

/// The side to move in words.
fn to_move(turn: Color, names: [&str; 2]) -> &str {
    names[turn.index()]
}

/// A chess diagram from white's side: rank 8 at the top, files a–h from
/// the left.
#[must_use]
pub fn chess(fen: &polyfen_chess::Fen) -> String {
    let board = 8 * CELL;
    let size = board + 2 * MARGIN;
    let mut out = String::with_capacity(8 * 1024);
    let side = to_move(fen.extras.turn, ["white", "black"]);
    open(&mut out, size, size, &format!("Chess position, {side} to move"));
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let (x, y) = (MARGIN + i32::from(file) * CELL, MARGIN + (7 - i32::from(rank)) * CELL);
            let fill = if (file + rank) % 2 == 0 { "#b58863" } else { "#f0d9b5" };
            let _ = writeln!(out, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>");
        }
    }
    for i in 0..8u8 {
        let c = MARGIN + i32::from(i) * CELL + CELL / 2;
        label(&mut out, c, size - MARGIN / 2, &char::from(b'a' + i).to_string());
        label(&mut out, MARGIN / 2, MARGIN + (7 - i32::from(i)) * CELL + CELL / 2, &char::from(b'1' + i).to_string());
    }
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let Some(piece) = polyfen_chess::Square::new(file, rank).and_then(|sq| fen.board[sq.index()]) else {
                continue;
            };
            let (cx, cy) =
                (MARGIN + i32::from(file) * CELL + CELL / 2, MARGIN + (7 - i32::from(rank)) * CELL + CELL / 2);
            // The black figurines, filled in each side's colour, look alike
            // in every font; U+FE0E asks for the text (not emoji) form.
            let glyph = match piece.role() {
                polyfen_chess::Role::King => '\u{265A}',
                polyfen_chess::Role::Queen => '\u{265B}',
                polyfen_chess::Role::Rook => '\u{265C}',
                polyfen_chess::Role::Bishop => '\u{265D}',
                polyfen_chess::Role::Knight => '\u{265E}',
                polyfen_chess::Role::Pawn => '\u{265F}',
            };
            let (fill, stroke) = if piece.color() == Color::White { ("#fff", "#000") } else { ("#000", "#000") };
            let name = [char::from(b'a' + file), char::from(b'1' + rank)];
            let _ = writeln!(
                out,
                "<text class=\"piece\" data-square=\"{}{}\" data-piece=\"{}\" x=\"{cx}\" y=\"{}\" font-size=\"40\" \
                 text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{fill}\" stroke=\"{stroke}\" \
                 stroke-width=\"1\">{glyph}\u{FE0E}</text>",
                name[0],
                name[1],
                char::from(piece.letter()),
                cy + 2,
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The margin around a Xiangqi board: half a point's distance plus room for
/// the coordinates.
const XQ_MARGIN: i32 = 44;

/// A Xiangqi diagram from red's side: rank 9 (black's back rank) at the
/// top, files a–i from red's left, the pieces on the points, the river
/// between ranks 4 and 5 and the palaces' diagonals.
#[must_use]
pub fn xiangqi(fen: &polyfen_xiangqi::Fen) -> String {
    let width = 8 * CELL + 2 * XQ_MARGIN;
    let height = 9 * CELL + 2 * XQ_MARGIN;
    let x = |file: i32| XQ_MARGIN + file * CELL;
    let y = |rank: i32| XQ_MARGIN + (9 - rank) * CELL;
    let mut out = String::with_capacity(12 * 1024);
    let side = to_move(fen.extras.turn, ["red", "black"]);
    open(&mut out, width, height, &format!("Xiangqi position, {side} to move"));
    let _ = writeln!(out, "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#f2d49b\"/>");
    out.push_str("<g stroke=\"#5a3a1a\" stroke-width=\"1\" fill=\"none\">\n");
    let _ = writeln!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" stroke-width=\"2\"/>",
        x(0),
        y(9),
        8 * CELL,
        9 * CELL
    );
    for rank in 1..9 {
        let _ = writeln!(out, "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", x(0), y(rank), x(8), y(rank));
    }
    // The inner files stop at the river.
    for file in 1..8 {
        let _ = writeln!(out, "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>", x(file), y(0), y(4));
        let _ = writeln!(out, "<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\"/>", x(file), y(5), y(9));
    }
    // The palaces' diagonals.
    for (low, high) in [(0, 2), (7, 9)] {
        let _ = writeln!(out, "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", x(3), y(low), x(5), y(high));
        let _ = writeln!(out, "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>", x(5), y(low), x(3), y(high));
    }
    out.push_str("</g>\n");
    let river_y = i32::midpoint(y(4), y(5));
    for (file, text) in [(2, "楚 河"), (6, "漢 界")] {
        let _ = write!(out, "<g class=\"river\" fill=\"#5a3a1a\" aria-label=\"{text}\">");
        characters(&mut out, text, x(file), river_y, 24);
        out.push_str("</g>\n");
    }
    for i in 0..9u8 {
        let file = i32::from(i);
        label(&mut out, x(file), height - XQ_MARGIN / 3, &char::from(b'a' + i).to_string());
    }
    for rank in 0..10u8 {
        label(&mut out, XQ_MARGIN / 3, y(i32::from(rank)), &rank.to_string());
    }
    for rank in 0..10u8 {
        for file in 0..9u8 {
            let Some(piece) = polyfen_xiangqi::Square::new(file, rank).and_then(|sq| fen.board[sq.index()]) else {
                continue;
            };
            let (cx, cy) = (x(i32::from(file)), y(i32::from(rank)));
            let color = if piece.color() == Color::White { "#c0161b" } else { "#111" };
            let _ = write!(
                out,
                "<g class=\"piece\" data-square=\"{}{rank}\" data-piece=\"{}\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"21\" \
                 fill=\"#fbe7c2\" stroke=\"{color}\" stroke-width=\"2\"/><circle cx=\"{cx}\" cy=\"{cy}\" r=\"17\" \
                 fill=\"none\" stroke=\"{color}\" stroke-width=\"1\"/><g fill=\"{color}\" aria-label=\"{}\">",
                char::from(b'a' + file),
                char::from(piece.letter(polyfen_xiangqi::LetterSet::Xqbase)),
                piece.chinese(Script::Simplified),
            );
            characters(&mut out, &piece.chinese(Script::Simplified).to_string(), cx, cy, 22);
            out.push_str("</g></g>\n");
        }
    }
    out.push_str("</svg>\n");
    out
}

/// A Khet diagram: rank 8 at the top, files a–j from the left, the squares
/// reserved for silver tinted grey and those reserved for red tinted pink,
/// each piece turned to its facing.
#[must_use]
pub fn khet(pkn: &Pkn) -> String {
    draw_khet(pkn, None)
}

/// [`khet`] with a laser shot drawn over the board: each beam a red line
/// through the centres of the squares it crosses (to the board's edge when
/// it leaves the board), a cross on each piece it removes and a ring on the
/// piece that absorbs it.
///
/// # Examples
///
/// ```
/// use polyfen::polyfen_core::Color;
/// use polyfen::polyfen_khet::{CLASSIC, Pkn, Position};
///
/// let pkn: Pkn = CLASSIC.parse()?;
/// let position = Position::from_setup(&pkn).expect("a legal setup");
/// let svg = polyfen::svg::khet_with_laser(&pkn, &position.laser(Color::White));
/// assert_eq!(svg.matches("class=\"laser\"").count(), 1);
/// # Ok::<(), polyfen::polyfen_core::ParseError>(())
/// ```
#[must_use]
pub fn khet_with_laser(pkn: &Pkn, laser: &Laser) -> String {
    draw_khet(pkn, Some(laser))
}

fn draw_khet(pkn: &Pkn, laser: Option<&Laser>) -> String {
    let width = 10 * CELL + 2 * MARGIN;
    let height = 8 * CELL + 2 * MARGIN;
    let centre = |file: u8, rank: u8| {
        (MARGIN + i32::from(file) * CELL + CELL / 2, MARGIN + (7 - i32::from(rank)) * CELL + CELL / 2)
    };
    let mut out = String::with_capacity(16 * 1024);
    let side = to_move(pkn.extras.turn, ["silver", "red"]);
    open(&mut out, width, height, &format!("Khet position, {side} to move"));
    for square in polyfen_khet::Square::all() {
        let (file, rank) = (square.file(), square.rank());
        let (cx, cy) = centre(file, rank);
        let fill = match square.reserved_for() {
            Some(Color::White) => "#cfd6de",
            Some(Color::Black) => "#efc4c0",
            None => "#e8e4da",
        };
        let class = match square.reserved_for() {
            Some(Color::White) => " class=\"reserved-silver\"",
            Some(Color::Black) => " class=\"reserved-red\"",
            None => "",
        };
        let _ = writeln!(
            out,
            "<rect{class} x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#8a8478\" \
             stroke-width=\"1\"/>",
            cx - CELL / 2,
            cy - CELL / 2
        );
    }
    for i in 0..10u8 {
        let (cx, _) = centre(i, 0);
        label(&mut out, cx, height - MARGIN / 2, &char::from(b'a' + i).to_string());
    }
    for i in 0..8u8 {
        let (_, cy) = centre(0, i);
        label(&mut out, MARGIN / 2, cy, &char::from(b'1' + i).to_string());
    }
    for square in polyfen_khet::Square::all() {
        let Some(piece) = pkn.board.get(square.index()).copied().flatten() else {
            continue;
        };
        let (cx, cy) = centre(square.file(), square.rank());
        khet_piece(&mut out, piece, square, cx, cy);
    }
    if let Some(laser) = laser {
        khet_laser(&mut out, laser, centre);
    }
    out.push_str("</svg>\n");
    out
}

/// The colour a mirror face is drawn in.
const MIRROR: &str = "#2a7fd4";

/// One Khet piece centred on (`cx`, `cy`): its shape drawn facing north,
/// then turned to its facing.
fn khet_piece(out: &mut String, piece: polyfen_khet::Piece, square: polyfen_khet::Square, cx: i32, cy: i32) {
    let (fill, stroke) = if piece.color == Color::White { ("#d9dde2", "#4a4f55") } else { ("#c0392b", "#5e1a12") };
    let angle = i32::from(piece.facing.index()) * 90;
    let [f, r] = square.name();
    let side = if piece.color == Color::White { "silver" } else { "red" };
    let _ = write!(
        out,
        "<g class=\"piece\" data-square=\"{}{}\" data-piece=\"{}\" data-facing=\"{}\" \
         transform=\"translate({cx} {cy}) rotate({angle})\"><title>{side} {} facing {}</title>",
        char::from(f),
        char::from(r),
        char::from(piece.letter()),
        char::from(piece.facing.letter()),
        piece.kind.name(),
        piece.facing.name(),
    );
    let body = format!("fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"2\"");
    match piece.kind {
        Kind::Pyramid => {
            // Facing north the mirror (the hypotenuse) faces north-east.
            let _ = write!(
                out,
                "<polygon points=\"-18,-18 -18,18 18,18\" {body}/><line x1=\"-18\" y1=\"-18\" x2=\"18\" y2=\"18\" \
                 stroke=\"{MIRROR}\" stroke-width=\"5\"/>"
            );
        }
        Kind::Scarab | Kind::Eye => {
            // Facing north (or south) the two-sided mirror is `\`.
            let _ = write!(
                out,
                "<polygon points=\"-12,-20 20,12 12,20 -20,-12\" {body}/><line x1=\"-17\" y1=\"-17\" x2=\"17\" \
                 y2=\"17\" stroke=\"{MIRROR}\" stroke-width=\"5\"/>"
            );
            if piece.kind == Kind::Eye {
                let _ = write!(out, "<circle r=\"6\" fill=\"#fff\" stroke=\"{stroke}\" stroke-width=\"2\"/>");
            }
        }
        Kind::Anubis => {
            // The shield (the north side) absorbs the beam.
            let _ = write!(
                out,
                "<rect x=\"-14\" y=\"-12\" width=\"28\" height=\"28\" rx=\"4\" {body}/><rect x=\"-18\" y=\"-20\" \
                 width=\"36\" height=\"7\" fill=\"{stroke}\"/>"
            );
        }
        Kind::Pharaoh => {
            // A pharaoh's facing has no effect: drawn the same every way.
            let _ = write!(
                out,
                "<g transform=\"rotate({})\"><circle r=\"17\" {body}/><polygon points=\"-10,4 -10,-8 -5,-2 0,-10 \
                 5,-2 10,-8 10,4\" fill=\"#e2b33c\" stroke=\"{stroke}\" stroke-width=\"1\"/></g>",
                -angle
            );
        }
        Kind::Sphinx => {
            // Fires north.
            let _ = write!(
                out,
                "<circle r=\"15\" {body}/><polygon points=\"0,-22 -8,-10 8,-10\" fill=\"#e03a2f\" \
                 stroke=\"{stroke}\" stroke-width=\"1\"/>"
            );
        }
    }
    out.push_str("</g>\n");
}

/// Draws the beams of `laser` over the board.
fn khet_laser(out: &mut String, laser: &Laser, centre: impl Fn(u8, u8) -> (i32, i32)) {
    let at = |square: polyfen_khet::Square| centre(square.file(), square.rank());
    for beam in &laser.beams {
        let mut points: Vec<(i32, i32)> = Vec::with_capacity(beam.path.len() + 2);
        points.push(at(beam.start));
        points.extend(beam.path.iter().map(|&square| at(square)));
        if let BeamEnd::LeftBoard { square, direction } = beam.end {
            let (x, y) = at(square);
            let (dx, dy) = direction.step();
            // Half a square on: to the board's edge.
            points.push((x + i32::from(dx) * CELL / 2, y - i32::from(dy) * CELL / 2));
        }
        let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let _ = writeln!(
            out,
            "<polyline class=\"laser\" points=\"{}\" fill=\"none\" stroke=\"#ff2a2a\" stroke-width=\"4\" \
             stroke-linejoin=\"round\" stroke-opacity=\"0.85\"/>",
            list.join(" ")
        );
        match beam.end {
            BeamEnd::Removed { square, .. } => {
                let (x, y) = at(square);
                let _ = writeln!(
                    out,
                    "<path class=\"laser-hit\" data-square=\"{square}\" d=\"M{} {}L{} {}M{} {}L{} {}\" \
                     stroke=\"#ff2a2a\" stroke-width=\"5\"/>",
                    x - 14,
                    y - 14,
                    x + 14,
                    y + 14,
                    x + 14,
                    y - 14,
                    x - 14,
                    y + 14
                );
            }
            BeamEnd::Absorbed { square, .. } => {
                let (x, y) = at(square);
                let _ = writeln!(
                    out,
                    "<circle class=\"laser-absorbed\" data-square=\"{square}\" cx=\"{x}\" cy=\"{y}\" r=\"22\" \
                     fill=\"none\" stroke=\"#ff2a2a\" stroke-width=\"3\"/>"
                );
            }
            BeamEnd::LeftBoard { .. } | BeamEnd::Repeats { .. } => {}
        }
    }
}

/// Where a diagram draws one square: the box a page can lay over it to
/// make it clickable (a Xiangqi point's box is the square centred on it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareBox {
    /// The square's name in the game's coordinates (`e2`, `h0`, `j1`).
    pub name: String,
    /// The left edge, in the diagram's units.
    pub x: i32,
    /// The top edge.
    pub y: i32,
    /// The side of the box.
    pub size: i32,
}

/// Every square of a diagram of `variant` as this module draws it: the
/// top rank first, each rank from the left.
///
/// ```
/// let boxes = polyfen::svg::square_boxes(polyfen::VariantId::Chess);
/// assert_eq!((boxes[0].name.as_str(), boxes[63].name.as_str()), ("a8", "h1"));
/// ```
#[must_use]
pub fn square_boxes(variant: crate::VariantId) -> Vec<SquareBox> {
    match variant {
        crate::VariantId::Chess => boxes::<8, 8, b'1'>(MARGIN),
        crate::VariantId::Xiangqi => boxes::<9, 10, b'0'>(XQ_MARGIN - CELL / 2),
        crate::VariantId::Khet => boxes::<10, 8, b'1'>(MARGIN),
    }
}

/// The boxes of a board of `F` × `R` squares whose top left box starts at
/// (`edge`, `edge`).
fn boxes<const F: u8, const R: u8, const FIRST: u8>(edge: i32) -> Vec<SquareBox> {
    let mut out: Vec<SquareBox> = polyfen_core::Square::<F, R, FIRST>::all()
        .map(|sq| SquareBox {
            name: sq.to_string(),
            x: edge + i32::from(sq.file()) * CELL,
            y: edge + (i32::from(R) - 1 - i32::from(sq.rank())) * CELL,
            size: CELL,
        })
        .collect();
    out.sort_by_key(|b| (b.y, b.x));
    out
}
