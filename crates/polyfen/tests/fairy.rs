//! The games defined as data through the facade, as every layer above it
//! reaches them: each position of the fairy corpus read by its game's name,
//! its legal moves, its status, a move played and the JSON form read back;
//! a user's file added with `define_rules`; the names that stay with the
//! games polyfen plays in their own crates.

use polyfen::{GameStatus, MoveNotation, Notation, Position, ReadOptions, RuleOptions, VariantId, WriteOptions, read};
use polyfen_test_support::Corpus;

const CORPUS: Corpus = Corpus::new("fairy");

fn corpus(name: &str) -> String {
    std::fs::read_to_string(CORPUS.path().join(name)).expect("the fairy corpus is in place")
}

/// Fairy-Stockfish's example file, added once for the whole test binary.
fn with_user_file() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let added = polyfen::define_rules("user.ini", &corpus("user.ini")).expect("user.ini reads");
        assert_eq!(added.len(), 143);
        assert!(added.iter().all(|&(game, _)| game == VariantId::Fairy));
    });
}

fn options(name: &str) -> ReadOptions {
    let (game, rules) = VariantId::of_rules(name).unwrap_or_else(|| panic!("{name} is known"));
    assert_eq!(game, VariantId::Fairy, "{name}");
    ReadOptions::default().with_rules(Some(rules.id))
}

#[test]
fn every_corpus_position_reads_by_name_and_gives_pyffishs_legal_moves() {
    if CORPUS.get().is_none() {
        return;
    }
    with_user_file();
    let mut checked = 0;
    let mut differences = Vec::new();
    let mut last = "";
    for line in corpus("positions.tsv").lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (name, fen, legal, end) = (cols[0], cols[1], cols[2], cols[5]);
        // each game's first row is its start as its definition writes it,
        // perhaps in a short form
        let first = name != last;
        last = name;
        // the games polyfen plays in their own crates keep their names
        let Some((VariantId::Fairy, _)) = VariantId::of_rules(name) else { continue };
        let reading = read(fen, None, &options(name)).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        assert_eq!(reading.notation, Notation::FairyFen);
        let position = reading.position;
        assert_eq!(position.rules(), Some(name), "{fen}");
        let written = position.to_notation(Notation::FairyFen, &WriteOptions::default()).expect("writes").text;
        if first {
            let again = read(&written, None, &options(name)).expect("reads back").position;
            assert_eq!(again, position, "{name}: {fen} wrote {written}");
        } else {
            assert_eq!(written, fen, "{name}: the FEN is written back as pyffish writes it");
        }
        let rules = RuleOptions::default();
        let Ok(mut moves) = position.legal_moves(MoveNotation::FairyUci, &rules) else {
            // a game whose rules are not all played yet says so
            assert!(
                position.legal_moves(MoveNotation::FairyUci, &rules).unwrap_err().to_string().contains("not played")
            );
            continue;
        };
        moves.sort();
        let expected: Vec<&str> = if legal == "-" { Vec::new() } else { legal.split(' ').collect() };
        if moves != expected {
            differences.push(format!("{name} {fen}"));
            continue;
        }
        let status = position.status(&rules).expect("a status");
        assert_eq!(status == GameStatus::Ongoing, end == "-", "{name} {fen}: {status:?}, the corpus says {end}");
        // a move played, and the JSON form read back
        if let Some(first) = moves.first() {
            let mut next = position.clone();
            let played = next.play(first, MoveNotation::FairyUci, &rules).expect("a legal move plays");
            assert_eq!(&played, first);
            let json = next.to_notation(Notation::Json, &WriteOptions::default()).expect("json").text;
            let back = read(&json, None, &ReadOptions::default()).unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(back.position, next, "{json}");
        }
        checked += 1;
    }
    assert!(differences.is_empty(), "{} positions differ from pyffish: {differences:#?}", differences.len());
    assert!(checked > 2500, "{checked}");
}

