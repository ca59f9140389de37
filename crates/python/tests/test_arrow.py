"""Arrow batches: polyfen.arrow.convert and validate."""

import random

import pyarrow as pa

import polyfen
import polyfen.arrow

from conftest import KHET_CLASSIC, XIANGQI_START


def single(text, to):
    """The single-read path's answer for one row: (value, error)."""
    try:
        position = polyfen.read(text)
    except polyfen.ReadError as e:
        return None, (e.column, e.notation)
    try:
        return position.to(to), None
    except ValueError:
        return None, (0, position.notation)


def test_convert_gives_a_value_or_an_error_per_row():
    rows = ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", None, "8/8/8 w - - 0 1"]
    result = polyfen.arrow.convert(pa.array(rows), to="shredder-fen").to_pylist()
    assert result[0] == {"value": "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "error": None}
    assert result[1] is None
    assert result[2]["value"] is None
    assert result[2]["error"] == {
        "column": 6,
        "notation": "fen",
        "message": "the placement has 3 ranks, expected 8",
    }


def test_a_position_of_another_game_is_an_error_too(mixed):
    result = polyfen.arrow.convert(pa.array(mixed), to="fen").to_pylist()
    xiangqi = [r for row, r in zip(mixed, result) if row.startswith("rnbakabnr/")]
    assert xiangqi and all(r["error"]["message"] == "a xiangqi position cannot be written as fen" for r in xiangqi)


def test_validate(mixed):
    rows = mixed + [None, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "k7/8/8/8/8/8/8/8 w - - 0 1"]
    result = polyfen.arrow.validate(pa.array(rows)).to_pylist()
    for row, r in zip(rows, result):
        if row is None:
            assert r is None
            continue
        try:
            position = polyfen.read(row)
        except polyfen.ReadError as e:
            assert r["valid"] is None and r["error"]["column"] == e.column
            continue
        violations = position.validate()
        assert r["valid"] == (not violations)
        assert r["variant"] == position.variant
        assert (r["violations"] or []) == violations
    assert result[-1]["valid"] is False and result[-1]["violations"]


def test_chunked_sliced_and_large_arrays_agree(chess_corpus):
    rows = chess_corpus[:3000]
    whole = polyfen.arrow.convert(pa.array(rows), to="epd")
    assert whole.field("error").null_count == len(rows)
    chunked = polyfen.arrow.convert(pa.chunked_array([rows[:1000], rows[1000:]]), to="epd")
    assert chunked.combine_chunks().equals(whole)
    sliced = polyfen.arrow.convert(pa.array(rows).slice(500, 700), to="epd")
    assert sliced.equals(whole.slice(500, 700))
    large = polyfen.arrow.convert(pa.array(rows, type=pa.large_string()), to="epd")
    assert large.field("value").to_pylist() == whole.field("value").to_pylist()


def random_rows(seed, count):
    """Random strings, and corpus-like lines with a byte changed."""
    rng = random.Random(seed)
    alphabet = "rnbqkpRNBQKPacheg0123456789/ -wWx{}\"é"
    base = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", XIANGQI_START, KHET_CLASSIC]
    rows = []
    for _ in range(count):
        if rng.random() < 0.5:
            rows.append("".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 60))))
        else:
            line = list(rng.choice(base))
            line[rng.randrange(len(line))] = rng.choice(alphabet)
            rows.append("".join(line))
    return rows


def test_the_arrow_path_and_single_reads_agree_row_by_row():
    rows = random_rows(16, 3000)
    for to in ["fen", "pkn", "json"]:
        result = polyfen.arrow.convert(pa.array(rows), to=to).to_pylist()
        for row, r in zip(rows, result):
            value, error = single(row, to)
            assert r["value"] == value, row
            assert (r["error"]["column"], r["error"]["notation"]) == error if error else r["error"] is None, row
