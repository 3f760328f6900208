"""Static shapes: integer constants the syntax shows, and the TC107 checks of a tile shape."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import libcst as cst

from tilecheck.host.api import MAX_PARTITION_RANK

_BINARY: dict[type[cst.BaseBinaryOp], Callable[[int, int], int]] = {
    cst.Add: lambda a, b: a + b,
    cst.Subtract: lambda a, b: a - b,
    cst.Multiply: lambda a, b: a * b,
    cst.FloorDivide: lambda a, b: a // b,
    cst.LeftShift: lambda a, b: a << b,
    cst.RightShift: lambda a, b: a >> b,
    cst.Power: lambda a, b: a**b,
}


def const_int(expr: cst.BaseExpression, constants: Mapping[str, int]) -> int | None:
    """The value of an integer expression made of literals and known module constants."""
    if isinstance(expr, cst.Integer):
        value = expr.evaluated_value
        return value if isinstance(value, int) else None
    if isinstance(expr, cst.Name):
        return constants.get(expr.value)
    if isinstance(expr, cst.UnaryOperation):
        inner = const_int(expr.expression, constants)
        if inner is None:
            return None
        if isinstance(expr.operator, cst.Minus):
            return -inner
        return inner if isinstance(expr.operator, cst.Plus) else None
    if isinstance(expr, cst.BinaryOperation):
        op = _BINARY.get(type(expr.operator))
        if op is None:
            return None
        left = const_int(expr.left, constants)
        right = const_int(expr.right, constants)
        if left is None or right is None:
            return None
        if isinstance(expr.operator, cst.FloorDivide) and right == 0:
            return None
        if isinstance(expr.operator, (cst.LeftShift, cst.Power)) and not 0 <= right <= 64:
            return None
        if isinstance(expr.operator, cst.RightShift) and right < 0:
            return None
        if isinstance(expr.operator, cst.Power) and abs(left).bit_length() * right > 128:
            return None  # no tile dimension, and never compute 10 ** 10 ** 9
        return op(left, right)
    return None


def shape_dims(
    expr: cst.BaseExpression, constants: Mapping[str, int]
) -> tuple[int | None, ...] | None:
    """The dimensions of a shape written as a tuple/list literal or a single integer (each None
    where not constant); None when the rank itself is not visible."""
    if isinstance(expr, (cst.Tuple, cst.List)):
        if any(isinstance(e, cst.StarredElement) for e in expr.elements):
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
