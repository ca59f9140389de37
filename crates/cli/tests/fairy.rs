//! The games defined as data on the command line, as the README shows
//! them: `--variant` with Fairy-Stockfish's names, `setup`, `moves`,
//! `perft`, `move`, `variants` and `variants show`, a user's file with
//! `--variants` and `POLYFEN_VARIANTS`, and a broken file refused with its
//! line. Legal moves and perft are checked against the fairy corpus
//! (pyffish's and Fairy-Stockfish's own).

mod common;

use polyfen_test_support::Corpus;

const CORPUS: Corpus = Corpus::new("fairy");

fn corpus_file(name: &str) -> String {
    CORPUS.path().join(name).display().to_string()
}

/// The corpus rows of `game`: its FENs and their sorted legal moves.
fn rows(game: &str) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(corpus_file("positions.tsv")).expect("the fairy corpus");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect::<Vec<_>>())
        // a position without a legal move answers with nothing
        .filter(|cols| cols.len() > 2 && cols[0] == game && cols[2] != "-")
        .map(|cols| (cols[1].to_owned(), cols[2].split(' ').map(str::to_owned).collect()))
        .collect()
}

/// `polyfen moves ARGS` on the FENs of `rows`, one per line: each answer
/// (a blank line between them) sorted, beside the corpus's.
fn check_moves(args: &[&str], rows: &[(String, Vec<String>)]) {
    let stdin: String = rows.iter().flat_map(|(fen, _)| [fen.as_str(), "\n"]).collect();
    let mut all = vec!["moves"];
    all.extend_from_slice(args);
    let out = common::run(&all, &stdin);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let answers: Vec<Vec<String>> = out
        .stdout
        .split("\n\n")
        .map(|block| {
            let mut moves: Vec<String> = block.lines().filter(|l| !l.is_empty()).map(str::to_owned).collect();
            moves.sort();
            moves
        })
        .collect();
    assert_eq!(answers.len(), rows.len(), "{args:?}: {}", out.stdout);
    for ((fen, expected), got) in rows.iter().zip(&answers) {
        assert_eq!(got, expected, "{args:?} {fen}");
    }
}

#[test]
fn built_in_games_by_fairy_stockfishs_names() {
    if CORPUS.get().is_none() {
        return;
    }
    for game in ["makruk", "janggi", "capablanca", "minishogi", "seirawan", "grand", "sittuyin", "giveaway"] {
        let rows = rows(game);
        assert!(!rows.is_empty(), "{game}");
        check_moves(&["--variant", game], &rows);
    }
}

#[test]
fn setup_perft_and_a_move_that_is_not_legal() {
    let setup = common::run(&["setup", "capablanca"], "");
    assert_eq!(setup.stdout, "standard  rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n");
    // Fairy-Stockfish's tests/perft.sh: janggi's start, 1 065 277 at depth 4
    let perft = common::run(&["perft", "--variant", "janggi", "--depth", "3", "janggi:standard"], "");
    assert_eq!((perft.code, perft.stdout.trim()), (0, "33000"), "{}", perft.stderr);
    let divide = common::run(&["perft", "--depth", "2", "--divide", "makruk:standard"], "");
    assert_eq!(divide.code, 0, "{}", divide.stderr);
    assert!(divide.stdout.contains("a3a4: 23"), "{}", divide.stdout);
    let played = common::run(&["move", "--position", "makruk:standard", "--to", "fairy-uci", "e3e4", "d6d5"], "");
    assert_eq!((played.code, played.stdout.as_str()), (0, "e3e4\nd6d5\n"), "{}", played.stderr);
    let illegal = common::run(&["move", "--position", "makruk:standard", "--to", "fairy-uci", "e2e4"], "");
    assert_ne!(illegal.code, 0);
    assert!(illegal.stderr.contains("e2e4 is not a legal move of makruk"), "{}", illegal.stderr);
}

#[test]
fn moves_in_a_familys_notation_and_one_the_game_does_not_write() {
    let wxf = common::run(&["moves", "--notation", "fairy-wxf", "minixiangqi:standard"], "");
    assert_eq!(wxf.code, 0, "{}", wxf.stderr);
    assert!(wxf.stdout.starts_with("C6+1\nC6+2\n"), "{}", wxf.stdout);
    let thai = common::run(&["move", "--position", "makruk:standard", "--to", "fairy-thai-san", "b1d2", "ม-ง๗"], "");
    assert_eq!((thai.code, thai.stdout.as_str()), (0, "ม-ง๒\nม-ง๗\n"), "{}", thai.stderr);
    let refused = common::run(&["moves", "--notation", "fairy-wxf", "makruk:standard"], "");
    assert_ne!(refused.code, 0);
    assert!(refused.stderr.contains("makruk moves cannot be written in fairy-wxf; makruk move notations: fairy-uci, fairy-san, fairy-lan, fairy-thai-san, fairy-thai-lan"), "{}", refused.stderr);
}

