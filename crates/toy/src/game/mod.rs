//! Toy as the layers above it see it: [`GamePosition`] (its notation, its
//! setups, its JSON form and schema, its diagrams and its rules),
//! [`Explain`] (its text part by part) and, in `record.rs`, its record
//! adapter.

mod record;

use core::fmt::Write as _;
use std::collections::BTreeMap;

use polyfen_core::{Color, ParseError, PerftTree, Repair};
use polyfen_game::detect::{Guess, Strength, TextShape};
use polyfen_game::explain::{Explain, Field, Geometry, MoveText, Part, SquareSyntax, side_part};
use polyfen_game::json::{at_key, at_value, board_map, side_to_move};
use polyfen_game::svg::{CELL, MARGIN, SquareBox};
use polyfen_game::tags::{GameTags, MoveTags, VariantTag};
use polyfen_game::{
    Divided, GamePosition, GameStatus, MoveError, MoveToPlay, PerftRun, Played, PositionText, RuleError, RuleOptions,
    WriteOptions,
};
use serde::{Deserialize, Serialize};

pub use record::ToyAdapter;

use crate::{KING_TAKEN, Move, Outcome, Piece, SETUPS, Square, ToySetup, Tree, color_name};

/// Toy's position notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToyNotation {
    /// Toy FEN: `kpppp/5/5/5/PPPPK w 1`.
    ToyFen,
}

/// Toy's move notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToyMoveNotation {
    /// Coordinates: `a1a2`.
    ToyUci,
}

/// A position of toy, as the layers above the game hold it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToyPosition {
    /// The board and the fields after it.
    pub setup: ToySetup,
}

polyfen_game::document! {
    /// A toy position in JSON.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct ToyJson read from ToyDocument {
        /// Square name (`a1` to `e5`) → piece letter (`KP` white, `kp`
        /// black), for occupied squares.
        #[serde(deserialize_with = "board_map")]
        pub board: BTreeMap<String, String>,
        /// `white` or `black`.
        pub side_to_move: String,
        /// The move number.
        pub move_number: u32,
    }
}

/// The end of a game whose king was taken.
const KING_TAKEN_STATUS: GameStatus = GameStatus::Ended(KING_TAKEN);

impl ToyPosition {
    fn status_now(&self) -> GameStatus {
        match crate::outcome(&self.setup) {
            Outcome::Ongoing => GameStatus::Ongoing,
            Outcome::KingTaken => KING_TAKEN_STATUS,
            Outcome::Stalemate => GameStatus::Stalemate,
        }
    }

    /// The legal move `text` is, or why it is none, with the legal moves
    /// of the same piece as candidates.
    fn legal_move(&self, text: &str) -> Result<Move, MoveError> {
        let Some(mv) = Move::parse(text) else {
            return Err(MoveError::new(
                format!("{text:?} is not a toy move (a square and a square: a1a2)"),
                0..text.len(),
            ));
        };
        let legal = crate::legal_moves(&self.setup);
        if legal.contains(&mv) {
            return Ok(mv);
        }
        let candidates = legal.iter().filter(|m| m.from == mv.from).map(ToString::to_string).collect();
        Err(MoveError::new(format!("{text} is not a legal move"), 0..text.len()).with_candidates(candidates))
    }
}

