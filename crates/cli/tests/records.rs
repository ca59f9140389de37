//! The `games` commands on the games' own record formats, run for real:
//! Xiangqi's XQF, CBR/CBL and CBF, Shogi's KIF, KI2, CSA and JKF, read from
//! files and standard input, detected from their content, converted to
//! each other and to PGN, with their errors named by file, line and byte;
//! and the outcomes only a Shogi game's history tells.

mod common;

/// The `games` commands on Xiangqi record files: XQF read from files and
/// standard input, detection from the content, `--from-format`, `--to xqf`,
/// many files at once with their errors named by file and byte.
mod xiangqi {
    use polyfen_test_support::Corpus;

    /// The public corpus's Xiangqi records: the tests that read them are
    /// skipped without it.
    const RECORDS: Corpus = Corpus::new("xiangqi-records");

    use super::common::run_raw as polyfen;

    fn path(relative: &str) -> String {
        format!("{RECORDS}/{relative}")
    }

    #[test]
    fn xqf_converts_to_pgn_in_chinese() {
        let Some(_) = RECORDS.get() else { return };
        let out = polyfen(&["games", "convert", "--to", "pgn", "--moves", "chinese", &path("xqf/03000.xqf")], b"")
            .succeeded();
        insta::assert_snapshot!(out.text());
    }

    #[test]
    fn xqf_lines_from_standard_input() {
        let Some(_) = RECORDS.get() else { return };
        let bytes = std::fs::read(path("xqf/03000.xqf")).expect("a file");
        let out = polyfen(&["games", "lines", "--moves", "iccs"], &bytes).succeeded();
        assert_eq!(
            out.text(),
            "C8-C9 D9-D8 C7-C8 D8-D7 C8-D8 D7-D8 A9-B7 D8-D7 C9-C7 D7-D8 C7-C5 D8-D7 B7-C9\n\
             C8-C9 D9-D8 C7-C8 D8-D7 C8-D8 D7-D8 A9-B7 D8-D7 C9-C7 D7-D8 C7-C5 D8-D9 C5-C9\n"
        );
    }

    #[test]
    fn pgn_converts_to_xqf_and_back() {
        let Some(_) = RECORDS.get() else { return };
        let pgn = path("cchess-tests/test2.pgn");
        let xqf = polyfen(&["games", "convert", "--to", "xqf", &pgn], b"").succeeded();
        assert!(xqf.stdout.starts_with(b"XQ\x0a"));
        let from_xqf = polyfen(&["games", "lines", "--moves", "chinese", "-"], &xqf.stdout);
        let from_pgn = polyfen(&["games", "lines", "--moves", "chinese", &pgn], b"");
        assert_eq!(from_xqf.code, 0, "{}", from_xqf.stderr);
        assert_eq!(from_xqf.text(), from_pgn.text());
        assert!(from_xqf.text().starts_with("相七进五 炮２平５"), "{}", from_xqf.text());
    }

    #[test]
    fn xqf_holds_one_game() {
        let two = "[Game \"Chinese Chess\"]\n\n1. H2-E2 *\n\n[Game \"Chinese Chess\"]\n\n1. C3-C4 *\n";
        let out = polyfen(&["games", "convert", "--to", "xqf"], two.as_bytes());
        assert_eq!(out.code, 1);
        assert!(out.stdout.starts_with(b"XQ\x0a"));
        assert_eq!(out.stderr, "polyfen: <stdin>: game 2: not written: an XQF file holds one game\n");
    }

