//! Detection: which notation each kind of input is read as, and which
//! error is reported when nothing reads.

use polyfen::{Notation, ReadOptions, VariantId, candidates, read};

const SEED_LEGACY: &str = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04";
const SEED_KHET_TYPO: &str = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1s1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0";

/// Input, the notation it is read as (strictly), and its variant.
const TABLE: &[(&str, Notation, VariantId)] = &[
    // chess
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Notation::Fen, VariantId::Chess),
    ("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", Notation::Fen, VariantId::Chess),
    ("8/8/8/8/8/8/8/K6k", Notation::Fen, VariantId::Chess),
    ("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\";", Notation::Epd, VariantId::Chess),
    ("4k3/8/8/8/8/8/8/4K3 w - -", Notation::Fen, VariantId::Chess),
    // Xiangqi
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", Notation::XiangqiFen, VariantId::Xiangqi),
    ("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r", Notation::XiangqiFen, VariantId::Xiangqi),
    ("rnmgkgmnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNMGKGMNR b 3 7", Notation::XiangqiFen, VariantId::Xiangqi),
    ("3k5/9/9/9/9/9/9/9/9/4K4", Notation::XiangqiFen, VariantId::Xiangqi),
    (SEED_LEGACY, Notation::XiangqiLegacy, VariantId::Xiangqi),
    // the legacy dialect's marker alone, its empty ranks alone, its side letter alone
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1/x94",
        Notation::XiangqiLegacy,
        VariantId::Xiangqi,
    ),
    ("rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1", Notation::XiangqiLegacy, VariantId::Xiangqi),
    ("4k////", Notation::XiangqiLegacy, VariantId::Xiangqi),
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR G - - 0 1",
        Notation::XiangqiLegacy,
        VariantId::Xiangqi,
    ),
    // Khet
    (polyfen::polyfen_khet::CLASSIC, Notation::Pkn, VariantId::Khet),
    (polyfen::polyfen_khet::IMHOTEP, Notation::Pkn, VariantId::Khet),
    (SEED_KHET_TYPO, Notation::Pkn, VariantId::Khet),
    ("5X4/0/0/0/0/0/0/x9 ns r 7", Notation::Pkn, VariantId::Khet),
    ("5X4/0/0/0/0/0/0/0 n", Notation::Pkn, VariantId::Khet),
    // JSON of each game
    (
        r#"{"variant":"chess","board":{"e1":"K","e8":"k"},"side_to_move":"white","castling":"-","en_passant":null,"halfmove_clock":0,"fullmove_number":1}"#,
        Notation::Json,
        VariantId::Chess,
    ),
    (
        r#"  {"variant":"xiangqi","board":{"e0":"K","e9":"k"},"side_to_move":"red","halfmove_clock":0,"fullmove_number":1,"marker":null}"#,
        Notation::Json,
        VariantId::Xiangqi,
    ),
    (
        r#"{"variant":"khet","board":{"j1":"X"},"facing":{"j1":"n"},"side_to_move":"silver","turn_counter":0}"#,
        Notation::Json,
        VariantId::Khet,
    ),
];

#[test]
fn each_input_is_read_in_its_notation() {
    for &(input, notation, variant) in TABLE {
        let reading = read(input, None, &ReadOptions::default()).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(reading.notation, notation, "{input}");
        assert_eq!(polyfen::Position::variant(&reading.position), variant, "{input}");
        assert_eq!(candidates(input).first().and_then(|n| n.variant()).unwrap_or(variant), variant, "{input}");
    }
}

