//! `POST /v1/games/convert` on a random loopback port: games of each game
//! in and out, a bad game among good ones, and the limits.

mod common;

use common::{post, post_ok, start, started};
use polyfen::records::{GameOptions, read_pgn};
use polyfen_server::Config;
use serde_json::json;

#[tokio::test]
async fn games_convert_to_json_and_pgn() {
    let (c, base) = started(Config::default()).await;
    let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 {c} (2. f4) 2... Nc6 *\n\n1. e4 e5 2. Ke3 *\n\n[Variant \"Khet\"]\n\n1. c1c2 *\n";
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": pgn})).await;
    let games = answer["games"].as_array().expect("games");
    assert_eq!(games.len(), 3);
    // the same as the library's JSON form
    let library = read_pgn(pgn, GameOptions::default());
    let first = library[0].as_ref().expect("a good game").to_json(None).expect("json");
    assert_eq!(games[0]["ok"], serde_json::to_value(first).expect("json"));
    assert_eq!(games[0]["ok"]["mainline"], json!(["e4", "e5", "Nf3", "Nc6"]));
    assert_eq!(games[1]["error"]["game"], 2);
    assert_eq!(games[1]["error"]["line"], 5);
    assert_eq!(games[1]["error"]["column"], 13);
    assert!(games[1]["error"]["message"].as_str().unwrap_or_default().starts_with("move 2. Ke3"));
    // the bad game as far as it was read, the rest kept as text
    let partial = library[1].as_ref().expect_err("a bad game").partial.as_deref().expect("partial");
    assert_eq!(games[1]["error"]["partial"], serde_json::to_value(partial.to_json(None).expect("json")).expect("json"));
    assert_eq!(games[1]["error"]["partial"]["mainline"], json!(["e4", "e5"]));
    assert_eq!(games[1]["error"]["partial"]["unplayed"], "Ke3");
    assert_eq!(games[2]["ok"]["variant"], "khet");

    let xq = "[Game \"Chinese Chess\"]\n\n1. H2-E2 H9-G7 *\n";
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": xq, "to": "pgn", "moves": "chinese"})).await;
    let text = answer["games"][0]["ok"]["pgn"].as_str().unwrap_or_default();
    assert!(text.contains("1. 炮二平五 马８进７ *"), "{text}");
}

#[tokio::test]
async fn games_convert_refuses_what_it_cannot_do() {
    let (c, base) = started(Config::default().with_max_moves(3)).await;
    let (status, answer) = post(&c, &base, "/v1/games/convert", &json!({"pgn": "1. e4 e5 2. Nf3 Nc6 *"})).await;
    assert_eq!(status, 413, "{answer}");
    assert_eq!(
        answer["error"]["message"],
        "this request asks for 4 moves (1 game); the limit is 3 moves per request (serve --max-moves)"
    );
    let (status, _) = post(&c, &base, "/v1/games/convert", &json!({"pgn": "*", "to": "xml"})).await;
    assert_eq!(status, 400);
    let (status, _) = post(&c, &base, "/v1/games/convert", &json!({"pgn": "*", "moves": "nope"})).await;
    assert_eq!(status, 400);
    let (status, _) = post(&c, &base, "/v1/games/convert", &json!({"pgn": "*", "extra": 1})).await;
    assert_eq!(status, 400);
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": "1. e4 *", "moves": "iccs"})).await;
    assert!(answer["games"][0]["error"]["message"].as_str().unwrap_or_default().contains("iccs"), "{answer}");
}

#[tokio::test]
async fn games_convert_reads_leniently_when_asked() {
    let (c, base) = started(Config::default()).await;
    let pgn = "[FEN \"4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2\"]\n\n2. f6 *\n";
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": pgn})).await;
    assert!(answer["games"][0]["error"]["message"].as_str().unwrap_or_default().starts_with("move 2. f6"), "{answer}");
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "lenient": true})).await;
    assert_eq!(answer["games"][0]["ok"]["mainline"], json!(["exf6"]), "{answer}");
    assert_eq!(answer["games"][0]["ok"]["repairs"][0]["message"], "read 'f6' as 'exf6'", "{answer}");
}

