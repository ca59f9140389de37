"""Polars: the polyfen expression namespace, eager and streaming."""

import polars as pl
import pyarrow as pa
import pytest

import polyfen
import polyfen.arrow
import polyfen.polars  # noqa: F401  (registers the namespace)


def test_convert_validate_variant(mixed):
    frame = pl.DataFrame({"fen": mixed + [None]})
    out = frame.select(
        pl.col("fen").polyfen.convert(to="json").alias("json"),
        pl.col("fen").polyfen.validate().alias("check"),
        pl.col("fen").polyfen.variant().alias("variant"),
    )
    expected = polyfen.arrow.convert(pa.array(mixed + [None]), to="json").to_pylist()
    assert out["json"].to_list() == expected
    for row, variant, check in zip(mixed, out["variant"].to_list(), out["check"].to_list()):
        try:
            position = polyfen.read(row)
        except polyfen.ReadError as e:
            assert variant is None and check["error"]["column"] == e.column
            continue
        assert variant == position.variant
        assert check["valid"] == (not position.validate())
    assert out.row(len(mixed)) == (None, None, None)


def test_the_streaming_engine_gives_the_same(chess_corpus):
    frame = pl.LazyFrame({"fen": chess_corpus})
    query = frame.select(pl.col("fen").polyfen.convert(to="shredder-fen").struct.field("value"))
    streamed = query.collect(engine="streaming")
    assert streamed.equals(query.collect())
    assert streamed["value"].null_count() == 0


def test_move_to_reads_moves_in_their_positions():
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    frame = pl.DataFrame({"fen": [start, start, start, None, "8/8/8 w - - 0 1"], "move": ["e4", "Nf3", "e5", "e4", "e4"]})
    out = frame.select(pl.col("move").polyfen.move_to("uci", position="fen")).unnest("move")
    assert out["value"].to_list() == ["e2e4", "g1f3", None, None, None]
    errors = out["error"].to_list()
    assert errors[2]["notation"] == "uci" and "e5" in errors[2]["message"]
    assert errors[3] is None
    assert errors[4]["column"] == 6 and errors[4]["notation"] == "fen"


def test_the_expressions_are_polars_plugins():
    # native expressions of polyfen's module, not Python callbacks
    for expr in [
        pl.col("fen").polyfen.convert(to="fen"),
        pl.col("fen").polyfen.validate(),
        pl.col("fen").polyfen.variant(),
        pl.col("move").polyfen.move_to("uci", position="fen"),
    ]:
        assert "_native" in str(expr), str(expr)


def chunked(rows, pieces):
    """A frame of the column ``fen`` in ``pieces`` chunks."""
    step = -(-len(rows) // pieces)
    frames = [pl.DataFrame({"fen": rows[i : i + step]}, schema={"fen": pl.String}) for i in range(0, len(rows), step)]
    frame = pl.concat(frames, rechunk=False)
    assert frame.n_chunks() == pieces
    return frame


def test_streaming_over_chunks_agrees_with_arrow_row_by_row(mixed, chess_corpus):
    rows = (chess_corpus[:1500] + mixed + [None]) * 2
    query = chunked(rows, 7).lazy().select(
        pl.col("fen").polyfen.convert(to="shredder-fen").alias("converted"),
        pl.col("fen").polyfen.validate().alias("checked"),
        pl.col("fen").polyfen.variant().alias("variant"),
    )
    out = query.collect(engine="streaming")
    assert out.height == len(rows)
    converted = polyfen.arrow.convert(pa.array(rows, pa.string()), to="shredder-fen").to_pylist()
    checked = polyfen.arrow.validate(pa.array(rows, pa.string())).to_pylist()
    assert out["converted"].to_list() == converted
    assert out["checked"].to_list() == checked
    assert out["variant"].to_list() == [None if c is None else c["variant"] for c in checked]
    # nulls stay null; a bad row is an error struct naming its column
    for row, value, check in zip(rows, out["converted"].to_list(), out["checked"].to_list()):
        if row is None:
            assert value is None and check is None
            continue
        try:
            polyfen.read(row)
        except polyfen.ReadError as e:
            assert value["value"] is None
            assert (value["error"]["column"], value["error"]["notation"]) == (e.column, e.notation)
            assert check["error"]["column"] == e.column and check["valid"] is None


def test_a_bad_row_names_its_column():
    frame = pl.DataFrame({"fen": ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"]})
    out = frame.lazy().select(pl.col("fen").polyfen.convert(to="fen", from_="fen")).collect(engine="streaming")
    good, bad = out["fen"].to_list()
    assert good["error"] is None
    assert bad["value"] is None
    assert bad["error"]["column"] == 45 and bad["error"]["notation"] == "fen"
    assert "x" in bad["error"]["message"]


def test_an_unknown_notation_fails_the_query_not_the_process():
    frame = pl.DataFrame({"fen": ["8/8/8/8/8/8/8/4K2k w - - 0 1"]})
    with pytest.raises(pl.exceptions.ComputeError, match="unknown notation"):
        frame.select(pl.col("fen").polyfen.convert(to="no-such-notation"))
