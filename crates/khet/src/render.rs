//! Board diagrams with coordinates, facings and reserved squares.

use crate::types::KhetSquare;
use polyfen_core::Color;

use crate::laser::{BeamEnd, Laser};
use crate::types::{Facing, Kind, Piece, Square};
use crate::{Pkn, color_name};

/// The look of a diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RenderStyle {
    /// Two ASCII characters per square: the PKN letter and the rotation
    /// letter (`Pn`, `xs`); `..` for an empty square, `++` for an empty
    /// square only silver may use, `oo` for one only red may use.
    #[default]
    Ascii,
    /// The PKN letter and an arrow for what the facing does: where a
    /// pyramid's mirror faces (`↗`), which way a scarab's or eye's mirror
    /// runs (`╲`, `╱`), where an anubis' shield faces, a sphinx fires or a
    /// pharaoh looks (`↑`); `·` for an empty square, `☥` (ankh) for an
    /// empty square only silver may use, `◉` (eye) for one only red may use.
    Unicode,
}

fn ascii_cell(piece: Option<Piece>, square: Square, out: &mut String) {
    match (piece, square.reserved_for()) {
        (Some(p), _) => {
            out.push(p.letter() as char);
            out.push(p.facing.letter() as char);
        }
        (None, Some(Color::White)) => out.push_str("++"),
        (None, Some(Color::Black)) => out.push_str("oo"),
        (None, None) => out.push_str(".."),
    }
}

fn arrow(facing: Facing) -> char {
    match facing {
        Facing::North => '↑',
        Facing::East => '→',
        Facing::South => '↓',
        Facing::West => '←',
    }
}

fn unicode_cell(piece: Option<Piece>, square: Square, out: &mut String) {
    match (piece, square.reserved_for()) {
        (Some(p), _) => {
            out.push(p.letter() as char);
            out.push(match (p.kind, p.facing) {
                (Kind::Pyramid, Facing::North) => '↗',
                (Kind::Pyramid, Facing::East) => '↘',
                (Kind::Pyramid, Facing::South) => '↙',
                (Kind::Pyramid, Facing::West) => '↖',
                (Kind::Scarab | Kind::Eye, Facing::North | Facing::South) => '╲',
                (Kind::Scarab | Kind::Eye, Facing::East | Facing::West) => '╱',
                (_, facing) => arrow(facing),
            });
        }
        (None, Some(Color::White)) => out.push_str("☥ "),
        (None, Some(Color::Black)) => out.push_str("◉ "),
        (None, None) => out.push_str("· "),
    }
}

/// A diagram of the board from silver's side: ranks 8 down to 1, files a
/// to j, then the side to move, the turn counter and a key.
///
/// # Examples
///
/// ```
/// use polyfen_khet::{render, Pkn, RenderStyle, CLASSIC};
///
/// let pkn: Pkn = CLASSIC.parse()?;
/// let diagram = render(&pkn, RenderStyle::Ascii);
/// let rank1 = diagram.lines().nth(8).unwrap_or_default();
/// assert_eq!(rank1, " 1  oo ++ Pw An Rn An .. .. oo Xn  1");
/// # Ok::<(), polyfen_core::ParseError>(())
/// ```
#[must_use]
pub fn render(pkn: &Pkn, style: RenderStyle) -> String {
    render_overlaid(pkn, style, None)
}

/// What the laser overlay draws on a square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Mark {
    /// A beam crosses the square north–south.
    vertical: bool,
    /// A beam crosses the square east–west.
    horizontal: bool,
    /// The piece on the square is removed.
    removed: bool,
}

/// The marks of a laser shot, by square index.
fn laser_marks(laser: &Laser) -> [Mark; 80] {
    let mut marks = [Mark::default(); 80];
    for beam in &laser.beams {
        let mut direction = beam.direction;
        let mut bounces = beam.bounces.iter().peekable();
        for &square in &beam.path {
            let mark = &mut marks[square.index()];
            match direction {
                Facing::North | Facing::South => mark.vertical = true,
                Facing::East | Facing::West => mark.horizontal = true,
            }
            if let Some(bounce) = bounces.next_if(|b| b.square == square) {
                direction = bounce.to;
            }
        }
        if let BeamEnd::Removed { square, .. } = beam.end {
            marks[square.index()].removed = true;
        }
    }
    marks
}

