//! The JSON API against a server on a random loopback port: each endpoint
//! answers as the library does, batches keep their order, and the limits
//! hold (413, 400, 503, 404, 405).

mod common;

use std::time::Duration;

use common::{client, get, post, post_raw, start};
use polyfen::{MoveNotation, Notation, Position, ReadOptions, RuleOptions, RulesError, read};
use polyfen_server::Config;
use serde_json::{Value, json};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn position(input: &str) -> polyfen::AnyPosition {
    read(input, None, &ReadOptions::default()).expect("reads").position
}

#[tokio::test]
async fn convert_one_and_a_batch_in_order() {
    let base = start(Config::default()).await;
    let c = client();
    let (status, answer) =
        post(&c, &base, "/v1/convert", &json!({"input": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "to": "shredder-fen"}))
            .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ok"]["output"], "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(answer["ok"]["notation"], "fen");
    assert_eq!(answer["ok"]["variant"], "chess");

    let legacy = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
    let inputs = json!([START, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", legacy, ""]);
    let (status, answer) = post(&c, &base, "/v1/convert", &json!({"inputs": inputs, "to": "json"})).await;
    assert_eq!(status, 200, "{answer}");
    let results = answer["results"].as_array().expect("results");
    assert_eq!(results.len(), 4);
    let expected = position(START).to_notation(Notation::Json, &polyfen::WriteOptions::default()).expect("json");
    assert_eq!(results[0]["ok"]["output"], expected.text.as_str());
    // the bad letter X is at character 43; the error names it and the notation read
    let error = &results[1]["error"];
    let library = read(inputs[1].as_str().unwrap_or_default(), None, &ReadOptions::default()).expect_err("bad");
    assert_eq!(error["column"], library.error.char_column(inputs[1].as_str().unwrap_or_default()));
    assert_eq!(error["column"], 43);
    assert_eq!(error["message"], library.error.kind.to_string().as_str());
    assert_eq!(error["notation"], "fen");
    // a Xiangqi position cannot be written as a chess notation: per input
    assert_eq!(results[2]["ok"]["notation"], "xiangqi-legacy");
    assert!(results[3]["error"]["message"].is_string());

    // a notation of another game is an error of that input only
    let (status, answer) = post(&c, &base, "/v1/convert", &json!({"inputs": [XQ_START, START], "to": "fen"})).await;
    assert_eq!(status, 200);
    assert_eq!(answer["results"][0]["error"]["message"], "a xiangqi position cannot be written as fen");
    assert!(answer["results"][1]["ok"].is_object());

    // one input that fails: 422 with the error
    let (status, answer) = post(&c, &base, "/v1/convert", &json!({"input": "nonsense", "to": "fen"})).await;
    assert_eq!(status, 422);
    assert!(answer["error"]["column"].as_u64().is_some_and(|c| c >= 1), "{answer}");
}

#[tokio::test]
async fn convert_options_and_lenient_repairs() {
    let base = start(Config::default()).await;
    let c = client();
    let (status, answer) =
        post(&c, &base, "/v1/convert", &json!({"input": XQ_START, "to": "xiangqi-fen", "letters": "wxf"})).await;
    assert_eq!(status, 200);
    assert_eq!(answer["ok"]["output"], "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1");

    let legacy = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
    let (status, answer) =
        post(&c, &base, "/v1/convert", &json!({"input": legacy, "from": "xiangqi-legacy", "to": "xiangqi-fen"})).await;
    assert_eq!(status, 200);
    let reading = read(legacy, Some(Notation::XiangqiLegacy), &ReadOptions::default()).expect("reads");
    assert_eq!(answer["ok"]["repairs"].as_array().map(Vec::len), Some(reading.repairs.len()));
    assert_eq!(answer["ok"]["warnings"].as_array().map(Vec::len), Some(1), "the marker is dropped");
    assert!(answer["ok"]["repairs"][0]["column"].as_u64().is_some());
}

#[tokio::test]
async fn validate_and_render() {
    let base = start(Config::default()).await;
    let c = client();
    let two_kings = "4k3/8/8/8/8/8/8/4K2K w - - 0 1";
    let (status, answer) = post(&c, &base, "/v1/validate", &json!({"inputs": [START, two_kings]})).await;
    assert_eq!(status, 200);
    assert_eq!(answer["results"][0]["ok"]["valid"], true);
    assert_eq!(answer["results"][1]["ok"]["valid"], false);
    let violations: Vec<Value> = position(two_kings).violations().into_iter().map(Value::from).collect();
    assert_eq!(answer["results"][1]["ok"]["violations"], Value::from(violations));

    let (status, answer) = post(&c, &base, "/v1/render", &json!({"input": XQ_START})).await;
    assert_eq!(status, 200);
    assert_eq!(answer["ok"]["style"], "svg");
    let diagram = answer["ok"]["diagram"].as_str().expect("svg");
    assert_eq!(diagram, position(XQ_START).render(polyfen::RenderStyle::Svg).expect("draws"));
    let (_, answer) = post(&c, &base, "/v1/render", &json!({"input": START, "style": "chinese"})).await;
    assert!(answer["error"]["message"].as_str().is_some_and(|m| m.contains("chess styles: ascii, unicode, svg")));
}

/// The rules endpoints answer what the library answers, whatever of the
/// rules it has; a game without them gets its message.
#[tokio::test]
async fn rules_answer_as_the_library_does() {
    let base = start(Config::default()).await;
    let c = client();
    let options = RuleOptions::default();
    for (input, notation) in [
        (START, MoveNotation::San),
        (XQ_START, MoveNotation::Iccs),
        (polyfen::polyfen_khet::CLASSIC, MoveNotation::Khet),
    ] {
        let library = position(input).legal_moves(notation, &options);
        let (status, answer) =
            post(&c, &base, "/v1/moves", &json!({"input": input, "move_notation": notation.as_ref()})).await;
        match library {
            Ok(moves) => {
                assert_eq!(status, 200, "{answer}");
                assert_eq!(answer["ok"]["moves"], Value::from(moves));
            }
            Err(e) => {
                assert_eq!(status, 422);
                assert_eq!(answer["error"]["message"], e.to_string().as_str());
            }
        }
        let library = position(input).perft(2, &options);
        let (status, answer) = post(&c, &base, "/v1/perft", &json!({"input": input, "depth": 2})).await;
        match library {
            Ok(nodes) => {
                assert_eq!(status, 200, "{answer}");
                assert_eq!(answer["ok"]["nodes"], nodes);
            }
            Err(e) => assert_eq!(answer["error"]["message"], e.to_string().as_str()),
        }
    }
    // a move notation of another game
    let (status, answer) = post(&c, &base, "/v1/moves", &json!({"input": START, "move_notation": "iccs"})).await;
    assert_eq!(status, 422);
    assert!(
        answer["error"]["message"].as_str().is_some_and(|m| m.starts_with("chess moves cannot be written in iccs"))
    );
}

#[tokio::test]
async fn moves_are_played_in_turn_and_errors_name_the_move() {
    let base = start(Config::default()).await;
    let c = client();
    let mut library = position(START);
    let expected = library.play("e4", MoveNotation::Uci, &RuleOptions::default());
    let (status, answer) =
        post(&c, &base, "/v1/move", &json!({"input": START, "moves": ["e4", "Nz9"], "move_notation": "uci"})).await;
    assert_eq!(status, 422, "{answer}");
    match expected {
        Ok(_) => {
            // the second move is the bad one: its number and a column in its text
            assert_eq!(answer["error"]["move"], 2, "{answer}");
            assert!(answer["error"]["column"].as_u64().is_some_and(|c| (1..=3).contains(&c)), "{answer}");
            let (status, answer) =
                post(&c, &base, "/v1/move", &json!({"input": START, "moves": ["e4"], "move_notation": "uci"})).await;
            assert_eq!(status, 200);
            assert_eq!(answer["ok"]["played"], json!(["e2e4"]));
            assert_eq!(answer["ok"]["to"], "fen");
            let mut after = position(START);
            after.play("e4", MoveNotation::Uci, &RuleOptions::default()).expect("plays");
            let written = after.to_notation(Notation::Fen, &polyfen::WriteOptions::default()).expect("writes");
            assert_eq!(answer["ok"]["output"], written.text.as_str());
        }
        Err(e) => {
            assert!(matches!(e, RulesError::Unsupported { .. }), "{e}");
            assert_eq!(answer["error"]["message"], e.to_string().as_str());
        }
    }
}

#[tokio::test]
async fn requests_that_cannot_be_understood_get_400() {
    let base = start(Config::default()).await;
    let c = client();
    let (status, answer) = post_raw(&c, &base, "/v1/convert", "{\"input\": ").await;
    assert_eq!(status, 400);
    assert!(answer["error"]["message"].as_str().is_some_and(|m| m.starts_with("malformed request")), "{answer}");
    let cases = [
        json!({"input": START}),
        json!({"input": START, "to": "fen", "inputs": [START]}),
        json!({"to": "fen"}),
        json!({"input": START, "to": "fenn"}),
        json!({"input": START, "to": "fen", "colour": "red"}),
        json!({"input": START, "to": "fen", "from": 3}),
    ];
    for body in cases {
        let (status, answer) = post(&c, &base, "/v1/convert", &body).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["error"]["message"].is_string());
    }
    let (_, answer) = post(&c, &base, "/v1/convert", &json!({"input": START, "to": "fenn"})).await;
    assert!(answer["error"]["message"].as_str().is_some_and(|m| m.contains("known: fen, shredder-fen")));
    let (status, answer) = post(&c, &base, "/v1/perft", &json!({"input": START, "depth": 99})).await;
    assert_eq!(status, 400);
    assert_eq!(answer["error"]["message"], "\"depth\": 99 is deeper than the limit of 5");
}

#[tokio::test]
async fn limits_hold() {
    let base = start(Config::default().with_max_batch(3)).await;
    let c = client();
    // a body over 1 MiB
    let big = json!({"input": "x".repeat(1024 * 1024), "to": "fen"}).to_string();
    let (status, answer) = post_raw(&c, &base, "/v1/convert", big).await;
    assert_eq!(status, 413);
    assert!(answer["error"]["message"].is_string());
    // a batch over the cap
    let (status, answer) = post(&c, &base, "/v1/validate", &json!({"inputs": [START, START, START, START]})).await;
    assert_eq!(status, 413);
    assert_eq!(answer["error"]["message"], "a batch holds at most 3 inputs; this one has 4");
    // routes and methods
    let (status, _, body) = get(&c, &base, "/v1/nothing").await;
    assert_eq!(status, 404);
    assert!(body.contains("no such route"));
    let (status, _, body) = get(&c, &base, "/v1/convert").await;
    assert_eq!(status, 405);
    assert!(body.contains("method not allowed"));
}

/// `games/convert`'s answer is bounded before any move is played: asking
/// for every position of many moves is refused with 413 over
/// `--max-reply-bytes`, the same games without their positions are
/// answered, within the bound.
#[tokio::test]
async fn games_convert_answers_are_bounded_before_the_work() {
    let limit = 400_000;
    let base = start(Config::default().with_max_reply_bytes(limit)).await;
    let c = client();
    let game = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(100) + "*\n\n";
    let pgn = game.repeat(5);
    let (status, answer) = post(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "positions": true})).await;
    assert_eq!(status, 413, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("this request's answer may take up to ")
            && message.contains("(5 games, 2,000 moves with their positions); the limit is 400,000 bytes per answer (serve --max-reply-bytes)"),
        "{message}"
    );
    let (status, answer) = post_raw(&c, &base, "/v1/games/convert", json!({"pgn": pgn}).to_string()).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["games"].as_array().map(Vec::len), Some(5));
    assert!(answer.to_string().len() <= limit);
    // one game with its positions fits
    let (status, answer) = post(&c, &base, "/v1/games/convert", &json!({"pgn": game, "positions": true})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["games"][0]["ok"]["positions"].as_array().map(Vec::len), Some(400));
    // the default bound is 8 MiB
    let base = start(Config::default()).await;
    let (status, _) = post(&c, &base, "/v1/games/convert", &json!({"pgn": pgn, "positions": true})).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_slow_request_gets_503() {
    let base = start(Config::default().with_request_timeout(Duration::from_millis(1))).await;
    let c = client();
    let inputs: Vec<&str> = vec![START; 10_000];
    let (status, answer) = post(&c, &base, "/v1/convert", &json!({"inputs": inputs, "to": "json"})).await;
    assert_eq!(status, 503, "{answer}");
    assert_eq!(answer["error"]["message"], "the request took longer than the limit of 1 ms");
}

