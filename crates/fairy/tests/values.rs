//! How keys resolve: aliases and their narrower keys, letters taken by a
//! later piece, the en passant flag of a custom piece, inheritance.

use polyfen_fairy::{Field, PieceKind, Variants};

fn define(text: &str) -> Variants {
    let mut v = Variants::new();
    v.read("t.ini", text).unwrap_or_else(|e| panic!("{e}"));
    v
}

#[test]
fn a_narrower_key_wins_over_its_alias_whatever_the_line_order() {
    let v = define("[t:chess]\nflagRegionWhite = *8\nflagRegion = d4\n");
    let t = v.get("t").unwrap();
    assert_eq!(t.write_value(Field::FlagRegionWhite), "*8");
    assert_eq!(t.write_value(Field::FlagRegionBlack), "d4");
}

#[test]
fn a_letter_given_to_another_piece_takes_it_and_its_promotion() {
    let v = define("[t:chess]\ncustomPiece1 = q:mQ\n");
    let t = v.get("t").unwrap();
    assert_eq!(t.letter(PieceKind::QUEEN), None);
    assert_eq!(t.write_value(Field::PromotionPieceTypesWhite), "nbr");
    assert_eq!(t.betza(PieceKind::CUSTOM1), "mQ");
}

#[test]
fn a_custom_piece_with_e_captures_en_passant() {
    let v = define("[t:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n");
    let t = v.get("t").unwrap();
    assert!(t.piece_set(Field::EnPassantTypesWhite).contains(PieceKind::CUSTOM1));
    assert_eq!(t.write_value(Field::MainPromotionPawnWhite), "p");
}

#[test]
fn the_last_promotion_pawn_listed_is_the_main_one() {
    let wolf = Variants::builtin().get("wolf").unwrap();
    assert_eq!(wolf.write_value(Field::MainPromotionPawnWhite), "p");
    assert_eq!(wolf.write_value(Field::PromotionPawnTypesWhite), "sp");
}

#[test]
fn no_double_step_means_no_double_step_squares() {
    let v = define("[t:chess]\ndoubleStep = false\n[u:t]\ndoubleStep = true\n");
    assert!(v.get("t").unwrap().region(Field::DoubleStepRegionWhite).is_empty());
    assert!(!v.get("u").unwrap().flag(Field::DoubleStep));
}

#[test]
fn a_king_with_moves_of_its_own() {
    let v = Variants::builtin();
    assert_eq!(v.get("knightmate").unwrap().betza(PieceKind::KING), "N");
    assert_eq!(v.get("chess").unwrap().betza(PieceKind::KING), "K");
}

#[test]
fn show_writes_every_key_with_its_origin() {
    insta::assert_snapshot!(Variants::builtin().get("makpong").unwrap().write_section(true));
}
