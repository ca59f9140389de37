//! The rules commands on chess positions, run for real: `moves`, `move`,
//! `apply` and `perft` with the notations `uci`, `san` and `lan`, Chess960
//! castling, and the error lines with their columns and candidates.

mod common;

use common::polyfen;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1";
const TWO_KNIGHTS: &str = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

#[test]
fn moves_in_each_notation() {
    let uci = polyfen(&["moves", START]);
    assert_eq!(uci.code, 0, "{}", uci.stderr);
    assert_eq!(lines(&uci.stdout).len(), 20);
    assert!(lines(&uci.stdout).contains(&"g1f3"));
    let san = polyfen(&["moves", "--notation", "san", KIWIPETE]);
    let san = lines(&san.stdout);
    assert_eq!(san.len(), 48);
    for m in ["O-O", "O-O-O", "Bxa6", "Nxf7", "dxe6", "Qxf6", "Ng4"] {
        assert!(san.contains(&m), "{m} in {san:?}");
    }
    let lan = polyfen(&["moves", "--notation", "lan", START]);
    assert!(lines(&lan.stdout).contains(&"Ng1-f3"));
    assert!(lines(&lan.stdout).contains(&"e2-e4"));
    // Chess960 castling: king takes rook by default, two squares on request
    let auto = polyfen(&["moves", CHESS960]);
    assert!(lines(&auto.stdout).iter().all(|m| *m != "g1g1"));
    let two = polyfen(&["moves", "--castling", "king-two-squares", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]);
    assert!(lines(&two.stdout).contains(&"e1g1") && lines(&two.stdout).contains(&"e1c1"));
    let rook = polyfen(&["moves", "--castling", "king-takes-rook", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"]);
    assert!(lines(&rook.stdout).contains(&"e1h1") && lines(&rook.stdout).contains(&"e1a1"));
}

#[test]
fn move_converts_between_notations() {
    let san = polyfen(&["move", "--position", START, "--to", "san", "e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4"]);
    assert_eq!(san.code, 0, "{}", san.stderr);
    assert_eq!(lines(&san.stdout), ["e4", "c5", "Nf3", "d6", "d4", "cxd4"]);
    let uci = polyfen(&["move", "--position", START, "--to", "uci", "e4", "e5", "Ng1-f3", "Nc6", "Bc4", "Nf6", "0-0"]);
    assert_eq!(lines(&uci.stdout), ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]);
    let lan = polyfen(&["move", "--position", START, "--to", "lan", "e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+"]);
    assert_eq!(lines(&lan.stdout), ["e2-e4", "d7-d5", "e4xd5", "Qd8xd5", "Nb1-c3", "Qd5-e5+"]);
    // lenient SAN: over-disambiguation, missing '=', extra check mark
    let lenient =
        polyfen(&["move", "--position", "4k3/1P6/8/8/8/8/8/4K1NN w - - 0 1", "--to", "san", "Ngf3", "Kd7", "b8N+"]);
    assert_eq!(lines(&lenient.stdout), ["Nf3", "Kd7", "b8=N+"], "{}", lenient.stderr);
}

#[test]
fn apply_plays_the_moves() {
    let out = polyfen(&["apply", "--position", START, "e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
    // Chess960 castling read as king takes rook; the other rights stay
    let position = "1r4kr/8/8/8/8/8/8/1R4KR w BHbh - 0 1";
    let out = polyfen(&["apply", "--position", position, "--to", "shredder-fen", "g1b1"]);
    assert_eq!(out.stdout.trim(), "1r4kr/8/8/8/8/8/8/2KR3R b hb - 1 1", "{}", out.stderr);
    let out = polyfen(&["apply", "--position", position, "--to", "fen", "O-O"]);
    assert_eq!(out.stdout.trim(), "1r4kr/8/8/8/8/8/8/1R3RK1 b kq - 1 1", "{}", out.stderr);
    // the en passant square is held after every double push
    let out = polyfen(&["apply", "--position", START, "d4"]);
    assert_eq!(out.stdout.trim(), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1");
}

#[test]
fn a_null_move_passes_the_turn() {
    // `0000` (UCI) or `--` (PGN): the turn passes, en passant is cleared,
    // the halfmove clock counts
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let out = polyfen(&["apply", "--position", after_e4, "0000"]);
    assert_eq!(out.stdout.trim(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2", "{}", out.stderr);
    let out = polyfen(&["move", "--to", "san", "--position", START, "e4", "0000", "d4"]);
    assert_eq!(lines(&out.stdout), ["e4", "--", "d4"], "{}", out.stderr);
    let out = polyfen(&["move", "--to", "uci", "--position", after_e4, "--", "--"]);
    assert_eq!(lines(&out.stdout), ["0000"], "{}", out.stderr);
    // not in check
    let checked = "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2";
    let out = polyfen(&["apply", "--position", checked, "0000"]);
    assert_eq!((out.code, out.stderr.as_str()), (1, "polyfen: move 1 (0000): column 1: a null move while in check\n"));
}

#[test]
fn perft_counts_and_divides() {
    let out = polyfen(&["perft", "--depth", "3", KIWIPETE]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.trim(), "97862");
    let out = polyfen(&["perft", "--depth", "3", CHESS960]);
    assert_eq!(out.stdout.trim(), "12189");
    let out = polyfen(&["perft", "--depth", "2", "--divide", "--notation", "san", KIWIPETE]);
    let lines = lines(&out.stdout);
    assert_eq!(lines.len(), 49);
    assert_eq!(lines.last(), Some(&"total: 2039"));
    let sum: u64 = lines[..48].iter().map(|l| l.rsplit_once(": ").unwrap().1.parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 2039);
    assert!(lines.contains(&"O-O: 43"), "{lines:?}");
    // a check no last move can give is tolerated
    let out = polyfen(&["perft", "--depth", "2", "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1"]);
    assert_eq!(out.stdout.trim(), "125", "{}", out.stderr);
}

#[test]
fn errors_name_the_column_and_candidates() {
    let out = polyfen(&["move", "--position", TWO_KNIGHTS, "--to", "san", "Nd2"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("ambiguous") && out.stderr.contains("Nbd2, Nfd2"), "{}", out.stderr);
    let out = polyfen(&["move", "--position", TWO_KNIGHTS, "--to", "san", "Nf3xz4"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("column 5"), "{}", out.stderr);
    let out = polyfen(&["move", "--position", TWO_KNIGHTS, "--to", "uci", "b1b3"]);
    assert!(out.stderr.contains("not a legal move") && out.stderr.contains("b1d2"), "{}", out.stderr);
    // moves after a bad one are not played
    let out = polyfen(&["move", "--position", START, "--to", "san", "e4", "e4", "d5"]);
    assert_eq!(lines(&out.stdout), ["e4"]);
    assert!(out.stderr.contains("move 2"), "{}", out.stderr);
    let out = polyfen(&["perft", "--depth", "1", "8/8/8/8/8/8/8/8 w - - 0 1"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("illegal position") && out.stderr.contains("no king"), "{}", out.stderr);
    let out = polyfen(&["moves", "--notation", "iccs", START]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("uci, san, lan"), "{}", out.stderr);
}

#[test]
fn moves_are_read_the_way_users_type_them() {
    // move numbers are skipped, `0-0` is castling, `e.p.` may stand apart
    let out = polyfen(&[
        "move",
        "--position",
        "chess:standard",
        "--to",
        "san",
        "1. e4 Nf6 2. e5 d5 3. exd6 e.p. e6 4. Nf3 Be7 5. Bc4 0-0",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(lines(&out.stdout), ["e4", "Nf6", "e5", "d5", "exd6", "e6", "Nf3", "Be7", "Bc4", "O-O"]);
}

#[test]
fn status_names_the_end_of_the_game() {
    let out = polyfen(&[
        "status",
        START,
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "7k/8/6QK/8/8/8/8/8 b - - 0 1",
        "7k/8/8/8/8/8/8/6NK b - - 0 1",
        "7k/8/8/8/8/8/8/R6K b - - 100 80",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(lines(&out.stdout), ["ongoing", "checkmate", "stalemate", "insufficient-material", "fifty-moves"]);
}

#[test]
fn a_pawn_capture_written_as_a_push_needs_lenient() {
    let position = "2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13";
    let strict = polyfen(&["move", "--position", position, "--to", "uci", "c4"]);
    assert_eq!(strict.code, 1);
    assert_eq!(strict.stdout, "");
    assert_eq!(
        strict.stderr,
        "polyfen: move 1 (c4): column 1: c4 is not standard SAN: only a lenient reading takes it, as dxc4 (candidates: dxc4)\n"
    );
    let lenient = polyfen(&["move", "--lenient", "--position", position, "--to", "uci", "c4"]);
    assert_eq!(lenient.code, 0, "{}", lenient.stderr);
    assert_eq!(lenient.stdout, "d5c4\n");
    assert_eq!(lenient.stderr, "polyfen: move 1 (c4): column 1: warning: read 'c4' as 'dxc4'\n");
    let apply = polyfen(&["apply", "--position", position, "c4"]);
    assert_eq!(apply.code, 1);
    assert!(apply.stderr.contains("only a lenient reading takes it, as dxc4"), "{}", apply.stderr);
    let apply = polyfen(&["apply", "--lenient", "--position", position, "c4"]);
    assert_eq!(apply.code, 0, "{}", apply.stderr);
    assert_eq!(apply.stdout, "2rq1rk1/pb2bppp/1p2p3/n1p1Pn2/2pP4/PP3N2/1B1NQPPP/RB3RK1 w - - 0 14\n");
    assert_eq!(apply.stderr, "polyfen: move 1 (c4): column 1: warning: read 'c4' as 'dxc4'\n");
}

#[test]
fn en_passant_by_its_destination_needs_lenient() {
    let position = "4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2";
    let strict = polyfen(&["move", "--position", position, "--to", "uci", "f6"]);
    assert_eq!(strict.code, 1);
    assert_eq!(strict.stdout, "");
    assert_eq!(
        strict.stderr,
        "polyfen: move 1 (f6): column 1: f6 is not standard SAN: only a lenient reading takes it, as exf6 (candidates: exf6)\n"
    );
    let lenient = polyfen(&["move", "--lenient", "--position", position, "--to", "uci", "f6", "Kd7"]);
    assert_eq!(lenient.code, 0, "{}", lenient.stderr);
    assert_eq!(lenient.stdout, "e5f6\ne8d7\n");
    assert_eq!(lenient.stderr, "polyfen: move 1 (f6): column 1: warning: read 'f6' as 'exf6'\n");
    let apply = polyfen(&["apply", "--position", position, "f6"]);
    assert_eq!(apply.code, 1);
    assert!(apply.stderr.contains("move 1 (f6)") && apply.stderr.contains("as exf6"), "{}", apply.stderr);
    let apply = polyfen(&["apply", "--lenient", "--position", position, "f6"]);
    assert_eq!(apply.code, 0, "{}", apply.stderr);
    assert_eq!(apply.stdout, "4k3/8/5P2/8/8/8/8/4K3 b - - 0 2\n");
    assert_eq!(apply.stderr, "polyfen: move 1 (f6): column 1: warning: read 'f6' as 'exf6'\n");
}
