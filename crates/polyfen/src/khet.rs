//! Khet positions in the facade: PKN.

use polyfen_core::{Color, ParseError, Repair};
use polyfen_khet::{BeamEnd, Laser, Move, Outcome, Pkn, PknOptions, Rules, parse_lenient};
use serde::Serialize;

use crate::json::{JsonPosition, KhetJson};
use crate::rules::{Divided, GameStatus, MoveError, MoveNotation, PerftControl, Played, RuleOptions, RulesError};
use crate::{ConvertError, Notation, Position, RenderStyle, VariantId, WriteOptions};

/// A Khet position as the facade holds it: the setup, every piece with the
/// facing it was read with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KhetPosition {
    /// The board (pieces with their facings), the side to move and the turn
    /// counter.
    pub setup: Pkn,
}

impl KhetPosition {
    /// A position from a setup.
    #[must_use]
    pub fn new(setup: Pkn) -> KhetPosition {
        KhetPosition { setup }
    }

    /// Reads PKN strictly, or like the reference program when `lenient`
    /// ([`polyfen_khet::parse_lenient`]: `/` ignored, pieces without a
    /// rotation dropped), reporting each repair.
    pub(crate) fn read(input: &str, lenient: bool, repairs: &mut Vec<Repair>) -> Result<KhetPosition, ParseError> {
        if lenient {
            let (setup, found) = parse_lenient(input)?;
            repairs.extend(found);
            Ok(KhetPosition::new(setup))
        } else {
            Ok(KhetPosition::new(input.parse()?))
        }
    }

    /// The playable position, or why the setup cannot be played.
    fn game(&self) -> Result<polyfen_khet::Position, RulesError> {
        polyfen_khet::Position::from_setup(&self.setup).map_err(|e| RulesError::IllegalPosition(e.to_string()))
    }

    /// The shot of `color`'s laser in this position; `None` fires the side
    /// to move's (the shot a move of that side would fire, if the move left
    /// the beam's path alone). To see the shot that ended the last move, ask
    /// for the other side's.
    ///
    /// # Errors
    ///
    /// [`RulesError::IllegalPosition`] when the setup breaks the rules (a
    /// missing or misplaced sphinx cannot fire).
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen::polyfen_khet::{CLASSIC, Pkn};
    /// use polyfen::{KhetPosition, LaserJson};
    ///
    /// let position = KhetPosition::new(CLASSIC.parse::<Pkn>()?);
    /// let laser = position.laser(None)?;
    /// assert_eq!(laser.to_string().lines().last(), Some("outcome: left the board at j8 going north"));
    /// let json = serde_json::to_string(&LaserJson::from(&laser))?;
    /// assert!(json.starts_with(r#"{"color":"silver","sphinx":"j1","direction":"north","beams":[{"start":"j1""#));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn laser(&self, color: Option<Color>) -> Result<Laser, RulesError> {
        let game = self.game()?;
        Ok(game.laser(color.unwrap_or(game.turn())))
    }

    /// The text diagram of [`Position::render`] with `laser` (from
    /// [`KhetPosition::laser`]) drawn on it, and the shot in words below.
    ///
    /// # Errors
    ///
    /// [`ConvertError::WrongStyle`] for a style other than `ascii`,
    /// `unicode` and `svg` (the SVG drawing has the beam but not the words).
    pub fn render_laser(&self, style: RenderStyle, laser: &Laser) -> Result<String, ConvertError> {
        let khet_style = match style {
            RenderStyle::Ascii => polyfen_khet::RenderStyle::Ascii,
            RenderStyle::Unicode => polyfen_khet::RenderStyle::Unicode,
            RenderStyle::Svg => return Ok(crate::svg::khet_with_laser(&self.setup, laser)),
            _ => return Err(ConvertError::WrongStyle { variant: VariantId::Khet, style }),
        };
        Ok(polyfen_khet::render_with_laser(&self.setup, khet_style, laser))
    }
}

/// The Khet rules of the facade's rule options.
fn rules(options: RuleOptions) -> Rules {
    Rules { swap_restriction: options.khet_swap_restriction, every_rotation: options.khet_every_rotation }
}

/// Checks that `notation` is Khet's.
fn khet_notation(notation: MoveNotation) -> Result<(), RulesError> {
    if notation == MoveNotation::Khet {
        Ok(())
    } else {
        Err(RulesError::WrongNotation { variant: VariantId::Khet, notation })
    }
}

