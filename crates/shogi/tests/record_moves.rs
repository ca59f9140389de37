//! The move readers on the corpus's game records: every move of the main
//! line of every CSA, KIF and KI2 file (written by python-shogi, cshogi,
//! tsshogi, Kifu for Windows and others) read, strictly, as the move the
//! expected files give: every writer there writes the standard forms. Our
//! writers write each move as the files do, but for the spellings of a
//! piece (`王`, `竜`, `全`) and python-shogi's exporter, which never writes
//! `同`.

mod common;

use polyfen_shogi::{Move, Position, Sfen, ShogiMoveNotation, Square};

use common::{CORPUS, text_of};

/// The main line's move texts of a CSA file: the statements that start
/// with a side's sign and a digit, up to the first `%` statement.
fn csa_moves(text: &str) -> Vec<&str> {
    let mut moves = Vec::new();
    for statement in text.lines().flat_map(|l| l.split(',')) {
        let s = statement.trim_end();
        if s.starts_with('%') || s.starts_with('/') {
            break;
        }
        let b = s.as_bytes();
        if matches!(b.first(), Some(b'+' | b'-')) && b.get(1).is_some_and(u8::is_ascii_digit) {
            moves.push(s);
        }
    }
    moves
}

/// The lines of a KIF or KI2 file before its first `変化` line or its
/// `まで` line.
fn main_line(text: &str) -> impl Iterator<Item = &str> {
    text.lines().take_while(|line| !line.starts_with("変化") && !line.starts_with("まで"))
}

/// The main line's move texts of a KIF file: the text after the move
/// number, up to the first ASCII space, until a line that is not a move
/// (投了, 中断 ...), a `変化` line or the `まで` line.
fn kif_moves(text: &str) -> Vec<&str> {
    let mut moves = Vec::new();
    for line in main_line(text) {
        let rest = line.trim_start_matches(' ');
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || !rest[digits..].starts_with(' ') {
            continue;
        }
        let mv = rest[digits..].trim_start_matches(' ').split(' ').next().unwrap_or("");
        let first = mv.chars().next().unwrap_or(' ');
        if first != '同' && !('１'..='９').contains(&first) {
            break;
        }
        moves.push(mv);
    }
    moves
}

/// The main line's move texts of a KI2 file: the words that start with a
/// side's mark, until a `変化` line or the `まで` line.
fn ki2_moves(text: &str) -> Vec<&str> {
    let mut moves = Vec::new();
    for line in main_line(text) {
        if line.starts_with('*') || line.starts_with('#') {
            continue;
        }
        moves.extend(line.split(' ').filter(|w| w.starts_with(['▲', '△', '☗', '☖'])));
    }
    moves
}

/// A KIF or KI2 move with the pieces spelled as our writers spell them.
fn standard_spelling(text: &str) -> String {
    text.replace('王', "玉").replace('竜', "龍").replace('全', "成銀").replace('圭', "成桂").replace('杏', "成香")
}

#[test]
fn every_main_line_of_the_corpus_records_is_read() {
    let Some(_) = CORPUS.get() else { return };
    let mut files = 0;
    for list in ["records/expected.jsonl", "real/expected.jsonl"] {
        for line in text_of(list).lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let path = record["file"].as_str().expect("file");
            let (notation, texts): (ShogiMoveNotation, fn(&str) -> Vec<&str>) = match record["format"].as_str() {
                Some("csa") => (ShogiMoveNotation::Csa, csa_moves),
                Some("kif") => (ShogiMoveNotation::Kif, kif_moves),
                Some("ki2") => (ShogiMoveNotation::Ki2, ki2_moves),
                _ => continue,
            };
            let start: Sfen = record["start"].as_str().expect("start").parse().expect("an SFEN");
            let mainline: Vec<&str> =
                record["mainline"].as_array().expect("mainline").iter().filter_map(|m| m.as_str()).collect();
            let writer = record["writer"].as_str().unwrap_or("");
            let never_dou = writer.contains("python-shogi") || path.ends_with("-exported.kif");
            let text = text_of(path);
            let moves = texts(&text);
            assert_eq!(moves.len(), mainline.len(), "{path}: {moves:?}");
            let mut p = Position::from_setup(&start).unwrap_or_else(|e| panic!("{path}: {e}"));
            let mut previous: Option<Square> = None;
            for (i, (written, usi)) in moves.iter().zip(&mainline).enumerate() {
                let mv: Move = notation
                    .read_after(&p, previous, written)
                    .unwrap_or_else(|e| panic!("{path}, move {}: {written:?}: {e}", i + 1));
                assert_eq!(mv.to_string(), *usi, "{path}, move {}: {written:?}", i + 1);
                if !never_dou {
                    let ours = notation.write_after(&p, previous, mv);
                    assert_eq!(ours, standard_spelling(written), "{path}, move {}", i + 1);
                }
                previous = Some(mv.to());
                p.play(mv);
            }
            files += 1;
        }
    }
    assert_eq!(files, 92, "files read");
}
