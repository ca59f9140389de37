//! The outcomes a single position's rules cannot tell: repetition
//! (sennichite, 千日手), which needs the positions before, perpetual check
//! among them, and the impasse declaration (入玉宣言, the 27-point rule),
//! which counts the pieces in the opponent's camp and in hand.
//!
//! Both follow the rules of the Japan Shogi Association (JSA) and of the
//! CSA server protocol; where those differ, or other rules exist, the
//! functions say so.

use std::collections::HashMap;

use polyfen_core::Color;

use crate::bitboard::ZONE;
use crate::types::color_name;
use crate::{Position, Role};

/// How a repetition ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// The same position a fourth time: a draw (千日手).
    Draw,
    /// The same position a fourth time, every move of one side in the
    /// repeated stretch a check (連続王手の千日手): that side loses.
    PerpetualCheck {
        /// The side that gave check with every move, which loses.
        loser: Color,
    },
}

impl Repetition {
    /// The result it gives: `1/2-1/2`, or `1-0` / `0-1` (sente first).
    #[must_use]
    pub const fn result(self) -> &'static str {
        match self {
            Repetition::Draw => "1/2-1/2",
            Repetition::PerpetualCheck { loser: Color::White } => "0-1",
            Repetition::PerpetualCheck { loser: Color::Black } => "1-0",
        }
    }

    /// In words: `sennichite, a draw`, `perpetual check by sente, who
    /// loses`.
    #[must_use]
    pub fn words(self) -> String {
        match self {
            Repetition::Draw => "sennichite, a draw".to_owned(),
            Repetition::PerpetualCheck { loser } => format!("perpetual check by {}, who loses", color_name(loser)),
        }
    }
}

/// The first repetition that ends a line: the index in `history` of the
/// position seen for the fourth time, and how it ends the game.
///
/// `history` is the line's positions in order, from its start to the
/// position after its last move. Two positions are the same when their
/// boards, hands and side to move are ([`Position::key`]). A side gave
/// perpetual check when every move it made from the first time the
/// position was seen to the fourth gave check (the JSA's rule and the CSA
/// protocol's `#OUTE_SENNICHITE` say "continuous check" without fixing the
/// stretch; the whole stretch of the four occurrences is the stricter
/// reading). When both sides checked throughout, it is counted a draw.
///
/// # Examples
///
/// ```
/// use polyfen_shogi::{ShogiMoveNotation, Position, Repetition, sennichite};
///
/// let mut history = vec![Position::start()];
/// for _ in 0..3 {
///     for m in ["2h3h", "8b7b", "3h2h", "7b8b"] {
///         let mut next = *history.last().unwrap();
///         next.play(ShogiMoveNotation::Usi.read(&next, m)?);
///         history.push(next);
///     }
/// }
/// assert_eq!(sennichite(&history), Some((12, Repetition::Draw)));
/// assert_eq!(sennichite(&history[..12]), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn sennichite(history: &[Position]) -> Option<(usize, Repetition)> {
    let mut seen: HashMap<_, (usize, u8)> = HashMap::new();
    for (at, position) in history.iter().enumerate() {
        let entry = seen.entry(position.key()).or_insert((at, 0));
        entry.1 += 1;
        if entry.1 == 4 {
            return Some((at, repetition(&history[entry.0..=at])));
        }
    }
    None
}

/// How a repeated stretch (the first occurrence to the fourth) ends.
fn repetition(stretch: &[Position]) -> Repetition {
    // a position after a move is in check when the move gave check; the
    // side that made it is the one not to move there
    let checked_all = |side: Color| {
        stretch.iter().skip(1).filter(|p| p.turn() == side.other()).all(|p| p.king_attacked(side.other()))
    };
    match (checked_all(Color::White), checked_all(Color::Black)) {
        (true, false) => Repetition::PerpetualCheck { loser: Color::White },
        (false, true) => Repetition::PerpetualCheck { loser: Color::Black },
        _ => Repetition::Draw,
    }
}

/// The points a side needs to declare: 28 for sente, 27 for gote.
#[must_use]
pub const fn points_needed(side: Color) -> u32 {
    match side {
        Color::White => 28,
        Color::Black => 27,
    }
}

/// The pieces other than the king a side needs in the opponent's camp.
pub const PIECES_NEEDED: u32 = 10;

/// A side's count for the impasse declaration: what the 27-point rule
/// looks at, whoever is to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImpasseCount {
    /// The side counted.
    pub side: Color,
    /// Whether its king stands in the opponent's camp (the three ranks
    /// farthest from it).
    pub king_in_camp: bool,
    /// Its pieces other than the king in the opponent's camp.
    pub pieces_in_camp: u32,
    /// Its points: 5 for a rook or bishop (promoted or not), 1 for any
    /// other piece, counting its pieces in the opponent's camp (not the
    /// king) and in hand.
    pub points: u32,
    /// Whether its king is in check.
    pub in_check: bool,
}

