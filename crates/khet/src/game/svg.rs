//! The SVG drawing of a Khet position: the squares reserved for each side
//! tinted in its colour, each piece turned to its facing (the mirror faces
//! drawn in a mirror colour, a sphinx's firing direction as an arrow, an
//! anubis' shield as a bar), and optionally a laser shot as an overlay
//! ([`svg_with_laser`]).

use core::fmt::Write as _;

use polyfen_core::Color;
use polyfen_game::svg::{CELL, MARGIN, label, open, to_move};

use crate::{BeamEnd, KhetSquare, Kind, Laser, Pkn};

/// A Khet diagram: rank 8 at the top, files a–j from the left, the squares
/// reserved for silver tinted grey and those reserved for red tinted pink,
/// each piece turned to its facing.
#[must_use]
pub fn svg(pkn: &Pkn) -> String {
    draw_khet(pkn, None)
}

/// [`svg`] with a laser shot drawn over the board: each beam a red line
/// through the centres of the squares it crosses (to the board's edge when
/// it leaves the board), a cross on each piece it removes and a ring on the
/// piece that absorbs it.
///
/// # Examples
///
/// ```
/// use polyfen_core::Color;
/// use polyfen_khet::{CLASSIC, Pkn, Position, svg_with_laser};
///
/// let pkn: Pkn = CLASSIC.parse()?;
/// let position = Position::from_setup(&pkn).expect("a legal setup");
/// let svg = svg_with_laser(&pkn, &position.laser(Color::White));
/// assert_eq!(svg.matches("class=\"laser\"").count(), 1);
/// # Ok::<(), polyfen_core::ParseError>(())
/// ```
#[must_use]
pub fn svg_with_laser(pkn: &Pkn, laser: &Laser) -> String {
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
    for square in crate::Square::all() {
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
    for square in crate::Square::all() {
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
fn khet_piece(out: &mut String, piece: crate::Piece, square: crate::Square, cx: i32, cy: i32) {
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
    let at = |square: crate::Square| centre(square.file(), square.rank());
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
