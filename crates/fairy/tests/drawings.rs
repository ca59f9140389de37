//! The drawings of the games defined as data: text, text with pictures
//! and SVG, on each game's own board up to 16 × 16 with its walls and
//! pocket; the Shogi family's, Janggi's and the Xiangqi family's pieces
//! drawn with their faces, the others from their letters (chess's pieces
//! with chess's pictures in text).

mod common;

use std::collections::BTreeSet;

use polyfen_fairy::{FairyPosition, registry};
use polyfen_game::GamePosition;

fn drawn(rules: &str, fen: &str, style: &str) -> String {
    FairyPosition::from_fen(rules, fen).unwrap_or_else(|e| panic!("{rules} {fen}: {e}")).render(style)
}

fn start(rules: &str, style: &str) -> String {
    let fen = registry::infos().iter().find(|i| i.id == rules).and_then(|i| i.setup("standard")).expect("a start");
    drawn(rules, fen, style)
}

#[test]
fn text_with_pictures_draws_each_familys_faces() {
    let mut all = String::new();
    for rules in ["minishogi", "janggi", "minixiangqi", "manchu", "makruk", "capablanca"] {
        all.push_str(&start(rules, "unicode"));
        all.push('\n');
    }
    // walls, on Amazons' board
    all.push_str(&drawn("amazons", "6q3/8*1/10/q3*1*2q/9*/9q/Q*1*5*/2*5Q1/10/6Q2Q w - - 8 5", "unicode"));
    // a pocket, in Crazyhouse
    all.push_str(&drawn(
        "crazyhouse",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 0 3",
        "unicode",
    ));
    insta::assert_snapshot!(all);
}

#[test]
fn the_svg_draws_the_families_faces_and_every_other_piece_from_its_letters() {
    let shogi = start("minishogi", "svg");
    for kanji in ["玉", "王", "飛", "角", "金", "銀", "歩"] {
        assert!(shogi.contains(&format!("aria-label=\"{kanji}\"")), "{kanji}");
    }
    // gote's pentagons point at sente, and turn with a flipped board
    assert_eq!(shogi.matches(" rotate(180)").count(), 6);
    assert_eq!(shogi.matches("data-facing=\"south\"").count(), 6);
    let janggi = start("janggi", "svg");
    for face in ["楚", "漢", "車", "馬", "象", "士", "包", "卒", "兵"] {
        assert!(janggi.contains(&format!("aria-label=\"{face}\"")), "{face}");
    }
    // the first player's green, Han's red
    assert_eq!(janggi.matches("stroke=\"#0a6b3c\" stroke-width=\"2\"").count(), 16);
    assert_eq!(janggi.matches("stroke=\"#c0161b\" stroke-width=\"2\"").count(), 16);
    assert!(!janggi.contains("font-size=\"20\""), "no piece of Janggi is a letter");
    let xiangqi = start("minixiangqi", "svg");
    assert!(xiangqi.contains("aria-label=\"帅\"") && xiangqi.contains("aria-label=\"将\""));
    // a game of no family: letters in discs
    let makruk = start("makruk", "svg");
    assert!(makruk.contains(">M</text>") && makruk.contains(">S</text>"), "{makruk}");
}

/// Every position of the corpus is drawn in every style with each of its
/// pieces, a square for each cell of its board.
#[test]
fn every_corpus_position_is_drawn_in_every_style() {
    let Some(_) = common::CORPUS.get() else { return };
    let mut games = BTreeSet::new();
    for row in common::rows("positions.tsv") {
        let [name, fen, ..] = &row[..] else { continue };
        if registry::rules(name).is_none() || !games.insert(name.clone()) {
            continue;
        }
        let Ok(position) = FairyPosition::from_fen(name, fen) else { continue };
        let rules = registry::rules(name).expect("known");
        let board = fen.split([' ', '[']).next().unwrap_or_default();
        let pieces = board.chars().filter(char::is_ascii_alphabetic).count();
        let svg = position.render("svg");
        assert_eq!(svg.matches("class=\"piece\"").count(), pieces, "{name} {fen}");
        let squares = usize::from(rules.files()) * usize::from(rules.ranks());
        assert_eq!(svg.matches("<rect x=").count(), squares, "{name}");
        for style in ["ascii", "unicode"] {
            let text = position.render(style);
            assert_eq!(text.lines().count(), usize::from(rules.ranks()) + 2 + usize::from(fen.contains('[')), "{name}");
        }
    }
    assert!(games.len() > 100, "{}", games.len());
}

#[test]
fn a_board_of_sixteen_files_and_ranks_is_drawn_whole() {
    let file = "[drawn16:chess]\nmaxFile = 16\nmaxRank = 16\ncastling = false\n\
                startFen = rnbqkbnrrnbqkbnr/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/RNBQKBNRRNBQKBNR w - - 0 1\n";
    let _ = registry::define("drawn16.ini", file);
    let ascii = start("drawn16", "ascii");
    assert!(ascii.starts_with("16  r n b q k b n r r n b q k b n r\n"), "{ascii}");
    assert!(ascii.contains("\n    a b c d e f g h i j k l m n o p\n"), "{ascii}");
    let unicode = start("drawn16", "unicode");
    assert!(unicode.contains("\n 1  ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖ ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n"), "{unicode}");
    let svg = start("drawn16", "svg");
    assert_eq!(svg.matches("class=\"piece\"").count(), 64);
    assert!(svg.contains("data-square=\"p16\""));
    assert_eq!(svg.matches("<rect x=").count(), 256);
}