/// A laser shot in JSON: who fired, each beam's squares, bounces and
/// outcome, and what the shot removes.
///
/// ```json
/// {"color":"silver","sphinx":"j1","direction":"west",
///  "beams":[{"start":"j1","direction":"west","path":["i1","h1","g1","f1"],"bounces":[],
///            "outcome":{"kind":"removed","square":"f1","piece":"A","facing":"n"}}],
///  "removed":[{"square":"f1","piece":"A","facing":"n"}],"pharaohs_lost":[]}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LaserJson {
    /// The side that fired: `silver` or `red`.
    pub color: String,
    /// The sphinx's square.
    pub sphinx: String,
    /// The way the sphinx fired: `north`, `east`, `south` or `west`.
    pub direction: String,
    /// The beams: the sphinx's first, then those an eye of Horus split off
    /// (each starting at its eye, going straight on).
    pub beams: Vec<BeamJson>,
    /// The pieces removed, each once.
    pub removed: Vec<PieceJson>,
    /// The sides whose pharaoh was removed (they lose).
    pub pharaohs_lost: Vec<String>,
}

/// One beam of a laser shot in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BeamJson {
    /// Where it starts (not part of `path`).
    pub start: String,
    /// The way it leaves `start`.
    pub direction: String,
    /// The squares it enters, in order, including the last.
    pub path: Vec<String>,
    /// Each mirror that turned it.
    pub bounces: Vec<BounceJson>,
    /// How it ends.
    pub outcome: OutcomeJson,
}

/// A bounce in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BounceJson {
    /// The mirror's square.
    pub square: String,
    /// The beam's direction before.
    pub from: String,
    /// The beam's direction after.
    pub to: String,
}

/// A piece on a square in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceJson {
    /// The square.
    pub square: String,
    /// The PKN letter.
    pub piece: String,
    /// The facing letter.
    pub facing: String,
}

/// How a beam ends, in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeJson {
    /// `left_board`, `absorbed`, `removed` or `repeats` (back at an eye of
    /// Horus the way an earlier beam crossed it).
    pub kind: String,
    /// The last square on the board, the absorbing or removed piece's
    /// square, or the eye's.
    pub square: String,
    /// For `left_board`, the way the beam went off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<String>,
    /// For `absorbed` and `removed`, the piece's PKN letter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// For `absorbed` and `removed`, the piece's facing letter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facing: Option<String>,
}

impl From<&Laser> for LaserJson {
    fn from(laser: &Laser) -> LaserJson {
        let beams = laser
            .beams
            .iter()
            .map(|beam| {
                let (kind, square, direction, piece) = match beam.end {
                    BeamEnd::LeftBoard { square, direction } => ("left_board", square, Some(direction), None),
                    BeamEnd::Absorbed { square, piece } => ("absorbed", square, None, Some(piece)),
                    BeamEnd::Removed { square, piece } => ("removed", square, None, Some(piece)),
                    BeamEnd::Repeats { square } => ("repeats", square, None, None),
                };
                BeamJson {
                    start: beam.start.to_string(),
                    direction: beam.direction.name().to_owned(),
                    path: beam.path.iter().map(ToString::to_string).collect(),
                    bounces: beam
                        .bounces
                        .iter()
                        .map(|b| BounceJson {
                            square: b.square.to_string(),
                            from: b.from.name().to_owned(),
                            to: b.to.name().to_owned(),
                        })
                        .collect(),
                    outcome: OutcomeJson {
                        kind: kind.to_owned(),
                        square: square.to_string(),
                        direction: direction.map(|d| d.name().to_owned()),
                        piece: piece.map(|p| (p.letter() as char).to_string()),
                        facing: piece.map(|p| (p.facing.letter() as char).to_string()),
                    },
                }
            })
            .collect();
        LaserJson {
            color: polyfen_khet::color_name(laser.color).to_owned(),
            sphinx: laser.sphinx.to_string(),
            direction: laser.direction.name().to_owned(),
            beams,
            removed: laser
                .removed()
                .into_iter()
                .map(|(square, piece)| PieceJson {
                    square: square.to_string(),
                    piece: (piece.letter() as char).to_string(),
                    facing: (piece.facing.letter() as char).to_string(),
                })
                .collect(),
            pharaohs_lost: laser.pharaohs_hit().into_iter().map(|c| polyfen_khet::color_name(c).to_owned()).collect(),
        }
    }
}

impl Position for KhetPosition {
    fn variant(&self) -> VariantId {
        VariantId::Khet
    }

    fn write_to(
        &self,
        notation: Notation,
        options: &WriteOptions,
        out: &mut String,
        _warnings: &mut Vec<String>,
    ) -> Result<(), ConvertError> {
        match notation {
            Notation::Pkn => self.setup.write(&PknOptions { canonical: options.canonical }, out),
            Notation::Json => {
                let json = serde_json::to_string(&JsonPosition::Khet(KhetJson::from_position(self, options.canonical)))
                    .map_err(|e| ConvertError::Json(e.to_string()))?;
                out.push_str(&json);
            }
            Notation::Fen | Notation::ShredderFen | Notation::Epd | Notation::XiangqiFen | Notation::XiangqiLegacy => {
                return Err(ConvertError::WrongVariant { variant: VariantId::Khet, notation });
            }
        }
        Ok(())
    }

    fn violations(&self) -> Vec<String> {
        self.setup.validate().iter().map(ToString::to_string).collect()
    }

