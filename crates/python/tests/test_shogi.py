"""Shogi through the generic bindings: SFEN and the board diagrams, the
rules and the five move notations, Arrow and Polars columns, and KIF, KI2
and CSA records."""

import json

import pyarrow as pa
import polars as pl
import pytest

import polyfen
import polyfen.arrow
import polyfen.polars  # noqa: F401  (registers the namespace)

from test_games import corpus

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
AFTER_7G7F = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
NIFU = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/P1PPPPPPP/1B5R1/LNSGKGSNL b - 1"
# gote's two silvers on 5c and 4c can both take back on 4d
RECAPTURE = "ln1gk3l/1r4g2/p1ppssnpp/4p1p2/1p3P3/2P1SgPRP/PPBPP1N2/2SK5/LN1G4L b B2P 1"

KIF_BOARD = """後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂v銀v金v玉v金v銀v桂v香|一
| ・v飛 ・ ・ ・ ・ ・v角 ・|二
|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六
| 歩 歩 ・ 歩 歩 歩 歩 歩 歩|七
| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：なし
後手番"""

CSA_BOARD = """P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  * +FU *  *  *  *  *  * 
P7+FU+FU * +FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
-"""

KIF = """先手：羽生
後手：藤井
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２二角成(88)
   4 同　銀(31)
   5 投了
"""


def test_an_sfen_is_detected_and_converts_to_the_board_diagrams():
    position = polyfen.read(AFTER_7G7F)
    assert (position.variant, position.notation) == ("shogi", "sfen")
    assert position.validate() == []
    assert str(position) == AFTER_7G7F
    assert position.to("csa-board").rstrip("\n") == CSA_BOARD
    assert position.to("kif-board").rstrip("\n") == KIF_BOARD
    board = json.loads(position.to("json"))
    assert board["variant"] == "shogi"
    assert board["side_to_move"] == "gote"
    assert board["board"]["7f"] == "P"
    assert polyfen.read(position.to_json()) == position
    assert "shogi" in polyfen.variants()
    for notation in ["sfen", "csa-board", "kif-board"]:
        assert notation in polyfen.notations()


def test_the_board_diagrams_read_back():
    for text, notation in [(KIF_BOARD, "kif-board"), (CSA_BOARD, "csa-board")]:
        position = polyfen.read(text, notation=notation)
        assert (position.variant, position.notation) == ("shogi", notation)
        assert position.to().rstrip("\n") == text
        # the diagrams hold no move number: the SFEN read back starts at 1
        assert position.to("sfen") == AFTER_7G7F.replace(" w - 2", " w - 1")


def test_validation_names_the_rule_broken():
    assert polyfen.read(NIFU).validate() == ["sente has two unpromoted pawns on file 7 (nifu)"]
    assert polyfen.read(START).validate() == []
    # a pawn in gote's hand too many: 19 pawns in all
    violations = polyfen.read(START.replace(" - 1", " p 1")).validate()
    assert any("19 pawns" in v for v in violations), violations


def test_a_bad_sfen_names_its_column():
    with pytest.raises(polyfen.ReadError) as caught:
        polyfen.read("lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", notation="sfen")
    error = caught.value
    assert (error.notation, error.column) == ("sfen", 26)
    assert "rank 3 has 10 squares, expected 9" in str(error)


def test_legal_moves_in_every_notation():
    position = polyfen.read(START)
    assert len(position.legal_moves()) == 30
    assert "7g7f" in position.legal_moves()
    assert "7g7f" in position.legal_moves("usi")
    assert "+7776FU" in position.legal_moves("csa")
    assert "７六歩(77)" in position.legal_moves("kif")
    assert "▲７六歩" in position.legal_moves("ki2")
    assert "P-7f" in position.legal_moves("western")
    for notation in ["usi", "csa", "kif", "ki2", "western"]:
        assert len(position.legal_moves(notation)) == 30