#[tokio::test]
async fn the_page_and_info_are_served() {
    let base = start(Config::default()).await;
    let c = client();
    let (status, content_type, body) = get(&c, &base, "/").await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/html"));
    assert!(body.contains("<script type=\"module\" src=\"main.js\">"));
    let (status, content_type, _) = get(&c, &base, "/style.css").await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/css"), "{content_type}");
    // every module of the page, as it is on disk, as JavaScript; its tests not
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
    let mut modules: Vec<String> = std::fs::read_dir(&dir)
        .expect("the page's files")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "js"))
        .filter_map(|path| path.file_name().map(|name| name.to_string_lossy().into_owned()))
        .collect();
    modules.sort();
    assert!(modules.len() > 5 && modules.contains(&"main.js".to_owned()), "{modules:?}");
    let served: Vec<&str> = polyfen_server::PAGE_FILES.iter().map(|&(path, _, _)| path).collect();
    for module in &modules {
        let path = format!("/{module}");
        assert!(served.contains(&path.as_str()), "{path} is not in PAGE_FILES");
        let (status, content_type, body) = get(&c, &base, &path).await;
        assert_eq!(status, 200, "{path}");
        assert!(content_type.starts_with("text/javascript"), "{path}: {content_type}");
        assert_eq!(body, std::fs::read_to_string(dir.join(module)).expect("the module"), "{path}");
        assert!(body.starts_with("// @ts-check\n"), "{path} starts with // @ts-check");
        // each module it imports is served too
        for import in body.lines().filter_map(|line| line.split(" from \"./").nth(1)) {
            let name = import.split('"').next().unwrap_or_default();
            assert!(modules.iter().any(|m| m == name), "{path} imports {name}");
        }
    }
    let tests = std::fs::read_dir(dir.join("test")).expect("the page's tests").flatten().count();
    assert!(tests > 0);
    for path in ["/test/tree.test.js", "/app.js"] {
        let (status, _, _) = get(&c, &base, path).await;
        assert_eq!(status, 404, "{path}");
    }
    let (status, _, body) = get(&c, &base, "/v1/info").await;
    assert_eq!(status, 200);
    let info: Value = serde_json::from_str(&body).expect("json");
    assert_eq!(info["limits"]["max_body_bytes"], 1024 * 1024);
    let khet = info["variants"].as_array().and_then(|v| v.iter().find(|v| v["id"] == "khet")).expect("khet");
    assert_eq!(khet["notations"], json!(["pkn", "json"]));
    assert_eq!(khet["setups"][0]["name"], "classic");
}

