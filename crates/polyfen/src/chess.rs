//! Chess positions in the facade: FEN, Shredder-FEN, EPD.

use std::borrow::Cow;

use polyfen_chess::{CastlingNotation, CastlingStyle, Epd, Fen, FenOptions, Move, Operation, Outcome, render};
use polyfen_core::{Leniency, ParseError, Setup};

use crate::json::{ChessJson, JsonPosition};
use crate::rules::{
    CastlingMoves, Divided, EnPassantPolicy, GameStatus, MoveError, MoveNotation, PerftControl, Played, RuleOptions,
    RulesError,
};
use crate::{ConvertError, Notation, Position, RenderStyle, VariantId, WriteOptions};

/// The deepest perft the facade runs.
const MAX_PERFT_DEPTH: u32 = 20;

/// A chess position as the facade holds it: the setup, the EPD operations
/// it came with (if any), and the castling style it was written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessPosition {
    /// The board and the FEN fields.
    pub setup: Fen,
    /// EPD operations, in order; empty for a FEN.
    pub operations: Vec<Operation>,
    /// The castling style the input used.
    pub castling_style: CastlingStyle,
}

impl ChessPosition {
    /// A position from a setup, with no operations.
    #[must_use]
    pub fn new(setup: Fen) -> ChessPosition {
        let castling_style = setup.extras.castling.style();
        ChessPosition { setup, operations: Vec::new(), castling_style }
    }

    pub(crate) fn read(
        input: &str,
        notation: Notation,
        leniency: Leniency,
        repairs: &mut Vec<polyfen_core::Repair>,
    ) -> Result<ChessPosition, ParseError> {
        match notation {
            Notation::Epd => {
                let epd = Epd::parse(input)?;
                let castling_style = epd.setup.extras.castling.style();
                Ok(ChessPosition { setup: epd.setup, operations: epd.operations, castling_style })
            }
            _ => Ok(ChessPosition::new(Setup::parse_with(input, &leniency, repairs)?)),
        }
    }

    /// The position to play from, or why the setup breaks the rules (a check
    /// no last move can give is tolerated, as perft suites need).
    fn rules_position(&self) -> Result<polyfen_chess::Position, RulesError> {
        polyfen_chess::Position::from_setup(&self.setup).map_err(|e| RulesError::IllegalPosition(e.to_string()))
    }

    /// The setup to write under an en passant policy: as held, or with the
    /// square only when a legal capture exists.
    fn setup_for(&self, policy: EnPassantPolicy) -> Cow<'_, Fen> {
        match (policy, self.setup.extras.ep) {
            (EnPassantPolicy::Legal, Some(_)) => match polyfen_chess::Position::from_setup(&self.setup) {
                Ok(pos) if pos.legal_ep_square().is_none() => {
                    let mut setup = self.setup.clone();
                    setup.extras.ep = None;
                    Cow::Owned(setup)
                }
                _ => Cow::Borrowed(&self.setup),
            },
            _ => Cow::Borrowed(&self.setup),
        }
    }
}

/// How UCI writes castling in `pos` under `options`.
fn uci_castling(pos: &polyfen_chess::Position, castling: CastlingMoves) -> CastlingNotation {
    let takes_rook = match castling {
        CastlingMoves::KingTwoSquares => false,
        CastlingMoves::KingTakesRook => true,
        CastlingMoves::Auto => pos.is_chess960(),
    };
    if takes_rook { CastlingNotation::KingTakesRook } else { CastlingNotation::KingTwoSquares }
}

/// A legal move of `pos` written in `notation` (a chess notation).
fn write_move(pos: &polyfen_chess::Position, m: Move, notation: MoveNotation, castling: CastlingMoves) -> String {
    match notation {
        MoveNotation::San => pos.san(m),
        MoveNotation::Lan => pos.lan(m),
        _ => pos.uci(m, uci_castling(pos, castling)),
    }
}

/// `notation` if it writes chess moves.
fn chess_notation(notation: MoveNotation) -> Result<MoveNotation, RulesError> {
    if notation.variant() == VariantId::Chess {
        Ok(notation)
    } else {
        Err(RulesError::WrongNotation { variant: VariantId::Chess, notation })
    }
}

impl Position for ChessPosition {
    fn variant(&self) -> VariantId {
        VariantId::Chess
    }