#[test]
fn a_named_setup_a_perft_and_an_illegal_move() {
    let reading = read("janggi:standard", None, &ReadOptions::default()).expect("janggi's start");
    let position = reading.position;
    assert_eq!((position.variant(), position.rules()), (VariantId::Fairy, Some("janggi")));
    let rules = RuleOptions::default();
    assert_eq!(position.perft(2, &rules).expect("perft"), 1024);
    let error = position.clone().play("e2e4", MoveNotation::FairyUci, &rules).unwrap_err().to_string();
    assert!(error.contains("e2e4 is not a legal move of janggi"), "{error}");
    let capablanca = read("capablanca:standard", None, &ReadOptions::default()).expect("capablanca");
    assert_eq!(
        capablanca.position.to_notation(Notation::FairyFen, &WriteOptions::default()).expect("fen").text,
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
    );
}

#[test]
fn names_of_the_games_polyfen_plays_in_their_crates_stay_theirs() {
    for (name, game, rules) in [
        ("crazyhouse", VariantId::Chess, Some("crazyhouse")),
        ("3check", VariantId::Chess, Some("three-check")),
        ("kingofthehill", VariantId::Chess, Some("king-of-the-hill")),
        ("racingkings", VariantId::Chess, Some("racing-kings")),
        ("antichess", VariantId::Chess, Some("antichess")),
        ("giveaway", VariantId::Fairy, Some("giveaway")),
        ("makruk", VariantId::Fairy, Some("makruk")),
    ] {
        let found = VariantId::of_rules(name).map(|(g, r)| (g, Some(r.id)));
        assert_eq!(found, Some((game, rules)), "{name}");
    }
    // a game's id names the game
    for name in ["chess", "xiangqi", "shogi", "fairy"] {
        assert!(VariantId::of_rules(name).is_none(), "{name}");
    }
    // each id is listed once
    let ids = VariantId::rules_ids();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len());
    assert!(ids.contains(&"makruk") && ids.contains(&"crazyhouse"));
}

#[test]
fn the_fairy_games_own_setup_is_its_definitions_start() {
    let (_, fairy) = VariantId::Fairy.setups()[0];
    let defined = polyfen::describe_rules("fairy").expect("defined").2;
    let start = defined.lines().find_map(|l| l.strip_prefix("startFen = ")).expect("a start");
    assert_eq!(fairy, start);
}

#[test]
fn a_broken_definition_file_names_its_line_and_adds_nothing() {
    let error =
        polyfen::define_rules("broken.ini", "[okgame:chess]\nmaxRank = 8\n[badgame:chess]\nmaxRnak = 8\n").unwrap_err();
    assert!(error.contains("broken.ini:4"), "{error}");
    assert!(error.contains("maxRank"), "the nearest key is the hint: {error}");
    assert!(VariantId::of_rules("okgame").is_none(), "nothing of a broken file is added");
}

#[test]
fn a_records_variant_tag_names_a_game_defined_as_data() {
    use polyfen::records::{GameOptions, read_pgn};
    let game =
        read_pgn("[Variant \"Makruk\"]\n\n1. e3e4 d6d5 2. e4d5 *", GameOptions::default()).remove(0).expect("reads");
    assert_eq!((game.variant, game.start.rules()), (VariantId::Fairy, Some("makruk")));
    assert_eq!(game.main_line(Some(MoveNotation::FairyUci)).expect("a line").moves, ["e3e4", "d6d5", "e4d5"]);
    // written back as it is written, in UCI; asked for, as pychess.org
    // writes PGN, in SAN, and read back
    let mut pgn = String::new();
    game.write_pgn(None, &mut pgn).expect("written");
    assert!(pgn.contains("1. e3e4 d6d5 2. e4d5 *"), "{pgn}");
    pgn.clear();
    game.write_pgn(Some(MoveNotation::FairySan), &mut pgn).expect("written");
    assert!(pgn.contains("1. e4 d5 2. exd5 *"), "{pgn}");
    let again = read_pgn(&pgn, GameOptions::default()).remove(0).expect("reads back");
    assert_eq!(again.main_line(Some(MoveNotation::FairyUci)).expect("a line").moves, ["e3e4", "d6d5", "e4d5"]);
    // a game with no tags of its own (the page's, from a position) is
    // written with one Variant tag, its rules', and read back under them
    let mut untagged = game.clone();
    untagged.tags.clear();
    let mut pgn = String::new();
    untagged.write_pgn(None, &mut pgn).expect("written");
    assert_eq!(pgn.matches("[Variant ").count(), 1, "{pgn}");
    assert!(pgn.contains("[Variant \"makruk\"]"), "{pgn}");
    let again = read_pgn(&pgn, GameOptions::default()).remove(0).expect("reads back");
    assert_eq!(again.start.rules(), Some("makruk"));
    // an illegal move names the game and the move
    let bad = read_pgn("[Variant \"Makruk\"]\n\n1. e2e4 *", GameOptions::default()).remove(0).unwrap_err();
    assert!(bad.error.message.contains("e2e4 is not a legal move of makruk"), "{}", bad.error);
}

