//! Upper bounds of the answer an input gets, estimated from its reading
//! before the work, in bytes of JSON (the item with its `ok` or `error`
//! wrapper and the comma after it). What a game's answers take is measured
//! here, once per game, the first time an estimate asks ([`Measured`]), from
//! what the game says of itself through the facade: its setups and the
//! positions of seeded random games from them, its board's squares, its JSON
//! form, its drawings and its moves; no game declares a size. The tests
//! check each bound against the real answers of many positions of every
//! game.

use std::sync::{LazyLock, OnceLock};

use polyfen::extras::ExtraArgs;
use polyfen::{AnyPosition, MoveNotation, Position, ReadOptions, Reading, RenderStyle, RuleOptions, VariantId};
use serde_json::Value;
use strum::IntoEnumIterator;

/// What an item adds around its diagram or moves: the keys, the notation
/// and variant ids, an error's message.
const ITEM: u64 = 512;

/// The plies of each seeded random game played from a setup for
/// [`Measured`], and the games played from each.
const PLIES: usize = 60;
const GAMES: u64 = 1;

/// The most positions of random games sampled for one game: a game of many
/// rules variants (the games defined as data) plays fewer plies from each
/// setup, at least [`FEWEST_PLIES`].
const MOST_SAMPLES: usize = 600;
const FEWEST_PLIES: usize = 4;

/// The most sampled positions drawn and whose moves are written, spread
/// over the samples.
const MEASURED: usize = 64;

/// The size of a diagram in one style as a JSON string: the empty board's,
/// and what each piece adds at most.
#[derive(Clone, Copy, Debug)]
struct Linear {
    style: RenderStyle,
    board: u64,
    piece: u64,
}

impl Linear {
    fn bytes(&self, pieces: u64) -> u64 {
        self.board + self.piece * pieces
    }
}

/// What the estimates know of one game, measured from the game's own
/// answers.
#[derive(Debug)]
struct Measured {
    /// The squares of the board ([`VariantId::square_boxes`]).
    squares: u64,
    /// Each style's diagram: the largest drawing of an empty board (each
    /// setup's JSON form with its fields keyed by square emptied), and the
    /// most one piece adds to it: each piece seen in the setups and their
    /// games (with the codec's promotion markers, `+P` and `Q~`, where the
    /// game takes them), drawn alone on every square, and each sampled
    /// position's drawing shared out among its pieces, those off the board
    /// (a hand, a pocket) among them.
    diagrams: Vec<Linear>,
    /// For each extra of the game, the most bytes its SVG drawing adds
    /// over the board's per byte of its answer in words (the laser's beams
    /// follow the squares its words name), twice the most measured on the
    /// samples.
    extras: Vec<(&'static str, u64)>,
}

/// What the estimates know of one game's moves, measured on its samples.
#[derive(Debug)]
struct MovesMeasured {
    /// The most legal moves of a sampled position.
    most_moves: u64,
    /// The bytes of the longest move of a sampled position in each move
    /// notation of the game, as a JSON string.
    longest: Vec<(MoveNotation, u64)>,
}

/// What an endpoint's estimates need measured of every game before they
/// are asked ([`ready`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Needs {
    /// Nothing.
    Nothing,
    /// The games' moves ([`MovesMeasured`]).
    Moves,
    /// The games' drawings ([`Measured`]).
    Drawings,
}

/// Each game's measures, once made: its samples, its drawings, its moves.
struct Measures {
    samples: OnceLock<Vec<AnyPosition>>,
    drawings: OnceLock<Measured>,
    moves: OnceLock<MovesMeasured>,
}

static MEASURES: LazyLock<Vec<Measures>> = LazyLock::new(|| {
    VariantId::iter()
        .map(|_| Measures { samples: OnceLock::new(), drawings: OnceLock::new(), moves: OnceLock::new() })
        .collect()
});

/// The measures of `variant`, their parts made the first time they are
/// asked for (a few milliseconds of a release build; by the first request
/// that needs them, see [`ready`]).
fn measures(variant: VariantId) -> &'static Measures {
    let index = VariantId::iter().position(|listed| listed == variant).unwrap_or_default();
    &MEASURES[index]
}

/// The samples of `variant` ([`samples`]), made once.
fn sampled(variant: VariantId) -> &'static [AnyPosition] {
    measures(variant).samples.get_or_init(|| samples(variant))
}

/// The drawings' measures of `variant`.
fn measured(variant: VariantId) -> &'static Measured {
    measures(variant).drawings.get_or_init(|| measure(variant, sampled(variant)))
}

/// The moves' measures of `variant`.
fn moves_measured(variant: VariantId) -> &'static MovesMeasured {
    measures(variant).moves.get_or_init(|| measure_moves(variant, sampled(variant)))
}

/// Makes the measures `needs` of every game, if they are not made yet, on
/// a thread of the blocking pool: an endpoint awaits this before it asks
/// an estimate from the runtime's threads, which must not measure.
#[cfg(feature = "service")]
pub(crate) async fn ready(needs: Needs) {
    if !made(needs) {
        let _ = tokio::task::spawn_blocking(move || ready_now(needs)).await;
    }
}