#[test]
fn the_list_and_a_resolved_definition() {
    let list = common::run(&["variants"], "");
    assert_eq!(list.code, 0, "{}", list.stderr);
    let makruk = list.stdout.lines().find(|l| l.starts_with("makruk ")).expect("makruk is listed");
    assert!(makruk.contains("fairy") && makruk.contains("builtin.ini:"), "{makruk}");
    let crazyhouse = list.stdout.lines().find(|l| l.starts_with("crazyhouse ")).expect("crazyhouse");
    assert!(crazyhouse.contains("chess") && crazyhouse.contains("built in"), "{crazyhouse}");
    assert_eq!(list.stdout.lines().filter(|l| l.starts_with("crazyhouse ")).count(), 1);
    let show = common::run(&["variants", "show", "makruk"], "");
    assert_eq!(show.code, 0, "{}", show.stderr);
    assert!(show.stdout.contains("[makruk]") && show.stdout.contains("maxRank = 8"), "{}", show.stdout);
    let unknown = common::run(&["variants", "show", "nosuchgame"], "");
    assert_ne!(unknown.code, 0);
    assert!(unknown.stderr.contains("no game is named \"nosuchgame\""), "{}", unknown.stderr);
    // key by key: what makruk's own section changes from chess's
    let explain = common::run(&["variants", "explain", "makruk"], "");
    assert_eq!(explain.code, 0, "{}", explain.stderr);
    let lines: Vec<&str> = explain.stdout.lines().collect();
    assert_eq!(lines[0], "makruk: a rules variant of fairy defined as data, at builtin.ini:108, from chess");
    assert!(lines[1].contains("keys of its own;") && lines[1].contains("taken from chess"), "{}", lines[1]);
    let region = lines.iter().position(|l| l.starts_with("promotionRegionWhite = ")).expect("the region");
    assert_eq!(lines[region], "promotionRegionWhite = *6 *7 *8   (chess: *8)");
    assert_eq!(lines[region + 1], "    Where white's pawns promote.");
    assert!(
        explain.stdout.contains(
            "fers = m   (new)\n    The fers piece, written m, moving as Betza F: it moves or captures one square \
             diagonally."
        ),
        "{}",
        explain.stdout
    );
    let json = common::run(&["variants", "explain", "makruk", "--json"], "");
    let json: serde_json::Value = serde_json::from_str(json.stdout.trim()).expect("one JSON object");
    assert_eq!((&json["parent"], &json["game"]), (&serde_json::json!("chess"), &serde_json::json!("fairy")));
    let unknown = common::run(&["variants", "explain", "chesss"], "");
    assert_ne!(unknown.code, 0);
}

#[test]
fn a_users_file_by_option_and_by_environment() {
    if CORPUS.get().is_none() {
        return;
    }
    let user = corpus_file("user.ini");
    let list = common::run(&["--variants", &user, "variants"], "");
    assert_eq!(list.code, 0, "{}", list.stderr);
    let users: Vec<&str> = list.stdout.lines().filter(|l| l.contains("user.ini:")).collect();
    assert_eq!(users.len(), 143, "{}", list.stdout);
    // each of the file's games, by its section name, as pyffish plays it
    let text = std::fs::read_to_string(corpus_file("positions.tsv")).expect("corpus");
    let mut games: Vec<&str> = Vec::new();
    for name in users.iter().filter_map(|l| l.split_whitespace().next()) {
        if text.lines().any(|l| l.starts_with(&format!("{name}\t"))) && games.len() < 6 {
            games.push(name);
        }
    }
    assert!(games.len() == 6, "{games:?}");
    for game in games {
        check_moves(&["--variants", &user, "--variant", game], &rows(game));
    }
    // POLYFEN_VARIANTS names the same file
    let mut command = std::process::Command::new(common::POLYFEN);
    let out = command.args(["variants"]).env("POLYFEN_VARIANTS", &user).output().expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().filter(|l| l.contains("user.ini:")).count(), 143);
}

#[test]
fn a_broken_file_is_refused_naming_its_line() {
    let dir = std::env::temp_dir().join(format!("polyfen-fairy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("broken.ini");
    std::fs::write(&file, "[mine:chess]\nmaxRank = 8\nmaxRnak = 9\n").expect("written");
    let file = file.display().to_string();
    let out = common::run(&["--variants", &file, "variants"], "");
    assert_eq!(out.code, 2, "{}", out.stdout);
    assert!(out.stderr.contains("broken.ini:3") && out.stderr.contains("maxRank"), "{}", out.stderr);
    assert!(out.stdout.is_empty());
    let missing = common::run(&["--variants", "no-such-file.ini", "variants"], "");
    assert_eq!(missing.code, 2);
    assert!(missing.stderr.contains("cannot read the variants file no-such-file.ini"), "{}", missing.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_misspelt_game_is_answered_with_the_nearest_name() {
    let out = common::run(&["moves", "--variant", "makruc", "8/8/8/8/8/8/8/8 w - - 0 1"], "");
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("unknown rules variant \"makruc\": did you mean makruk?"), "{}", out.stderr);
    // one line, not the list of every name
    assert!(out.stderr.lines().next().is_some_and(|l| l.len() < 200), "{}", out.stderr);
}

#[test]
fn a_running_count_converts_to_json_and_back_and_is_explained() {
    let fen = "8/8/4k3/8/8/2RK4/8/8 b - 32 6 40";
    let json = common::run(&["convert", "--variant", "makruk", "--to", "json", fen], "");
    assert_eq!(json.code, 0, "{}", json.stderr);
    assert!(json.stdout.contains(r#""counting_limit":32,"halfmove_clock":6"#), "{}", json.stdout);
    let back = common::run(&["convert", "--to", "fairy-fen", json.stdout.trim()], "");
    assert_eq!((back.code, back.stdout.trim()), (0, fen), "{}", back.stderr);
    let explained = common::run(&["explain", "--variant", "makruk", fen], "");
    assert_eq!(explained.code, 0, "{}", explained.stderr);
    assert!(explained.stdout.contains("\"32\" counting-limit: The counting limit, 32 plies"), "{}", explained.stdout);
    assert!(explained.stdout.contains("\"6\" counted-plies"), "{}", explained.stdout);
}
