"""Makes the variant PGN test games: seeded random playouts with python-chess."""
import random, re, sys
import chess, chess.pgn, chess.variant
import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from python_chess_variants import VARIANTS  # noqa: E402

OUT = sys.argv[1]
rng = random.Random(20261127)

def playout(board, plies):
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        # prefer captures and checks now and then so that games end
        board.push(rng.choice(moves))
    return board

for name, cls in VARIANTS:
    games = []
    for i in range(6):
        if i == 5 and name in ("atomic", "crazyhouse", "three-check", "king-of-the-hill"):
            board = cls.from_chess960_pos(rng.randrange(960))
        else:
            board = cls()
        playout(board, rng.choice([40, 80, 160, 300]))
        game = chess.pgn.Game.from_board(board)
        game.headers["Event"] = f"Random {name} playout {i + 1}"
        game.headers["Site"] = "python-chess"
        game.headers["Date"] = "2026.11.27"
        game.headers["White"] = "random"
        game.headers["Black"] = "random"
        text = str(game)
        # lichess writes a pawn's drop with its letter (P@e4), python-chess
        # without (@e4)
        text = re.sub(r"(?<![A-Za-z])@([a-h][1-8])", r"P@\1", text)
        games.append(text)
    with open(f"{OUT}/{name}.pgn", "w") as f:
        f.write("\n\n".join(games) + "\n")
