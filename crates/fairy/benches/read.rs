//! Reading a variants file: Fairy-Stockfish's own example file (143
//! sections, most inheriting from a built-in game) and polyfen's built-in
//! file (121 sections), each into a fresh set of games.

use criterion::{Criterion, criterion_group, criterion_main};
use polyfen_fairy::{BUILTIN_INI, Variants};

/// Fairy-Stockfish's example file, in the public corpus.
const USER_INI: &str = "fairy/user.ini";

fn read(c: &mut Criterion) {
    let builtin = Variants::builtin();
    c.bench_function("read builtin.ini (121 sections)", |b| {
        b.iter(|| {
            let mut v = Variants::empty();
            v.read("builtin.ini", std::hint::black_box(BUILTIN_INI)).unwrap();
            v
        });
    });
    if let Some(user) = polyfen_test_support::corpus(USER_INI).and_then(|path| std::fs::read_to_string(path).ok()) {
        c.bench_function("read user.ini (143 sections)", |b| {
            b.iter(|| {
                let mut v = builtin.clone();
                v.read("user.ini", std::hint::black_box(&user)).unwrap();
                v
            });
        });
    }
}

criterion_group!(benches, read);
criterion_main!(benches);