/// A bounded load: 2,000 requests from 8 concurrent clients, all answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bounded_load_all_succeed() {
    let base = start(Config::default()).await;
    let c = client();
    let mut clients = Vec::new();
    for worker in 0..8 {
        let (c, base) = (c.clone(), base.clone());
        clients.push(tokio::spawn(async move {
            let mut ok = 0;
            for i in 0..250 {
                let input = if (worker + i) % 2 == 0 { START } else { XQ_START };
                let (status, answer) = post(&c, &base, "/v1/convert", &json!({"input": input, "to": "json"})).await;
                if status == 200 && answer["ok"]["output"].is_string() {
                    ok += 1;
                }
            }
            ok
        }));
    }
    let mut total = 0;
    for client in clients {
        total += client.await.expect("client finished");
    }
    assert_eq!(total, 2_000);
}

#[tokio::test]
async fn the_laser_is_traced_and_drawn() {
    let base = start(Config::default()).await;
    let c = client();
    let classic = polyfen::polyfen_khet::CLASSIC;
    let (status, answer) = post(&c, &base, "/v1/laser", &json!({"inputs": [classic, START]})).await;
    assert_eq!(status, 200);
    let ok = &answer["results"][0]["ok"];
    let pkn: polyfen::polyfen_khet::Pkn = classic.parse().expect("reads");
    let shot =
        polyfen::polyfen_khet::Position::from_setup(&pkn).expect("legal").laser(polyfen::polyfen_core::Color::White);
    assert_eq!(ok["color"], "silver");
    assert_eq!(ok["summary"], shot.to_string().as_str());
    assert_eq!(ok["diagram"], polyfen::polyfen_khet::svg_with_laser(&pkn, &shot).as_str());
    assert_eq!(answer["results"][1]["error"]["message"], "the laser is Khet's; this is a chess position");
    let (status, answer) = post(&c, &base, "/v1/laser", &json!({"input": classic, "color": "red"})).await;
    assert_eq!(status, 200);
    assert!(answer["ok"]["summary"].as_str().is_some_and(|s| s.starts_with("red laser from a8")), "{answer}");
}

