//! The games defined as data in game records ([`RecordAdapter`]): moves in
//! Fairy-Stockfish's UCI (`e2e4`, `P@e4`, `a7a8q`), a null move `0000`,
//! numbered as chess numbers its moves; a line's history is judged at its
//! end by the game's repetition rule (`nFoldRule`).

use polyfen_core::Color;
use polyfen_game::{GameStatus, Judgement, MoveError, MoveNote, MoveReading, RecordAdapter, Stated};

use super::{FairyMoveNotation, FairyPosition};
use crate::rules::Move;

/// The most boards [`FairyAdapter::remember`] keeps for reuse, by thread.
const SPARES: usize = 64;

thread_local! {
    /// The boards of positions a line's history forgot, boxed as a
    /// [`FairyPosition`] holds its board, to be handed to one.
    #[allow(clippy::vec_box)]
    static SPARE: core::cell::RefCell<Vec<Box<crate::rules::Position>>> = const { core::cell::RefCell::new(Vec::new()) };
}

/// The record adapter of the games defined as data.
pub struct FairyAdapter;

impl RecordAdapter for FairyAdapter {
    type Position = FairyPosition;
    type Pos = FairyPosition;
    type Move = Move;

    /// PGN as pychess.org writes it: SAN.
    const PGN_NOTATION: FairyMoveNotation = FairyMoveNotation::FairySan;

    fn from_position(position: &FairyPosition) -> Result<FairyPosition, String> {
        if let Some(what) = position.rules.unsupported() {
            return Err(format!("{} is not played yet: {what}", position.name));
        }
        let violations = polyfen_game::GamePosition::violations(position);
        if violations.is_empty() { Ok(position.clone()) } else { Err(violations.join("; ")) }
    }

    fn to_position(pos: &FairyPosition) -> FairyPosition {
        pos.clone()
    }

    /// One move notation, without lenient forms: a lenient reading is the
    /// strict one.
    fn read_move(
        pos: &FairyPosition,
        reading: MoveReading<'_, FairyMoveNotation>,
        _notes: &mut Vec<MoveNote>,
    ) -> Result<Move, MoveError> {
        pos.legal_move(reading.text)
    }

    fn play(pos: &mut FairyPosition, mv: Move) {
        pos.rules.make_in_place(&mut pos.position, mv);
    }

    fn null_allowed(pos: &FairyPosition) -> Result<(), String> {
        if pos.rules.is_check(&pos.position) { Err("the side to move is in check".to_owned()) } else { Ok(()) }
    }

    fn play_null(pos: &mut FairyPosition) {
        *pos.position = pos.rules.null_move(&pos.position);
    }

    fn write_move(pos: &FairyPosition, mv: Move, notation: FairyMoveNotation, out: &mut String) {
        out.push_str(&pos.write(mv, notation));
    }

    fn numbering(pos: &FairyPosition) -> (u32, bool) {
        (pos.position.fullmove, pos.position.side() == Color::Black)
    }

    fn status(pos: &FairyPosition) -> GameStatus {
        pos.status_now()
    }

    const JUDGES_HISTORY: bool = true;

    /// The position pushed, or, after an irreversible move where the
    /// judge looks no further back than it (captures do not go to the
    /// hand, no chasing rule counts the line's checks), the history
    /// begun again from it in the first position's place.
    /// The boards forgotten are kept for the next positions remembered
    /// (a few, by thread): a position is copied into one, none allocated.
    fn remember(history: &mut Vec<FairyPosition>, pos: &FairyPosition) {
        if pos.position.halfmove == 0
            && pos.rules.judges_from_irreversible()
            && let Some(first) = history.first_mut()
        {
            first.clone_from(pos);
            SPARE.with_borrow_mut(|spare| {
                let room = SPARES.saturating_sub(spare.len());
                spare.extend(history.drain(1..).take(room).map(|p| p.position));
            });
            history.truncate(1);
            return;
        }
        let position = match SPARE.with_borrow_mut(Vec::pop) {
            Some(mut board) => {
                board.clone_from(&pos.position);
                board
            }
            None => pos.position.clone(),
        };
        history.push(FairyPosition { name: pos.name, rules: std::sync::Arc::clone(&pos.rules), position });
    }

