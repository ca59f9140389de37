//! The streaming PGN reader: its grammar (blank lines, variations, tag
//! names), memory on hostile input, encodings, the visitor's events and the
//! fast lane that must read as the careful path does.

use std::io::Read;

use polyfen::MoveNotation;
use polyfen::records::pgn::{Flow, Here, PgnError, PgnReader, Visitor};
use polyfen::records::{Game, GameOptions, Games, decode, read_pgn};
use proptest::prelude::*;

mod common;

use common::*;

/// What the reader makes of a text, game by game, in words (no rules).
fn read_events(text: &str) -> Vec<Vec<String>> {
    events(PgnReader::new(text.as_bytes()))
}

fn repairs_said(game: &Game) -> Vec<String> {
    game.repairs.iter().map(ToString::to_string).collect()
}

#[test]
fn blank_lines_between_tags_keep_one_game() {
    // as ChessBase writes them
    let text =
        "[Event \"E\"]\n\n[Date \"2020.01.02\"]\r\n\r\n[White \"a\"]\n\n1. e4 e5 *\n\n[Event \"F\"]\n\n1. d4 *\n";
    let games = games(text);
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].tags,
        [("Event", "E"), ("Date", "2020.01.02"), ("White", "a")].map(|(n, v)| (n.to_owned(), v.to_owned()))
    );
    assert_eq!(games[0].moves.len(), 2);
    assert!(games[0].repairs.is_empty(), "{:?}", games[0].repairs);
    assert_eq!(games[1].tag("Event"), Some("F"));
}

#[test]
fn a_move_number_back_at_1_after_a_blank_line_starts_a_new_game() {
    let text = "1. d4 Nf6\n\n1. c4 e6\n";
    let games = games(text);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].main_line(Some(MoveNotation::San)).unwrap().moves, ["d4", "Nf6"]);
    assert_eq!(games[1].main_line(Some(MoveNotation::San)).unwrap().moves, ["c4", "e6"]);
    // the missing result, a repair of each game
    assert_eq!(
        repairs_said(&games[0]),
        ["line 3, column 1: the game has no result; read as '*' (a new game starts at move 1 after a blank line)"]
    );
    assert_eq!(repairs_said(&games[1]), ["line 4, column 1: the game has no result; read as '*'"]);
    assert_eq!((games[0].result_text(), games[1].result_text()), ("*", "*"));

    // with tags, CRLF lines, a blank line made of spaces, and `1.d4` written close
    let text = "[Event \"x\"]\r\n\r\n1. e4 e5 2. Nf3\r\n  \r\n1.d4 d5 *\n";
    let two = self::games(text);
    assert_eq!(two.len(), 2);
    assert_eq!(two[0].tag("Event"), Some("x"));
    assert_eq!(two[1].moves[0].mv, "d2d4");

    // a game whose first move is bad does not swallow the next
    let results = read_pgn("1. d4 Ke3\n\n1. c4 e6 *\n", GameOptions::default());
    assert_eq!(results.len(), 2);
    assert!(results[0].as_ref().unwrap_err().error.message.contains("Ke3"));
    assert_eq!(results[1].as_ref().expect("the next game").moves.len(), 2);
}

#[test]
fn blank_lines_inside_a_game_keep_it_whole() {
    // a later move number, black's `1...`, in a variation, in a comment,
    // before any move
    for text in [
        "1. e4 e5\n\n2. Nf3 Nc6 *\n",
        "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4\n\n1... e5 *\n",
        "1. e4 {a comment\n\n1. d4 is fine too} 1... e5 *\n",
        "{before the moves}\n\n1. e4 e5 *\n",
        "1. e4 e5 2. Nf3 ; to the end of the line\n\n2... Nc6 *\n",
    ] {
        let game = one(text);
        assert_eq!(game.result_text(), "*", "{text:?}");
        assert!(game.repairs.is_empty(), "{text:?}: {:?}", game.repairs);
    }
    // inside a variation (the reader alone: no rules to break)
    let read = read_events("1. e4 (1. d4 d5\n\n1. c4) e5 *\n\n1. f4 (1. b3\n\n1. b4 (1. g3\n\n1. g4)) *\n");
    assert_eq!(read.len(), 2, "{read:?}");
    assert!(read.iter().flatten().all(|e| !e.starts_with("repair")), "{read:?}");
}

