//! Shogi in game records ([`RecordAdapter`]): moves read in any notation
//! (found per move, or the one the record names) and written in each; KIF
//! and KI2 write `同` for the square of the move before. Shogi has no null
//! move, so a record's `--` is refused. A line's history is judged at its
//! end: a fourth repetition (sennichite, perpetual check) is its status,
//! and a stated ending the rules disagree with (a repetition that is not
//! one, an impasse declaration the last position does not allow) is
//! warned of.

use polyfen_core::Color;
use polyfen_game::{GameStatus, Judgement, MoveError, MoveNote, MoveReading, RecordAdapter, Stated, noting_repairs};

use super::{ShogiPosition, move_error, read_any, repetition_status, status_of};
use crate::{
    Move, Position, ShogiMoveNotation, Square, Status, color_name, impasse_count, impasse_declaration, sennichite,
};

/// Shogi's moves in game records.
pub struct ShogiAdapter;

/// A position moves are played on, and where the last move went (what KIF
/// and KI2 write `同` for).
#[derive(Clone, Debug)]
pub struct ShogiPos {
    /// The position.
    pub position: Position,
    /// The square the last move went to, if any.
    pub last_to: Option<Square>,
}

impl RecordAdapter for ShogiAdapter {
    type Position = ShogiPosition;
    type Pos = ShogiPos;
    type Move = Move;

    fn from_position(position: &ShogiPosition) -> Result<ShogiPos, String> {
        let rules = Position::from_setup(&position.setup).map_err(|e| e.to_string())?;
        Ok(ShogiPos { position: rules, last_to: position.last_to })
    }

    fn to_position(pos: &ShogiPos) -> ShogiPosition {
        ShogiPosition { setup: pos.position.to_setup(), last_to: pos.last_to }
    }

    fn read_move(
        pos: &ShogiPos,
        MoveReading { text, expected, lenient }: MoveReading<'_, ShogiMoveNotation>,
        notes: &mut Vec<MoveNote>,
    ) -> Result<Move, MoveError> {
        noting_repairs(notes, |repairs| {
            read_any(&pos.position, pos.last_to, text, expected, lenient, repairs).map_err(|e| move_error(&e))
        })
    }

    fn play(pos: &mut ShogiPos, mv: Move) {
        pos.position.play(mv);
        pos.last_to = Some(mv.to());
    }

    fn null_allowed(_pos: &ShogiPos) -> Result<(), String> {
        Err("Shogi has no null move: a side must move or drop".into())
    }

    /// Never called, as [`ShogiAdapter::null_allowed`] refuses every null
    /// move; it passes the turn if it is.
    fn play_null(pos: &mut ShogiPos) {
        let mut setup = pos.position.to_setup();
        setup.extras.turn = setup.extras.turn.other();
        setup.extras.move_number += 1;
        if let Ok(passed) = Position::from_setup(&setup) {
            pos.position = passed;
            pos.last_to = None;
        }
    }

