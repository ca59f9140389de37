//! LAN, long algebraic notation: SAN with the square of departure
//! (`Ng1-f3`, `e4xd5`); read by the SAN reader, written here.

use super::push_square;
use crate::Move;
use crate::position::{MoveKind, Position};
use crate::types::Role;

impl Position {
    /// A legal move in long algebraic notation: `Ng1-f3`, `e4xd5`,
    /// `e7-e8=Q+`, `O-O`.
    #[must_use]
    pub fn lan(&self, m: Move) -> String {
        let mut out = String::with_capacity(10);
        write_lan_body(self, m, &mut out);
        self.push_check(m, &mut out);
        out
    }
}

/// Writes `m` onto `out` if it is a castling (`O-O`, `O-O-O`) or a drop
/// (`N@f3`), the moves SAN and LAN write alike; whether it was.
pub(crate) fn write_castle_or_drop(m: Move, out: &mut String) -> bool {
    if m.is_castle() {
        out.push_str(if m.to().file() > m.from().file() { "O-O" } else { "O-O-O" });
    } else if m.is_drop() {
        out.push(m.role().letter().to_ascii_uppercase() as char);
        out.push('@');
        push_square(out, m.to());
    } else {
        return false;
    }
    true
}

/// The LAN of a move of `position` (chess's, or a variant's board) but its
/// check mark: castling as `O-O`, a drop as `N@f3`, else the piece letter,
/// both squares with `-` or `x` between, and a promotion.
pub(crate) fn write_lan_body(position: &Position, m: Move, out: &mut String) {
    if !write_castle_or_drop(m, out) {
        if m.role() != Role::Pawn {
            out.push(m.role().letter().to_ascii_uppercase() as char);
        }
        push_square(out, m.from());
        let capture = m.kind() == MoveKind::EnPassant || position.piece_at(m.to()).is_some();
        out.push(if capture { 'x' } else { '-' });
        push_square(out, m.to());
        if let Some(p) = m.promotion() {
            out.push('=');
            out.push(p.letter().to_ascii_uppercase() as char);
        }
    }
}
