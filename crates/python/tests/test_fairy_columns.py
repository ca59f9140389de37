"""Columns of the games defined as data: Arrow and Polars read every row
under ``rules`` as ``polyfen.read(row, rules=...)`` reads one, and a user's
own games come with ``variants``. The rows are the public corpus's
(Fairy-Stockfish's FENs, with pyffish's legal moves and their SAN)."""

import polars as pl
import pyarrow as pa
import pytest

import polyfen
import polyfen.arrow
import polyfen.polars  # noqa: F401  (registers the namespace)
from conftest import corpus

GAMES = ["makruk", "janggi", "capablanca"]
# a Makruk row with a rank too many, and a chess position (no Makruk king
# on its square, a queen where Makruk has none) read under Makruk's rules
WRONG = ["rnsmksnr/8/pppppppp/8/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", "xyz"]


def corpus_rows():
    """(game, FEN, pyffish's UCI moves, their SAN) of each row of GAMES."""
    out = []
    for line in corpus("fairy/positions.tsv").read_text().splitlines():
        cols = line.split("\t")
        if not line.startswith("#") and cols[0] in GAMES:
            out.append((cols[0], cols[1], cols[2].split(" "), cols[3].split(" ")))
    assert {game for game, *_ in out} == set(GAMES)
    return out


def single(text, rules, to):
    """The single read's answer for one row: (value, (column, notation))."""
    try:
        position = polyfen.read(text, rules=rules)
    except polyfen.ReadError as e:
        return None, (e.column, e.notation)
    return position.to(to), None


def test_arrow_and_polars_read_each_game_s_column_under_its_rules():
    rows = corpus_rows()
    for game in GAMES:
        fens = [fen for name, fen, *_ in rows if name == game] + WRONG + [None]
        converted = polyfen.arrow.convert(pa.array(fens), to="fairy-fen", rules=game).to_pylist()
        checked = polyfen.arrow.validate(pa.array(fens), rules=game).to_pylist()
        frame = pl.DataFrame({"fen": fens}).select(
            pl.col("fen").polyfen.convert(to="fairy-fen", rules=game).alias("converted"),
            pl.col("fen").polyfen.validate(rules=game).alias("checked"),
            pl.col("fen").polyfen.variant(rules=game).alias("variant"),
        )
        assert frame["converted"].to_list() == converted
        assert frame["checked"].to_list() == checked
        errors = 0
        for fen, value, check, variant in zip(fens, converted, checked, frame["variant"].to_list()):
            if fen is None:
                assert value is None and check is None and variant is None
                continue
            expected, error = single(fen, game, "fairy-fen")
            assert value["value"] == expected, (game, fen)
            if error:
                errors += 1
                assert (value["error"]["column"], value["error"]["notation"]) == error, (game, fen)
                assert (check["error"]["column"], check["error"]["notation"]) == error, (game, fen)
                assert check["valid"] is None and variant is None
                continue
            # Fairy-Stockfish's own FEN of the position, written back as it was
            assert expected == fen, (game, fen)
            assert value["error"] is None and check["error"] is None
            violations = polyfen.read(fen, rules=game).validate()
            assert check["valid"] == (not violations) and (check["violations"] or []) == violations
            assert check["variant"] == variant == "fairy"
        assert errors >= len(WRONG)
        # without the rules, the same column is not read as this game
        plain = polyfen.arrow.validate(pa.array(fens)).to_pylist()
        assert all(r is None or r["variant"] != "fairy" for r in plain), game


def test_moves_of_a_column_are_pyffish_s_san_under_the_rules():
    rows = [row for row in corpus_rows() if row[2] != ["-"]]
    positions = [fen for _, fen, moves, _ in rows for _ in moves]
    moves = [move for _, _, moves, _ in rows for move in moves]
    sans = [san for _, _, _, sans in rows for san in sans]
    games = [game for game, _, moves, _ in rows for _ in moves]
    for game in GAMES:
        pick = [i for i, g in enumerate(games) if g == game]
        column = pa.array([positions[i] for i in pick])
        written = polyfen.arrow.move_to(column, pa.array([moves[i] for i in pick]), to="fairy-san", rules=game)
        frame = pl.DataFrame({"fen": column.to_pylist(), "move": [moves[i] for i in pick]})
        polars = frame.select(pl.col("move").polyfen.move_to("fairy-san", position="fen", rules=game))
        assert polars["move"].to_list() == written.to_pylist()
        assert written.field("value").to_pylist() == [sans[i] for i in pick], game


def test_a_user_s_variants_file_for_a_column(tmp_path):
    text = (
        "[pycolumnchess:chess]\nmaxFile = e\nmaxRank = 5\n"
        "startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\ncastling = false\ndoubleStep = false\n"
    )
    path = tmp_path / "columns.ini"
    path.write_text(text)
    fens = ["rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", "rnbqk/pppp1/4p/PPPPP/RNBQK w - - 0 2", "rnbqk/ppppp/5/PPPPP w - - 0 1"]
    # by its path, then by its text: the file is loaded once, not twice
    result = polyfen.arrow.convert(pa.array(fens), to="fairy-fen", rules="pycolumnchess", variants=path).to_pylist()
    again = polyfen.arrow.validate(pa.array(fens), rules="pycolumnchess", variants=text).to_pylist()
    expr = pl.col("fen").polyfen.convert(to="fairy-fen", rules="pycolumnchess", variants=str(path))
    assert pl.DataFrame({"fen": fens}).select(expr)["fen"].to_list() == result
    assert [r["value"] for r in result[:2]] == fens[:2]
    assert result[2]["value"] is None and result[2]["error"]["message"] == again[2]["error"]["message"]
    with pytest.raises(polyfen.ReadError) as read:
        polyfen.read(fens[2], rules="pycolumnchess")
    assert result[2]["error"]["column"] == read.value.column
    assert [r["variant"] for r in again[:2]] == ["fairy", "fairy"]
    assert polyfen.read(fens[0], rules="pycolumnchess").rules == "pycolumnchess"


def test_an_unknown_rules_variant_raises_read_s_error():
    with pytest.raises(ValueError) as read:
        polyfen.read("makruk:standard", rules="makruc")
    assert "did you mean makruk" in str(read.value)
    column = pa.array(["rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"])
    calls = [
        lambda: polyfen.arrow.convert(column, to="fairy-fen", rules="makruc"),
        lambda: polyfen.arrow.validate(column, rules="makruc"),
        lambda: polyfen.arrow.move_to(column, pa.array(["a3a4"]), to="uci", rules="makruc"),
        lambda: pl.col("fen").polyfen.convert(to="fairy-fen", rules="makruc"),
        lambda: pl.col("fen").polyfen.validate(rules="makruc"),
        lambda: pl.col("fen").polyfen.variant(rules="makruc"),
        lambda: pl.col("move").polyfen.move_to("uci", position="fen", rules="makruc"),
    ]
    for call in calls:
        with pytest.raises(ValueError) as raised:
            call()
        assert str(raised.value) == str(read.value)
    # the plugin itself refuses a name it does not know, failing the query
    from polyfen.polars import _plugin

    expr = _plugin("convert", pl.col("fen"), to="fen", from_=None, lenient=False, rules="makruc")
    with pytest.raises(pl.exceptions.ComputeError, match="did you mean makruk"):
        pl.DataFrame({"fen": column.to_pylist()}).select(expr)
