//! The Khet game as the layers above it see it ([`GamePosition`]): PKN,
//! Khet's moves, diagrams, the JSON form, explanations part by part, the
//! rules, perft and the laser; in game records, [`KhetAdapter`] (record.rs).

mod explain;
mod json;
mod record;
mod svg;

use polyfen_core::{Color, ParseError, Repair};
use polyfen_game::detect::{Guess, Strength, TextShape};
use polyfen_game::tags::{GameTags, MoveTags, VariantTag};
use polyfen_game::{
    Divided, Extra, ExtraAnswer, ExtraArgs, GamePosition, GameStatus, MoveError, MoveToPlay, PerftRun, Played,
    PositionText, RuleError, RuleOptions, Standing, Switch, WriteOptions,
};

pub use self::json::{BeamJson, BounceJson, KhetDocument, KhetJson, LaserJson, OutcomeJson, PieceJson};
pub use self::record::{KhetAdapter, KhetPos};
pub use self::svg::{svg, svg_with_laser};
use crate::{Laser, Move, Outcome, Pkn, PknOptions, Rules, color_name, parse_lenient};

/// The position notation of Khet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KhetNotation {
    /// Peterson Khet Notation: placement, rotations, side, turn counter.
    Pkn,
}

/// The move notation of Khet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KhetMoveNotation {
    /// Steps and swaps `h2g2`, rotations `h2+` (clockwise) and `h2-`
    /// (anticlockwise).
    Khet,
}

/// A Khet position as the layers above the rules hold it: the setup, every
/// piece with the facing it was read with.
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
    /// ([`crate::parse_lenient`]: `/` ignored, pieces without a
    /// rotation dropped), reporting each repair.
    fn read_pkn(input: &str, lenient: bool, repairs: &mut Vec<Repair>) -> Result<KhetPosition, ParseError> {
        if lenient {
            let (setup, found) = parse_lenient(input)?;
            repairs.extend(found);
            Ok(KhetPosition::new(setup))
        } else {
            Ok(KhetPosition::new(input.parse()?))
        }
    }

    /// The playable position, or why the setup cannot be played.
    fn game(&self) -> Result<crate::Position, RuleError> {
        crate::Position::from_setup(&self.setup).map_err(|e| RuleError::IllegalPosition(e.to_string()))
    }

    /// The shot of `color`'s laser in this position; `None` fires the side
    /// to move's (the shot a move of that side would fire, if the move left
    /// the beam's path alone). To see the shot that ended the last move, ask
    /// for the other side's.
    ///
    /// # Errors
    ///
    /// [`RuleError::IllegalPosition`] when the setup breaks the rules (a
    /// missing or misplaced sphinx cannot fire).
    ///
    /// # Examples
    ///
    /// ```
    /// use polyfen_khet::{CLASSIC, KhetPosition, LaserJson, Pkn};
    ///
    /// let position = KhetPosition::new(CLASSIC.parse::<Pkn>()?);
    /// let laser = position.laser(None)?;
    /// assert_eq!(laser.to_string().lines().last(), Some("outcome: left the board at j8 going north"));
    /// let json = serde_json::to_string(&LaserJson::from(&laser))?;
    /// assert!(json.starts_with(r#"{"color":"silver","sphinx":"j1","direction":"north","beams":[{"start":"j1""#));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn laser(&self, color: Option<Color>) -> Result<Laser, RuleError> {
        let game = self.game()?;
        Ok(game.laser(color.unwrap_or(game.turn())))
    }

    /// The diagram in `style` (one of [`GamePosition::STYLES`]) with
    /// `laser` (from [`KhetPosition::laser`]) drawn on it, and in text the
    /// shot in words below (the SVG drawing has the beam but not the
    /// words); `None` for a style Khet does not draw.
    #[must_use]
    pub fn render_laser(&self, style: &str, laser: &Laser) -> Option<String> {
        let khet_style = match style {
            "ascii" => crate::RenderStyle::Ascii,
            "unicode" => crate::RenderStyle::Unicode,
            "svg" => return Some(svg_with_laser(&self.setup, laser)),
            _ => return None,
        };
        Some(crate::render_with_laser(&self.setup, khet_style, laser))
    }
}

/// The laser, Khet's one extra: the shot of one side's sphinx.
const LASER: Extra = Extra { name: "laser", sides: &[color_name(Color::White), color_name(Color::Black)] };

