"""Polars: the ``polyfen`` expression namespace.

Importing this module registers the namespace::

    import polars as pl
    import polyfen.polars  # noqa: F401

    frame.select(pl.col("fen").polyfen.convert(to="shredder-fen"))
    frame.select(pl.col("fen").polyfen.validate())
    frame.select(pl.col("fen").polyfen.variant())
    frame.select(pl.col("move").polyfen.move_to("uci", position=pl.col("fen")))

Each expression is a native Polars expression (a Polars plugin in
polyfen's native module): Polars calls it on each batch of the column from
its own threads, with no Python and no GIL. The expressions are
elementwise, so the streaming engine splits a column over every core.
Results are structs with a ``value`` (or ``valid``, ...) field and an
``error`` field, as in :mod:`polyfen.arrow`; a null stays null, and a row
that does not read gives an ``error`` naming its column. The plugin is
built against Polars 2.1 (``pip install polyfen[polars]``).

Every expression takes ``rules``: each row read under that rules variant
(any name :func:`polyfen.read` takes: ``"makruk"``, ``"janggi"``,
``"atomic"``, ...), as ``polyfen.read(row, rules=rules)`` reads one; and
``variants`` (a variants file's text, or its path), whose games are added
for the process when the expression is made, as
:func:`polyfen.load_variants` adds them (once however many expressions
name the same file), so that ``rules`` may name them::

    frame.select(pl.col("fen").polyfen.convert(to="fairy-fen", rules="makruk"))

An unknown ``rules`` raises, when the expression is made, the
``ValueError`` ``polyfen.read`` raises.
"""

from pathlib import Path
from typing import Optional, Union

import polars as pl
from polars.plugins import register_plugin_function

from . import Variants, _rules

__all__ = ["PolyfenExpr"]

# the native module is the plugin: Polars loads it from this folder
_LIB = Path(__file__).parent


def _plugin(name, args, **kwargs):
    return register_plugin_function(
        plugin_path=_LIB, function_name=name, args=args, kwargs=kwargs, is_elementwise=True
    )


@pl.api.register_expr_namespace("polyfen")
class PolyfenExpr:
    """polyfen's expressions on a column of positions (or moves)."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def convert(
        self,
        to: str,
        from_: Optional[str] = None,
        lenient: bool = False,
        rules: Optional[str] = None,
        variants: Optional[Variants] = None,
    ) -> pl.Expr:
        """Each position written in ``to``: a struct of ``value`` and ``error``."""
        rules = _rules(rules, variants)
        return _plugin("convert", self._expr, to=to, from_=from_, lenient=lenient, rules=rules)

    def validate(
        self,
        from_: Optional[str] = None,
        lenient: bool = False,
        rules: Optional[str] = None,
        variants: Optional[Variants] = None,
    ) -> pl.Expr:
        """Each position checked: a struct of ``valid``, ``variant``,
        ``violations`` and ``error``."""
        rules = _rules(rules, variants)
        return _plugin("validate", self._expr, from_=from_, lenient=lenient, rules=rules)

    def variant(
        self,
        from_: Optional[str] = None,
        lenient: bool = False,
        rules: Optional[str] = None,
        variants: Optional[Variants] = None,
    ) -> pl.Expr:
        """Each position's game (``chess``, ``xiangqi``, ``khet``, ``shogi``,
        ``fairy``); null when it does not read (``validate`` says why)."""
        rules = _rules(rules, variants)
        return _plugin("variant", self._expr, from_=from_, lenient=lenient, rules=rules)

    def move_to(
        self,
        notation: str,
        position: Union[pl.Expr, str],
        from_: Optional[str] = None,
        rules: Optional[str] = None,
        variants: Optional[Variants] = None,
    ) -> pl.Expr:
        """Each move of this column, read in the same row's ``position`` and
        written in the move notation ``notation``: a struct of ``value`` and
        ``error``."""
        rules = _rules(rules, variants)
        position = pl.col(position) if isinstance(position, str) else position
        return _plugin("move_to", [self._expr, position], to=notation, from_=from_, lenient=False, rules=rules)
