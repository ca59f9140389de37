"""Arrow batches: convert and validate whole pyarrow arrays of positions.

Each function takes a pyarrow string array (or chunked array) and returns a
pyarrow struct array of the same length. The work is done in Rust on the
array's buffers with the GIL released: no Python object is made per row. A
null row gives a null result; a row that cannot be read gives an ``error``
struct (``column``, ``notation``, ``message``) instead of an exception, so
one bad row never loses the batch.

Each function reads every row under the rules variant ``rules`` when
given (any name :func:`polyfen.read` takes: ``"makruk"``, ``"janggi"``,
``"atomic"``, ...), as ``polyfen.read(row, rules=rules)`` reads one;
``variants`` (a variants file's text, or its path: an ``os.PathLike``, or
a ``str`` of one line not opening a section with ``[``) first adds the file's
games for the process as :func:`polyfen.load_variants` does, once however
many calls name the same file, so that ``rules`` may name them. An unknown
``rules`` raises the ``ValueError`` ``polyfen.read`` raises.
"""

from typing import Optional, Union

import pyarrow as pa
import pyarrow.compute as pc

from . import _native, _rules
from . import Variants as _Variants

__all__ = ["convert", "validate", "move_to", "ERROR_TYPE"]

#: The type of the ``error`` field: where the row went wrong and why.
ERROR_TYPE = pa.struct([("column", pa.int32()), ("notation", pa.string()), ("message", pa.string())])

Strings = Union[pa.Array, pa.ChunkedArray]


def _input(array: pa.Array):
    if pa.types.is_string(array.type):
        large = False
    elif pa.types.is_large_string(array.type):
        large = True
    else:
        try:
            array = array.cast(pa.string())
        except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as e:
            raise TypeError(f"expected an array of strings, got {array.type}") from e
        large = False
    validity, offsets, data = array.buffers()[:3]
    return array, dict(
        offsets=offsets.to_pybytes() if offsets is not None else bytes(8),
        data=data.to_pybytes() if data is not None else b"",
        validity=validity.to_pybytes() if validity is not None else None,
        offset=array.offset,
        len=len(array),
        large=large,
    )


def _strings(column, like: pa.DataType) -> pa.Array:
    array = pa.Array.from_buffers(
        pa.large_string(),
        column["len"],
        [pa.py_buffer(column["validity"]), pa.py_buffer(column["offsets"]), pa.py_buffer(column["data"])],
    )
    return array if pa.types.is_large_string(like) else array.cast(pa.string())


def _fixed(column, type_: pa.DataType) -> pa.Array:
    return pa.Array.from_buffers(
        type_, column["len"], [pa.py_buffer(column["validity"]), pa.py_buffer(column["data"])]
    )


def _errors(result) -> pa.Array:
    valid = _fixed(result["error_valid"], pa.bool_())
    children = [
        _fixed(result["error_column"], pa.int32()),
        _strings(result["error_notation"], pa.string()),
        _strings(result["error_message"], pa.string()),
    ]
    return pa.StructArray.from_arrays(children, fields=list(ERROR_TYPE), mask=pc.invert(valid))


def _chunked(function, array: Strings, **options):
    if isinstance(array, pa.ChunkedArray):
        chunks = [function(chunk, **options) for chunk in array.chunks]
        return pa.chunked_array(chunks, type=chunks[0].type if chunks else None)
    return None


def convert(
    array: Strings,
    to: str,
    from_: Optional[str] = None,
    lenient: bool = False,
    rules: Optional[str] = None,
    variants: Optional[_Variants] = None,
) -> Strings:
    """Writes every position of ``array`` in the notation ``to``, each read
    under the rules variant ``rules`` if given (after loading ``variants``:
    see the module's documentation).

    Returns a struct array with the fields ``value`` (the text, null for a
    null or bad row) and ``error`` (null, or where and why the row could
    not be read or written).
    """
    rules = _rules(rules, variants)
    chunked = _chunked(convert, array, to=to, from_=from_, lenient=lenient, rules=rules)
    if chunked is not None:
        return chunked
    array, buffers = _input(array)
    result = _native.convert_batch(**buffers, to=to, from_=from_, lenient=lenient, rules=rules)
    value = _strings(result["value"], array.type)
    return pa.StructArray.from_arrays([value, _errors(result)], names=["value", "error"], mask=array.is_null())


def validate(
    array: Strings,
    from_: Optional[str] = None,
    lenient: bool = False,
    rules: Optional[str] = None,
    variants: Optional[_Variants] = None,
) -> Strings:
    """Checks every position of ``array`` against the rules of its game, or
    of the rules variant ``rules`` if given (after loading ``variants``:
    see the module's documentation).

    Returns a struct array with the fields ``valid`` (a boolean, null for a
    null or unreadable row), ``variant``, ``violations`` (the rules broken,
    a list of strings; null when valid) and ``error``.
    """
    rules = _rules(rules, variants)
    chunked = _chunked(validate, array, from_=from_, lenient=lenient, rules=rules)
    if chunked is not None:
        return chunked
    array, buffers = _input(array)
    result = _native.validate_batch(**buffers, from_=from_, lenient=lenient, rules=rules)
    valid = _fixed(result["valid"], pa.bool_())
    variant = _strings(result["variant"], pa.string())
    violations = pc.split_pattern(_strings(result["violations"], pa.string()), "\n")
    return pa.StructArray.from_arrays(
        [valid, variant, violations, _errors(result)],
        names=["valid", "variant", "violations", "error"],
        mask=array.is_null(),
    )


def _tuple(buffers):
    return (buffers["offsets"], buffers["data"], buffers["validity"], buffers["offset"], buffers["len"], buffers["large"])


def move_to(
    positions: pa.Array,
    moves: pa.Array,
    to: str,
    from_: Optional[str] = None,
    lenient: bool = False,
    rules: Optional[str] = None,
    variants: Optional[_Variants] = None,
) -> pa.Array:
    """Reads each row's move (in any move notation of its game) in the same
    row's position and writes it in the move notation ``to``; the positions
    are read under the rules variant ``rules`` if given (after loading
    ``variants``: see the module's documentation).

    Returns a struct array with the fields ``value`` (the move, null for a
    null or bad row) and ``error`` (about the position's text when it does
    not read, else about the move's).
    """
    rules = _rules(rules, variants)
    if isinstance(positions, pa.ChunkedArray):
        positions = positions.combine_chunks()
    if isinstance(moves, pa.ChunkedArray):
        moves = moves.combine_chunks()
    if len(positions) != len(moves):
        raise ValueError(f"{len(positions)} positions but {len(moves)} moves")
    positions, p = _input(positions)
    moves, m = _input(moves)
    result = _native.move_batch(_tuple(p), _tuple(m), to=to, from_=from_, lenient=lenient, rules=rules)
    value = _strings(result["value"], pa.string())
    mask = pc.or_(positions.is_null(), moves.is_null())
    return pa.StructArray.from_arrays([value, _errors(result)], names=["value", "error"], mask=mask)
