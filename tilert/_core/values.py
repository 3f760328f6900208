"""Values users hand to tensors, checked before anything is made: shapes and counts as ints,
numbers that must fit an integer dtype exactly, array-likes of numbers."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from typing import Any

import numpy as np

from tilert.dtypes import DType, from_numpy_dtype

ShapeLike = int | Sequence[int]


def as_shape(shape: ShapeLike, what: str = "shape") -> tuple[int, ...]:
    try:
        dims = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
        out = tuple(operator.index(d) for d in dims)
    except TypeError:
        raise TypeError(
            f"bad {what}: a shape is made of ints (an int or a sequence of ints), got "
            f"{shape!r} ({type(shape).__name__})"
        ) from None
    if any(d < 0 for d in out):
        raise ValueError(f"negative dimension in {what} {out}")
    return out


def as_count(value: Any, what: str) -> int:
    """A count given by the user (blocks, a group size): an int, never a float or a bool."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise TypeError(f"{what} must be an int, got {value!r} ({type(value).__name__})")


def fitting(value: Any, dtype: type[DType]) -> Any:
    """``value`` checked to fit an integer ``dtype`` exactly (numpy would wrap it, saturate it
    or truncate it silently); other values and dtypes are numpy's to convert."""
    np_dtype = np.dtype(dtype.np_dtype)
    if np_dtype.kind not in "iu" or isinstance(value, (bool, np.bool_)):
        return value
    if isinstance(value, (float, np.floating)):
        number = float(value)
        if math.isnan(number) or (math.isfinite(number) and not number.is_integer()):
            raise ValueError(f"value {value!r} does not fit {dtype}: it is not an integer")
        if math.isinf(number):
            raise OverflowError(f"value {value!r} does not fit {dtype}")
        whole = int(number)
    else:
        try:
            whole = operator.index(value)
        except TypeError:
            return value
    info = np.iinfo(np_dtype.str)
    if not info.min <= whole <= info.max:
        raise OverflowError(
            f"value {value!r} does not fit {dtype} (its range is {info.min} to {info.max})"
        )
    return whole


def as_numbers(source: Any, what: str) -> np.ndarray[Any, Any]:
    """``source`` as a numpy array of numbers (bool, int, float or a tilert dtype)."""
    try:
        data = np.asarray(source)
    except (TypeError, ValueError) as exc:
        raise TypeError(
            f"{what}: needs a tensor or an array-like of numbers, got {type(source).__name__} "
            f"({exc})"
        ) from None
    if data.dtype.kind not in "biuf":
        try:
            from_numpy_dtype(data.dtype)
        except TypeError:
            raise TypeError(
                f"{what}: needs a tensor or an array-like of numbers, got {source!r:.60} "
                f"({type(source).__name__}, numpy dtype {data.dtype})"
            ) from None
    return data
