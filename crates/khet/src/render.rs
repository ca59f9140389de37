//! Board diagrams with coordinates, facings and reserved squares.

use polyfen_core::Color;

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
    const FILES: &str = "    a  b  c  d  e  f  g  h  i  j\n";
    let mut out = String::with_capacity(1024);
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
            match style {
                RenderStyle::Ascii => ascii_cell(piece, square, &mut out),
                RenderStyle::Unicode => unicode_cell(piece, square, &mut out),
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
    out
}
