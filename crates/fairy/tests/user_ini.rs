//! Fairy-Stockfish's own example file reads without error, every section.

use polyfen_fairy::Variants;
use polyfen_test_support::Corpus;

/// Fairy-Stockfish's example file, in the public corpus: the tests that
/// read it are skipped without it.
const USER_INI: Corpus = Corpus::new("fairy/user.ini");

fn user_ini() -> String {
    std::fs::read_to_string(USER_INI.path()).expect("the fairy corpus (../shared/corpus/fairy) is in place")
}

#[test]
fn every_section_of_user_ini_reads_without_error() {
    let Some(_) = USER_INI.get() else { return };
    let mut variants = Variants::new();
    let report = variants.read("user.ini", &user_ini()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.defined.len(), 143);
    // The file gives two keys twice; Fairy-Stockfish, and polyfen, take
    // the later value, and polyfen says so.
    let warnings: Vec<String> = report.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings,
        [
            "user.ini:1197: warning: [epicatomic] castling: given twice in the section (first on line 1189); the later value is used",
            "user.ini:1349: warning: [chessvshp] promotionPieceTypes: given twice in the section (first on line 1346); the later value is used",
        ]
    );
    for name in &report.defined {
        let def = variants.get(name).unwrap();
        for kind in def.pieces() {
            def.moves(kind).unwrap();
        }
    }
}