#[tokio::test]
async fn games_convert_reads_record_files_sent_as_base64() {
    use base64::Engine as _;
    let Some(records) = polyfen_test_support::corpus("xiangqi-records") else { return };
    let records = records.display();
    let (c, base) = started(Config::default()).await;
    let encode = |path: &str| {
        let bytes = std::fs::read(format!("{records}/{path}")).expect("a record file");
        base64::engine::general_purpose::STANDARD.encode(bytes)
    };
    // XQF, found from its bytes
    let answer =
        post_ok(&c, &base, "/v1/games/convert", &json!({"data": encode("xqf/03000.xqf"), "moves": "iccs"})).await;
    assert_eq!(answer["games"][0]["ok"]["variant"], "xiangqi");
    assert_eq!(answer["games"][0]["ok"]["mainline"][0], "C8-C9", "{answer}");
    // a CBL library: every game
    let library = encode("cchess-tests/1956年全国象棋锦标赛93局.CBL");
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"data": library, "to": "pgn"})).await;
    assert_eq!(answer["games"].as_array().map(Vec::len), Some(93));
    assert!(answer["games"][0]["ok"]["pgn"].as_str().unwrap_or_default().contains("[Game \"Chinese Chess\"]"));
    // a DhtmlXQ record given as text
    let page = "<p>[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]</p>";
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": page, "moves": "wxf"})).await;
    assert_eq!(answer["games"][0]["ok"]["mainline"], json!(["C2.5", "H8+7"]));
    // a CBF record given as text
    let cbf =
        "<ChineseChessRecord><MoveList><Move value=\"00-00\"/><Move value=\"77-47\"/></MoveList></ChineseChessRecord>";
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": cbf, "moves": "wxf"})).await;
    assert_eq!(answer["games"][0]["ok"]["mainline"], json!(["C2.5"]));
    // a broken record: its byte offset
    let mut cut = std::fs::read(format!("{records}/xqf/03000.xqf")).expect("a file");
    cut.truncate(1030);
    let data = base64::engine::general_purpose::STANDARD.encode(&cut);
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"data": data})).await;
    assert!(answer["games"][0]["error"]["offset"].as_u64().is_some(), "{answer}");
    // and the game read up to it: its header and start position
    assert_eq!(
        answer["games"][0]["error"]["partial"]["start"],
        json!("N2k1ab2/2R1a4/2R6/9/9/5r3/9/5n3/4r4/5K3 w - - 0 1"),
        "{answer}"
    );
    // refusals
    let (status, _) = post(&c, &base, "/v1/games/convert", &json!({"data": "not base64!"})).await;
    assert_eq!(status, 400);
    let (status, _) = post(&c, &base, "/v1/games/convert", &json!({"pgn": "*", "data": "Kg=="})).await;
    assert_eq!(status, 400);
    let (status, _) = post(&c, &base, "/v1/games/convert", &json!({"pgn": "*", "format": "doc"})).await;
    assert_eq!(status, 400);
    let small = start(Config::default().with_max_moves(10)).await;
    let (status, answer) = post(&c, &small, "/v1/games/convert", &json!({"data": encode("xqf/03000.xqf")})).await;
    assert_eq!(status, 413, "{answer}");
}

#[tokio::test]
async fn games_keep_the_notation_they_are_written_in() {
    let (c, base) = started(Config::default()).await;
    let pgn = "[Variant \"xiangqi\"]\n\n1. 炮二平五 马８进７ *\n\n[Variant \"xiangqi\"]\n\n1. C2.5 h8+7 *\n\n1. e2e4 e7e5 *\n";
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": pgn})).await;
    let notations: Vec<&str> = answer["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["ok"]["notation"].as_str().unwrap_or("?"))
        .collect();
    assert_eq!(notations, ["chinese", "wxf", "uci"]);
    assert_eq!(answer["games"][0]["ok"]["mainline"], json!(["炮二平五", "马８进７"]));
    // a notation asked for still wins
    let (_, answer) = post(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "moves": "iccs"})).await;
    assert_eq!(answer["games"][0]["ok"]["mainline"], json!(["H2-E2", "H9-G7"]));
}