    /// The XQF files of the corpus folder `dir`, in order.
    fn xqf_files(dir: &str) -> Vec<String> {
        let mut files: Vec<String> = std::fs::read_dir(path(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.expect("an entry").path().display().to_string())
            .filter(|p| p.to_ascii_lowercase().ends_with(".xqf"))
            .collect();
        files.sort();
        files
    }

    #[test]
    fn a_forced_format_is_read_as_that_format() {
        let Some(_) = RECORDS.get() else { return };
        let pgn = path("cchess-tests/test2.pgn");
        let out = polyfen(&["games", "validate", "--from-format", "xqf", &pgn], b"");
        assert_eq!(out.code, 1);
        assert!(
            out.stderr.ends_with("test2.pgn: game 1: xqf: byte 0: not an XQF file (no 'XQ' signature)\n"),
            "{}",
            out.stderr
        );
        let xqf = path("xqf/03000.xqf");
        let out = polyfen(&["games", "stats", "--from-format", "XQF", &xqf], b"").succeeded();
        assert!(out.text().starts_with("games: 1\nplies: 13\n"), "{}", out.text());
        let out = polyfen(&["games", "stats", "--from-format", "doc", &xqf], b"");
        assert_eq!(out.code, 2, "{}", out.stderr);
        assert!(out.stderr.contains("unknown game-record format \"doc\""), "{}", out.stderr);
    }

    #[test]
    fn many_files_at_once_name_each_bad_one_with_its_byte() {
        let Some(_) = RECORDS.get() else { return };
        let files = xqf_files("cchess-tests");
        let mut args = vec!["games", "validate", "--jobs", "2"];
        args.extend(files.iter().map(String::as_str));
        let out = polyfen(&args, b"");
        assert_eq!(out.code, 1);
        let errors: Vec<&str> = out.stderr.lines().collect();
        assert_eq!(errors.len(), 2, "{}", out.stderr);
        assert!(
            errors[0].ends_with(
                "BadMoveTest3.xqf: game 1: xqf: byte 1106: an illegal move: no piece stands on e1 (move e1f0)"
            )
        );
        assert!(
            errors[1]
                .ends_with("WildHouse.xqf: game 1: xqf: byte 4510: an illegal move: no piece stands on e7 (move e7f7)")
        );
    }

    #[test]
    fn cbr_and_cbl_convert_and_count() {
        let Some(_) = RECORDS.get() else { return };
        let game =
            polyfen(&["games", "convert", "--to", "pgn", "--moves", "chinese", &path("cchess-tests/test2.cbr")], b"");
        assert_eq!(game.code, 0, "{}", game.stderr);
        assert!(game.text().contains("{李1} 1. 炮二平五 {李2} 1... 炮８平５ {李3} *"), "{}", game.text());
        // a library from standard input: every game, found from the content
        let library = std::fs::read(path("cchess-tests/1956年全国象棋锦标赛93局.CBL")).expect("the library");
        let stats = polyfen(&["games", "stats"], &library).succeeded();
        assert!(stats.text().contains("games: 93\n"), "{}", stats.text());
        assert!(stats.text().contains("errors: 0\n"), "{}", stats.text());
        let forced = polyfen(&["games", "stats", "--from-format", "cbr"], &library);
        assert_eq!(forced.code, 1, "a library is not a single record");
        assert!(forced.stderr.contains("byte 0: not a CBR record"), "{}", forced.stderr);
    }

    #[test]
    fn dhtmlxq_written_and_read_back_from_a_web_page() {
        let pgn = "[Game \"Chinese Chess\"]\n[Red \"许银川\"]\n\n1. H2-E2 {中炮} H9-G7 (1... B7-E7) 2. H0-G2 1-0\n";
        let out = polyfen(&["games", "convert", "--to", "dhtmlxq"], pgn.as_bytes()).succeeded();
        let record = out.text();
        assert!(record.contains("[DhtmlXQ_red]许银川[/DhtmlXQ_red]"), "{record}");
        assert!(record.contains("[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]"), "{record}");
        assert!(record.contains("[DhtmlXQ_move_0_2_1]1242[/DhtmlXQ_move_0_2_1]"), "{record}");
        assert!(record.contains("[DhtmlXQ_comment1]中炮[/DhtmlXQ_comment1]"), "{record}");
        assert!(record.contains("[DhtmlXQ_result]红胜[/DhtmlXQ_result]"), "{record}");
        // inside a page, found from the content
        let page = format!("<html><body><p>对局</p>\n{record}</body></html>\n");
        let back = polyfen(&["games", "convert", "--moves", "chinese"], page.as_bytes()).succeeded();
        assert!(
            back.text().contains("1. 炮二平五 {中炮} 1... 马８进７ (1... 炮２平５) 2. 马二进三 1-0"),
            "{}",
            back.text()
        );
        let bad = polyfen(&["games", "validate"], b"[DhtmlXQ][DhtmlXQ_movelist]7747706[/DhtmlXQ_movelist][/DhtmlXQ]");
        assert_eq!(bad.code, 1);
        assert!(bad.stderr.contains("byte 33: a move list of 7 digits"), "{}", bad.stderr);
    }

    #[test]
    fn many_record_files_on_several_threads_keep_their_order() {
        let Some(_) = RECORDS.get() else { return };
        let mut files = xqf_files("xqf");
        files.push(path("cchess-tests/BadMoveTest3.xqf"));
        files.push(path("cchess-tests/1956年全国象棋锦标赛93局.CBL"));
        let run = |jobs: &str| {
            let mut args = vec!["games", "convert", "--to", "json", "--moves", "iccs", "--jobs", jobs];
            args.extend(files.iter().map(String::as_str));
            polyfen(&args, b"")
        };
        let one = run("1");
        let two = run("2");
        assert_eq!(one.code, 1, "one bad file");
        assert_eq!(two.code, 1);
        assert_eq!(one.text(), two.text());
        assert_eq!(one.stderr, two.stderr);
        // every game is written or reported: a diagram whose position cannot
        // be played; the bad file's game is both, written up to its bad record
        let reported = two.stderr.lines().filter(|l| l.contains(": game ")).count();
        assert_eq!(two.text().lines().count() + reported, files.len() - 1 + 93 + 1, "{}", two.stderr);
        assert!(two.stderr.contains("BadMoveTest3.xqf: game 1: xqf: byte 1106"), "{}", two.stderr);
    }

    #[test]
    fn a_librarys_section_headings_are_said_the_same_in_every_command() {
        let Some(_) = RECORDS.get() else { return };
        let library = path("cchess-tests/1989年龙化杯象棋名师邀请赛35局.CBL");
        let warnings = "game 1: warning: read leniently with 1 repair (--explain lists them)\n";
        let mut stderrs = Vec::new();
        for args in [
            &["convert", "--to", "json"][..],
            &["convert", "--to", "pgn"],
            &["lines"],
            &["positions"],
            &["stats"],
            &["validate"],
        ] {
            let mut all = vec!["games"];
            all.extend(args);
            all.push(&library);
            let out = polyfen(&all, b"");
            assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
            let said: Vec<&str> = out.stderr.lines().map(|l| l.rsplit(".CBL: ").next().unwrap_or(l)).collect();
            stderrs.push(said.join("\n"));
            match args[0] {
                "convert" if args[2] == "json" => assert_eq!(out.text().lines().count(), 36),
                "convert" => assert_eq!(out.text().matches("[Game ").count(), 36),
                "stats" => assert!(out.text().starts_with("games: 36\n"), "{}", out.text()),
                "validate" => assert_eq!(out.text(), "ok: 36 games\n"),
                _ => {}
            }
        }
        assert!(stderrs.iter().all(|s| *s == stderrs[0]), "{stderrs:#?}");
        assert!(stderrs[0].starts_with(warnings.trim_end()), "{}", stderrs[0]);
        assert!(stderrs[0].contains("game 21: warning"), "{}", stderrs[0]);
        let explained = polyfen(&["games", "validate", "--explain", &library], b"");
        assert!(
            explained
                .stderr
                .contains("game 1: byte 101952: a section heading \"龙化杯象棋名师邀请赛对局（男子组20局）\""),
            "{}",
            explained.stderr
        );
    }

    #[test]
    fn a_bad_record_is_converted_up_to_it_and_named() {
        let Some(_) = RECORDS.get() else { return };
        let file = path("cchess-tests/BadMoveTest3.xqf");
        let error = "BadMoveTest3.xqf: game 1: xqf: byte 1106: an illegal move: no piece stands on e1 (move e1f0)";
        let out = polyfen(&["games", "convert", "--to", "pgn", "--moves", "iccs", &file], b"");
        assert_eq!(out.code, 1);
        assert!(out.stderr.trim_end().ends_with(error), "{}", out.stderr);
        assert!(out.text().contains("1. C7-C8 D8-D9 2. C8-C9 D9-D8 3. E1-F0"), "{}", out.text());
        let json = polyfen(&["games", "convert", "--to", "json", &file], b"");
        assert_eq!(json.code, 1);
        assert_eq!(json.text().lines().count(), 1, "{}", json.text());
        let validate = polyfen(&["games", "validate", &file], b"");
        assert_eq!(validate.code, 1);
        assert!(validate.stderr.trim_end().ends_with(error), "{}", validate.stderr);
        assert!(validate.text().is_empty());
    }

    #[test]
    fn cbf_is_found_from_its_content_and_converted() {
        let cbf = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ChineseChessRecord Version=\"1.0\">\n \
                   <Head><Red>红方</Red><RecordResult>1</RecordResult></Head>\n \
                   <MoveList><Move value=\"00-00\"/><Move value=\"77-47\" comment=\"中炮\"/><Move value=\"70-62\" end=\"1\"/></MoveList>\n\
                   </ChineseChessRecord>\n";
        let out = polyfen(&["games", "convert", "--to", "pgn", "--moves", "chinese"], cbf.as_bytes()).succeeded();
        assert!(out.text().contains("[Red \"红方\"]"), "{}", out.text());
        assert!(out.text().contains("1. 炮二平五 {中炮} 1... 马８进７ 1-0"), "{}", out.text());
        let forced = polyfen(&["games", "lines", "--from-format", "cbf", "--moves", "iccs"], cbf.as_bytes());
        assert_eq!(forced.text(), "H2-E2 H9-G7\n");
        // a bad move: the game up to it, and the error with its byte
        let bad = cbf.replace("70-62", "70-63");
        let out = polyfen(&["games", "convert", "--to", "json"], bad.as_bytes());
        assert_eq!(out.code, 1);
        assert_eq!(out.text().lines().count(), 1);
        let at = bad.find("70-63").unwrap_or(0);
        assert!(out.stderr.contains(&format!("game 1: cbf: byte {at}: an illegal move")), "{}", out.stderr);
    }

    #[test]
    fn a_read_only_format_is_refused_as_what_to_write_before_any_reading() {
        let Some(_) = RECORDS.get() else { return };
        let xqf = path("xqf/03000.xqf");
        for read_only in ["cbr", "CBL", "cbf"] {
            let out = polyfen(&["games", "convert", "--to", read_only, &xqf], b"");
            assert_eq!(out.code, 2, "{read_only}: {}", out.stderr);
            assert!(
                out.stderr.contains(&format!(
                    "{} is read only; the formats written: json, pgn, xqf, dhtmlxq, kif, ki2, csa, usi, jkf",
                    read_only.to_ascii_lowercase()
                )),
                "{}",
                out.stderr
            );
            assert!(out.stdout.is_empty());
        }
        let out = polyfen(&["games", "convert", "--to", "docx", &xqf], b"");
        assert_eq!(out.code, 2, "{}", out.stderr);
        assert!(out.stderr.contains("unknown format \"docx\"; the formats written: json, pgn, xqf"), "{}", out.stderr);
        // a written one of a game's own
        let out = polyfen(&["games", "convert", "--to", "dhtmlxq", &xqf], b"").succeeded();
        assert!(out.text().contains("[DhtmlXQ_movelist]"), "{}", out.text());
    }
}

/// The `games` commands on Shogi record files (KIF, KI2, CSA): found from
/// their content in `Shift_JIS` or UTF-8, converted to each other and to
/// PGN, their lines listed in USI, their errors named with line and column.
mod shogi {
    use polyfen_test_support::Corpus;