/// The diagram of [`render`] with a laser shot drawn on it: the beam
/// across empty squares (`||`, `==`, `##` where beams cross in ASCII;
/// `│`, `─`, `┼` in Unicode), the removed pieces marked (`*` or `✕` in
/// place of the facing), and the shot in words below.
///
/// # Examples
///
/// ```
/// use polyfen_core::Color;
/// use polyfen_khet::{render_with_laser, Pkn, Position, RenderStyle, CLASSIC};
///
/// let pkn: Pkn = CLASSIC.parse()?;
/// let pos = Position::from_setup(&pkn).map_err(|v| format!("{v:?}"))?;
/// let diagram = render_with_laser(&pkn, RenderStyle::Ascii, &pos.laser(Color::White));
/// // the beam goes up the j file, west, north, east, then off the board at j8
/// assert_eq!(diagram.lines().nth(3).unwrap_or_default(), " 6  oo .. .. Pw .. .. .. .. .. ||  6");
/// assert_eq!(diagram.lines().nth(4).unwrap_or_default(), " 5  pn .. Ps .. sn se .. pe == Pw  5");
/// assert!(diagram.contains("\noutcome: left the board at j8 going north\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn render_with_laser(pkn: &Pkn, style: RenderStyle, laser: &Laser) -> String {
    render_overlaid(pkn, style, Some(laser))
}

/// A diagram, with a laser shot drawn on it when there is one.
fn render_overlaid(pkn: &Pkn, style: RenderStyle, laser: Option<&Laser>) -> String {
    const FILES: &str = "    a  b  c  d  e  f  g  h  i  j\n";
    let mut out = String::with_capacity(1024);
    let marks = laser.map(laser_marks);
    out.push_str(FILES);
    for rank in (0..Square::RANKS).rev() {
        let label = (b'1' + rank) as char;
        out.push(' ');
        out.push(label);
        out.push_str("  ");
        for file in 0..Square::FILES {
            let Some(square) = Square::new(file, rank) else {
                continue;
            };
            let piece = pkn.board.get(square.index()).copied().flatten();
            let mark = marks.as_ref().map_or(Mark::default(), |m| m[square.index()]);
            if !overlay_cell(piece, mark, style, &mut out) {
                match style {
                    RenderStyle::Ascii => ascii_cell(piece, square, &mut out),
                    RenderStyle::Unicode => unicode_cell(piece, square, &mut out),
                }
            }
            out.push(' ');
        }
        out.push(' ');
        out.push(label);
        out.push('\n');
    }
    out.push_str(FILES);
    out.push_str(color_name(pkn.extras.turn));
    out.push_str(" to move, turn counter ");
    out.push_str(&pkn.extras.turn_counter.to_string());
    out.push('\n');
    if let Some(laser) = laser {
        out.push_str(&laser.to_string());
    }
    out.push_str(match style {
        RenderStyle::Ascii => concat!(
            "key: A anubis, R pharaoh, P pyramid, S scarab, X sphinx, E eye of Horus;\n",
            "     uppercase silver, lowercase red; second letter: facing n e s w;\n",
            "     ++ square only silver may use, oo square only red may use\n",
        ),
        RenderStyle::Unicode => concat!(
            "key: A anubis, R pharaoh, P pyramid, S scarab, X sphinx, E eye of Horus;\n",
            "     uppercase silver, lowercase red; ↗ ↘ ↙ ↖ where a pyramid's mirror faces,\n",
            "     ╲ ╱ a scarab's or eye's mirror, ↑ → ↓ ← where an anubis' shield faces,\n",
            "     a sphinx fires, a pharaoh looks; ☥ square only silver may use, ◉ only red\n",
        ),
    });
    if laser.is_some() {
        out.push_str(match style {
            RenderStyle::Ascii => "laser: || north-south, == east-west, ## both; * piece removed\n",
            RenderStyle::Unicode => "laser: │ north-south, ─ east-west, ┼ both; ✕ piece removed\n",
        });
    }
    out
}

/// Writes the overlay's cell, if the laser marks it; false to leave the
/// cell to the plain diagram.
fn overlay_cell(piece: Option<Piece>, mark: Mark, style: RenderStyle, out: &mut String) -> bool {
    match (piece, style) {
        (Some(p), _) if mark.removed => {
            out.push(p.letter() as char);
            out.push(if style == RenderStyle::Ascii { '*' } else { '✕' });
        }
        (Some(_), _) => return false,
        (None, RenderStyle::Ascii) => out.push_str(match (mark.vertical, mark.horizontal) {
            (true, true) => "##",
            (true, false) => "||",
            (false, true) => "==",
            (false, false) => return false,
        }),
        (None, RenderStyle::Unicode) => out.push_str(match (mark.vertical, mark.horizontal) {
            (true, true) => "┼─",
            (true, false) => "│ ",
            (false, true) => "──",
            (false, false) => return false,
        }),
    }
    true
}
