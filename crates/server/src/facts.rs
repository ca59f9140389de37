//! `GET /v1/games`: what a page needs to know of each game to draw its board,
//! play on it and edit its positions, built from the library for every
//! game it has (so a game that joins the library is listed too): the
//! squares as the SVG diagrams draw them, the notations, the coordinate
//! move notation that names a move's squares, the piece letters and the
//! fields of the game's JSON form, read from its named setups; and every
//! game-record format with its files' extensions.

use std::collections::{BTreeMap, BTreeSet};

use polyfen::records::RecordFormat;
use polyfen::{MoveNotation, Notation, Position, ReadOptions, RuleOptions, VariantId, WriteOptions, read};
use serde::Serialize;
use serde_json::Value;
use strum::IntoEnumIterator;

/// What the page needs of one game.
#[derive(Debug, Serialize)]
struct GameFacts {
    id: &'static str,
    files: usize,
    ranks: usize,
    /// Every square, the top rank of the diagram first.
    squares: Vec<polyfen::polyfen_game::svg::SquareBox>,
    /// The notation the game's positions are written in.
    position_notation: &'static str,
    /// The move notation that writes a move as its squares (and a suffix:
    /// a promotion's piece, a rotation's sign).
    coordinates: &'static str,
    /// The move notation of the game's records by default.
    record_notation: &'static str,
    move_notations: Vec<&'static str>,
    /// The start position (the first named setup): its text, or its name
    /// (`fairy:standard`) for a game whose texts read as another's unless
    /// it is named.
    start: String,
    /// Every piece letter of the JSON form's `board`, as the named setups
    /// hold them.
    pieces: Vec<String>,
    /// The values of the JSON form's `side_to_move`.
    sides: Vec<String>,
    /// The JSON form's per-square fields besides `board` (Khet's
    /// `facing`), each with the values the setups give it.
    square_fields: BTreeMap<String, Vec<String>>,
    /// The JSON form's other fields, as the start position has them.
    fields: serde_json::Map<String, Value>,
    /// Whether the JSON form has castling rights, and hands.
    castling: bool,
    hands: bool,
    /// Whether `/v1/laser` traces this game's laser.
    laser: bool,
    /// The game's rules variants (a request's `rules` names one).
    rules: Vec<RulesOut>,
    /// The tags that name a player in its records (Xiangqi's `Red`, then
    /// `White` and `Black`), the game's own first.
    player_tags: Vec<&'static str>,
    /// The tags a game of it without tags is written with as PGN (chess's
    /// seven-tag roster, `?` in each), each `[name, value]`.
    tag_defaults: Vec<(String, String)>,
    /// The switches of the game's own rules a rules request's `switches`
    /// turns on.
    switches: Vec<SwitchOut>,
    /// The ids of the game's own ends a status may be, beyond those every
    /// game shares.
    ends: &'static [&'static str],
}

/// A switch of a game's rules.
#[derive(Debug, Serialize)]
struct SwitchOut {
    /// Its name, as `switches` takes it.
    name: &'static str,
    /// What it does.
    help: &'static str,
}

/// The tags the PGN writer writes for a game of `variant` without tags.
fn tag_defaults(variant: VariantId) -> Vec<(String, String)> {
    let options = polyfen::records::GameOptions::default().with_variant(Some(variant));
    let Some(Ok(game)) = polyfen::records::read_pgn("*", options).into_iter().next() else { return Vec::new() };
    let mut pgn = String::new();
    if game.write_pgn(None, &mut pgn).is_err() {
        return Vec::new();
    }
    pgn.lines()
        .map_while(|line| line.strip_prefix('[')?.strip_suffix("\"]")?.split_once(" \""))
        .map(|(name, value)| (name.to_owned(), value.to_owned()))
        .collect()
}

/// One rules variant of a game.
#[derive(Debug, Serialize)]
struct RulesOut {
    id: &'static str,
    /// Its other names.
    aliases: &'static [&'static str],
    /// The value of the PGN `Variant` tag that names it.
    tag: &'static str,
    /// Its named setups, each read with `RULES:NAME`.
    setups: Vec<&'static str>,
}