    /// The public corpus's Shogi folder: the tests that read it are skipped
    /// without it.
    const SHOGI: Corpus = Corpus::new("shogi");

    fn polyfen(args: &[&str], stdin: &[u8]) -> super::common::Outcome {
        super::common::run_raw(args, stdin).into_outcome()
    }

    fn path(relative: &str) -> String {
        format!("{SHOGI}/{relative}")
    }

    /// The expected main line of a corpus record, in USI.
    /// The lines of the game record `written` in USI, as `games lines`
    /// writes them (which must succeed), without the last line's end.
    fn usi_lines(written: &str) -> String {
        let lines = polyfen(&["games", "lines", "--moves", "usi", "-"], written.as_bytes()).succeeded();
        lines.stdout.trim_end().to_owned()
    }

    fn expected_main_line(file: &str) -> String {
        let text = std::fs::read_to_string(path("records/expected.jsonl")).expect("the expected readings");
        let entry: serde_json::Value = text
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
            .find(|e| e["file"] == file)
            .expect("the file's entry");
        let moves: Vec<&str> = entry["mainline"].as_array().expect("moves").iter().filter_map(|m| m.as_str()).collect();
        moves.join(" ")
    }

    #[test]
    fn a_shift_jis_kif_converts_to_csa_and_back() {
        let Some(_) = SHOGI.get() else { return };
        let kif = path("records/kif/001.kif");
        let csa = polyfen(&["games", "convert", "--to", "csa", &kif], b"").succeeded();
        assert!(csa.stdout.starts_with("'CSA encoding=UTF-8\nV2.2\n"), "{}", csa.stdout);
        assert!(csa.stdout.contains("\n+7776FU\n"), "{}", csa.stdout);
        assert!(csa.stdout.ends_with("%TORYO\n"), "{}", csa.stdout);
        assert_eq!(usi_lines(&csa.stdout), expected_main_line("records/kif/001.kif"));
    }