    fn render(&self, style: RenderStyle) -> Result<String, ConvertError> {
        let style = match style {
            RenderStyle::Ascii => polyfen_khet::RenderStyle::Ascii,
            RenderStyle::Unicode => polyfen_khet::RenderStyle::Unicode,
            RenderStyle::Svg => return Ok(crate::svg::khet(&self.setup)),
            RenderStyle::Chinese | RenderStyle::ChineseTraditional => {
                return Err(ConvertError::WrongStyle { variant: VariantId::Khet, style });
            }
        };
        Ok(polyfen_khet::render(&self.setup, style))
    }

    /// Khet's legal moves: `h2g2` steps and swaps, `h2+` / `h2-`
    /// rotations. By default each distinct result once (no pharaoh turns,
    /// one turn per scarab or eye), as perft counts; with
    /// [`RuleOptions::khet_every_rotation`] every rotation.
    fn legal_moves(&self, notation: MoveNotation, options: &RuleOptions) -> Result<Vec<String>, RulesError> {
        khet_notation(notation)?;
        Ok(self.game()?.legal_moves(&rules(*options)).iter().map(ToString::to_string).collect())
    }

    /// Plays a Khet move (`h2g2`, `h2-g2`, `h2+`, `h2-`); any rotation the
    /// rules allow is accepted (a pharaoh's, either of a scarab's). The
    /// mover's laser then fires; the turn counter grows after red's move.
    fn play_with(
        &mut self,
        text: &str,
        write_as: MoveNotation,
        options: &RuleOptions,
        lenient: bool,
    ) -> Result<Played, RulesError> {
        khet_notation(write_as)?;
        let mut game = self.game()?;
        let rules = rules(*options);
        let move_error = |error: MoveError| RulesError::Move { index: 0, error };
        let mut repairs = Vec::new();
        let read = if lenient { Move::parse_lenient(text, &mut repairs) } else { Move::parse(text) };
        let mv = read.map_err(|e| move_error(MoveError::new(e.message, e.span)))?;
        if let Err(why) = game.play(mv, &rules) {
            let every = Rules { every_rotation: true, ..rules };
            let legal = game.legal_moves(&every);
            let mut candidates: Vec<String> =
                legal.iter().filter(|m| m.from() == mv.from()).map(ToString::to_string).collect();
            if candidates.is_empty()
                && let Move::Travel { to, .. } = mv
            {
                candidates = legal
                    .iter()
                    .filter(|m| matches!(m, Move::Travel { to: t, .. } if *t == to))
                    .map(ToString::to_string)
                    .collect();
            }
            return Err(move_error(MoveError::new(why, 0..text.len()).with_candidates(candidates)));
        }
        self.setup = game.to_setup();
        Ok(Played { text: mv.to_string(), repairs })
    }

    /// Khet perft, honouring [`RuleOptions::khet_swap_restriction`] and
    /// [`RuleOptions::khet_every_rotation`].
    fn perft(&self, depth: u32, options: &RuleOptions) -> Result<u64, RulesError> {
        Ok(polyfen_khet::perft(&self.game()?, depth, &rules(*options)))
    }

    fn divide(&self, depth: u32, notation: MoveNotation, options: &RuleOptions) -> Result<Vec<Divided>, RulesError> {
        khet_notation(notation)?;
        let divided = polyfen_khet::divide(&self.game()?, depth, &rules(*options));
        Ok(divided.into_iter().map(|(mv, nodes)| Divided { text: mv.to_string(), nodes }).collect())
    }

    fn perft_with(&self, depth: u32, options: &RuleOptions, control: &PerftControl) -> Result<u64, RulesError> {
        if control.is_plain() {
            return self.perft(depth, options);
        }
        let game = self.game()?;
        control.run(|watch| polyfen_khet::perft_watched(&game, depth, &rules(*options), watch))
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
        khet_notation(notation)?;
        let game = self.game()?;
        let divided = control.run(|watch| polyfen_khet::divide_watched(&game, depth, &rules(*options), watch))?;
        Ok(divided.into_iter().map(|(mv, nodes)| Divided { text: mv.to_string(), nodes }).collect())
    }

    fn perft_estimate(&self, depth: u32, options: &RuleOptions) -> Result<u64, RulesError> {
        Ok(polyfen_khet::perft_estimate(&self.game()?, depth, &rules(*options)))
    }

    /// [`GameStatus::PharaohLost`] once the laser has removed a pharaoh,
    /// else [`GameStatus::Ongoing`] (a Khet side always has a move).
    fn status(&self, _options: &RuleOptions) -> Result<GameStatus, RulesError> {
        Ok(match self.game()?.outcome() {
            Outcome::Ongoing => GameStatus::Ongoing,
            Outcome::PharaohLost(_) | Outcome::BothPharaohsLost => GameStatus::PharaohLost,
        })
    }

    fn to_json(&self) -> JsonPosition {
        JsonPosition::Khet(KhetJson::from_position(self, false))
    }
}