/// Whether the measures `needs` of every game are made.
fn made(needs: Needs) -> bool {
    MEASURES.iter().all(|m: &Measures| match needs {
        Needs::Nothing => true,
        Needs::Moves => m.moves.get().is_some(),
        Needs::Drawings => m.drawings.get().is_some(),
    })
}

/// Makes the measures `needs` of every game, if they are not made yet, on
/// this thread.
pub(crate) fn ready_now(needs: Needs) {
    if made(needs) {
        return;
    }
    for variant in VariantId::iter() {
        match needs {
            Needs::Nothing => {}
            Needs::Moves => {
                moves_measured(variant);
            }
            Needs::Drawings => {
                measured(variant);
            }
        }
    }
}

/// The positions a game's measures are taken on: each setup (each rules
/// variant's too, under its rules) and the positions of seeded random
/// games played from it.
fn samples(variant: VariantId) -> Vec<AnyPosition> {
    let own = variant.setups().iter().map(|&(_, text)| (text, ReadOptions::default()));
    let all_rules = variant.rules();
    let rules = all_rules.iter().flat_map(|rules| {
        rules.setups.iter().map(|&(_, text)| (text, ReadOptions::default().with_rules(Some(rules.id))))
    });
    let starts: Vec<AnyPosition> = own
        .chain(rules)
        .filter_map(|(text, options)| polyfen::read(text, Some(variant.default_notation()), &options).ok())
        .map(|reading| reading.position)
        .collect();
    let mut samples = starts.clone();
    let Some(&notation) = variant.move_notations().first() else { return samples };
    let options = RuleOptions::default();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let plies = PLIES.min((MOST_SAMPLES / starts.len().max(1)).max(FEWEST_PLIES));
    for start in &starts {
        for _ in 0..GAMES {
            let mut position = start.clone();
            for _ in 0..plies {
                let Ok(moves) = position.legal_moves(notation, &options) else { break };
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let pick = &moves[usize::try_from(seed >> 33).unwrap_or_default() % moves.len()];
                if position.play(pick, notation, &options).is_err() {
                    break;
                }
                samples.push(position.clone());
            }
        }
    }
    samples
}

/// The names of the fields of the JSON form `json` that are keyed by
/// square (the board, Khet's facings): objects all of whose keys are
/// among `squares`.
fn square_fields(json: &Value, squares: &[String]) -> Vec<String> {
    let Some(object) = json.as_object() else { return Vec::new() };
    object
        .iter()
        .filter(|(_, value)| {
            value.as_object().is_some_and(|keyed| {
                !keyed.is_empty() && keyed.keys().all(|key| squares.iter().any(|square| square == key))
            })
        })
        .map(|(name, _)| name.clone())
        .collect()
}

/// `json` with the fields `fields` emptied: the same position without the
/// pieces on its board.
fn emptied(json: &Value, fields: &[String]) -> Value {
    let mut json = json.clone();
    for field in fields {
        json[field.as_str()] = Value::Object(serde_json::Map::new());
    }
    json
}

/// The position of the JSON form `json`, if it is one.
fn position_of(json: Value) -> Option<AnyPosition> {
    serde_json::from_value(json).ok()
}

/// The bytes of `position`'s diagram in `style` as a JSON string.
fn drawn(position: &AnyPosition, style: RenderStyle) -> u64 {
    position.render(style).map_or(0, |diagram| escaped(diagram.as_bytes()) + 2)
}

/// A piece: its value in each field keyed by square (its letter on the
/// board, Khet's facing).
type Piece = Vec<(String, Value)>;

/// Each piece of the JSON forms `forms`, once, and each with a promotion
/// marker of the codec (`+P`, `Q~`), which the game may or may not take.
fn pieces_seen(forms: &[Value], fields: &[String], squares: &[String]) -> Vec<Piece> {
    let mut pieces: Vec<Piece> = Vec::new();
    for form in forms {
        for square in squares {
            let piece: Piece = fields
                .iter()
                .filter_map(|field| form[field.as_str()].get(square).map(|value| (field.clone(), value.clone())))
                .collect();
            if !piece.is_empty() && !pieces.contains(&piece) {
                pieces.push(piece);
            }
        }
    }
    let marked: Vec<Piece> = pieces
        .iter()
        .flat_map(|piece| {
            (0..piece.len()).flat_map(move |i| {
                let letter = piece[i].1.as_str().unwrap_or_default().to_owned();
                [format!("+{letter}"), format!("{letter}~")].into_iter().map(move |text| {
                    let mut piece = piece.clone();
                    piece[i].1 = Value::String(text);
                    piece
                })
            })
        })
        .collect();
    pieces.extend(marked);
    pieces
}

/// The step between the samples drawn and whose moves are written: at
/// most [`MEASURED`] of them.
fn step(samples: &[AnyPosition]) -> usize {
    samples.len().div_ceil(MEASURED).max(1)
}