#[test]
fn unbalanced_variations_are_read_with_a_repair() {
    // a `)` that closes no variation is dropped
    let game = one("1. e4 (1. d4))) *\n");
    assert_eq!(game.main_line(Some(MoveNotation::San)).unwrap().moves, ["e4"]);
    assert_eq!(game.moves[0].variations.len(), 1);
    assert_eq!(game.moves[0].variations[0].moves[0].mv, "d2d4");
    assert_eq!(game.result_text(), "*");
    assert_eq!(
        repairs_said(&game),
        [
            "line 1, column 14: ignored ')' that closes no variation",
            "line 1, column 15: ignored ')' that closes no variation"
        ]
    );
    // a `(` before any move opens nothing
    let game = one("((( 1. c4 *\n");
    assert_eq!(game.main_line(Some(MoveNotation::San)).unwrap().moves, ["c4"]);
    assert_eq!(game.result_text(), "*");
    assert_eq!(
        repairs_said(&game),
        (1..=3).map(|c| format!("line 1, column {c}: ignored '(' before any move")).collect::<Vec<_>>()
    );
    // after text between games, and after tags
    let results = read_pgn("1. e4 1-0\n\n( 1. d4 ) 0-1\n\n[Event \"x\"]\n\n(1. f4 *\n", GameOptions::default());
    assert_eq!(results.len(), 3);
    let second = results[1].as_ref().expect("a game after the first");
    assert_eq!((second.moves[0].mv.as_str(), second.result_text()), ("d2d4", "0-1"));
    assert_eq!(second.repairs.len(), 2, "{:?}", second.repairs);
    let third = results[2].as_ref().expect("a game after the tags");
    assert_eq!((third.moves[0].mv.as_str(), third.repairs.len()), ("f2f4", 1));
    // variations open where the game ends are closed there: at the result,
    // at the next game's tags, at the end of the input
    let results = read_pgn(
        "1. d4 (1. e4 e5 (1... c5 2. Nf3 1-0\n\n1. d4 d5 (1... Nf6\n\n[Event \"3\"]\n\n1. c4 (1. g3 (1. b3",
        GameOptions::default(),
    );
    assert_eq!(results.len(), 3);
    let first = results[0].as_ref().expect("closed at the result");
    assert_eq!(first.main_line(Some(MoveNotation::San)).unwrap().moves, ["d4"]);
    assert_eq!(first.result_text(), "1-0");
    assert_eq!(first.lines(Some(MoveNotation::San)).unwrap()[2], ["e4", "c5", "Nf3"]);
    assert_eq!(repairs_said(first), ["line 1, column 33: closed 2 unclosed variations where the game ends"]);
    let second = results[1].as_ref().expect("closed at the next tags");
    assert_eq!(second.main_line(Some(MoveNotation::San)).unwrap().moves, ["d4", "d5"]);
    assert_eq!(
        repairs_said(second),
        [
            "line 5, column 1: closed 1 unclosed variation where the game ends",
            "line 5, column 1: the game has no result; read as '*'"
        ]
    );
    let third = results[2].as_ref().expect("closed at the end");
    assert_eq!(third.lines(Some(MoveNotation::San)).unwrap(), [vec!["c4"], vec!["g3"], vec!["b3"]]);
    assert_eq!(third.repairs.len(), 2, "{:?}", third.repairs);
    // a visitor that skips variations reads the same games and repairs
    let read = events_skipping_variations("1. d4 (1. e4 (1. c4 *\n\n1. d4 (1. e4\n\n[Event \"3\"]\n\n*\n");
    assert_eq!(
        read,
        [
            vec![
                "san d4",
                "repair line 1, column 21: closed 2 unclosed variations where the game ends",
                "result *",
                "end None"
            ],
            vec![
                "san d4",
                "repair line 5, column 1: closed 1 unclosed variation where the game ends",
                "repair line 5, column 1: the game has no result; read as '*'",
                "end None"
            ],
            vec!["result *", "end None"],
        ]
    );
}

