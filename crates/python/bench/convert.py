"""Throughput of converting FENs: polyfen in a Polars frame against python-chess.

Run by hand (not by CI), with the benchmark's FENs (seeded playouts) in a file:

    cargo build --release -p polyfen-bench --example whole_process
    target/release/examples/whole_process fens > fens.txt
    python crates/python/bench/convert.py fens.txt

The file's lines are repeated up to ``--rows`` (1,000,000 by default) for
Polars; python-chess, being slower, is timed on ``--chess-rows`` of them and
its rate given per second. Each side runs only if its package is installed,
so the two can be timed from two environments. With ``--spark``,
``polyfen.spark.convert`` is timed too on a ``local[2]`` session (the
session's start left out). Compare the Polars rate with
the CLI's per-core rate, ``polyfen convert --to shredder-fen --jobs 1`` on
the same file (rows divided by its wall time).
"""

import argparse
import os
import time


def best_of(runs, f):
    """The shortest of `runs` timings of `f()`, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - start)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fens")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--chess-rows", type=int, default=100_000)
    parser.add_argument("--to", default="shredder-fen")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--spark", action="store_true", help="also time polyfen.spark.convert on local[2]")
    args = parser.parse_args()
    with open(args.fens, encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows = (lines * (args.rows // len(lines) + 1))[: args.rows]
    print(f"cores: {os.cpu_count()}")

    try:
        import polars as pl

        import polyfen.polars  # noqa: F401
    except ImportError:
        pl = None
    if pl is not None:
        frame = pl.DataFrame({"fen": rows})
        expr = pl.col("fen").polyfen.convert(to=args.to)

        def eager():
            out = frame.select(expr)
            assert out["fen"].struct.field("error").null_count() == len(rows)

        def streaming():
            frame.lazy().select(expr).collect(engine="streaming")

        for name, run in [("polars eager", eager), ("polars streaming", streaming)]:
            seconds = best_of(args.runs, run)
            print(f"{name}: {len(rows)} rows in {seconds:.3f} s = {len(rows) / seconds:,.0f} rows/s")

    try:
        import chess
    except ImportError:
        chess = None
    if chess is not None:
        sample = rows[: args.chess_rows]

        def python_chess():
            for fen in sample:
                chess.Board(fen).fen(shredder=args.to == "shredder-fen")

        seconds = best_of(1, python_chess)
        print(f"python-chess: {len(sample)} rows in {seconds:.3f} s = {len(sample) / seconds:,.0f} rows/s")

    if args.spark:
        time_spark(rows, args)


def time_spark(rows, args):
    """polyfen.spark.convert on local[2]: rows/s of a job that writes every row."""
    import sys

    from pyspark.sql import SparkSession

    import polyfen.spark

    os.environ["PYSPARK_PYTHON"] = sys.executable
    spark = (
        SparkSession.builder.master("local[2]")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "20000")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    try:
        df = spark.createDataFrame([(r,) for r in rows], "fen string").repartition(2).cache()
        df.count()
        into = f"fen_{args.to.replace('-', '_')}"

        def job():
            out = polyfen.spark.convert(df, "fen", to=args.to)
            assert out.where(out[f"{into}_error"].isNotNull()).count() == 0

        seconds = best_of(args.runs, job)
        print(f"spark local[2]: {len(rows)} rows in {seconds:.3f} s = {len(rows) / seconds:,.0f} rows/s")
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
