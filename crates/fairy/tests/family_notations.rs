//! The move notations of families of games as Fairy-Stockfish writes them
//! (`data/family_notations.tsv`, made by `data/family_notations.py` with
//! pyffish 0.0.90 from the corpus's positions): Xiangqi's WXF, Janggi's,
//! Thai SAN and LAN, Shogi's Hosking and Hodges. Every legal move of every
//! position of the games of each family is written as pyffish writes it,
//! and read back to the same move; the games that write each notation are
//! those the script lists.
//!
//! One difference is pinned: a met that was a pawn (`M~`, Makruk with
//! drops) pyffish writes with the Thai letter `ง` (a file's, not a
//! piece's), where polyfen writes the met's `ม็` as for every other met.
//! And one ambiguity of Fairy-Stockfish's WXF is kept: Manchu's banner
//! (rook, cannon and horse in one) writes a step along its file as the
//! ranks it goes and a horse's leap as the file it lands on, so that
//! `M2-3` is both `h7h4` and `h7g5`; reading such a text is an error naming
//! both moves.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use polyfen_fairy::{FairyMoveNotation, FairyPosition, FamilyNotation, Position, Rules, registry};
use polyfen_game::{GamePosition, MoveToPlay, RuleOptions};

const FAMILY_NOTATIONS: &str = include_str!("data/family_notations.tsv");

fn notation(id: &str) -> FamilyNotation {
    match id {
        "fairy-wxf" => FamilyNotation::Wxf,
        "fairy-janggi" => FamilyNotation::Janggi,
        "fairy-thai-san" => FamilyNotation::ThaiSan,
        "fairy-thai-lan" => FamilyNotation::ThaiLan,
        "fairy-hosking" => FamilyNotation::Hosking,
        "fairy-hodges" => FamilyNotation::Hodges,
        _ => panic!("a notation of the script: {id}"),
    }
}

#[test]
fn every_move_of_each_family_is_written_as_pyffish_writes_it() {
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let mut differences: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if registry::game("makhouse").is_none() {
        registry::define("user.ini", &common::corpus("user.ini")).expect("user.ini reads");
    }
    let (mut written, mut positions, mut pinned) = (0, 0, 0);
    let (mut unread, mut ambiguous) = (Vec::new(), BTreeSet::new());
    let mut families: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for line in FAMILY_NOTATIONS.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, fen, id, moves @ ..] = &fields[..] else { panic!("a row: {line}") };
        let rules = Rules::new(variants.get(name).expect("defined"));
        let n = notation(id);
        families.entry(id).or_default().insert((*name).to_owned());
        let pos = Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        let ours = rules.legal_in(&pos, n);
        let game = FairyPosition::from_fen(name, fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        positions += 1;
        for field in moves {
            let (uci, text) = field.split_once(' ').expect("uci and text");
            let Some((_, mine)) = ours.iter().find(|(m, _)| rules.uci(&pos, *m) == uci) else {
                differences.entry(format!("{name} {id}")).or_default().push(format!("{fen} {uci}: not legal"));
                continue;
            };
            // the met that was a pawn, pinned above
            let promoted_met = mine.strip_prefix("ม็").is_some_and(|rest| text.strip_prefix("ง") == Some(rest));
            if promoted_met {
                pinned += 1;
            } else if mine != text {
                differences
                    .entry(format!("{name} {id}"))
                    .or_default()
                    .push(format!("{fen} {uci}: {mine}, pyffish {text}"));
            }
            written += 1;
            // read back, through the game's reading of any of its notations
            let mut played = game.clone();
            let to_play = MoveToPlay { text, write_as: FairyMoveNotation::FairyUci, lenient: false };
            match played.play_with(to_play, &RuleOptions::default()) {
                Ok(back) if back.text == uci => {}
                Ok(back) => unread.push(format!("{name} {fen} {text}: read as {}, not {uci}", back.text)),
                Err(e) if promoted_met => assert!(e.to_string().contains("is not a legal move"), "{e}"),
                Err(e) if e.to_string().contains("names more than one legal move") => {
                    assert!(e.to_string().contains(uci), "{e}");
                    ambiguous.insert(format!("{name} {fen} {text}"));
                }
                Err(e) => unread.push(format!("{name} {fen} {text}: {e}")),
            }
        }
    }
    let report: Vec<String> = differences
        .iter()
        .map(|(g, d)| format!("{g} ({}): {}", d.len(), d.iter().take(3).cloned().collect::<Vec<_>>().join(" | ")))
        .collect();
    println!("{written} moves of {positions} positions, {} games", corpus_games_of(&families));
    assert!(differences.is_empty(), "{} differ:\n{}", differences.len(), report.join("\n"));
    assert_eq!(pinned, 8, "the moves of a met that was a pawn");
    assert!(ambiguous.iter().all(|a| a.starts_with("manchu ")), "{ambiguous:?}");
    assert_eq!(ambiguous.len(), 6, "the banner's texts of two moves: {ambiguous:?}");
    assert!(unread.is_empty(), "{} not read back:\n{}", unread.len(), unread.join("\n"));
    assert!(written > 25_000 && positions > 800, "{written} moves of {positions} positions");
    // the games that write each notation, found from their rules, are the
    // script's families
    let corpus_games: BTreeSet<String> = common::rows("positions.tsv").into_iter().map(|r| r[0].clone()).collect();
    for (id, games) in &families {
        let n = notation(id);
        let ours: BTreeSet<String> = corpus_games
            .iter()
            .filter(|g| variants.get(g).is_some_and(|def| Rules::new(def).writes(n)))
            .cloned()
            .collect();
        assert_eq!(&ours, games, "{id}");
    }
}