    fn null_text(_notation: ShogiMoveNotation) -> Option<&'static str> {
        None
    }

    fn write_move(pos: &ShogiPos, mv: Move, notation: ShogiMoveNotation, out: &mut String) {
        out.push_str(&notation.write_after(&pos.position, pos.last_to, mv));
    }

    /// The pair of moves a ply belongs to, counted from the first side to
    /// move: sente's ply `n` (the SFEN move number) is in pair `n / 2 + 1`,
    /// gote's in pair `(n + 1) / 2`, so that an even game numbers
    /// `1. 7g7f 3c3d 2. …` and a handicap game, where gote moves first,
    /// `1… 3c3d 2. 7g7f 2… …`.
    fn numbering(pos: &ShogiPos) -> (u32, bool) {
        let n = pos.position.move_number().max(1);
        match pos.position.turn() {
            Color::White => (n / 2 + 1, false),
            Color::Black => (n.div_ceil(2), true),
        }
    }

    fn status(pos: &ShogiPos) -> GameStatus {
        status_of(&pos.position)
    }

    const JUDGES_HISTORY: bool = true;

    /// A fourth repetition at the line's end is its status (`sennichite`,
    /// `perpetual-check`); one before the end, a stated result other than
    /// the repetition's or the checkmate's, a stated repetition that is none, and a stated
    /// impasse declaration (`entering king`: KIF's `入玉勝ち`, CSA's
    /// `%KACHI`) the last position does not allow are warned of.
    fn judge(history: &[ShogiPos], stated: Stated<'_>) -> Judgement {
        let positions: Vec<Position> = history.iter().map(|p| p.position).collect();
        let mut judgement = Judgement::default();
        let warnings = &mut judgement.warnings;
        let last = positions.len().saturating_sub(1);
        match sennichite(&positions) {
            Some((at, how)) if at == last => {
                judgement.status = Some(repetition_status(how));
                match stated.result {
                    None => warnings.push(format!(
                        "the record does not say how the game ended: the last position is the fourth repetition: {} ({})",
                        how.words(),
                        how.result()
                    )),
                    Some(result) if result != how.result() => warnings.push(format!(
                        "the record says {result}, but the last position is the fourth repetition: {} ({})",
                        how.words(),
                        how.result()
                    )),
                    Some(_) => {}
                }
            }
            Some((at, how)) => {
                let more = last - at;
                let s = if more == 1 { "" } else { "s" };
                warnings.push(format!(
                    "the position after move {at} is the fourth repetition, which ends the game ({}); the record goes on for {more} more move{s}",
                    how.words()
                ));
            }
            None if stated.termination == Some("repetition") => warnings.push(
                "the record says the game ended by repetition, but no position of its main line occurs four times"
                    .to_owned(),
            ),
            None => {}
        }
        if judgement.status.is_none()
            && let Some(end) = positions.last()
            && end.status() != Status::Ongoing
            && let Some(result) = stated.result
        {
            // the side to move has no legal move: it has lost
            let won = if end.turn() == Color::White { "0-1" } else { "1-0" };
            if result != won {
                warnings.push(format!(
                    "the record says {result}, but {} has no legal move in the last position and has lost ({won})",
                    color_name(end.turn())
                ));
            }
        }
        if stated.termination == Some("entering king")
            && let Some(end) = positions.last()
            && impasse_declaration(end).is_none()
        {
            let count = impasse_count(end, end.turn());
            warnings.push(format!(
                "the record ends with {}'s impasse declaration (entering king), which the last position does not allow: {}",
                color_name(end.turn()),
                count.lacks().join("; ")
            ));
        }
        judgement
    }
}

#[cfg(test)]
mod tests {
    use polyfen_game::{GameStatus, RecordAdapter, Stated, play_step, playable, read_step, step_text};

    use super::{ShogiAdapter, ShogiPos};
    use crate::game::ShogiPosition;
    use crate::{START_SFEN, ShogiMoveNotation};

    #[test]
    fn record_moves_are_read_played_and_numbered() {
        let mut pos = playable::<ShogiAdapter>(START_SFEN).expect("playable");
        let mut notes = Vec::new();
        assert_eq!(ShogiAdapter::numbering(&pos), (1, false));
        for text in ["7g7f", "+7776FU", "７六歩(77)", "▲７六歩", "P-7f"] {
            let step = read_step::<ShogiAdapter>(&pos, text, None, false, &mut notes).unwrap();
            assert_eq!(step_text::<ShogiAdapter>(&pos, step, ShogiMoveNotation::Usi), Ok("7g7f".to_owned()), "{text}");
        }
        let step = read_step::<ShogiAdapter>(&pos, "7g7f", None, false, &mut notes).unwrap();
        assert_eq!(step_text::<ShogiAdapter>(&pos, step, ShogiMoveNotation::Kif), Ok("７六歩(77)".to_owned()));
        play_step::<ShogiAdapter>(&mut pos, step);
        assert_eq!(ShogiAdapter::numbering(&pos), (1, true));
        let lenient = read_step::<ShogiAdapter>(&pos, "3C3D", None, true, &mut notes).unwrap();
        assert_eq!(step_text::<ShogiAdapter>(&pos, lenient, ShogiMoveNotation::Usi), Ok("3c3d".to_owned()));
        assert_eq!(notes.len(), 1, "{notes:?}");
        play_step::<ShogiAdapter>(&mut pos, lenient);
        assert_eq!(ShogiAdapter::numbering(&pos), (2, false));
        // 同: a move back to the square the last one went to
        let mut after = pos.clone();
        for text in ["2g2f", "8c8d", "2f2e", "8d8e", "2e2d"] {
            let step = read_step::<ShogiAdapter>(&after, text, None, false, &mut notes).unwrap();
            play_step::<ShogiAdapter>(&mut after, step);
        }
        let recapture = read_step::<ShogiAdapter>(&after, "同　歩(23)", None, false, &mut notes).unwrap();
        assert_eq!(step_text::<ShogiAdapter>(&after, recapture, ShogiMoveNotation::Usi), Ok("2c2d".to_owned()));
        assert_eq!(step_text::<ShogiAdapter>(&after, recapture, ShogiMoveNotation::Ki2), Ok("△同　歩".to_owned()));
        let bad = read_step::<ShogiAdapter>(&pos, "7f7d", None, false, &mut notes).unwrap_err();
        assert!(!bad.to_string().is_empty());
        assert!(read_step::<ShogiAdapter>(&pos, "--", None, true, &mut notes).is_err(), "no null move");

        let handicap = ShogiPosition::new(crate::setup("lance").expect("a handicap"));
        let pos = ShogiAdapter::from_position(&handicap).expect("playable");
        assert_eq!(ShogiAdapter::numbering(&pos), (1, true), "gote moves first");
        let mut pos = pos;
        let step = read_step::<ShogiAdapter>(&pos, "3c3d", None, false, &mut notes).unwrap();
        play_step::<ShogiAdapter>(&mut pos, step);
        assert_eq!(ShogiAdapter::numbering(&pos), (2, false));
    }

