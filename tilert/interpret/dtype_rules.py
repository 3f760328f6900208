"""Which dtype an operation produces, and in which numpy dtype it computes.

* Two tiles: cuTile's promotion table (see ``promote``; the pairs it refuses are errors).
* A Python scalar is weakly typed (as in Triton and cuTile): it adopts the tile's dtype, unless
  it is of a higher kind (a float with an integer tile gives f32, an int with a bool tile i32).
* f16 and bf16 compute in f32 and round back to their own dtype after every operation, which
  is what numpy's float16 loops and ml_dtypes' bfloat16 loops do internally.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from tilert.dtypes import DType, bf16, bool_, f16, f32, i32, i64, u64

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
    """The dtype of a Python scalar standing alone, as cuTile types a constant: bool_, f32,
    and for an int the first of i32, i64, u64 that holds it."""
    kind = scalar_kind(value)
    if kind != "i":
        return bool_ if kind == "b" else f32
    if -(2**31) <= value < 2**31:
        return i32
    return i64 if -(2**63) <= value < 2**63 else u64


def compute_dtype(dt: type[DType]) -> np.dtype[Any]:
    """The numpy dtype arithmetic on ``dt`` runs in."""
    return np.dtype(np.float32) if dt in LOW_PRECISION_FLOATS else dt.np_dtype


@cache
def promote(a: type[DType], b: type[DType]) -> type[DType]:
    """The common dtype of two tiles, by cuTile's promotion table (``cuda.tile``'s
    ``promote_dtypes``): bool_ adopts the other dtype, an integer with a float gives the float,
    the wider of two floats or of two integers of one signedness wins. The pairs cuTile refuses
    are a TypeError here too: signed with unsigned, f16 with bf16, and any 8-bit float with
    anything else."""
    if a is b:
        return a
    if not (a.arithmetic and b.arithmetic):
        raise TypeError(
            f"{a} and {b} do not mix: convert the 8-bit float tile first (tl.astype), as cuTile "
            "has no implicit conversion for it"
        )
    if a.kind == "b" or b.kind == "b":
        return b if a.kind == "b" else a
    if (a.kind == "f") != (b.kind == "f"):
        return a if a.kind == "f" else b
    if a.kind != b.kind:
        raise TypeError(
            f"{a} and {b} do not mix (signed with unsigned): convert one first (tl.astype)"
        )
    if a.itemsize == b.itemsize:  # f16 with bf16
        raise TypeError(f"{a} and {b} do not mix: convert one first (tl.astype(t, tl.f32))")
    return a if a.itemsize > b.itemsize else b


def arithmetic(dt: type[DType]) -> type[DType]:
    """``dt``, when arithmetic may use it: the 8-bit floats only load, store, convert,
    reinterpret, change shape and enter ``mma`` (cuTile refuses the rest)."""
    if not dt.arithmetic:
        raise TypeError(
            f"{dt} tiles have no arithmetic (cuTile's 8-bit floats are for storage and mma): "
            "convert first, e.g. tl.astype(t, tl.f32)"
        )
    return dt


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
