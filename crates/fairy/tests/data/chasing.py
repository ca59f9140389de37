"""Writes chasing.tsv: what Fairy-Stockfish's Python binding (pyffish
0.0.90) says of repetitions in Xiangqi, whose chasing rule (`chasingRule =
axf`) makes the side that chases an unprotected piece, or a stronger piece,
at every move of the repetition lose it.

The positions are reached by seeded random play from the start. From each,
lines are played in which a piece of one side follows a piece of the
other, threatening it after each of its moves, out and back, three rounds
of four plies; pyffish's `is_optional_game_end` is asked after every ply
from the sixth to the tenth. Then walks in which one side checks whenever
it can, from a start with the halfmove clock at 40, are asked from the
44th ply: checks beyond ten lengthen the n-move rule. Last, a few lines
set up by hand (`CONSTRUCTED`). Each row: variant, a
start FEN, the UCI moves played from it, and the answer for the side to
move after them: `-` when the game goes on, else `win`, `loss` or `draw`.

Run: pip install pyffish==0.0.90; python3 chasing.py > chasing.tsv
"""

import random
import re

import pyffish as sf

VARIANT = "xiangqi"


def answer(fen, moves):
    ended, value = sf.is_optional_game_end(VARIANT, fen, moves)
    if not ended:
        return "-"
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def flipped(fen, moves):
    after = sf.get_fen(VARIANT, fen, moves).split(" ")
    after[1] = "w" if after[1] == "b" else "b"
    return " ".join(after)


def captures(fen, moves):
    """The captures the side that just moved (with no moves, the side not
    to move) could make next, as (from, to) pairs: the position after
    `moves` with the other side to move."""
    position = flipped(fen, moves)
    try:
        replies = sf.legal_moves(VARIANT, position, [])
    except Exception:
        return set()
    occupied = occupied_squares(position)
    return {split(r) for r in replies if split(r)[1] in occupied}


def occupied_squares(fen):
    squares = set()
    ranks = fen.split(" ")[0].split("/")
    for r, row in enumerate(ranks):
        rank = len(ranks) - r
        file = 0
        for token in re.findall(r"\d+|.", row):
            if token.isdigit():
                file += int(token)
            else:
                squares.add(f"{chr(97 + file)}{rank}")
                file += 1
    return squares


def split(move):
    k = next(i for i in range(1, len(move)) if move[i].isalpha())
    return move[:k], move[k:]


def quiet(fen, moves, move):
    before = sf.get_fen(VARIANT, fen, moves).split(" ")[0]
    after = sf.get_fen(VARIANT, fen, moves + [move]).split(" ")[0]
    return sum(c.isalpha() for c in before) == sum(c.isalpha() for c in after)


def moves_of(fen, moves, square, checks):
    for move in sf.legal_moves(VARIANT, fen, moves):
        if split(move)[0] == square and quiet(fen, moves, move):
            if checks or not sf.gives_check(VARIANT, fen, moves + [move]):
                yield move


def repeats(fen, line):
    for k in (1, 2, 3):
        if line[k] not in sf.legal_moves(VARIANT, fen, line[:k]):
            return False
    return sf.get_fen(VARIANT, fen, line).split(" ")[:2] == fen.split(" ")[:2]


def reverse(move):
    a, b = split(move)
    return b + a


def chases_by_second(fen, checks):
    """Lines where the side not to move follows one piece of the side to
    move with one of its own, threatening it after both of its moves."""
    for t1, s1 in captures(fen, []):
        for a1 in moves_of(fen, [], s1, checks):
            s2 = split(a1)[1]
            for b1 in moves_of(fen, [a1], t1, checks):
                t2 = split(b1)[1]
                if (t2, s2) not in captures(fen, [a1, b1]):
                    continue
                line = [a1, b1, reverse(a1), reverse(b1)]
                if repeats(fen, line):
                    yield line


def chases_by_first(fen, checks):
    """Lines where the side to move follows one piece of the other side
    with one of its own, threatening it after both of its moves."""
    for x1 in sf.legal_moves(VARIANT, fen, []):
        if not quiet(fen, [], x1) or (not checks and sf.gives_check(VARIANT, fen, [x1])):
            continue
        t1, t2 = split(x1)
        for _, s1 in {c for c in captures(fen, [x1]) if c[0] == t2}:
            for y1 in moves_of(fen, [x1], s1, checks):
                s2 = split(y1)[1]
                line = [x1, y1, reverse(x1), reverse(y1)]
                if repeats(fen, line) and (t1, s2) in captures(fen, line[:3]):
                    yield line