/// Measures the drawings of `variant` on its samples.
fn measure(variant: VariantId, samples: &[AnyPosition]) -> Measured {
    // the setups, and at most [`MEASURED`] of the positions of their games
    let setups = variant.setups().len() + variant.rules().iter().map(|rules| rules.setups.len()).sum::<usize>();
    let every = step(samples);
    let samples: Vec<AnyPosition> =
        samples.iter().enumerate().filter(|&(i, _)| i < setups || i % every == 0).map(|(_, p)| p.clone()).collect();
    let samples = samples.as_slice();
    let boxes = variant.square_boxes();
    let squares: Vec<String> = boxes.iter().map(|square| square.name.clone()).collect();
    let mut shapes: Vec<String> = Vec::new();
    let mut seen: Vec<(usize, usize, usize)> = Vec::new();
    for square in &boxes {
        let shape = (square.x.to_string().len(), square.y.to_string().len(), square.name.len());
        if !seen.contains(&shape) {
            seen.push(shape);
            shapes.push(square.name.clone());
        }
    }
    let forms: Vec<Value> = samples.iter().map(|position| serde_json::to_value(position).unwrap_or_default()).collect();
    let fields: Vec<String> = {
        let mut fields: Vec<String> = forms.iter().flat_map(|form| square_fields(form, &squares)).collect();
        fields.sort();
        fields.dedup();
        fields
    };
    let pieces = pieces_seen(&forms, &fields, &squares);
    // each sample without the pieces on its board (those off it kept)
    let empties: Vec<Option<AnyPosition>> = forms.iter().map(|form| position_of(emptied(form, &fields))).collect();
    let base = forms.first().map(|form| emptied(form, &fields));
    let diagrams = variant
        .styles()
        .iter()
        .map(|&style| {
            // the empty boards with nothing off them either: the setups',
            // and the samples'
            let board = empties
                .iter()
                .flatten()
                .filter(|empty| empty.pieces() == 0)
                .map(|empty| drawn(empty, style))
                .max()
                .unwrap_or_default();
            let mut piece = 0;
            // each sampled position's drawing shared out among its pieces,
            // and its pieces off the board among themselves
            // (a board's pieces measured against that board emptied: a game
            // whose rules are data has boards of many sizes)
            for (position, empty) in samples.iter().zip(&empties) {
                let count = position.pieces() as u64;
                piece = piece.max(drawn(position, style).saturating_sub(board).div_ceil(count.max(1)));
                if let Some(empty) = empty {
                    let off = empty.pieces() as u64;
                    piece = piece.max(drawn(empty, style).saturating_sub(board).div_ceil(off.max(1)));
                    let on = count.saturating_sub(off);
                    let own = drawn(empty, style);
                    piece = piece.max(drawn(position, style).saturating_sub(own).div_ceil(on.max(1)));
                }
            }
            // the first piece alone on every square, and each piece on one
            // square of each shape of the drawing's coordinates (the digits
            // of its place and the letters of its name, all a piece's
            // drawing takes of its square)
            if let Some(base) = &base {
                let own = position_of(base.clone()).map_or(board, |empty| drawn(&empty, style));
                for (i, one) in pieces.iter().enumerate() {
                    let on: &[String] = if i == 0 { &squares } else { &shapes };
                    for square in on {
                        let mut json = base.clone();
                        for (field, value) in one {
                            json[field.as_str()] = serde_json::json!({ square.as_str(): value });
                        }
                        if let Some(position) = position_of(json) {
                            piece = piece.max(drawn(&position, style).saturating_sub(own));
                        }
                    }
                }
            }
            // in an SVG, each setup's own pieces alone on its own board
            // emptied: a game whose rules are data draws some pieces with
            // faces of their own (a kanji's outline is longer than a
            // letter), which the first sample's board may not have (the
            // other samples are positions of the setups' games)
            if style == RenderStyle::Svg {
                for (form, empty) in forms.iter().zip(&empties).take(setups) {
                    let Some(empty) = empty else { continue };
                    let own = drawn(empty, style);
                    let bare = emptied(form, &fields);
                    for one in pieces_seen(std::slice::from_ref(form), &fields, &squares) {
                        // on a square of each shape: a face's outline is
                        // drawn at the square's place, its digits with it
                        for square in &shapes {
                            let mut json = bare.clone();
                            for (field, value) in &one {
                                json[field.as_str()] = serde_json::json!({ square.as_str(): value });
                            }
                            if let Some(position) = position_of(json) {
                                piece = piece.max(drawn(&position, style).saturating_sub(own));
                            }
                        }
                    }
                }
            }
            Linear { style, board, piece }
        })
        .collect();
    let extras = measure_extras(variant, samples);
    Measured { squares: squares.len() as u64, diagrams, extras }
}

