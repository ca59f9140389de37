"""Writes game_ends.tsv: what Fairy-Stockfish's Python binding (pyffish
0.0.90) says of the ends a game's history decides, the n-move rule and
n-fold repetition, for every built-in game.

Each row: variant, a start FEN, the UCI moves played from it (space
separated, `-` for none) and pyffish's `is_optional_game_end` answer for
the side to move after them: `-` when the game goes on, else `win`, `loss`
or `draw`. Rows of the n-move rule set the start's halfmove clock just
below and at 2n for n = 50 and 70; rows of repetition play a piece out and
back for each side, four plies a round, three rounds, and ask after every
ply from the fourth.

Run: pip install pyffish==0.0.90; python3 game_ends.py > game_ends.tsv
"""

import pyffish as sf


def answer(variant, fen, moves):
    ended, value = sf.is_optional_game_end(variant, fen, moves)
    if not ended:
        return "-"
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def with_halfmove(fen, halfmove):
    fields = fen.split(" ")
    fields[-2] = str(halfmove)
    return " ".join(fields)


def out_and_back(variant, fen, moves):
    """A quiet move of the side to move after `moves` whose reverse is legal
    a move later, and that reverse; None if none."""
    legal = sf.legal_moves(variant, fen, moves)
    for move in legal:
        if "@" in move or len(move) != 4 and not move[-1].isdigit():
            continue
        back = move[2:] + move[:2] if len(move) == 4 else None
        if back is None or sf.gives_check(variant, fen, moves + [move]):
            continue
        before = sf.get_fen(variant, fen, moves)
        after = sf.get_fen(variant, fen, moves + [move])
        if before.split(" ")[0].count("/") != after.split(" ")[0].count("/"):
            continue
        if sum(c.isalpha() for c in before.split(" ")[0]) != sum(c.isalpha() for c in after.split(" ")[0]):
            continue
        yield move, back


def cycle(variant, fen):
    for white, white_back in out_and_back(variant, fen, []):
        for black, black_back in out_and_back(variant, fen, [white]):
            line = [white, black, white_back, black_back]
            legal = True
            for k in range(2, 4):
                if line[k] not in sf.legal_moves(variant, fen, line[:k]):
                    legal = False
                    break
            if legal and sf.get_fen(variant, fen, line).split(" ")[:4] == sf.get_fen(variant, fen, []).split(" ")[:4]:
                return line
    return None


def main():
    print("# variant\tfen\tmoves\tend (pyffish is_optional_game_end)")
    for variant in sf.variants():
        start = sf.start_fen(variant)
        if not sf.legal_moves(variant, start, []):
            continue
        for halfmove in (99, 100, 139, 140):
            fen = with_halfmove(start, halfmove)
            print(f"{variant}\t{fen}\t-\t{answer(variant, fen, [])}")
        line = cycle(variant, start)
        if line is None:
            continue
        moves = line * 3
        for k in range(4, len(moves) + 1):
            print(f"{variant}\t{start}\t{' '.join(moves[:k])}\t{answer(variant, start, moves[:k])}")


main()
