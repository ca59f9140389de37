//! The JSON form: round trips of random positions of every variant, the
//! schema file's keys, and errors that point at the offending value.

use std::collections::BTreeSet;

use polyfen::json::JsonPosition;
use polyfen::polyfen_chess::{self, Castling, ChessExtras, ChessPosition, Operation};
use polyfen::polyfen_core::{Color, Setup};
use polyfen::polyfen_khet::{self, Facing, KhetExtras, KhetPosition, Kind};
use polyfen::polyfen_xiangqi::{self, LetterSet, Marker, XiangqiExtras, XiangqiPosition};
use polyfen::{AnyPosition, Notation, Position, ReadOptions, VariantId, WriteOptions, read};
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::Value;
use strum::IntoEnumIterator;

const CASES: u32 = 2000;

fn cells<P: Clone + std::fmt::Debug + 'static>(pieces: Vec<P>, count: usize) -> impl Strategy<Value = Vec<Option<P>>> {
    let cell = prop_oneof![3 => Just(None), 1 => select(pieces).prop_map(Some)];
    proptest::collection::vec(cell, count)
}

fn color() -> impl Strategy<Value = Color> {
    select(Color::ALL.to_vec())
}

/// Castling fields that every writer writes back as they were read.
const CASTLING: [&str; 8] = ["-", "KQkq", "Kq", "Qk", "K", "HAha", "Hh", "Aa"];

fn chess_position() -> impl Strategy<Value = ChessPosition> {
    let pieces: Vec<polyfen_chess::Piece> = Color::ALL
        .into_iter()
        .flat_map(|c| polyfen_chess::Role::ALL.into_iter().map(move |r| polyfen_chess::Piece::new(c, r)))
        .collect();
    let operation =
        ("[a-z][a-z0-9]{0,3}", "[A-Za-z0-9+#=-]{1,6}").prop_map(|(opcode, operands)| Operation { opcode, operands });
    (
        cells(pieces, 64),
        color(),
        select(CASTLING.to_vec()),
        proptest::option::of(0u8..64),
        any::<u32>(),
        any::<u32>(),
        proptest::collection::vec(operation, 0..3),
    )
        .prop_map(|(cells, turn, castling, ep, halfmove, fullmove, operations)| {
            let board: polyfen_chess::Board = cells.try_into().unwrap_or([None; 64]);
            let castling = Castling::parse(castling, 0).unwrap_or_default();
            let ep = ep.and_then(|i: u8| polyfen_chess::Square::from_index(usize::from(i)));
            let mut position =
                ChessPosition::new(Setup { board, extras: ChessExtras { turn, castling, ep, halfmove, fullmove } });
            position.operations = operations;
            position
        })
}

fn xiangqi_position() -> impl Strategy<Value = XiangqiPosition> {
    let pieces: Vec<polyfen_xiangqi::Piece> = Color::ALL
        .into_iter()
        .flat_map(|color| {
            polyfen_xiangqi::Role::ALL.into_iter().map(move |role| polyfen_xiangqi::Piece::new(color, role))
        })
        .collect();
    let marker = proptest::option::of((0u8..10, 0u8..9).prop_map(|(row, col)| Marker { row, col }));
    // sparse boards too, so that the legacy writer leaves ranks empty
    let density = prop_oneof![Just(1usize), Just(4usize)];
    (
        density.prop_flat_map(move |d| cells(pieces.clone(), 90).prop_map(move |c| thin(c, d))),
        color(),
        any::<u32>(),
        any::<u32>(),
        marker,
    )
        .prop_map(|(cells, turn, halfmove, fullmove, marker)| {
            let board: polyfen_xiangqi::Board = cells.try_into().unwrap_or([None; 90]);
            XiangqiPosition::new(Setup { board, extras: XiangqiExtras { turn, halfmove, fullmove, marker } })
        })
}

/// Keeps one cell in `keep` (by position), emptying the others.
fn thin<P>(cells: Vec<Option<P>>, keep: usize) -> Vec<Option<P>> {
    cells.into_iter().enumerate().map(|(i, c)| if i % keep == 0 { c } else { None }).collect()
}

