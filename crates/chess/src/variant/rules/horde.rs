//! Horde's insufficient material, as lichess judges it: which side cannot
//! possibly win. The side with a king always can (it wins by taking the
//! whole horde); the horde, without a king to help its pieces, cannot mate
//! with too little material, and what is too little depends on the pieces
//! the king's side has to block its own king in. Both sides are out of
//! moves that matter in a fortress: the horde stuck, the king walking
//! without ever freeing it. Each case below names a mate that shows the
//! material suffices; material without such a mate cannot win.

use polyfen_core::Color;

use super::{DARK, VariantPosition};
use crate::position::Position;
use crate::types::Role;

/// Index of the light and dark squares in [`Army::bishops`].
const LIGHT_SHADE: usize = 0;
const DARK_SHADE: usize = 1;

/// One side's material, counted.
#[derive(Clone, Copy, Debug, Default)]
struct Army {
    pawns: u32,
    knights: u32,
    /// Bishops on light and on dark squares.
    bishops: [u32; 2],
    rooks: u32,
    queens: u32,
    /// Every piece, the king included.
    all: u32,
}

impl Army {
    fn of(p: &Position, color: Color) -> Army {
        let ours = p.colors[color.index()];
        let count = |role: Role| (p.roles[role as usize] & ours).count_ones();
        let bishops = p.roles[Role::Bishop as usize] & ours;
        Army {
            pawns: count(Role::Pawn),
            knights: count(Role::Knight),
            bishops: [(bishops & !DARK).count_ones(), (bishops & DARK).count_ones()],
            rooks: count(Role::Rook),
            queens: count(Role::Queen),
            all: ours.count_ones(),
        }
    }

    fn bishop_count(self) -> u32 {
        self.bishops[LIGHT_SHADE] + self.bishops[DARK_SHADE]
    }

    fn has_bishop_pair(self) -> bool {
        self.bishops[LIGHT_SHADE] > 0 && self.bishops[DARK_SHADE] > 0
    }

    /// The pieces that are not bishops of the shade.
    fn besides_bishops_of(self, shade: usize) -> u32 {
        self.all - self.bishops[shade]
    }
}

/// True when the horde `horde` cannot mate a king whose side has
/// `king_side`, however the king's side helps.
fn horde_cannot_mate(horde: Army, king_side: Army) -> bool {
    let k = king_side;
    // two bishops of a shade cover all that shade's squares around a king
    let minors = horde.bishops[LIGHT_SHADE].min(2) + horde.bishops[DARK_SHADE].min(2);
    let count = horde.pawns + horde.knights + horde.rooks + horde.queens + minors;
    // the shade of the horde's bishops (light if it has a light one), and
    // the other one
    let shade = if horde.bishops[LIGHT_SHADE] > 0 { LIGHT_SHADE } else { DARK_SHADE };
    let other = 1 - shade;
    if count == 0 {
        return true;
    }
    // four pieces always mate; a pawn or a queen with any other piece mates
    // (the pawn becomes a queen)
    if count >= 4 || (count >= 2 && horde.pawns + horde.queens > 0) {
        return false;
    }
    // a rook with another piece mates, unless it is a rook and a bishop
    // against a king whose only other pieces are bishops of that bishop's
    // shade
    let rook_and_bishop_against_bare =
        count == 2 && horde.rooks == 1 && horde.bishop_count() == 1 && k.besides_bishops_of(shade) == 1;
    if count >= 2 && horde.rooks > 0 && !rook_and_bishop_against_bare {
        return false;
    }
    match count {
        // against a bare king a piece or two cannot mate without a king
        1 | 2 if k.all == 1 => true,
        1 => lone_piece_cannot_mate(horde, k, other),
        2 => two_pieces_cannot_mate(horde, k, shade, other),
        // three minor pieces: two knights and a bishop, three knights or
        // the bishop pair mate a king in the corner; two bishops of one
        // shade and a knight mate only a king whose side has another piece
        // to move while the net closes
        _ => {
            !(horde.knights == 3 || horde.has_bishop_pair() || (horde.knights == 2 && horde.bishop_count() == 1))
                && k.all == 1
        }
    }
}

