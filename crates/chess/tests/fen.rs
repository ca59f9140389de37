//! Snapshots of chess round trips and error messages for curated edge cases.
//!
//! Each test runs a table of inputs through one `check` helper and snapshots
//! the whole table, so a change in any row shows up in review.

use std::fmt::Write;

use polyfen_chess::{CastlingStyle, Epd, FenOptions, parse_fen};

/// One row: the input, then what polyfen makes of it.
fn check(input: &str) -> String {
    match parse_fen(input) {
        Ok((fen, style)) => {
            let xfen = fen.to_string_with(&FenOptions { castling: CastlingStyle::XFen });
            let shredder = fen.to_string_with(&FenOptions { castling: CastlingStyle::Shredder });
            let same = fen.to_string_with(&style);
            let violations: Vec<String> = fen.validate().iter().map(ToString::to_string).collect();
            let mut row = format!("{input}\n  x-fen:    {xfen}\n  shredder: {shredder}\n");
            if same == input {
                row.push_str("  round trip: identical\n");
            } else {
                let _ = writeln!(row, "  round trip: {same}");
            }
            if violations.is_empty() {
                row.push_str("  valid\n");
            }
            for v in violations {
                let _ = writeln!(row, "  violation: {v}");
            }
            row
        }
        Err(e) => format!("{input}\n  error: {e}\n"),
    }
}

fn table(inputs: &[&str]) -> String {
    inputs.iter().map(|i| check(i)).collect::<Vec<_>>().join("\n")
}

#[test]
fn round_trips() {
    insta::assert_snapshot!(table(&[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        // missing trailing fields take their defaults
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7",
        // castling in any order, X-FEN inner rooks, Chess960
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1",
        "1r2k1r1/8/8/8/8/8/8/RR2K1RR w BGbg - 0 1",
        "1r2k1r1/8/8/8/8/8/8/RR2K1RR w KQkq - 0 1",
        "rk4r1/8/8/8/8/8/8/RK4R1 w GAga - 0 1",
        "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
        // en passant kept exactly as read, even without a legal capture
        "4k3/8/8/8/3p4/8/8/4K3 b - - 0 1",
        "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
    ]));
}

#[test]
fn violations() {
    insta::assert_snapshot!(table(&[
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        "P3k3/8/8/8/8/8/8/4K2p w - - 0 1",
        "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1",
        "qqqqkqqq/qqqqqqqq/qqqqqqqq/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R b K - 0 1",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KQB - 0 1",
        "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
        "4k3/8/8/8/8/8/8/4K3 b - e3 0 1",
        "4k3/8/4p3/8/4P3/8/8/4K3 b - e3 0 1",
        "3rk3/8/8/8/4Pq2/8/8/3K4 b - e3 0 1",
        // checks no last move can give
        "R3k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
        "4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
        "4k3/8/8/8/1b6/3n1n2/8/r3K3 w - - 0 1",
        // a double check with a slider is possible
        "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1",
    ]));
}

#[test]
fn errors() {
    insta::assert_snapshot!(table(&[
        "",
        "   ",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/ppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQXq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        // a missing field is named, not the next one blamed
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ♔BNR w KQkq - 0 1",
    ]));
}

#[test]
fn epd_round_trips_and_errors() {
    let rows: Vec<String> = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"Ruy Lopez\";",
        "4k3/8/8/8/8/8/8/4K3 w - - hmvc 12; fmvn 40; c0 \"a; semicolon in a string\";",
        "4k3/8/8/8/8/8/8/4K3 w - - noop;",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2",
        "4k3/8/8/8/8/8/8/4K3 w - - id \"open;",
        "4k3/8/8/8/8/8/8/4K3 w - - 1bm e4;",
        "4k3/8/8/8/8/8/8/4K3 w -",
    ]
    .iter()
    .map(|input| match input.parse::<Epd>() {
        Ok(epd) => {
            let out = epd.to_string();
            let clocks = format!("{} {}", epd.setup.extras.halfmove, epd.setup.extras.fullmove);
            let same = if out == *input { "identical".to_owned() } else { out };
            format!("{input}\n  epd: {same}\n  clocks: {clocks}\n  operations: {}\n", epd.operations.len())
        }
        Err(e) => format!("{input}\n  error: {e}\n"),
    })
    .collect();
    insta::assert_snapshot!(rows.join("\n"));
}