fn khet_position() -> impl Strategy<Value = KhetPosition> {
    let pieces: Vec<polyfen_khet::Piece> = Color::ALL
        .into_iter()
        .flat_map(|c| {
            Kind::ALL
                .into_iter()
                .flat_map(move |k| Facing::ALL.into_iter().map(move |f| polyfen_khet::Piece::new(c, k, f)))
        })
        .collect();
    (cells(pieces, 80), color(), any::<u32>()).prop_map(|(cells, turn, turn_counter)| {
        let board: polyfen_khet::Board = cells.try_into().unwrap_or([None; 80]);
        KhetPosition::new(Setup { board, extras: KhetExtras { turn, turn_counter } })
    })
}

fn write(position: &AnyPosition, notation: Notation, options: WriteOptions) -> polyfen::Written {
    position.to_notation(notation, &options).unwrap_or_else(|e| panic!("cannot write {notation}: {e}"))
}

fn read_ok(text: &str, from: Option<Notation>) -> polyfen::Reading {
    read(text, from, &ReadOptions::default()).unwrap_or_else(|e| panic!("cannot read {text:?}: {e}"))
}

/// position → JSON → position is the identity, the JSON reads back to the
/// same JSON, and serde's path agrees with the notation's.
fn check_json_round_trip(position: &AnyPosition) -> Result<(), TestCaseError> {
    let json = write(position, Notation::Json, WriteOptions::default()).text;
    let back = read_ok(&json, None);
    prop_assert_eq!(back.notation, Notation::Json);
    prop_assert_eq!(&back.position, position);
    prop_assert_eq!(write(&back.position, Notation::Json, WriteOptions::default()).text, json.clone());
    let serde_text = serde_json::to_string(position).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&serde_text, &json);
    let serde_back: AnyPosition = serde_json::from_str(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&serde_back, position);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn chess_json_and_fen_round_trips(position in chess_position()) {
        let position = AnyPosition::Chess(position);
        check_json_round_trip(&position)?;
        let AnyPosition::Chess(chess) = &position else { unreachable!() };
        let notation = if chess.castling_style == polyfen_chess::CastlingStyle::Shredder {
            Notation::ShredderFen
        } else {
            Notation::Fen
        };
        let fen = write(&position, notation, WriteOptions::default());
        prop_assert_eq!(fen.warnings.is_empty(), chess.operations.is_empty(), "{:?}", fen.warnings);
        let back = read_ok(&fen.text, None);
        let AnyPosition::Chess(back) = back.position else { panic!("{} read as another game", fen.text) };
        prop_assert_eq!(back.setup, chess.setup.clone());
    }

    #[test]
    fn xiangqi_json_and_notation_round_trips(position in xiangqi_position(), letters in select(LetterSet::ALL.to_vec())) {
        let any = AnyPosition::Xiangqi(position.clone());
        check_json_round_trip(&any)?;
        let options = WriteOptions::default().with_letters(letters);

        // the legacy dialect holds every field, the marker too
        let legacy = write(&any, Notation::XiangqiLegacy, options);
        prop_assert!(legacy.warnings.is_empty());
        prop_assert_eq!(&read_ok(&legacy.text, Some(Notation::XiangqiLegacy)).position, &any);
        // and detection reads it as Xiangqi, the same position
        prop_assert_eq!(&read_ok(&legacy.text, None).position, &any, "{}", legacy.text);

        // standard FEN holds everything but the marker, and says so
        let standard = write(&any, Notation::XiangqiFen, options);
        prop_assert_eq!(standard.warnings.len(), usize::from(position.setup.extras.marker.is_some()));
        let back = read_ok(&standard.text, None);
        prop_assert_eq!(back.notation, Notation::XiangqiFen);
        let mut expected = position.clone();
        expected.setup.extras.marker = None;
        prop_assert_eq!(back.position, AnyPosition::Xiangqi(expected));
    }

    #[test]
    fn khet_json_and_pkn_round_trips(position in khet_position()) {
        let any = AnyPosition::Khet(position.clone());
        check_json_round_trip(&any)?;
        let pkn = write(&any, Notation::Pkn, WriteOptions::default()).text;
        let back = read_ok(&pkn, None);
        prop_assert_eq!(back.notation, Notation::Pkn);
        // facings exactly as read (Piece's equality would not see s for n)
        prop_assert_eq!(write(&back.position, Notation::Pkn, WriteOptions::default()).text, pkn.clone());
        prop_assert_eq!(
            write(&back.position, Notation::Json, WriteOptions::default()).text,
            write(&any, Notation::Json, WriteOptions::default()).text
        );

        // canonical facings: the same position, scarabs and eyes facing n or e
        let canonical = WriteOptions::default().with_canonical(true);
        let json = write(&any, Notation::Json, canonical).text;
        let JsonPosition::Khet(khet) = serde_json::from_str(&json).map_err(|e| TestCaseError::fail(e.to_string()))? else {
            panic!("not khet JSON");
        };
        for (square, letter) in &khet.board {
            if matches!(letter.as_str(), "S" | "s" | "E" | "e") {
                prop_assert!(matches!(khet.facing[square].as_str(), "n" | "e"), "{square}: {}", khet.facing[square]);
            }
        }
        prop_assert_eq!(&read_ok(&json, None).position, &any);
        let canonical_pkn = write(&any, Notation::Pkn, canonical).text;
        prop_assert_eq!(&read_ok(&canonical_pkn, None).position, &any);
    }
}

