"""The exceptions of polyfen."""

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from polyfen._native import Game


class ReadError(ValueError):
    """A text that is not a position in the notation it was read as, or a
    game of a record that could not be read.

    For a position, ``column`` is the 1-based character column of the first
    problem and ``notation`` the notation the text was read as (the most
    likely one when it was detected).

    For a game (:func:`polyfen.read_games`), ``notation`` is the record's
    format (``"pgn"``, ``"xqf"``, ``"cbr"``, ``"cbl"``, ``"dhtmlxq"``, ``"cbf"``),
    ``game`` the game's number in its input (from 1) and ``offset`` the byte
    offset of the problem; a PGN game's error also has its ``line`` and
    ``column`` (1-based), a binary record's has ``line`` and ``column`` None.
    ``partial`` is the :class:`polyfen.Game` read up to the problem, else
    None: a PGN game's up to its bad move (its ``unplayed`` the rest of the
    movetext as text), a record file's up to its bad record (its header,
    start position and every legal move before it). ``partial`` is not
    pickled.
    """

    def __init__(
        self,
        message: str,
        column: Optional[int],
        notation: str,
        line: Optional[int] = None,
        offset: Optional[int] = None,
        game: Optional[int] = None,
        partial: Optional["Game"] = None,
    ) -> None:
        super().__init__(message)
        self.column = column
        self.notation = notation
        self.line = line
        self.offset = offset
        self.game = game
        self.partial = partial

    def __reduce__(self):  # pickling, for Spark and multiprocessing
        return (ReadError, (str(self), self.column, self.notation, self.line, self.offset, self.game))