#[test]
fn candidates_list_the_notations_of_one_game() {
    assert_eq!(candidates(SEED_LEGACY), [Notation::XiangqiLegacy, Notation::XiangqiFen]);
    assert_eq!(
        candidates("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"),
        [Notation::XiangqiFen, Notation::XiangqiLegacy]
    );
    assert_eq!(candidates(SEED_KHET_TYPO), [Notation::Pkn]);
    assert_eq!(candidates(polyfen::polyfen_chess::START_FEN), [Notation::Fen, Notation::Epd]);
    assert_eq!(candidates("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;"), [Notation::Epd, Notation::Fen]);
    assert_eq!(candidates(" {}"), [Notation::Json]);
    // chess with empty ranks is still chess: the Xiangqi legacy reader,
    // which takes unknown letters for empty points, is never tried on it
    assert_eq!(candidates("rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w KQkq - 0 1"), [Notation::Fen, Notation::Epd]);
    // an EPD operand that looks like a marker is no marker
    assert_eq!(candidates("4k3/8/8/8/8/8/8/4K3 w - - id \"1/x04\";"), [Notation::Epd, Notation::Fen]);
}

#[test]
fn lenient_readings_stay_in_their_game() {
    let lenient = ReadOptions::lenient(true);
    // chess with empty ranks: read leniently as chess
    let chess = read("rnbqkbnr/pppppppp/////PPPPPPPP/RNBQKBNR w KQkq - 0 1", None, &lenient).unwrap();
    assert_eq!(chess.notation, Notation::Fen);
    assert_eq!(chess.repairs.len(), 4);
    // the seed legacy example, leniently: still the legacy dialect
    let legacy = read(SEED_LEGACY, None, &lenient).unwrap();
    assert_eq!(legacy.notation, Notation::XiangqiLegacy);
    assert_eq!(legacy.repairs.len(), 6);
    // xiangqi-fen with --lenient reads the legacy dialect
    let as_fen = read(SEED_LEGACY, Some(Notation::XiangqiFen), &lenient).unwrap();
    assert_eq!(as_fen.position, legacy.position);
    assert!(read(SEED_LEGACY, Some(Notation::XiangqiFen), &ReadOptions::default()).is_err());
    // PKN like the reference program: no separators, one rotation short
    let khet = "2PARA3X7P26p3p1P1SS1p1Pp1P1ss1p1P3P62p7x3arap2 wnnnnneewwsnsnsneewwsssss s 0";
    assert!(read(khet, None, &ReadOptions::default()).is_err());
    let reading = read(khet, None, &lenient).unwrap();
    assert_eq!(reading.notation, Notation::Pkn);
    assert_eq!(reading.repairs.len(), 8);
}

/// When nothing reads, the error is the most likely notation's.
#[test]
fn the_error_is_the_most_likely_notations() {
    let cases: &[(&str, Notation, &str)] = &[
        (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P1/1C5C1/9/RNBAKABNR w - - 0 1",
            Notation::XiangqiFen,
            "rank 3 has 10 points, expected 9",
        ),
        ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", Notation::XiangqiFen, "9 ranks"),
        ("rnbqkbnr/pppppppp/8/8/8/8/RNBQKBNR w KQkq - 0 1", Notation::Fen, "7 ranks"),
        ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Notation::Fen, "rank 7 has 9 squares"),
        (SEED_KHET_TYPO.trim_end_matches(" s 0"), Notation::Pkn, ""),
        ("2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1s1P/3P6/2p7/x3arap2 wnnnn s 0", Notation::Pkn, "26 pieces but 5 rotations"),
        ("rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x4", Notation::XiangqiLegacy, "marker"),
        ("{\"variant\":\"chess\"", Notation::Json, "EOF"),
    ];
    for &(input, notation, message) in cases {
        let result = read(input, None, &ReadOptions::default());
        if message.is_empty() {
            // reads: a position with no side or counter is allowed
            assert!(result.is_ok(), "{input}: {result:?}");
            continue;
        }
        let error = result.expect_err(input);
        assert_eq!(error.notation, notation, "{input}: {error}");
        assert!(error.to_string().contains(message), "{input}: {error}");
    }
}

