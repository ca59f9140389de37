//! Shogi's record formats (KIF, KI2, CSA, and JKF and USI lines) against the corpus: every
//! generated record gives its expected start, main line, every line of
//! play, result and termination; every real record reads as expected;
//! every game written in each format reads back the same; snapshots of a
//! few written records; the readers never panic; a bad game of a CSA file
//! leaves the others read.

use std::collections::BTreeMap;

use polyfen_game::records::{Node, Record, RecordFormats};
use polyfen_shogi::{ShogiPosition, ShogiRecord};
use polyfen_test_support::Corpus;
use proptest::prelude::*;
use serde_json::Value;

/// The public corpus's Shogi folder: the tests that read it are skipped
/// without it.
const CORPUS: Corpus = Corpus::new("shogi");

type Game = Record<ShogiPosition>;

fn expected(name: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(format!("{CORPUS}/{name}")).expect("the expected readings");
    text.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

fn format_of(format: &str) -> ShogiRecord {
    match format {
        "kif" => ShogiRecord::Kif,
        "ki2" => ShogiRecord::Ki2,
        "csa" => ShogiRecord::Csa,
        other => panic!("no format {other}"),
    }
}

fn read_file(file: &str) -> (ShogiRecord, Game) {
    let bytes = std::fs::read(format!("{CORPUS}/{file}")).expect("a corpus file");
    let format = ShogiRecord::detect(&bytes).unwrap_or_else(|| panic!("{file}: not detected"));
    let mut games = format.read(&bytes);
    assert_eq!(games.len(), 1, "{file}");
    let game = games.remove(0).unwrap_or_else(|e| panic!("{file}: {e}"));
    (format, game)
}

/// Board, side and hand of an SFEN (the move number is informational).
fn position_key(sfen: &str) -> String {
    let fields: Vec<&str> = sfen.split(' ').collect();
    let parsed: polyfen_shogi::Sfen = sfen.parse().expect("an SFEN");
    format!("{} {} {:?}", fields[0], fields[1], parsed.extras.hand)
}

/// Every line of play from the start to a leaf, main line first.
fn lines_of(moves: &[Node]) -> Vec<Vec<String>> {
    fn walk(prefix: &[String], moves: &[Node], out: &mut Vec<Vec<String>>) {
        let mut line = prefix.to_vec();
        let mut alternatives = Vec::new();
        for node in moves {
            for variation in &node.variations {
                alternatives.push((line.clone(), variation));
            }
            line.push(node.mv.clone());
        }
        out.push(line);
        for (before, variation) in alternatives {
            walk(&before, &variation.moves, out);
        }
    }
    let mut out = Vec::new();
    walk(&[], moves, &mut out);
    out
}

fn main_line(game: &Game) -> Vec<String> {
    game.moves.iter().map(|n| n.mv.clone()).collect()
}

fn strings(value: &Value) -> Vec<String> {
    value.as_array().expect("an array").iter().map(|v| v.as_str().expect("a string").to_owned()).collect()
}

fn sorted(mut lines: Vec<Vec<String>>) -> Vec<Vec<String>> {
    lines.sort();
    lines
}

fn check(entry: &Value) -> Game {
    let file = entry["file"].as_str().expect("a file");
    let (format, game) = read_file(file);
    assert_eq!(format, format_of(entry["format"].as_str().expect("a format")), "{file}");
    assert_eq!(
        position_key(&game.start.setup.to_string()),
        position_key(entry["start"].as_str().expect("a start")),
        "{file}: start"
    );
    assert_eq!(main_line(&game), strings(&entry["mainline"]), "{file}: main line");
    let lines: Vec<Vec<String>> = entry["lines"].as_array().expect("lines").iter().map(strings).collect();
    assert_eq!(sorted(lines_of(&game.moves)), sorted(lines), "{file}: lines");
    assert_eq!(game.result_text(), entry["result"].as_str().expect("a result"), "{file}: result");
    assert_eq!(game.tag("Termination"), entry["termination"].as_str(), "{file}: termination");
    game
}

#[test]
fn every_generated_record_reads_as_expected() {
    let Some(_) = CORPUS.get() else { return };
    let entries = expected("records/expected.jsonl");
    assert_eq!(entries.len(), 66);
    for entry in &entries {
        let game = check(entry);
        let file = entry["file"].as_str().unwrap_or("");
        let comments = count_comments(&game);
        if file == "records/ki2/006.ki2" {
            // The expected readings say 0 comments for every KI2 file, but
            // this one holds three `*` lines (the comments of 006.kif, which
            // tsshogi wrote into both): the file is right.
            assert_eq!(comments, 3, "{file}: comments");
        } else if let Some(n) = entry["comments"].as_u64() {
            assert_eq!(comments, n, "{file}: comments");
        }
    }
}

/// The comments of a game (times and bookmarks aside), a comment of
/// several lines counted once a line.
fn count_comments(game: &Game) -> u64 {
    fn of(moves: &[Node]) -> u64 {
        moves
            .iter()
            .map(|n| {
                n.comments.iter().filter(|c| !c.starts_with("[%")).map(|c| c.lines().count() as u64).sum::<u64>()
                    + n.variations.iter().map(|v| of(&v.moves)).sum::<u64>()
            })
            .sum()
    }
    game.comments.iter().map(|c| c.lines().count() as u64).sum::<u64>() + of(&game.moves)
}

#[test]
fn every_real_record_reads_as_expected() {
    let Some(_) = CORPUS.get() else { return };
    let entries = expected("real/expected.jsonl");
    assert_eq!(entries.len(), 26);
    for entry in &entries {
        check(entry);
    }
}

#[test]
fn headers_times_comments_and_endings_are_kept() {
    let Some(_) = CORPUS.get() else { return };
    let (_, game) = read_file("records/kif/009.kif");
    assert_eq!(game.tag("Sente"), Some("棋譜花子"));
    assert_eq!(game.tag("Gote"), Some("ランダム二号"));
    assert_eq!(game.tag("StartTime"), Some("2024/08/16 17:05:00"));
    assert_eq!(game.tag("Handicap"), Some("平手"));
    assert_eq!(game.moves[0].comments, ["[%emt 0:00:02]"]);
    assert_eq!(game.moves[15].comments, ["[%emt 0:00:00]", "手拍子の一手"]);
    let (_, csa) = read_file("records/csa/006.csa");
    assert_eq!(csa.comments, ["対局前のコメント"]);
    assert_eq!(csa.moves[0].comments, ["[%emt 0:02:05]"]);
    // each comment line is a comment
    let (_, oui) = read_file("real/python-shogi/oui2013-namekata-habu.kif");
    assert_eq!(oui.comments, ["ホテルアイネにて", "", "コメントは複数行あるよ"]);
    // a bookmark is a comment of its own
    let (_, henka) = read_file("real/json-kifu-format/henka.kif");
    assert!(henka.comments.iter().any(|c| c == "[%bookmark 読み込み時表示]"), "{:?}", henka.comments);
}

/// The peers disagree on `fork.kif`'s variations: python-shogi reads them
/// into the main line. Kakinoki's format says `変化：N手` replaces move N
/// of the line read last that has one, so the main line is the three
/// moves before `投了`, and the file has eight lines of play.
#[test]
fn variations_replace_the_move_they_name() {
    let Some(_) = CORPUS.get() else { return };
    let (_, game) = read_file("real/json-kifu-format/fork.kif");
    assert_eq!(main_line(&game), ["7g7f", "3c3d", "2g2f"]);
    assert_eq!(lines_of(&game.moves).len(), 8);
    assert_eq!(game.result.as_deref(), Some("1-0"));
}

fn write(format: ShogiRecord, game: &Game) -> String {
    let bytes = format.write(game).expect("written").unwrap_or_else(|e| panic!("{format:?}: {e}"));
    String::from_utf8(bytes).expect("UTF-8")
}

fn same_game(a: &Game, b: &Game, what: &str, variations: bool) {
    assert_eq!(a.start.setup.board, b.start.setup.board, "{what}: start");
    assert_eq!(a.start.setup.extras.turn, b.start.setup.extras.turn, "{what}: side");
    assert_eq!(a.start.setup.extras.hand, b.start.setup.extras.hand, "{what}: hand");
    assert_eq!(a.result_text(), b.result_text(), "{what}: result");
    match (a.tag("Termination"), b.tag("Termination")) {
        // CSA has no special for a termination such as 49手詰: a comment says it
        (Some(t), None) if !variations => {
            assert!(b.comments.contains(&format!("Termination: {t}")), "{what}: termination");
        }
        (a, b) => assert_eq!(a, b, "{what}: termination"),
    }
    if variations {
        assert_eq!(a.moves, b.moves, "{what}: moves");
        assert_eq!(a.comments, b.comments, "{what}: comments");
    } else {
        assert_eq!(main_line(a), main_line(b), "{what}: main line");
        let comments = |g: &Game| g.moves.iter().map(|n| n.comments.clone()).collect::<Vec<_>>();
        assert_eq!(comments(a), comments(b), "{what}: comments");
    }
    for tag in ["Sente", "Gote", "Event", "StartTime"] {
        assert_eq!(a.tag(tag), b.tag(tag), "{what}: {tag}");
    }
}

#[test]
fn every_corpus_game_round_trips_in_every_format() {
    let Some(_) = CORPUS.get() else { return };
    let mut files: Vec<String> =
        expected("records/expected.jsonl").iter().map(|e| e["file"].as_str().unwrap_or("").to_owned()).collect();
    files.extend(expected("real/expected.jsonl").iter().map(|e| e["file"].as_str().unwrap_or("").to_owned()));
    for file in files {
        let (_, game) = read_file(&file);
        for format in [ShogiRecord::Kif, ShogiRecord::Ki2, ShogiRecord::Csa, ShogiRecord::Jkf] {
            let text = write(format, &game);
            assert_eq!(ShogiRecord::detect(text.as_bytes()), Some(format), "{file} as {format:?}:\n{text}");
            let mut back = format.read(text.as_bytes());
            let back = back.remove(0).unwrap_or_else(|e| panic!("{file} as {format:?}: {e}\n{text}"));
            assert!(back.repairs.is_empty(), "{file} as {format:?}: {:?}", back.repairs);
            if format == ShogiRecord::Jkf {
                // JKF holds every tag, in its order
                assert_eq!(back.tags, game.tags, "{file} as JKF");
            }
            if format == ShogiRecord::Ki2 {
                // KI2 holds no times and no end of a variation
                same_game(&kept(&game), &kept(&back), &format!("{file} as {format:?}"), true);
            } else {
                same_game(&game, &back, &format!("{file} as {format:?}"), format != ShogiRecord::Csa);
            }
        }
    }
}

/// The game without its `[%emt]` times and `[%end]` ends of variations.
fn kept(game: &Game) -> Game {
    fn strip(moves: &mut [Node]) {
        for node in moves {
            node.comments.retain(|c| !c.starts_with("[%emt ") && !c.starts_with("[%end "));
            for variation in &mut node.variations {
                strip(&mut variation.moves);
            }
        }
    }
    let mut game = game.clone();
    strip(&mut game.moves);
    game
}

#[test]
fn written_records() {
    let Some(_) = CORPUS.get() else { return };
    for (file, formats) in [
        ("records/kif/009.kif", &[ShogiRecord::Kif, ShogiRecord::Ki2][..]),
        ("records/kif/013.kifu", &[ShogiRecord::Kif, ShogiRecord::Csa][..]),
        ("records/csa/004.csa", &[ShogiRecord::Kif, ShogiRecord::Csa][..]),
        ("real/json-kifu-format/fork.kif", &[ShogiRecord::Kif, ShogiRecord::Ki2, ShogiRecord::Jkf][..]),
        ("records/kif/017.kif", &[ShogiRecord::Jkf, ShogiRecord::Usi][..]),
    ] {
        let (_, game) = read_file(file);
        for &format in formats {
            let name = format!("{}_{}", file.replace(['/', '.'], "_"), format.name());
            insta::assert_snapshot!(name, write(format, &game));
        }
    }
}

#[test]
fn errors_name_the_line_and_the_column() {
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n";
    let error = ShogiRecord::Kif.read(kif.as_bytes()).remove(0).unwrap_err();
    // the origin 7g is empty: the column of 歩(77)
    assert!(error.message.starts_with("line 4, column 8: move 2 ７六歩(77)"), "{}", error.message);
    assert_eq!(error.offset, kif.find("   2").unwrap() as u64 + 5 + 6);
    let partial = error.partial.expect("the game up to the bad move");
    assert_eq!(main_line(&partial), ["7g7f"]);
    assert_eq!(partial.unplayed.as_deref(), Some("   2 ７六歩(77)\n"));
    let unknown = ShogiRecord::Kif.read("手合割：トンボ\n".as_bytes()).remove(0).unwrap_err();
    assert!(unknown.message.starts_with("line 1, column 5: 手合割 \"トンボ\""), "{}", unknown.message);
    // a CSA file read as KIF: its first line is no KIF header
    let csa = "V2.2\nPI\n+\n+7776FU\n-3334FU,+8822XX\n";
    let error = ShogiRecord::Kif.read(csa.as_bytes()).remove(0).unwrap_err();
    assert!(error.message.starts_with("line 1, column 1: expected a header"), "{}", error.message);
    let error = ShogiRecord::Csa.read(csa.as_bytes()).remove(0).unwrap_err();
    assert!(error.message.starts_with("line 5, column 14: move 3 +8822XX"), "{}", error.message);
}

#[test]
fn lenient_readings_are_reported_with_their_place() {
    let kif = "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同銀(31)\n";
    let game = ShogiRecord::Kif.read(kif.as_bytes()).remove(0).expect("read");
    assert_eq!(main_line(&game), ["7g7f", "3c3d", "8h2b+", "3a2b"]);
    assert_eq!(game.repairs.len(), 1, "{:?}", game.repairs);
    assert_eq!((game.repairs[0].at.line, game.repairs[0].at.column), (5, 6));
    let ki2 = "▲７六歩 △３四歩 ▲２二角成 △同 銀\n";
    let game = ShogiRecord::Ki2.read(ki2.as_bytes()).remove(0).expect("read");
    assert_eq!(game.moves.len(), 4);
    assert_eq!(game.repairs.len(), 1, "{:?}", game.repairs);
}

#[test]
fn a_bad_game_of_a_csa_file_leaves_the_others_read() {
    let text = "V2.2\nN+a\nPI\n+\n+7776FU\n%TORYO\n/\nN+b\nPI\n+\n+7775FU\n/\nN+c\nPI\n+\n+2726FU\n-8384FU\n%CHUDAN\n";
    let games = ShogiRecord::Csa.read(text.as_bytes());
    assert_eq!(games.len(), 3);
    // gote, to move after +7776FU, resigns
    assert_eq!(games[0].as_ref().map(|g| g.result_text().to_owned()), Ok("1-0".to_owned()));
    let bad = games[1].as_ref().unwrap_err();
    assert!(bad.message.starts_with("line 11, column 1:"), "{}", bad.message);
    assert_eq!(games[2].as_ref().map(|g| g.moves.len()), Ok(2));
    assert_eq!(games[2].as_ref().map(|g| g.tag("Sente").map(str::to_owned)), Ok(Some("c".to_owned())));
}

#[test]
fn detection_claims_shogi_records_only() {
    for (text, format) in [
        (&b"V2.2\nPI\n+\n"[..], Some(ShogiRecord::Csa)),
        (b"+7776FU\n-3334FU\n", Some(ShogiRecord::Csa)),
        ("手合割：平手\n".as_bytes(), Some(ShogiRecord::Kif)),
        ("▲７六歩    △３四歩\n".as_bytes(), Some(ShogiRecord::Ki2)),
        (b"position startpos moves 7g7f\n", Some(ShogiRecord::Usi)),
        (b"\n# games\nsfen 4k4/9/9/9/9/9/9/9/4K4 b G 1\n", Some(ShogiRecord::Usi)),
        (b"{\"header\": {}, \"moves\": [{}]}", Some(ShogiRecord::Jkf)),
        (b"{\"variant\":\"shogi\",\"tags\":[],\"moves\":[]}", None),
        (b"[Event \"?\"]\n\n1. e4 e5 *\n", None),
        (b"[Variant \"shogi\"]\n\n1. 7g7f 3c3d *\n", None),
        (b"XQ\x0a\0\0", None),
        (b"", None),
    ] {
        assert_eq!(ShogiRecord::detect(text), format, "{}", String::from_utf8_lossy(text));
    }
    // Shift_JIS
    let sjis = encoding_rs::SHIFT_JIS.encode("開始日時：2024/01/01\n手合割：平手\n").0;
    assert_eq!(ShogiRecord::detect(&sjis), Some(ShogiRecord::Kif));
    assert_eq!(ShogiRecord::Kif.encoding(&sjis), Some("Shift_JIS"));
}

/// No file of the other games' corpora (PGN, XQF, CBR, CBL, `DhtmlXQ`, FEN
/// lists) is taken for a Shogi record.
#[test]
fn other_games_files_are_not_claimed() {
    use std::io::Read;
    let Some(_) = CORPUS.get() else { return };
    let mut stack =
        vec![format!("{CORPUS}/../pgn"), format!("{CORPUS}/../xiangqi-records"), format!("{CORPUS}/../chess")];
    let mut seen = 0;
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path.to_string_lossy().into_owned());
                continue;
            }
            let mut head = Vec::new();
            let file = std::fs::File::open(&path).expect("a corpus file");
            file.take(64 * 1024).read_to_end(&mut head).expect("read");
            assert_eq!(ShogiRecord::detect(&head), None, "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen > 10, "{seen} files");
}