    fn write_to(
        &self,
        notation: Notation,
        options: &WriteOptions,
        out: &mut String,
        warnings: &mut Vec<String>,
    ) -> Result<(), ConvertError> {
        let castling = match notation {
            Notation::ShredderFen => CastlingStyle::Shredder,
            _ => CastlingStyle::XFen,
        };
        let fen_options = FenOptions { castling };
        match notation {
            Notation::Fen | Notation::ShredderFen => {
                if !self.operations.is_empty() {
                    let names: Vec<&str> = self.operations.iter().map(|o| o.opcode.as_str()).collect();
                    warnings.push(format!("FEN cannot hold EPD operations; dropped {}", names.join(", ")));
                }
                self.setup_for(options.en_passant).write(&fen_options, out);
                if castling == CastlingStyle::Shredder {
                    warn_unresolved_castling(&self.setup, warnings);
                }
            }
            Notation::Epd => {
                let extras = &self.setup.extras;
                let has_clock_ops = self.operations.iter().any(|o| o.opcode == "hmvc" || o.opcode == "fmvn");
                if !has_clock_ops && (extras.halfmove != 0 || extras.fullmove != 1) {
                    warnings.push(format!(
                        "EPD has no clock fields; dropped halfmove clock {} and fullmove number {}",
                        extras.halfmove, extras.fullmove
                    ));
                }
                let epd =
                    Epd { setup: self.setup_for(options.en_passant).into_owned(), operations: self.operations.clone() };
                epd.write(&fen_options, out);
            }
            Notation::Json => {
                let json = serde_json::to_string(&self.to_json()).map_err(|e| ConvertError::Json(e.to_string()))?;
                out.push_str(&json);
            }
            Notation::XiangqiFen | Notation::XiangqiLegacy | Notation::Pkn => {
                return Err(ConvertError::WrongVariant { variant: VariantId::Chess, notation });
            }
        }
        Ok(())
    }

    fn violations(&self) -> Vec<String> {
        self.setup.validate().iter().map(ToString::to_string).collect()
    }

    fn render(&self, style: RenderStyle) -> Result<String, ConvertError> {
        let style = match style {
            RenderStyle::Ascii => polyfen_chess::RenderStyle::Ascii,
            RenderStyle::Unicode => polyfen_chess::RenderStyle::Unicode,
            RenderStyle::Svg => return Ok(crate::svg::chess(&self.setup)),
            RenderStyle::Chinese | RenderStyle::ChineseTraditional => {
                return Err(ConvertError::WrongStyle { variant: VariantId::Chess, style });
            }
        };
        Ok(render(&self.setup, style))
    }

    fn to_json(&self) -> JsonPosition {
        JsonPosition::Chess(ChessJson::from_position(self))
    }

    fn legal_moves(&self, notation: MoveNotation, options: &RuleOptions) -> Result<Vec<String>, RulesError> {
        let notation = chess_notation(notation)?;
        let pos = self.rules_position()?;
        Ok(pos.legal_moves().iter().map(|&m| write_move(&pos, m, notation, options.castling)).collect())
    }

    /// Reads UCI, SAN (leniently) or LAN; after the move the en passant
    /// square is held after every double push, and EPD operations, which
    /// describe the position before it, are dropped. A null move, `0000`
    /// as UCI writes it or `--` as PGN does, passes the turn (refused in
    /// check): the en passant square is cleared, the halfmove clock grows
    /// and the move number as after any move; it is written `0000` in UCI
    /// and `--` in SAN and LAN.
    fn play_with(
        &mut self,
        text: &str,
        write_as: MoveNotation,
        options: &RuleOptions,
        lenient: bool,
    ) -> Result<Played, RulesError> {
        let write_as = chess_notation(write_as)?;
        let mut pos = self.rules_position()?;
        if text == "0000" || text == "--" {
            if pos.is_check() {
                let error = MoveError::new("a null move while in check", 0..text.len());
                return Err(RulesError::Move { index: 0, error });
            }
            pos.play_null();
            self.setup = pos.to_setup(self.castling_style);
            self.operations.clear();
            let written = if write_as == MoveNotation::Uci { "0000" } else { "--" };
            return Ok(Played { text: written.to_owned(), repairs: Vec::new() });
        }
        let mut repairs = Vec::new();
        let read = if lenient { pos.parse_move_lenient(text, &mut repairs) } else { pos.parse_move(text) };
        let m = read.map_err(|e| {
            let notation = if e.uci { MoveNotation::Uci } else { MoveNotation::San };
            let candidates = e.candidates.iter().map(|&c| write_move(&pos, c, notation, options.castling)).collect();
            RulesError::Move { index: 0, error: MoveError::new(e.message, e.span).with_candidates(candidates) }
        })?;
        let written = write_move(&pos, m, write_as, options.castling);
        pos.play(m);
        self.setup = pos.to_setup(self.castling_style);
        self.operations.clear();
        Ok(Played { text: written, repairs })
    }

