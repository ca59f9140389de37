"""polyfen: read, check, convert and write the text notations of chess,
Xiangqi, Khet and Shogi positions.

>>> import polyfen
>>> position = polyfen.read("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
>>> position.to("shredder-fen")
'r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1'

Game records (PGN of every game, XQF, CBR, CBL, DhtmlXQ, and Shogi's KIF,
KI2 and CSA) are read game by game with :func:`read_games`.

Batches of positions go through Arrow (``polyfen.arrow``, with pyarrow)
and from there to Spark (``polyfen.spark``).
"""

import os
import threading
from typing import Iterator, Literal, Optional, Union, overload

from ._errors import ReadError
from ._native import Game, GameReader, Position, notations, read_position, rules_variants, variants
from ._native import define_variants as _define_variants
from ._native import rules_variant as _rules_variant

__all__ = [
    "Game",
    "GameReader",
    "Position",
    "ReadError",
    "read",
    "read_games",
    "notations",
    "variants",
    "rules_variants",
    "load_variants",
    "arrow",
    "spark",
]


def read(
    text: str, notation: Optional[str] = None, lenient: bool = False, rules: Optional[str] = None
) -> Position:
    """Reads a position, in ``notation`` or else in the notation detected.

    ``rules`` plays it under a rules variant of its game, named by its id or
    another name of it (chess's ``"atomic"``, ``"crazyhouse"``,
    ``"3check"``, ``"King of the Hill"``, ...; a FEN with a pocket is read as
    crazyhouse without it); :attr:`Position.rules` says which.

    >>> read("8/8/8/8/8/8/8/K1k5 w - - 0 1", rules="Atomic").rules
    'atomic'

    Raises :class:`ReadError` (with ``.column`` and ``.notation``) when the
    text is not a position, ``ValueError`` for an unknown rules variant.
    """
    return read_position(text, notation, lenient, rules)


def load_variants(source: Union[str, "os.PathLike[str]"], text: Optional[str] = None) -> list:
    """Adds the games of a variants file (Fairy-Stockfish's format) for the
    life of the process, and returns their names: each is then a rules
    variant every reader takes, as the built-in games (``"makruk"``,
    ``"janggi"``, ...) are.

    ``source`` is the file's path; with ``text`` it only names the text in
    messages.

    >>> load_variants("mine.ini", "[minichess:chess]\\nmaxFile = 5\\nmaxRank = 5\\n"
    ...     "startFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\\ncastling = false\\n")
    ['minichess']
    >>> read("minichess:standard").rules
    'minichess'

    Raises ``ValueError`` naming the file, line and key of every problem;
    then none of its games is added. Its games are this process's: the
    columnar functions (:mod:`polyfen.arrow`, :mod:`polyfen.polars`,
    :mod:`polyfen.spark`) take the file as ``variants`` (its text, or its
    path), and Spark ships it to its worker processes; a file loaded here
    is not defined again when one of them names it.
    """
    name = os.fspath(source)
    if text is None:
        with open(name, encoding="utf-8") as f:
            text = f.read()
    with _loaded_lock:
        names = _define_variants(text, name)
        _loaded[text] = names
    return names


# The texts of the variants files loaded in this process, with their games'
# names: a batch's ``variants`` (polyfen.arrow, polyfen.polars,
# polyfen.spark) is loaded once per process however many batches name it.
_loaded: "dict[str, list]" = {}
_loaded_lock = threading.Lock()

Variants = Union[str, "os.PathLike[str]"]


def _variants_text(variants: Variants) -> "tuple[str, str]":
    """The text of ``variants`` and the name its messages give it: a path
    (``os.PathLike``, or a one-line ``str`` not opening a section) is read;
    any other ``str`` is the file's text."""
    if isinstance(variants, os.PathLike) or ("\n" not in variants and not variants.lstrip().startswith("[")):
        name = os.fspath(variants)
        with open(name, encoding="utf-8") as f:
            return f.read(), name
    return variants, "<variants>"


