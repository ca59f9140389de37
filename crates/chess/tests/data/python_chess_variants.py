"""The variants the generated test data covers, with python-chess's board
class of each: shared by the scripts of variant-pgn and variant-san."""

import chess.variant

VARIANTS = [
    ("crazyhouse", chess.variant.CrazyhouseBoard),
    ("three-check", chess.variant.ThreeCheckBoard),
    ("king-of-the-hill", chess.variant.KingOfTheHillBoard),
    ("atomic", chess.variant.AtomicBoard),
    ("antichess", chess.variant.AntichessBoard),
    ("horde", chess.variant.HordeBoard),
    ("racing-kings", chess.variant.RacingKingsBoard),
]
