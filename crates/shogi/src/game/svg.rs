//! The SVG drawing of a Shogi position: the nine-by-nine board seen from
//! sente's side (file 9 on the left, rank a at the top) with its four star
//! points, file numbers above and rank letters beside it, each piece a
//! pentagon pointing at the opponent (gote's turned round) with its kanji,
//! promoted pieces in red, and each side's hand beside the board (gote's
//! above, sente's below) with counts. The kanji are drawn as outlines
//! (paths from Noto Serif CJK, OFL 1.1), not as text, so the drawing looks
//! the same on a machine without Japanese fonts. A piece in hand says how a
//! USI drop of it begins (`data-drop="P*"`), so that a page can play drops.

use core::fmt::Write as _;

use polyfen_core::Color;
use polyfen_game::svg::{CELL, Glyphs, MARGIN, SquareBox, label, open, to_move};

use super::glyphs;
use crate::{Piece, Role, Sfen, Square};

/// The outlines the drawing's characters come from.
const GLYPHS: Glyphs = Glyphs { em: glyphs::EM, outline: glyphs::outline };

/// The height of the band that holds a hand, above and below the board.
const HAND: i32 = 56;

/// The left edge of the board.
const LEFT: i32 = MARGIN;
/// The top edge of the board.
const TOP: i32 = HAND + MARGIN;

/// Where the drawing puts the square on `file` (9 to 1) and `rank` (1 to
/// 9): its top left corner.
fn corner(square: Square) -> (i32, i32) {
    (LEFT + (9 - i32::from(square.file())) * CELL, TOP + (i32::from(square.rank()) - 1) * CELL)
}

/// The boxes of the squares, the top rank first, each from file 9 to 1.
pub(crate) fn square_boxes() -> Vec<SquareBox> {
    Square::all()
        .map(|square| {
            let (x, y) = corner(square);
            SquareBox { name: square.to_string(), x, y, size: CELL }
        })
        .collect()
}

/// The kanji a piece is drawn with: the king is 玉 for sente and 王 for
/// gote, as in most diagrams.
fn kanji(piece: Piece) -> &'static str {
    match piece.role {
        Role::King if piece.color == Color::White => "玉",
        Role::King => "王",
        Role::Rook => "飛",
        Role::Bishop => "角",
        Role::Gold => "金",
        Role::Silver => "銀",
        Role::Knight => "桂",
        Role::Lance => "香",
        Role::Pawn => "歩",
        Role::Dragon => "龍",
        Role::Horse => "馬",
        Role::PromotedSilver => "全",
        Role::PromotedKnight => "圭",
        Role::PromotedLance => "杏",
        Role::Tokin => "と",
    }
}

/// The SFEN letters of a piece: `P`, `+p`.
fn letters(piece: Piece) -> String {
    let letter = piece.color.case(piece.role.letter()) as char;
    if piece.role.is_promoted() { format!("+{letter}") } else { letter.to_string() }
}

/// A piece centred on the origin, `scale` percent of a square's piece: the
/// pentagon (its point towards the opponent, so gote's is turned round)
/// and the kanji. The caller's group puts it in place.
fn piece_shape(out: &mut String, piece: Piece, scale: i32) {
    let s = |v: i32| v * scale / 100;
    let turn = if piece.color == Color::Black { " transform=\"rotate(180)\"" } else { "" };
    let ink = if piece.role.is_promoted() { "#c0161b" } else { "#111" };
    let _ = write!(
        out,
        "<g{turn}><path d=\"M0 {}L{} {}L{} {}L{} {}L{} {}Z\" fill=\"#f6deaa\" stroke=\"#5a3a1a\" stroke-width=\"1.5\"/>\
         <g fill=\"{ink}\" aria-label=\"{}\">",
        -s(21),
        s(15),
        -s(14),
        s(18),
        s(20),
        -s(18),
        s(20),
        -s(15),
        -s(14),
        kanji(piece),
    );
    polyfen_game::svg::characters(out, GLYPHS, kanji(piece), 0, s(3), s(24));
    out.push_str("</g></g>");
}

