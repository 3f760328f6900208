"""Constant tile shapes in kernel code: ``(64, 128)``, ``1 << 6``, ``2 * 32``.

Only literals and arithmetic on literals are constant here. A name (a ``Const[int]``
parameter, a module constant, ``z.tile_shape``) is unknown, and the rules say nothing about
unknown shapes: the runtime checks them when it specializes the kernel."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.syntax.constants import const_int

Dimension = tuple[cst.BaseExpression, int | None]


def shape_dimensions(expr: cst.BaseExpression) -> list[Dimension] | None:
    """The dimensions of a shape written in place: a tuple or list literal (each element
    with its value, or None when it is not constant), or a single integer expression (a rank-1
    shape). None when the shape is not written in place (a name, ``z.tile_shape``)."""
    if isinstance(expr, (cst.Tuple, cst.List)):
        dims: list[Dimension] = []
        for element in expr.elements:
            if isinstance(element, cst.StarredElement):
                return None
            dims.append((element.value, const_int(element.value)))
        return dims
    value = const_int(expr)
    return [(expr, value)] if value is not None else None


def constant_shape(expr: cst.BaseExpression) -> tuple[int, ...] | None:
    """The shape when every dimension is constant."""
    dims = shape_dimensions(expr)
    if dims is None or any(value is None for _, value in dims):
        return None
    return tuple(value for _, value in dims if value is not None)


def is_power_of_two(value: int) -> bool:
    return value > 0 and value & (value - 1) == 0


# -- which argument of a call is a shape --------------------------------------------------------

# tilert.lang function (last component) -> (positional index, keyword) of its shape argument.
SHAPE_ARGUMENTS: dict[str, tuple[int, str]] = {
    "zeros": (0, "shape"),
    "full": (0, "shape"),
    "arange": (0, "n"),
    "reshape": (1, "shape"),
    "broadcast_to": (1, "shape"),
}
LOAD_TILE_SHAPE = (0, "shape")  # ``x.load_tile(shape, index)``


def argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    """The argument bound to a parameter, by keyword or by position (before any ``*args``)."""
    index = 0
    for arg in call.args:
        if arg.keyword is not None:
            if arg.keyword.value == keyword:
                return arg.value
            continue
        if arg.star:
            return None
        if index == position:
            return arg.value
        index += 1
    return None


# -- the provable shape of a tile expression ----------------------------------------------------

Meaning = Callable[[cst.Call], str | None]  # the tilert.lang function a call is, or None
Binding = Callable[[cst.Name], cst.BaseExpression | None]  # a local's only assigned value

_SAME_SHAPE_FUNCTIONS = frozenset(
    {"exp", "exp2", "log", "sqrt", "rsqrt", "sin", "cos", "tanh", "abs", "astype"}
)


class TileShapes:
    """Constant shapes of tile expressions, as far as the kernel proves them: made by
    ``tl.zeros/full/arange/reshape/broadcast_to`` or ``x.load_tile`` with a literal shape,
    carried through element-wise functions, arithmetic with scalars, and locals assigned once."""

    def __init__(self, lang_function: Meaning, only_value: Binding) -> None:
        self._lang_function = lang_function
        self._only_value = only_value
        self._busy: set[cst.Name] = set()

    def of(self, expr: cst.BaseExpression) -> tuple[int, ...] | None:
        if isinstance(expr, cst.Name):
            return self._name(expr)
        if isinstance(expr, cst.Call):
            return self._call(expr)
        if isinstance(expr, cst.BinaryOperation):
            left, right = self._operand(expr.left), self._operand(expr.right)
            if left == () or right == ():  # a scalar: the other side's shape
                return right if left == () else left
            return left if left is not None and left == right else None
        if isinstance(expr, cst.UnaryOperation):
            return self.of(expr.expression)
        return None

    def _operand(self, expr: cst.BaseExpression) -> tuple[int, ...] | None:
        if isinstance(expr, (cst.Integer, cst.Float)):
            return ()
        return self.of(expr)

    def _name(self, name: cst.Name) -> tuple[int, ...] | None:
        value = self._only_value(name)
        if value is None or name in self._busy:
            return None
        self._busy.add(name)
        try:
            return self.of(value)
        finally:
            self._busy.discard(name)

    def _call(self, call: cst.Call) -> tuple[int, ...] | None:
        function = self._lang_function(call)
        if function is None:
            return None
        if function == "load_tile":
            shape = argument(call, *LOAD_TILE_SHAPE)
            return constant_shape(shape) if shape is not None else None
        if function in SHAPE_ARGUMENTS:
            shape = argument(call, *SHAPE_ARGUMENTS[function])
            return constant_shape(shape) if shape is not None else None
        if function in _SAME_SHAPE_FUNCTIONS and call.args:
            return self.of(call.args[0].value)
        return None