/// A batch whose request timed out stops at its next input: the one heavy
/// job slot is free again at once, not after the whole batch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn work_stops_when_its_request_times_out() {
    let limit = Duration::from_millis(300);
    let base = start(Config::default().with_request_timeout(limit).with_max_jobs(1)).await;
    let c = client();
    let inputs = vec![START; 10_000];
    let started = std::time::Instant::now();
    let (status, answer) = post(&c, &base, "/v1/perft", &json!({"inputs": inputs, "depth": 3})).await;
    assert_eq!(status, 503, "{answer}");
    let (status, answer) = post(&c, &base, "/v1/perft", &json!({"input": START, "depth": 1})).await;
    assert_eq!(status, 200, "the slot was freed: {answer}");
    assert_eq!(answer["ok"]["nodes"], 20);
    assert!(started.elapsed() < limit * 3, "{:?}", started.elapsed());
}

/// The laser's sides and the letter sets are the games' own, and an
/// unknown one is refused naming them.
#[tokio::test]
async fn laser_sides_and_letter_sets_come_from_the_games() {
    let base = start(Config::default()).await;
    let c = client();
    let (status, answer) = post(&c, &base, "/v1/laser", &json!({"input": "khet:classic", "color": "blue"})).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["error"]["message"], "\"color\": unknown side \"blue\"; known: silver, red");
    let (status, answer) = post(&c, &base, "/v1/laser", &json!({"input": "khet:classic", "color": "silver"})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ok"]["color"], "silver");
    assert_eq!(answer["ok"]["variant"], "khet");
    let (status, answer) =
        post(&c, &base, "/v1/convert", &json!({"input": XQ_START, "to": "xiangqi-fen", "letters": "pinyin"})).await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["error"]["message"], "\"letters\": unknown letter set \"pinyin\"; known: xqbase, wxf, iccs");
    let (status, answer) =
        post(&c, &base, "/v1/convert", &json!({"input": XQ_START, "to": "xiangqi-fen", "letters": "ICCS"})).await;
    assert_eq!(status, 200, "{answer}");
}

