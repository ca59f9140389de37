//! Fairy-Stockfish FEN read and written through the one codec, against
//! the corpus pyffish wrote.

mod common;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use polyfen_fairy::{FairySetup, Letters};

/// Every FEN of positions.tsv reads, and every FEN pyffish wrote writes
/// back byte for byte. The first row of each game is its start FEN as its
/// definition gives it (a short form, a pocket in any order): that one
/// writes a FEN that reads back as the same setup.
#[test]
fn every_position_reads_and_writes_back() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let mut failures = Vec::new();
    let (mut exact, mut short) = (0, 0);
    let mut last = String::new();
    for row in common::rows("positions.tsv") {
        let (game, fen) = (&row[0], &row[1]);
        let first = *game != last;
        last.clone_from(game);
        let def = variants.get(game).unwrap_or_else(|| panic!("{game} is defined"));
        let letters = Letters::new(def);
        match FairySetup::parse(def, &letters, fen) {
            Ok(setup) => {
                let written = setup.write(&letters);
                if written == *fen {
                    exact += 1;
                } else if first && FairySetup::parse(def, &letters, &written).as_ref() == Ok(&setup) {
                    short += 1;
                } else {
                    failures.push(format!("{game}: {fen} wrote {written}"));
                }
                let violations = setup.validate(def, &letters);
                if !violations.is_empty() {
                    failures.push(format!("{game}: {fen}: {violations:?}"));
                }
            }
            Err(e) => failures.push(format!("{game}: {fen}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    println!("{exact} FENs written back byte for byte, {short} start FENs written in pyffish's form");
    assert_eq!(exact + short, 3145);
}

/// Each short form of roundtrip.tsv is written in pyffish's full form.
#[test]
fn short_forms_are_written_as_pyffish_writes_them() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let mut failures = Vec::new();
    let rows = common::rows("roundtrip.tsv");
    for row in &rows {
        let (game, short, full) = (&row[0], &row[1], &row[2]);
        let def = variants.get(game).unwrap_or_else(|| panic!("{game} is defined"));
        let letters = Letters::new(def);
        match FairySetup::parse(def, &letters, short) {
            Ok(setup) if setup.write(&letters) == *full => {}
            Ok(setup) => failures.push(format!("{game}: {short} wrote {}, pyffish {full}", setup.write(&letters))),
            Err(e) => failures.push(format!("{game}: {short}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert_eq!(rows.len(), 447);
}

/// What is wrong is named, with the column.
#[test]
fn errors_name_the_problem_and_the_column() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let cases: BTreeMap<&str, (&str, &str)> = BTreeMap::from([
        ("wrong rank length", ("chess", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
        ("unknown letter", ("chess", "rnbqkbnr/ppppppzp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
        ("too many ranks", ("minishogi", "rbsgk/4p/5/P4/KGSBR/5[-] w 0 1")),
        ("bad side", ("chess", "8/8/8/8/8/8/8/K6k x - - 0 1")),
        ("bad castling", ("chess", "8/8/8/8/8/8/8/K6k w KQz - 0 1")),
        ("bad en passant", ("chess", "8/8/8/8/8/8/8/K6k w - e9 0 1")),
        ("bad pocket", ("crazyhouse", "8/8/8/8/8/8/8/K6k[Qx] w - - 0 1")),
        ("wide board", ("grand", "r8r/1nbqkcabn1/pppppppppp/11/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1")),
    ]);
    let mut out = String::new();
    for (what, (game, fen)) in cases {
        let def = variants.get(game).unwrap();
        let letters = Letters::new(def);
        let answer = match FairySetup::parse(def, &letters, fen) {
            Ok(s) => format!("read: {}", s.write(&letters)),
            Err(e) => e.to_string(),
        };
        let _ = writeln!(out, "{what}: {answer}");
    }
    let violations = [
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBKR w KQkq - 0 1"),
        ("chess", "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq e3 0 1"),
    ];
    for (game, fen) in violations {
        let def = variants.get(game).unwrap();
        let letters = Letters::new(def);
        let setup = FairySetup::parse(def, &letters, fen).unwrap();
        let words: Vec<String> = setup.validate(def, &letters).iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "{fen}: {}", words.join("; "));
    }
    insta::assert_snapshot!(out);
}

/// A castling field's `Q` that finds its rook on the king's other side
/// (Fairy-Stockfish looks from the queenside rook file inwards, past the
/// king) gives the right of that rook, and the FEN written names the rook
/// by its file where `K` would read back as another one (X-FEN's rule for a
/// rook not the outermost): the position reads back with the same moves.
/// pyffish writes `Kq` here, which reads back, in pyffish too, without the
/// castling `f1g1`; it reads `Gq` as polyfen does. (Found by the fuzz
/// target `fairy_moves`.)
#[test]
fn a_castling_rook_k_would_not_name_is_written_by_its_file() {
    let rules = polyfen_fairy::registry::rules("chancellor").expect("a built-in game");
    let fen = "rnbqk1nb1/p1p1p1p1r/3p4p/4cp1p1/4B4/9/1NPP1N3/PP2PPPPP/Q2C1KRBR w KQq - 3 11";
    let pos = polyfen_fairy::Position::from_fen(&rules, fen).expect("it reads");
    let written = pos.fen(&rules);
    assert_eq!(written, "rnbqk1nb1/p1p1p1p1r/3p4p/4cp1p1/4B4/9/1NPP1N3/PP2PPPPP/Q2C1KRBR w Gq - 3 11");
    let back = polyfen_fairy::Position::from_fen(&rules, &written).expect("it reads back");
    assert_eq!(rules.legal_uci(&back), rules.legal_uci(&pos));
    assert!(rules.legal_uci(&pos).contains(&"f1g1".to_owned()), "the castling with the rook on g1");
    // the outermost rook is still written K
    let start = polyfen_fairy::Position::start(&rules).expect("its start");
    assert!(start.fen(&rules).contains(" KQkq "), "{}", start.fen(&rules));
}