/// The color a side's name (`silver`, `red`) names.
fn color_of(side: &str) -> Option<Color> {
    [Color::White, Color::Black].into_iter().find(|&color| color_name(color) == side)
}

/// Khet's option forbidding a scarab or eye swap that puts the other piece
/// on a square reserved against it.
pub const SWAP_RESTRICTION: Switch = Switch {
    name: "swap-restriction",
    help: "forbid a scarab or eye swap that puts the other piece on a square reserved against it",
};

/// Khet's option counting every rotation as its own move (by default a
/// move whose result another move already gives is counted once).
pub const EVERY_ROTATION: Switch = Switch {
    name: "every-rotation",
    help: "count every rotation as its own move, instead of each distinct result once",
};

/// The Khet rules of the rule options.
fn rules(options: RuleOptions) -> Rules {
    Rules {
        swap_restriction: options.switch(SWAP_RESTRICTION.name),
        every_rotation: options.switch(EVERY_ROTATION.name),
    }
}

impl GamePosition for KhetPosition {
    const ID: &'static str = "khet";
    type Notation = KhetNotation;
    const NOTATIONS: &'static [KhetNotation] = &[KhetNotation::Pkn];
    type MoveNotation = KhetMoveNotation;
    const MOVE_NOTATIONS: &'static [KhetMoveNotation] = &[KhetMoveNotation::Khet];
    const STYLES: &'static [&'static str] = &["ascii", "unicode", "svg"];
    const SETUPS: &'static [(&'static str, &'static str)] = crate::SETUPS;
    type Json = KhetJson;
    type Document = KhetDocument;
    const JSON_SCHEMA: &'static str = include_str!("position.schema.json");
    type Adapter = KhetAdapter;

    /// Sure: a second field of rotation letters (`n e s w`, more than
    /// one), a `0` (ten empty squares) in the placement, or 8 ranks most of
    /// which are 10 squares wide.
    fn guess(shape: &TextShape) -> Option<Guess<KhetNotation>> {
        let rows = shape.rows();
        let rotations = shape.second_len > 1 && shape.second_rotations;
        let ten_wide = rows == 8 && shape.ten_wide_rows * 2 > rows;
        (rotations || shape.ten_digit || ten_wide).then_some(Guess::new(Strength::Sure, KhetNotation::Pkn, None))
    }
    const GAME_TAGS: GameTags = GameTags {
        variant: &[VariantTag::named("khet")],
        game: &["khet"],
        setup: Some("Setup"),
        default_setup: "classic",
        names: Some(("Variant", "Khet")),
        ..GameTags::NONE
    };
    const MOVE_TAGS: MoveTags<KhetMoveNotation> = MoveTags { default: Some(KhetMoveNotation::Khet), ..MoveTags::NONE };
    const EXTRAS: &'static [Extra] = &[LASER];
    const RULE_SWITCHES: &'static [Switch] = &[SWAP_RESTRICTION, EVERY_ROTATION];

    fn read(
        PositionText { input, options, .. }: PositionText<'_, KhetNotation>,
        repairs: &mut Vec<Repair>,
    ) -> Result<KhetPosition, ParseError> {
        KhetPosition::read_pkn(input, options.lenient, repairs)
    }

    fn write_to(&self, _notation: KhetNotation, options: &WriteOptions, out: &mut String, _warnings: &mut Vec<String>) {
        self.setup.write(&PknOptions { canonical: options.canonical }, out);
    }

    fn square_boxes() -> Vec<polyfen_game::svg::SquareBox> {
        polyfen_game::svg::boxes::<10, 8, b'1'>(polyfen_game::svg::MARGIN)
    }

    fn violations(&self) -> Vec<String> {
        self.setup.validate().iter().map(ToString::to_string).collect()
    }

    fn pieces(&self) -> usize {
        self.setup.board.iter().flatten().count()
    }

    fn render(&self, style: &str) -> String {
        match style {
            "svg" => svg(&self.setup),
            "unicode" => crate::render(&self.setup, crate::RenderStyle::Unicode),
            _ => crate::render(&self.setup, crate::RenderStyle::Ascii),
        }
    }

    fn to_json(&self, options: &WriteOptions) -> KhetJson {
        KhetJson::from_position(self, options.canonical)
    }

    fn from_json(json: KhetJson, input: &str) -> Result<KhetPosition, ParseError> {
        json.into_position(input)
    }

    /// Khet's legal moves: `h2g2` steps and swaps, `h2+` / `h2-`
    /// rotations. By default each distinct result once (no pharaoh turns,
    /// one turn per scarab or eye), as perft counts; with
    /// [`EVERY_ROTATION`] every rotation.
    fn legal_moves(&self, _notation: KhetMoveNotation, options: &RuleOptions) -> Result<Vec<String>, RuleError> {
        Ok(self.game()?.legal_moves(&rules(*options)).iter().map(ToString::to_string).collect())
    }

    /// Plays a Khet move (`h2g2`, `h2-g2`, `h2+`, `h2-`); any rotation the
    /// rules allow is accepted (a pharaoh's, either of a scarab's). The
    /// mover's laser then fires; the turn counter grows after red's move.
    fn play_with(
        &mut self,
        MoveToPlay { text, lenient, .. }: MoveToPlay<'_, KhetMoveNotation>,
        options: &RuleOptions,
    ) -> Result<Played, RuleError> {
        let mut game = self.game()?;
        let rules = rules(*options);
        let move_error = |error: MoveError| RuleError::Move { index: 0, error };
        let mut repairs = Vec::new();
        let read = if lenient { Move::parse_lenient(text, &mut repairs) } else { Move::parse(text) };
        let mv = read.map_err(|e| move_error(MoveError::new(e.kind, e.span)))?;
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

    /// Khet perft, honouring [`SWAP_RESTRICTION`] and [`EVERY_ROTATION`].
    fn perft_with(&self, PerftRun { depth, options, control }: PerftRun<'_>) -> Result<u64, RuleError> {
        let game = self.game()?;
        if control.is_plain() {
            return Ok(crate::perft(&game, depth, &rules(*options)));
        }
        control.run(|watch| crate::perft_watched(&game, depth, &rules(*options), watch))
    }

    fn divide_with(&self, run: PerftRun<'_>, _notation: KhetMoveNotation) -> Result<Vec<Divided>, RuleError> {
        let game = self.game()?;
        let divided = if run.control.is_plain() {
            crate::divide(&game, run.depth, &rules(*run.options))
        } else {
            run.control.run(|watch| crate::divide_watched(&game, run.depth, &rules(*run.options), watch))?
        };
        Ok(divided.into_iter().map(|(mv, nodes)| Divided { text: mv.to_string(), nodes }).collect())
    }

    fn perft_estimate(&self, depth: u32, options: &RuleOptions) -> Result<u64, RuleError> {
        Ok(crate::perft_estimate(&self.game()?, depth, &rules(*options)))
    }

    /// [`GameStatus::PharaohLost`] once the laser has removed a pharaoh,
    /// else [`GameStatus::Ongoing`] (a Khet side always has a move).
    fn status(&self, _options: &RuleOptions) -> Result<GameStatus, RuleError> {
        Ok(self.game()?.outcome().into())
    }

    /// The status with its result: the side whose pharaoh the laser
    /// removed loses (both removed: the position alone does not say whose
    /// laser fired, so no result is given).
    fn standing(&self, _options: &RuleOptions) -> Result<Standing, RuleError> {
        let outcome = self.game()?.outcome();
        let mut standing = Standing::new(outcome.into());
        if let crate::Outcome::PharaohLost(loser) = outcome {
            standing.result = Some(if loser == polyfen_core::Color::White { "0-1" } else { "1-0" });
        }
        Ok(standing)
    }

    fn extra(&self, name: &str, args: &ExtraArgs<'_>) -> Result<ExtraAnswer, RuleError> {
        if name != LASER.name {
            return Err(RuleError::Unsupported("such extra"));
        }
        let color = match args.side {
            None => None,
            Some(side) => Some(color_of(side).ok_or(RuleError::Unsupported("such side"))?),
        };
        let shot = self.laser(color)?;
        let json = serde_json::to_string(&LaserJson::from(&shot)).map_err(|e| RuleError::Limit(e.to_string()))?;
        let removed = shot.removed().iter().map(|(square, _)| square.to_string()).collect();
        let diagram = args.style.and_then(|style| self.render_laser(style, &shot));
        Ok(ExtraAnswer::new(color_name(shot.color), shot.to_string(), json).with_diagram(diagram).with_removed(removed))
    }
}

/// The game's state, as the rules and the game records tell it.
impl From<Outcome> for GameStatus {
    fn from(outcome: Outcome) -> GameStatus {
        match outcome {
            Outcome::Ongoing => GameStatus::Ongoing,
            Outcome::PharaohLost(_) | Outcome::BothPharaohsLost => GameStatus::PharaohLost,
        }
    }
}
