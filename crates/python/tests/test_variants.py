"""The chess variants from Python: a position read under a rules variant
by any of its names, the rules it plays, and a variant's games."""

import pytest

import polyfen

ATOMIC = "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1"


def test_read_takes_the_rules_by_any_name():
    for name in ["atomic", "Atomic"]:
        position = polyfen.read(ATOMIC, rules=name)
        assert (position.variant, position.rules) == ("chess", "atomic")
        # the published atomic perft count, not chess's
        assert position.perft(2) == 1238
    assert polyfen.read(ATOMIC).rules is None
    names = {
        "3check": "three-check",
        "King of the Hill": "king-of-the-hill",
        "kingOfTheHill": "king-of-the-hill",
        "Giveaway": "giveaway",
        "Racing Kings": "racing-kings",
    }
    for name, rules in names.items():
        assert polyfen.read("8/8/8/8/8/8/8/K1k5 w - - 0 1", rules=name).rules == rules, name
    # an unknown name is answered with the nearest and where all are listed
    with pytest.raises(ValueError, match="rules_variants"):
        polyfen.read(ATOMIC, rules="tandem")
    with pytest.raises(ValueError, match="did you mean atomic"):
        polyfen.read(ATOMIC, rules="atomik")


def test_a_pocket_is_crazyhouse_and_drops_are_moves():
    position = polyfen.read("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1")
    assert position.rules == "crazyhouse"
    moves = position.legal_moves("san")
    assert len(moves) == 67 and "Q@c7+" in moves
    assert position.play("Q@d4", "uci") == "Q@d4"
    assert '"pocket":"n"' in position.to_json()


def test_a_variant_s_games_are_read_with_their_rules():
    pgn = b'[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *\n'
    (game,) = polyfen.read_games(pgn)
    assert (game.variant, game.rules) == ("chess", "crazyhouse")
    assert game.moves("uci")[-1] == "P@d5"
    # without the tag, the rules given by any of their names
    untagged = pgn.replace(b'[Variant "Crazyhouse"]\n', b"")
    with pytest.raises(polyfen.ReadError):
        list(polyfen.read_games(untagged))
    for name in ["crazyhouse", "Crazyhouse"]:
        (game,) = polyfen.read_games(untagged, variant=name)
        assert game.rules == "crazyhouse"
        assert game.moves()[-1] == "P@d5"
    (checks,) = polyfen.read_games(b"1. e4 e5 2. Bc4 Nc6 3. Bxf7+ *\n", variant="3check")
    assert checks.rules == "three-check"
    assert checks.positions()[-1].split()[4] == "2+3"
    (chess,) = polyfen.read_games(b"1. e4 e5 *\n", variant="chess")
    assert chess.rules is None
    with pytest.raises(ValueError, match="crazyhouse"):
        polyfen.read_games(b"1. e4 *\n", variant="tandem")
