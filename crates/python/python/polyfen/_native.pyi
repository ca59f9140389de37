"""Type stubs of the native module (Rust, PyO3)."""

from typing import Any, Dict, List, Optional, Tuple

class Position:
    """A position of any game polyfen knows, with the notation it was read in."""

    @property
    def variant(self) -> str:
        """The game: "chess", "xiangqi" or "khet"."""
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
        """The number of leaf nodes of the legal move tree ``depth`` plies deep."""
    def render(self, style: str = "ascii") -> str:
        """A diagram: "ascii", "unicode", "chinese", "chinese-traditional" or "svg"."""
    def _repr_svg_(self) -> str: ...
    def to_json(self) -> str:
        """The JSON form."""
    def __copy__(self) -> "Position": ...

def read_position(text: str, notation: Optional[str] = None, lenient: bool = False) -> Position: ...
def notations() -> List[str]: ...
def variants() -> List[str]: ...
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
) -> Dict[str, Any]: ...
def move_batch(
    positions: Tuple[bytes, bytes, Optional[bytes], int, int, bool],
    moves: Tuple[bytes, bytes, Optional[bytes], int, int, bool],
    to: str,
    from_: Optional[str] = None,
    lenient: bool = False,
) -> Dict[str, Any]: ...