def positions(rng, games, plies):
    start = sf.start_fen(VARIANT)
    for _ in range(games):
        moves = []
        for ply in range(max(plies) + 1):
            if ply in plies:
                fen = sf.get_fen(VARIANT, start, moves)
                if not sf.gives_check(VARIANT, start, moves):
                    yield fen.split(" ")[0] + " " + fen.split(" ")[1] + " - - 0 1"
            legal = sf.legal_moves(VARIANT, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))


def checking_walk(rng, fen, plies):
    """A walk from `fen` of quiet moves that revisits no position, the side
    to move at the start checking whenever it can without mating."""
    moves, seen = [], {" ".join(fen.split(" ")[:2])}
    for ply in range(plies):
        fresh = []
        for m in sf.legal_moves(VARIANT, fen, moves):
            if quiet(fen, moves, m):
                key = " ".join(sf.get_fen(VARIANT, fen, moves + [m]).split(" ")[:2])
                if key not in seen:
                    fresh.append((m, key))
        if not fresh:
            break
        if ply % 2 == 0:
            checks = [f for f in fresh if sf.gives_check(VARIANT, fen, moves + [f[0]])
                      and sf.legal_moves(VARIANT, fen, moves + [f[0]])]
            fresh = checks or fresh
        m, key = rng.choice(fresh)
        seen.add(key)
        moves.append(m)
    return moves


def chase_rows():
    rng = random.Random(20261207)
    for fen in positions(rng, 80, (10, 20, 30, 40, 50, 60)):
        checks = rng.random() < 0.25
        for found in (chases_by_second(fen, checks), chases_by_first(fen, checks)):
            lines = list(found)
            for line in rng.sample(lines, min(2, len(lines))):
                moves = line * 3
                for k in range(6, len(moves) - 1):
                    print(f"{VARIANT}\t{fen}\t{' '.join(moves[:k])}\t{answer(fen, moves[:k])}", flush=True)


def move_rule_rows():
    """Walks of many checks from a start whose halfmove clock is at 40,
    asked from the 44th ply: the checks beyond ten lengthen the n-move
    rule."""
    rng = random.Random(7)
    start = "3akab2/9/4b4/p1p1p1p1p/9/9/P1P1P1P1P/4C4/4A4/2RAK1H2 w - - 40 1"
    for _ in range(8):
        moves = checking_walk(rng, start, 70)
        for k in range(44, len(moves) + 1):
            print(f"{VARIANT}\t{start}\t{' '.join(moves[:k])}\t{answer(start, moves[:k])}", flush=True)


# Lines set up by hand for what random play seldom meets, each beside the
# same line where the rule does not apply.
CONSTRUCTED = [
    # a horse chases a horse whose way back is blocked (a soldier on its
    # leg): not a mutual attack
    ("3k5/9/9/4P2H1/4n1P2/9/9/9/9/4K4 w - - 0 1", "h7f8 e6g5 f8h7 g5e6"),
    ("3k5/9/9/7H1/4n4/9/9/9/9/4K4 w - - 0 1", "h7f8 e6g5 f8h7 g5e6"),
    # a rook chases a rook alone on the file of the kings (held there by
    # the flying general): its attack back does not excuse the chase
    ("4k4/9/9/9/4r4/R8/9/9/4A4/4K4 w - - 0 1", "a5a6 e6e5 a6a5 e5e6"),
    ("3k5/9/9/9/4r4/R8/9/9/4A4/4K4 w - - 0 1", "a5a6 e6e5 a6a5 e5e6"),
    # a rook brought behind a horse on the file of the king (which steps
    # from file to file) makes the horse's capture a discovered check: the
    # rook it threatens is chased
    ("4k4/9/5r3/3H5/4H4/9/3R5/9/9/4K4 w - - 0 1", "d4e4 e10d10 e4d4 d10e10"),
    ("4k4/9/6r2/3H5/4H4/9/3R5/9/9/4K4 w - - 0 1", "d4e4 e10d10 e4d4 d10e10"),
    # a rook pins, in turn, each of the two horses that protect a cannon
    # another rook attacks: the cannon is chased
    ("4k4/9/3n5/4n4/2c6/9/3R5/9/9/2R1K4 w - - 0 1", "d4e4 e10d10 e4d4 d10e10"),
    ("4k4/9/3n5/4n4/2c6/9/3R5/9/9/4K4 w - - 0 1", "d4e4 e10d10 e4d4 d10e10"),
]


def constructed_rows():
    for fen, line in CONSTRUCTED:
        moves = line.split(" ") * 3
        for k in range(6, len(moves) + 1):
            print(f"{VARIANT}\t{fen}\t{' '.join(moves[:k])}\t{answer(fen, moves[:k])}", flush=True)


def main():
    print("# variant\tfen\tmoves\tend (pyffish is_optional_game_end)")
    chase_rows()
    move_rule_rows()
    constructed_rows()


main()