/// A Shogi diagram from sente's side, with both hands.
#[must_use]
pub fn svg(sfen: &Sfen) -> String {
    let width = 9 * CELL + 2 * MARGIN;
    let height = 9 * CELL + 2 * MARGIN + 2 * HAND;
    let mut out = String::with_capacity(24 * 1024);
    let side = to_move(sfen.extras.turn, ["sente", "gote"]);
    open(&mut out, width, height, &format!("Shogi position, {side} to move"));
    let _ = writeln!(out, "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#fff8e8\"/>");
    let _ = writeln!(
        out,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{0}\" height=\"{0}\" fill=\"#f2cf84\" stroke=\"#5a3a1a\" stroke-width=\"2\"/>",
        9 * CELL
    );
    out.push_str("<g stroke=\"#5a3a1a\" stroke-width=\"1\">\n");
    for i in 1..9 {
        let at = i * CELL;
        let _ = writeln!(out, "<line x1=\"{LEFT}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\"/>", TOP + at, LEFT + 9 * CELL);
        let _ = writeln!(out, "<line x1=\"{0}\" y1=\"{TOP}\" x2=\"{0}\" y2=\"{1}\"/>", LEFT + at, TOP + 9 * CELL);
    }
    out.push_str("</g>\n");
    // The star points mark the corners of the middle three ranks and files.
    for (col, row) in [(3, 3), (6, 3), (3, 6), (6, 6)] {
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"3\" fill=\"#5a3a1a\"/>",
            LEFT + col * CELL,
            TOP + row * CELL
        );
    }
    for file in 1..=9u8 {
        let x = LEFT + (9 - i32::from(file)) * CELL + CELL / 2;
        label(&mut out, x, TOP - MARGIN / 2, &file.to_string());
    }
    for rank in 1..=9u8 {
        let y = TOP + (i32::from(rank) - 1) * CELL + CELL / 2;
        label(&mut out, LEFT + 9 * CELL + MARGIN / 2, y, &char::from(b'a' + rank - 1).to_string());
    }
    for square in Square::all() {
        let Some(piece) = sfen.board[square.index()] else { continue };
        let (x, y) = corner(square);
        let _ = write!(
            out,
            "<g class=\"piece\" data-square=\"{square}\" data-piece=\"{}\" transform=\"translate({} {})\">",
            letters(piece),
            x + CELL / 2,
            y + CELL / 2
        );
        piece_shape(&mut out, piece, 100);
        out.push_str("</g>\n");
    }
    hand(&mut out, sfen, Color::Black, HAND / 2);
    hand(&mut out, sfen, Color::White, height - HAND / 2);
    out.push_str("</svg>\n");
    out
}

/// `color`'s hand in a band centred on `cy`: its name, then each kind held
/// (in the order R B G S N L P), with its count when above one.
fn hand(out: &mut String, sfen: &Sfen, color: Color, cy: i32) {
    let name = crate::color_name(color);
    let _ = write!(out, "<g class=\"hand\" data-hand=\"{name}\">");
    let _ = write!(
        out,
        "<text x=\"{LEFT}\" y=\"{cy}\" font-size=\"13\" fill=\"#333\" dominant-baseline=\"central\">{name}</text>"
    );
    let mut x = LEFT + 64;
    for (kind, &role) in Role::HAND.iter().enumerate() {
        let count = sfen.extras.hand.count(color, kind);
        if count == 0 {
            continue;
        }
        let piece = Piece { color, role };
        // `data-drop`: how a USI move dropping this piece begins, for a page
        // that plays drops from the hand
        let _ = write!(
            out,
            "<g class=\"hand-piece\" data-hand=\"{name}\" data-piece=\"{}\" data-count=\"{count}\" data-drop=\"{}*\" \
             transform=\"translate({x} {cy})\">",
            letters(piece),
            role.letter() as char
        );
        piece_shape(out, piece, 85);
        if count > 1 {
            let _ = write!(
                out,
                "<text x=\"18\" y=\"12\" font-size=\"13\" fill=\"#111\" dominant-baseline=\"central\">{count}</text>"
            );
        }
        out.push_str("</g>");
        x += 48;
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::svg;
    use crate::{Sfen, Square};

    #[test]
    fn every_piece_is_drawn_on_its_square_and_in_its_hand() {
        let sfen: Sfen = "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b B2p 15".parse().unwrap();
        let drawing = svg(&sfen);
        assert!(drawing.starts_with("<svg"), "{drawing}");
        assert!(drawing.contains("<title>Shogi position, sente to move</title>"));
        for square in Square::all() {
            let drawn = drawing.contains(&format!("data-square=\"{square}\""));
            assert_eq!(drawn, sfen.board[square.index()].is_some(), "{square}");
        }
        assert!(drawing.contains("data-square=\"5i\" data-piece=\"K\""));
        assert!(drawing.contains("data-square=\"5a\" data-piece=\"k\""));
        assert!(drawing.contains("data-hand=\"sente\" data-piece=\"B\" data-count=\"1\" data-drop=\"B*\""));
        assert!(drawing.contains("data-hand=\"gote\" data-piece=\"p\" data-count=\"2\""));
        // the kanji are outlines: no text element holds one
        assert!(!drawing.contains(">歩<"));
        let gote = sfen.board.iter().flatten().filter(|p| p.color == polyfen_core::Color::Black).count();
        assert_eq!(drawing.matches("rotate(180)").count(), gote + 1, "gote's pieces on the board and in hand turn");
    }
}
