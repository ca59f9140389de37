//! Whatever the text, the reader and the Betza parser do not panic, and
//! what they read writes back to what reads the same.

use polyfen_fairy::{Betza, Variants};
use proptest::prelude::*;

const ALPHABET: &str = "[]:=#; \n\rabcdefghijklmnopqrstuvwxyzKQRBNWFDAHCLZJG0123456789*-+_";

fn ini_text() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "[x]\n",
        "[y:chess]\n",
        "[z:x]\n",
        "[w:w]\n",
        "maxRank = ",
        "maxFile = ",
        "customPiece1 = p:",
        "king = k:",
        "flagRegion = ",
        "promotionPieceTypes = ",
        "pawnTypes = ",
        "promotedPieceType = ",
        "promotionLimit = ",
        "startFen = ",
        "knight = ",
        "mobilityRegionWhiteKing = ",
        "nFoldValue = ",
        "castlingWins = ",
        "\n",
        "#c\n",
        "16",
        "0",
        "a*",
        "*10",
        "d4",
        "p:g",
        "q:1",
        "-",
        "*",
        "mfWcfF",
        "NN",
        "win",
        "KQkq",
        "pnbrq",
        " ",
        "=",
    ]);
    (prop::collection::vec(words, 0..40), prop::collection::vec(any::<char>(), 0..10)).prop_map(|(w, noise)| {
        let mut s: String = w.concat();
        s.extend(noise);
        s
    })
}

proptest! {
    #[test]
    fn the_reader_never_panics_on_arbitrary_text(text in "\\PC{0,300}") {
        let mut v = Variants::new();
        let _ = v.read("p.ini", &text);
    }

    #[test]
    fn the_reader_never_panics_on_near_miss_files(text in ini_text()) {
        let mut v = Variants::new();
        let before = v.len();
        if v.read("p.ini", &text).is_ok() {
            // what was defined writes back to a section that reads again
            for def in &v.definitions()[before..] {
                let written = def.write_section(false);
                let mut again = Variants::empty();
                prop_assert!(again.read("w.ini", &written).is_ok(), "{}", written);
                prop_assert_eq!(again.get(def.name()).unwrap().write_section(false), written);
            }
        }
    }

    #[test]
    fn the_betza_parser_never_panics(text in "\\PC{0,40}") {
        if let Ok(b) = Betza::parse(&text) {
            let _ = b.moves();
            let _ = b.explain();
        }
    }

    #[test]
    fn betza_of_its_own_letters_never_panics(text in prop::collection::vec(prop::sample::select(ALPHABET.chars().collect::<Vec<_>>()), 0..20)) {
        let text: String = text.into_iter().collect();
        if let Ok(b) = Betza::parse(&text) {
            let _ = b.moves();
            let _ = b.explain();
        }
    }
}

fn fen_text() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "rnbqkbnr", "/", "8", "10", "12", "16", "99999", "0", "*", "+", "~", "+P", "Q~", "[", "]", "[Qn]", "[-]", " ",
        "w", "b", "KQkq", "HAha", "-", "e3", "a10", "d5c6", "3+3", "+0+0", "+", "1", "ll", "\u{e9}", "\t",
    ]);
    prop::collection::vec(words, 0..40).prop_map(|w| w.concat())
}

proptest! {
    #[test]
    fn the_fen_reader_never_panics(text in fen_text(), game in prop::sample::select(vec!["chess", "crazyhouse", "shogi", "grand", "amazons", "3check", "seirawan", "xiangqi"])) {
        let def = Variants::builtin().get(game).unwrap();
        let letters = polyfen_fairy::Letters::new(def);
        if let Ok(setup) = polyfen_fairy::FairySetup::parse(def, &letters, &text) {
            let _ = setup.validate(def, &letters);
            let written = setup.write(&letters);
            let again = polyfen_fairy::FairySetup::parse(def, &letters, &written);
            prop_assert_eq!(again.as_ref().ok(), Some(&setup), "{} wrote {}", text, written);
        }
    }

    #[test]
    fn the_fen_reader_never_panics_on_any_text(text in "\\PC{0,80}") {
        let def = Variants::builtin().get("chess").unwrap();
        let letters = polyfen_fairy::Letters::new(def);
        let _ = polyfen_fairy::FairySetup::parse(def, &letters, &text);
    }
}
