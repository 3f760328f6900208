"""Static shapes: integer constants the syntax shows, and the TC107 checks of a tile shape."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.host.api import MAX_PARTITION_RANK
from tilecheck.syntax import exact
from tilecheck.syntax.constants import const_int


def shape_dims(
    expr: cst.BaseExpression, constants: Mapping[str, int]
) -> tuple[int | None, ...] | None:
    """The dimensions of a shape written as a tuple/list literal or a single integer (each None
    where not constant); None when the rank itself is not visible."""
    if exact.is_sequence(expr):
        if any(type(e) is cst.StarredElement for e in expr.elements):
            return None
        return tuple(const_int(e.value, constants) for e in expr.elements)
    value = const_int(expr, constants)
    return None if value is None else (value,)


def tile_shape_problem(dims: tuple[int | None, ...], tensor_rank: int | None) -> str | None:
    """Why a tile shape cannot partition a tensor (TC107), or None."""
    shown = (
        "("
        + ", ".join("?" if d is None else str(d) for d in dims)
        + ("," if len(dims) == 1 else "")
        + ")"
    )
    if not 1 <= len(dims) <= MAX_PARTITION_RANK:
        limit = MAX_PARTITION_RANK
        return f"tile shape {shown} has rank {len(dims)}; partitions have rank 1 to {limit}"
    if tensor_rank is not None and tensor_rank != len(dims):
        return f"tile shape {shown} has rank {len(dims)} but the tensor has rank {tensor_rank}"
    for d in dims:
        if d is not None and d <= 0:
            return f"tile shape {shown}: every dimension must be positive, got {d}"
        if d is not None and d & (d - 1):
            return f"tile shape {shown}: every dimension must be a power of two, got {d}"
    return None
