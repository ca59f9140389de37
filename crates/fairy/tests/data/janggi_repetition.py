"""Writes janggi_repetition.tsv: what Fairy-Stockfish's Python binding
(pyffish 0.0.90) says of the ends a game's history decides in lines of
Janggi where pieces go out and back, for janggi, janggitraditional,
janggimodern and janggicasual. Janggimodern's move repetition
(`moveRepetitionIllegal`) loses for the side that takes a piece out and
back twice, or out and back with a pass before the last return; the other
three games, without it, check the n-fold rule on the same lines.

Each row: variant, a start FEN, the UCI moves played from it (space
separated) and pyffish's `is_optional_game_end` answer for the side to move
after them: `-` when the game goes on, else `win`, `loss` or `draw`; a row
for every ply of a line from the fourth, up to two plies after its first
end (a line written out, to its end).

The lines: a few written out (a rook out and back from its first square,
which Fairy-Stockfish's empty first move counts as reached; a horse's and a
cannon's rounds; a pass before the return; a capture arriving on the square;
a check in between), then, from the start and from a few sparse positions
where checks come often, random walks (seeded, so the file is the same on
every run) in which a side mostly plays back its last move that was not a
pass, sometimes passes, and otherwise plays any legal move.

Run: pip install pyffish==0.0.90; python3 janggi_repetition.py > janggi_repetition.tsv
(a few seconds).
"""

import random
import re

import pyffish as sf

VARIANTS = ["janggi", "janggitraditional", "janggimodern", "janggicasual"]

START = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
START_BLACK = START.replace(" w ", " b ")

# sparse positions, where chariots and cannons give check often
SPARSE = [
    "3k5/4a4/9/9/r8/9/8R/9/4A4/4K4 w - - 0 1",
    "2b1k4/4a4/4c4/9/1r7/7R1/9/4C4/4A4/3K1B3 w - - 0 1",
    "4k4/3a5/2n6/9/p7r/R7P/9/6N2/5A3/4K4 b - - 10 30",
    "3ak4/9/4b4/1c7/9/9/1R7/4B4/4A4/3K5 w - - 3 40",
]

CAPTURE = "3k5/4a4/9/9/9/9/p7R/9/4A4/4K4 w - - 0 1"

# lines written out: (FEN, moves)
WRITTEN = [
    # rooks out and back from their first squares, black first and white first
    (START_BLACK, "a10a9 a1a2 a9a10 a2a1 a10a9 a1a2 a9a10 a2a1 a10a9 a1a2 a9a10 a2a1"),
    (START, "a1a2 a10a9 a2a1 a9a10 a1a2 a10a9 a2a1 a9a10 a1a2 a10a9 a2a1 a9a10"),
    # horses out and back
    (START, "b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10 b1c3"),
    # a horse comes to c3, then goes out and back twice
    (START, "h1g3 h10g8 b1c3 g8h10 c3b1 h10g8 b1c3 g8h10 c3b1 h10g8 b1c3 g8h10 c3b1"),
    # a pass before the return
    (START, "b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10 e2e2 b10c8 b1c3 e9e9 c3b1 c8b10 b1c3"),
    (START, "b1c3 e9e9 c3b1 b10c8 b1c3 c8b10 e2e2 b10c8 c3b1 e9e9 b1c3 c8b10"),
    # the king's and the advisors' rounds stay in their palace
    (START, "e2e3 e9e8 e3e2 e8e9 e2e3 e9e8 e3e2 e8e9 e2e3 e9e8 e3e2 e8e9"),
    (START, "d1d2 f10f9 d2d1 f9f10 d1d2 f10f9 d2d1 f9f10 d1d2 f10f9 d2d1 f9f10"),
    # soldiers sideways
    (START, "a4b4 i7h7 b4a4 h7i7 a4b4 i7h7 b4a4 h7i7 a4b4 i7h7 b4a4 h7i7"),
    # a capture arrives on the square the piece goes out and back from
    (CAPTURE, "i4a4 d10d9 a4a5 d9d10 a5a4 d10d9 a4a5 d9d10 a5a4 d10d9 a4a5 d9d10 a5a4 d10d9 a4a5"),
    # the mover's rounds with a check to answer before some of its moves,
    # and the same without the check
    (SPARSE[0], "i4c4 a6a1 c4c1 a1a6 c1c4 a6a1 c4c1 a1a6 c1c4 a6a1 c4c1 a1a6 c1c4 a6a1"),
    (SPARSE[0], "i4c4 a6a2 c4c1 a2a6 c1c4 a6a2 c4c1 a2a6 c1c4 a6a2 c4c1 a2a6 c1c4 a6a2"),
    # one check to answer: before the piece first goes out, and before its
    # last returns
    (SPARSE[0], "i4c4 a6a1 c4c1 a1a2 c1c4 a2a3 c4c1 a3a2 c1c4 a2a3 c4c1 a3a2 c1c4 a2a3 c4c1"),
    (SPARSE[0], "i4c4 a6a5 c4c1 a5a6 c1c4 a6a5 c4c1 a5a6 c1c4 a6a1 c4c1 a1a2 c1c4 a2a3 c4c1 a3a2 c1c4"),
    # the mover checks at every other move
    (SPARSE[0], "i4i10 d10d9 i10i4 d9d10 i4i10 d10d9 i10i4 d9d10 i4i10 d10d9 i10i4 d9d10 i4i10"),
]

