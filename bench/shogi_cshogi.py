"""cshogi's side of the Shogi benchmarks (benches/shogi_rules.rs), one core,
best of N runs:

- perft from the start (depth 4) and from the middle game with drops
  (depth 3): cshogi has no perft, so its legal move list (C++) is walked
  with push/pop in a Python loop, the last ply counted with
  ``len(board.legal_moves)``, as the Rust perfts count it. The Python
  loop's overhead is in the time: one push, one pop and one move list per
  inner node;
- SFEN read + validate: ``Board.set_sfen`` then ``Board.is_ok()`` for each
  position (is_ok checks less than polyfen's validate: it lets nifu and
  dead pieces through);
- USI to KIF: each game of the inputs replayed from the start,
  ``move_from_usi``, cshogi's KIF move writer ``KIF.move_to_kif`` (Python
  code over the C++ board) and ``push``. ``move_from_usi`` checks
  legality, as polyfen's reader does: it returns 0 for a move the piece
  cannot make, a move that leaves the king in check and a mating pawn
  drop (tried: ``P*1b`` in ``7nk/7n1/9/9/9/9/9/9/K7L b P 1``).

The inputs are the ones ``cargo bench -p polyfen-bench --bench shogi_rules``
and ``cargo run --release -p polyfen-bench --example shogi_perft`` write
(polyfen-shogi-bench.tsv in the temporary folder). Needs
``pip install cshogi``. A Python loop that only walks the inputs is timed
too: the part of each number that is Python's and not cshogi's.
"""

import argparse
import os
import sys
import tempfile
import time

import cshogi
from cshogi import KIF

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
MIDDLE = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"


def perft(board, depth):
    if depth == 1:
        return len(board.legal_moves)
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def best(runs, work):
    """The best time of ``runs`` calls of ``work`` and its last answer."""
    times = []
    answer = None
    for _ in range(runs):
        started = time.perf_counter()
        answer = work()
        times.append(time.perf_counter() - started)
    return min(times), answer


def read_inputs(path):
    games = {}
    for line in open(path, encoding="utf-8"):
        game, sfen, usi = line.rstrip("\n").split("\t")
        games.setdefault(game, []).append((sfen, usi))
    return list(games.values())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--inputs", default=os.path.join(tempfile.gettempdir(), "polyfen-shogi-bench.tsv"))
    args = parser.parse_args()

    def report(name, seconds, elements):
        print(f"{name:<28} {seconds * 1e3:10.2f} ms  {elements / seconds / 1e6:8.3f} M/s  ({elements} elements)")

    for name, sfen, depth, nodes in [("perft start-d4", START, 4, 719_731), ("perft middle-d3", MIDDLE, 3, 4_809_015)]:
        board = cshogi.Board(sfen)
        seconds, counted = best(args.runs, lambda: perft(board, depth))
        if counted != nodes:
            sys.exit(f"{name}: cshogi counts {counted}, expected {nodes}")
        report(name, seconds, nodes)

    if not os.path.exists(args.inputs):
        sys.exit(f"no inputs at {args.inputs}: run `cargo bench -p polyfen-bench --bench shogi_rules` first")
    games = read_inputs(args.inputs)
    rows = [row for game in games for row in game]

    board = cshogi.Board()

    def validate():
        valid = 0
        for sfen, _ in rows:
            board.set_sfen(sfen)
            valid += board.is_ok()
        return valid

    def loop_only():
        valid = 0
        for sfen, _ in rows:
            valid += len(sfen) > 0
        return valid

    def usi_to_kif():
        written = 0
        for game in games:
            board.reset()
            previous = None
            for _, usi in game:
                move = board.move_from_usi(usi)
                written += len(KIF.move_to_kif(move, previous))
                board.push(move)
                previous = move
        return written

    seconds, valid = best(args.runs, validate)
    if valid != len(rows):
        sys.exit(f"cshogi finds {len(rows) - valid} of the inputs invalid")
    report("sfen-read+validate", seconds, len(rows))
    report("usi-to-kif", best(args.runs, usi_to_kif)[0], len(rows))
    report("(python loop alone)", best(args.runs, loop_only)[0], len(rows))


if __name__ == "__main__":
    main()