/// Measures the moves of `variant` on its samples.
fn measure_moves(variant: VariantId, samples: &[AnyPosition]) -> MovesMeasured {
    let step = step(samples);
    let options = RuleOptions::default();
    let mut most_moves = 0;
    let mut longest: Vec<(MoveNotation, u64)> = variant.move_notations().iter().map(|&n| (n, 0)).collect();
    for position in samples.iter().step_by(step) {
        for (notation, most) in &mut longest {
            let Ok(moves) = position.legal_moves(*notation, &options) else { continue };
            most_moves = most_moves.max(moves.len() as u64);
            for text in &moves {
                *most = (*most).max(escaped(text.as_bytes()) + 2);
            }
        }
    }
    MovesMeasured { most_moves, longest }
}

/// For each extra of `variant`, the most bytes its drawing adds per byte of
/// its words, twice the most measured on the samples.
fn measure_extras(variant: VariantId, samples: &[AnyPosition]) -> Vec<(&'static str, u64)> {
    variant
        .extras()
        .iter()
        .map(|extra| {
            let mut most = 0;
            for position in samples {
                let plain = drawn(position, RenderStyle::Svg);
                for &side in extra.sides {
                    let args = ExtraArgs::default().with_side(Some(side)).with_style(Some("svg"));
                    let Ok(answer) = position.extra(extra.name, &args) else { continue };
                    let added = answer.diagram.map_or(0, |d| escaped(d.as_bytes()) + 2).saturating_sub(plain);
                    most = most.max(added.div_ceil(escaped(answer.text.as_bytes()).max(1)));
                }
            }
            (extra.name, 2 * most)
        })
        .collect()
}

/// The bytes of a diagram of `variant` in `style` with `pieces` pieces, as
/// a JSON string; 0 for a style the game does not draw (the item is an
/// error).
fn diagram(variant: VariantId, style: RenderStyle, pieces: u64) -> u64 {
    let drawing =
        measured(variant).diagrams.iter().find(|linear| linear.style == style).map_or(0, |linear| linear.bytes(pieces));
    // an SVG answer says where each square is: a name and three numbers
    let squares = if style == RenderStyle::Svg { SQUARE_BYTES * measured(variant).squares } else { 0 };
    drawing + squares
}

/// The most bytes one square of a `render` answer's `squares` takes:
/// `{"name":"p16","x":-1234,"y":-1234,"size":1234},`.
const SQUARE_BYTES: u64 = 64;

/// A `render` item.
pub(crate) fn render(reading: &Reading, style: RenderStyle) -> u64 {
    let variant = reading.position.variant();
    ITEM + diagram(variant, style, reading.position.pieces() as u64)
}

/// The memory held for a `render` item in `style` before its work: a board
/// of the largest game full of pieces (a position with more, in hand, is
/// still held to the reply budget by its own [`render`]).
pub(crate) fn render_most(style: RenderStyle) -> usize {
    let most =
        VariantId::iter().map(|variant| diagram(variant, style, measured(variant).squares)).max().unwrap_or_default();
    usize::try_from(ITEM + most).unwrap_or(usize::MAX)
}

/// The bytes of the longest move of `variant` in `notation` (in every
/// notation of the game for `None`), as a JSON string: twice the longest
/// measured, for the marks a notation adds only now and then (a
/// disambiguation, a promotion declined).
fn longest_move(variant: VariantId, notation: Option<MoveNotation>) -> u64 {
    let longest = moves_measured(variant).longest.iter().filter(|(n, _)| notation.is_none_or(|asked| asked == *n));
    2 * longest.map(|&(_, bytes)| bytes).max().unwrap_or_default()
}

/// The bytes of one move of `variant` in a `moves` answer: its longest
/// move text with the comma of JSON, and at least 24 (a `divide` answer,
/// bounded as twice a `moves` one, writes each move's count beside it).
fn move_bytes(variant: VariantId) -> u64 {
    (longest_move(variant, None) + 1).max(24)
}

/// A `moves` item: the legal moves, counted (perft 1) but not written.
pub(crate) fn moves(reading: &Reading, options: RuleOptions) -> u64 {
    let count = reading.position.perft(1, &options).unwrap_or(0);
    ITEM + move_bytes(reading.position.variant()) * count
}

/// The memory held for a `moves` item before its work: four times the
/// most moves of a sampled position of any game, each as long as the
/// game's longest (a position with more is still held to the reply budget
/// by its own count, [`moves`]).
pub(crate) fn moves_most() -> usize {
    let most = VariantId::iter()
        .map(|variant| move_bytes(variant) * 4 * moves_measured(variant).most_moves)
        .max()
        .unwrap_or_default();
    usize::try_from(ITEM + most).unwrap_or(usize::MAX)
}

/// An item of the extra `name` (`laser`) asked for `side` with an SVG
/// diagram: its answer in words and the squares it removes, asked of the
/// extra without a drawing (the laser's trace, without the drawing's
/// work), and the drawing: the board's ([`diagram`]) and what the extra
/// draws over it, at most [`Measured::extras`] bytes per byte of its words.
pub(crate) fn extra(reading: &Reading, name: &str, side: Option<&str>) -> u64 {
    let args = ExtraArgs::default().with_side(side);
    let Ok(answer) = reading.position.extra(name, &args) else { return ITEM };
    let variant = reading.position.variant();
    let words = escaped(answer.text.as_bytes()) + 2;
    let removed: u64 = answer.removed.iter().map(|square| escaped(square.as_bytes()) + 3).sum();
    let per_word = measured(variant).extras.iter().find(|(extra, _)| *extra == name).map_or(0, |&(_, most)| most);
    ITEM + words + removed + diagram(variant, RenderStyle::Svg, reading.position.pieces() as u64) + per_word * words
}

