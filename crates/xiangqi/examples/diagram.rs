//! Prints a diagram of a Xiangqi FEN (standard or legacy) in every style.
//!
//! `cargo run -p polyfen-xiangqi --example diagram -- "FEN"`

use polyfen_xiangqi::{RenderStyle, START_FEN, parse_legacy, render};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let input = std::env::args().nth(1).unwrap_or_else(|| START_FEN.to_owned());
    let (fen, repairs) = parse_legacy(&input)?;
    for repair in &repairs {
        eprintln!("note: {repair}");
    }
    for style in RenderStyle::ALL {
        println!("{style}:\n{}", render(&fen, style));
    }
    Ok(())
}