#[test]
fn tag_names_take_every_symbol_character() {
    let text = "[BlackType: \"program\"]\n[White_Elo+ \"1\"]\n[A#=:-9 \"x\"]\n\n1. e4 *\n";
    let game = one(text);
    assert_eq!(
        game.tags,
        [("BlackType:", "program"), ("White_Elo+", "1"), ("A#=:-9", "x")].map(|(n, v)| (n.to_owned(), v.to_owned()))
    );
    assert!(game.repairs.is_empty(), "{:?}", game.repairs);
    let back = one(&pgn(&game, None));
    assert_eq!(back.tag("BlackType:"), Some("program"));
    // other characters still make a bad tag, and only its game is lost
    let results = read_pgn("[Black!Type \"x\"]\n\n1. e4 *\n\n[Event \"y\"]\n\n1. d4 *\n", GameOptions::default());
    assert!(results[0].as_ref().unwrap_err().error.message.contains("a tag with no name"));
    assert!(results[1].is_ok());
}

#[test]
fn a_huge_comment_is_an_error_and_memory_stays_bounded() {
    // 100 MB of comment, streamed: never held whole
    struct Huge {
        sent: usize,
        total: usize,
        tail: &'static [u8],
        tail_at: usize,
    }
    impl Read for Huge {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let head = b"[Event \"big\"]\n\n1. e4 {";
            if self.sent < head.len() {
                let n = buf.len().min(head.len() - self.sent);
                buf[..n].copy_from_slice(&head[self.sent..self.sent + n]);
                self.sent += n;
                return Ok(n);
            }
            if self.sent < self.total {
                let n = buf.len().min(self.total - self.sent);
                buf[..n].fill(b'x');
                self.sent += n;
                return Ok(n);
            }
            let n = buf.len().min(self.tail.len() - self.tail_at);
            buf[..n].copy_from_slice(&self.tail[self.tail_at..self.tail_at + n]);
            self.tail_at += n;
            Ok(n)
        }
    }
    let input = Huge { sent: 0, total: 100 << 20, tail: b"} e5 *\n\n[Event \"next\"]\n\n1. d4 *\n", tail_at: 0 };
    let results: Vec<_> = Games::new(input, GameOptions::default()).map(|g| g.unwrap()).collect();
    assert_eq!(results.len(), 2);
    let error = results[0].as_ref().expect_err("a comment over the limit");
    assert!(error.error.message.contains("comment longer than"), "{}", error.error);
    assert_eq!(results[1].as_ref().expect("the next game").moves[0].mv, "d2d4");
}

#[test]
fn a_million_empty_games() {
    let text = "*\n".repeat(1_000_000);
    let mut count = 0;
    for game in Games::new(text.as_bytes(), GameOptions::default()) {
        let game = game.unwrap().expect("an empty game");
        assert!(game.moves.is_empty());
        count += 1;
    }
    assert_eq!(count, 1_000_000);
}

#[test]
fn encodings_are_detected_or_named() {
    let text = "[Game \"Chinese Chess\"]\n[Red \"紅方\"]\n\n1. 炮二平五 馬８進７ *\n";
    for name in ["big5", "gb18030"] {
        let encoding = polyfen::records::encoding_for(name).expect("known");
        let (bytes, _, _) = encoding.encode(text);
        let (mut reader, _) = decode(&bytes[..], Some(encoding)).expect("decodable");
        let mut decoded = String::new();
        reader.read_to_string(&mut decoded).expect("decoded");
        let game = one(&decoded);
        assert_eq!(game.tag("Red"), Some("紅方"), "{name}");
        assert_eq!(game.moves[1].mv, "h9g7", "{name}");
    }
    let big5 = polyfen::records::encoding_for("big5").expect("known");
    let long = text.repeat(20);
    let (bytes, _, _) = big5.encode(&long);
    let (_, detected) = decode(&bytes[..], None).expect("decodable");
    assert_eq!(detected, big5);
}

/// A text that ends inside a character (an odd byte of UTF-16) decodes to a
/// replacement character, and reading on after the end answers 0 bytes.
#[test]
fn a_text_cut_inside_a_character_decodes_to_its_end() {
    for bytes in [&b"\xff\xfe\x00"[..], b"\xff\xfe1\x00.\x00 \x00e", b"\xfe\xff\x00"] {
        let (mut reader, _) = decode(bytes, None).expect("decodable");
        let mut decoded = String::new();
        reader.read_to_string(&mut decoded).expect("decoded");
        assert!(decoded.ends_with('\u{fffd}'), "{bytes:?}: {decoded:?}");
        let mut more = [0u8; 16];
        assert_eq!(reader.read(&mut more).expect("read"), 0);
        assert!(polyfen::records::Games::new(bytes, GameOptions::default()).all(|g| g.is_ok()));
    }
}