#[test]
fn each_ending_is_a_result_and_a_termination() {
    let mut seen = BTreeMap::new();
    for (special, result, termination) in [
        ("%TORYO", "0-1", "resign"),
        ("%TIME_UP", "0-1", "time forfeit"),
        ("%KACHI", "1-0", "entering king"),
        ("%+ILLEGAL_ACTION", "0-1", "illegal move"),
        ("%-ILLEGAL_ACTION", "1-0", "illegal move"),
        ("%SENNICHITE", "1/2-1/2", "repetition"),
        ("%JISHOGI", "1/2-1/2", "impasse"),
        ("%CHUDAN", "*", "interrupt"),
    ] {
        // one move played: sente is to move... no, gote is to move after +7776FU
        let text = format!("PI\n+\n+7776FU\n-3334FU\n{special}\n");
        let game = ShogiRecord::Csa.read(text.as_bytes()).remove(0).expect("read");
        assert_eq!((game.result_text(), game.tag("Termination")), (result, Some(termination)), "{special}");
        seen.insert(special, game);
    }
    for (word, result, termination) in [
        ("投了", "0-1", "resign"),
        ("反則勝ち", "1-0", "illegal move"),
        ("切れ負け", "0-1", "time forfeit"),
        ("持将棋", "1/2-1/2", "impasse"),
        ("詰み", "0-1", "mate"),
    ] {
        let text = format!("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 {word}\n");
        let game = ShogiRecord::Kif.read(text.as_bytes()).remove(0).expect("read");
        assert_eq!((game.result_text(), game.tag("Termination")), (result, Some(termination)), "{word}");
        // and written back in each format
        for format in [ShogiRecord::Kif, ShogiRecord::Ki2, ShogiRecord::Csa] {
            let back = format.read(write(format, &game).as_bytes()).remove(0).expect("read back");
            assert_eq!((back.result_text(), back.tag("Termination")), (result, Some(termination)), "{word} {format:?}");
        }
    }
}

