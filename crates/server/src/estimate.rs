//! Upper bounds of the answer an input gets, estimated from its reading
//! before the work, in bytes of JSON (the item with its `ok` or `error`
//! wrapper and the comma after it). The constants are measured on full
//! boards of each piece (see the tests, which check each bound against the
//! real answers of many positions).

use polyfen::{MoveNotation, Position, ReadOptions, Reading, RenderStyle, RuleOptions, VariantId};
use strum::IntoEnumIterator;

/// What an item adds around its diagram or moves: the keys, the notation
/// and variant ids, an error's message.
const ITEM: u64 = 512;

/// The bytes of a diagram of `variant` in `style` with `pieces` pieces, as
/// a JSON string: for SVG, the game's own bound
/// ([`polyfen::polyfen_game::Bounds::svg_bytes`]), its quotes escaped (a fifth more
/// bytes, at most); a text diagram's newlines are.
fn diagram(variant: VariantId, style: RenderStyle, pieces: u64) -> u64 {
    match style {
        RenderStyle::Svg => variant.bounds().svg_bytes(pieces) * 5 / 4,
        // at most 1,644 bytes measured, whatever the pieces
        _ => 2_048,
    }
}

/// A `render` item.
pub(crate) fn render(reading: &Reading, style: RenderStyle) -> u64 {
    let variant = reading.position.variant();
    ITEM + diagram(variant, style, reading.position.pieces() as u64)
}

/// The largest `render` item in `style`, whatever the position: a board of
/// each game full of pieces.
pub(crate) fn render_most(style: RenderStyle) -> usize {
    let most = VariantId::iter()
        .map(|variant| diagram(variant, style, variant.bounds().most_pieces))
        .max()
        .unwrap_or_default();
    usize::try_from(ITEM + most).unwrap_or(usize::MAX)
}

/// The bytes of one move of `variant` in a `moves` answer: its longest
/// move text with the quotes and comma of JSON, and at least 24 (a
/// `divide` answer, bounded as twice a `moves` one, writes each move's
/// count beside it).
fn move_bytes(variant: VariantId) -> u64 {
    (variant.bounds().longest_move + 3).max(24)
}

/// A `moves` item: the legal moves, counted (perft 1) but not written.
pub(crate) fn moves(reading: &Reading, options: RuleOptions) -> u64 {
    let count = reading.position.perft(1, &options).unwrap_or(0);
    ITEM + move_bytes(reading.position.variant()) * count
}

/// The largest `moves` item: the most moves of any game's position, each
/// as long as the game's longest.
pub(crate) fn moves_most() -> usize {
    let most =
        VariantId::iter().map(|variant| move_bytes(variant) * variant.bounds().most_moves).max().unwrap_or_default();
    usize::try_from(ITEM + most).unwrap_or(usize::MAX)
}

/// An item of the extra `name` (`laser`) asked for `side` with an SVG
/// diagram: the game's own bound of its text, removed squares and drawing
/// ([`Position::extra_bound`]).
pub(crate) fn extra(reading: &Reading, name: &str, side: Option<&str>) -> u64 {
    ITEM + reading.position.extra_bound(name, side)
}

/// The largest item of the extra `name`, whatever the position.
pub(crate) fn extra_most(name: &str) -> usize {
    usize::try_from(ITEM + polyfen::extras::most(name)).unwrap_or(usize::MAX)
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

/// One move: its node in the tree (`{"move":"","coordinates":""},`, 29
/// bytes, with at most 5 of coordinates) and its place in the main line
/// (`"",`), or its move number and text in PGN; with the move written
/// twice, at most 9 bytes in every notation (`e7xd8=Q+` in long
/// algebraic) but Chinese.
const GAME_MOVE: u64 = 64;

/// [`GAME_MOVE`] with the moves written in Chinese (`马８进７`, five
/// characters of three bytes at most).
const GAME_MOVE_CHINESE: u64 = 72;

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
    /// What one move takes besides its position and repair.
    move_bytes: u64,
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
    /// may be Chinese in either script).
    pub(crate) fn new(positions: bool, lenient: bool, moves: Option<MoveNotation>) -> GamesBound {
        let chinese = matches!(moves, None | Some(MoveNotation::Chinese | MoveNotation::ChineseTraditional));
        let move_bytes = if chinese { GAME_MOVE_CHINESE } else { GAME_MOVE };
        GamesBound { positions, lenient, move_bytes, games: 0, moves: 0, bytes: 16, longest: 0, moved: false }
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
        let mut bytes = self.move_bytes;
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
                assert!(bound <= super::render_most(style) as u64, "{text} {style:?}");
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
