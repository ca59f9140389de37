//! A broken variants file gets every error, each with its line, section
//! and key, and the nearest known key for an unknown one.

use polyfen_fairy::{Problem, Variants};

const BROKEN: &str = "\
# a file with one mistake of each kind
[good:chess]
maxRnak = 10
castling = yes
flagRegion = d4 z9
customPiece1 = x:mWq
knight = n:NN
promotionPieceTypes = nbrqx
pawnTypes = p

[orphan:chesss]
castling = false

[ouroboros:serpent]
[serpent:ouroboros]

[self:self]

[chess]

[good]
indented
   = nothing
";

fn errors(text: &str) -> String {
    let mut v = Variants::new();
    match v.read("broken.ini", text) {
        Ok(report) => format!("no error; defined {:?}", report.defined),
        Err(e) => e.render(),
    }
}

#[test]
fn every_mistake_is_reported_with_its_line() {
    insta::assert_snapshot!(errors(BROKEN));
}

#[test]
fn an_unknown_key_gets_the_nearest_known_key() {
    let mut v = Variants::new();
    let err = v.read("x.ini", "[x:chess]\nstalemateValu = win\n").unwrap_err();
    let d = err.errors().next().unwrap();
    assert_eq!(d.line, 2);
    assert_eq!(d.key.as_deref(), Some("stalemateValu"));
    assert_eq!(d.problem, Problem::UnknownKey { hint: Some("stalemateValue".into()) });
}

#[test]
fn a_section_with_bad_keys_is_still_defined_for_its_children() {
    let mut v = Variants::new();
    let err = v.read("x.ini", "[a:chess]\nmaxRank = 0\n[b:a]\ncastling = false\n").unwrap_err();
    assert_eq!(err.errors().count(), 1);
    assert!(!v.get("b").unwrap().flag(polyfen_fairy::Field::Castling));
}

#[test]
fn a_cycle_through_later_sections_is_named() {
    let mut v = Variants::new();
    let err = v.read("x.ini", "[a:b]\n[b:c]\n[c:a]\n").unwrap_err();
    let first = err.errors().next().unwrap();
    assert_eq!(first.problem, Problem::Cycle { chain: vec!["a".into(), "b".into(), "c".into(), "a".into()] });
}

#[test]
fn deprecated_keys_are_read_with_a_warning() {
    let mut v = Variants::new();
    let report = v.read("x.ini", "[old:chess]\npromotionRank = 6\nwhiteFlag = *8\n").unwrap();
    assert_eq!(report.warnings.len(), 2);
    let def = v.get("old").unwrap();
    assert_eq!(def.write_value(polyfen_fairy::Field::PromotionRegionWhite), "*6 *7 *8 *9 *10 *11 *12 *13 *14 *15 *16");
    assert_eq!(def.write_value(polyfen_fairy::Field::PromotionRegionBlack), "*1 *2 *3");
    assert_eq!(def.write_value(polyfen_fairy::Field::FlagRegionWhite), "*8");
}