SQUARES = re.compile(r"([a-z]\d+)([a-z]\d+)")


def answer(variant, fen, moves):
    ended, value = sf.is_optional_game_end(variant, fen, moves)
    if not ended:
        return "-"
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def is_pass(move):
    m = SQUARES.fullmatch(move)
    return m is not None and m.group(1) == m.group(2)


def reverse(move):
    m = SQUARES.fullmatch(move)
    return m.group(2) + m.group(1) if m else None


def walk(rng, variant, fen, plies, back, passing):
    """A random walk of up to `plies` plies: with probability `back` the side
    plays back its last move that was not a pass, with `passing` it passes,
    and else (or when that move is not legal) plays any legal move."""
    moves = []
    for _ in range(plies):
        legal = sf.legal_moves(variant, fen, moves)
        if not legal:
            break
        r = rng.random()
        choice = None
        if r < back:
            own = moves[-2::-2]
            own = [m for m in own if not is_pass(m)]
            if own and reverse(own[0]) in legal:
                choice = reverse(own[0])
        elif r < back + passing:
            choice = next((m for m in legal if is_pass(m)), None)
        if choice is None:
            choice = rng.choice(legal)
        moves.append(choice)
    return moves


def rows(variant, fen, moves, after_end=2):
    """The rows of a line: after every ply from the fourth, up to
    `after_end` plies after its first end."""
    first_end = None
    for k in range(4, len(moves) + 1):
        got = answer(variant, fen, moves[:k])
        print(f"{variant}\t{fen}\t{' '.join(moves[:k])}\t{got}")
        if got != "-" and first_end is None:
            first_end = k
        if first_end is not None and k >= first_end + after_end:
            break


def main():
    print("# variant\tfen\tmoves\tend (pyffish is_optional_game_end)")
    rng = random.Random(7)
    for variant in VARIANTS:
        modern = variant == "janggimodern"
        for fen, line in WRITTEN:
            rows(variant, fen, line.split(" "), after_end=len(line))
        starts = [START, START_BLACK] + SPARSE
        for n in range(60 if modern else 10):
            fen = starts[n % len(starts)]
            back = rng.choice([0.6, 0.75, 0.9])
            passing = rng.choice([0.0, 0.1, 0.25])
            rows(variant, fen, walk(rng, variant, fen, 40, back, passing))


main()