/// A JKF document of moves with any squares, pieces, flags, times and
/// forks, in range or not.
fn jkf_document() -> impl Strategy<Value = String> {
    let kind = prop::sample::select(vec!["FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "UM", "RY", "XX"]);
    let place = (0u8..=11, 0u8..=11);
    let entry = (
        proptest::option::of(place.clone()),
        proptest::option::of(place),
        kind,
        any::<Option<bool>>(),
        proptest::option::of((any::<u64>(), 0u64..100)),
        proptest::option::of(prop::sample::select(vec!["TORYO", "CHUDAN", "KACHI", "NOPE"])),
    )
        .prop_map(|(from, to, piece, promote, time, special)| {
            let mut fields = Vec::new();
            let place = |(x, y): (u8, u8)| format!("{{\"x\":{x},\"y\":{y}}}");
            let mut mv = vec![format!("\"piece\":\"{piece}\"")];
            mv.extend(from.map(|p| format!("\"from\":{}", place(p))));
            mv.extend(to.map(|p| format!("\"to\":{}", place(p))));
            mv.extend(promote.map(|p| format!("\"promote\":{p}")));
            fields.push(format!("\"move\":{{{}}}", mv.join(",")));
            fields.extend(time.map(|(m, s)| format!("\"time\":{{\"now\":{{\"m\":{m},\"s\":{s}}}}}")));
            fields.extend(special.map(|s| format!("\"special\":\"{s}\"")));
            format!("{{{}}}", fields.join(","))
        });
    (proptest::collection::vec(entry.clone(), 0..12), proptest::collection::vec(entry, 0..4), 0usize..12).prop_map(
        |(main, fork, at)| {
            let mut entries: Vec<String> = main;
            if let Some(e) = entries.get_mut(at) {
                let fork = fork.join(",");
                e.insert_str(e.len() - 1, &format!(",\"forks\":[[{fork}]]"));
            }
            format!("{{\"header\":{{\"先手\":\"a\"}},\"moves\":[{{}},{}]}}", entries.join(","))
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn jkf_reads_and_writes_any_document_without_panicking(document in jkf_document()) {
        for game in ShogiRecord::Jkf.read(document.as_bytes()) {
            let game = match game {
                Ok(game) => game,
                Err(error) => {
                    prop_assert!(error.message.starts_with("line "), "{}", error.message);
                    match error.partial { Some(partial) => *partial, None => continue }
                }
            };
            let written = ShogiRecord::Jkf.write(&game).expect("a writer").expect("what was read is written");
            let back = ShogiRecord::Jkf.read(&written).remove(0).expect("and read back");
            prop_assert_eq!(back.moves, game.moves);
        }
    }

    #[test]
    fn a_damaged_game_of_a_csa_file_leaves_the_others_read(
        changes in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let Some(_) = CORPUS.get() else { return Ok(()) };
        let read = |file: &str| std::fs::read(format!("{CORPUS}/records/csa/{file}")).expect("a corpus file");
        let (first, second, third) = (read("001.csa"), read("002.csa"), read("006.csa"));
        let mut damaged = second.clone();
        for (index, byte) in changes {
            let at = index.index(damaged.len());
            damaged[at] = byte;
        }
        let mut file = first.clone();
        file.extend_from_slice(b"/\n");
        file.extend_from_slice(&damaged);
        file.extend_from_slice(b"\n/\n");
        file.extend_from_slice(&third);
        let games = ShogiRecord::Csa.read(&file);
        let alone = |bytes: &[u8]| ShogiRecord::Csa.read(bytes).remove(0).expect("a good game");
        let first_read = games.first().and_then(|g| g.as_ref().ok()).expect("the first game");
        let last_read = games.last().and_then(|g| g.as_ref().ok()).expect("the last game");
        // the moves (a damaged byte may change the encoding found for the
        // whole file, and with it the comments' text)
        prop_assert_eq!(main_line(first_read), main_line(&alone(&first)));
        prop_assert_eq!(main_line(last_read), main_line(&alone(&third)));
    }

    #[test]
    fn readers_never_panic_on_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        for format in [ShogiRecord::Kif, ShogiRecord::Ki2, ShogiRecord::Csa, ShogiRecord::Usi, ShogiRecord::Jkf] {
            let _ = format.read(&bytes);
        }
        let _ = ShogiRecord::detect(&bytes);
    }

    #[test]
    fn readers_never_panic_on_corpus_files_with_bytes_changed(
        pick in 0usize..92,
        changes in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
    ) {
        let Some(_) = CORPUS.get() else { return Ok(()) };
        let mut files: Vec<String> = expected("records/expected.jsonl").iter().chain(expected("real/expected.jsonl").iter())
            .map(|e| e["file"].as_str().unwrap_or("").to_owned()).collect();
        files.sort();
        let file = &files[pick % files.len()];
        let mut bytes = std::fs::read(format!("{CORPUS}/{file}")).expect("a corpus file");
        for (index, byte) in changes {
            let at = index.index(bytes.len());
            bytes[at] = byte;
        }
        for format in [ShogiRecord::Kif, ShogiRecord::Ki2, ShogiRecord::Csa, ShogiRecord::Usi, ShogiRecord::Jkf] {
            let _ = format.read(&bytes);
        }
    }
}

/// Where the peers read the real records differently, and who is right.
#[test]
fn where_the_peers_disagree() {
    let Some(_) = CORPUS.get() else { return };
    // 王 for 玉 (Kifu for Windows wrote it in 2008): read, and said.
    let (_, kyoochi) = read_file("real/json-kifu-format/20081220kyoochi.kif");
    assert!(!kyoochi.repairs.is_empty(), "王 is reported");
    assert!(kyoochi.repairs.iter().all(|r| r.at.line > 0 && r.at.column > 0), "{:?}", kyoochi.repairs);
    // 手合割：その他 with a board diagram: the diagram is the start (cshogi
    // refuses the file; python-shogi gives up).
    let (_, nine) = read_file("real/json-kifu-format/9fu.kif");
    assert_eq!(nine.start.setup.to_string(), "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1");
    // A diagram's start is sente to move when it says 先手番 or nothing
    // (python-shogi gives the side after the last move instead).
    let (_, tsume) = read_file("real/python-shogi/tsume-oouchi.kif");
    assert_eq!(tsume.start.setup.extras.turn, polyfen_core::Color::White);
    // P-00KA00KE: two knights in gote's hand, counted (python-shogi drops
    // the letters of the counts).
    let (_, issue43) = read_file("real/cshogi/parse_position_issue43.csa");
    assert_eq!(issue43.start.setup.to_string(), "2sgkgs2/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B7/1NSGKGSN1 b R2Lb2n2l 1");
    // EUC-JP, which neither the KIF nor the CSA default says: found.
    let bytes = std::fs::read(format!("{CORPUS}/real/json-kifu-format/2005_YAMADA_GPS.csa")).expect("the file");
    assert_eq!(ShogiRecord::Csa.encoding(&bytes), Some("EUC-JP"));
    let (_, yamada) = read_file("real/json-kifu-format/2005_YAMADA_GPS.csa");
    assert_eq!(yamada.tag("Gote"), Some("山田将棋 Version 2.18 (LEVEL5)"));
}
