"""Writes family_notations.tsv: every legal move of the fairy corpus's
positions (../shared/corpus/fairy/positions.tsv from the repository's root)
of the games of each family, in that family's notations, as Fairy-Stockfish's
Python binding (pyffish 0.0.90) writes them with `get_san(..., notation=N)`:

- Xiangqi's WXF (NOTATION_XIANGQI_WXF) for the games whose pieces are all
  Xiangqi's;
- Janggi's (NOTATION_JANGGI) for the games of Janggi's pieces;
- Thai SAN and Thai LAN (NOTATION_THAI_SAN, NOTATION_THAI_LAN) for the games
  whose pieces all have a Thai letter (Makruk's, a met or a khon among them),
  on at most eight files;
- Shogi's Hosking and Hodges with letters (NOTATION_SHOGI_HOSKING,
  NOTATION_SHOGI_HODGES) for the Shogi family (variantTemplate = shogi).

The games of each family are listed below; a test checks that polyfen finds
the same families from the games' rules.

Each row: variant, FEN, polyfen's notation id, then one field per legal
move: its UCI, a space, the move in the notation (Thai LAN's has a space of
its own: the text is all after the first space).

Run from the repository's root: pip install pyffish==0.0.90;
python3 crates/fairy/tests/data/family_notations.py > crates/fairy/tests/data/family_notations.tsv
"""

import os

import pyffish as sf

CORPUS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "..", "shared", "corpus", "fairy")

XIANGQI = ["xiangqi", "manchu", "supply", "minixiangqi", "xiangqihouse", "crowdedxiangqi"]
JANGGI = ["janggi", "janggicasual", "janggimodern", "janggitraditional", "janggihouse"]
THAI = ["makruk", "makpong", "cambodian", "karouk", "asean", "sittuyin", "makhouse"]
SHOGI = []  # filled in from the corpus below: every game of variantTemplate = shogi

NOTATIONS = [
    ("fairy-wxf", sf.NOTATION_XIANGQI_WXF, XIANGQI),
    ("fairy-janggi", sf.NOTATION_JANGGI, JANGGI),
    ("fairy-thai-san", sf.NOTATION_THAI_SAN, THAI),
    ("fairy-thai-lan", sf.NOTATION_THAI_LAN, THAI),
    ("fairy-hosking", sf.NOTATION_SHOGI_HOSKING, SHOGI),
    ("fairy-hodges", sf.NOTATION_SHOGI_HODGES, SHOGI),
]


def main():
    with open(os.path.join(CORPUS, "user.ini"), encoding="utf-8") as f:
        sf.load_variant_config(f.read())
    rows = []
    with open(os.path.join(CORPUS, "positions.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("\t")
            rows.append((fields[0], fields[1]))
    # the Shogi family: the games Fairy-Stockfish writes in Hodges' notation
    # with numbers by default (NOTATION_DEFAULT is it there)
    for variant in dict.fromkeys(v for v, _ in rows):
        fen = sf.start_fen(variant)
        moves = sf.legal_moves(variant, fen, [])
        if moves and all(
            sf.get_san(variant, fen, m, False, sf.NOTATION_DEFAULT)
            == sf.get_san(variant, fen, m, False, sf.NOTATION_SHOGI_HODGES_NUMBER)
            for m in moves
        ) and any(
            sf.get_san(variant, fen, m, False, sf.NOTATION_DEFAULT)
            != sf.get_san(variant, fen, m, False, sf.NOTATION_SAN)
            for m in moves
        ):
            SHOGI.append(variant)
    print("# variant\tfen\tnotation\tuci and text of each legal move (pyffish get_san)")
    for name, notation, games in NOTATIONS:
        for variant, fen in rows:
            if variant not in games:
                continue
            moves = sf.legal_moves(variant, fen, [])
            if not moves:
                continue
            texts = [f"{m} {sf.get_san(variant, fen, m, False, notation)}" for m in moves]
            print("\t".join([variant, fen, name] + texts))


main()
