//! The record formats come from the list of games: each game's own formats
//! are ids of the facade, found, read and written through the game's
//! `RecordFormats`.

use polyfen::VariantId;
use polyfen::records::{GameOptions, RecordFormat, read_pgn};

const GAME: &str = "[Game \"Chinese Chess\"]\n\n1. H2-E2 {center} H9-G7 *\n";

#[test]
fn every_format_has_a_name_that_reads_back_and_a_game() {
    assert_eq!(RecordFormat::ALL[0], RecordFormat::Pgn);
    for &format in RecordFormat::ALL {
        assert_eq!(format.name().parse::<RecordFormat>(), Ok(format));
        assert_eq!(format.variant().is_none(), format == RecordFormat::Pgn, "{format}");
    }
    assert_eq!(RecordFormat::Xqf.variant(), Some(VariantId::Xiangqi));
    assert!(RecordFormat::Cbl.is_binary() && !RecordFormat::Cbf.is_binary() && !RecordFormat::Pgn.is_binary());
}

#[test]
fn write_writes_with_the_formats_game_and_refuses_others() {
    let game = read_pgn(GAME, GameOptions::default()).remove(0).expect("a game");
    let bytes = RecordFormat::Xqf.write(&game).expect("XQF");
    let back = RecordFormat::Xqf.read(&bytes).remove(0).expect("read back");
    assert_eq!(back.moves, game.moves);

    let page = RecordFormat::DhtmlXq.write(&game).expect("DhtmlXQ");
    assert_eq!(RecordFormat::DhtmlXq.read(&page).remove(0).expect("read back").moves, game.moves);

    let chess = read_pgn("1. e4 e5 *", GameOptions::default()).remove(0).expect("a game");
    let error = RecordFormat::Xqf.write(&chess).expect_err("not Xiangqi");
    assert_eq!(error.to_string(), "illegal position: XQF holds Xiangqi games, not chess");
    let read_only = RecordFormat::Cbf.write(&game).expect_err("CBF is read only");
    assert!(read_only.to_string().contains("writer of this record format"), "{read_only}");
    assert!(RecordFormat::Pgn.write(&game).is_err());
}

#[test]
fn a_format_is_written_exactly_when_write_writes_it() {
    // a game of each format's own game, written in it: refused as read
    // only exactly when the format says it is not written
    for &format in RecordFormat::ALL {
        let Some(variant) = format.variant() else {
            assert!(format.is_written(), "PGN is written by Game::write_pgn");
            continue;
        };
        let start = variant.setups()[0].1;
        let pgn = format!("[Variant \"{variant}\"]\n[FEN \"{start}\"]\n\n*\n");
        let game = read_pgn(&pgn, GameOptions::default()).remove(0).expect("a game");
        assert_eq!(game.variant, variant, "{pgn}");
        match format.write(&game) {
            Ok(bytes) => assert!(format.is_written() && !bytes.is_empty(), "{format}"),
            Err(e) => {
                assert!(!format.is_written(), "{format}: {e}");
                assert!(e.to_string().contains("writer of this record format"), "{format}: {e}");
            }
        }
    }
    let read_only: Vec<&str> = RecordFormat::ALL.iter().filter(|f| !f.is_written()).map(|f| f.name()).collect();
    assert_eq!(read_only, ["cbr", "cbl", "cbf"]);
}

#[test]
fn every_format_names_the_extensions_of_its_files() {
    for &format in RecordFormat::ALL {
        let extensions = format.extensions();
        assert!(!extensions.is_empty(), "{format}");
        assert!(
            extensions.iter().all(|e| !e.is_empty() && e.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())),
            "{format}: {extensions:?}"
        );
    }
    // the usual extension first: the format's own name where it has one
    for format in [RecordFormat::Pgn, RecordFormat::Xqf, RecordFormat::Cbl, RecordFormat::Kif, RecordFormat::Jkf] {
        assert_eq!(format.extensions()[0], format.name(), "{format}");
    }
}
