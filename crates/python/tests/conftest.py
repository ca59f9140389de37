"""Shared test data: positions of every game, written by the package itself."""

import os
import pathlib

import pytest

import polyfen

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = ROOT.parent / "shared" / "corpus"


def corpus(relative):
    """A file or folder of the public test corpus, ../shared/corpus beside
    the repository. Without it the test is skipped, saying why; with
    POLYFEN_CORPUS=required (as CI sets) it fails instead."""
    path = CORPUS / relative
    if not path.exists():
        shown = f"../shared/corpus/{relative}"
        if os.environ.get("POLYFEN_CORPUS") == "required":
            pytest.fail(f"{shown} not found (the public test corpus; POLYFEN_CORPUS=required)")
        pytest.skip(f"{shown} not found (the public test corpus; set POLYFEN_CORPUS=required to fail instead)")
    return path


@pytest.fixture(scope="session")
def chess_corpus():
    """The public chess corpus of the repository (10,000 valid FENs)."""
    path = ROOT / "tests" / "data" / "chess" / "cozy_valid.sfens"
    return [line for line in path.read_text().splitlines() if line.strip()]


XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
KHET_CLASSIC = "2PARA3X/7P2/6p3/p1P1SS1p1P/p1P1ss1p1P/3P6/2p7/x3arap2 wnnnnneewwsnsnsneewwssssse s 0"


@pytest.fixture(scope="session")
def mixed():
    """Positions of every game along short playouts, and bad lines."""
    rows = []
    for start in ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", XIANGQI_START, KHET_CLASSIC]:
        position = polyfen.read(start)
        for _ in range(30):
            rows.append(position.to())
            moves = position.legal_moves()
            if not moves:
                break
            position.play(moves[len(rows) * 7 % len(moves)])
    rows += ["", "8/8/8 w - - 0 1", "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04", "{}", "§±"]
    return rows