    fn perft(&self, depth: u32, _options: &RuleOptions) -> Result<u64, RulesError> {
        check_depth(depth)?;
        Ok(self.rules_position()?.perft(depth))
    }

    fn divide(&self, depth: u32, notation: MoveNotation, options: &RuleOptions) -> Result<Vec<Divided>, RulesError> {
        let notation = chess_notation(notation)?;
        check_depth(depth)?;
        let pos = self.rules_position()?;
        Ok(pos
            .divide(depth)
            .into_iter()
            .map(|(m, nodes)| Divided { text: write_move(&pos, m, notation, options.castling), nodes })
            .collect())
    }

    fn perft_with(&self, depth: u32, options: &RuleOptions, control: &PerftControl) -> Result<u64, RulesError> {
        if control.is_plain() {
            return self.perft(depth, options);
        }
        check_depth(depth)?;
        let pos = self.rules_position()?;
        control.run(|watch| pos.perft_watched(depth, watch))
    }

    fn divide_with(
        &self,
        depth: u32,
        notation: MoveNotation,
        options: &RuleOptions,
        control: &PerftControl,
    ) -> Result<Vec<Divided>, RulesError> {
        if control.is_plain() {
            return self.divide(depth, notation, options);
        }
        let notation = chess_notation(notation)?;
        check_depth(depth)?;
        let pos = self.rules_position()?;
        let divided = control.run(|watch| pos.divide_watched(depth, watch))?;
        Ok(divided
            .into_iter()
            .map(|(m, nodes)| Divided { text: write_move(&pos, m, notation, options.castling), nodes })
            .collect())
    }

    fn perft_estimate(&self, depth: u32, _options: &RuleOptions) -> Result<u64, RulesError> {
        check_depth(depth)?;
        Ok(self.rules_position()?.perft_estimate(depth))
    }

    fn status(&self, _options: &RuleOptions) -> Result<GameStatus, RulesError> {
        Ok(match self.rules_position()?.outcome() {
            Outcome::Ongoing => GameStatus::Ongoing,
            Outcome::Checkmate => GameStatus::Checkmate,
            Outcome::Stalemate => GameStatus::Stalemate,
            Outcome::InsufficientMaterial => GameStatus::InsufficientMaterial,
            Outcome::FiftyMoves => GameStatus::FiftyMoves,
        })
    }
}

/// Shredder-FEN names rooks by file; a `K`/`Q` right with no rook behind it
/// has no file to write and stays a letter, which is worth saying.
fn warn_unresolved_castling(setup: &Fen, warnings: &mut Vec<String>) {
    for color in polyfen_core::Color::ALL {
        for token in setup.extras.castling.tokens(color) {
            if polyfen_chess::Castling::resolve(&setup.board, color, token).is_none() {
                let (letter, side) = match token {
                    polyfen_chess::CastlingToken::KingSide => ('K', "on the king's side"),
                    polyfen_chess::CastlingToken::QueenSide => ('Q', "on the queen's side"),
                    polyfen_chess::CastlingToken::File(file) => (char::from(b'A' + file), "on its file"),
                };
                let letter = if color == polyfen_core::Color::White { letter } else { letter.to_ascii_lowercase() };
                warnings.push(format!(
                    "castling right '{letter}' of {color} names no rook {side}, so Shredder-FEN cannot give \
                     its file and keeps the letter"
                ));
            }
        }
    }
}

