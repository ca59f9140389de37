"""Game records: polyfen.read_games and the Game methods."""

import doctest
import json
import pathlib
import pickle

import pytest

import polyfen

from conftest import ROOT, XIANGQI_START, corpus

CHESS = b"""[Event "Casual"]
[White "Anna"]
[Black "Ben"]
[Result "1-0"]

1. e4 {the king's pawn} e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 a6 1-0

"""

XIANGQI = """[Game "Chinese Chess"]
[Red "Hu"]
[Format "ICCS"]

1. H2-E2 H9-G7 2. H0-G2 *
"""

BAD_THEN_GOOD = b"""[White "first"]

1. e4 e5 2. Ke3 *

[White "second"]

1. d4 d5 *
"""


def test_a_chess_game_from_bytes():
    games = list(polyfen.read_games(CHESS))
    assert len(games) == 1
    game = games[0]
    assert game.variant == "chess"
    assert game.headers == {"Event": "Casual", "White": "Anna", "Black": "Ben", "Result": "1-0"}
    assert game.result == "1-0"
    assert game.plies == 6
    assert game.moves() == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    assert game.moves("uci") == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]
    positions = game.positions()
    assert len(positions) == 6
    assert positions[0] == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert positions[-1] == "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    assert game.positions("shredder-fen")[-1].endswith(" w HAha - 0 4")
    assert game.start == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert game.status == "ongoing"
    assert repr(game) == "Game('chess', white='Anna', black='Ben', result='1-0', plies=6)"