    /// The line of `moves` (USI) from `sfen`, each position kept.
    fn history(sfen: &str, moves: &[&str]) -> Vec<ShogiPos> {
        let mut pos = playable::<ShogiAdapter>(sfen).expect("playable");
        let mut out = vec![pos.clone()];
        for m in moves {
            let step = read_step::<ShogiAdapter>(&pos, m, None, false, &mut Vec::new()).expect("legal");
            play_step::<ShogiAdapter>(&mut pos, step);
            out.push(pos.clone());
        }
        out
    }

    #[test]
    fn a_lines_history_is_judged_at_its_end() {
        let cycle = ["2h3h", "8b7b", "3h2h", "7b8b"];
        let mut moves: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
        let line = history(START_SFEN, &moves);
        // stated as a repetition and a draw: nothing to say
        let agreed = ShogiAdapter::judge(&line, Stated::new(Some("1/2-1/2"), Some("repetition")));
        assert_eq!(agreed.status, Some(GameStatus::Ended("sennichite")));
        assert!(agreed.warnings.is_empty(), "{:?}", agreed.warnings);
        // not stated: the rules say it
        let unstated = ShogiAdapter::judge(&line, Stated::new(Some("*"), None));
        assert_eq!(unstated.warnings.len(), 1);
        assert!(unstated.warnings[0].contains("does not say"), "{:?}", unstated.warnings);
        // a record that goes on after the fourth repetition
        moves.push("2g2f");
        let longer = ShogiAdapter::judge(&history(START_SFEN, &moves), Stated::new(Some("1-0"), Some("resign")));
        assert_eq!(longer.status, None);
        assert_eq!(
            longer.warnings,
            [
                "the position after move 12 is the fourth repetition, which ends the game (sennichite, a draw); the record goes on for 1 more move"
            ]
        );
        // a repetition stated that is none
        let none = ShogiAdapter::judge(&line[..9], Stated::new(Some("1/2-1/2"), Some("repetition")));
        assert_eq!(none.status, None);
        assert!(none.warnings[0].contains("no position of its main line occurs four times"), "{:?}", none.warnings);
    }

    #[test]
    fn a_result_that_gives_the_mated_side_the_win_is_warned_of() {
        // a composed mate: gote to move, its king taken in by a gold on 5b
        let mated = history("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", &[]);
        let agreed = ShogiAdapter::judge(&mated, Stated::new(Some("1-0"), Some("mate")));
        assert!(agreed.warnings.is_empty(), "{:?}", agreed.warnings);
        let wrong = ShogiAdapter::judge(&mated, Stated::new(Some("1/2-1/2"), None));
        assert_eq!(
            wrong.warnings,
            ["the record says 1/2-1/2, but gote has no legal move in the last position and has lost (1-0)"]
        );
        assert!(ShogiAdapter::judge(&mated, Stated::new(Some("*"), None)).warnings.is_empty(), "no result, no word");
    }

    #[test]
    fn a_declaration_is_checked_and_the_status_says_who_may_declare() {
        let entered = "+R+B+S+SK+N+N+N+N/PPPPPPPPP/9/9/9/9/9/9/4k4 b RB2GL2g2slp 1";
        let line = history(entered, &[]);
        assert_eq!(ShogiAdapter::status(&line[0]), GameStatus::Ended("impasse-declaration"));
        let allowed = ShogiAdapter::judge(&line, Stated::new(Some("1-0"), Some("entering king")));
        assert!(allowed.warnings.is_empty(), "{:?}", allowed.warnings);
        let early = history(START_SFEN, &["7g7f", "3c3d"]);
        assert_eq!(ShogiAdapter::status(&early[2]), GameStatus::Ongoing);
        let refused = ShogiAdapter::judge(&early, Stated::new(Some("1-0"), Some("entering king")));
        assert_eq!(
            refused.warnings,
            [
                "the record ends with sente's impasse declaration (entering king), which the last position does not allow: \
                 the king is not in the opponent's camp; 0 pieces in the camp (10 needed); 0 points (28 needed)"
            ]
        );
    }
}