#[tokio::test]
async fn games_convert_reads_shogi_usi_lines_and_jkf_found_from_their_text() {
    let (c, base) = started(Config::default()).await;
    let usi = "position startpos moves 7g7f 3c3d\nstartpos moves 2g2f\n";
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": usi, "moves": "usi"})).await;
    assert_eq!(answer["games"][0]["ok"]["mainline"], json!(["7g7f", "3c3d"]), "{answer}");
    assert_eq!(answer["games"][1]["ok"]["mainline"], json!(["2g2f"]), "{answer}");
    let jkf = r#"{"header":{"先手":"A"},"initial":{"preset":"HIRATE"},"moves":[{},
        {"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"}},{"special":"TORYO"}]}"#;
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": jkf, "moves": "kif"})).await;
    let game = &answer["games"][0]["ok"];
    assert_eq!(
        (&game["variant"], &game["mainline"], &game["result"]),
        (&json!("shogi"), &json!(["７六歩(77)"]), &json!("1-0")),
        "{answer}"
    );
    post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": jkf, "format": "jkf"})).await;
}

#[tokio::test]
async fn games_convert_reads_games_under_the_rules_variant_asked_for() {
    let (c, base) = started(Config::default()).await;
    // a crazyhouse game without a Variant tag: a drop is no chess move
    let pgn = "1. e4 d5 2. exd5 Nf6 3. P@e6 *\n";
    let chess = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": pgn})).await;
    assert!(chess["games"][0]["error"]["message"].as_str().is_some_and(|m| m.contains("P@e6")), "{chess}");
    for rules in ["crazyhouse", "Crazyhouse"] {
        let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "rules": rules, "to": "pgn"})).await;
        let written = answer["games"][0]["ok"]["pgn"].as_str().expect("PGN");
        assert!(written.contains("[Variant \"Crazyhouse\"]") && written.contains("3. P@e6 *"), "{written}");
    }
    let answer =
        post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "rules": "crazyhouse", "variant": "chess"})).await;
    assert_eq!(answer["games"][0]["ok"]["mainline"].as_array().map(Vec::len), Some(5), "{answer}");

    // what is refused says what is known, from the library's list
    let (status, answer) =
        post(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "rules": "crazyhouse", "variant": "xiangqi"})).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer.to_string().contains("crazyhouse is a variant of chess, not of xiangqi"), "{answer}");
    let (status, answer) = post(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "rules": "tandem"})).await;
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer.to_string().contains("unknown rules variant \\\"tandem\\\"; known:")
            && answer.to_string().contains("atomic"),
        "{answer}"
    );
    let (status, answer) = post(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "variant": "go"})).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer.to_string().contains("known: chess, xiangqi, khet, shogi"), "{answer}");
}

