"""Single reads: polyfen.read and the Position methods."""

import _thread
import copy
import signal
import threading
import time

import pytest

import polyfen

from conftest import XIANGQI_START


def test_read_detects_and_converts():
    position = polyfen.read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert position.variant == "chess"
    assert position.notation == "fen"
    assert position.to("shredder-fen") == "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"
    assert str(position) == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert repr(position) == 'Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", notation="fen")'
    assert position.validate() == []


def test_read_in_a_named_notation_and_leniently():
    legacy = "rnbakabnr//1c5c/p1p1p1p1p///P1P1P1P1P/1C5C//RNBAKABNR w - - 0 1/x04"
    position = polyfen.read(legacy)
    assert (position.variant, position.notation) == ("xiangqi", "xiangqi-legacy")
    assert position.to("xiangqi-fen") == XIANGQI_START
    with pytest.raises(polyfen.ReadError):
        polyfen.read(legacy, notation="xiangqi-fen")
    assert polyfen.read(legacy, notation="xiangqi-fen", lenient=True) == position


def test_read_error_names_the_column_and_the_notation():
    with pytest.raises(polyfen.ReadError) as caught:
        polyfen.read("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    error = caught.value
    assert error.notation == "fen"
    assert error.column == 18
    assert "rank 7 has 9 squares" in str(error)
    assert isinstance(error, ValueError)


def test_unknown_ids_are_value_errors():
    position = polyfen.read(XIANGQI_START)
    with pytest.raises(ValueError, match="unknown notation"):
        position.to("xfen2")
    with pytest.raises(ValueError, match="cannot be written as fen"):
        position.to("fen")
    with pytest.raises(ValueError, match="unknown style"):
        position.render("colour")


def test_moves_play_and_perft():
    position = polyfen.read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert len(position.legal_moves()) == 20
    assert "Nf3" in position.legal_moves("san")
    before = copy.copy(position)
    assert position.play("e4", "uci") == "e2e4"
    assert position != before
    assert position.to() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    with pytest.raises(ValueError, match="e5"):
        position.play("e5e4")
    assert before.perft(3) == 8902
    assert before.perft(4) == 197281
    assert polyfen.read(XIANGQI_START).perft(2) == 1920


def test_a_deep_perft_stops_on_keyboard_interrupt():
    position = polyfen.read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    # Ctrl-C every 0.2 s (a loaded machine may start a timer late, or let a
    # press land before the count begins) during a count that would take
    # minutes: the first press the count sees stops it. Presses are
    # KeyboardInterrupt only while armed, so one landing after the count
    # stopped is dropped rather than ending the test run.
    armed = threading.Event()
    armed.set()
    stop = threading.Event()

    def on_sigint(signum, frame):
        if armed.is_set():
            raise KeyboardInterrupt

    def press():
        while not stop.wait(0.2):
            _thread.interrupt_main()

    previous = signal.signal(signal.SIGINT, on_sigint)
    presser = threading.Thread(target=press, daemon=True)
    started = time.monotonic()
    try:
        presser.start()
        with pytest.raises(KeyboardInterrupt):
            position.perft(7)
            # reached only if a press landed before the count began
            time.sleep(5)
    finally:
        armed.clear()
        stop.set()
        presser.join()
        time.sleep(0.05)  # a press still pending is handled, and dropped, here
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 10.0


def test_render_and_notebook_svg_and_json():
    position = polyfen.read(XIANGQI_START)
    assert "车" in position.render("chinese")
    assert "車" in position.render("chinese-traditional")
    assert position._repr_svg_().startswith("<svg")
    assert '"variant":"xiangqi"' in position.to_json()
    assert polyfen.read(position.to_json()) == position


def test_ids():
    assert "xiangqi-legacy" in polyfen.notations()
    assert polyfen.variants() == ["chess", "xiangqi", "khet", "shogi", "fairy"]
