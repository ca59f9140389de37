"""Type stubs of the native module (Rust, PyO3)."""

from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

from ._errors import ReadError

class Position:
    """A position of any game polyfen knows, with the notation it was read in."""

    @property
    def variant(self) -> str:
        """The game: "chess", "xiangqi", "khet" or "shogi"."""
    @property
    def rules(self) -> Optional[str]:
        """The rules variant of its game ("crazyhouse", "atomic", ...), None for the game's own rules."""
    @property
    def notation(self) -> str:
        """The notation the position was read in."""
    def to(self, notation: Optional[str] = None) -> str:
        """The position written in ``notation`` (default: the one it was read in)."""
    def validate(self) -> List[str]:
        """Every rule the position breaks, in words; empty when it is legal."""
    def legal_moves(self, notation: Optional[str] = None) -> List[str]:
        """Every legal move, in ``notation`` (default: the game's first)."""
    def play(self, move: str, notation: Optional[str] = None) -> str:
        """Plays ``move`` and returns it written in ``notation``."""
    def perft(self, depth: int) -> int:
        """The number of leaf nodes of the legal move tree ``depth`` plies deep,
        counted with the GIL released; Ctrl-C (``KeyboardInterrupt``) stops a
        deep count."""
    def render(self, style: str = "ascii") -> str:
        """A diagram: "ascii", "unicode", "chinese", "chinese-traditional" or "svg"."""
    def _repr_svg_(self) -> str: ...
    def to_json(self) -> str:
        """The JSON form."""
    def __copy__(self) -> "Position": ...

class Game:
    """A game record: tags, a start position, the moves (with comments,
    NAGs and variations) and a result."""

    @property
    def variant(self) -> str:
        """The game: "chess", "xiangqi", "khet" or "shogi"."""
    @property
    def rules(self) -> Optional[str]:
        """The rules variant of its game the game is played by ("crazyhouse", ...), None for the game's own rules."""
    @property
    def headers(self) -> Dict[str, str]:
        """The tags as a dict (the first of tags with the same name)."""
    @property
    def tags(self) -> List[Tuple[str, str]]:
        """The tag pairs in file order, duplicates kept."""
    @property
    def result(self) -> str:
        """The movetext's result marker, else the Result tag, else "*"."""
    @property
    def start(self) -> str:
        """The start position in the game's own notation."""
    @property
    def comments(self) -> List[str]:
        """Comments before the first move."""
    @property
    def repairs(self) -> List[str]:
        """What a lenient reading repaired, each with its line and column."""
    @property
    def warnings(self) -> List[str]:
        """What the record's ending disagrees with or leaves unsaid (the JSON's
        "warnings"): a Shogi line ending in a fourth repetition the record does
        not state, an impasse declaration the position does not allow ..."""
    @property
    def unplayed(self) -> Optional[str]:
        """In a game read up to a bad move (``ReadError.partial``): the
        movetext from that move to the game's end, as written; else None."""
    @property
    def plies(self) -> int:
        """Moves of the main line."""
    @property
    def status(self) -> str:
        """The state at the end of the main line: "ongoing", "checkmate", ..."""
    def moves(self, notation: Optional[str] = None) -> List[str]:
        """The main line's moves in ``notation`` (when None: the notation a PGN game's moves are written in, else the game's PGN notation)."""
    def positions(self, notation: Optional[str] = None) -> List[str]:
        """The position after each move of the main line, in ``notation``
        (the game's own position notation when None)."""
    def lines(self, notation: Optional[str] = None) -> List[List[str]]:
        """Every line of play, root to leaf, main line first."""
    def to_pgn(self, notation: Optional[str] = None) -> str:
        """The game as PGN, moves in ``notation``."""
    def to_json(self, notation: Optional[str] = None) -> str:
        """The JSON form, the whole move tree with variations."""
    def to_dict(self, notation: Optional[str] = None) -> Dict[str, Any]:
        """The JSON form as Python objects."""

class GameReader(Iterator[Union[Game, ReadError]]):
    """An iterator over the games of a file or of bytes (see ``polyfen.read_games``)."""

    def __init__(
        self,
        path: Optional[str] = None,
        data: Optional[bytes] = None,
        variant: Optional[str] = None,
        lenient: bool = False,
        encoding: Optional[str] = None,
        format: Optional[str] = None,
        errors: str = "raise",
    ) -> None: ...
    @property
    def format(self) -> str:
        """The format read: "pgn", "xqf", "cbr", "cbl", "dhtmlxq", "cbf", "kif", "ki2", "csa", "usi" or "jkf"."""
    def __iter__(self) -> "GameReader": ...
    def __next__(self) -> Union[Game, ReadError]: ...

def read_position(
    text: str, notation: Optional[str] = None, lenient: bool = False, rules: Optional[str] = None
) -> Position: ...
def notations() -> List[str]: ...
def variants() -> List[str]: ...
def define_variants(text: str, source: str = "<string>") -> List[str]: ...
def rules_variants() -> List[str]: ...
def rules_variant(name: str) -> str:
    """The id of the rules variant ``name`` (any name of it); ``ValueError`` for an unknown one."""
def convert_batch(
    offsets: bytes,
    data: bytes,
    validity: Optional[bytes],
    offset: int,
    len: int,
    large: bool,
    to: str,
    from_: Optional[str] = None,
    lenient: bool = False,
    rules: Optional[str] = None,
) -> Dict[str, Any]: ...
def validate_batch(
    offsets: bytes,
    data: bytes,
    validity: Optional[bytes],
    offset: int,
    len: int,
    large: bool,
    from_: Optional[str] = None,
    lenient: bool = False,
    rules: Optional[str] = None,
) -> Dict[str, Any]: ...
def move_batch(
    positions: Tuple[bytes, bytes, Optional[bytes], int, int, bool],
    moves: Tuple[bytes, bytes, Optional[bytes], int, int, bool],
    to: str,
    from_: Optional[str] = None,
    lenient: bool = False,
    rules: Optional[str] = None,
) -> Dict[str, Any]: ...