def test_a_move_read_in_any_notation_is_played_and_written_in_another():
    for text, notation, written in [
        ("7g7f", "kif", "７六歩(77)"),
        ("+7776FU", "usi", "7g7f"),
        ("７六歩(77)", "western", "P-7f"),
        ("▲７六歩", "csa", "+7776FU"),
        ("P-7f", "ki2", "▲７六歩"),
    ]:
        position = polyfen.read(START)
        assert position.play(text, notation) == written
        assert position.to() == AFTER_7G7F
    position = polyfen.read(START)
    with pytest.raises(ValueError, match="cannot go to 7e"):
        position.play("7g7e")
    assert position.to() == START


def test_drops_and_relative_words():
    position = polyfen.read(RECAPTURE)
    assert position.play("4e4d", "ki2") == "▲４四歩"
    # with two silvers able to take back, KI2 says which one; the position
    # remembers where the last move went, so KIF and KI2 write 同
    assert sorted(m for m in position.legal_moves("ki2") if "銀" in m and "同" in m) == ["△同銀右", "△同銀直"]
    assert sorted(m for m in position.legal_moves("kif") if "同" in m) == ["同　銀(43)", "同　銀(53)"]
    fresh = polyfen.read(position.to())
    assert sorted(m for m in fresh.legal_moves("ki2") if m.startswith("△４四銀")) == ["△４四銀右", "△４四銀直"]
    assert position.play("△同銀右", "western") == "S5cx4d"
    drops = [m for m in position.legal_moves() if "*" in m]
    assert drops and all(m[0] in "BP" for m in drops)
    assert position.play(drops[0], "kif").endswith("打")


def test_perft():
    position = polyfen.read(START)
    assert position.perft(1) == 30
    assert position.perft(2) == 900
    assert position.perft(3) == 25470
    # a middle game with pieces in both hands
    assert polyfen.read(RECAPTURE).perft(2) == sum(
        polyfen.read(after).perft(1) for after in after_each_move(RECAPTURE)
    )


def after_each_move(sfen):
    """The SFEN after each legal move of ``sfen``."""
    out = []
    for move in polyfen.read(sfen).legal_moves():
        position = polyfen.read(sfen)
        position.play(move)
        out.append(position.to())
    return out


def test_render():
    position = polyfen.read(START)
    assert "v香" in position.render("unicode") or "香" in position.render("unicode")
    assert position._repr_svg_().startswith("<svg")


def test_arrow_converts_and_validates_a_column_of_sfens():
    rows = [START, AFTER_7G7F, None, NIFU, "lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"]
    converted = polyfen.arrow.convert(pa.array(rows), to="csa-board").to_pylist()
    assert converted[1] == {"value": polyfen.read(AFTER_7G7F).to("csa-board"), "error": None}
    assert converted[0]["value"].startswith("PI")
    assert converted[2] is None
    assert converted[3]["value"] is not None  # a position breaking a rule still converts
    assert converted[4]["value"] is None and converted[4]["error"]["column"] == 26
    checked = polyfen.arrow.validate(pa.array(rows)).to_pylist()
    assert [c and c["valid"] for c in checked] == [True, True, None, False, None]
    assert checked[0]["variant"] == "shogi"
    assert checked[3]["violations"] == ["sente has two unpromoted pawns on file 7 (nifu)"]
    # every row agrees with the single read
    for to in ["sfen", "kif-board", "json"]:
        for row, r in zip(rows, polyfen.arrow.convert(pa.array(rows), to=to).to_pylist()):
            if row is None:
                continue
            try:
                assert r["value"] == polyfen.read(row).to(to)
            except polyfen.ReadError as e:
                assert r["error"]["column"] == e.column