def _use_variants(text: str, source: str = "<variants>") -> list:
    """Loads the variants file ``text`` in this process unless it already
    was (by this or by :func:`load_variants`): defining its games again
    would fail, each name being taken; returns their names."""
    with _loaded_lock:
        names = _loaded.get(text)
        if names is None:
            names = _define_variants(text, source)
            _loaded[text] = names
        return names


def _rules(rules: Optional[str], variants: Optional[Variants]) -> Optional[str]:
    """The id of the rules variant ``rules`` after loading ``variants`` in
    this process (see :func:`_use_variants`); raises the ``ValueError``
    :func:`read` raises for an unknown name."""
    if variants is not None:
        _use_variants(*_variants_text(variants))
    return None if rules is None else _rules_variant(rules)


_Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]


@overload
def read_games(
    source: _Source,
    *,
    variant: Optional[str] = ...,
    lenient: bool = ...,
    encoding: Optional[str] = ...,
    format: Optional[str] = ...,
    errors: Literal["raise", "skip"] = ...,
) -> Iterator[Game]: ...


@overload
def read_games(
    source: _Source,
    *,
    variant: Optional[str] = ...,
    lenient: bool = ...,
    encoding: Optional[str] = ...,
    format: Optional[str] = ...,
    errors: Literal["yield"],
) -> Iterator[Union[Game, ReadError]]: ...


def read_games(
    source: _Source,
    *,
    variant: Optional[str] = None,
    lenient: bool = False,
    encoding: Optional[str] = None,
    format: Optional[str] = None,
    errors: str = "raise",
) -> GameReader:
    """The games of a file (a path, ``str`` or ``os.PathLike``) or of
    ``bytes``, one :class:`Game` at a time.

    The format is found from the first bytes (or named with ``format``):
    PGN of chess, Xiangqi or Khet, XQF, CBR, a CBL library, a DhtmlXQ
    page, or a Shogi KIF, KI2 or CSA record. PGN is read game by game, so memory stays flat however large the
    file; a PGN that is not UTF-8 (GB18030/GBK, Big5, Latin-1, ...) is
    detected from its first 64 KiB and decoded, or decoded from the
    ``encoding`` named. Record files (XQF, CBR, CBL, DhtmlXQ) are read whole.
    ``variant`` reads every PGN game as that game whatever its tags say,
    or under a rules variant of a game named by any of its names
    (``"crazyhouse"``, ``"Three-check"``: :attr:`Game.rules`);
    ``lenient`` also takes the moves only a lenient reading takes, each
    reported in :attr:`Game.repairs`.

    A game that cannot be read never loses the others. With
    ``errors="raise"`` (the default) taking it raises :class:`ReadError`
    (with ``.game``, ``.line``, ``.column``, ``.offset``), and the next
    ``next()`` reads the next game; ``errors="yield"`` yields the
    :class:`ReadError` in the game's place; ``errors="skip"`` leaves it out.

    >>> pgn = b'[White "A"] 1. e4 e5 2. Nf3 (2. f4) Nc6 1-0'
    >>> [game.moves() for game in read_games(pgn)]
    [['e4', 'e5', 'Nf3', 'Nc6']]

    Raises ``OSError`` when the file cannot be opened and ``ValueError`` for
    an unknown option. A text (``str``) is a path: give PGN text as bytes
    (``text.encode()``).
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        path, data = None, bytes(source)
    elif isinstance(source, (str, os.PathLike)):
        path, data = os.fsdecode(source), None
    else:
        raise TypeError(f"read_games takes a path or bytes, not {type(source).__name__}")
    return GameReader(path, data, variant, lenient, encoding, format, errors)


def __getattr__(name: str):
    # the Arrow and Spark modules import pyarrow (and pyspark) only when used
    if name in ("arrow", "spark"):
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