#[test]
fn the_reader_counts_moves_without_building() {
    struct Count(usize, usize);
    impl Visitor for Count {
        type Output = (usize, usize);
        fn begin_game(&mut self, _: u64, _: polyfen::records::pgn::Location) {
            *self = Count(0, 0);
        }
        fn san(&mut self, _: &str, _: &Here<'_>) -> Flow {
            self.0 += 1;
            Flow::Continue
        }
        fn comment(&mut self, _: polyfen::records::pgn::RawText<'_>, _: &Here<'_>) -> Flow {
            self.1 += 1;
            Flow::Continue
        }
        fn begin_variation(&mut self, _: &Here<'_>) -> Flow {
            Flow::Skip
        }
        fn end_game(&mut self, _: Option<PgnError>) -> (usize, usize) {
            (self.0, self.1)
        }
    }
    let Some(_) = LICHESS.get() else { return };
    let text = std::fs::read_to_string(LICHESS.path()).expect("the lichess sample");
    let mut reader = PgnReader::new(text.as_bytes());
    let mut plies = 0;
    while let Some((moves, comments)) = reader.read_game(&mut Count(0, 0)).unwrap() {
        assert_eq!(moves, comments, "one clock comment a move");
        plies += moves;
    }
    assert_eq!(plies, 28538);
    assert_eq!(reader.games(), 438);
}

/// Every event a reader reports, in words.
#[derive(Default)]
struct Events(Vec<String>);

impl Visitor for Events {
    type Output = Vec<String>;
    fn begin_game(&mut self, n: u64, at: polyfen::records::pgn::Location) {
        self.0.push(format!("begin {n} {at}"));
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.0.push(format!("tag {name}={value}"));
    }
    fn san(&mut self, text: &str, here: &Here<'_>) -> Flow {
        self.0.push(format!("san {text} {}", here.location()));
        Flow::Continue
    }
    fn nag(&mut self, nag: u8, here: &Here<'_>) -> Flow {
        self.0.push(format!("nag {nag} {}", here.location()));
        Flow::Continue
    }
    fn comment(&mut self, text: polyfen::records::pgn::RawText<'_>, here: &Here<'_>) -> Flow {
        self.0.push(format!("comment {:?} {:?} {}", text.as_bytes(), text.to_str(), here.location()));
        Flow::Continue
    }
    fn begin_variation(&mut self, here: &Here<'_>) -> Flow {
        self.0.push(format!("( {}", here.location()));
        Flow::Continue
    }
    fn end_variation(&mut self) {
        self.0.push(")".to_owned());
    }
    fn result(&mut self, text: &str) {
        self.0.push(format!("result {text}"));
    }
    fn repair(&mut self, repair: polyfen::records::pgn::PgnRepair) {
        self.0.push(format!("repair {repair}"));
    }
    fn end_game(&mut self, error: Option<PgnError>) -> Vec<String> {
        self.0.push(format!("end {error:?}"));
        std::mem::take(&mut self.0)
    }
}

fn events<R: Read>(reader: PgnReader<R>) -> Vec<Vec<String>> {
    visited(reader, Events::default)
}

/// What `visitor()`, a fresh visitor a game, reports of each game `reader`
/// reads.
fn visited<R: Read, V: Visitor<Output = Vec<String>>>(
    mut reader: PgnReader<R>,
    visitor: impl Fn() -> V,
) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    while let Some(game) = reader.read_game(&mut visitor()).unwrap() {
        all.push(game);
    }
    all
}

