"""Writes lan.tsv: every legal move of a sample of the fairy corpus's
positions (../shared/corpus/fairy/positions.tsv from the repository's root),
up to three of each game (its first, middle and last rows), in
Fairy-Stockfish's long algebraic notation, as its Python binding
(pyffish 0.0.90) writes it with `get_san(variant, fen, move, False,
NOTATION_LAN)`: the piece's letter (none for a pawn's move), its square,
`-` or `x`, the destination, `@` for a drop, `=Q` for a promotion, `/H` for
a piece gated in, `,e4` for a wall, `+` and `#`. The Shogi family too is
written so in it (not in its own notations).

Each row: variant, FEN, then one field per legal move: its UCI, a space,
the move in LAN.

Run from the repository's root: pip install pyffish==0.0.90;
python3 crates/fairy/tests/data/lan.py > crates/fairy/tests/data/lan.tsv
"""

import os

import pyffish as sf

CORPUS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "..", "shared", "corpus", "fairy")


def main():
    with open(os.path.join(CORPUS, "user.ini"), encoding="utf-8") as f:
        sf.load_variant_config(f.read())
    games = {}
    with open(os.path.join(CORPUS, "positions.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            games.setdefault(fields[0], []).append(fields[1])
    print("# variant\tfen\tuci and LAN of each legal move (pyffish get_san, NOTATION_LAN)")
    for variant, fens in games.items():
        picked = [fens[i] for i in sorted({0, len(fens) // 2, len(fens) - 1})]
        for fen in picked:
            moves = sf.legal_moves(variant, fen, [])
            if not moves:
                continue
            texts = [f"{m} {sf.get_san(variant, fen, m, False, sf.NOTATION_LAN)}" for m in moves]
            print("\t".join([variant, fen] + texts))


main()
