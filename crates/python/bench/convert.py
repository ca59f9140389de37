"""Throughput of converting FENs: polyfen in a Polars frame against python-chess.

Run by hand (not by CI), with the benchmark's FENs (seeded playouts) in a file:

    cargo build --release -p polyfen-bench --example whole_process
    target/release/examples/whole_process fens > fens.txt
    python crates/python/bench/convert.py fens.txt

The file's lines are repeated up to ``--rows`` (1,000,000 by default) for
Polars; python-chess, being slower, is timed on ``--chess-rows`` of them and
its rate given per second. Each side runs only if its package is installed,
so the two can be timed from two environments. With ``--cli
target/release/polyfen``, the command line is timed on the same rows,
``polyfen convert --to shredder-fen --jobs 1`` (its rate per core), and the
ratios are printed: the plugin's rows per CPU-second against the CLI's, and
against python-chess. With ``--spark``, ``polyfen.spark.convert`` is timed
too on a ``local[2]`` session (the session's start left out).
"""

import argparse
import os
import resource
import subprocess
import tempfile
import time


CPU = {}


def best_of(runs, f):
    """The shortest of `runs` timings of `f()`, in seconds (the CPU time of
    that run, all threads, in CPU[f])."""
    best = float("inf")
    for _ in range(runs):
        start, cpu = time.perf_counter(), time.process_time()
        f()
        took = time.perf_counter() - start
        if took < best:
            best, CPU[f] = took, time.process_time() - cpu
    return best


def _map_batches(pl, to):
    """The expression before the plugin: Polars' batches handed to the Arrow
    kernels of polyfen.arrow through map_batches."""
    import pyarrow as pa

    import polyfen.arrow

    def run(s):
        array = s.to_arrow()
        if isinstance(array, pa.ChunkedArray):
            array = array.combine_chunks()
        if not (pa.types.is_string(array.type) or pa.types.is_large_string(array.type)):
            array = array.cast(pa.large_string())
        return pl.Series(s.name, polyfen.arrow.convert(array, to=to))

    error = pl.Struct({"column": pl.Int32, "notation": pl.String, "message": pl.String})
    return pl.col("fen").map_batches(
        run, return_dtype=pl.Struct({"value": pl.String, "error": error}), is_elementwise=True
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("fens")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--chess-rows", type=int, default=100_000)
    parser.add_argument("--to", default="shredder-fen")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--spark", action="store_true", help="also time polyfen.spark.convert on local[2]")
    parser.add_argument("--cli", help="the polyfen binary, timed with --jobs 1 on the same rows")
    args = parser.parse_args()
    with open(args.fens, encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows = (lines * (args.rows // len(lines) + 1))[: args.rows]
    print(f"cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.2f}")
    rate = {}

    try:
        import polars as pl

        import polyfen.polars  # noqa: F401
    except ImportError:
        pl = None
    if pl is not None:
        frame = pl.DataFrame({"fen": rows})
        plugin = pl.col("fen").polyfen.convert(to=args.to)
        batches = _map_batches(pl, args.to)

        for label, expr in [("plugin", plugin), ("map_batches", batches)]:

            def eager():
                out = frame.select(expr)
                assert out["fen"].struct.field("error").null_count() == len(rows)

            def streaming():
                out = frame.lazy().select(expr).collect(engine="streaming")
                assert out["fen"].struct.field("error").null_count() == len(rows)

            for name, run in [(f"polars {label} eager", eager), (f"polars {label} streaming", streaming)]:
                seconds = best_of(args.runs, run)
                cpu = CPU[run]
                print(
                    f"{name}: {len(rows)} rows in {seconds:.3f} s = {len(rows) / seconds:,.0f} rows/s"
                    f" (CPU {cpu:.3f} s = {len(rows) / cpu:,.0f} rows per CPU-second)"
                )
                rate[name] = len(rows) / cpu

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
        rate["python-chess"] = len(sample) / CPU[python_chess]

    if args.cli:
        rate["cli"] = time_cli(rows, args)
    for name in [n for n in rate if n.startswith("polars plugin")]:
        for peer in ["cli", "python-chess"]:
            if peer in rate:
                print(f"{name} / {peer}, rows per CPU-second: {rate[name] / rate[peer]:.2f}")

    if args.spark:
        time_spark(rows, args)


def time_cli(rows, args):
    """The CLI on one core: rows per second of `convert --jobs 1` (whole
    process, the rows on standard input, output to /dev/null), the best of
    --runs."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(rows) + "\n")
    command = [args.cli, "convert", "--to", args.to, "--jobs", "1"]
    best = float("inf")
    try:
        for _ in range(args.runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            with open(f.name, "rb") as lines:
                subprocess.run(command, stdin=lines, stdout=subprocess.DEVNULL, check=True)
            took = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            best = min(best, took)
            print(f"cli --jobs 1: {len(rows)} rows in {took:.3f} s (CPU {cpu:.3f} s)")
    finally:
        os.unlink(f.name)
    print(f"cli --jobs 1, best: {len(rows) / best:,.0f} rows/s")
    return len(rows) / best


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
