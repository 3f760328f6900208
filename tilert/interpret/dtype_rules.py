"""Which dtype an operation produces, and in which numpy dtype it computes.

* Two tiles: numpy's promotion restricted to tilert's dtypes (bf16 promotes as f16 does, and
  bf16 with f16 gives f32).
* A Python scalar is weakly typed (as in Triton and cuTile): it adopts the tile's dtype, unless
  it is of a higher kind (a float with an integer tile gives f32, an int with a bool tile i32).
* f16 and bf16 compute in f32 and round back to their own dtype after every operation, which
  is what numpy's float16 loops and ml_dtypes' bfloat16 loops do internally.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from tilert.dtypes import DType, bf16, bool_, f16, f32, from_numpy_dtype, i32

Scalar = bool | int | float
_KIND_RANK = {"b": 0, "u": 1, "i": 1, "f": 2}
LOW_PRECISION_FLOATS = (f16, bf16)


def is_scalar(value: object) -> bool:
    """A Python or numpy scalar usable as a weakly typed operand."""
    return isinstance(value, (bool, int, float, np.bool_, np.integer, np.floating))


def python_scalar(value: Any) -> Scalar:
    """A numpy scalar as the Python scalar of the same kind."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    return float(value)


def scalar_kind(value: Scalar) -> str:
    if isinstance(value, bool):
        return "b"
    if isinstance(value, int):
        return "i"
    return "f"


def default_dtype(value: Scalar) -> type[DType]:
    """The dtype of a Python scalar standing alone: bool_, i32 or f32 (the GPU defaults)."""
    return {"b": bool_, "i": i32, "f": f32}[scalar_kind(value)]


def compute_dtype(dt: type[DType]) -> np.dtype[Any]:
    """The numpy dtype arithmetic on ``dt`` runs in."""
    return np.dtype(np.float32) if dt in LOW_PRECISION_FLOATS else dt.np_dtype


def _stand_in(dt: type[DType]) -> np.dtype[Any]:
    """numpy cannot promote bfloat16 with most dtypes; it promotes as float16 does."""
    return np.dtype(np.float16) if dt is bf16 else dt.np_dtype


@cache
def promote(a: type[DType], b: type[DType]) -> type[DType]:
    """The common dtype of two tiles."""
    if a is b:
        return a
    result = from_numpy_dtype(np.result_type(_stand_in(a), _stand_in(b)))
    if result is f16 and bf16 in (a, b):
        return f32 if f16 in (a, b) else bf16
    return result


def with_scalar(tile_dtype: type[DType], value: Scalar) -> type[DType]:
    """The dtype of an operation between a tile and a weakly typed Python scalar. An integer
    that does not fit the integer dtype it adopts is an error, as cuTile's compiler makes it
    ("Integer constant -1 is out of range of uint8"), not a silent wrap."""
    kind = scalar_kind(value)
    if _KIND_RANK[kind] > _KIND_RANK[tile_dtype.kind]:
        return default_dtype(value)
    if kind == "i" and tile_dtype.kind in "iu":
        info = np.iinfo(tile_dtype.np_dtype.str)
        if not info.min <= value <= info.max:
            raise ValueError(
                f"integer constant {value} is out of range of {tile_dtype.name} "
                f"({info.min} to {info.max}): convert the tile first (tl.astype)"
            )
    return tile_dtype


def true_division(dt: type[DType]) -> type[DType]:
    """``/`` on integer or bool tiles gives f32 (as Triton); floats keep their dtype."""
    return dt if dt.kind == "f" else f32


def float_for(dt: type[DType]) -> type[DType]:
    """The dtype of a transcendental (exp, sqrt, ...) on ``dt``: floats keep theirs, integer
    and bool tiles compute in f32."""
    return dt if dt.kind == "f" else f32


def scalar_array(value: Scalar, dt: np.dtype[Any]) -> np.ndarray[Any, Any]:
    """A 0-d array of ``value`` in ``dt``. An integer that does not fit an integer ``dt`` is a
    ValueError (cuTile refuses such a constant), never a wrap."""
    if isinstance(value, float) or dt.kind in "fb":
        return np.asarray(value).astype(dt)
    info = np.iinfo(dt)
    if not info.min <= value <= info.max:
        raise ValueError(f"integer {value} is out of range of {dt} ({info.min} to {info.max})")
    return np.asarray(value, dtype=dt)
