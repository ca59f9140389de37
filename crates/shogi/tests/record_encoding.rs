//! A record whose header declares one encoding while its bytes are in
//! another (json-kifu-format's `no_henka.kif`: `#KIF version=2.0
//! encoding=UTF-8` above `Shift_JIS` bytes) is read in the encoding its
//! bytes are in, and the reading says the declaration was wrong; a true
//! declaration is read as declared, with no repair.

use polyfen_game::records::RecordFormats;
use polyfen_shogi::ShogiRecord;

const KIF: &str = "#KIF version=2.0 encoding=UTF-8\n開始日時：2024/01/01\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:00/00:00:00)\n   2 ３四歩(33)   ( 0:00/00:00:00)\n   3 ２二角成(88) ( 0:00/00:00:00)\n   4 同　銀(31)   ( 0:00/00:00:00)\n";

#[test]
fn a_kif_declaring_utf8_over_shift_jis_bytes_is_read_as_shift_jis_with_a_repair() {
    let bytes = encoding_rs::SHIFT_JIS.encode(KIF).0;
    assert!(std::str::from_utf8(&bytes).is_err(), "the bytes are not UTF-8");
    assert_eq!(ShogiRecord::detect(&bytes), Some(ShogiRecord::Kif));
    assert_eq!(ShogiRecord::Kif.encoding(&bytes), Some("Shift_JIS"));
    let mut games = ShogiRecord::Kif.read(&bytes);
    assert_eq!(games.len(), 1);
    let game = games.remove(0).unwrap_or_else(|e| panic!("{e}"));
    let moves: Vec<&str> = game.moves.iter().map(|n| n.mv.as_str()).collect();
    assert_eq!(moves, ["7g7f", "3c3d", "8h2b+", "3a2b"]);
    assert_eq!(
        game.tags.iter().find(|(k, _)| k == "StartTime").map(|(_, v)| v.as_str()),
        Some("2024/01/01"),
        "{:?}",
        game.tags
    );
    let [repair] = game.repairs.as_slice() else { panic!("{:?}", game.repairs) };
    assert_eq!(
        repair.message,
        "the header declares the encoding UTF-8, but the bytes are not in it; read as Shift_JIS"
    );
    assert_eq!((repair.at.line, repair.at.column, repair.at.offset), (1, 1, 0));
}

#[test]
fn a_true_declaration_is_read_as_declared_with_no_repair() {
    let mut games = ShogiRecord::Kif.read(KIF.as_bytes());
    let game = games.remove(0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.moves.len(), 4);
    assert!(game.repairs.is_empty(), "{:?}", game.repairs);
    let declared = KIF.replace("UTF-8", "Shift_JIS");
    let sjis = encoding_rs::SHIFT_JIS.encode(&declared).0;
    let game = ShogiRecord::Kif.read(&sjis).remove(0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.moves.len(), 4);
    assert!(game.repairs.is_empty(), "{:?}", game.repairs);
}

#[test]
fn a_misdeclared_csa_is_read_too() {
    let csa = "'CSA encoding=UTF-8\nV2.2\nN+先手\nN-後手\nPI\n+\n+7776FU\n-3334FU\n";
    let bytes = encoding_rs::SHIFT_JIS.encode(csa).0;
    let game = ShogiRecord::Csa.read(&bytes).remove(0).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.moves.len(), 2);
    assert!(game.tags.iter().any(|(_, v)| v == "先手"), "{:?}", game.tags);
    assert_eq!(game.repairs.len(), 1, "{:?}", game.repairs);
}
