//! The text diagram of a Shogi position: SFEN letters on the board as a
//! player sees it from sente's side (file 9 on the left, rank a at the
//! top), the hands above and below, and the side to move.

use polyfen_core::{Color, Hand};

use crate::{Role, Sfen, Square, color_name};

/// A diagram in SFEN letters: `+p` a tokin, `.` an empty square, gote's
/// hand above the board and sente's below.
#[must_use]
pub fn ascii(sfen: &Sfen) -> String {
    let mut out = String::with_capacity(512);
    let extras = &sfen.extras;
    hand_line(&mut out, &extras.hand, Color::Black);
    out.push_str("   9  8  7  6  5  4  3  2  1\n");
    for rank in 1..=9u8 {
        for file in (1..=9u8).rev() {
            let cell = Square::new(file, rank).and_then(|sq| sfen.board[sq.index()]);
            match cell {
                Some(p) if p.role.is_promoted() => {
                    out.push_str(" +");
                    out.push(p.color.case(p.role.letter()) as char);
                }
                Some(p) => {
                    out.push_str("  ");
                    out.push(p.color.case(p.role.letter()) as char);
                }
                None => out.push_str("  ."),
            }
        }
        out.push(' ');
        out.push((b'a' + rank - 1) as char);
        out.push('\n');
    }
    hand_line(&mut out, &extras.hand, Color::White);
    out.push_str(color_name(extras.turn));
    out.push_str(" to move\n");
    out
}

/// `gote's hand: b 3p`, or `-` for an empty hand.
fn hand_line(out: &mut String, hand: &Hand, color: Color) {
    out.push_str(color_name(color));
    out.push_str("'s hand:");
    let mut empty = true;
    for (kind, role) in Role::HAND.iter().enumerate() {
        let n = hand.count(color, kind);
        if n == 0 {
            continue;
        }
        empty = false;
        out.push(' ');
        if n > 1 {
            out.push_str(&n.to_string());
        }
        out.push(color.case(role.letter()) as char);
    }
    if empty {
        out.push_str(" -");
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::ascii;
    use crate::Sfen;

    #[test]
    fn the_diagram_shows_promoted_pieces_and_both_hands() {
        let sfen: Sfen = "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 15".parse().unwrap();
        let text = ascii(&sfen);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "gote's hand: b");
        assert_eq!(lines[1], "   9  8  7  6  5  4  3  2  1");
        assert_eq!(lines[2], "  l  n  s  g  k  .  .  n  l a");
        assert_eq!(lines[11], "sente's hand: B");
        assert_eq!(lines[12], "sente to move");
        let promoted: Sfen = "4k4/9/9/9/9/9/9/9/+P3K4 w 2P3p 8".parse().unwrap();
        let text = ascii(&promoted);
        assert!(text.contains(" +P  .  .  .  K"), "{text}");
        assert!(text.starts_with("gote's hand: 3p\n"), "{text}");
        assert!(text.contains("sente's hand: 2P\n"), "{text}");
    }
}
