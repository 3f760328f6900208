"""The tile type (shape and dtype) of every value of a kernel body, inferred from its
parameters' annotations, ``Const`` parameters and literals, and, when a launch is known, from
the partition and tensors it passes (``Specialization``).

Flow-insensitive, as the other kernel rules are: a local's type is what all of its bindings
agree on (``acc = tl.zeros(...)`` and ``acc = tl.mma(a, b, acc)`` agree; a name bound to tiles
of two shapes has an unknown shape). The bindings are solved together by iterating to a
fixed point from "no value yet"; a value that would need more iterations than any real
kernel does is unknown. Unknown is always the safe answer: the rules say nothing about it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.kernel.context import KernelContext
from tilecheck.kernel.facts import (
    Alias,
    Augmented,
    Item,
    LoopCounter,
    Origin,
    TileIndex,
    Unpack,
    Value,
)
from tilecheck.kernel.lang_types import call_type
from tilecheck.kernel.operators import OPERATORS, binary, unary
from tilecheck.kernel.tiletypes import (
    I32_SCALAR,
    Dim,
    DTypeValue,
    ModuleName,
    ScalarType,
    SeqType,
    Shape,
    ShapeOf,
    ShapeType,
    TensorParam,
    TileType,
    join,
)
from tilecheck.kernel.tiletypes import TileIndex as IndexValue
from tilecheck.kernel.tiletypes import Value as TypeValue
from tilecheck.kernel_signature import ParamKind
from tilecheck.names import dtype_name
from tilecheck.syntax.constants import int_value
from tilecheck.syntax.nodes import dotted_name, head_of

_MAX_ROUNDS = 32
_SCALAR_KINDS = {"int": "i", "float": "f", "bool": "b"}
_LAUNCH_TYPES = {"int": "i32", "float": "f32", "bool": "bool_"}  # how ct.launch types them


@frozen
class Specialization:
    """What one launch says about a kernel's parameters: the partitions' tile shapes, the
    tensors' shapes, the ``Const`` arguments and the module's constants (by name)."""

    tile_shapes: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    tensor_shapes: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    constants: Mapping[str, int] = field(default_factory=dict)


class _Pending(Exception):
    """A local the iteration has given no value yet."""


class TileTypes:
    """The types of one kernel's values (see the module docstring)."""

    def __init__(self, ctx: KernelContext, specialization: Specialization | None = None) -> None:
        self.ctx = ctx
        self.env = specialization or Specialization()
        self.labels: dict[str, str] = {}  # symbol key -> the local that names it
        self._locals: dict[str, TypeValue | None] = {}
        self._settled = False
        self._memo: dict[cst.CSTNode, TypeValue | None] = {}
        self._solve()

    # -- parameters -------------------------------------------------------------------------
    def tile_shape(self, param: str) -> Shape:
        known = self.env.tile_shapes.get(param)
        return tuple(Dim.of(d) for d in known) if known else ShapeOf(param, "tile_shape")

    def tensor_shape(self, param: str) -> Shape:
        known = self.env.tensor_shapes.get(param)
        return tuple(Dim.of(d) for d in known) if known else ShapeOf(param, "shape")

    def dtype_of(self, param: str) -> str | None:
        meaning = self.ctx.meanings.get(param)
        return meaning.dtype if meaning is not None else None

    def _parameter(self, name: str) -> TypeValue | None:
        meaning = self.ctx.meanings[name]
        if meaning.kind in (ParamKind.MUTABLE, ParamKind.SHARED):
            return TensorParam(name)
        if meaning.kind is ParamKind.TILE:
            return TileType(None, meaning.dtype)
        if meaning.kind is ParamKind.CONST:
            kind = _SCALAR_KINDS.get(meaning.scalar or "")
            if kind is None:
                return None
            known = self.env.constants.get(name)
            value = Dim.of(known) if known is not None else Dim.symbol(name)
            return ScalarType(kind, value if kind == "i" else None)
        if self.ctx.is_function:
            return None  # a helper's scalar is whatever its caller passes
        if meaning.dtype is not None:
            return TileType((), meaning.dtype)
        launched = _LAUNCH_TYPES.get(meaning.scalar or "")
        return TileType((), launched) if launched is not None else None

    # -- locals -----------------------------------------------------------------------------
    def name(self, name: str) -> TypeValue | None:
        """The type of the kernel's local or parameter ``name``."""
        if name in self._locals:
            return self._locals[name]
        if self._settled or name not in self.ctx.facts.bindings:
            return self._parameter(name) if name in self.ctx.meanings else None
        raise _Pending

    def _solve(self) -> None:
        bindings = self.ctx.facts.bindings
        for _ in range(_MAX_ROUNDS):
            changed = False
            for name, origins in bindings.items():
                reached, found = self._bound(name, origins)
                if not reached:
                    continue
                if name not in self._locals:
                    self._locals[name] = found
                    changed = True
                    continue
                joined = join(self._locals[name], found)
                if joined != self._locals[name]:
                    self._locals[name] = joined
                    changed = True
            if not changed:
                break
        else:
            self._locals = {}  # no fixed point: know nothing
        for name in bindings:
            self._locals.setdefault(name, None)
        self._settled = True
        self._name_symbols()

    def _bound(self, name: str, origins: list[Origin]) -> tuple[bool, TypeValue | None]:
        """Whether any binding of ``name`` has a value yet, and what they agree on."""
        reached = name in self.ctx.meanings
        found = self._parameter(name) if reached else None
        for origin in origins:
            try:
                value = self.origin(origin)
            except _Pending:
                continue
            found = join(found, value) if reached else value
            reached = True
        return reached, found

    def origin(self, origin: Origin) -> TypeValue | None:
        """The type a binding gives its name."""
        if isinstance(origin, Alias):
            return self.of(origin.node)
        if isinstance(origin, Value):
            return self.of(origin.expr)
        if isinstance(origin, Item):
            return element(self.of(origin.expr), origin.position)
        if isinstance(origin, Unpack):
            return element(self.name(origin.name), origin.position)
        if isinstance(origin, TileIndex):
            return IndexValue() if origin.position is None else I32_SCALAR
        if isinstance(origin, Augmented):
            symbol = _AUGMENTED.get(type(origin.node.operator))
            target = origin.node.target
            if symbol is None or not isinstance(target, cst.Name):
                return None
            return binary(symbol, self.name(target.value), self.of(origin.node.value))
        if isinstance(origin, LoopCounter):
            return ScalarType("i", None, weak=None)
        return None

    def _name_symbols(self) -> None:
        """``bm, bn = c.tile_shape``: messages and hover text say ``bm`` rather than
        ``c.tile_shape[0]`` (a ``Const`` parameter or a module constant keeps its name)."""
        for name, origins in self.ctx.facts.bindings.items():
            value = self._locals.get(name)
            if len(origins) != 1 or not isinstance(value, ScalarType) or value.value is None:
                continue
            dim = value.value
            if dim.coeff == 1 and len(dim.symbols) == 1 and "[" in dim.symbols[0]:
                self.labels.setdefault(dim.symbols[0], name)

    # -- expressions ------------------------------------------------------------------------
    def of(self, expr: cst.BaseExpression) -> TypeValue | None:
        """The type of ``expr`` (None: unknown)."""
        if not self._settled:
            return self._evaluate(expr)
        if expr in self._memo:
            return self._memo[expr]
        value = self._evaluate(expr)
        self._memo[expr] = value
        return value

    def tile(self, expr: cst.BaseExpression) -> TileType | None:
        value = self.of(expr)
        return value if isinstance(value, TileType) else None

    def _evaluate(self, expr: cst.BaseExpression) -> TypeValue | None:
        rule = _RULES.get(type(expr))
        return rule(self, expr) if rule is not None else None

    def _name_node(self, expr: cst.BaseExpression) -> TypeValue | None:
        assert isinstance(expr, cst.Name)
        return self._named(expr.value)

    def _binary(self, expr: cst.BaseExpression) -> TypeValue | None:
        assert isinstance(expr, cst.BinaryOperation)
        symbol = OPERATORS.get(type(expr.operator))
        return binary(symbol, self.of(expr.left), self.of(expr.right)) if symbol else None

    def _comparison(self, expr: cst.BaseExpression) -> TypeValue | None:
        assert isinstance(expr, cst.Comparison)
        if len(expr.comparisons) != 1:
            return None
        target = expr.comparisons[0]
        symbol = OPERATORS.get(type(target.operator))
        return binary(symbol, self.of(expr.left), self.of(target.comparator)) if symbol else None

    def _sequence(self, expr: cst.BaseExpression) -> TypeValue | None:
        assert isinstance(expr, (cst.Tuple, cst.List))
        if any(isinstance(e, cst.StarredElement) for e in expr.elements):
            return None
        return SeqType(tuple(self.of(e.value) for e in expr.elements))

    def _named(self, name: str) -> TypeValue | None:
        if name in ("True", "False") and not self.ctx.is_local(name):
            return ScalarType("b")
        if self.ctx.is_local(name):
            return self.name(name)
        meaning = self.ctx.meaning(name)
        dtype = dtype_name(meaning)
        if dtype is not None:
            return DTypeValue(dtype)
        if meaning is not None:
            return None  # tilert's objects, builtins, device functions: not constants
        known = self.env.constants.get(name)
        return ScalarType("i", Dim.of(known)) if known is not None else ModuleName(name)

    def _attribute(self, expr: cst.BaseExpression) -> TypeValue | None:
        assert isinstance(expr, cst.Attribute)
        dotted = dotted_name(expr)
        if dotted is not None and not self.ctx.is_local(head_of(dotted)):
            dtype = dtype_name(self.ctx.meaning(dotted))
            return DTypeValue(dtype) if dtype is not None else None
        return attribute(self, self.of(expr.value), expr.attr.value)

    def _subscript(self, expr: cst.BaseExpression) -> TypeValue | None:
        assert isinstance(expr, cst.Subscript)
        base = self.of(expr.value)
        if isinstance(base, TileType):
            return TileType(sliced(self, base.shape, expr.slice), base.dtype)
        if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
            return None
        index = self.of(expr.slice[0].slice.value)
        if not isinstance(index, ScalarType) or index.value is None:
            return None
        position = index.value.value
        return element(base, position) if position is not None else None


