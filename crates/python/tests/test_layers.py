"""Python, the service and the command line give the same answers for the
same input: the moves in Fairy-Stockfish's SAN and the FEN after a move of
positions of the games defined as data (several of each game of the fairy
corpus), and of a user's own game from a variants file (loaded in Python,
given to the CLI with --variants, sent to the service as the request's
`variants`)."""

import json
import re
import subprocess
import urllib.request

import pytest

import polyfen
from conftest import corpus
from test_spark import cli

GAMES = ["makruk", "janggi", "capablanca", "grand", "minishogi", "minixiangqi", "seirawan", "sittuyin", "shatranj", "ataxx"]

USER_FILE = (
    "[layerschess:chess]\nmaxFile = f\nmaxRank = 6\n"
    "startFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\ncastling = false\ndoubleStep = false\n"
)


@pytest.fixture(scope="module")
def service():
    """A service on a free loopback port, stopped after the tests."""
    process = subprocess.Popen([cli(), "serve", "--addr", "127.0.0.1:0"], stdout=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+", line)
        assert found, line
        yield found.group(0)
    finally:
        process.terminate()
        process.wait(timeout=10)


def post(base, path, body):
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def positions():
    """A few positions of each game, as the corpus has them."""
    rows = [line.split("\t") for line in corpus("fairy/positions.tsv").read_text().splitlines() if not line.startswith("#")]
    chosen = []
    for name in GAMES:
        of_game = [r for r in rows if r[0] == name and r[2] != "-"]
        assert of_game, name
        chosen.extend((name, r[1]) for r in of_game[:4])
    return chosen


def test_the_three_layers_answer_alike(service):
    checked = 0
    for name, fen in positions():
        ours = polyfen.read(fen, rules=name)
        python_moves = ours.legal_moves("fairy-san")
        cli_moves = subprocess.run(
            [cli(), "moves", "--variant", name, "--notation", "fairy-san", fen],
            capture_output=True, text=True, check=True, timeout=60,
        ).stdout.split()
        served = post(service, "/v1/moves", {"input": fen, "rules": name, "move_notation": "fairy-san"})["ok"]
        assert python_moves == cli_moves == served["moves"], (name, fen)
        # the first move played: written alike in coordinates, and the
        # position after it
        first = python_moves[0]
        after = polyfen.read(fen, rules=name)
        python_uci = after.play(first, "fairy-uci")
        cli_uci = subprocess.run(
            [cli(), "move", "--variant", name, "--position", fen, "--to", "fairy-uci", first],
            capture_output=True, text=True, check=True, timeout=60,
        ).stdout.strip()
        assert cli_uci == python_uci, (name, fen, first)
        moved = post(
            service,
            "/v1/move",
            {"input": fen, "rules": name, "moves": [first], "move_notation": "fairy-san", "to": "fairy-fen"},
        )
        assert moved["ok"]["output"] == after.to("fairy-fen"), (name, fen, first)
        checked += 1
    assert checked >= 4 * len(GAMES)


def test_a_users_file_answers_alike_in_each_layer(service, tmp_path):
    path = tmp_path / "layers.ini"
    path.write_text(USER_FILE)
    polyfen.load_variants(path)
    python_moves = polyfen.read("layerschess:standard").legal_moves("fairy-san")
    cli_moves = subprocess.run(
        [cli(), "--variants", str(path), "moves", "--notation", "fairy-san", "layerschess:standard"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout.split()
    served = post(service, "/v1/moves", {"input": "layerschess:standard", "variants": USER_FILE, "move_notation": "fairy-san"})
    assert python_moves == cli_moves == served["ok"]["moves"]
    assert len(python_moves) == 8