    /// The repetition rule at the line's end (the n-move rule is the last
    /// position's own status): its status when the last position repeats
    /// as often as the rule asks, and the game is not over by other means.
    fn judge(history: &[FairyPosition], _stated: Stated<'_>) -> Judgement {
        let mut judgement = Judgement::default();
        let Some(last) = history.last() else { return judgement };
        if last.status_now() == GameStatus::Ongoing {
            judgement.status = last.rules.history_outcome(history).map(super::ended);
        }
        judgement
    }
}

#[cfg(test)]
mod tests {
    use polyfen_game::{RecordAdapter, Stated};

    use super::{FairyAdapter, FairyPosition};

    /// A line that repeats: seeded moves, a move taken back (the one two
    /// plies before reversed) whenever it can be, every few plies a capture
    /// or a pawn move when there is one.
    fn repeating_line(name: &str, plies: usize) -> Vec<FairyPosition> {
        let mut pos = FairyPosition::start(name).expect("a built-in game");
        let mut line = vec![pos.clone()];
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut played: Vec<crate::rules::Move> = Vec::new();
        for ply in 0..plies {
            let legal = pos.rules.legal_moves(&pos.position);
            if legal.is_empty() || pos.rules.outcome(&pos.position).is_some() {
                break;
            }
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let back = played.len().checked_sub(2).map(|i| played[i]);
            let reverse = legal.iter().copied().find(|m| back.is_some_and(|b| m.from == b.to && m.to == b.from));
            let irreversible = legal.iter().copied().find(|m| {
                let after = pos.rules.play(&pos.position, *m).expect("legal");
                after.halfmove == 0
            });
            let pick = usize::try_from(seed >> 33).unwrap_or(0) % legal.len();
            let mv = match (ply % 13, reverse, irreversible) {
                (0, _, Some(m)) | (_, Some(m), _) => m,
                _ => legal[pick],
            };
            played.push(mv);
            FairyAdapter::play(&mut pos, mv);
            line.push(pos.clone());
        }
        line
    }

    /// At every ply of lines that repeat, the judge of the history
    /// [`FairyAdapter::remember`] keeps tells what the judge of the whole
    /// line tells; the lines do reach repetitions, and the games whose
    /// captures stay off the board (and that have no chasing rule) forget
    /// the positions before an irreversible move, the positions they keep
    /// the line's.
    #[test]
    fn a_remembered_history_is_judged_as_the_whole_line() {
        let stated = Stated::new(Some("*"), None);
        for name in ["makruk", "chess", "capablanca", "shogi", "xiangqi", "janggi", "crazyhouse"] {
            let line = repeating_line(name, 160);
            let mut kept: Vec<FairyPosition> = vec![line[0].clone()];
            let (mut ended, mut forgot) = (0, false);
            for (i, pos) in line.iter().enumerate().skip(1) {
                FairyAdapter::remember(&mut kept, pos);
                let whole = FairyAdapter::judge(&line[..=i], stated).status;
                let remembered = FairyAdapter::judge(&kept, stated).status;
                // the positions kept since the first are the line's last
                // ones, whatever board (of this game or an earlier one)
                // each was copied into
                let tail = &line[i + 2 - kept.len()..=i];
                assert!(kept[1..].iter().zip(tail).all(|(k, p)| k.position == p.position), "{name}, ply {i}");
                assert_eq!(remembered, whole, "{name}, ply {i}: {} positions kept of {}", kept.len(), i + 1);
                ended += usize::from(whole.is_some());
                forgot |= kept.len() < i + 1;
            }
            assert!(ended > 0, "{name}: no line reached an end its history tells");
            // what captures send to the hand can come back, and Xiangqi's
            // chasing rule counts checks from the start: nothing forgotten
            if matches!(name, "shogi" | "crazyhouse" | "xiangqi") {
                assert!(!forgot, "{name}: positions forgotten");
            } else if name != "janggi" {
                assert!(forgot, "{name}: no position forgotten");
            }
        }
    }
}