    #[test]
    fn every_line_of_a_kif_with_variations_in_usi() {
        let Some(_) = SHOGI.get() else { return };
        let out = polyfen(&["games", "lines", "--moves", "usi", &path("records/kif/017.kif")], b"").succeeded();
        let lines: Vec<&str> = out.stdout.lines().collect();
        assert_eq!(lines.len(), 5, "{}", out.stdout);
        assert_eq!(lines[0], expected_main_line("records/kif/017.kif"));
    }

    #[test]
    fn a_csa_converts_to_kif_with_its_handicap() {
        let Some(_) = SHOGI.get() else { return };
        let out = polyfen(&["games", "convert", "--to", "kif", &path("records/csa/004.csa")], b"").succeeded();
        assert!(out.stdout.contains("手合割：香落ち\n"), "{}", out.stdout);
        assert!(out.stdout.contains("\n   1 ５二玉(51)   ( 0:30/00:00:30)\n"), "{}", out.stdout);
        assert!(out.stdout.contains("\n  83 詰み\nまで82手で詰み\n"), "{}", out.stdout);
        assert_eq!(usi_lines(&out.stdout), expected_main_line("records/csa/004.csa"));
    }

    #[test]
    fn a_ki2_converts_to_pgn_with_its_players() {
        let Some(_) = SHOGI.get() else { return };
        let out = polyfen(&["games", "convert", &path("records/ki2/002.ki2")], b"").succeeded();
        assert!(out.stdout.starts_with("[Variant \"shogi\"]\n"), "{}", out.stdout);
        assert!(out.stdout.contains("[Sente \"棋譜花子\"]\n[Gote \"テスト次郎\"]\n"), "{}", out.stdout);
        assert!(out.stdout.contains("[Termination \"resign\"]"), "{}", out.stdout);
        assert!(out.stdout.trim_end().ends_with("0-1"), "{}", out.stdout);
    }

