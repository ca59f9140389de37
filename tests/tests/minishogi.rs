//! The toy fourth variant round-trips through the same generic codec.

use polyfen_core::{Leniency, Setup};
use polyfen_tests::minishogi::{MiniShogi, Violation};
use proptest::prelude::*;

type Sfen = Setup<MiniShogi>;

fn check(input: &str) -> String {
    match input.parse::<Sfen>() {
        Ok(sfen) => {
            let out = sfen.to_string();
            let v: Vec<String> = sfen.validate().iter().map(ToString::to_string).collect();
            format!(
                "{input}\n  -> {}\n  {}\n",
                if out == input { "identical" } else { &out },
                if v.is_empty() { "valid".to_owned() } else { v.join("; ") }
            )
        }
        Err(e) => format!("{input}\n  error: {e}\n"),
    }
}

#[test]
fn round_trips_and_errors() {
    let rows: Vec<String> = [
        "rbsgk/4p/5/P4/KGSBR b - 1",
        "rbsgk/4p/5/P4/KGSBR",
        "r1s1k/2+P1p/5/P1+b2/K1S1+R w 2Pbg 12",
        "r1s1k/2+P1p/5/P1+b2/K1S1+R w 2Pgb 12",
        "rbsgk/4p/5/P4/KGSBR w - 1",
        "rbsgk/4p/5/P4/KGSB w - 1",
        "rbsgk/4p/5/P4/KGSBRR w - 1",
        "rbsgk/4p/5/P4/KG+KBR b - 1",
        "rbsgk/4p/5/P4/KGSB+ b - 1",
        "P3k/5/5/5/4K b - 1",
        "4k/5/5/5/5 b - 1",
        "rbsgk/4p/5/P4/KGSBR b 2 1",
        "rbsgk/4p/5/P4/KGSBR b Px 1",
    ]
    .iter()
    .map(|i| check(i))
    .collect();
    insta::assert_snapshot!(rows.join("\n"));
}

#[test]
fn violations_are_typed() {
    let sfen: Sfen = "P3k/5/5/5/4K b - 1".parse().unwrap();
    assert_eq!(
        sfen.validate(),
        vec![Violation::DeadPawn(polyfen_tests::minishogi::Square::parse(b"a5").expect("a square"))]
    );
}

proptest! {
    #[test]
    fn never_panics(s in "[kgsbrpKGSBRP+1-6/]{0,40}( [bw-]( [-0-9PpGg]{0,4}( [0-9]{0,3})?)?)?") {
        if let Ok(sfen) = s.parse::<Sfen>() {
            let again: Sfen = sfen.to_string().parse().unwrap();
            prop_assert_eq!(again, sfen);
        }
        let _ = Sfen::parse_with(&s, &Leniency::ALL, &mut Vec::new());
    }
}