def test_variations_through_lines_and_json():
    game = next(polyfen.read_games(CHESS))
    assert game.lines() == [["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], ["e4", "e5", "f4", "exf4"]]
    tree = json.loads(game.to_json())
    assert tree == game.to_dict()
    assert tree["mainline"] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    third = tree["moves"][2]
    assert third["move"] == "Nf3"
    assert [m["move"] for m in third["variations"][0]["moves"]] == ["f4", "exf4"]
    assert tree["moves"][0]["comments"] == ["the king's pawn"]
    assert json.loads(game.to_json("uci"))["mainline"][0] == "e2e4"


def test_to_pgn_reads_back_as_the_same_game():
    game = next(polyfen.read_games(CHESS))
    pgn = game.to_pgn()
    assert "2. Nf3 (2. f4 exf4) 2... Nc6" in pgn
    again = next(polyfen.read_games(pgn.encode()))
    # the export adds the seven tag roster's missing tags
    assert again.headers == {"Site": "?", "Date": "????.??.??", "Round": "?", **game.headers}
    assert again.to_dict()["moves"] == game.to_dict()["moves"]
    assert again == next(polyfen.read_games(pgn.encode()))
    assert again != game
    assert "1. e2e4" in game.to_pgn("uci")


def test_a_xiangqi_game_in_every_notation():
    game = next(polyfen.read_games(XIANGQI.encode()))
    assert game.variant == "xiangqi"
    assert game.start == XIANGQI_START
    assert game.moves() == ["H2-E2", "H9-G7", "H0-G2"]
    assert game.moves("chinese") == ["炮二平五", "马８进７", "马二进三"]
    assert game.moves("ucci") == ["h2e2", "h9g7", "h0g2"]
    assert game.positions()[-1] == "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2"
    assert repr(game) == "Game('xiangqi', red='Hu', result='*', plies=3)"


def test_a_game_keeps_the_notation_its_moves_are_written_in():
    # as the CLI's games convert and the service's games/convert write it back
    chinese = '[Variant "xiangqi"]\n\n1. 炮二平五 马８进７ *\n'
    game = next(polyfen.read_games(chinese.encode()))
    assert game.moves() == ["炮二平五", "马８进７"]
    assert "1. 炮二平五 马８进７ *" in game.to_pgn()
    lan = next(polyfen.read_games(b"1. e2-e4 e7-e5 *\n"))
    assert lan.moves() == ["e2-e4", "e7-e5"]
    assert lan.moves("san") == ["e4", "e5"]


def test_a_gb18030_pgn_is_decoded_and_the_encoding_can_be_named():
    chinese = XIANGQI.replace('[Format "ICCS"]', '[Format "Chinese"]').replace(
        "1. H2-E2 H9-G7 2. H0-G2", "1. 炮二平五 马８进７ 2. 马二进三"
    )
    data = chinese.encode("gb18030")
    assert next(polyfen.read_games(data)).moves("ucci") == ["h2e2", "h9g7", "h0g2"]
    assert next(polyfen.read_games(data, encoding="gbk")).headers["Red"] == "Hu"
    with pytest.raises(ValueError, match="unknown encoding"):
        polyfen.read_games(data, encoding="klingon")


def test_a_bad_game_raises_and_the_next_one_is_still_read():
    games = polyfen.read_games(BAD_THEN_GOOD)
    with pytest.raises(polyfen.ReadError) as caught:
        next(games)
    error = caught.value
    assert (error.game, error.line, error.column, error.notation) == (1, 3, 13, "pgn")
    assert error.offset > 0
    assert "Ke3" in str(error)
    assert next(games).headers["White"] == "second"
    with pytest.raises(StopIteration):
        next(games)
    # the error pickles with its attributes (multiprocessing, Spark)
    back = pickle.loads(pickle.dumps(error))
    assert (back.game, back.line, back.column, back.offset, str(back)) == (1, 3, 13, error.offset, str(error))


def test_a_bad_move_keeps_its_game_and_null_moves_are_moves():
    pgn = b'[White "a"]\n\n1. e4 -- 2. d4 e5 3. Ke3 Nf6 1-0\n'
    error = list(polyfen.read_games(pgn, errors="yield"))[0]
    assert isinstance(error, polyfen.ReadError)
    assert (error.line, error.column) == (3, 22)
    partial = error.partial
    assert isinstance(partial, polyfen.Game)
    assert partial.headers["White"] == "a"
    assert partial.moves() == ["e4", "--", "d4", "e5"]
    assert partial.moves("uci") == ["e2e4", "0000", "d2d4", "e7e5"]
    assert partial.unplayed == "Ke3 Nf6"
    assert partial.result == "1-0"
    assert "{Ke3 Nf6} 1-0" in partial.to_pgn()
    assert partial.to_dict()["unplayed"] == "Ke3 Nf6"
    assert pickle.loads(pickle.dumps(error)).partial is None


def test_errors_can_be_yielded_or_skipped():
    yielded = list(polyfen.read_games(BAD_THEN_GOOD, errors="yield"))
    assert isinstance(yielded[0], polyfen.ReadError)
    assert yielded[0].line == 3
    assert isinstance(yielded[1], polyfen.Game)
    skipped = list(polyfen.read_games(BAD_THEN_GOOD, errors="skip"))
    assert [g.headers["White"] for g in skipped] == ["second"]
    with pytest.raises(ValueError, match="errors="):
        polyfen.read_games(BAD_THEN_GOOD, errors="ignore")


def test_lenient_reading_reports_its_repairs():
    pgn = b"1. e4 d5 2. Pe4d5 *\n"
    with pytest.raises(polyfen.ReadError):
        next(polyfen.read_games(pgn))
    game = next(polyfen.read_games(pgn, lenient=True))
    assert game.moves() == ["e4", "d5", "exd5"]
    assert len(game.repairs) == 1 and "line 1" in game.repairs[0]


def test_a_variant_can_be_forced():
    game = next(polyfen.read_games(b"1. h2e2 h9g7 *\n", variant="xiangqi"))
    assert game.variant == "xiangqi"
    assert game.moves("ucci") == ["h2e2", "h9g7"]
    with pytest.raises(ValueError, match="unknown variant"):
        polyfen.read_games(b"", variant="go")


def test_a_path_str_or_pathlike(tmp_path):
    path = tmp_path / "games.pgn"
    path.write_bytes(CHESS + BAD_THEN_GOOD.split(b"\n\n", 2)[2])
    reader = polyfen.read_games(path)
    assert reader.format == "pgn"
    assert [g.plies for g in reader] == [6, 2]
    assert [g.plies for g in polyfen.read_games(str(path))] == [6, 2]
    with pytest.raises(FileNotFoundError):
        polyfen.read_games(tmp_path / "missing.pgn")
    with pytest.raises(TypeError):
        polyfen.read_games(42)


def test_a_dhtmlxq_page():
    page = "<p>[DhtmlXQ][DhtmlXQ_title]t[/DhtmlXQ_title][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]</p>"
    reader = polyfen.read_games(page.encode())
    assert reader.format == "dhtmlxq"
    game = next(reader)
    assert game.variant == "xiangqi"
    assert game.moves("ucci") == ["h2e2"]


def test_a_bad_binary_record_names_the_byte_offset():
    games = list(polyfen.read_games(b"XQ\x0a" + b"\0" * 20, errors="yield"))
    assert len(games) == 1
    error = games[0]
    assert isinstance(error, polyfen.ReadError)
    assert (error.notation, error.game, error.line, error.column) == ("xqf", 1, None, None)
    assert isinstance(error.offset, int)
    assert f"byte {error.offset}" in str(error)
    assert error.partial is None  # the header itself is cut short


def test_a_cbf_record():
    cbf = (
        "<?xml version='1.0' encoding='UTF-8'?><ChineseChessRecord><Head><Red>红方</Red></Head>"
        "<MoveList><Move value='00-00'/><Move value='77-47'/><Move value='70-62'/></MoveList></ChineseChessRecord>"
    )
    reader = polyfen.read_games(cbf.encode())
    assert reader.format == "cbf"
    game = next(reader)
    assert game.moves("ucci") == ["h2e2", "h9g7"]
    assert game.headers["Red"] == "红方"


def test_a_bad_binary_record_keeps_the_game_up_to_it():
    # an XQF 1.0 header with two kings, then a root record and a move
    # record from an empty point
    header = bytearray(1024)
    header[0:3] = b"XQ\x0a"
    header[16:48] = bytes([0xFF] * 32)
    header[16 + 4] = 4 * 10 + 0  # red king e0
    header[32 + 4] = 3 * 10 + 9  # black king d9
    root = bytes([0x18, 0x20, 0xF0, 0, 0, 0, 0, 0])
    bad = bytes([0x18 + 0, 0x20 + 1, 0, 0, 0, 0, 0, 0])  # a0-a1: no piece there
    games = list(polyfen.read_games(bytes(header) + root + bad, errors="yield"))
    error = games[0]
    assert isinstance(error, polyfen.ReadError)
    assert error.offset == 1032
    assert isinstance(error.partial, polyfen.Game)
    assert error.partial.start == "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
    assert error.partial.moves() == []


def test_empty_and_random_inputs_never_crash():
    assert list(polyfen.read_games(b"")) == []
    for data in [b"\xff\xfe\x00", b"[[[[", b"1. e4 (((", b"CCBridgeLibrary\0" + b"\1" * 100, b"XQ\x12"]:
        for item in polyfen.read_games(data, errors="yield"):
            assert isinstance(item, (polyfen.Game, polyfen.ReadError))


def test_the_lichess_sample_as_python_chess_reads_it():
    path = corpus("pgn/lichess_db_1000k.pgn")
    expected = [json.loads(line) for line in (ROOT / "tests/data/games/lichess_python_chess.jsonl").open()]
    games = list(polyfen.read_games(path))
    assert len(games) == len(expected) == 438
    for game, want in zip(games, expected):
        assert game.headers["Site"] == want["site"]
        assert " ".join(game.moves("uci")) == want["uci"]
        assert " ".join(game.moves()) == want["san"]


def test_xiangqi_record_files():
    folder = corpus("xiangqi-records/cchess-tests")
    library = list(polyfen.read_games(folder / "1956年全国象棋锦标赛93局.CBL", errors="yield"))
    assert len(library) == 93
    assert all(isinstance(g, polyfen.Game) for g in library)
    assert library[0].headers["Library"] == "1956年全国象棋锦标赛93局"
    cbr = polyfen.read_games(folder / "test.cbr")
    assert cbr.format == "cbr"
    assert next(cbr).variant == "xiangqi"
    xqf = polyfen.read_games(folder / "test.xqf")
    assert xqf.format == "xqf"
    game = next(xqf)
    assert game.plies > 0
    assert len(game.positions()) == game.plies
    # a GB18030 PGN of the same corpus
    pgn = next(polyfen.read_games(folder / "中炮对列炮黑先平士角炮.pgn"))
    assert pgn.variant == "xiangqi"


def test_every_xqf_of_the_corpus_reads():
    folder = corpus("xiangqi-records/xqf")
    files = sorted(pathlib.Path(folder).glob("*.xqf")) + sorted(pathlib.Path(folder).glob("*.XQF"))
    assert len(files) > 300
    for path in files:
        for game in polyfen.read_games(path):
            assert game.variant == "xiangqi"


def test_the_docstring_examples_run():
    assert doctest.testmod(polyfen).failed == 0