#[tokio::test]
async fn games_convert_takes_a_game_in_its_json_form() {
    let (c, base) = started(Config::default()).await;
    // a game answered as JSON comes back as the same PGN
    let pgn = "[Event \"a\"]\n\n{before} 1. e4 $1 e5 2. Nf3 {c} (2. f4 {gambit} exf4) 2... Nc6 *\n";
    let (_, answer) = post(&c, &base, "/v1/games/convert", &json!({"pgn": pgn})).await;
    let game = answer["games"][0]["ok"].clone();
    let (_, direct) = post(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "to": "pgn", "moves": "lan"})).await;
    let back = post_ok(&c, &base, "/v1/games/convert", &json!({"game": game, "to": "pgn", "moves": "lan"})).await;
    assert_eq!(back, direct);
    assert!(
        back["games"][0]["ok"]["pgn"].as_str().is_some_and(|p| p.contains("(2. f2-f4 {gambit} 2... e5xf4)")),
        "{back}"
    );

    // a tree as the page sends it: moves in coordinates, nothing its
    // moves give, a start that is not the game's own written as the FEN tag
    let ending = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let tree = json!({"variant": "chess", "tags": [["Event", "tree"]], "start": ending, "result": "*",
        "comments": ["a note"], "moves": [
            {"move": "e2e4", "coordinates": "e2e4", "nags": [1], "variations": [
                {"comments": ["or"], "moves": [{"move": "e2e3", "coordinates": "e2e3"}]}]},
            {"move": "e8d7", "coordinates": "e8d7", "comments": ["the king"]}]});
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"game": tree, "to": "pgn"})).await;
    let written = answer["games"][0]["ok"]["pgn"].as_str().unwrap_or_default();
    assert!(written.contains(&format!("[FEN \"{ending}\"]")), "{written}");
    assert!(written.contains("{a note} 1. e4 $1 ({or} 1. e3) 1... Kd7 {the king} *"), "{written}");
    // and as JSON, in the notation asked for, with its positions
    let (_, answer) =
        post(&c, &base, "/v1/games/convert", &json!({"game": tree, "moves": "san", "positions": true})).await;
    assert_eq!(answer["games"][0]["ok"]["mainline"], json!(["e4", "Kd7"]), "{answer}");
    assert_eq!(answer["games"][0]["ok"]["moves"][0]["variations"][0]["moves"][0]["move"], "e3", "{answer}");
    assert_eq!(answer["games"][0]["ok"]["positions"].as_array().map(Vec::len), Some(2), "{answer}");
    assert_eq!(answer["games"][0]["ok"]["numbering"], json!({"number": 1, "second": false}), "{answer}");

    // a bad move: the game's error names its place in the tree
    let mut bad = tree.clone();
    bad["moves"][0]["variations"][0]["moves"][0]["move"] = json!("e2e5");
    let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"game": bad})).await;
    let message = answer["games"][0]["error"]["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("\"game\": move 1: variation 1, move 1: "), "{answer}");
    assert_eq!(answer["games"][0]["error"]["game"], 1);
    // a start that cannot be read
    let mut bad = tree.clone();
    bad["start"] = json!("8/8 w");
    let (_, answer) = post(&c, &base, "/v1/games/convert", &json!({"game": bad})).await;
    assert!(answer["games"][0]["error"]["message"].as_str().is_some_and(|m| m.contains("start")), "{answer}");

    // what cannot go with it, what its JSON form does not have, the budget
    let (status, answer) = post(&c, &base, "/v1/games/convert", &json!({"game": tree, "variant": "chess"})).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["error"]["message"].as_str().is_some_and(|m| m.starts_with("\"variant\"")), "{answer}");
    let (status, _) = post(&c, &base, "/v1/games/convert", &json!({"game": tree, "pgn": "*"})).await;
    assert_eq!(status, 400);
    let mut unknown = tree.clone();
    unknown["extra"] = json!(1);
    let (status, answer) = post(&c, &base, "/v1/games/convert", &json!({"game": unknown})).await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer["error"]["message"].as_str().is_some_and(|m| m.contains("extra")), "{answer}");
    let small = start(Config::default().with_max_moves(5)).await;
    let (status, answer) = post(&c, &small, "/v1/games/convert", &json!({"game": game})).await;
    assert_eq!(status, 413, "{answer}");
    assert!(answer["error"]["message"].as_str().is_some_and(|m| m.contains("6 moves")), "{answer}");
}

#[tokio::test]
async fn games_are_numbered_from_their_start_with_their_positions() {
    let (c, base) = started(Config::default()).await;
    for (pgn, numbering) in [
        ("1. e4 *", json!({"number": 1, "second": false})),
        ("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n\n12... Kd7 *", json!({"number": 12, "second": true})),
        // SFEN counts plies: the sixth ply is the second player's third move
        (
            "[Variant \"shogi\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4K4 w - 6\"]\n\n3... 5a4a *",
            json!({"number": 3, "second": true}),
        ),
    ] {
        let answer = post_ok(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "positions": true})).await;
        assert_eq!(answer["games"][0]["ok"]["numbering"], numbering, "{pgn}: {answer}");
        let (_, answer) = post(&c, &base, "/v1/games/convert", &json!({"pgn": pgn})).await;
        assert!(answer["games"][0]["ok"].get("numbering").is_none(), "{answer}");
    }
}
