//! `GET /v1/games`: each game's facts agree with what the library draws and
//! plays: every piece of the SVG diagram lies in the box of its square,
//! every legal move starts with a listed square, the piece letters and
//! fields are the JSON form's.

mod common;

use std::collections::BTreeSet;

use common::{get, post, post_ok, started};
use polyfen::{Notation, Position, ReadOptions, RenderStyle, VariantId, WriteOptions, read};
use polyfen_server::Config;
use serde_json::{Value, json};
use strum::IntoEnumIterator;

/// The number after `name="` in `element`.
fn attribute(element: &str, name: &str) -> Option<f64> {
    let at = element.find(&format!(" {name}=\""))? + name.len() + 3;
    element[at..].split('"').next()?.parse().ok()
}

/// The list `key` of the JSON answer of `GET /v1/games`, a 200.
async fn listed(c: &reqwest::Client, base: &str, key: &str) -> Vec<Value> {
    let (status, content_type, body) = get(c, base, "/v1/games").await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("application/json"), "{content_type}");
    let answer: Value = serde_json::from_str(&body).expect("json");
    answer[key].as_array().expect("a list").clone()
}

#[tokio::test]
async fn every_game_is_listed_with_its_squares_moves_and_pieces() {
    let (c, base) = started(Config::default()).await;
    let games = listed(&c, &base, "games").await;
    let ids: Vec<&str> = games.iter().filter_map(|g| g["id"].as_str()).collect();
    let expected: Vec<&str> = VariantId::iter().map(Into::into).collect();
    assert_eq!(ids, expected);
    for game in &games {
        let id = game["id"].as_str().expect("an id");
        let squares = game["squares"].as_array().expect("squares");
        let files = game["files"].as_u64().expect("files");
        let ranks = game["ranks"].as_u64().expect("ranks");
        assert_eq!(squares.len() as u64, files * ranks, "{id}");
        let names: BTreeSet<&str> = squares.iter().filter_map(|s| s["name"].as_str()).collect();
        assert_eq!(names.len(), squares.len(), "{id}: the names are distinct");

        // the diagram's pieces each lie in the box of their square
        let start_text = game["start"].as_str().expect("a start");
        let position = read(start_text, None, &ReadOptions::default()).expect("reads").position;
        assert_eq!(<&str>::from(position.variant()), id);
        let svg = position.render(RenderStyle::Svg).expect("draws");
        let mut checked = 0;
        for element in svg.split('<').filter(|e| e.contains("class=\"piece\"")) {
            let square = element.split("data-square=\"").nth(1).and_then(|s| s.split('"').next()).expect("a square");
            let inner = svg.split(&format!("data-square=\"{square}\"")).nth(1).expect("the piece");
            // a text's x and y, a disc's centre, or a group's translation
            let translated = element.split("translate(").nth(1).and_then(|t| t.split(')').next()).map(|t| {
                let mut numbers = t.split(' ').filter_map(|n| n.parse::<f64>().ok());
                (numbers.next().expect("x"), numbers.next().expect("y"))
            });
            let (x, y) = match (attribute(element, "x"), attribute(element, "y"), translated) {
                (Some(x), Some(y), _) => (x, y),
                (_, _, Some(at)) => at,
                _ => (attribute(inner, "cx").expect("a centre"), attribute(inner, "cy").expect("a centre")),
            };
            let b = squares.iter().find(|s| s["name"] == square).unwrap_or_else(|| panic!("{id}: {square} listed"));
            let (left, top, size) = (b["x"].as_f64().unwrap(), b["y"].as_f64().unwrap(), b["size"].as_f64().unwrap());
            assert!(
                (left..left + size).contains(&x) && (top..top + size).contains(&y),
                "{id}: the piece on {square} at ({x}, {y}) is outside its box {b}"
            );
            checked += 1;
        }
        let pieces = position.pieces();
        assert!(pieces > 0 && checked == pieces, "{id}: {checked} of {pieces} pieces checked");

        // every legal move in the coordinate notation starts with a square
        let moves =
            post_ok(&c, &base, "/v1/moves", &json!({"input": start_text, "move_notation": game["coordinates"]})).await;
        for mv in moves["ok"]["moves"].as_array().expect("moves") {
            let mv = mv.as_str().expect("a move");
            assert!(names.iter().any(|n| mv.starts_with(n)), "{id}: {mv}");
        }

        // the pieces and fields of the JSON form
        let json_form = position.to_notation(Notation::Json, &WriteOptions::default()).expect("writes").text;
        let json_form: Value = serde_json::from_str(&json_form).expect("json");
        let pieces = game["pieces"].as_array().expect("pieces");
        for letter in json_form["board"].as_object().expect("a board").values() {
            assert!(pieces.contains(letter), "{id}: {letter} in {pieces:?}");
        }
        let sides = game["sides"].as_array().expect("sides");
        assert_eq!(sides.len(), 2, "{id}: {sides:?}");
        assert!(sides.contains(&json_form["side_to_move"]), "{id}");
        assert_eq!(game["castling"], json!(json_form.get("castling").is_some()), "{id}");
        assert_eq!(game["hands"], json!(json_form.get("hands").is_some()), "{id}");
        for (key, value) in game["fields"].as_object().expect("fields") {
            assert_eq!(&json_form[key], value, "{id}: {key}");
        }
    }
    // the tags a game without tags is written with: chess's roster, the
    // tag that names another game
    let defaults = |id: &str| games.iter().find(|g| g["id"] == id).map(|g| g["tag_defaults"].clone());
    let chess = defaults("chess").expect("chess");
    assert_eq!(chess[0], json!(["Event", "?"]), "{chess}");
    assert!(chess.as_array().is_some_and(|t| t.contains(&json!(["Result", "*"]))), "{chess}");
    let xiangqi = defaults("xiangqi").expect("xiangqi");
    assert!(xiangqi.as_array().is_some_and(|t| t.contains(&json!(["Game", "Chinese Chess"]))), "{xiangqi}");
    let lasers: Vec<&str> = games.iter().filter(|g| g["laser"] == true).filter_map(|g| g["id"].as_str()).collect();
    assert_eq!(lasers, ["khet"]);
    let khet = games.iter().find(|g| g["id"] == "khet").expect("khet");
    assert_eq!(khet["square_fields"], json!({"facing": ["e", "n", "s", "w"]}));
    let chess = games.iter().find(|g| g["id"] == "chess").expect("chess");
    assert_eq!(
        (&chess["coordinates"], &chess["record_notation"], &chess["castling"]),
        (&json!("uci"), &json!("san"), &json!(true))
    );
    assert_eq!(chess["pieces"], json!(["K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p"]));
    // a game's own list: Shogi's promoted pieces too, for the editor
    let shogi = games.iter().find(|g| g["id"] == "shogi").expect("shogi");
    let letters = shogi["pieces"].as_array().expect("pieces");
    assert_eq!((letters.len(), &letters[0], &letters[13], &letters[27]), (28, &json!("K"), &json!("+P"), &json!("+p")));
    let xiangqi = games.iter().find(|g| g["id"] == "xiangqi").expect("xiangqi");
    assert_eq!(
        (xiangqi["squares"][0]["name"].as_str(), xiangqi["squares"][89]["name"].as_str()),
        (Some("a9"), Some("i0"))
    );
}

