//! What the record-format tests share: the corpus folders, a record's
//! start in Xiangqi FEN, its lines of play replayed through the record
//! adapter in any move notation (as the facade's games give them), and
//! records made from moves written in any notation.

// each test file uses a part of it
#![allow(dead_code)]

use polyfen_game::records::{Node, Record, RecordError};
use polyfen_game::{GamePosition, MoveNote, RecordAdapter, WriteOptions, play_step, read_step, write_step};
use polyfen_test_support::Corpus;
use polyfen_xiangqi::{START_FEN, XiangqiAdapter, XiangqiMoveNotation, XiangqiNotation, XiangqiPosition};

/// A Xiangqi game read from one of its record formats.
pub type Game = Record<XiangqiPosition>;
/// Why a Xiangqi record could not be read.
pub type Error = RecordError<XiangqiPosition>;

/// A folder of the public corpus: the tests that read it are skipped
/// without it.
pub const XQF: Corpus = Corpus::new("xiangqi-records/xqf");
/// A folder of the public corpus: the tests that read it are skipped
/// without it.
pub const CCHESS: Corpus = Corpus::new("xiangqi-records/cchess-tests");

/// The bytes of a file.
pub fn read(path: &str) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A position read from Xiangqi FEN.
pub fn position(fen: &str) -> XiangqiPosition {
    XiangqiPosition::read_default(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The standard start.
pub fn start() -> XiangqiPosition {
    position(START_FEN)
}

/// A position written in Xiangqi FEN.
pub fn fen_of(position: &XiangqiPosition) -> String {
    let mut out = String::new();
    position.write_to(XiangqiNotation::XiangqiFen, &WriteOptions::default(), &mut out, &mut Vec::new());
    out
}

/// The start of a game written in Xiangqi FEN.
pub fn fen(game: &Game) -> String {
    fen_of(&game.start)
}

/// The board and the side to move of a game's start (FEN's first two
/// fields).
pub fn board_and_turn(game: &Game) -> String {
    fen(game).split(' ').take(2).collect::<Vec<_>>().join(" ")
}

/// Every line of play, root to leaf, main line first, each move replayed
/// and written in `notation`, as the facade's `Game::lines` gives them: a
/// game without moves is one empty line (its position need not be
/// playable).
///
/// # Errors
///
/// A start that cannot be played, or a move that does not replay, in
/// words.
pub fn lines(game: &Game, notation: XiangqiMoveNotation) -> Result<Vec<Vec<String>>, String> {
    if game.moves.is_empty() {
        return Ok(vec![Vec::new()]);
    }
    let pos = XiangqiAdapter::from_position(&game.start)?;
    polyfen_game::records::lines_of(&pos, &game.moves, &mut |pos, node, index| {
        let mut notes: Vec<MoveNote> = Vec::new();
        let step = read_step::<XiangqiAdapter>(pos, &node.mv, Some(XiangqiAdapter::COORDINATES), false, &mut notes)
            .map_err(|e| format!("move {index} ({}): {}", node.mv, e.message))?;
        let mut text = String::new();
        write_step::<XiangqiAdapter>(pos, step, notation, &mut text)
            .map_err(|_| format!("move {index}: {notation} cannot write a null move"))?;
        play_step::<XiangqiAdapter>(pos, step);
        Ok(text)
    })
}

/// Every line of play in UCCI, the moves as the model keeps them.
pub fn ucci_lines(game: &Game) -> Vec<Vec<String>> {
    lines(game, XiangqiMoveNotation::Ucci).expect("lines")
}

/// The moves of a line from `from`, each read in any notation (`H2-E2`,
/// `C2.5`, `炮二平五`) and kept in UCCI, as the model keeps them.
pub fn line(from: &XiangqiPosition, moves: &[&str]) -> Vec<Node> {
    let mut pos = XiangqiAdapter::from_position(from).expect("a playable position");
    moves
        .iter()
        .map(|text| {
            let step = read_step::<XiangqiAdapter>(&pos, text, None, false, &mut Vec::new())
                .unwrap_or_else(|e| panic!("{text}: {}", e.message));
            let mut ucci = String::new();
            write_step::<XiangqiAdapter>(&pos, step, XiangqiAdapter::COORDINATES, &mut ucci).expect("UCCI");
            play_step::<XiangqiAdapter>(&mut pos, step);
            Node::new(ucci)
        })
        .collect()
}

/// The position after `moves` (in any notation) from `from`.
pub fn after(from: &XiangqiPosition, moves: &[&str]) -> XiangqiPosition {
    let mut pos = XiangqiAdapter::from_position(from).expect("a playable position");
    for text in moves {
        let step = read_step::<XiangqiAdapter>(&pos, text, None, false, &mut Vec::new())
            .unwrap_or_else(|e| panic!("{text}: {}", e.message));
        play_step::<XiangqiAdapter>(&mut pos, step);
    }
    XiangqiAdapter::to_position(&pos)
}

/// A record of `start` with `tags`, as a record format reads it.
pub fn record(tags: &[(&str, &str)], start: XiangqiPosition) -> Game {
    Record::new(tags.iter().map(|&(k, v)| (k.to_owned(), v.to_owned())).collect(), start)
}