/// How many games the families hold.
fn corpus_games_of(families: &BTreeMap<&str, BTreeSet<String>>) -> usize {
    families.values().flatten().collect::<BTreeSet<_>>().len()
}

/// The Shogi family's moves are explained part by part, in Hodges' and
/// Hosking's notations (every move pyffish writes in them) and in SAN as
/// those games write it (`P*53`, Hodges' with numbers): the parts cover
/// the move's text, one after another, each of a kind of a move's part,
/// and the square the piece goes to is the move's, counted from the right
/// and from the top.
#[test]
fn the_shogi_familys_moves_are_explained_part_by_part() {
    use polyfen_game::explain::{Explain, coordinate_squares};
    let Some(_) = common::CORPUS.get() else { return };
    let variants = common::variants();
    let kinds = ["piece", "drop", "from", "separator", "capture", "to", "promotion"];
    let mut explained: BTreeMap<&str, usize> = BTreeMap::new();
    let mut check = |rules: &Rules, name: &str, text: &str, uci: &str, notation: FairyMoveNotation, hodges: bool| {
        let parts = <FairyPosition as Explain>::move_parts(text, notation, uci);
        let mut at = 0;
        for part in &parts {
            assert_eq!(part.start, at, "{name} {text}: {parts:?}");
            assert!(kinds.contains(&part.kind), "{name} {text}: a {} part", part.kind);
            at = part.end;
        }
        assert_eq!(at, text.len(), "{name} {text}: {parts:?}");
        let to: Vec<_> = parts.iter().filter(|p| p.kind == "to").collect();
        assert_eq!(to.len(), 1, "{name} {text}: {parts:?}");
        let square = coordinate_squares(uci).pop().expect("a square");
        let (file, rank) = square.split_at(1);
        let file = rules.files() - (file.as_bytes()[0] - b'a');
        let rank = rules.ranks() - rank.parse::<u8>().expect("a rank");
        let expected =
            if hodges { format!("{file}{}", char::from(b'a' + rank)) } else { format!("{file}{}", rank + 1) };
        assert_eq!(to[0].text, expected, "{name} {text} ({uci})");
        assert_eq!(to[0].squares, [square], "{name} {text}");
        *explained.entry(if notation == FairyMoveNotation::FairySan { "fairy-san" } else { "family" }).or_default() +=
            1;
    };
    for line in FAMILY_NOTATIONS.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, fen, id, moves @ ..] = &fields[..] else { panic!("a row: {line}") };
        let (notation, hodges) = match *id {
            "fairy-hosking" => (FairyMoveNotation::FairyHosking, false),
            "fairy-hodges" => (FairyMoveNotation::FairyHodges, true),
            _ => continue,
        };
        let rules = Rules::new(variants.get(name).expect("defined"));
        for field in moves {
            let (uci, text) = field.split_once(' ').expect("uci and text");
            check(&rules, name, text, uci, notation, hodges);
        }
        if notation == FairyMoveNotation::FairyHodges {
            // SAN of the same position: Hodges' with numbers
            let game = FairyPosition::from_fen(name, fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
            let options = RuleOptions::default();
            for uci in game.legal_moves(FairyMoveNotation::FairyUci, &options).expect("moves") {
                let to_play = MoveToPlay { text: &uci, write_as: FairyMoveNotation::FairySan, lenient: false };
                let san = game.clone().play_with(to_play, &options).expect("a legal move").text;
                check(&rules, name, &san, &uci, FairyMoveNotation::FairySan, false);
            }
        }
    }
    println!("{explained:?}");
    assert!(explained.get("family").is_some_and(|&n| n > 1000), "{explained:?}");
    assert!(explained.get("fairy-san").is_some_and(|&n| n > 500), "{explained:?}");
}
