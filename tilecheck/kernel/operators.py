"""Python's operators on kernel values (``a + b``, ``t < 0``, ``-t``, ``a @ b``) and the
two-operand ``tl`` functions that type like them (``tl.maximum``, ``tl.pow``...): the shape
broadcasts, the dtype follows ``dtype_rules``. Two Python scalars never reach the runtime's
typing: Python computes them (``bm * 2`` is an int), so they stay weak scalars here."""

from __future__ import annotations

import libcst as cst

from tilecheck.kernel.dtype_rules import Operand, arithmetic, common, default_dtype, promote
from tilecheck.kernel.shape_ops import broadcast, product_shape
from tilecheck.kernel.tiletypes import Dim, ModuleName, ScalarType, Shape, TileType, Value

OPERATORS: dict[type[cst.CSTNode], str] = {
    cst.Add: "+",
    cst.Subtract: "-",
    cst.Multiply: "*",
    cst.Divide: "/",
    cst.FloorDivide: "//",
    cst.Modulo: "%",
    cst.Power: "**",
    cst.MatrixMultiply: "@",
    cst.BitAnd: "&",
    cst.BitOr: "|",
    cst.BitXor: "^",
    cst.LeftShift: "<<",
    cst.RightShift: ">>",
    cst.LessThan: "<",
    cst.LessThanEqual: "<=",
    cst.GreaterThan: ">",
    cst.GreaterThanEqual: ">=",
    cst.Equal: "==",
    cst.NotEqual: "!=",
}
COMPARISONS = frozenset({"<", "<=", ">", ">=", "==", "!="})
_BITWISE = frozenset({"&", "|", "^"})


def operand(value: Value | None) -> Operand | None:
    """What the dtype rules know of a value used as an operand."""
    if isinstance(value, TileType):
        return Operand(dtype=value.dtype)
    if isinstance(value, ScalarType):
        known = value.value.value if value.value is not None else None
        return Operand(scalar_kind=value.kind, value=known, weak=value.weak)
    return None


def shape_of(value: Value | None) -> Shape | None:
    if isinstance(value, TileType):
        return value.shape
    if isinstance(value, (ScalarType, ModuleName)):
        return ()
    return None


def unary_dtype(value: Value | None) -> str | None:
    """The dtype of the tile a unary ``tl`` function makes of ``value`` (a Python scalar
    becomes a tile of its default dtype)."""
    if isinstance(value, TileType):
        return value.dtype
    if isinstance(value, ScalarType):
        return default_dtype(value.kind, value.value.value if value.value else None)
    return None


def binary(
    symbol: str, a: Value | None, b: Value | None, *, function: bool = False
) -> Value | None:
    """``a <symbol> b``; ``function``: a ``tl`` function (``tl.maximum(1, 2)`` is a tile)."""
    if isinstance(a, ScalarType) and isinstance(b, ScalarType) and not function:
        if a.weak is not False and b.weak is not False:
            return _python(symbol, a, b)
    if a is None or b is None or (isinstance(a, ModuleName) and isinstance(b, ModuleName)):
        return None
    if not isinstance(a, (TileType, ScalarType, ModuleName)) or not isinstance(
        b, (TileType, ScalarType, ModuleName)
    ):
        return None
    if symbol == "@":
        if not isinstance(a, TileType) or not isinstance(b, TileType):
            return None
        dtype = promote(a.dtype, b.dtype) if a.dtype and b.dtype else None
        return TileType(product_shape(a.shape, b.shape), dtype)
    shape = broadcast([shape_of(a), shape_of(b)])
    return TileType(shape, _dtype(symbol, a, b))


def _dtype(symbol: str, a: Value, b: Value) -> str | None:
    if symbol in COMPARISONS:
        return "bool_"
    x, y = operand(a), operand(b)
    if x is None or y is None:
        return None
    if symbol in _BITWISE:
        if not x.weak and not y.weak and x.dtype != y.dtype:
            return None  # cuTile does not promote them: refused
        if {x.dtype, y.dtype} == {"bool_", "i8"}:
            return None
    return arithmetic(common((x, y)), symbol)


def _python(symbol: str, a: ScalarType, b: ScalarType) -> ScalarType | None:
    """Two Python scalars (or scalars the backend may make tiles of: then not weak)."""
    weak = None if a.weak is None or b.weak is None else True
    kinds = {a.kind, b.kind}
    if symbol in COMPARISONS:
        return ScalarType("b", None, weak)
    if symbol == "/":
        return ScalarType("f", None, weak)
    if symbol == "@":
        return None
    if "f" in kinds:
        return ScalarType("f", None, weak) if symbol not in _BITWISE | {"<<", ">>"} else None
    if symbol in _BITWISE and kinds == {"b"}:
        return ScalarType("b", None, weak)
    return ScalarType("i", _fold(symbol, a.value, b.value), weak)


def _fold(symbol: str, a: Dim | None, b: Dim | None) -> Dim | None:
    """The value of ``a <symbol> b`` as a dimension, where that is known."""
    if a is None or b is None:
        return None
    if symbol == "*":
        return a.times(b)
    x, y = a.value, b.value
    if x is None or y is None:
        return None
    if symbol == "+":
        return Dim.of(x + y)
    if symbol == "-":
        return Dim.of(x - y)
    if symbol == "//" and y:
        return Dim.of(x // y)
    if symbol == "%" and y:
        return Dim.of(x % y)
    if symbol == "<<" and 0 <= y <= 64:
        return Dim.of(x << y)
    if symbol == ">>" and y >= 0:
        return Dim.of(x >> y)
    if symbol == "**" and 0 <= y <= 64 and abs(x).bit_length() * y <= 128:
        return Dim.of(x**y)
    return None


def unary(operator: cst.BaseUnaryOp, value: Value | None) -> Value | None:
    if isinstance(operator, cst.Not):
        return ScalarType("b") if isinstance(value, ScalarType) else None
    if isinstance(value, TileType):
        return value
    if not isinstance(value, ScalarType):
        return None
    if isinstance(operator, cst.Minus):
        known = value.value.value if value.value is not None else None
        negated = Dim.of(-known) if known is not None else None
        return ScalarType("i" if value.kind == "b" else value.kind, negated, value.weak)
    if isinstance(operator, cst.BitInvert):
        return ScalarType("i", None, value.weak) if value.kind != "f" else None
    return value
