"""The peer's side of `fairy_pgn_ratio.rs`'s SAN figure: pyffish's
`get_san(variant, fen, move)` for every legal move of every position of
the fairy corpus (`positions.tsv`) whose game both know, best of 3, in
nanoseconds a move (one core).

Run from the repository root with the corpus beside it:
pip install pyffish==0.0.90; python3 bench/examples/fairy_san_pyffish.py
"""

import time

import pyffish as sf


def main():
    known = set(sf.variants())
    rows = []
    with open("../shared/corpus/fairy/positions.tsv", encoding="utf-8") as corpus:
        for line in corpus:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            name, fen, moves = fields[0], fields[1], fields[2]
            if name in known and moves != "-":
                rows.append((name, fen, moves.split(" ")))
    moves = sum(len(m) for _, _, m in rows)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for name, fen, ucis in rows:
            for uci in ucis:
                sf.get_san(name, fen, uci)
        best = min(best, time.perf_counter() - start)
    print(f"pyffish get_san: {moves} moves of {len(rows)} positions: {best * 1e9 / moves:.0f} ns a move")


if __name__ == "__main__":
    main()
