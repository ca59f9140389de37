//! Board diagrams: the pieces on the points of the lines, the river between
//! ranks 4 and 5, the palaces' diagonals, coordinates around.

use core::fmt::Write as _;
use core::str::FromStr;

use polyfen_core::Color;

use crate::types::{Piece, Script, Square, UnknownName, color_name};
use crate::{Fen, LetterSet};

/// The look of a diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RenderStyle {
    /// ASCII only: FEN letters on the points, `+` for an empty point, lines
    /// of `-` and `|`, `\` and `/` across the palaces; files a–i and ranks
    /// 0–9 around.
    #[default]
    Ascii,
    /// The same drawing with box-drawing lines (`┼ ─ │ ╲ ╱`), which also
    /// shows the board's edges and where the river cuts the inner files.
    Unicode,
    /// Chinese characters on box-drawing lines, files numbered as Chinese
    /// diagrams do (１–９ for black along the top, 九–一 for red along the
    /// bottom), red pieces in parentheses since some characters are the
    /// same for both sides.
    Chinese(Script),
}

impl RenderStyle {
    /// Every style, with its name as [`FromStr`] reads it.
    pub const ALL: [RenderStyle; 4] = [
        RenderStyle::Ascii,
        RenderStyle::Unicode,
        RenderStyle::Chinese(Script::Simplified),
        RenderStyle::Chinese(Script::Traditional),
    ];

    /// The style's name: `ascii`, `unicode`, `chinese` (simplified
    /// characters), `chinese-traditional`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RenderStyle::Ascii => "ascii",
            RenderStyle::Unicode => "unicode",
            RenderStyle::Chinese(Script::Simplified) => "chinese",
            RenderStyle::Chinese(Script::Traditional) => "chinese-traditional",
        }
    }
}

polyfen_core::display_name!(RenderStyle, name, pad);

impl FromStr for RenderStyle {
    type Err = UnknownName;

    /// Reads `ascii`, `unicode`, `chinese` (or `chinese-simplified`) and
    /// `chinese-traditional`, in any case.
    fn from_str(s: &str) -> Result<RenderStyle, UnknownName> {
        if s.eq_ignore_ascii_case("chinese-simplified") {
            return Ok(RenderStyle::Chinese(Script::Simplified));
        }
        RenderStyle::ALL.into_iter().find(|style| s.eq_ignore_ascii_case(style.name())).ok_or_else(|| UnknownName {
            what: "render style",
            found: s.to_owned(),
            expected: "ascii, unicode, chinese or chinese-traditional",
        })
    }
}

/// Marks the second display column of a wide character.
const WIDE: char = '\0';

/// A few lines of display columns.
struct Canvas {
    lines: Vec<Vec<char>>,
    width: usize,
}

impl Canvas {
    fn line(&mut self) -> usize {
        self.lines.push(vec![' '; self.width]);
        self.lines.len() - 1
    }

    fn put(&mut self, line: usize, col: usize, c: char) {
        if let Some(cell) = self.lines.get_mut(line).and_then(|l| l.get_mut(col)) {
            *cell = c;
        }
    }

    /// A character two columns wide (a Chinese character).
    fn put_wide(&mut self, line: usize, col: usize, c: char) {
        self.put(line, col, c);
        self.put(line, col + 1, WIDE);
    }

    fn finish(self, out: &mut String) {
        for line in self.lines {
            let text: String = line.into_iter().filter(|&c| c != WIDE).collect();
            out.push_str(text.trim_end());
            out.push('\n');
        }
    }
}

/// The characters of one drawing.
struct Pen {
    horizontal: char,
    vertical: char,
    down_right: char,
    down_left: char,
    boxes: bool,
}

const ASCII_PEN: Pen = Pen { horizontal: '-', vertical: '|', down_right: '\\', down_left: '/', boxes: false };

const BOX_PEN: Pen = Pen { horizontal: '─', vertical: '│', down_right: '╲', down_left: '╱', boxes: true };

impl Pen {
    /// The mark of an empty point: the lines that meet there.
    fn point(&self, file: u8, rank: u8) -> char {
        if !self.boxes {
            return '+';
        }
        let edge = match file {
            0 => 0,
            8 => 2,
            _ => 1,
        };
        // rows: top edge, above the river, below the river, bottom edge, inside
        let row = match rank {
            9 => ['┌', '┬', '┐'],
            5 => ['├', '┴', '┤'],
            4 => ['├', '┬', '┤'],
            0 => ['└', '┴', '┘'],
            _ => ['├', '┼', '┤'],
        };
        row[edge]
    }
}

