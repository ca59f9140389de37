"""Writes validate.tsv: what Fairy-Stockfish's Python binding (pyffish
0.0.90) says of setups that break a rule, for every built-in game.

Each row: variant, a FEN, and pyffish's `validate_fen` code (1: valid; a
negative number names the first rule broken, as Fairy-Stockfish's
`apiutil.h` numbers them). The FENs are each game's start and a few of its
positions of the fairy corpus (`positions.tsv`, passed as the first
argument), each as given and changed in one way: the white king taken
off, a second white king, the black king moved next to the white one, the
white king moved along its rank, a white rook in a corner taken off, the
side to move, the halfmove clock or the move counter made unreadable.

Run: pip install pyffish==0.0.90; python3 validate.py ../../../../../shared/corpus/fairy/positions.tsv > validate.tsv
"""

import re
import sys

import pyffish as sf

TOKEN = re.compile(r"\+?[A-Za-z]~?|\*|\d+")


def expand(board):
    """The ranks of a placement, top first, each a list of cells ('' empty),
    and the pocket text after them ('' for none)."""
    pocket = ""
    if board.endswith("]") and "[" in board:
        board, pocket = board[: board.index("[")], board[board.index("[") :]
    ranks = []
    for text in board.split("/"):
        cells = []
        for token in TOKEN.findall(text):
            if token.isdigit():
                cells.extend([""] * int(token))
            else:
                cells.append(token)
        ranks.append(cells)
    return ranks, pocket


def compress(ranks, pocket):
    out = []
    for cells in ranks:
        text, run = "", 0
        for cell in cells:
            if cell == "":
                run += 1
                continue
            if run:
                text += str(run)
                run = 0
            text += cell
        if run:
            text += str(run)
        out.append(text)
    return "/".join(out) + pocket


def find(ranks, piece):
    return [(r, f) for r, cells in enumerate(ranks) for f, c in enumerate(cells) if c == piece]


def empties(ranks):
    return [(r, f) for r, cells in enumerate(ranks) for f, c in enumerate(cells) if c == ""]


def mutations(fen):
    fields = fen.split(" ")
    ranks, pocket = expand(fields[0])

    def with_board(edit):
        copy = [list(cells) for cells in ranks]
        if edit(copy) is False:
            return None
        return " ".join([compress(copy, pocket)] + fields[1:])

    kings = find(ranks, "K")
    black = find(ranks, "k")
    free = empties(ranks)
    if kings:
        (kr, kf) = kings[0]

        def no_king(b):
            b[kr][kf] = ""

        yield with_board(no_king)
        if free:

            def two_kings(b):
                r, f = free[len(free) // 2]
                b[r][f] = "K"

            yield with_board(two_kings)
        if black:
            (br, bf) = black[0]
            near = [(kr + dr, kf + df) for dr in (-1, 0, 1) for df in (-1, 0, 1) if (dr, df) != (0, 0)]
            near = [(r, f) for r, f in near if 0 <= r < len(ranks) and 0 <= f < len(ranks[r]) and ranks[r][f] == ""]
            if near:

                def touching(b):
                    b[br][bf] = ""
                    b[near[0][0]][near[0][1]] = "k"

                yield with_board(touching)
        along = [f for f in range(len(ranks[kr])) if ranks[kr][f] == ""]
        if along:

            def moved(b):
                b[kr][kf] = ""
                b[kr][along[0]] = "K"

            yield with_board(moved)
    bottom = len(ranks) - 1
    for f in (0, len(ranks[bottom]) - 1):
        if ranks[bottom][f] == "R":

            def no_rook(b, f=f):
                b[bottom][f] = ""

            yield with_board(no_rook)
    if len(fields) >= 2:
        yield " ".join([fields[0], "x"] + fields[2:])
    if len(fields) >= 4:
        yield " ".join(fields[:-2] + ["a", fields[-1]])
        yield " ".join(fields[:-1] + ["z"])


def main():
    corpus = {}
    for line in open(sys.argv[1], encoding="utf-8"):
        if line.startswith("#"):
            continue
        variant, fen = line.split("\t")[:2]
        corpus.setdefault(variant, []).append(fen)
    print("# variant\tfen\tpyffish validate_fen")
    for variant in sf.variants():
        fens = [sf.start_fen(variant)] + corpus.get(variant, [])[3:6]
        seen = set()
        for fen in fens:
            for candidate in [fen] + list(mutations(fen)):
                if candidate is None or candidate in seen:
                    continue
                seen.add(candidate)
                print(f"{variant}\t{candidate}\t{sf.validate_fen(candidate, variant)}")


main()
