"""Spark: polyfen.spark.convert on a real local Spark (local[2]), every row
of 100,000 checked against the polyfen command line."""

import os
import pathlib
import re
import subprocess
import sys
import time

import pytest

import polyfen
import polyfen.spark

from conftest import KHET_CLASSIC, ROOT, XIANGQI_START

ROWS = 100_000


def cli():
    """The polyfen binary the Rust build made (CI builds it before this)."""
    path = os.environ.get("POLYFEN_CLI") or str(ROOT / "target" / "debug" / "polyfen")
    assert pathlib.Path(path).exists(), f"build the CLI first (cargo build -p polyfen-cli): {path}"
    return path


def rows(chess_corpus):
    """100,000 rows: the chess corpus, Xiangqi and Khet positions along
    playouts, bad lines and nulls."""
    others = []
    for start in [XIANGQI_START, KHET_CLASSIC]:
        position = polyfen.read(start)
        for k in range(200):
            others.append(position.to())
            moves = position.legal_moves()
            if not moves:
                break
            position.play(moves[k * 13 % len(moves)])
    bad = ["8/8/8 w - - 0 1", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "xyz"]
    out = []
    i = 0
    while len(out) < ROWS:
        if i % 10 == 3:
            out.append(others[i % len(others)])
        elif i % 97 == 5:
            out.append(bad[i % len(bad)])
        elif i % 1009 == 7:
            out.append(None)
        else:
            out.append(chess_corpus[i % len(chess_corpus)])
        i += 1
    return out


@pytest.fixture(scope="module")
def spark():
    """One local[2] session for the module's tests (its start takes most of
    their time)."""
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("polyfen-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    try:
        yield session
    finally:
        session.stop()


def test_spark_converts_every_row_as_the_cli_does(chess_corpus, spark):
    data = rows(chess_corpus)
    df = spark.createDataFrame([(i, text) for i, text in enumerate(data)], "id long, fen string").repartition(2)
    df = df.cache()
    df.count()
    converted = polyfen.spark.convert(df, "fen", to="json")
    # throughput: the conversion alone, summed on the executors
    started = time.perf_counter()
    total = converted.selectExpr("sum(length(fen_json))").collect()[0][0]
    seconds = time.perf_counter() - started
    result = converted.orderBy("id").collect()
    df.unpersist()
    print(f"\nspark local[2]: {ROWS} rows converted in {seconds:.2f} s, {ROWS / seconds:,.0f} rows/s")
    assert total == sum(len(row["fen_json"] or "") for row in result)
    assert len(result) == ROWS

    # the CLI on the same lines (a null row as an empty line, which fails)
    text = "\n".join("" if row is None else row for row in data) + "\n"
    run = subprocess.run([cli(), "convert", "--to", "json"], input=text, capture_output=True, text=True)
    outputs = iter(run.stdout.splitlines())
    errors = {}
    for line in run.stderr.splitlines():
        found = re.match(r"polyfen: input (\d+): column (\d+): (.*)", line)
        assert found, line
        errors[int(found.group(1)) - 1] = (int(found.group(2)), found.group(3))

    checked = 0
    for i, row in enumerate(result):
        assert row["id"] == i
        if data[i] is None:
            assert row["fen_json"] is None and row["fen_json_error"] is None
            continue
        if i in errors:
            column, message = errors[i]
            assert row["fen_json"] is None
            assert (row["fen_json_error"]["column"], row["fen_json_error"]["message"]) == (column, message), i
        else:
            assert row["fen_json_error"] is None, (i, row)
            assert row["fen_json"] == next(outputs), i
        checked += 1
    assert next(outputs, None) is None
    assert checked > 0.98 * ROWS


# a user's own game: chess on six files and six ranks, without castling or
# the pawns' double step
TINY = (
    "[pytinychess:chess]\nmaxFile = f\nmaxRank = 6\n"
    "startFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\ncastling = false\ndoubleStep = false\n"
)


def test_spark_workers_read_a_users_games_shipped_with_the_job(spark):
    # four partitions on two workers: a worker loads the file once and
    # takes its next batches with the games already defined
    # the driver's own games (spark.convert then does not load the same
    # text again here), read as the file says: six pawns' single steps and
    # two knights' moves from the start
    assert polyfen.load_variants("tiny.ini", TINY) == ["pytinychess"]
    start = "rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1"
    position = polyfen.read(start, rules="pytinychess")
    assert sorted(position.legal_moves("fairy-uci")) == sorted(
        ["a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "b1a3", "b1c3"]
    )
    data = []
    for k in range(40):
        data.append(position.to("fairy-fen"))
        moves = sorted(position.legal_moves("fairy-uci"))
        if not moves:
            break
        position.play(moves[k * 7 % len(moves)], "fairy-uci")
    data += ["rnbqkr/pppppp/6/6/PPPPPP w - - 0 1", None, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
    df = spark.createDataFrame([(i, text) for i, text in enumerate(data)], "id long, fen string").repartition(4)
    converted = polyfen.spark.convert(df, "fen", to="json", rules="pytinychess", variants=TINY)
    result = converted.orderBy("id").collect()
    assert [row["id"] for row in result] == list(range(len(data)))
    read = 0
    for text, row in zip(data, result):
        if text is None:
            assert row["fen_json"] is None and row["fen_json_error"] is None
            continue
        try:
            expected = polyfen.read(text, rules="pytinychess")
        except polyfen.ReadError as e:
            assert row["fen_json"] is None, text
            assert (row["fen_json_error"]["column"], row["fen_json_error"]["notation"]) == (e.column, e.notation)
            continue
        assert row["fen_json_error"] is None, (text, row)
        assert row["fen_json"] == expected.to("json"), text
        read += 1
    assert read >= len(data) - 3
    # an unknown name is refused on the driver, before the job runs
    with pytest.raises(ValueError, match="did you mean pytinychess"):
        polyfen.spark.convert(df, "fen", to="json", rules="pytinychess2", variants=TINY)