def _integer(types: TileTypes, expr: cst.BaseExpression) -> TypeValue | None:
    assert isinstance(expr, cst.Integer)
    return ScalarType("i", Dim.of(int_value(expr)))


def _unary(types: TileTypes, expr: cst.BaseExpression) -> TypeValue | None:
    assert isinstance(expr, cst.UnaryOperation)
    return unary(expr.operator, types.of(expr.expression))


def _if_expression(types: TileTypes, expr: cst.BaseExpression) -> TypeValue | None:
    assert isinstance(expr, cst.IfExp)
    return join(types.of(expr.body), types.of(expr.orelse))


def _walrus(types: TileTypes, expr: cst.BaseExpression) -> TypeValue | None:
    assert isinstance(expr, cst.NamedExpr)
    return types.of(expr.value)


def _call(types: TileTypes, expr: cst.BaseExpression) -> TypeValue | None:
    assert isinstance(expr, cst.Call)
    return call_type(types, expr)


# How each kind of expression is typed (by exact node class: the hot path of the inference).
_RULES: dict[type[cst.CSTNode], Callable[[TileTypes, cst.BaseExpression], TypeValue | None]] = {
    cst.Name: TileTypes._name_node,
    cst.Integer: _integer,
    cst.Float: lambda types, expr: ScalarType("f"),
    cst.Attribute: TileTypes._attribute,
    cst.Subscript: TileTypes._subscript,
    cst.BinaryOperation: TileTypes._binary,
    cst.UnaryOperation: _unary,
    cst.Comparison: TileTypes._comparison,
    cst.IfExp: _if_expression,
    cst.NamedExpr: _walrus,
    cst.Tuple: TileTypes._sequence,
    cst.List: TileTypes._sequence,
    cst.Call: _call,
}
_AUGMENTED: dict[type[cst.CSTNode], str] = {
    cst.AddAssign: "+",
    cst.SubtractAssign: "-",
    cst.MultiplyAssign: "*",
    cst.DivideAssign: "/",
    cst.FloorDivideAssign: "//",
    cst.ModuloAssign: "%",
    cst.PowerAssign: "**",
    cst.MatrixMultiplyAssign: "@",
    cst.BitAndAssign: "&",
    cst.BitOrAssign: "|",
    cst.BitXorAssign: "^",
    cst.LeftShiftAssign: "<<",
    cst.RightShiftAssign: ">>",
}