#[tokio::test]
async fn every_record_format_is_listed_with_its_files_extensions() {
    use polyfen::records::RecordFormat;
    let (c, base) = started(Config::default()).await;
    let formats = listed(&c, &base, "record_formats").await;
    let names: Vec<&str> = formats.iter().filter_map(|f| f["name"].as_str()).collect();
    let expected: Vec<&str> = RecordFormat::ALL.iter().map(|f| f.name()).collect();
    assert_eq!(names, expected, "PGN first, then each game's in the list's order");
    for (format, listed) in RecordFormat::ALL.iter().zip(formats) {
        let extensions: Vec<&str> =
            listed["extensions"].as_array().expect("a list").iter().filter_map(Value::as_str).collect();
        assert_eq!(extensions, format.extensions(), "{format}");
        assert!(!extensions.is_empty(), "{format}: a file picker needs one");
        for extension in &extensions {
            assert!(
                !extension.starts_with('.') && extension.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
                "{format}: {extension}"
            );
        }
        assert_eq!(listed["binary"], format.is_binary(), "{format}");
        assert_eq!(listed["written"], format.is_written(), "{format}");
        assert_eq!(listed["game"].as_str(), format.variant().map(<&str>::from), "{format}");
    }
    // the names are the ids /v1/games/convert takes as `format`: a Xiangqi
    // DhtmlXQ text named by its listed name reads
    let (status, answer) = post(
        &c,
        &base,
        "/v1/games/convert",
        &json!({"pgn": "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]", "format": "dhtmlxq"}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["games"][0]["ok"]["mainline"], json!(["H2-E2"]), "{answer}");
}