/// A lone piece of the horde against a king with company (`k.all > 1`).
fn lone_piece_cannot_mate(horde: Army, k: Army, other: usize) -> bool {
    if horde.pawns == 1 {
        // the pawn promotes: to a queen or a knight, whichever can mate
        let queen = Army { pawns: 0, queens: 1, ..horde };
        let knight = Army { pawns: 0, knights: 1, ..horde };
        return horde_cannot_mate(queen, k) && horde_cannot_mate(knight, k);
    }
    if horde.queens == 1 {
        // a king in the corner boxed in by a pawn or a rook beside it, or by
        // two bishops of one shade
        return !(k.pawns > 0 || k.rooks > 0 || k.bishops[LIGHT_SHADE] >= 2 || k.bishops[DARK_SHADE] >= 2);
    }
    if horde.rooks == 1 {
        // a king in the corner boxed in by two of its pieces: two pawns, or
        // a rook or a knight with a pawn, or a rook with a knight
        return !(k.pawns >= 2
            || (k.pawns >= 1 && (k.rooks >= 1 || k.knights >= 1))
            || (k.rooks >= 1 && k.knights >= 1));
    }
    if horde.bishop_count() == 1 {
        // a king in the corner boxed in by pawns or bishops of the other
        // shade, two of them
        let blockers = k.bishops[other];
        return !(blockers >= 2 || (blockers >= 1 && k.pawns >= 1) || k.pawns >= 2);
    }
    // a lone knight: a smothered mate needs four pieces of the king's side,
    // two of them able to stand beside the king in the corner, and not
    // just bishops of one shade with the king
    let pairs = k.knights >= 2
        || k.pawns >= 2
        || (k.rooks >= 1 && (k.knights >= 1 || k.bishop_count() >= 1 || k.pawns >= 1))
        || (k.knights >= 1 && (k.bishop_count() >= 1 || k.pawns >= 1))
        || (k.bishop_count() >= 1 && k.pawns >= 1);
    let shade_ok = |s: usize| k.bishops[s] < 2 || k.besides_bishops_of(s) >= 3;
    !(k.all >= 4 && pairs && shade_ok(DARK_SHADE) && shade_ok(LIGHT_SHADE))
}

/// Two minor pieces of the horde (or a rook and a bishop) against a king
/// with company.
fn two_pieces_cannot_mate(horde: Army, k: Army, shade: usize, other: usize) -> bool {
    if horde.knights == 2 {
        // two knights mate a king in the corner blocked by a pawn or a minor
        // piece
        return k.pawns + k.bishop_count() + k.knights == 0;
    }
    if horde.has_bishop_pair() {
        // the bishop pair mates a king in the corner blocked by a pawn or a
        // bishop, or a king on the edge with a knight and a heavy piece
        // beside it (Boden's mate)
        return !(k.pawns >= 1 || k.bishop_count() >= 1 || (k.knights >= 1 && k.rooks + k.queens >= 1));
    }
    if horde.bishop_count() >= 1 && horde.knights >= 1 {
        // a bishop and a knight mate a king in the corner blocked by a pawn
        // or a bishop of the other shade, or by two pieces (a double check)
        return !(k.pawns >= 1 || k.bishops[other] >= 1 || k.besides_bishops_of(shade) >= 3);
    }
    // bishops of one shade (or a rook and a bishop): the king's side must
    // block the squares of the other shade around its king, with two pieces
    let blockers = k.bishops[other];
    !((k.pawns >= 1 && (blockers >= 1 || k.knights >= 1))
        || (blockers >= 1 && k.knights >= 1)
        || blockers >= 2
        || k.knights >= 2
        || k.pawns >= 2)
}

impl VariantPosition {
    /// Horde: true when `color` cannot possibly win, as lichess judges it:
    /// the horde (the side without a king) with too little material to
    /// mate, or either side in a fortress
    /// ([`VariantPosition::is_horde_fortress`]). The side with a king can
    /// otherwise always win, by taking the whole horde.
    pub(crate) fn horde_cannot_win(&self, color: Color) -> bool {
        let p = &self.pos;
        let horde_cannot_mate =
            p.king_of(color).is_none() && horde_cannot_mate(Army::of(p, color), Army::of(p, color.other()));
        horde_cannot_mate || self.is_horde_fortress()
    }

    /// Horde: true when the horde is blocked for good, whoever moves: on
    /// its turn it has no legal move, and on the king's turn the king's side
    /// has only king moves, each leaving the horde without a legal move (a
    /// lone piece of the horde that the king's side can take is no
    /// fortress: the taking wins). Lichess draws the game then.
    pub(crate) fn is_horde_fortress(&self) -> bool {
        let p = &self.pos;
        let Some(king_color) = Color::ALL.into_iter().find(|&c| p.king_of(c).is_some()) else {
            return false;
        };
        let horde_color = king_color.other();
        let horde = p.colors[horde_color.index()];
        if horde.is_power_of_two() && p.attacked(horde.trailing_zeros() as usize, king_color, p.occupied()) {
            return false;
        }
        let with_turn = |c: Color| {
            let mut turned = *self;
            turned.pos.turn = c;
            turned.pos.ep = None;
            turned
        };
        // the horde's moves, but for the taking of a king that the turn
        // given to the horde may leave in check
        let horde_stuck = |pos: &VariantPosition| {
            let kings = pos.pos.roles[Role::King as usize];
            pos.legal_moves().iter().all(|m| kings & (1 << m.to().index()) != 0)
        };
        if !horde_stuck(&with_turn(horde_color)) {
            return false;
        }
        let king_turn = with_turn(king_color);
        let moves = king_turn.legal_moves();
        moves.iter().all(|&m| m.role() == Role::King && horde_stuck(&king_turn.played(m)))
    }
}
