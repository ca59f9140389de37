//! The chess variants on the command line, run for real: `--variant` on
//! the position commands, the variants' named setups, a crazyhouse FEN
//! detected by its pocket, and the `games` commands on lichess-style PGN of
//! every variant.

mod common;

use std::path::PathBuf;

use common::polyfen;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// An atomic perft case of the published suites (programfox-1).
const ATOMIC: &str = "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1";
/// A crazyhouse perft case of the published suites (zh-drops).
const DROPS: &str = "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1";
const VARIANTS: [&str; 7] =
    ["crazyhouse", "three-check", "king-of-the-hill", "atomic", "antichess", "horde", "racing-kings"];

fn pgn_file(variant: &str) -> String {
    let path: PathBuf =
        [env!("CARGO_MANIFEST_DIR"), "..", "chess", "tests", "data", "variant-pgn", &format!("{variant}.pgn")]
            .iter()
            .collect();
    path.to_string_lossy().into_owned()
}

#[test]
fn perft_takes_the_variant() {
    let atomic = polyfen(&["perft", "--variant", "atomic", "--depth", "3", ATOMIC]);
    assert_eq!(atomic.code, 0, "{}", atomic.stderr);
    assert_eq!(atomic.stdout.trim(), "45237");
    // the same board played as standard chess counts otherwise
    let chess = polyfen(&["perft", "--depth", "3", ATOMIC]);
    assert_ne!(chess.stdout.trim(), "45237", "{}", chess.stderr);
    let divide = polyfen(&["perft", "--variant", "Atomic", "--depth", "2", "--divide", ATOMIC]);
    assert_eq!(divide.stdout.lines().last(), Some("total: 1238"), "{}", divide.stderr);
    // a name lichess or python-chess write, and a setup of the variant
    let horde = polyfen(&["perft", "--depth", "3", "horde:standard"]);
    assert_eq!(horde.stdout.trim(), "1274", "{}", horde.stderr);
    let kings = polyfen(&["perft", "--variant", "Racing Kings", "--depth", "2", "racing-kings:standard"]);
    assert_eq!(kings.stdout.trim(), "421", "{}", kings.stderr);
}