/// A diagram of the board from red's side: black's back rank (9) at the
/// top, the river between ranks 5 and 4, the palaces' diagonals, and a last
/// line saying whose move it is (and the legacy marker, when there is one).
///
/// # Examples
///
/// ```
/// use polyfen_xiangqi::{render, Fen, RenderStyle};
///
/// let fen: Fen = "3k5/9/9/9/9/9/9/9/9/4K4 w".parse()?;
/// let diagram = render(&fen, RenderStyle::Ascii);
/// assert!(diagram.starts_with("   a   b   c   d   e   f   g   h   i\n9  +---+---+---k---+"));
/// assert!(diagram.ends_with("red to move\n"));
/// # Ok::<(), polyfen_core::ParseError>(())
/// ```
#[must_use]
pub fn render(fen: &Fen, style: RenderStyle) -> String {
    let (pen, script) = match style {
        RenderStyle::Ascii => (&ASCII_PEN, None),
        RenderStyle::Unicode => (&BOX_PEN, None),
        RenderStyle::Chinese(script) => (&BOX_PEN, Some(script)),
    };
    // the column of file a; point x of file f is `origin + 4 * f`
    let origin = if script.is_some() { 2 } else { 3 };
    let right_label = origin + 32 + 3;
    let mut canvas = Canvas { lines: Vec::with_capacity(24), width: right_label + 1 };
    let x = |file: u8| origin + 4 * usize::from(file);
    file_labels(&mut canvas, script, &x, true);
    for rank in (0..10u8).rev() {
        let line = canvas.line();
        if script.is_none() {
            canvas.put(line, 0, (b'0' + rank) as char);
            canvas.put(line, right_label, (b'0' + rank) as char);
        }
        for file in 0..9u8 {
            let col = x(file);
            if file < 8 {
                for c in col + 1..col + 4 {
                    canvas.put(line, c, pen.horizontal);
                }
            }
            let piece = Square::new(file, rank).and_then(|sq| fen.board.get(sq.index()).copied().flatten());
            match (piece, script) {
                (None, _) => canvas.put(line, col, pen.point(file, rank)),
                (Some(p), None) => canvas.put(line, col, p.letter(LetterSet::Xqbase) as char),
                (Some(p), Some(script)) => {
                    canvas.put_wide(line, col, p.chinese(script));
                    if p.color() == Color::White {
                        canvas.put(line, col - 1, '(');
                        canvas.put(line, col + 2, ')');
                    }
                }
            }
        }
        if rank == 0 {
            break;
        }
        let line = canvas.line();
        canvas.put(line, x(0), pen.vertical);
        canvas.put(line, x(8), pen.vertical);
        if rank == 5 {
            river(&mut canvas, line, script, &x);
            continue;
        }
        for file in 1..8 {
            canvas.put(line, x(file), pen.vertical);
        }
        // the palaces' diagonals cross at e8 and e1
        let (left, right) = match rank {
            9 | 2 => (pen.down_right, pen.down_left),
            8 | 1 => (pen.down_left, pen.down_right),
            _ => continue,
        };
        canvas.put(line, x(3) + 2, left);
        canvas.put(line, x(4) + 2, right);
    }
    file_labels(&mut canvas, script, &x, false);
    let mut out = String::with_capacity(canvas.lines.len() * (canvas.width + 1) + 64);
    canvas.finish(&mut out);
    out.push_str(color_name(fen.extras.turn));
    out.push_str(" to move");
    if script.is_some() {
        out.push_str(" (red pieces in parentheses)");
    }
    out.push('\n');
    if let Some(marker) = fen.extras.marker {
        match marker.square() {
            Some(sq) => {
                let piece = fen.board.get(sq.index()).copied().flatten();
                let what = piece.map_or_else(|| "an empty point".to_owned(), Piece::describe);
                let _ = writeln!(out, "last picked: {what} on {sq} (legacy marker {marker})");
            }
            None => {
                let _ = writeln!(out, "legacy marker {marker} is off the board");
            }
        }
    }
    out
}

fn file_labels(canvas: &mut Canvas, script: Option<Script>, x: &impl Fn(u8) -> usize, top: bool) {
    const BLACK_FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
    const RED_FILES: [char; 9] = ['九', '八', '七', '六', '五', '四', '三', '二', '一'];
    let line = canvas.line();
    for file in 0..9u8 {
        let col = x(file);
        match (script, top) {
            (None, _) => canvas.put(line, col, (b'a' + file) as char),
            (Some(_), true) => canvas.put_wide(line, col, BLACK_FILES[usize::from(file)]),
            (Some(_), false) => canvas.put_wide(line, col, RED_FILES[usize::from(file)]),
        }
    }
}

/// The river between ranks 5 and 4: only the two edge lines cross it.
fn river(canvas: &mut Canvas, line: usize, script: Option<Script>, x: &impl Fn(u8) -> usize) {
    match script {
        None => {
            for (i, c) in "river".chars().enumerate() {
                canvas.put(line, x(4) - 2 + i, c);
            }
        }
        Some(script) => {
            let han = if script == Script::Traditional { '漢' } else { '汉' };
            // symmetric about the middle of the board
            canvas.put_wide(line, x(1) + 3, '楚');
            canvas.put_wide(line, x(2) + 3, '河');
            canvas.put_wide(line, x(5), han);
            canvas.put_wide(line, x(6), '界');
        }
    }
}