/// The memory held for an item of the extra `name` before its work: the
/// largest SVG drawing of a full board, twice (the board, with what the
/// extra draws over it and says in words).
pub(crate) fn extra_most(name: &str) -> usize {
    let _ = name;
    render_most(RenderStyle::Svg).saturating_mul(2)
}

/// An `explain` answer for a text of `bytes` bytes: the parts (about 20 KB
/// for a board, 45 KB for a full one, two or three bytes per byte of a
/// long field) and the position in every notation of its game.
pub(crate) fn explain(bytes: usize) -> u64 {
    96 * 1024 + 6 * bytes as u64
}

/// The perft nodes of one input: the library's estimate (exact to depth 2,
/// within a factor of two deeper); a position that cannot be counted costs
/// nothing (it is answered with its error).
pub(crate) fn perft(reading: &Reading, depth: u32, options: RuleOptions) -> u64 {
    reading.position.perft_estimate(depth, &options).unwrap_or(0)
}

/// The bytes of `text` inside a JSON string: a quote, a backslash or a
/// short control character (`\n`) takes two, another control character
/// (`\u0001`) six.
pub(crate) fn escaped(text: &[u8]) -> u64 {
    text.iter()
        .map(|&b| match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 2,
            0..0x20 | 0x7f => 6,
            _ => 1,
        })
        .sum()
}

/// How many squares (`e4`: a file letter and a rank digit) `text` names.
fn squares(text: &[u8]) -> usize {
    text.windows(2).filter(|pair| pair[0].is_ascii_lowercase() && pair[1].is_ascii_digit()).count()
}

/// What one game of `games/convert` adds besides its text and its moves:
/// the keys, its variant, notation, result and status, its start and end
/// positions, or an error's message in its place.
const GAME: u64 = 1_024 + 2 * POSITION;

/// An error about a move names the legal moves it may have meant: at most
/// a few hundred moves (218 is chess's most), of at most 15 bytes each (a
/// Chinese move) with their commas.
const CANDIDATES: u64 = 256 * 18;

/// One move of a game: its node in the tree (`{"move":"","coordinates":""},`,
/// 29 bytes) and its place in the main line (`"",`), or its move number and
/// text in PGN; the move written twice and its coordinates once. A move asked
/// in `moves` is at most as long as its notation's longest
/// ([`longest_move`]); one written in the notation it was read in (no
/// notation asked) at most 8 bytes longer than its text `quoted` (the
/// marks a writer adds: a capture, a check, a promotion's `=`, KIF's
/// origin square), and its coordinates at most two square names and two
/// bytes more (a promotion, a drop's piece), with their quotes: known
/// without measuring any game.
fn game_move(moves: Option<MoveNotation>, quoted: u64) -> u64 {
    static COORDINATES: LazyLock<u64> = LazyLock::new(|| {
        let longest_square = VariantId::iter()
            .flat_map(|variant| variant.square_boxes().into_iter().map(|square| square.name.len() as u64))
            .max()
            .unwrap_or_default();
        2 * longest_square + 4
    });
    let Some(notation) = moves else { return 32 + 2 * (quoted + 8) + *COORDINATES };
    let game = notation.variant();
    32 + 2 * longest_move(game, Some(notation)) + longest_move(game, game.move_notations().first().copied())
}

/// The longest position in its game's own notation as a JSON string with
/// its comma: Khet's PKN with a rotation per piece and large counters.
const POSITION: u64 = 200;

/// A repair of a lenient reading (`read 'f6' as 'exf6'`), with its line
/// and column, besides the move text it quotes.
const REPAIR: u64 = 128;

/// An upper bound of a `games/convert` answer, added up from what a game
/// record holds before any move is played: the games, their moves, and the
/// text they carry over to the answer (tags, comments, escaped as JSON).
/// The PGN reader's pass over the text feeds it ([`GamesBound::visitor`]);
/// record files' games feed it from their model ([`GamesBound::game_model`]).
#[derive(Clone, Debug)]
pub(crate) struct GamesBound {
    /// The answer asks for each game's positions.
    pub(crate) positions: bool,
    /// The moves are read leniently (each may be repaired).
    pub(crate) lenient: bool,
    /// The notation the moves are written in, if one is asked for.
    notation: Option<MoveNotation>,
    /// The games counted.
    pub(crate) games: usize,
    /// The moves counted, variations included.
    pub(crate) moves: usize,
    /// The bound so far, in bytes.
    pub(crate) bytes: u64,
    /// The longest move text of the game being read: an error may quote it.
    longest: u64,
    /// The game being read has a move.
    moved: bool,
}