fn check_depth(depth: u32) -> Result<(), RulesError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(RulesError::Limit(format!("perft depth {depth} is above the limit of {MAX_PERFT_DEPTH}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnyPosition, ReadOptions, read};

    fn position(text: &str) -> AnyPosition {
        read(text, None, &ReadOptions::default()).expect("reads").position
    }

    #[test]
    fn each_unresolved_castling_right_is_named_once() {
        let p = position("4k3/8/8/8/8/8/8/4K3 w KQq - 0 1");
        let written = p.to_notation(Notation::ShredderFen, &crate::WriteOptions::default()).expect("writes");
        assert_eq!(
            written.warnings,
            [
                "castling right 'K' of white names no rook on the king's side, so Shredder-FEN cannot give its file \
                 and keeps the letter",
                "castling right 'Q' of white names no rook on the queen's side, so Shredder-FEN cannot give its file \
                 and keeps the letter",
                "castling right 'q' of black names no rook on the queen's side, so Shredder-FEN cannot give its file \
                 and keeps the letter",
            ]
        );
    }

    #[test]
    fn moves_in_every_notation() {
        let p = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let options = RuleOptions::default();
        let uci = p.legal_moves(MoveNotation::Uci, &options).unwrap();
        assert!(uci.contains(&"e1g1".to_owned()) && uci.contains(&"e1c1".to_owned()));
        let rook = p.legal_moves(MoveNotation::Uci, &options.with_castling(CastlingMoves::KingTakesRook)).unwrap();
        assert!(rook.contains(&"e1h1".to_owned()));
        let san = p.legal_moves(MoveNotation::San, &options).unwrap();
        assert!(san.contains(&"O-O".to_owned()) && san.contains(&"Rxa8+".to_owned()));
        let lan = p.legal_moves(MoveNotation::Lan, &options).unwrap();
        assert!(lan.contains(&"Ra1xa8+".to_owned()));
        assert_eq!(uci.len(), 26);
        assert!(matches!(p.legal_moves(MoveNotation::Iccs, &options), Err(RulesError::WrongNotation { .. })));
        // Chess960 castling is written king takes rook by default
        let p = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1");
        assert_eq!(p.perft(2, &options), Ok(528));
    }

    #[test]
    fn play_any_notation_and_write_back() {
        let mut p = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let options = RuleOptions::default();
        assert_eq!(p.play("e2e4", MoveNotation::San, &options).unwrap(), "e4");
        assert_eq!(p.play("c5", MoveNotation::Uci, &options).unwrap(), "c7c5");
        assert_eq!(p.play("Ng1-f3", MoveNotation::Lan, &options).unwrap(), "Ng1-f3");
        let fen = p.to_notation(Notation::Fen, &WriteOptions::default()).unwrap().text;
        assert_eq!(fen, "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
        let mut q = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        q.play("e4", MoveNotation::San, &options).unwrap();
        let held = q.to_notation(Notation::Fen, &WriteOptions::default()).unwrap().text;
        assert_eq!(held, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        let legal = WriteOptions::default().with_en_passant(EnPassantPolicy::Legal);
        let legal = q.to_notation(Notation::Fen, &legal).unwrap().text;
        assert_eq!(legal, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let always = WriteOptions::default().with_en_passant(EnPassantPolicy::Always);
        assert_eq!(q.to_notation(Notation::Fen, &always).unwrap().text, held);
    }

    #[test]
    fn play_is_strict_and_play_with_reports_lenient_readings() {
        let options = RuleOptions::default();
        let mut p = position("4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2");
        let before = p.clone();
        let e = p.play("f6", MoveNotation::Uci, &options).unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 1: f6 is not standard SAN: only a lenient reading takes it, as exf6 (candidates: exf6)"
        );
        assert_eq!(p, before);
        assert_eq!(p.play_with("f6", MoveNotation::Uci, &options, false).unwrap_err(), e);
        let played = p.play_with("f6", MoveNotation::Uci, &options, true).unwrap();
        assert_eq!(played.text, "e5f6");
        let repairs: Vec<String> = played.repairs.iter().map(ToString::to_string).collect();
        assert_eq!(repairs, ["read 'f6' as 'exf6'"]);
        assert_eq!(played.repairs[0].span, 0..2);
        let played = p.play_with("Kd7", MoveNotation::San, &options, true).unwrap();
        assert_eq!(played, Played { text: "Kd7".to_owned(), repairs: Vec::new() });
    }

    #[test]
    fn errors_keep_the_position() {
        let mut p = position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        let before = p.clone();
        let e = p.play("Nd2", MoveNotation::San, &RuleOptions::default()).unwrap_err();
        let RulesError::Move { index: 0, error } = e else { panic!("{e:?}") };
        assert_eq!(error.candidates, ["Nbd2", "Nfd2"]);
        assert_eq!(error.span, 0..3);
        let e = p.play("b1b3", MoveNotation::San, &RuleOptions::default()).unwrap_err();
        let RulesError::Move { error, .. } = e else { panic!("{e:?}") };
        assert!(error.candidates.contains(&"b1d2".to_owned()), "{error:?}");
        assert_eq!(p, before);
        let bad = position("8/8/8/8/8/8/8/8 w - - 0 1");
        assert!(matches!(bad.perft(1, &RuleOptions::default()), Err(RulesError::IllegalPosition(_))));
        assert!(matches!(p.perft(99, &RuleOptions::default()), Err(RulesError::Limit(_))));
    }

    #[test]
    fn status_and_divide() {
        let options = RuleOptions::default();
        assert_eq!(position("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").status(&options), Ok(GameStatus::Checkmate));
        assert_eq!(position("7k/8/6QK/8/8/8/8/8 b - - 0 1").status(&options), Ok(GameStatus::Stalemate));
        let p = position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -");
        let divided = p.divide(2, MoveNotation::Uci, &options).unwrap();
        assert_eq!(divided.iter().map(|d| d.nodes).sum::<u64>(), 2039);
        assert!(divided.iter().any(|d| d.text == "e1g1"));
    }
}
