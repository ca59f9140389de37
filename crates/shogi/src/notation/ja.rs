//! What KIF and KI2 share: full-width file digits, kanji rank numerals and
//! the pieces' kanji.

use crate::{Role, Square};

/// The files `１`–`９` (full-width digits).
pub(super) const FILES: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// The ranks `一`–`九`.
pub(super) const RANKS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The full-width space KIF and KI2 write after `同`.
pub(super) const WIDE_SPACE: char = '\u{3000}';

/// Writes a square as `７六`.
pub(super) fn write_square(out: &mut String, sq: Square) {
    out.push(FILES[usize::from(sq.file() - 1)]);
    out.push(RANKS[usize::from(sq.rank() - 1)]);
}

/// The role's kanji as Kifu for Windows and tsshogi write them: `歩 香 桂
/// 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍`.
pub(super) const fn name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "歩",
        Role::Lance => "香",
        Role::Knight => "桂",
        Role::Silver => "銀",
        Role::Gold => "金",
        Role::Bishop => "角",
        Role::Rook => "飛",
        Role::King => "玉",
        Role::Tokin => "と",
        Role::PromotedLance => "成香",
        Role::PromotedKnight => "成桂",
        Role::PromotedSilver => "成銀",
        Role::Horse => "馬",
        Role::Dragon => "龍",
    }
}

/// A piece's kanji at the start of `text`: the role, the bytes read, and
/// the standard spelling when the text used another (`全` for `成銀`, `王`
/// for `玉`, `竜` for `龍`, `杏` and `圭`).
pub(crate) fn read_piece(text: &str) -> Option<(Role, usize, Option<&'static str>)> {
    let mut chars = text.chars();
    let first = chars.next()?;
    let one = |role| Some((role, first.len_utf8(), None));
    let other = |role, standard| Some((role, first.len_utf8(), Some(standard)));
    match first {
        '歩' => one(Role::Pawn),
        '香' => one(Role::Lance),
        '桂' => one(Role::Knight),
        '銀' => one(Role::Silver),
        '金' => one(Role::Gold),
        '角' => one(Role::Bishop),
        '飛' => one(Role::Rook),
        '玉' => one(Role::King),
        'と' => one(Role::Tokin),
        '馬' => one(Role::Horse),
        '龍' => one(Role::Dragon),
        '王' => other(Role::King, "玉"),
        '竜' => other(Role::Dragon, "龍"),
        '全' => other(Role::PromotedSilver, "成銀"),
        '圭' => other(Role::PromotedKnight, "成桂"),
        '杏' => other(Role::PromotedLance, "成香"),
        '成' => {
            let role = match chars.next()? {
                '香' => Role::PromotedLance,
                '桂' => Role::PromotedKnight,
                '銀' => Role::PromotedSilver,
                _ => return None,
            };
            Some((role, first.len_utf8() * 2, None))
        }
        _ => None,
    }
}

/// A square at the start of `text`: a full-width (or, leniently, ASCII)
/// file digit and a kanji rank. Returns the square, the bytes read, and
/// whether the file was ASCII.
pub(crate) fn read_square(text: &str) -> Option<(Square, usize, bool)> {
    let mut chars = text.chars();
    let f = chars.next()?;
    let (file, ascii) = if let Some(i) = FILES.iter().position(|&c| c == f) {
        (i, false)
    } else if f.is_ascii_digit() && f != '0' {
        (usize::from(f as u8 - b'1'), true)
    } else {
        return None;
    };
    let r = chars.next()?;
    let rank = RANKS.iter().position(|&c| c == r)?;
    let square = Square::new(file as u8 + 1, rank as u8 + 1)?;
    Some((square, f.len_utf8() + r.len_utf8(), ascii))
}
