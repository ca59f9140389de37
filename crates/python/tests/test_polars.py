"""Polars: the polyfen expression namespace, eager and streaming."""

import polars as pl
import pyarrow as pa

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