impl GamePosition for ToyPosition {
    const ID: &'static str = "toy";
    type Notation = ToyNotation;
    const NOTATIONS: &'static [ToyNotation] = &[ToyNotation::ToyFen];
    type MoveNotation = ToyMoveNotation;
    const MOVE_NOTATIONS: &'static [ToyMoveNotation] = &[ToyMoveNotation::ToyUci];
    const STYLES: &'static [&'static str] = &["ascii", "svg"];
    const SETUPS: &'static [(&'static str, &'static str)] = SETUPS;
    type Json = ToyJson;
    type Document = ToyDocument;
    const JSON_SCHEMA: &'static str = include_str!("position.schema.json");
    type Adapter = ToyAdapter;
    const ENDS: &'static [&'static str] = &[KING_TAKEN];
    const GAME_TAGS: GameTags = GameTags {
        variant: &[VariantTag::named("toy")],
        game: &["toy"],
        names: Some(("Variant", "Toy")),
        ..GameTags::NONE
    };
    const MOVE_TAGS: MoveTags<ToyMoveNotation> = MoveTags { default: Some(ToyMoveNotation::ToyUci), ..MoveTags::NONE };

    /// Sure: five rows, the widest five squares, none empty, and one or
    /// the two fields of toy FEN after them.
    fn guess(shape: &TextShape) -> Option<Guess<ToyNotation>> {
        let fields = (1..=2).contains(&shape.fields);
        (shape.rows() == 5 && shape.widest_row == 5 && !shape.empty_rows && fields && !shape.plus)
            .then_some(Guess::new(Strength::Sure, ToyNotation::ToyFen, None))
    }

    fn read(
        PositionText { input, .. }: PositionText<'_, ToyNotation>,
        _repairs: &mut Vec<Repair>,
    ) -> Result<ToyPosition, ParseError> {
        Ok(ToyPosition { setup: input.parse()? })
    }

    fn write_to(&self, _notation: ToyNotation, _options: &WriteOptions, out: &mut String, _warnings: &mut Vec<String>) {
        let _ = write!(out, "{}", self.setup);
    }

    fn violations(&self) -> Vec<String> {
        self.setup.validate().iter().map(ToString::to_string).collect()
    }

    fn pieces(&self) -> usize {
        self.setup.board.iter().flatten().count()
    }

    fn render(&self, style: &str) -> String {
        if style == "svg" { svg(&self.setup) } else { ascii(&self.setup) }
    }

    fn square_boxes() -> Vec<SquareBox> {
        polyfen_game::svg::boxes::<5, 5, b'1'>(MARGIN)
    }

    fn to_json(&self, _options: &WriteOptions) -> ToyJson {
        let board = Square::all()
            .filter_map(|sq| self.setup.board[sq.index()].map(|p| (sq.to_string(), (p.letter() as char).to_string())))
            .collect();
        ToyJson {
            board,
            side_to_move: color_name(self.setup.extras.turn).to_owned(),
            move_number: self.setup.extras.move_number,
        }
    }

    fn from_json(json: ToyJson, input: &str) -> Result<ToyPosition, ParseError> {
        let mut setup: ToySetup = "5/5/5/5/5 w 1".parse()?;
        for (name, letter) in &json.board {
            let square = Square::parse(name.as_bytes())
                .ok_or_else(|| at_key(input, &["board", name], format!("{name:?} is not a toy square (a1 to e5)")))?;
            let piece = match letter.as_bytes() {
                [b] => Piece::from_letter(*b),
                _ => None,
            }
            .ok_or_else(|| {
                at_value(input, &["board", name], format!("{letter:?} is not a toy piece letter (KP, kp)"))
            })?;
            setup.board[square.index()] = Some(piece);
        }
        setup.extras.turn = side_to_move(input, &json.side_to_move, &["white", "w"], &["black", "b"])?;
        if json.move_number == 0 {
            return Err(at_value(input, &["move_number"], "move_number 0 is not 1 or more".to_owned()));
        }
        setup.extras.move_number = json.move_number;
        Ok(ToyPosition { setup })
    }

    fn legal_moves(&self, _notation: ToyMoveNotation, _options: &RuleOptions) -> Result<Vec<String>, RuleError> {
        Ok(crate::legal_moves(&self.setup).iter().map(ToString::to_string).collect())
    }

    fn play_with(
        &mut self,
        MoveToPlay { text, .. }: MoveToPlay<'_, ToyMoveNotation>,
        _options: &RuleOptions,
    ) -> Result<Played, RuleError> {
        let mv = self.legal_move(text).map_err(|error| RuleError::Move { index: 0, error })?;
        crate::play(&mut self.setup, mv);
        Ok(Played { text: mv.to_string(), repairs: Vec::new() })
    }

    fn perft_with(&self, PerftRun { depth, control, .. }: PerftRun<'_>) -> Result<u64, RuleError> {
        control.perft(&Tree(self.setup.clone()), depth)
    }

    fn divide_with(&self, run: PerftRun<'_>, _notation: ToyMoveNotation) -> Result<Vec<Divided>, RuleError> {
        run.control.divide_written(&Tree(self.setup.clone()), run.depth, |mv| mv.to_string())
    }

    fn perft_estimate(&self, depth: u32, _options: &RuleOptions) -> Result<u64, RuleError> {
        Ok(Tree(self.setup.clone()).perft_estimate(depth))
    }

    fn status(&self, _options: &RuleOptions) -> Result<GameStatus, RuleError> {
        Ok(self.status_now())
    }
}