#[test]
fn the_n_move_rule_and_repetition_end_a_game_defined_as_data() {
    use polyfen::records::{GameOptions, read_pgn};
    let status = |fen: &str| {
        let position = read(fen, None, &options("shatranj")).expect("reads").position;
        position.status(&RuleOptions::default()).expect("a status").to_string()
    };
    // Shatranj's n-move rule counts 70 moves: 140 plies
    assert_eq!(status("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 139 80"), "ongoing");
    assert_eq!(status("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 140 80"), "drawn-by-rule");
    // the third time the start recurs in a line, the line's end is drawn
    let shuffle = "1. g1f3 g8f6 2. f3g1 f6g8 3. g1f3 g8f6 4. f3g1 f6g8";
    let line = |moves: &str| {
        let pgn = format!("[Variant \"Shatranj\"]\n\n{moves} *\n");
        let game = read_pgn(&pgn, GameOptions::default()).remove(0).expect("reads");
        game.main_line(Some(MoveNotation::FairyUci)).expect("a line").status.to_string()
    };
    assert_eq!(line(shuffle), "drawn-by-rule");
    assert_eq!(line(&shuffle[..shuffle.len() - 5]), "ongoing");
}

/// Xiangqi's chasing rule, in a user's game that inherits it: a rook that
/// follows a rook held on the kings' file at every move loses the
/// repetition for its side; where the chased rook is free to attack back,
/// the same line is drawn.
#[test]
fn a_repetition_of_chases_is_lost_by_the_chaser() {
    use polyfen::records::{GameOptions, read_pgn};
    polyfen::define_rules("chase.ini", "[chasexiangqi:xiangqi]\n").expect("reads");
    let line = |fen: &str| {
        let moves = "1. a5a6 e6e5 2. a6a5 e5e6 3. a5a6 e6e5 4. a6a5 e5e6";
        let pgn = format!("[Variant \"chasexiangqi\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves} *\n");
        let game = read_pgn(&pgn, GameOptions::default()).remove(0).expect("reads");
        game.main_line(Some(MoveNotation::FairyUci)).expect("a line").status.to_string()
    };
    // red, to move after the third repetition, chased at every move
    assert_eq!(line("4k4/9/9/9/4r4/R8/9/9/4A4/4K4 w - - 0 1"), "side-to-move-loses");
    assert_eq!(line("3k5/9/9/9/4r4/R8/9/9/4A4/4K4 w - - 0 1"), "drawn-by-rule");
}

#[test]
fn an_unknown_rules_name_is_answered_with_the_nearest() {
    let error =
        read("8/8/8/8/8/8/8/8 w - - 0 1", None, &ReadOptions::default().with_rules(Some("shatranjj"))).unwrap_err();
    assert!(
        error.to_string().contains("\"shatranjj\" is not a rules variant polyfen plays: did you mean shatranj?"),
        "{error}"
    );
}