/// An SVG drawing comes with where it draws each square of the position's
/// own board: a rules variant defined as data draws its own board.
#[tokio::test]
async fn a_drawing_says_where_its_squares_are() {
    let base = start(Config::default()).await;
    let c = client();
    for (input, rules, count, first) in [
        (polyfen::polyfen_chess::START_FEN, None, 64, "a8"),
        ("grand:standard", Some("grand"), 100, "a10"),
        ("minishogi:standard", Some("minishogi"), 25, "a5"),
    ] {
        let mut request = json!({"input": input, "style": "svg"});
        if let Some(rules) = rules {
            request["rules"] = json!(rules);
        }
        let (status, drawn) = post(&c, &base, "/v1/render", &request).await;
        assert_eq!(status, 200, "{drawn}");
        let squares = drawn["ok"]["squares"].as_array().expect("the squares");
        assert_eq!((squares.len(), &squares[0]["name"]), (count, &json!(first)), "{input}");
        // each square is drawn where the diagram says: a piece on it sits inside
        let svg = drawn["ok"]["diagram"].as_str().expect("svg");
        assert!(svg.contains(&format!("width=\"{}\"", squares[0]["size"])), "{input}");
    }
    let (_, text) =
        post(&c, &base, "/v1/render", &json!({"input": polyfen::polyfen_chess::START_FEN, "style": "text"})).await;
    assert!(text["ok"].get("squares").is_none(), "{text}");
}

/// A rules variant defined as data, explained key by key beside its
/// parent's; a name no game defines as data is 404 with a message.
#[tokio::test]
async fn a_data_defined_rules_variant_is_explained_key_by_key() {
    let base = start(Config::default()).await;
    let c = client();
    let (status, _, body) = get(&c, &base, "/v1/variants/makruk").await;
    assert_eq!(status, 200, "{body}");
    let answer: Value = serde_json::from_str(&body).expect("json");
    assert_eq!(
        (&answer["game"], &answer["parent"], &answer["defined_at"]),
        (&json!("fairy"), &json!("chess"), &json!("builtin.ini:108"))
    );
    let keys = answer["keys"].as_array().expect("keys");
    let region = keys.iter().find(|k| k["key"] == "promotionRegionWhite").expect("makruk sets its promotion region");
    assert_eq!((&region["value"], &region["was"]), (&json!("*6 *7 *8"), &json!("*8")));
    assert!(region["meaning"].as_str().is_some_and(|m| m.contains("promote")), "{region}");
    let fers = keys.iter().find(|k| k["key"] == "fers").expect("the fers");
    assert_eq!(fers["was"], Value::Null, "a piece chess does not have");
    assert!(fers["meaning"].as_str().is_some_and(|m| m.contains("Betza F")), "{fers}");
    assert!(answer["definition"].as_str().is_some_and(|d| d.starts_with("[makruk]")), "{answer}");
    // the same as the command line's
    let cli = polyfen::explain_rules("makruk").expect("makruk");
    assert_eq!((keys.len(), answer["inherited"].as_u64()), (cli.keys.len(), Some(cli.inherited as u64)));
    let (status, _, body) = get(&c, &base, "/v1/variants/nosuch").await;
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("no game defines \\\"nosuch\\\" as data"), "{body}");
}