impl ImpasseCount {
    /// The points the side needs ([`points_needed`]).
    #[must_use]
    pub const fn points_needed(&self) -> u32 {
        points_needed(self.side)
    }

    /// Whether the count allows the side to declare (on its turn): king in
    /// the camp, at least ten other pieces there, enough points, not in
    /// check.
    #[must_use]
    pub const fn allows(&self) -> bool {
        self.king_in_camp
            && self.pieces_in_camp >= PIECES_NEEDED
            && self.points >= self.points_needed()
            && !self.in_check
    }

    /// What the count lacks, in words (empty when it [`allows`](Self::allows)
    /// the declaration).
    #[must_use]
    pub fn lacks(&self) -> Vec<String> {
        let mut lacks = Vec::new();
        if !self.king_in_camp {
            lacks.push("the king is not in the opponent's camp".to_owned());
        }
        if self.pieces_in_camp < PIECES_NEEDED {
            lacks.push(format!("{} pieces in the camp ({PIECES_NEEDED} needed)", self.pieces_in_camp));
        }
        if self.points < self.points_needed() {
            lacks.push(format!("{} points ({} needed)", self.points, self.points_needed()));
        }
        if self.in_check {
            lacks.push("the king is in check".to_owned());
        }
        lacks
    }
}

/// A side's count for the impasse declaration in `position`.
#[must_use]
pub fn impasse_count(position: &Position, side: Color) -> ImpasseCount {
    let camp = ZONE[side.index()];
    let king_in_camp = position.king(side).is_some_and(|k| camp & (1 << k.index()) != 0);
    let worth = |role: Role| match role.unpromoted() {
        Role::Rook | Role::Bishop => 5,
        _ => 1,
    };
    let mut pieces_in_camp = 0;
    let mut points = 0;
    for role in position.pieces_on(side, camp).filter(|&r| r != Role::King) {
        pieces_in_camp += 1;
        points += worth(role);
    }
    for role in Role::HAND {
        points += u32::from(position.hand_count(side, role)) * worth(role);
    }
    ImpasseCount { side, king_in_camp, pieces_in_camp, points, in_check: position.king_attacked(side) }
}

/// A declaration the side to move may make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Declaration {
    /// The side that may declare (the side to move).
    pub side: Color,
    /// Its points.
    pub points: u32,
    /// Its pieces other than the king in the opponent's camp.
    pub pieces_in_camp: u32,
}

/// Whether the side to move may declare a win by entering king (入玉宣言,
/// the 27-point rule), and with how many points.
///
/// The rule of the CSA server protocol (`%KACHI`) and of the JSA's
/// declaration rule for amateur play (宣言法): on its turn, the declaring
/// side's king stands in the opponent's camp (its last three ranks), at
/// least ten of its other pieces stand there, it is not in check, and it
/// counts at least 28 points as sente, 27 as gote, a rook or bishop
/// (promoted or not) 5, any other piece 1, counting only its pieces in the
/// camp (not the king) and in hand. The CSA protocol also asks that the
/// declaring side has time left, which a position does not hold. Neither
/// rule adjusts the points for handicap games, and neither does this.
///
/// Other rules are not this one: the professional rule (持将棋 by
/// agreement when both kings have entered, a side with fewer than 24
/// points losing, else a draw: the "24-point rule"), and the 24-point
/// declaration some programs offer (31 points or more wins, 24 to 30
/// draws).
///
/// # Examples
///
/// ```
/// use polyfen_shogi::{Position, Sfen, impasse_declaration};
///
/// let entered: Sfen = "+R+B+S+SK+N+N+N+N/PPPPPPPPP/9/9/9/9/9/9/4k4 b RB2GL2g2slp 1".parse()?;
/// let declared = impasse_declaration(&Position::from_setup(&entered)?).expect("sente may declare");
/// assert_eq!((declared.points, declared.pieces_in_camp), (38, 17));
/// assert_eq!(impasse_declaration(&Position::start()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn impasse_declaration(position: &Position) -> Option<Declaration> {
    let count = impasse_count(position, position.turn());
    count.allows().then_some(Declaration {
        side: count.side,
        points: count.points,
        pieces_in_camp: count.pieces_in_camp,
    })
}

#[cfg(test)]
mod tests {
    use polyfen_core::Color;

    use super::{Repetition, impasse_count, impasse_declaration, sennichite};
    use crate::{Position, Sfen, ShogiMoveNotation};

    fn position(sfen: &str) -> Position {
        let setup: Sfen = sfen.parse().expect("an SFEN");
        Position::from_setup(&setup).expect("playable")
    }

