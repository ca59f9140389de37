"""polyfen: read, check, convert and write the text notations of chess,
Xiangqi and Khet positions.

>>> import polyfen
>>> position = polyfen.read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
>>> position.to("shredder-fen")
'r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1'

Batches of positions go through Arrow (``polyfen.arrow``, with pyarrow)
and from there to Spark (``polyfen.spark``).
"""

from typing import Optional

from ._errors import ReadError
from ._native import Position, notations, read_position, variants

__all__ = ["Position", "ReadError", "read", "notations", "variants", "arrow", "spark"]


def read(text: str, notation: Optional[str] = None, lenient: bool = False) -> Position:
    """Reads a position, in ``notation`` or else in the notation detected.

    Raises :class:`ReadError` (with ``.column`` and ``.notation``) when the
    text is not a position.
    """
    return read_position(text, notation, lenient)


def __getattr__(name: str):
    # the Arrow and Spark modules import pyarrow (and pyspark) only when used
    if name in ("arrow", "spark"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
