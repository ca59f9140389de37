//! What the `moves` and `move` answers say of the game beside the moves:
//! its status, the result that gives, the royal pieces in check and the
//! game's counters, in each game (the page shows them on the board).

mod common;

use common::{client, post, start};
use polyfen_server::Config;
use serde_json::{Value, json};

/// The `moves` answer of `input` read under `rules` (none: the game's own).
async fn moves(base: &str, input: &str, rules: Option<&str>) -> Value {
    let mut request = json!({ "input": input });
    if let Some(rules) = rules {
        request["rules"] = json!(rules);
    }
    let (status, answer) = post(&client(), base, "/v1/moves", &request).await;
    assert_eq!(status, 200, "{answer}");
    answer["ok"].clone()
}

#[tokio::test]
async fn mate_check_and_stalemate_are_said_with_their_results() {
    let base = start(Config::default()).await;
    // fool's mate: white is mated, black wins, the king on e1 in check
    let mate = moves(&base, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", None).await;
    assert_eq!(
        (&mate["status"], &mate["result"], &mate["check"]),
        (&json!("checkmate"), &json!("0-1"), &json!(["e1"]))
    );
    // a check that is not mate: no result
    let check = moves(&base, "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", None).await;
    assert_eq!(check["status"], "ongoing");
    assert_eq!(check["check"], json!(["e8"]));
    assert!(check.get("result").is_none(), "{check}");
    // stalemate draws; the fifty-move rule is claimed, not given
    let stalemate = moves(&base, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", None).await;
    assert_eq!((&stalemate["status"], &stalemate["result"]), (&json!("stalemate"), &json!("1/2-1/2")));
    assert!(stalemate.get("check").is_none(), "{stalemate}");
    let fifty = moves(&base, "7k/8/6K1/8/8/8/8/R7 w - - 100 80", None).await;
    assert_eq!(fifty["status"], "fifty-moves");
    assert!(fifty.get("result").is_none(), "{fifty}");
    // antichess: the side that lost all its pieces wins
    let antichess = moves(&base, "8/8/8/8/8/8/7p/8 w - - 0 1", Some("antichess")).await;
    assert_eq!(antichess["result"], "1-0", "{antichess}");
}

#[tokio::test]
async fn three_check_counts_the_checks_still_to_give() {
    let base = start(Config::default()).await;
    let c = client();
    let request = json!({
        "input": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        "rules": "three-check",
        "moves": ["e4", "e5", "Bc4", "Nc6", "Bxf7+"],
    });
    let (status, played) = post(&c, &base, "/v1/move", &request).await;
    assert_eq!(status, 200, "{played}");
    let ok = &played["ok"];
    assert_eq!(ok["check"], json!(["e8"]), "{ok}");
    assert_eq!(
        ok["counters"],
        json!([
            { "side": "white", "name": "checks still to give", "count": 2 },
            { "side": "black", "name": "checks still to give", "count": 3 },
        ])
    );
    // the third check wins
    let won = moves(&base, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0+3 0 1", Some("three-check")).await;
    assert_eq!(won["result"], "1-0", "{won}");
}

#[tokio::test]
async fn each_game_names_the_royal_piece_in_check_and_the_result() {
    let base = start(Config::default()).await;
    // Xiangqi: the black general on e9 checked along the file by a rook
    let xiangqi = moves(&base, "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1", None).await;
    assert_eq!((&xiangqi["variant"], &xiangqi["check"]), (&json!("xiangqi"), &json!(["e9"])), "{xiangqi}");
    // Xiangqi: mated on d9 by a rook, the generals facing on the e file
    let stalemated = moves(&base, "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1", None).await;
    assert_eq!(stalemated["result"], "1-0", "{stalemated}");
    // Shogi: sente's king on 5i checked by a gold on 5h, which it takes
    let shogi = moves(&base, "4k4/9/9/9/9/9/9/4g4/4K4 b - 1", None).await;
    assert_eq!((&shogi["variant"], &shogi["check"]), (&json!("shogi"), &json!(["5i"])), "{shogi}");
    assert!(shogi.get("result").is_none(), "{shogi}");
    // Shogi: sente mated by a gold protected by a silver loses
    let mated = moves(&base, "4k4/9/9/9/9/9/4s4/4g4/4K4 b - 1", None).await;
    assert_eq!((&mated["status"], &mated["result"]), (&json!("checkmate"), &json!("0-1")), "{mated}");
    // a game defined as data: Makruk's king in check, and five-check's counters
    let makruk = moves(&base, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", Some("makruk")).await;
    assert_eq!(makruk["check"], json!(["e1"]), "{makruk}");
    let five = moves(&base, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1", Some("5check")).await;
    let counts: Vec<&Value> = five["counters"].as_array().expect("counters").iter().map(|c| &c["count"]).collect();
    assert_eq!(counts, [&json!(5), &json!(5)], "{five}");
    // Khet: no check, no result while both pharaohs stand
    let khet = moves(&base, "khet:classic", None).await;
    assert!(khet.get("check").is_none() && khet.get("result").is_none(), "{khet}");
}