/// The games, results and repairs a reader reports to a visitor that skips
/// every variation.
fn events_skipping_variations(text: &str) -> Vec<Vec<String>> {
    /// The moves without their places, the results, repairs and ends of
    /// [`Events`].
    struct Skipping(Events);
    impl Visitor for Skipping {
        type Output = Vec<String>;
        fn san(&mut self, text: &str, _: &Here<'_>) -> Flow {
            self.0.0.push(format!("san {text}"));
            Flow::Continue
        }
        fn begin_variation(&mut self, _: &Here<'_>) -> Flow {
            Flow::Skip
        }
        fn result(&mut self, text: &str) {
            self.0.result(text);
        }
        fn repair(&mut self, repair: polyfen::records::pgn::PgnRepair) {
            self.0.repair(repair);
        }
        fn end_game(&mut self, error: Option<PgnError>) -> Vec<String> {
            self.0.end_game(error)
        }
    }
    visited(PgnReader::new(text.as_bytes()), || Skipping(Events::default()))
}

/// A reader handing out its bytes a few at a time, so that the PGN reader's
/// buffer moves under every token.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Movetext pieces around the grammar's game boundaries: move numbers
/// back at 1, blank lines, unbalanced parentheses, tags with every symbol
/// character.
fn grammar_piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "1.",
        "1...",
        "1.e4",
        "2.",
        "e4",
        "d5",
        "Nf3",
        "(",
        ")",
        "{c\n\nd}",
        ";c\n",
        "*",
        "1-0",
        "\n",
        "\n\n",
        "\r\n\r\n",
        " \n \t\n",
        "[Event \"x\"]\n",
        "[BlackType: \"y\"]\n",
        "[A#=+-9 \"z\"]",
        "$1",
        "!?",
        "%e\n",
        "x",
    ])
}

#[test]
fn the_fast_lane_reads_the_lichess_sample_as_the_careful_path_does() {
    let Some(_) = LICHESS.get() else { return };
    let text = std::fs::read(LICHESS.path()).expect("the lichess sample");
    let fast = events(PgnReader::new(&text[..200_000]));
    let careful = events(PgnReader::new(&text[..200_000]).careful_only());
    assert_eq!(fast.len(), careful.len());
    assert_eq!(fast, careful);
}

#[test]
fn a_reader_of_text_in_memory_then_of_a_stream_reads_as_one_text() {
    // the text in memory ends in the middle of a token: the stream's bytes
    // continue it
    let text = "[Event \"a\"]\n[Site \"x\"]\n\n1. e4 {a comment} e5 2. Nf3 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    let whole = events(PgnReader::new(text.as_bytes()));
    assert_eq!(whole.len(), 2);
    for cut in [0, 5, 16, 30, 50, text.len()] {
        let (head, tail) = text.as_bytes().split_at(cut);
        assert_eq!(events(PgnReader::after_text(head.to_vec(), tail)), whole, "cut at {cut}");
    }
    // the buffer comes back for another reader
    let mut reader = PgnReader::after_text(text.as_bytes().to_vec(), std::io::empty());
    while reader.read_game(&mut Events::default()).expect("read").is_some() {}
    assert_eq!(reader.games(), 2);
    assert!(reader.into_buffer().capacity() >= text.len());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_reader_never_panics_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let (reader, _) = decode(bytes.as_slice(), None).unwrap();
        for game in Games::new(reader, GameOptions::default()).take(1000) {
            let _ = game.unwrap();
        }
    }

    #[test]
    fn the_fast_lane_never_decides_alone(text in "[\\[\\]{}()\";%$!?*. \\n\\r0-9a-hNBRQKOx=+#-]{0,300}") {
        let fast = events(PgnReader::new(text.as_bytes()));
        let careful = events(PgnReader::new(text.as_bytes()).careful_only());
        prop_assert_eq!(fast, careful);
    }

    #[test]
    fn the_fast_lanes_agree_on_text_that_is_not_ascii(pieces in proptest::collection::vec(prop::sample::select(vec![
        &b"e4"[..], b"Nf3", b"1.", b" ", b"\n", b"{c}", "\u{e9}".as_bytes(), "N\u{e9}3".as_bytes(), "\u{2658}f3".as_bytes(),
        b"\xff", b"e\xe9", b"\xc3", b"\xa9", b"\xe2\x99", b"\x98", b"1-0", b"*",
        b"[Event \"", b"\"]", b"[Site \"x\"]\n", "[White \"\u{e9}t\u{e9}\"]\n".as_bytes(), b"[Black \"\xff\"]\n", b"\\",
    ]), 0..120), step in 1usize..9) {
        let bytes = pieces.concat();
        let fast = events(PgnReader::new(bytes.as_slice()));
        let careful = events(PgnReader::new(bytes.as_slice()).careful_only());
        prop_assert_eq!(&fast, &careful, "{:?}", bytes);
        let trickled = events(PgnReader::new(Trickle { data: bytes.as_slice(), step }));
        prop_assert_eq!(&fast, &trickled, "{:?}", bytes);
    }

    #[test]
    fn the_fast_lane_agrees_at_game_boundaries(pieces in proptest::collection::vec(grammar_piece(), 0..40), space in proptest::collection::vec(any::<bool>(), 40), step in 1usize..9) {
        let mut text = String::new();
        for (piece, &spaced) in pieces.iter().zip(&space) {
            text.push_str(piece);
            if spaced {
                text.push(' ');
            }
        }
        let fast = events(PgnReader::new(text.as_bytes()));
        let careful = events(PgnReader::new(text.as_bytes()).careful_only());
        prop_assert_eq!(&fast, &careful, "{:?}", text);
        // the same, read a few bytes at a time
        let trickled = events(PgnReader::new(Trickle { data: text.as_bytes(), step }));
        prop_assert_eq!(&fast, &trickled, "{:?}", text);
        for game in read_pgn(&text, GameOptions::default()) {
            let _ = game;
        }
    }

    #[test]
    fn the_reader_never_panics_on_pgn_like_text(text in "[\\[\\]{}()\";%$!?*. \\n\\r0-9a-hNBRQKOx=+#-]{0,300}") {
        for game in read_pgn(&text, GameOptions::default()) {
            let _ = game;
        }
    }

    #[test]
    fn mutated_real_games_never_panic(at in 0usize..6000, byte in any::<u8>(), cut in 0usize..6000) {
        let Some(_) = LICHESS.get() else { return Ok(()) };
        let text = std::fs::read(LICHESS.path()).unwrap();
        let mut sample = text[..6000].to_vec();
        sample[at] = byte;
        sample.truncate(cut.max(1));
        let (reader, _) = decode(sample.as_slice(), None).unwrap();
        for game in Games::new(reader, GameOptions::default()) {
            let _ = game.unwrap();
        }
    }
}