def test_polars_expressions_on_sfens_and_moves():
    frame = pl.DataFrame({"sfen": [START, START, AFTER_7G7F, NIFU], "move": ["7g7f", "P*5e", "３四歩(33)", "5g5f"]})
    out = frame.select(
        pl.col("sfen").polyfen.variant().alias("variant"),
        pl.col("sfen").polyfen.validate().struct.field("valid"),
        pl.col("move").polyfen.move_to("kif", position="sfen").alias("kif"),
    )
    assert out["variant"].to_list() == ["shogi"] * 4
    assert out["valid"].to_list() == [True, True, True, False]
    kif = out["kif"].to_list()
    assert kif[0] == {"value": "７六歩(77)", "error": None}
    assert kif[1]["value"] is None and kif[1]["error"]["message"] == "no pawn in hand to drop on 5e"
    assert kif[2] == {"value": "３四歩(33)", "error": None}
    streamed = frame.lazy().select(pl.col("sfen").polyfen.convert(to="kif-board")).collect(engine="streaming")
    assert streamed["sfen"].to_list() == polyfen.arrow.convert(pa.array(frame["sfen"].to_list()), to="kif-board").to_pylist()


def test_a_kif_text_with_a_recapture():
    reader = polyfen.read_games(KIF.encode())
    assert reader.format == "kif"
    game = next(reader)
    assert game.variant == "shogi"
    assert game.start == START
    assert game.moves("usi") == ["7g7f", "3c3d", "8h2b+", "3a2b"]
    assert game.moves("kif") == ["７六歩(77)", "３四歩(33)", "２二角成(88)", "同　銀(31)"]
    assert game.moves("ki2") == ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]
    assert game.moves("csa") == ["+7776FU", "-3334FU", "+8822UM", "-3122GI"]
    assert game.moves("western") == ["P-7f", "P-3d", "Bx2b+", "Sx2b"]
    assert game.result == "0-1"  # sente resigned
    assert game.headers["Sente"] == "羽生"
    assert repr(game) == "Game('shogi', sente='羽生', gote='藤井', result='0-1', plies=4)"
    assert game.positions()[-1] == "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5"


def expected_records():
    """The corpus's record files and what they hold (records/expected.jsonl)."""
    folder = corpus("shogi/records")
    return folder, [json.loads(line) for line in (folder / "expected.jsonl").open(encoding="utf-8")]


def test_kif_and_csa_files_of_the_corpus():
    folder, expected = expected_records()
    by_file = {e["file"]: e for e in expected}
    for name, format in [("records/kif/001.kif", "kif"), ("records/csa/001.csa", "csa"), ("records/kif/004.kifu", "kif")]:
        want = by_file[name]
        reader = polyfen.read_games(folder.parent / name)
        assert reader.format == format
        games = list(reader)
        assert len(games) == 1
        game = games[0]
        assert game.variant == "shogi"
        assert game.moves("usi") == want["mainline"], name
        assert game.start.split()[:3] == want["start"].split()[:3], name
        assert game.positions()[-1].split()[:2] == want["end"].split()[:2], name
        assert game.result == want["result"], name


def test_every_record_file_of_the_corpus_reads_its_main_line():
    folder, expected = expected_records()
    assert len(expected) > 50
    for want in expected:
        game = next(polyfen.read_games(folder.parent / want["file"]))
        assert game.variant == "shogi", want["file"]
        assert game.moves("usi") == want["mainline"], want["file"]
        # the main line first, then the variations (in an order of their own)
        lines = game.lines("usi")
        assert lines[0] == want["lines"][0], want["file"]
        assert sorted(lines[1:]) == sorted(want["lines"][1:]), want["file"]


def test_a_game_has_the_warnings_of_its_ending():
    # the rooks step aside and back until the start is seen a fourth time,
    # and the record does not say how the game ended
    moves = ["３八飛(28)", "７二飛(82)", "２八飛(38)", "８二飛(72)"] * 3
    kif = "手合割：平手\n手数----指手---------消費時間--\n" + "".join(
        f"{i + 1:>4} {m}\n" for i, m in enumerate(moves)
    )
    game = next(polyfen.read_games(kif.encode()))
    assert game.status == "sennichite"
    assert len(game.warnings) == 1
    assert "fourth repetition" in game.warnings[0]
    assert game.warnings == json.loads(game.to_json())["warnings"]
    # a game whose ending says nothing more has none
    resigned = next(polyfen.read_games(KIF.encode()))
    assert resigned.warnings == []