impl Explain for ToyPosition {
    fn geometry(&self) -> Geometry {
        Geometry::chess_like(5, 5)
    }

    fn piece_words(&self, file: u8, rank: u8) -> Option<String> {
        let square = Square::new(file, rank)?;
        self.setup.board[square.index()].map(Piece::words)
    }

    fn color_words(color: Color) -> &'static str {
        color_name(color)
    }

    fn field_parts(&self, field: Field<'_>, _notation: ToyNotation, _pieces: &[(u8, u8)], parts: &mut Vec<Part>) {
        let Field { input, start, end, index } = field;
        let part = |kind| Part::new(input, start, end, kind);
        let extras = self.setup.extras;
        parts.push(match index {
            1 => side_part::<ToyPosition>(part("side"), extras.turn),
            2 => part("move-number")
                .with(extras.move_number.to_string(), format!("The move number, {}.", extras.move_number)),
            _ => part("extra").with(field.text(), "A field after the last one toy FEN has."),
        });
    }

    fn move_parts(text: &str, _notation: ToyMoveNotation, coordinate: &str) -> Vec<Part> {
        MoveText::new(text, coordinate).coordinate_parts(SquareSyntax::default(), false, |_, _| None)
    }

    fn guess_move_notation(_text: &str) -> ToyMoveNotation {
        ToyMoveNotation::ToyUci
    }
}

/// The board in text, the top rank first, with coordinates.
fn ascii(setup: &ToySetup) -> String {
    let mut out = String::new();
    for rank in (0..5u8).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..5u8 {
            let piece = Square::new(file, rank).and_then(|sq| setup.board[sq.index()]);
            out.push(piece.map_or('.', |p| p.letter() as char));
            out.push(if file == 4 { '\n' } else { ' ' });
        }
    }
    out.push_str("  a b c d e\n");
    let _ = writeln!(out, "{} to move", color_name(setup.extras.turn));
    out
}

/// The board as an SVG drawing: squares, pieces as letters in discs,
/// coordinates.
fn svg(setup: &ToySetup) -> String {
    let side = 2 * MARGIN + 5 * CELL;
    let mut out = String::new();
    let title = format!("toy position, {} to move", color_name(setup.extras.turn));
    polyfen_game::svg::open(&mut out, side, side, &title);
    for b in polyfen_game::svg::boxes::<5, 5, b'1'>(MARGIN) {
        let square = Square::parse(b.name.as_bytes());
        let dark = square.is_some_and(|sq| (sq.file() + sq.rank()) % 2 == 0);
        let fill = if dark { "#b58863" } else { "#f0d9b5" };
        let _ = writeln!(out, "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>", b.x, b.y);
        let Some(piece) = square.and_then(|sq| setup.board[sq.index()]) else { continue };
        let (cx, cy) = (b.x + CELL / 2, b.y + CELL / 2);
        let (disc, ink) = if piece.color == Color::White { ("#fff", "#000") } else { ("#000", "#fff") };
        let letter = piece.letter() as char;
        let _ = writeln!(
            out,
            "<g class=\"piece\" data-square=\"{}\" data-piece=\"{letter}\"><circle cx=\"{cx}\" cy=\"{cy}\" r=\"18\" \
             fill=\"{disc}\" stroke=\"#000\"/><text x=\"{cx}\" y=\"{cy}\" font-size=\"22\" fill=\"{ink}\" \
             text-anchor=\"middle\" dominant-baseline=\"central\">{}</text></g>",
            b.name,
            letter.to_ascii_uppercase()
        );
    }
    for i in 0..5u8 {
        let at = MARGIN + i32::from(i) * CELL + CELL / 2;
        polyfen_game::svg::label(&mut out, at, side - MARGIN / 2, &((b'a' + i) as char).to_string());
        polyfen_game::svg::label(&mut out, MARGIN / 2, side - at, &(i + 1).to_string());
    }
    out.push_str("</svg>\n");
    out
}