#[test]
fn pychess_games_read_in_their_notation_to_their_end_position() {
    use polyfen::records::{GameOptions, read_pgn};
    if CORPUS.get().is_none() {
        return;
    }
    // the end position of each game, in the order of games.pgn
    let ends: Vec<String> = corpus("games.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            v["end"].as_str().expect("an end").to_owned()
        })
        .collect();
    let games = read_pgn(&corpus("games.pgn"), GameOptions::default());
    assert_eq!(games.len(), ends.len());
    let (mut read, mut differences, mut refused) = (0, Vec::new(), Vec::new());
    let mut by_game = std::collections::HashMap::new();
    for (game, end) in games.into_iter().zip(&ends) {
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                refused.push(format!("{end}: {}", e.error));
                continue;
            }
        };
        let line = game.main_line(None).expect("a line");
        let last = line.positions.last().map_or_else(|| game.start.clone(), Clone::clone);
        let notation = game.variant.default_notation();
        // pyffish writes an en passant square only where a capture can take it
        let write = WriteOptions::default().with_en_passant(polyfen::EnPassantPolicy::Legal);
        let ours = last.to_notation(notation, &write).expect("written").text;
        // pyffish's end read as the game's own notation writes it (Shogi's
        // FEN has its hand in brackets, Xiangqi's is Xiangqi FEN)
        let rules = ReadOptions::default().with_rules(game.start.rules());
        let theirs = match polyfen::read(end, Some(notation), &rules) {
            Ok(reading) => reading.position.to_notation(notation, &write).expect("written").text,
            Err(e) => format!("unread: {e}"),
        };
        if ours != theirs {
            differences.push(format!("{:?} {:?}: {ours}, pyffish {theirs}", game.variant, game.start.rules()));
        }
        *by_game.entry(game.variant).or_insert(0) += 1;
        read += 1;
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
    // every game read to its end: Shogi's in Hodges' notation with numbers
    // (`R-58`) and Xiangqi's in SAN (`Cbf3`), each by its own crate
    assert_eq!((read, refused.len()), (ends.len(), 0), "{refused:#?}");
    assert_eq!((by_game.get(&VariantId::Shogi), by_game.get(&VariantId::Xiangqi)), (Some(&2), Some(&2)));
    assert_eq!(by_game.get(&VariantId::Fairy), Some(&216));
}

/// The movetext of a PGN: its words that are not move numbers, results
/// or tags.
fn moves_of(pgn: &str) -> Vec<Vec<String>> {
    pgn.split("\n\n[")
        .map(|game| {
            let movetext = game.lines().filter(|l| !l.trim_end().ends_with("\"]")).collect::<Vec<_>>().join(" ");
            movetext
                .split_whitespace()
                .filter(|w| !w.ends_with('.') && !matches!(*w, "*" | "1-0" | "0-1" | "1/2-1/2"))
                .map(str::to_owned)
                .collect()
        })
        .collect()
}

/// pychess.org's games written back as PGN without a notation asked for
/// are written in the notation pychess writes: SAN as Fairy-Stockfish
/// writes it, Shogi's Hodges with numbers, Xiangqi's SAN.
#[test]
fn pychess_games_are_written_back_in_their_notation() {
    use polyfen::records::{GameOptions, read_pgn};
    if CORPUS.get().is_none() {
        return;
    }
    let source = corpus("games.pgn");
    let games = read_pgn(&source, GameOptions::default());
    let mut written = String::new();
    let mut variants = Vec::new();
    for game in games {
        let game = game.expect("reads");
        variants.push(game.variant);
        game.write_pgn(None, &mut written).expect("written");
    }
    let (theirs, ours) = (moves_of(&source), moves_of(&written));
    assert_eq!(theirs.len(), ours.len());
    let mut differences = Vec::new();
    for ((theirs, ours), variant) in theirs.iter().zip(&ours).zip(&variants) {
        if theirs != ours {
            differences.push(format!("{variant:?}: {} / pychess {}", ours.join(" "), theirs.join(" ")));
        }
    }
    assert!(differences.is_empty(), "{} differ:\n{}", differences.len(), differences.join("\n"));
    assert!(written.contains("1. R-58 P-24") && written.contains("1. Cbf3 Ea8"));
}