/// Reading by trying [`polyfen::detect`]'s candidates in order, as
/// [`read`] is documented to: the reference for its shortcut (strict FEN
/// first on a board of 8 ranks).
fn read_by_candidates(input: &str, options: ReadOptions) -> Result<polyfen::Reading, polyfen::ReadError> {
    let guess = polyfen::detect(input);
    let first = polyfen::read_as(input, guess.first(), &options);
    if first.is_ok() {
        return first;
    }
    guess.as_slice()[1..]
        .iter()
        .find_map(|&n| polyfen::read_as(input, n, &options).ok())
        .ok_or_else(|| first.unwrap_err())
}

/// Chess-like lines with one thing changed: a field, a rank, a letter.
fn near_chess() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let ranks = proptest::collection::vec(
        prop_oneof!["[pnbrqkPNBRQK1-8]{1,8}", "[1-8]", "8", "[pnbrqkPNBRQKachg0-9]{0,10}"],
        6..11,
    );
    let fields = proptest::collection::vec(
        prop_oneof![
            "[wbrgnesWRBG]",
            "[KQkqA-Ha-h-]{1,4}",
            "-|[a-h][36]",
            "[0-9]{1,3}",
            "[0-9]{1,2}/x[0-9]{2}",
            "[+a-z;\"]{1,4}"
        ],
        0..8,
    );
    (ranks, fields, "[ \t]{1,2}")
        .prop_map(|(ranks, fields, gap)| format!("{}{gap}{}", ranks.join("/"), fields.join(" ")))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    #[test]
    fn read_agrees_with_trying_the_candidates_in_order(input in near_chess(), lenient in proptest::bool::ANY) {
        let options = ReadOptions::lenient(lenient);
        proptest::prop_assert_eq!(read(&input, None, &options), read_by_candidates(&input, options));
    }

    #[test]
    fn read_agrees_with_trying_the_candidates_on_any_string(input in "\\PC{0,80}") {
        let options = ReadOptions::default();
        proptest::prop_assert_eq!(read(&input, None, &options), read_by_candidates(&input, options));
    }
}

/// Valid FENs with one byte changed or added.
const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
    "8/3pk2p/5p1N/2Bb1Pp1/4n3/8/P1r1P3/4K3 b - e3 1 27",
    "4k3/8/8/8/8/8/8/4K3 w - -",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

    #[test]
    fn read_agrees_with_the_candidates_on_fens_changed_once(
        fen in proptest::sample::select(FENS),
        at in 0usize..80,
        byte in proptest::sample::select(b"0123456789/ \tpPkKxXwWbBgGrRcCaAnNeEsS-+;{".to_vec()),
        insert in proptest::bool::ANY,
    ) {
        let mut bytes = fen.as_bytes().to_vec();
        let at = at % (bytes.len() + 1);
        if insert || at == bytes.len() {
            bytes.insert(at, byte);
        } else {
            bytes[at] = byte;
        }
        let input = String::from_utf8(bytes).unwrap_or_default();
        let options = ReadOptions::default();
        proptest::prop_assert_eq!(read(&input, None, &options), read_by_candidates(&input, options));
    }
}

/// Shogi's board notations are found from their first line, and an SFEN
/// with a bad side is still Shogi, whose error names the side.
#[test]
fn shogi_boards_and_a_bad_sfen_are_shogi() {
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let position = read(sfen, None, &ReadOptions::default()).expect("an SFEN").position;
    for notation in [Notation::CsaBoard, Notation::KifBoard] {
        let text = polyfen::Position::to_notation(&position, notation, &polyfen::WriteOptions::default())
            .expect("written")
            .text;
        let reading = read(&text, None, &ReadOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((reading.notation, reading.position.clone()), (notation, position.clone()), "{text}");
        assert_eq!(candidates(&text), [notation]);
    }
    for bad in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPP+PPPPP/1B5R1/LNSGKGSNL x -",
    ] {
        let error = read(bad, None, &ReadOptions::default()).expect_err(bad);
        assert_eq!(error.notation, Notation::Sfen, "{bad}: {error}");
        assert!(error.to_string().contains("side"), "{bad}: {error}");
        assert!(!error.to_string().contains("Xiangqi") && !error.to_string().contains("KABNRCP"), "{bad}: {error}");
    }
}
