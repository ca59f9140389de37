//! A move of the Shogi family cut into its parts, as Fairy-Stockfish
//! writes it in Hodges' notation (`P-7f`, `S5a-4b`, `P*5e`), in Hosking's
//! (`P76`, `P'55`) and in SAN for those games (Hodges' with numbers: `P-76`,
//! `P*53`, `Rx12+`): a promoted piece's `+`, the piece, the square it leaves
//! when another of its kind could go to the same one, `x`, `-`, `*` or `'`,
//! the square it goes to, and the promotion (`+`, `=`, `=Q`, `-`). Squares
//! are a file counted from the right, then a rank counted from the top, in
//! numbers (Hodges' rank in letters).

use polyfen_game::explain::{MoveText, Part};

/// The parts of `m` read as a move of the Shogi family's notations, or
/// `None` where its text is not one (what is not cut here is cut as a
/// coordinate move).
pub(super) fn parts(m: &MoveText<'_>) -> Option<Vec<Part>> {
    let text = m.text;
    let b = text.as_bytes();
    if !text.is_ascii() || b.is_empty() {
        return None;
    }
    let mut parts = Vec::new();
    let promoted = b[0] == b'+';
    let at = usize::from(promoted);
    let letter = *b.get(at).filter(|c| c.is_ascii_uppercase())?;
    let piece_end = at + 1;
    let letter = char::from(letter);
    // the separator: the first `x`, `-`, `*` or `'` after the piece that a
    // square follows (a trailing `-` is a demotion)
    let separator = (piece_end..b.len())
        .find(|&i| matches!(b[i], b'x' | b'-' | b'*' | b'\'') && b.get(i + 1).is_some_and(u8::is_ascii_digit));
    let drop = separator.is_some_and(|i| matches!(b[i], b'*' | b'\''));
    let to_start = separator.map_or(piece_end, |i| i + 1);
    let to_end = square_end(b, to_start)?;
    let origin = separator.filter(|&i| i > piece_end).map(|i| (piece_end, i));
    if let Some((start, end)) = origin
        && (drop || square_end(b, start) != Some(end))
    {
        return None;
    }
    if drop {
        let mark = char::from(b[piece_end]);
        let value = if promoted { format!("+{letter}") } else { letter.to_string() };
        let meaning = format!(
            "The piece dropped from the hand: {value}{}, put on the square after the `{mark}`.",
            if promoted { " (promoted)" } else { "" }
        );
        parts.push(Part::new(text, 0, piece_end + 1, "drop").with(value, meaning).on(vec![m.to.clone()]));
    } else {
        let meaning = if promoted {
            format!("The piece that moves: the one written {letter}, promoted (the `+` before it).")
        } else {
            format!("The piece that moves: the one written {letter}.")
        };
        let value = &text[..piece_end];
        parts.push(Part::new(text, 0, piece_end, "piece").with(value, meaning).on(vec![m.from.clone()]));
    }
    if let Some((start, end)) = origin {
        let square = &text[start..end];
        let meaning = format!(
            "The square the piece leaves: {square} ({}), written because another of its kind could go to the same square.",
            square_words(square)
        );
        parts.push(Part::new(text, start, end, "from").with(square, meaning).on(vec![m.from.clone()]));
    }
    if let Some(i) = separator.filter(|_| !drop) {
        parts.push(if b[i] == b'x' {
            Part::new(text, i, i + 1, "capture")
                .with("x", "A capture: the piece takes the one on the square after the `x`.")
        } else {
            Part::new(text, i, i + 1, "separator").with("-", "A move that takes nothing, to the square after the `-`.")
        });
    }
    let square = &text[to_start..to_end];
    let meaning = format!("The square the piece goes to: {square} ({}).", square_words(square));
    parts.push(Part::new(text, to_start, to_end, "to").with(square, meaning).on(vec![m.to.clone()]));
    let rest = &text[to_end..];
    let on = vec![m.to.clone()];
    let promotion =
        |meaning: String| Part::new(text, to_end, text.len(), "promotion").with(rest, meaning).on(on.clone());
    match rest.as_bytes() {
        [] => {}
        [b'+'] => parts.push(promotion("The piece promotes (turns over to its promoted side).".to_owned())),
        [b'='] => parts.push(promotion("The piece does not promote, where it could.".to_owned())),
        [b'-'] => parts.push(promotion("The piece turns back to its unpromoted side.".to_owned())),
        [b'=', c] if c.is_ascii_alphabetic() => {
            parts.push(promotion(format!("The piece promotes to the one written {}.", char::from(*c))));
        }
        _ => return None,
    }
    Some(parts)
}

/// Where the square starting at `start` ends: a file's digits, then a
/// rank's digits or its one letter; `None` where there is none.
fn square_end(b: &[u8], start: usize) -> Option<usize> {
    let file = b.get(start..)?.iter().take_while(|c| c.is_ascii_digit()).count();
    if file == 0 {
        return None;
    }
    let rank_start = start + file;
    match b.get(rank_start) {
        Some(c) if c.is_ascii_lowercase() && *c != b'x' => Some(rank_start + 1),
        // numbers run together (`44`, `76`): the file's is one digit on
        // the family's boards, of up to nine files
        _ if file >= 2 => Some(rank_start),
        _ => None,
    }
}

/// A square of the family's notations in words: `76` as "file 7 from the
/// right, rank 6 from the top", `7f` with its rank as a letter.
fn square_words(square: &str) -> String {
    let b = square.as_bytes();
    match b.last() {
        Some(c) if c.is_ascii_lowercase() => {
            let file = &square[..square.len() - 1];
            format!("file {file} from the right, rank {} from the top", char::from(*c))
        }
        _ => {
            let (file, rank) = square.split_at(1);
            format!("file {file} from the right, rank {rank} from the top")
        }
    }
}