/// polyfen's own Shogi PGN also says `Variant "shogi"`, and names its
/// notation (`Format "USI"`): a game written and read back keeps its moves'
/// notation, where pychess's (no `Format` tag) is written in its own.
#[test]
fn a_record_that_names_its_notation_is_written_back_in_it() {
    use polyfen::records::{GameOptions, read_pgn};
    let line = |pgn: &str| {
        let game = read_pgn(pgn, GameOptions::default()).remove(0).expect("reads");
        let mut written = String::new();
        game.write_pgn(None, &mut written).expect("written");
        let back = read_pgn(&written, GameOptions::default()).remove(0).expect("reads back");
        let lines = (game.main_line(None).expect("a line").moves, back.main_line(None).expect("a line").moves);
        (lines, written)
    };
    // a Shogi game found by its moves: written with its tags, read back the same
    let ((ours, back), written) = line("[Vari \"shogi\"]\n1. 7g7f 3c3d *\n");
    assert!(written.contains("[Variant \"shogi\"]") && written.contains("[Format \"USI\"]"), "{written}");
    assert_eq!(ours, ["7g7f", "3c3d"]);
    assert_eq!(back, ours);
    // pychess's: no Format tag, Hodges with numbers both ways
    let ((ours, back), written) = line("[Variant \"shogi\"]\n\n1. P-76 P-34 *\n");
    assert!(!written.contains("Format"), "{written}");
    assert_eq!(ours, ["P-76", "P-34"]);
    assert_eq!(back, ours);
}

#[test]
fn every_san_move_reads_back_as_itself() {
    if CORPUS.get().is_none() {
        return;
    }
    with_user_file();
    let rules = RuleOptions::default();
    let mut checked = 0;
    for line in corpus("positions.tsv").lines().filter(|l| !l.starts_with('#')).step_by(31) {
        let fields: Vec<&str> = line.split('\t').collect();
        // the games of the list's own crates are theirs
        if VariantId::of_rules(fields[0]).is_none_or(|(game, _)| game != VariantId::Fairy) {
            continue;
        }
        let Ok(reading) = read(fields[1], None, &options(fields[0])) else { continue };
        let Ok(moves) = reading.position.legal_moves(MoveNotation::FairySan, &rules) else { continue };
        for san in &moves {
            let mut next = reading.position.clone();
            let played = next.play(san, MoveNotation::FairySan, &rules).expect("a legal move plays");
            assert_eq!(&played, san, "{} {}", fields[0], fields[1]);
            checked += 1;
        }
    }
    assert!(checked > 2_000, "{checked} moves");
}

#[test]
fn a_data_games_moves_are_explained_part_by_part() {
    let kinds = |position: &str, rules: &str, text: &str| -> Vec<(&'static str, String, Vec<String>)> {
        let reading = read(position, None, &options(rules)).expect("reads");
        let explained = polyfen::explain::explain_move_at(&reading.position, text).expect("a legal move");
        explained.parts.into_iter().map(|p| (p.kind, p.text, p.squares)).collect()
    };
    // a drop: the piece and `@`, then the square it goes to
    let drop = kinds("1bsgk/r4/5/4B/KGS1R[Pp] w - - 0 4", "minishogi", "P@a3");
    assert_eq!(
        drop,
        [("drop", "P@".to_owned(), vec!["a3".to_owned()]), ("to", "a3".to_owned(), vec!["a3".to_owned()])]
    );
    // SAN's piece letter, a 10-rank square, UCI's promotion letter
    let janggi = kinds("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", "janggi", "Hc3");
    assert_eq!(janggi.iter().map(|p| p.0).collect::<Vec<_>>(), ["piece", "to"]);
    assert_eq!(janggi[0].2, ["b1"], "the piece that moves is on b1");
    let promotion = kinds("k7/8/8/4P3/8/8/8/4K3 w - - 0 1", "makruk", "e5e6m");
    assert_eq!(promotion.iter().map(|p| p.0).collect::<Vec<_>>(), ["from", "to", "promotion"]);
}