impl GamesBound {
    /// A bound of nothing yet, for an answer with the moves written in
    /// `moves` (by default the notation each PGN game is written in, which
    /// may be any notation of any game).
    pub(crate) fn new(positions: bool, lenient: bool, moves: Option<MoveNotation>) -> GamesBound {
        GamesBound { positions, lenient, notation: moves, games: 0, moves: 0, bytes: 16, longest: 0, moved: false }
    }

    fn add(&mut self, bytes: u64) {
        self.bytes = self.bytes.saturating_add(bytes);
    }

    /// A game begins.
    pub(crate) fn begin_game(&mut self) {
        self.games += 1;
        self.longest = 0;
        self.moved = false;
        self.add(GAME);
    }

    /// A tag: in the JSON form as a pair, in PGN with its quotes escaped
    /// again. A FEN tag is read leniently by the game's reader, each
    /// repair reported (here read as each notation it may be read as, the
    /// most repairs counted), or it cannot be read and an error quotes it.
    pub(crate) fn tag(&mut self, name: &str, value: &str) {
        let text = escaped(name.as_bytes()) + escaped(value.as_bytes());
        self.add(16 + 2 * text);
        if name.eq_ignore_ascii_case("FEN") {
            // no notation, then each game's own (as the game's reader reads it)
            let repairs = std::iter::once(None)
                .chain(VariantId::iter().map(|variant| Some(variant.default_notation())))
                .filter_map(|from| polyfen::read(value, from, &ReadOptions::lenient(true)).ok())
                .map(|reading| {
                    reading.repairs.iter().map(|repair| REPAIR + 2 * escaped(repair.message.as_bytes())).sum::<u64>()
                })
                .max()
                .unwrap_or_default();
            self.add(512 + 8 * escaped(value.as_bytes()) + repairs);
        }
    }

    /// A move written as `text`.
    pub(crate) fn mv(&mut self, text: &str) {
        if !self.moved {
            // a game with a move may fail on one, naming the candidates
            self.moved = true;
            self.add(CANDIDATES);
        }
        self.moves += 1;
        let quoted = escaped(text.as_bytes());
        if quoted > self.longest {
            // the error message quotes it twice
            self.add(2 * (quoted - self.longest));
            self.longest = quoted;
        }
        let mut bytes = game_move(self.notation, quoted);
        if self.positions {
            bytes += POSITION;
        }
        if self.lenient || squares(text.as_bytes()) >= 2 {
            // a lenient reading may repair the move, and a chess move read
            // in UCI or long algebraic form is noted as read into SAN
            bytes += REPAIR + quoted;
        }
        self.add(bytes);
    }

    /// A comment, with its brackets or quotes and the key of its list.
    pub(crate) fn comment(&mut self, text: &[u8]) {
        self.add(20 + escaped(text));
    }

    /// A numeric annotation glyph, with the key of its list.
    pub(crate) fn nag(&mut self) {
        self.add(16);
    }

    /// A variation: its object and the key of its list.
    pub(crate) fn variation(&mut self) {
        self.add(48);
    }

    /// A repair made while reading.
    pub(crate) fn repair(&mut self, message: &str) {
        self.add(REPAIR + escaped(message.as_bytes()));
    }

    /// A game of a record file, already read.
    pub(crate) fn game_model(&mut self, game: &polyfen::records::Game) {
        fn walk(bound: &mut GamesBound, nodes: &[polyfen::records::Node]) {
            for node in nodes {
                bound.mv(&node.mv);
                for _ in &node.nags {
                    bound.nag();
                }
                for comment in &node.comments {
                    bound.comment(comment.as_bytes());
                }
                for variation in &node.variations {
                    bound.variation();
                    for comment in &variation.comments {
                        bound.comment(comment.as_bytes());
                    }
                    walk(bound, &variation.moves);
                }
            }
        }
        self.begin_game();
        for (name, value) in &game.tags {
            self.tag(name, value);
        }
        for comment in &game.comments {
            self.comment(comment.as_bytes());
        }
        for repair in &game.repairs {
            self.repair(&repair.message);
        }
        walk(self, &game.moves);
    }

    /// A game that could not be read: its error, with its byte offset.
    pub(crate) fn bad_record(&mut self, message: &str) {
        self.begin_game();
        self.add(escaped(message.as_bytes()));
    }
}