    #[test]
    fn every_corpus_record_validates() {
        let Some(_) = SHOGI.get() else { return };
        let mut files = Vec::new();
        for dir in ["records/kif", "records/ki2", "records/csa"] {
            for entry in std::fs::read_dir(path(dir)).expect("a corpus folder") {
                files.push(entry.expect("an entry").path().to_string_lossy().into_owned());
            }
        }
        files.sort();
        let mut args = vec!["games", "validate"];
        args.extend(files.iter().map(String::as_str));
        let out = polyfen(&args, b"").succeeded();
        assert_eq!(out.stdout.trim_end(), "ok: 66 games", "{}", out.stderr);
    }

    #[test]
    fn validation_errors_name_the_line_and_the_column() {
        let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n";
        let out = polyfen(&["games", "validate", "-"], kif.as_bytes());
        assert_eq!(out.code, 1, "{}", out.stderr);
        assert!(
            out.stderr
                .contains("game 1: kif: byte 89: line 4, column 8: move 2 ７六歩(77): the origin 7g holds no piece"),
            "{}",
            out.stderr
        );
        let csa = "V2.2\nPI\n+\n+7776FU\n/\nPI\n+\n+7775FU\n";
        let out = polyfen(&["games", "validate", "-"], csa.as_bytes());
        assert_eq!(out.code, 1, "{}", out.stderr);
        assert!(out.stderr.contains("game 2: csa: byte 25: line 8, column 1: move 1 +7775FU"), "{}", out.stderr);
        assert_eq!(out.stderr.lines().count(), 1, "only the bad game is named: {}", out.stderr);
    }

