//! Reading a variants file: Fairy-Stockfish's own example file (143
//! sections, most inheriting from a built-in game) and polyfen's built-in
//! file (121 sections), each into a fresh set of games.

use criterion::{Criterion, criterion_group, criterion_main};
use polyfen_fairy::{BUILTIN_INI, Variants};

const USER_INI: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus/fairy/user.ini");

fn read(c: &mut Criterion) {
    let builtin = Variants::builtin();
    c.bench_function("read builtin.ini (121 sections)", |b| {
        b.iter(|| {
            let mut v = Variants::empty();
            v.read("builtin.ini", std::hint::black_box(BUILTIN_INI)).unwrap();
            v
        });
    });
    if let Ok(user) = std::fs::read_to_string(USER_INI) {
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