#[test]
fn a_data_games_pieces_are_explained_with_their_moves_in_words() {
    // a named setup is explained as its text
    let explained = polyfen::explain::explain("makruk:standard", None, &ReadOptions::default()).expect("reads");
    let rank = &explained.parts[0];
    assert_eq!(rank.text, "rnsmksnr");
    let fers = rank.parts.iter().find(|p| p.text == "m").expect("the fers");
    assert_eq!(
        fers.meaning,
        "The letter m puts a black fers on d8. It moves or captures one square diagonally (Betza F)."
    );
    // a game's own pieces keep their names alone
    let chess =
        polyfen::explain::explain(polyfen::polyfen_chess::START_FEN, None, &ReadOptions::default()).expect("reads");
    assert_eq!(chess.parts[0].parts[0].meaning, "The letter r puts a black rook on a8.");
}

#[test]
fn a_data_games_moves_are_written_in_its_familys_notation() {
    let rules = RuleOptions::default();
    let start =
        |name: &str| read(&format!("{name}:standard"), None, &ReadOptions::default()).expect("a setup").position;
    // Xiangqi's WXF, Janggi's, Thai SAN and LAN, Hosking's and Hodges', as
    // Fairy-Stockfish writes them (xiangqi and shogi are their own crates')
    let cases = [
        ("minixiangqi", "b1b3", MoveNotation::FairyWxf, "C6+2"),
        ("janggi", "b1c3", MoveNotation::FairyJanggi, "H02-83"),
        ("makruk", "b1d2", MoveNotation::FairyThaiSan, "ม-ง๒"),
        ("makruk", "a3a4", MoveNotation::FairyThaiLan, "บ ก๓-ก๔"),
        ("makruk", "b1d2", MoveNotation::FairyLan, "Nb1-d2"),
        ("minishogi", "d1b3", MoveNotation::FairyLan, "Bd1-b3"),
        ("minishogi", "d1c2", MoveNotation::FairyHosking, "B34"),
        ("minishogi", "d1b3", MoveNotation::FairyHodges, "B-4c"),
    ];
    for (name, uci, notation, written) in cases {
        let position = start(name);
        assert!(position.move_notations().contains(&notation), "{name} {notation}");
        assert!(position.legal_moves(notation, &rules).expect("legal moves").iter().any(|m| m == written));
        let mut next = position.clone();
        assert_eq!(next.play(uci, notation, &rules).as_deref(), Ok(written), "{name}");
        // and read back, in any notation of the game
        let mut again = position.clone();
        assert_eq!(again.play(written, MoveNotation::FairyUci, &rules).as_deref(), Ok(uci), "{name}");
    }
    // a notation of another family is refused, naming the game's own
    let makruk = start("makruk");
    assert_eq!(
        makruk.move_notations(),
        [
            MoveNotation::FairyUci,
            MoveNotation::FairySan,
            MoveNotation::FairyLan,
            MoveNotation::FairyThaiSan,
            MoveNotation::FairyThaiLan
        ]
    );
    let error = makruk.legal_moves(MoveNotation::FairyWxf, &rules).unwrap_err();
    assert!(matches!(error, polyfen::RulesError::NotationOfOtherRules { .. }), "{error:?}");
    assert_eq!(
        error.to_string(),
        "makruk moves cannot be written in fairy-wxf; makruk move notations: fairy-uci, fairy-san, fairy-lan, \
         fairy-thai-san, fairy-thai-lan"
    );
    assert!(makruk.clone().play("b1d2", MoveNotation::FairyHodges, &rules).is_err());
    // a game record is refused a notation its rules do not write, and
    // written in one they do
    let pgn = "[Variant \"Makruk\"]\n\n1. Nd2 *";
    let game = polyfen::records::read_pgn(pgn, polyfen::records::GameOptions::default()).remove(0).expect("reads");
    assert!(game.main_line(Some(MoveNotation::FairyWxf)).is_err());
    assert_eq!(game.main_line(Some(MoveNotation::FairyThaiSan)).expect("a line").moves, ["ม-ง๒"]);
}
