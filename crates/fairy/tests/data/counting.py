"""Writes counting.tsv: what Fairy-Stockfish's Python binding (pyffish
0.0.90) says of the counting rules of the games that have them (Makruk,
Cambodian and ASEAN counting), in random games from thinned-out starts.

Each row is one game: variant, a start FEN, the UCI moves played from it
(space separated), then for every position from the start on, joined by
`|`, the FEN's fields after castling (the counting limit or en passant
square, the halfmove or counted plies, the fullmove number) as
`pyffish.get_fen` writes them, and `pyffish.is_optional_game_end`'s answer
(`-`, `win`, `loss` or `draw`). A game stops when the counting draws it,
when it has no legal move, or after 200 plies.

Run: pip install pyffish==0.0.90; python3 counting.py > counting.tsv
"""

import random

import pyffish as sf

VARIANTS = ["makruk", "makpong", "cambodian", "karouk", "asean", "ai-wok", "sittuyin"]


def answer(variant, fen, moves):
    ended, value = sf.is_optional_game_end(variant, fen, moves)
    if not ended:
        return "-"
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def thinned(variant, rng):
    """The start with all but a few pieces of each side taken off (kings
    kept), if the result is a valid position with moves."""
    start = sf.start_fen(variant)
    board, rest = start.split(" ", 1)
    pocket = ""
    if "[" in board:
        board, pocket = board.split("[")
        pocket = "[" + pocket
    keep = rng.randint(1, 4)
    rows = []
    for row in board.split("/"):
        cells = []
        for ch in row:
            if ch.isdigit():
                cells.extend(["1"] * int(ch))
            else:
                cells.append(ch)
        rows.append(cells)
    squares = [(r, f) for r, row in enumerate(rows) for f, ch in enumerate(row) if ch not in "1kK"]
    rng.shuffle(squares)
    for r, f in squares[keep * 2 :]:
        rows[r][f] = "1"
    text = []
    for row in rows:
        out, run = "", 0
        for ch in row:
            if ch == "1":
                run += 1
            else:
                out += (str(run) if run else "") + ch
                run = 0
        text.append(out + (str(run) if run else ""))
    fen = "/".join(text) + pocket + " " + rest
    if sf.validate_fen(fen, variant) != 1 or not sf.legal_moves(variant, fen, []):
        return None
    return fen


def game(variant, fen, rng):
    moves = []
    states = []
    while True:
        fields = sf.get_fen(variant, fen, moves).split(" ")
        end = answer(variant, fen, moves)
        states.append(" ".join(fields[3:]) + " " + end)
        legal = sf.legal_moves(variant, fen, moves)
        if end != "-" or not legal or len(moves) >= 200:
            return moves, states
        captures = [m for m in legal if sf.is_capture(variant, fen, moves, m)]
        moves.append(rng.choice(captures if captures and rng.random() < 0.7 else legal))


def main():
    rng = random.Random(36)
    print("# variant\tfen\tmoves\tcounting fields and end after each ply (pyffish get_fen, is_optional_game_end)")
    for variant in VARIANTS:
        made = 0
        while made < 12:
            fen = sf.start_fen(variant) if made == 0 else thinned(variant, rng)
            if fen is None:
                continue
            moves, states = game(variant, fen, rng)
            print(f"{variant}\t{fen}\t{' '.join(moves) or '-'}\t{'|'.join(states)}")
            made += 1


main()
