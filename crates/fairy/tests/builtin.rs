//! The built-in games: every game pyffish 0.0.90 lists is defined, with
//! pyffish's start position, and each definition written as a section
//! reads back as the same game.

use polyfen_fairy::{BUILTIN_INI, Field, Variants};

const NAMES: &str = include_str!("data/variants.txt");
const START_FENS: &str = include_str!("data/start_fens.tsv");

#[test]
fn the_builtin_file_reads_without_error_or_warning() {
    let mut v = Variants::empty();
    let report = v.read("builtin.ini", BUILTIN_INI).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    assert_eq!(report.defined.len(), 121);
}

#[test]
fn every_game_pyffish_lists_is_defined() {
    let v = Variants::builtin();
    let missing: Vec<&str> = NAMES.lines().filter(|n| v.get(n).is_none()).collect();
    assert!(missing.is_empty(), "not defined: {missing:?}");
    assert_eq!(v.len(), NAMES.lines().count());
}

#[test]
fn every_start_fen_is_pyffish_s() {
    let v = Variants::builtin();
    let mut wrong = Vec::new();
    for line in START_FENS.lines() {
        let (name, fen) = line.split_once('\t').unwrap();
        let ours = v.get(name).unwrap().text(Field::StartFen);
        if ours != fen {
            wrong.push(format!("{name}: ours {ours}, pyffish {fen}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_piece_of_every_game_has_moves_that_read() {
    for def in Variants::builtin().definitions() {
        for kind in def.pieces() {
            def.moves(kind).unwrap_or_else(|e| panic!("{}: {kind}: {e}", def.name()));
        }
    }
}

/// Every letter of a start position's board is a piece of the game (or
/// one of its second letters).
#[test]
fn every_start_position_uses_only_the_game_s_letters() {
    for def in Variants::builtin().definitions() {
        let fen = def.text(Field::StartFen);
        let board = fen.split(' ').next().unwrap();
        let synonyms = def.write_value(Field::PieceSynonyms);
        for c in board.chars().filter(char::is_ascii_alphabetic) {
            let lower = c.to_ascii_lowercase();
            let known =
                def.pieces().any(|k| def.letter(k) == Some(lower)) || synonyms.split(' ').any(|p| p.ends_with(lower));
            assert!(known, "{}: `{c}` in {fen}", def.name());
        }
    }
}

#[test]
fn a_written_definition_reads_back_as_the_same_game() {
    for def in Variants::builtin().definitions() {
        let text = def.write_section(false);
        let mut again = Variants::empty();
        again.read("written", &text).unwrap_or_else(|e| panic!("{}:\n{e}\n{text}", def.name()));
        let back = again.get(def.name()).unwrap();
        assert_eq!(back.write_section(false), text, "{}", def.name());
        for &f in Field::ALL {
            if f.key().is_empty() || f.value_type() == polyfen_fairy::value::ValueType::PieceSet {
                continue;
            }
            assert_eq!(back.write_value(f), def.write_value(f), "{} {f:?}", def.name());
        }
    }
}

#[test]
fn provenance_tells_default_parent_and_own_values() {
    use polyfen_fairy::Provenance;
    let v = Variants::builtin();
    let makpong = v.get("makpong").unwrap();
    assert_eq!(makpong.provenance(Field::MakpongRule), Provenance::This);
    assert_eq!(makpong.provenance(Field::CountingRule), Provenance::Parent("makruk"));
    assert_eq!(makpong.provenance(Field::NFoldRule), Provenance::Default);
}
