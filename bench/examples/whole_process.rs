//! The peer side of the whole-process benchmark of `polyfen convert`:
//!
//! - `whole_process fens` prints the 100,000 chess FENs of the benchmark
//!   set (seeded random playouts), one per line;
//! - `whole_process shakmaty` reads FENs from standard input and writes each
//!   back with shakmaty, as `polyfen convert --to fen` does (text, setup,
//!   text), reporting a bad line on standard error;
//! - `whole_process shakmaty-position` does the same through a validated
//!   shakmaty position.
//!
//! Time the processes with hyperfine, from the repository root:
//!
//! ```text
//! cargo build --release -p polyfen-cli -p polyfen-bench --example whole_process
//! target/release/examples/whole_process fens > /tmp/fens.txt
//! hyperfine -N --input /tmp/fens.txt --output pipe \
//!   'target/release/polyfen convert --to fen' \
//!   'target/release/examples/whole_process shakmaty'
//! ```

use std::io::{self, BufRead, BufWriter, Write};

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode};

#[path = "../shared/chess_playouts.rs"]
mod chess_playouts;

fn main() -> io::Result<()> {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    if mode == "fens" {
        for fen in chess_playouts::positions(100_000) {
            writeln!(out, "{fen}")?;
        }
        return out.flush();
    }
    let validate = match mode.as_str() {
        "shakmaty" => false,
        "shakmaty-position" => true,
        _ => {
            eprintln!("usage: whole_process fens | shakmaty | shakmaty-position");
            std::process::exit(2);
        }
    };
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(256 * 1024, stdin.lock());
    let mut line = String::with_capacity(256);
    let mut n = 0u64;
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            break;
        }
        n += 1;
        let text = line.trim_end_matches(['\n', '\r']);
        match text.parse::<Fen>() {
            Ok(fen) if validate => match fen.into_position::<Chess>(CastlingMode::Chess960) {
                Ok(position) => writeln!(out, "{}", Fen::from_position(&position, EnPassantMode::Legal))?,
                Err(e) => eprintln!("input {n}: {e}"),
            },
            Ok(fen) => writeln!(out, "{fen}")?,
            Err(e) => eprintln!("input {n}: {e}"),
        }
    }
    out.flush()
}