impl polyfen::records::pgn::Visitor for GamesBound {
    type Output = ();
    fn begin_game(&mut self, _: u64, _: polyfen::records::pgn::Location) {
        GamesBound::begin_game(self);
    }
    fn tag(&mut self, name: &str, value: &str) {
        GamesBound::tag(self, name, value);
    }
    fn san(&mut self, text: &str, _: &polyfen::records::pgn::Here<'_>) -> polyfen::records::pgn::Flow {
        self.mv(text);
        polyfen::records::pgn::Flow::Continue
    }
    fn nag(&mut self, _: u8, _: &polyfen::records::pgn::Here<'_>) -> polyfen::records::pgn::Flow {
        GamesBound::nag(self);
        polyfen::records::pgn::Flow::Continue
    }
    fn comment(
        &mut self,
        text: polyfen::records::pgn::RawText<'_>,
        _: &polyfen::records::pgn::Here<'_>,
    ) -> polyfen::records::pgn::Flow {
        GamesBound::comment(self, text.as_bytes());
        polyfen::records::pgn::Flow::Continue
    }
    fn begin_variation(&mut self, _: &polyfen::records::pgn::Here<'_>) -> polyfen::records::pgn::Flow {
        self.variation();
        polyfen::records::pgn::Flow::Continue
    }
    fn repair(&mut self, repair: polyfen::records::pgn::PgnRepair) {
        GamesBound::repair(self, &repair.message);
    }
    fn end_game(&mut self, _: Option<polyfen::records::pgn::PgnError>) {}
}

#[cfg(test)]
mod tests {
    use polyfen::{Position, ReadOptions, Reading, RuleOptions, VariantId};

    fn read(input: &str) -> Reading {
        polyfen::read(input, None, &ReadOptions::default()).expect("reads")
    }

    /// Every named setup, boards full of each piece, and positions of
    /// seeded random games from the setups.
    fn positions() -> Vec<String> {
        let mut texts: Vec<String> = Vec::new();
        for variant in <VariantId as strum::IntoEnumIterator>::iter() {
            for &(_, setup) in variant.setups() {
                texts.push(setup.to_owned());
            }
        }
        for letter in "KQRBNPkqrbnp".chars() {
            let row: String = std::iter::repeat_n(letter, 8).collect();
            texts.push(format!("{} w - - 0 1", vec![row; 8].join("/")));
        }
        for letter in "KABNRCPkabnrcp".chars() {
            let row: String = std::iter::repeat_n(letter, 9).collect();
            texts.push(format!("{} w - - 0 1", vec![row; 10].join("/")));
        }
        for letter in "XPARSxpars".chars() {
            let row: String = std::iter::repeat_n(letter, 10).collect();
            texts.push(format!("{} {} s 0", vec![row; 8].join("/"), "n".repeat(80)));
        }
        // Shogi: every square a dragon; kings and full hands; full hands alone
        texts.push(format!("{} b - 1", ["+R+R+R+R+R+R+R+R+R"; 9].join("/")));
        texts.push("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L9Prbgsnl9p 1".to_owned());
        texts.push("9/9/9/9/9/9/9/9/9 b 18R18B18G18S18N18L18P18r18b18g18s18n18l18p 1".to_owned());
        // crazyhouse: a full pocket
        texts.push("4k3/8/8/8/8/8/8/4K3[QQQQRRRRBBBBNNNNPPPPqqqqrrrrbbbbnnnnpppp] w - - 0 1".to_owned());
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let options = RuleOptions::default();
        let starts: Vec<String> = texts.iter().take(12).cloned().collect();
        for start in starts {
            let mut position = read(&start).position;
            let notation = position.variant().move_notations()[0];
            for _ in 0..60 {
                let Ok(moves) = position.legal_moves(notation, &options) else { break };
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let pick = &moves[(seed >> 33) as usize % moves.len()];
                position.play(pick, notation, &options).expect("a legal move");
                texts.push(
                    position
                        .to_notation(position.variant().default_notation(), &polyfen::WriteOptions::default())
                        .expect("writes")
                        .text,
                );
            }
        }
        texts
    }