    #[test]
    fn a_handicap_game_goes_through_pgn_and_back_to_kif() {
        let Some(_) = SHOGI.get() else { return };
        let pgn = polyfen(&["games", "convert", &path("records/kif/004.kifu")], b"").succeeded();
        assert!(
            pgn.stdout.contains("[FEN \"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\"]"),
            "{}",
            pgn.stdout
        );
        let kif = polyfen(&["games", "convert", "--to", "kif", "-"], pgn.stdout.as_bytes()).succeeded();
        assert!(kif.stdout.contains("上手：player_A\n手合割：香落ち\n手数----指手"), "{}", kif.stdout);
        assert_eq!(usi_lines(&kif.stdout), expected_main_line("records/kif/004.kifu"));
    }

    #[test]
    fn a_kif_converts_to_usi_lines_and_they_read_back() {
        let Some(_) = SHOGI.get() else { return };
        let out = polyfen(&["games", "convert", "--to", "usi", &path("records/kif/017.kif")], b"").succeeded();
        let main = expected_main_line("records/kif/017.kif");
        // a handicap start (角落ち): the SFEN is written
        let start = "position sfen lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
        assert_eq!(out.stdout, format!("{start} moves {main}\n"));
        // the variations, comments and players are not written, and that is said
        for said in [
            "variations; dropped 4 variations",
            "comments or times; dropped 73 comments",
            "tags; dropped StartTime, Sente, Gote\n",
        ] {
            assert!(out.stderr.contains(&format!("warning: USI position lines cannot hold {said}")), "{}", out.stderr);
        }
        let resigned = polyfen(&["games", "convert", "--to", "usi", &path("records/kif/001.kif")], b"");
        assert!(
            resigned.stderr.contains("warning: USI position lines cannot hold the result; dropped "),
            "{}",
            resigned.stderr
        );
        assert_eq!(usi_lines(&out.stdout), main);
    }

    #[test]
    fn usi_lines_validate_one_game_a_line_with_line_and_column() {
        let text = "position startpos moves 7g7f 3c3d\nstartpos moves 7g7f 7g7f\nposition sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\n";
        let out = polyfen(&["games", "validate", "-"], text.as_bytes());
        assert_eq!(out.code, 1, "{}", out.stderr);
        assert!(out.stderr.contains("game 2") && out.stderr.contains("line 2, column 21"), "{}", out.stderr);
        let lines = polyfen(&["games", "lines", "--moves", "usi", "-"], text.as_bytes());
        assert_eq!(lines.stdout, "7g7f 3c3d\n7g7f\nG*5b\n", "{}", lines.stderr);
    }

    #[test]
    fn csa_says_it_cannot_hold_the_variations() {
        let Some(_) = SHOGI.get() else { return };
        let out = polyfen(&["games", "convert", "--to", "csa", &path("records/kif/017.kif")], b"").succeeded();
        assert!(out.stderr.contains("warning: CSA cannot hold variations; dropped 4 variations"), "{}", out.stderr);
        let plain = polyfen(&["games", "convert", "--to", "csa", &path("records/kif/001.kif")], b"");
        assert!(!plain.stderr.contains("cannot hold"), "{}", plain.stderr);
    }