#[test]
fn moves_takes_the_variant_and_a_pocket_is_crazyhouse() {
    let drops = polyfen(&["moves", "--variant", "crazyhouse", DROPS]);
    assert_eq!(drops.code, 0, "{}", drops.stderr);
    let moves: Vec<&str> = drops.stdout.lines().collect();
    assert_eq!(moves.len(), 67);
    assert!(moves.contains(&"Q@d4"), "{moves:?}");
    // the pocket says crazyhouse without being told
    let detected = polyfen(&["moves", "--notation", "san", DROPS]);
    assert_eq!(detected.stdout.lines().count(), 67, "{}", detected.stderr);
    assert!(detected.stdout.lines().any(|m| m == "Q@c7+"), "{}", detected.stdout);
    let json = polyfen(&["convert", "--to", "json", DROPS]);
    assert!(json.stdout.contains(r#""rules":"crazyhouse""#), "{}", json.stdout);
    assert!(json.stdout.contains(r#""pocket":"Qn""#), "{}", json.stdout);
    let fen = polyfen(&["convert", "--to", "fen", DROPS]);
    assert_eq!(fen.stdout.trim(), DROPS, "{}", fen.stderr);
    // a standard FEN has no rules field
    let chess = polyfen(&["convert", "--to", "json", START]);
    assert!(!chess.stdout.contains("rules"), "{}", chess.stdout);
}

#[test]
fn a_variant_name_is_checked() {
    let unknown = polyfen(&["moves", "--variant", "tandem", START]);
    assert_ne!(unknown.code, 0);
    // the error says how many names there are and where they are listed,
    // and offers the nearest
    assert!(
        unknown.stderr.contains("games and rules variants are known (`polyfen variants` lists them)"),
        "{}",
        unknown.stderr
    );
    let near = polyfen(&["moves", "--variant", "atomik", START]);
    assert!(near.stderr.contains("did you mean atomic?"), "{}", near.stderr);
    let listed = polyfen(&["variants"]);
    for v in VARIANTS {
        assert!(listed.stdout.contains(v), "{v} in {}", listed.stdout);
    }
    let other_game = polyfen(&["moves", "--variant", "atomic", "xiangqi:standard"]);
    assert_ne!(other_game.code, 0);
    assert!(other_game.stderr.contains("atomic is a variant of chess"), "{}", other_game.stderr);
    let no_setup = polyfen(&["validate", "atomic:classic"]);
    assert!(no_setup.stderr.contains("atomic has no setup \"classic\""), "{}", no_setup.stderr);
}

#[test]
fn every_variant_start_validates_and_breaks_its_rules_otherwise() {
    for v in VARIANTS {
        let name = format!("{v}:standard");
        let out = polyfen(&["validate", &name]);
        assert_eq!((out.code, out.stdout.trim()), (0, "ok"), "{name}: {}", out.stderr);
        let fen = polyfen(&["convert", "--to", "fen", &name]);
        let again = polyfen(&["convert", "--to", "fen", "--variant", v, fen.stdout.trim()]);
        assert_eq!(again.stdout, fen.stdout, "{name}");
    }
    // horde's start under standard rules has no white king
    let horde = polyfen(&["convert", "--to", "fen", "horde:standard"]);
    let as_chess = polyfen(&["validate", horde.stdout.trim()]);
    assert_ne!(as_chess.code, 0, "{}", as_chess.stdout);
    // antichess has no royal king; a check in racing kings is illegal
    let antichess = polyfen(&["validate", "--variant", "antichess", "8/8/8/8/8/8/8/kk6 w - - 0 1"]);
    assert_eq!(antichess.code, 0, "{}", antichess.stderr);
    let check = polyfen(&["validate", "--variant", "racing-kings", "8/8/8/8/8/8/k6R/7K b - - 0 1"]);
    assert_ne!(check.code, 0, "{}", check.stdout);
}

#[test]
fn a_variant_position_moves_and_ends_its_own_way() {
    // king of the hill: Kd4 wins
    let koth = "8/8/8/8/8/2K5/8/7k w - - 0 1";
    let played = polyfen(&["apply", "--position", koth, "--variant", "king-of-the-hill", "Kd4"]);
    assert_eq!(played.code, 0, "{}", played.stderr);
    assert_eq!(played.stdout.trim(), "8/8/8/8/3K4/8/8/7k b - - 1 1");
    let status = polyfen(&["status", "--variant", "koth", played.stdout.trim()]);
    assert!(status.stdout.contains("king-of-the-hill"), "{} {}", status.stdout, status.stderr);
    // three-check: counters written, and taken down by a check
    let three = polyfen(&["move", "--position", "three-check:standard", "--to", "uci", "e4", "f6", "Qh5+"]);
    assert_eq!(three.stdout.lines().collect::<Vec<_>>(), ["e2e4", "f7f6", "d1h5"], "{}", three.stderr);
    let after = polyfen(&["apply", "--position", "three-check:standard", "e4", "f6", "Qh5+"]);
    assert_eq!(after.stdout.trim(), "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2");
}

#[test]
fn games_of_every_variant_read_play_and_write_back() {
    for v in VARIANTS {
        let file = pgn_file(v);
        let validated = polyfen(&["games", "validate", &file]);
        assert_eq!(validated.code, 0, "{v}: {} {}", validated.stdout, validated.stderr);
        assert!(validated.stdout.starts_with("ok: "), "{v}: {}", validated.stdout);
        let written = polyfen(&["games", "convert", &file]);
        assert_eq!(written.code, 0, "{v}: {}", written.stderr);
        assert!(written.stderr.is_empty(), "{v}: {}", written.stderr);
        let rewritten = common::run(&["games", "convert", "-"], &written.stdout);
        assert_eq!(rewritten.stdout, written.stdout, "{v}");
        // the same moves, as played from the file and from what was written
        let uci = polyfen(&["games", "convert", "--moves", "uci", &file]);
        let uci_again = common::run(&["games", "convert", "--moves", "uci", "-"], &written.stdout);
        assert_eq!(uci.stdout, uci_again.stdout, "{v}");
        let original = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let tag = original.lines().find(|l| l.starts_with("[Variant ")).unwrap_or_else(|| panic!("{v}: a tag"));
        assert!(written.stdout.contains(tag), "{v}: {tag}");
    }
}

#[test]
fn a_variant_game_written_from_json_names_its_variant() {
    let json = polyfen(&["games", "convert", "--to", "json", &pgn_file("atomic")]);
    assert_eq!(json.code, 0, "{}", json.stderr);
    let first = json.stdout.lines().next().unwrap_or_default();
    assert!(first.contains(r#""rules":"atomic""#), "{first}");
}

#[test]
fn diagrams_show_the_pocket_and_the_counters() {
    let svg = polyfen(&["render", "--style", "svg", "2k5/8/8/8/8/8/8/4K3[QQn] w - - 0 1"]);
    assert_eq!(svg.code, 0, "{}", svg.stderr);
    let pocket: Vec<&str> = svg.stdout.lines().filter(|l| l.contains("class=\"pocket-piece\"")).collect();
    assert_eq!(pocket.len(), 2, "{}", svg.stdout);
    assert!(pocket[0].contains(r#"data-piece="Q" data-count="2""#), "{pocket:?}");
    assert!(pocket[1].contains(r#"data-piece="n" data-count="1""#), "{pocket:?}");
    // the side to move's pieces say how a UCI drop of them begins, for a page
    assert!(pocket[0].contains(r#"data-drop="Q@""#), "{pocket:?}");
    assert!(!pocket[1].contains("data-drop"), "{pocket:?}");
    // the board's pieces are drawn as before, and a standard diagram has no pocket
    assert_eq!(svg.stdout.matches("class=\"piece\"").count(), 2);
    let chess = polyfen(&["render", "--style", "svg", START]);
    assert!(!chess.stdout.contains("pocket"), "{}", chess.stdout);
    let ascii = polyfen(&["render", DROPS]);
    assert!(ascii.stdout.ends_with("pocket: Qn\n"), "{}", ascii.stdout);
    let three = polyfen(&["render", "--style", "unicode", "4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1"]);
    assert!(three.stdout.ends_with("checks to win: white 2, black 3\n"), "{}", three.stdout);
}

#[test]
fn games_take_a_rules_variant_by_any_of_its_names() {
    // a crazyhouse game without a Variant tag: only read as crazyhouse do
    // its drops play
    let pgn = "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *\n";
    let as_chess = common::run(&["games", "validate"], pgn);
    assert_ne!(as_chess.code, 0, "{}", as_chess.stdout);
    for name in ["crazyhouse", "Crazyhouse", "zh"] {
        let read = common::run(&["games", "convert", "--moves", "uci", "--variant", name], pgn);
        assert_eq!(read.code, 0, "{name}: {}", read.stderr);
        assert!(read.stdout.contains("P@d5"), "{name}: {}", read.stdout);
    }
    // the rules replace a Variant tag's, and the game is still its game
    let tagged = pgn.replace("[Result", "[Variant \"Atomic\"]\n[Result");
    let stats = common::run(&["games", "stats", "--variant", "crazyhouse"], &tagged);
    assert_eq!(stats.stdout, "games: 1\nplies: 7\nresults: * 1\nvariants: chess 1\nerrors: 0\n", "{}", stats.stderr);
    // written, the game names the rules it was played by, and reads back
    let written = common::run(&["games", "convert", "--variant", "crazyhouse"], &tagged);
    assert!(written.stdout.contains("[Variant \"Crazyhouse\"]"), "{}", written.stdout);
    assert!(!written.stdout.contains("Atomic"), "{}", written.stdout);
    let again = common::run(&["games", "convert", "-"], &written.stdout);
    assert_eq!((again.code, &again.stdout), (0, &written.stdout), "{}", again.stderr);
    // three-check's counters, read under a python-chess name
    let checks = "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ *\n";
    let json = common::run(&["games", "convert", "--to", "json", "--variant", "3check"], checks);
    assert!(json.stdout.contains(r#""rules":"three-check""#), "{} {}", json.stdout, json.stderr);
    // a game's id still forces the game, and an unknown name lists both kinds
    let antichess = common::run(&["games", "stats", "--variant", "Antichess"], "1. e4 b5 2. Bxb5 *\n");
    assert_eq!(antichess.code, 0, "{}", antichess.stderr);
    // Giveaway is Fairy-Stockfish's and python-chess's game, with castling
    // rights (lichess's antichess has none)
    let giveaway = common::run(&["setup", "Giveaway", "standard"], "");
    assert_eq!(giveaway.stdout, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", "{}", giveaway.stderr);
    let antichess = common::run(&["setup", "antichess", "standard"], "");
    assert!(antichess.stdout.contains(" w - - 0 1"), "{}", antichess.stdout);
    let unknown = common::run(&["games", "stats", "--variant", "tandem"], "");
    assert_ne!(unknown.code, 0);
    assert!(unknown.stderr.contains("the games: chess, xiangqi"), "{}", unknown.stderr);
}

#[test]
fn every_position_command_takes_the_names_lichess_and_python_chess_write() {
    let names = polyfen_test_support::CHESS_VARIANT_NAMES;
    for (name, id) in names {
        let setup = format!("{id}:standard");
        let start = polyfen(&["convert", "--to", "fen", &setup]);
        let fen = start.stdout.trim();
        let by_id = polyfen(&["moves", "--variant", id, fen]);
        let by_name = polyfen(&["moves", "--variant", name, fen]);
        assert_eq!(by_name.code, 0, "{name}: {}", by_name.stderr);
        assert_eq!(by_name.stdout, by_id.stdout, "{name}");
        for command in [
            vec!["perft", "--variant", name, "--depth", "2", fen],
            vec!["validate", "--variant", name, fen],
            vec!["status", "--variant", name, fen],
            vec!["convert", "--to", "json", "--variant", name, fen],
            vec!["apply", "--variant", name, "--position", fen],
            vec!["move", "--variant", name, "--to", "uci", "--position", fen],
        ] {
            let out = polyfen(&command);
            assert_eq!(out.code, 0, "{command:?}: {}", out.stderr);
        }
        let json = polyfen(&["convert", "--to", "json", "--variant", name, fen]);
        assert!(json.stdout.contains(&format!(r#""rules":"{id}""#)), "{name}: {}", json.stdout);
    }
}