    fn line(start: &Position, moves: &[&str]) -> Vec<Position> {
        let mut history = vec![*start];
        for m in moves {
            let mut next = *history.last().expect("a start");
            next.play(ShogiMoveNotation::Usi.read(&next, m).expect("legal"));
            history.push(next);
        }
        history
    }

    #[test]
    fn the_fourth_occurrence_is_a_draw_and_the_move_number_does_not_count() {
        let cycle = ["2h3h", "8b7b", "3h2h", "7b8b"];
        let moves: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
        let history = line(&Position::start(), &moves);
        assert_eq!(sennichite(&history), Some((12, Repetition::Draw)));
        assert_eq!(sennichite(&history[..12]), None, "three times is not yet");
        assert_eq!(Repetition::Draw.result(), "1/2-1/2");
    }

    #[test]
    fn the_side_that_checked_with_every_move_loses() {
        // sente's rook checks along ranks a and b; gote's king steps between 6a and 6b
        let start = position("3k5/9/9/9/9/9/9/9/4K3R b - 1");
        let mut moves = vec!["1i1a"];
        for _ in 0..3 {
            moves.extend(["6a6b", "1a1b", "6b6a", "1b1a"]);
        }
        let history = line(&start, &moves);
        assert!(history.iter().skip(1).step_by(2).all(Position::is_check), "every rook move checks");
        let how = Repetition::PerpetualCheck { loser: Color::White };
        // the position after 1i1a is seen again after moves 5, 9 and 13
        assert_eq!(sennichite(&history), Some((13, how)));
        assert_eq!(how.result(), "0-1");
        assert!(how.words().contains("sente"));
    }

    #[test]
    fn a_declaration_needs_the_king_ten_pieces_and_the_points() {
        let entered = position("+R+B+S+SK+N+N+N+N/PPPPPPPPP/9/9/9/9/9/9/4k4 b RB2GL2g2slp 1");
        let count = impasse_count(&entered, Color::White);
        assert!(count.king_in_camp && !count.in_check);
        assert_eq!((count.pieces_in_camp, count.points), (17, 38));
        assert!(count.allows() && count.lacks().is_empty());
        assert!(impasse_declaration(&entered).is_some());
        // gote to move: gote may not declare, and sente may only on its turn
        let gote = position("+R+B+S+SK+N+N+N+N/PPPPPPPPP/9/9/9/9/9/9/4k4 w RB2GL2g2slp 1");
        assert_eq!(impasse_declaration(&gote), None);
        let lacks = impasse_count(&gote, Color::Black).lacks();
        assert_eq!(lacks, ["0 pieces in the camp (10 needed)", "6 points (27 needed)"]);
        // nine pieces in the camp are too few, whatever the points
        let nine = position("4K4/PPPPPPPPP/9/9/9/9/9/9/4k4 b 2R2B4G4S4N4L9p 1");
        let count = impasse_count(&nine, Color::White);
        assert_eq!(count.pieces_in_camp, 9);
        assert_eq!(count.lacks(), ["9 pieces in the camp (10 needed)"]);
    }

    #[test]
    fn sente_needs_28_points_and_gote_27() {
        // ten pawns and one more in the camp, the rest in hand: sente 27
        let sente = position("4K4/PPPPPPPPP/G8/9/9/9/9/9/4k4 b RB2G 1");
        let count = impasse_count(&sente, Color::White);
        assert_eq!((count.pieces_in_camp, count.points), (10, 22));
        let sente = position("4K4/PPPPPPPPP/G8/9/9/9/9/9/4k4 b RB2G4S 1");
        assert_eq!(impasse_count(&sente, Color::White).points, 26);
        assert!(impasse_declaration(&sente).is_none());
        let sente = position("4K4/PPPPPPPPP/G8/9/9/9/9/9/4k4 b RB2G4S2N 1");
        assert_eq!(impasse_declaration(&sente).map(|d| d.points), Some(28));
        // the mirror for gote: 27 is enough
        let gote = position("4K4/9/9/9/9/9/g8/ppppppppp/4k4 w rb2g4sn 1");
        let count = impasse_count(&gote, Color::Black);
        assert_eq!((count.pieces_in_camp, count.points), (10, 27));
        assert_eq!(impasse_declaration(&gote).map(|d| d.side), Some(Color::Black));
    }

    #[test]
    fn a_king_in_check_may_not_declare() {
        let checked = position("r3K4/PPPPPPPPP/G8/9/9/9/9/9/8k b B2G4S2N 1");
        let count = impasse_count(&checked, Color::White);
        assert!(count.in_check && count.king_in_camp, "{count:?}");
        assert_eq!(count.lacks(), ["23 points (28 needed)", "the king is in check"]);
        assert!(impasse_declaration(&checked).is_none());
    }
}