fn schema() -> Value {
    polyfen::schema::position()
}

fn keys(value: &Value) -> BTreeSet<String> {
    value.as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default()
}

/// The JSON form of `input`; `RULES|TEXT` reads `TEXT` under the rules
/// variant `RULES` (a game defined as data is read by its name).
fn json_of(input: &str) -> Value {
    let reading = match input.split_once('|') {
        Some((rules, text)) => {
            read(text, None, &ReadOptions::default().with_rules(VariantId::of_rules(rules).map(|(_, r)| r.id)))
                .unwrap_or_else(|e| panic!("cannot read {text:?} as {rules}: {e}"))
        }
        None => read_ok(input, None),
    };
    let text = write(&reading.position, Notation::Json, WriteOptions::default()).text;
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn each_variant_writes_exactly_the_keys_the_schema_lists() {
    let schema = schema();
    let defs = &schema["$defs"];
    let refs: BTreeSet<String> = schema["oneOf"]
        .as_array()
        .map(|a| a.iter().filter_map(|r| r["$ref"].as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    let variants: BTreeSet<String> = VariantId::iter().map(|v| format!("#/$defs/{v}")).collect();
    assert_eq!(refs, variants, "the schema's oneOf names every variant");

    // inputs with every optional field present, then inputs without them
    // (a game's optional fields may take several inputs: chess's variants)
    let full = [
        (VariantId::Chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 bm Kd2; id \"x\";"),
        (VariantId::Chess, "4k3/8/8/8/8/8/8/Q~3K3[Nq] w - - 0 1"),
        (VariantId::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1"),
        (VariantId::Xiangqi, "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04"),
        (VariantId::Khet, polyfen_khet::CLASSIC),
        (VariantId::Shogi, "4k4/9/9/9/9/9/9/9/+P3K4 w S2Pb3p 8"),
        (VariantId::Fairy, "5check|rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 5+5 0 3"),
        (VariantId::Fairy, "minishogi|rbsgk/4p/5/P4/KGS+BR[Pp] w - - 0 1"),
        (VariantId::Fairy, "duck|rnbqkbnr/pppppppp/8/8/4*3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (VariantId::Fairy, "makruk|8/8/4k3/8/8/2RK4/8/8 b - 32 6 40"),
    ];
    let bare = [
        (VariantId::Chess, polyfen_chess::START_FEN),
        (VariantId::Xiangqi, polyfen_xiangqi::START_FEN),
        (VariantId::Khet, polyfen_khet::IMHOTEP),
        (VariantId::Shogi, polyfen_shogi::START_SFEN),
    ];
    for variant in VariantId::iter() {
        let def = &defs[variant.as_ref()];
        let mut written = BTreeSet::new();
        // a game without optional fields (not in the table): its setups
        let mut inputs: Vec<&str> = full.iter().filter(|(v, _)| *v == variant).map(|&(_, input)| input).collect();
        if inputs.is_empty() {
            inputs = variant.setups().iter().map(|&(_, input)| input).collect();
        }
        for input in inputs {
            let json = json_of(input);
            assert_eq!(json["variant"], variant.as_ref());
            written.extend(keys(&json));
        }
        assert_eq!(written, keys(&def["properties"]), "{variant}: the keys written");
        assert_eq!(def["properties"]["variant"]["const"], variant.as_ref());
    }
    for (variant, input) in bare {
        let def = &defs[variant.as_ref()];
        let json = json_of(input);
        let written = keys(&json);
        let required: BTreeSet<String> =
            def["required"].as_array().into_iter().flatten().filter_map(|k| k.as_str().map(str::to_owned)).collect();
        assert!(written.is_subset(&keys(&def["properties"])), "{variant}: {written:?}");
        assert!(required.is_subset(&written), "{variant}: {required:?} not all in {written:?}");
        assert!(required.is_subset(&keys(&def["properties"])), "{variant}: required keys without a property");
    }

    // the nested objects too
    let marker = &json_of(full[3].1)["marker"];
    let marker_schema = &defs["xiangqi"]["properties"]["marker"]["oneOf"][1]["properties"];
    assert_eq!(keys(marker), keys(marker_schema));
    let operation = &json_of(full[0].1)["operations"][0];
    let rules = defs["chess"]["properties"]["rules"]["enum"].as_array().cloned().unwrap_or_default();
    let ids: Vec<&str> = VariantId::Chess.rules().iter().map(|r| r.id).collect();
    assert_eq!(rules, ids, "the schema lists chess's variants");
    assert_eq!(keys(operation), keys(&defs["chess"]["properties"]["operations"]["items"]["properties"]));
    // every Khet piece has a facing, and nothing else does
    let khet = json_of(polyfen_khet::CLASSIC);
    assert_eq!(keys(&khet["board"]), keys(&khet["facing"]));
}

/// Each bad document, the text its error points at, and the message.
#[test]
fn json_errors_point_at_the_offending_value() {
    // the games of the list, as the message names them: "a", "b" or "c"
    let ids: Vec<String> = VariantId::iter().map(|v| format!("{:?}", v.as_ref())).collect();
    let go = match ids.split_last() {
        Some((last, [])) => format!("variant \"go\" is not {last}"),
        Some((last, rest)) => format!("variant \"go\" is not {} or {last}", rest.join(", ")),
        None => String::new(),
    };
    let cases: &[(&str, &str, &str)] = &[
        (
            r#"{"variant":"xiangqi","board":{"e0":"K","e9":"Q"},"side_to_move":"red","halfmove_clock":0,"fullmove_number":1,"marker":null}"#,
            r#""Q""#,
            r#""Q" is not a Xiangqi piece letter"#,
        ),
        (
            r#"{"variant":"xiangqi","board":{"e0":"K","j9":"k"},"side_to_move":"red","halfmove_clock":0,"fullmove_number":1}"#,
            r#""j9""#,
            r#""j9" is not a Xiangqi point"#,
        ),
        (
            r#"{"variant":"xiangqi","board":{},"side_to_move":"green","halfmove_clock":0,"fullmove_number":1}"#,
            r#""green""#,
            r#"side_to_move "green" is not "red" or "black""#,
        ),
        (
            r#"{"variant":"xiangqi","board":{},"side_to_move":"red","halfmove_clock":0,"fullmove_number":1,"marker":{"row":3,"col":9}}"#,
            "9",
            "marker col 9 is not 0-8",
        ),
        (
            r#"{"variant":"xiangqi","board":{},"side_to_move":"red","halfmove_clock":0,"fullmove_number":1,"marker":{"row":10,"col":0}}"#,
            "10",
            "marker row 10 is not 0-9",
        ),
        (
            r#"{"variant":"xiangqi","board":{"e0":"K","e0":"k"},"side_to_move":"red","halfmove_clock":0,"fullmove_number":1}"#,
            r#""e0""#,
            r#"the square "e0" appears twice in board"#,
        ),
        (
            r#"{"variant":"khet","board":{"j1":"X","a8":"x"},"facing":{"j1":"n","a8":"q"},"side_to_move":"silver","turn_counter":0}"#,
            r#""q""#,
            r#"facing "q" is not "n", "e", "s" or "w""#,
        ),
        (
            r#"{"variant":"khet","board":{"j1":"X","a8":"x"},"facing":{"j1":"n"},"side_to_move":"silver","turn_counter":0}"#,
            r#""a8""#,
            "the piece on a8 has no facing",
        ),
        (
            r#"{"variant":"khet","board":{"j1":"X"},"facing":{"j1":"n","a8":"s"},"side_to_move":"silver","turn_counter":0}"#,
            r#""a8""#,
            r#""a8" has a facing but no piece"#,
        ),
        (
            r#"{"variant":"khet","board":{"j1":"Q"},"facing":{"j1":"n"},"side_to_move":"silver","turn_counter":0}"#,
            r#""Q""#,
            r#""Q" is not a PKN piece letter"#,
        ),
        (
            r#"{"variant":"khet","board":{},"facing":{},"side_to_move":"white","turn_counter":0}"#,
            r#""white""#,
            r#"side_to_move "white" is not "silver" or "red""#,
        ),
        (
            r#"{"variant":"khet","board":{},"facing":{},"side_to_move":"red","turn_counter":-4}"#,
            "-4",
            "invalid value: integer `-4`, expected u32",
        ),
        (
            r#"{"variant":"khet","board":{},"facing":{},"colour":"red","turn_counter":0}"#,
            r#""colour""#,
            "unknown field `colour`",
        ),
        (r#"{"variant":"chess","board":{"e1":5}}"#, "5", "invalid type: integer `5`, expected a string"),
        (
            r#"{"variant":"chess","board":{"z9":"K"},"side_to_move":"white","castling":"-","en_passant":null,"halfmove_clock":0,"fullmove_number":1}"#,
            r#""z9""#,
            r#""z9" is not a chess square"#,
        ),
        (
            r#"{"variant":"chess","board":{},"side_to_move":"white","castling":"-","en_passant":"e9","halfmove_clock":0,"fullmove_number":1}"#,
            r#""e9""#,
            r#"en_passant "e9" is not a square"#,
        ),
        (r#"{"variant":"go","board":{}}"#, r#""go""#, &go),
    ];
    for &(json, at, message) in cases {
        let error = read(json, None, &ReadOptions::default()).map(|_| ()).expect_err(json).error;
        let text = error.kind.to_string();
        assert!(text.contains(message), "{json}\n  message: {text}\n  expected: {message}");
        let pointed = json.get(error.span.clone()).unwrap_or_default();
        assert!(
            pointed == at || (error.span.is_empty() && json[error.span.start..].starts_with(at)),
            "{json}\n  points at {pointed:?} ({:?}), expected {at:?}",
            error.span
        );
    }
}

#[test]
fn json_names_sides_in_words_and_reads_the_letters_of_every_set() {
    let wxf = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 0 1";
    let json = json_of(wxf);
    assert_eq!(json["side_to_move"], "black");
    assert_eq!(json["board"]["b0"], "N", "JSON writes the xqbase letters");
    let iccs = r#"{"variant":"xiangqi","board":{"c0":"M","d0":"G","e0":"K","e9":"k","b0":"H"},"side_to_move":"red","halfmove_clock":0,"fullmove_number":1}"#;
    let reading = read_ok(iccs, None);
    let text = write(&reading.position, Notation::XiangqiFen, WriteOptions::default()).text;
    assert_eq!(text, "4k4/9/9/9/9/9/9/9/9/1NBAK4 w - - 0 1");
    assert_eq!(json_of(polyfen_khet::CLASSIC)["side_to_move"], "silver");
}

/// Every chess variant's position reads back from its JSON form, with its
/// rules, pocket, promoted pieces and counters.
#[test]
fn chess_variant_positions_round_trip_through_json() {
    let mut inputs: Vec<String> =
        VariantId::Chess.rules().iter().map(|rules| format!("{}:standard", rules.id)).collect();
    inputs.extend(
        [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/Pp w KQkq - 2 3",
            "4k3/8/8/8/8/8/8/Q~3K3[Nq] b - - 0 7",
            "4k3/8/8/8/8/8/8/4K3 w - - 2+1 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2",
        ]
        .map(str::to_owned),
    );
    for input in &inputs {
        let reading = read_ok(input, None);
        assert!(reading.position.rules().is_some(), "{input}");
        let json = write(&reading.position, Notation::Json, WriteOptions::default()).text;
        let back = read_ok(&json, None).position;
        assert_eq!(back, reading.position, "{input} as {json}");
        let value: Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(value["rules"].as_str(), reading.position.rules(), "{json}");
    }
    // an unknown variant or pocket letter is named where it stands
    let bad = r#"{"variant":"chess","board":{"e1":"K","e8":"k"},"side_to_move":"white","castling":"-","en_passant":null,"halfmove_clock":0,"fullmove_number":1,"rules":"bughouse"}"#;
    let error = read(bad, None, &ReadOptions::default()).expect_err("no such variant");
    assert_eq!(&bad[error.error.span.clone()], "\"bughouse\"", "{error}");
    let bad = bad.replace(r#""rules":"bughouse""#, r#""rules":"crazyhouse","pocket":"Qx""#);
    let error = read(&bad, None, &ReadOptions::default()).expect_err("no such piece");
    assert_eq!(&bad[error.error.span.clone()], "\"Qx\"", "{error}");
}