/// The JSON form of `text` (a position of `variant`) as an object.
fn json_form(text: &str) -> Option<serde_json::Map<String, Value>> {
    let position = read(text, None, &ReadOptions::default()).ok()?.position;
    let written = position.to_notation(Notation::Json, &WriteOptions::default()).ok()?;
    match serde_json::from_str(&written.text).ok()? {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

/// The position after the first legal move of `text`, as a JSON form: it
/// names the other side to move.
fn after_a_move(text: &str, coordinates: MoveNotation) -> Option<serde_json::Map<String, Value>> {
    let mut position = read(text, None, &ReadOptions::default()).ok()?.position;
    let options = RuleOptions::default();
    let first = position.legal_moves(coordinates, &options).ok()?.into_iter().next()?;
    position.play(&first, coordinates, &options).ok()?;
    let written = position.to_notation(Notation::Json, &WriteOptions::default()).ok()?;
    match serde_json::from_str(&written.text).ok()? {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

fn facts(variant: VariantId) -> GameFacts {
    // the board of the start position (a game whose rules are data has
    // one per rules variant)
    let start_board = variant.setups().first().and_then(|&(name, _)| {
        read(&format!("{variant}:{name}"), None, &ReadOptions::default()).ok().map(|r| r.position.square_boxes())
    });
    let boxes = start_board.unwrap_or_else(|| polyfen::svg::square_boxes(variant));
    let files = boxes.iter().map(|b| b.x).collect::<BTreeSet<_>>().len();
    let ranks = boxes.iter().map(|b| b.y).collect::<BTreeSet<_>>().len();
    let coordinates = polyfen::records::coordinates(variant);
    // each setup as a text that reads as this game
    let setups: Vec<String> = variant
        .setups()
        .iter()
        .map(|&(name, position)| match read(position, None, &ReadOptions::default()) {
            Ok(reading) if reading.position.variant() == variant => position.to_owned(),
            _ => format!("{variant}:{name}"),
        })
        .collect();
    let start = setups.first().cloned().unwrap_or_default();
    let mut forms: Vec<serde_json::Map<String, Value>> =
        setups.iter().filter_map(|position| json_form(position)).collect();
    forms.extend(after_a_move(&start, coordinates));
    let mut pieces = BTreeSet::new();
    let mut sides = Vec::new();
    let mut square_fields: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for form in &forms {
        for (key, value) in form {
            match (key.as_str(), value) {
                ("board", Value::Object(board)) => {
                    pieces.extend(board.values().filter_map(Value::as_str).map(str::to_owned));
                }
                ("side_to_move", Value::String(side)) if !sides.contains(side) => sides.push(side.clone()),
                // a map keyed by squares: an attribute of the piece there
                (_, Value::Object(map)) if map.keys().all(|k| boxes.iter().any(|b| &b.name == k)) => {
                    square_fields
                        .entry(key.clone())
                        .or_default()
                        .extend(map.values().filter_map(Value::as_str).map(str::to_owned));
                }
                _ => {}
            }
        }
    }
    // the game's own list, else those of its setups, upper case (the
    // first player's) letters first
    let mut pieces: Vec<String> = pieces.into_iter().collect();
    pieces.sort_by_key(|p| (p.chars().any(char::is_lowercase), p.clone()));
    if !variant.pieces().is_empty() {
        pieces = variant.pieces().iter().map(|&p| p.to_owned()).collect();
    }
    let mut fields = forms.first().cloned().unwrap_or_default();
    fields.retain(|key, _| key != "variant" && key != "board" && !square_fields.contains_key(key));
    GameFacts {
        id: variant.into(),
        files,
        ranks,
        squares: boxes,
        position_notation: polyfen::records::position_notation(variant).into(),
        coordinates: coordinates.into(),
        record_notation: polyfen::records::pgn_notation(variant).into(),
        move_notations: variant.move_notations().iter().map(|&n| n.into()).collect(),
        start,
        castling: fields.contains_key("castling"),
        hands: fields.contains_key("hands"),
        laser: variant.extras().iter().any(|extra| extra.name == "laser"),
        rules: variant
            .reachable_rules()
            .into_iter()
            .map(|r| RulesOut {
                id: r.id,
                aliases: r.aliases,
                tag: r.tag,
                setups: r.setups.iter().map(|&(name, _)| name).collect(),
            })
            .collect(),
        tag_defaults: tag_defaults(variant),
        player_tags: variant.player_tags(),
        switches: variant.rule_switches().iter().map(|s| SwitchOut { name: s.name, help: s.help }).collect(),
        ends: variant.ends(),
        pieces,
        sides,
        square_fields: square_fields.into_iter().map(|(k, v)| (k, v.into_iter().collect())).collect(),
        fields,
    }
}

/// One game-record format, as a file picker and `/v1/games/convert` see it.
#[derive(Debug, Serialize)]
struct RecordFormatOut {
    /// The id `/v1/games/convert` takes (`xqf`).
    name: &'static str,
    /// The game whose format it is; `null` for PGN, every game's.
    game: Option<&'static str>,
    /// Whether it is binary (sent in base64).
    binary: bool,
    /// Whether games are written in it, or it is read only.
    written: bool,
    /// Its file names' extensions, without the dot, the usual one first.
    extensions: &'static [&'static str],
}

#[derive(Debug, Serialize)]
struct GamesOut {
    games: Vec<GameFacts>,
    record_formats: Vec<RecordFormatOut>,
}

/// `GET /v1/games`: the facts of every game, and every record format.
#[cfg(feature = "service")]
pub(crate) async fn games() -> axum::response::Response {
    use axum::response::IntoResponse as _;
    axum::Json(games_of()).into_response()
}

/// The answer of `GET /v1/games`: the facts of every game, and every
/// record format.
pub(crate) fn games_of() -> serde_json::Value {
    let record_formats: Vec<RecordFormatOut> = RecordFormat::ALL
        .iter()
        .map(|&format| RecordFormatOut {
            name: format.name(),
            game: format.variant().map(<&'static str>::from),
            binary: format.is_binary(),
            written: format.is_written(),
            extensions: format.extensions(),
        })
        .collect();
    serde_json::json!(GamesOut { games: VariantId::iter().map(facts).collect(), record_formats })
}
