//! Xiangqi record files: every XQF file of the shared corpus (300 real
//! games and endgames, versions 1.0 to 1.8) read and written as PGN, and
//! cchess's CBL library of 93 games read. The figure to beat: cchess takes
//! about 9 ms a file.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use polyfen::MoveNotation;
use polyfen::records::RecordFormat;

const XQF: &str = "xiangqi-records/xqf";
const CBL: &str = "xiangqi-records/cchess-tests/1956年全国象棋锦标赛93局.CBL";

fn records(c: &mut Criterion) {
    let (Some(xqf), Some(cbl)) = (polyfen_test_support::corpus(XQF), polyfen_test_support::corpus(CBL)) else {
        return;
    };
    let mut files: Vec<Vec<u8>> = std::fs::read_dir(xqf)
        .expect("the XQF corpus")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("xqf")))
        .map(|p| std::fs::read(p).expect("readable"))
        .collect();
    files.sort();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("records");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function(format!("xqf-to-pgn/{}-files", files.len()), |b| {
        b.iter(|| {
            let mut out = String::new();
            for file in &files {
                let game = RecordFormat::Xqf.read(file).remove(0).expect("every corpus file reads");
                game.write_pgn(Some(MoveNotation::Chinese), &mut out).expect("writable");
            }
            black_box(out.len())
        });
    });
    let library = std::fs::read(cbl).expect("the CBL library");
    group.throughput(Throughput::Bytes(library.len() as u64));
    group.bench_function("cbl-read/93-games", |b| b.iter(|| black_box(RecordFormat::Cbl.read(&library).len())));
    group.finish();
}

criterion_group!(benches, records);
criterion_main!(benches);
