"""Positions along seeded random playouts of each variant, with the SAN of
every legal move as python-chess writes it (pawn drops as P@e4, as lichess
writes them). Prints one line per position: variant, FEN, the SANs sorted."""
import random
import re
import chess
import chess.variant

rng = random.Random(271)
VARIANTS = [
    ("crazyhouse", chess.variant.CrazyhouseBoard),
    ("three-check", chess.variant.ThreeCheckBoard),
    ("king-of-the-hill", chess.variant.KingOfTheHillBoard),
    ("atomic", chess.variant.AtomicBoard),
    ("antichess", chess.variant.AntichessBoard),
    ("horde", chess.variant.HordeBoard),
    ("racing-kings", chess.variant.RacingKingsBoard),
]
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
