//! The peer of `polyfen games validate --jobs 1 FILE` as a whole process:
//! pgn-reader + shakmaty in the shape of the shakmaty project's `validate`
//! example (the `FEN` tag read, every move of the main line played,
//! variations skipped), streaming the file, printing the games and the bad
//! ones.
//!
//! `cargo run --release -p polyfen-bench --example pgn_peer -- FILE`, beside
//! `polyfen games validate --jobs 1 FILE`, each timed as a whole process.

use pgn_reader::Reader;

#[path = "../shared/pgn_peer.rs"]
mod pgn_peer;

use pgn_peer::Validator;

fn main() {
    let path = std::env::args().nth(1).expect("usage: pgn_peer FILE");
    let file = std::fs::File::open(&path).expect("a readable file");
    let mut reader = Reader::new(file);
    let (mut games, mut bad) = (0u64, 0u64);
    while let Some(ok) = reader.read_game(&mut Validator).expect("a readable file") {
        games += 1;
        bad += u64::from(!ok);
    }
    println!("{games} games, {bad} bad");
}