    /// Big positions of every game of the facade, made from what the game
    /// says of itself: each piece of its setups and their games on every
    /// square, and the sampled positions with their boards emptied (their
    /// pieces off the board left).
    fn big_positions() -> Vec<polyfen::AnyPosition> {
        let mut big = Vec::new();
        for variant in <VariantId as strum::IntoEnumIterator>::iter() {
            // each rules variant's samples on its own board (a game whose
            // rules are data has boards of many sizes)
            let mut groups: Vec<(Option<&'static str>, Vec<polyfen::AnyPosition>)> = Vec::new();
            for sample in super::samples(variant) {
                match groups.iter_mut().find(|(rules, _)| *rules == sample.rules()) {
                    Some((_, group)) => group.push(sample),
                    None => groups.push((sample.rules(), vec![sample])),
                }
            }
            let mut full_boards = 0;
            for (rules, samples) in groups {
                let squares: Vec<String> = samples[0].square_boxes().into_iter().map(|square| square.name).collect();
                let forms: Vec<serde_json::Value> =
                    samples.iter().map(|p| serde_json::to_value(p).expect("json")).collect();
                // the first form with a piece on its board (a game may
                // start with an empty one, its pieces in hand)
                let Some(first) = forms.iter().find(|form| !super::square_fields(form, &squares).is_empty()) else {
                    assert!(rules.is_some(), "{variant}: its JSON form has a board keyed by square");
                    continue;
                };
                let fields = super::square_fields(first, &squares);
                for piece in super::pieces_seen(&forms, &fields, &squares) {
                    let mut full = first.clone();
                    for (field, value) in &piece {
                        let every: serde_json::Map<String, serde_json::Value> =
                            squares.iter().map(|square| (square.clone(), value.clone())).collect();
                        full[field.as_str()] = serde_json::Value::Object(every);
                    }
                    if let Some(position) = super::position_of(full) {
                        big.push(position);
                        full_boards += 1;
                    }
                }
                // the most pieces off an empty board
                let mut off: Vec<polyfen::AnyPosition> = forms
                    .iter()
                    .filter_map(|form| super::position_of(super::emptied(form, &fields)))
                    .filter(|empty| empty.pieces() > 0)
                    .collect();
                off.sort_by_key(|empty| std::cmp::Reverse(empty.pieces()));
                big.extend(off.into_iter().take(5));
            }
            assert!(full_boards > 0, "{variant}: no full board");
        }
        big
    }

    /// For every game of the facade, the estimates of big positions are at
    /// least their real answers.
    #[test]
    fn every_games_big_positions_are_bounded() {
        let rules = RuleOptions::default();
        for position in big_positions() {
            let notation = position.variant().default_notation();
            let text = position.to_notation(notation, &polyfen::WriteOptions::default()).expect("writes").text;
            let options = ReadOptions::default().with_rules(position.rules());
            let reading = polyfen::read(&text, Some(notation), &options).expect("reads back");
            for &style in reading.position.variant().styles() {
                let diagram = reading.position.render(style).expect("draws");
                let bound = super::render(&reading, style);
                assert!(json_len(&diagram) <= bound, "{text} {style:?}: {} > {bound}", json_len(&diagram));
            }
            for &notation in reading.position.variant().move_notations() {
                let Ok(moves) = reading.position.legal_moves(notation, &rules) else { continue };
                let bound = super::moves(&reading, rules);
                assert!(json_len(&moves) <= bound, "{text} {notation:?}: {} > {bound}", json_len(&moves));
            }
        }
    }

    /// The bytes of `value` as JSON, with an item's wrapper around it.
    fn json_len(value: &impl serde::Serialize) -> u64 {
        serde_json::to_string(value).expect("json").len() as u64 + 160
    }

    #[test]
    fn the_render_bound_holds() {
        for text in positions() {
            let reading = read(&text);
            for &style in reading.position.variant().styles() {
                let diagram = reading.position.render(style).expect("draws");
                let bound = super::render(&reading, style);
                assert!(json_len(&diagram) <= bound, "{text} {style:?}: {} > {bound}", json_len(&diagram));
                // the memory held is a full board's: more pieces, in hand,
                // are held to the reply budget only
                let squares = reading.position.variant().square_boxes().len();
                if reading.position.pieces() <= squares {
                    assert!(bound <= super::render_most(style) as u64, "{text} {style:?}");
                }
            }
        }
    }

    #[test]
    fn the_moves_bound_holds() {
        let options = RuleOptions::default();
        for text in positions() {
            let reading = read(&text);
            for &notation in reading.position.variant().move_notations() {
                let Ok(moves) = reading.position.legal_moves(notation, &options) else { continue };
                let bound = super::moves(&reading, options);
                assert!(json_len(&moves) <= bound, "{text} {notation:?}: {} > {bound}", json_len(&moves));
                assert!(bound <= super::moves_most() as u64, "{text}");
            }
        }
    }

    #[test]
    fn the_extra_bounds_hold() {
        for text in positions() {
            let reading = read(&text);
            for extra in reading.position.variant().extras() {
                for &side in extra.sides {
                    let args = polyfen::extras::ExtraArgs::default().with_side(Some(side)).with_style(Some("svg"));
                    let Ok(shot) = reading.position.extra(extra.name, &args) else { continue };
                    let real =
                        json_len(&shot.diagram.expect("a drawing")) + json_len(&shot.text) + json_len(&shot.removed);
                    let bound = super::extra(&reading, extra.name, Some(side));
                    assert!(real <= bound, "{text} {side}: {real} > {bound}");
                    assert!(bound <= super::extra_most(extra.name) as u64, "{text}");
                }
            }
        }
    }

    #[test]
    fn the_explain_bound_holds() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut texts = positions();
        let epd = &start[..start.len() - 4];
        texts.push(format!("{epd} c0 \"{}\";", "x".repeat(10_000)));
        texts.push(format!("{} {}", epd, "bm e4; ".repeat(2_000)));
        texts.push(format!("{} {}", epd, "a b c d e f g h; ".repeat(2_000)));
        for text in texts {
            let Ok(explanation) = polyfen::explain::explain(&text, None, &ReadOptions::default()) else {
                panic!("{} explains", &text[..text.len().min(80)])
            };
            let position = read(&text).position;
            let forms: Vec<String> = <polyfen::Notation as strum::IntoEnumIterator>::iter()
                .filter_map(|n| position.to_notation(n, &polyfen::WriteOptions::default()).ok().map(|w| w.text))
                .collect();
            let real = json_len(&explanation) + json_len(&forms);
            let bound = super::explain(text.len());
            assert!(real <= bound, "{}: {real} > {bound}", &text[..text.len().min(80)]);
        }
    }
}
