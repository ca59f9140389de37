"""Polars: the ``polyfen`` expression namespace.

Importing this module registers the namespace::

    import polars as pl
    import polyfen.polars  # noqa: F401

    frame.select(pl.col("fen").polyfen.convert(to="shredder-fen"))
    frame.select(pl.col("fen").polyfen.validate())
    frame.select(pl.col("fen").polyfen.variant())
    frame.select(pl.col("move").polyfen.move_to("uci", position=pl.col("fen")))

Each expression hands Polars' batches to the Arrow kernels of
:mod:`polyfen.arrow`, which run in Rust on the batch's buffers with the GIL
released, so Polars' threads work on several batches at once. The
expressions are elementwise, so the streaming engine can split a column
freely. Results are structs with a ``value`` (or ``valid``, ...) field and
an ``error`` field, as in :mod:`polyfen.arrow`; a null stays null.
"""

from typing import Optional, Union

import polars as pl
import pyarrow as pa

from . import arrow as _arrow

__all__ = ["PolyfenExpr"]

_ERROR = pl.Struct({"column": pl.Int32, "notation": pl.String, "message": pl.String})
_CONVERTED = pl.Struct({"value": pl.String, "error": _ERROR})
_VALIDATED = pl.Struct({"valid": pl.Boolean, "variant": pl.String, "violations": pl.List(pl.String), "error": _ERROR})


def _arrow_of(series: pl.Series) -> pa.Array:
    array = series.to_arrow()
    if isinstance(array, pa.ChunkedArray):
        array = array.combine_chunks()
    if not (pa.types.is_string(array.type) or pa.types.is_large_string(array.type)):
        array = array.cast(pa.large_string())
    return array


def _series(name: str, array: pa.Array) -> pl.Series:
    return pl.Series(name, array)


@pl.api.register_expr_namespace("polyfen")
class PolyfenExpr:
    """polyfen's expressions on a column of positions (or moves)."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def convert(self, to: str, from_: Optional[str] = None, lenient: bool = False) -> pl.Expr:
        """Each position written in ``to``: a struct of ``value`` and ``error``."""
        return self._expr.map_batches(
            lambda s: _series(s.name, _arrow.convert(_arrow_of(s), to=to, from_=from_, lenient=lenient)),
            return_dtype=_CONVERTED,
            is_elementwise=True,
        )

    def validate(self, from_: Optional[str] = None, lenient: bool = False) -> pl.Expr:
        """Each position checked: a struct of ``valid``, ``variant``,
        ``violations`` and ``error``."""
        return self._expr.map_batches(
            lambda s: _series(s.name, _arrow.validate(_arrow_of(s), from_=from_, lenient=lenient)),
            return_dtype=_VALIDATED,
            is_elementwise=True,
        )

    def variant(self, from_: Optional[str] = None, lenient: bool = False) -> pl.Expr:
        """Each position's game (``chess``, ``xiangqi``, ``khet``); null when
        it does not read (``validate`` says why)."""
        return self.validate(from_=from_, lenient=lenient).struct.field("variant")

    def move_to(self, notation: str, position: Union[pl.Expr, str], from_: Optional[str] = None) -> pl.Expr:
        """Each move of this column, read in the same row's ``position`` and
        written in the move notation ``notation``: a struct of ``value`` and
        ``error``."""
        position = pl.col(position) if isinstance(position, str) else position
        both = pl.struct(position.alias("position"), self._expr.alias("move"))

        def run(s: pl.Series) -> pl.Series:
            positions = _arrow_of(s.struct.field("position"))
            moves = _arrow_of(s.struct.field("move"))
            return _series(s.name, _arrow.move_to(positions, moves, to=notation, from_=from_))

        result = both.map_batches(run, return_dtype=_CONVERTED, is_elementwise=True)
        name = self._expr.meta.output_name(raise_if_undetermined=False)
        return result.alias(name) if name is not None else result