    #[test]
    fn a_kif_with_variations_goes_through_jkf_and_back() {
        let Some(_) = SHOGI.get() else { return };
        let kif = path("records/kif/017.kif");
        let jkf = polyfen(&["games", "convert", "--to", "jkf", &kif], b"").succeeded();
        assert!(jkf.stderr.is_empty(), "JKF holds it all: {}", jkf.stderr);
        let document: serde_json::Value = serde_json::from_str(&jkf.stdout).expect("one JSON document");
        assert_eq!(document["initial"]["preset"], "KA");
        assert_eq!(document["header"]["上手"], "ランダム二号");
        // found from its content, every line of play kept
        let lines = polyfen(&["games", "lines", "--moves", "usi", "-"], jkf.stdout.as_bytes()).succeeded();
        let direct = polyfen(&["games", "lines", "--moves", "usi", &kif], b"");
        assert_eq!(lines.stdout, direct.stdout);
        let back = polyfen(&["games", "convert", "--to", "kif", "-"], jkf.stdout.as_bytes());
        let again = polyfen(&["games", "convert", "--to", "kif", &kif], b"");
        assert_eq!(back.stdout, again.stdout);
    }
}

/// Shogi's outcomes that only a game's history tells, on the command line:
/// `games validate`, `lines` and `stats` warn of a fourth repetition a
/// record does not state, `games convert --to json` gives its status, and
/// `status` says when the side to move may declare a win by entering king.
mod shogi_outcomes {
    use std::fmt::Write as _;

    use super::common::run as polyfen;

    /// A KIF record of the rooks stepping aside and back three times, the
    /// start seen a fourth time, with no ending.
    fn repeated_kif() -> String {
        let mut text = String::from("手合割：平手\n手数----指手---------消費時間--\n");
        let cycle = ["３八飛(28)", "７二飛(82)", "２八飛(38)", "８二飛(72)"];
        for (i, m) in cycle.iter().cycle().take(12).enumerate() {
            let _ = writeln!(text, "{:>4} {m}", i + 1);
        }
        text
    }

    const WARNING: &str = "polyfen: <stdin>: game 1: warning: the record does not say how the game ended: \
                           the last position is the fourth repetition: sennichite, a draw (1/2-1/2)\n";

    #[test]
    fn the_games_commands_warn_of_a_repetition_the_record_does_not_state() {
        let kif = repeated_kif();
        let validate = polyfen(&["games", "validate", "-"], &kif).succeeded();
        assert_eq!(validate.stdout, "ok: 1 games\n");
        assert_eq!(validate.stderr, WARNING);

        let lines = polyfen(&["games", "lines", "-"], &kif).succeeded();
        assert!(lines.stdout.starts_with("2h3h 8b7b 3h2h 7b8b 2h3h"), "{}", lines.stdout);
        assert_eq!(lines.stderr, WARNING);

        let stats = polyfen(&["games", "stats", "-"], &kif).succeeded();
        assert!(stats.stdout.ends_with("errors: 0\ngames with warnings on their ending: 1\n"), "{}", stats.stdout);
        assert_eq!(stats.stderr, WARNING);

        let json = polyfen(&["games", "convert", "--to", "json", "-"], &kif).succeeded();
        let game: serde_json::Value = serde_json::from_str(json.stdout.trim_end()).expect("JSON");
        assert_eq!(game["status"], "sennichite");
        assert_eq!(game["result"], "*");
        assert_eq!(game["warnings"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn a_stated_sennichite_is_not_warned_of() {
        let kif = format!("{}  13 千日手\n", repeated_kif());
        let stats = polyfen(&["games", "stats", "-"], &kif).succeeded();
        assert!(stats.stdout.contains("results: 1/2-1/2 1\n"), "{}", stats.stdout);
        assert!(!stats.stdout.contains("warnings"), "{}", stats.stdout);
        assert_eq!(stats.stderr, "");
    }

    #[test]
    fn status_says_when_the_side_to_move_may_declare() {
        let entered = "+R+B+S+SK+N+N+N+N/PPPPPPPPP/9/9/9/9/9/9/4k4 b RB2GL2g2slp 1";
        let out = polyfen(&["status", entered], "");
        assert_eq!((out.code, out.stdout.as_str()), (0, "impasse-declaration\n"), "{}", out.stderr);
        // the same board with gote to move: gote may not declare
        let out = polyfen(&["status", &entered.replace(" b ", " w ")], "");
        assert_eq!((out.code, out.stdout.as_str()), (0, "ongoing\n"), "{}", out.stderr);
    }
}
