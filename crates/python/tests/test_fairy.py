"""The games defined as data from Python: Fairy-Stockfish's built-in games
by name, a user's variants file added with load_variants, and the corpus's
legal moves (pyffish's) through the package."""

import pytest

import polyfen
from conftest import corpus


def test_built_in_games_by_their_names():
    makruk = polyfen.read("makruk:standard")
    assert (makruk.variant, makruk.rules) == ("fairy", "makruk")
    assert makruk.to("fairy-fen") == "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    assert len(makruk.legal_moves()) == 23
    assert makruk.perft(2) == 529
    janggi = polyfen.read("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", rules="janggi")
    assert janggi.rules == "janggi"
    assert "makruk" in polyfen.rules_variants() and "crazyhouse" in polyfen.rules_variants()
    with pytest.raises(ValueError, match="not a legal move of makruk"):
        makruk.play("e2e4")


def test_a_users_file_adds_games_and_a_broken_one_names_its_line(tmp_path):
    path = tmp_path / "mine.ini"
    path.write_text(
        "[pyminichess:chess]\nmaxFile = 5\nmaxRank = 5\n"
        "startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\ncastling = false\ndoubleStep = false\n"
    )
    assert polyfen.load_variants(path) == ["pyminichess"]
    position = polyfen.read("pyminichess:standard")
    assert position.rules == "pyminichess"
    assert sorted(position.legal_moves())[:3] == ["a2a3", "b1a3", "b1c3"]
    with pytest.raises(ValueError, match="broken.ini:2"):
        polyfen.load_variants("broken.ini", "[pybroken:chess]\nmaxRnak = 5\n")
    with pytest.raises(ValueError):
        polyfen.read("pybroken:standard")


def test_the_corpus_positions_give_pyffishs_moves():
    rows = [line.split("\t") for line in corpus("fairy/positions.tsv").read_text().splitlines() if not line.startswith("#")]
    checked = 0
    for name in ["makruk", "grand", "capablanca", "minishogi", "seirawan", "janggi"]:
        for cols in (r for r in rows if r[0] == name):
            position = polyfen.read(cols[1], rules=name)
            expected = [] if cols[2] == "-" else cols[2].split(" ")
            assert sorted(position.legal_moves()) == expected, (name, cols[1])
            checked += 1
    assert checked > 50


def test_pychess_games_read_to_pyffishs_end_positions():
    import json

    ends = [json.loads(line)["end"] for line in corpus("fairy/games.jsonl").read_text().splitlines() if line.strip()]
    games = list(polyfen.read_games(corpus("fairy/games.pgn"), errors="yield"))
    assert len(games) == len(ends)
    checked = 0
    for game, end in zip(games, ends):
        if not isinstance(game, polyfen.Game) or game.variant != "fairy":
            continue
        positions = game.positions("fairy-fen")
        assert (positions[-1] if positions else game.start) == end, (game.rules, game.headers.get("Event"))
        checked += 1
    assert checked > 100
    # a game's moves in Fairy-Stockfish's SAN, and its JSON form
    makruk = next(g for g in games if isinstance(g, polyfen.Game) and g.rules == "makruk" and g.plies > 3)
    assert len(makruk.moves("fairy-san")) == makruk.plies
    assert json.loads(makruk.to_json())["variant"] == "fairy"
    # every game reads, pychess's Shogi (Hodges with numbers) and Xiangqi
    # (SAN) by their own crates, their moves written back as pychess wrote them
    assert all(isinstance(g, polyfen.Game) for g in games)
    shogi = next(g for g in games if g.variant == "shogi")
    assert shogi.moves("western-numeric")[:4] == ["R-58", "P-24", "R-28", "G-72"]
    xiangqi = next(g for g in games if g.variant == "xiangqi")
    assert xiangqi.moves("san-fsf")[:4] == ["Cbf3", "Ea8", "Hc3", "Cbf8"]