#[test]
fn long_algebraic_and_uci_moves_in_a_san_file_are_read_and_said() {
    // LAN and UCI read as the moves they name, each said as a repair;
    // SAN with both disambiguators (Qh5e2 is SAN when three queens could
    // go there) is plain SAN, and quiet
    let game = one("1. e2-e4 e7e5 2. Ng1-f3 Nb8xc6?? 3. Bf1c4 *\n");
    assert_eq!(game.main_line(Some(MoveNotation::San)).unwrap().moves, ["e4", "e5", "Nf3", "Nc6", "Bc4"]);
    assert_eq!(
        repairs_said(&game),
        [
            "line 1, column 4: read the long algebraic move 'e2-e4' as 'e4'",
            "line 1, column 10: read the UCI move 'e7e5' as 'e5'",
            "line 1, column 18: read the long algebraic move 'Ng1-f3' as 'Nf3'",
            "line 1, column 25: read the long algebraic move 'Nb8xc6' as 'Nc6'",
        ]
    );
    let quiet = one("[FEN \"k7/8/8/4Q2Q/8/8/7Q/K7 w - - 0 1\"]\n\n1. Qh5e2 Kb7 *\n");
    assert!(quiet.repairs.is_empty(), "{:?}", quiet.repairs);
}

#[test]
fn a_comment_that_is_not_utf8_is_an_error_where_its_bytes_stop_being_text() {
    // moves around it make the fast lane check a stretch of the buffer;
    // the comment's text comes from that stretch only where it is text
    let bytes = b"[Event \"x\"]\n\n1. e4 {ok} e5 {caf\xe9 au lait} 2. Nf3 *\n";
    let (reader, _) = decode(&bytes[..], Some(encoding_rs::UTF_8)).unwrap();
    let games: Vec<_> = Games::new(reader, GameOptions::default()).map(|g| g.unwrap()).collect();
    let error = games[0].as_ref().expect_err("a comment that is not UTF-8");
    assert_eq!(
        error.error.to_string(),
        "line 3, column 15: a comment that is not UTF-8 text, at byte 3 of it (see --encoding)"
    );
}
