//! Perft from an SFEN (the even start by default), with the time taken:
//! `cargo run --release -p polyfen-shogi --example perft -- 5 [SFEN]`.

use std::time::Instant;

use polyfen_shogi::{Position, START_SFEN, Sfen};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().as_deref().unwrap_or("5").parse()?;
    let sfen = args.collect::<Vec<_>>().join(" ");
    let sfen = if sfen.is_empty() { START_SFEN.to_owned() } else { sfen };
    let position = Position::from_setup(&sfen.parse::<Sfen>()?)?;
    let started = Instant::now();
    let leaves = position.perft(depth);
    let seconds = started.elapsed().as_secs_f64();
    #[allow(clippy::cast_precision_loss)] // a rate, for people
    let rate = leaves as f64 / seconds / 1e6;
    println!("perft {depth}: {leaves} leaves in {seconds:.3} s ({rate:.1} M leaves/s)");
    Ok(())
}
