//! Where one PGN game ends and the next begins when the text does not say
//! it with a result: a tag that repeats a name of the game's tags starts a
//! new game (python-chess's `test_no_movetext.pgn`: `[Event "A"]`, two
//! blank lines, `[Event "B"]` is two games), said as a repair of the first;
//! a blank line inside one game's tags (as `ChessBase` writes them) still
//! joins them. The fast lane and the careful path read it alike.

use polyfen::records::pgn::{Flow, Here, Location, PgnError, PgnReader, PgnRepair, RawText, Visitor};
use polyfen::records::{GameOptions, read_pgn};

fn tags_of(game: &polyfen::records::Game) -> Vec<(&str, &str)> {
    game.tags.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

#[test]
fn a_repeated_tag_name_starts_a_new_game() {
    let games = read_pgn("[Event \"A\"]\n\n\n[Event \"B\"]\n", GameOptions::default());
    assert_eq!(games.len(), 2, "{games:?}");
    let a = games[0].as_ref().unwrap_or_else(|e| panic!("{e}"));
    let b = games[1].as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tags_of(a).iter().find(|(k, _)| *k == "Event"), Some(&("Event", "A")));
    assert_eq!(tags_of(b).iter().find(|(k, _)| *k == "Event"), Some(&("Event", "B")));
    assert!(a.moves.is_empty() && b.moves.is_empty());
    let [repair] = a.repairs.as_slice() else { panic!("{:?}", a.repairs) };
    assert_eq!(
        repair.message,
        "the tag Event repeats a tag of this game: read as the start of a new game, this one without moves and its result '*'"
    );
    assert_eq!((repair.at.line, repair.at.column), (4, 1));
    assert!(b.repairs.is_empty(), "{:?}", b.repairs);
}

#[test]
fn the_second_game_keeps_its_moves_and_a_third_follows() {
    let text = "[Event \"A\"]\n[Site \"x\"]\n[Event \"B\"]\n[Site \"y\"]\n\n1. e4 e5 *\n\n[Event \"C\"]\n\n1. d4 *\n";
    let games = read_pgn(text, GameOptions::default());
    assert_eq!(games.len(), 3, "{games:?}");
    let moves: Vec<usize> = games.iter().map(|g| g.as_ref().map_or(usize::MAX, |g| g.moves.len())).collect();
    assert_eq!(moves, [0, 2, 1]);
    let b = games[1].as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tags_of(b).iter().find(|(k, _)| *k == "Site"), Some(&("Site", "y")));
}

#[test]
fn a_blank_line_inside_one_games_tags_still_joins_them() {
    let games =
        read_pgn("[Event \"A\"]\n[Site \"x\"]\n\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 *\n", GameOptions::default());
    assert_eq!(games.len(), 1, "{games:?}");
    let game = games[0].as_ref().unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = game.tags.iter().map(|(k, _)| k.as_str()).collect();
    for name in ["Event", "Site", "White", "Black"] {
        assert!(names.contains(&name), "{names:?}");
    }
    assert!(game.repairs.is_empty(), "{:?}", game.repairs);
}

/// What the reader tells a visitor, as text.
#[derive(Default)]
struct Log(Vec<String>);

impl Visitor for Log {
    type Output = ();
    fn begin_game(&mut self, index: u64, _: Location) {
        self.0.push(format!("game {index}"));
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.0.push(format!("{name}={value}"));
    }
    fn san(&mut self, text: &str, _: &Here<'_>) -> Flow {
        self.0.push(text.to_owned());
        Flow::Continue
    }
    fn comment(&mut self, _: RawText<'_>, _: &Here<'_>) -> Flow {
        Flow::Continue
    }
    fn repair(&mut self, repair: PgnRepair) {
        self.0.push(format!("repair {}:{}", repair.at.line, repair.at.column));
    }
    fn end_game(&mut self, error: Option<PgnError>) {
        self.0.push(format!("end {}", error.is_some()));
    }
}

fn log(text: &str, careful: bool) -> Vec<String> {
    let reader = PgnReader::new(text.as_bytes());
    let mut reader = if careful { reader.careful_only() } else { reader };
    let mut log = Log::default();
    while reader.read_game(&mut log).expect("in memory").is_some() {}
    log.0
}

#[test]
fn the_fast_lane_and_the_careful_path_end_games_at_the_same_tag() {
    for text in [
        "[Event \"A\"]\n\n\n[Event \"B\"]\n",
        "[Event \"A\"]\n[Site \"x \\\"q\\\"\"]\n[Site \"y\"]\n1. e4 *",
        "[Event A]\n[Event \"B\"]\n\n1. e4 *",
        "[Event \"A\"][Event \"B\"]\n",
    ] {
        assert_eq!(log(text, false), log(text, true), "{text:?}");
        assert_eq!(
            log(text, false).iter().filter(|l| l.starts_with("game ")).count(),
            2,
            "{text:?}: {:?}",
            log(text, false)
        );
    }
}