def element(value: TypeValue | None, position: int) -> TypeValue | None:
    """``value[position]`` of a tuple-like value (``z.tile_shape[0]``, ``(bm, bk)[1]``)."""
    if isinstance(value, ShapeType):
        shape = value.shape
        if isinstance(shape, ShapeOf):
            return ScalarType("i", shape.element(position), value.weak) if position >= 0 else None
        if -len(shape) <= position < len(shape):
            return ScalarType("i", shape[position], value.weak)
        return None
    if isinstance(value, SeqType):
        return value.items[position] if -len(value.items) <= position < len(value.items) else None
    if isinstance(value, IndexValue):
        return I32_SCALAR
    return None


def attribute(types: TileTypes, base: TypeValue | None, attr: str) -> TypeValue | None:
    """``z.tile_shape``, ``x.shape``, ``x.dtype``, ``z.index``, ``t.shape``, ``t.dtype``."""
    if isinstance(base, TensorParam):
        param = base.param
        if attr == "tile_shape" and types.ctx.kinds.get(param) is ParamKind.MUTABLE:
            return ShapeType(types.tile_shape(param))
        if attr == "shape":
            return ShapeType(types.tensor_shape(param), weak=None)
        if attr == "dtype":
            dtype = types.dtype_of(param)
            return DTypeValue(dtype) if dtype is not None else None
        if attr == "index" and types.ctx.kinds.get(param) is ParamKind.MUTABLE:
            return IndexValue()
        return None
    if isinstance(base, TileType):
        if attr == "shape" and base.shape is not None:
            return ShapeType(base.shape)
        if attr == "dtype" and base.dtype is not None:
            return DTypeValue(base.dtype)
        if attr == "ndim" and isinstance(base.shape, tuple):
            return ScalarType("i", Dim.of(len(base.shape)))
    return None


def sliced(
    types: TileTypes, shape: Shape | None, keys: Sequence[cst.SubscriptElement]
) -> Shape | None:
    """``t[None, :]``, ``t[:, a:b]``: new axes, whole axes and constant slices."""
    if not isinstance(shape, tuple):
        return None
    out: list[Dim | None] = []
    axis = 0
    for key in keys:
        part = key.slice
        if isinstance(part, cst.Index):
            if not (isinstance(part.value, cst.Name) and part.value.value == "None"):
                return None
            out.append(Dim.of(1))
            continue
        if not isinstance(part, cst.Slice) or axis >= len(shape) or part.step is not None:
            return None
        if part.lower is None and part.upper is None:
            out.append(shape[axis])
        else:
            low = _constant(types, part.lower)
            high = _constant(types, part.upper)
            out.append(Dim.of(high - low) if low is not None and high is not None else None)
        axis += 1
    return (*out, *shape[axis:])


def _constant(types: TileTypes, expr: cst.BaseExpression | None) -> int | None:
    value = types.of(expr) if expr is not None else None
    if isinstance(value, ScalarType) and value.value is not None:
        return value.value.value
    return None
