"""Positions along seeded random playouts of each variant, with the SAN of
every legal move as python-chess writes it (pawn drops as P@e4, as lichess
writes them). Prints one line per position: variant, FEN, the SANs sorted."""
import random
import re
import chess
import chess.variant
import sys
import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from python_chess_variants import VARIANTS  # noqa: E402

rng = random.Random(271)
for name, cls in VARIANTS:
    taken = 0
    while taken < 24:
        board = cls()
        for ply in range(rng.randrange(10, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            if ply % 7 == 3:
                sans = sorted(re.sub(r"^@", "P@", board.san(m)) for m in moves)
                print(name + "\t" + board.fen() + "\t" + " ".join(sans))
                taken += 1
            board.push(rng.choice(moves))
