"""The type of a call in a kernel: a ``tl`` function, a tensor parameter's ``load`` or
``load_tile``, a tile's own methods (``t.astype``, ``t.reshape``), ``float("-inf")``.

Each ``tl`` function gets its arguments bound by name (``lang_api``'s signatures), so
``tl.sum(t, 1)`` and ``tl.sum(t, axis=1)`` read the same; a call whose arguments cannot bind is
TC204's and has no type here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

import libcst as cst

from tilecheck.kernel.context import KernelContext
from tilecheck.kernel.dtype_rules import Operand, common, float_for, promote, summed
from tilecheck.kernel.lang_api import FUNCTIONS
from tilecheck.kernel.lang_signature import LangSignature
from tilecheck.kernel.operators import binary, operand, shape_of, unary_dtype
from tilecheck.kernel.shape_ops import (
    broadcast,
    certainly_equal,
    element_count,
    expanded,
    joined,
    permuted,
    product_shape,
    reduced,
    transposed,
)
from tilecheck.kernel.shapes import argument
from tilecheck.kernel.tiletypes import (
    I32_SCALAR,
    Dim,
    DTypeValue,
    ModuleName,
    ScalarType,
    SeqType,
    Shape,
    ShapeType,
    TensorParam,
    TileType,
    Value,
)
from tilecheck.kernel_signature import ParamKind

Arguments = Mapping[str, cst.BaseExpression]


class Inference(Protocol):
    """What the call rules ask of the inference (``tilecheck.kernel.inference.TileTypes``)."""

    @property
    def ctx(self) -> KernelContext: ...

    def of(self, expr: cst.BaseExpression) -> Value | None: ...

    def tile(self, expr: cst.BaseExpression) -> TileType | None: ...

    def tile_shape(self, param: str) -> Shape: ...

    def dtype_of(self, param: str) -> str | None: ...


def bind_arguments(sig: LangSignature, call: cst.Call) -> dict[str, cst.BaseExpression] | None:
    """The call's arguments by parameter name; None when they do not bind plainly."""
    positional = [p.name for p in sig.parameters if p.positional]
    bound: dict[str, cst.BaseExpression] = {}
    index = 0
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is not None:
            name = arg.keyword.value
        elif index < len(positional):
            name = positional[index]
            index += 1
        else:
            return None
        if name in bound:
            return None
        bound[name] = arg.value
    return bound


def call_type(types: Inference, call: cst.Call) -> Value | None:
    ctx = types.ctx
    function = ctx.lang_function(call)
    if function == "load_tile":
        assert isinstance(call.func, cst.Attribute)
        receiver = types.of(call.func.value)
        shape = argument_shape(types, argument(call, 0, "shape"))
        dtype = types.dtype_of(receiver.param) if isinstance(receiver, TensorParam) else None
        return TileType(shape, dtype)
    if function is not None:
        handler = _HANDLERS.get(function)
        sig = FUNCTIONS.get(function)
        args = bind_arguments(sig, call) if sig is not None else None
        return handler(types, args) if handler is not None and args is not None else None
    if isinstance(call.func, cst.Attribute):
        return _method(types, types.of(call.func.value), call.func.attr.value, call)
    if isinstance(call.func, cst.Name) and call.func.value == "float" and not ctx.is_local("float"):
        return ScalarType("f") if ctx.meaning("float") == "builtins.float" else None
    return None


def _method(types: Inference, receiver: Value | None, method: str, call: cst.Call) -> Value | None:
    """``z.load()`` of a Mutable parameter; ``t.astype(dt)``, ``t.reshape(...)``,
    ``t.transpose()``, ``t.permute(axes)``, ``t.item()`` of a tile."""
    if isinstance(receiver, TensorParam):
        if method == "load" and types.ctx.kinds.get(receiver.param) is ParamKind.MUTABLE:
            return TileType(types.tile_shape(receiver.param), types.dtype_of(receiver.param))
        return None
    if not isinstance(receiver, TileType):
        return None
    if method == "astype":
        target = argument(call, 0, "dtype")
        return TileType(receiver.shape, dtype_argument(types, target))
    if method == "item":
        return TileType((), receiver.dtype)
    if method == "reshape":
        return reshaped(receiver, method_shape(types, call))
    if method == "transpose":
        return _transposed(types, receiver, argument(call, 0, "axis0"), argument(call, 1, "axis1"))
    if method == "permute":
        order = int_sequence(types, argument(call, 0, "axes"))
        shape = permuted(receiver.shape, order) if order is not None else None
        return TileType(shape, receiver.dtype)
    return None


# -- reading arguments ----------------------------------------------------------------------


def method_shape(types: Inference, call: cst.Call) -> Shape | None:
    """``t.reshape(shape)`` or ``t.reshape(d0, d1, ...)``."""
    if len(call.args) == 1 and call.args[0].keyword is None:
        return argument_shape(types, call.args[0].value)
    if not call.args or any(a.star or a.keyword is not None for a in call.args):
        return None
    return tuple(_dim(types.of(a.value)) for a in call.args)


def _dim(value: Value | None) -> Dim | None:
    if isinstance(value, ScalarType) and value.kind == "i":
        return value.value
    if isinstance(value, ModuleName):
        return Dim.symbol(value.name)
    return None


def argument_shape(types: Inference, expr: cst.BaseExpression | None) -> Shape | None:
    """A shape argument: ``(bm, bk)``, ``z.tile_shape``, ``64``."""
    if expr is None:
        return None
    value = types.of(expr)
    if isinstance(value, ShapeType):
        return value.shape
    if isinstance(value, SeqType):
        return tuple(_dim(item) for item in value.items)
    if isinstance(value, ScalarType) and value.kind == "i":
        return (value.value,)
    return None


def dtype_argument(types: Inference, expr: cst.BaseExpression | None) -> str | None:
    value = types.of(expr) if expr is not None else None
    return value.name if isinstance(value, DTypeValue) else None


def const_int(types: Inference, expr: cst.BaseExpression | None) -> int | None:
    value = types.of(expr) if expr is not None else None
    if isinstance(value, ScalarType) and value.kind == "i" and value.value is not None:
        return value.value.value
    return None


def int_sequence(types: Inference, expr: cst.BaseExpression | None) -> tuple[int, ...] | None:
    value = types.of(expr) if expr is not None else None
    if not isinstance(value, SeqType):
        return None
    out: list[int] = []
    for item in value.items:
        if not isinstance(item, ScalarType) or item.value is None or item.value.value is None:
            return None
        out.append(item.value.value)
    return tuple(out)


def _axes(types: Inference, expr: cst.BaseExpression | None) -> tuple[bool, tuple[int, ...] | None]:
    """A reduction's ``axis``: (known, the axes; None for every axis)."""
    if expr is None or (isinstance(expr, cst.Name) and expr.value == "None"):
        return True, None
    single = const_int(types, expr)
    if single is not None:
        return True, (single,)
    many = int_sequence(types, expr)
    return many is not None, many


def _flag(expr: cst.BaseExpression | None, default: bool) -> bool | None:
    if expr is None:
        return default
    if isinstance(expr, cst.Name) and expr.value in ("True", "False"):
        return expr.value == "True"
    return None


# -- the tl functions -----------------------------------------------------------------------
Handler = Callable[[Inference, Arguments], Value | None]


def _tensor_dtype(types: Inference, expr: cst.BaseExpression | None) -> str | None:
    value = types.of(expr) if expr is not None else None
    return types.dtype_of(value.param) if isinstance(value, TensorParam) else None


def _load_tile_like(types: Inference, args: Arguments) -> Value | None:
    z = types.of(args["z"]) if "z" in args else None
    if not isinstance(z, TensorParam) or types.ctx.kinds.get(z.param) is not ParamKind.MUTABLE:
        return None
    return TileType(types.tile_shape(z.param), _tensor_dtype(types, args.get("x")))


def _filled(types: Inference, args: Arguments) -> Value | None:
    return TileType(
        argument_shape(types, args.get("shape")), dtype_argument(types, args.get("dtype"))
    )


def _arange(types: Inference, args: Arguments) -> Value | None:
    n = types.of(args["n"]) if "n" in args else None
    dtype = dtype_argument(types, args["dtype"]) if "dtype" in args else "i32"
    return TileType((_dim(n),), dtype)


def _converted(parameter: str) -> Handler:
    def handler(types: Inference, args: Arguments) -> Value | None:
        source = types.of(args[parameter]) if parameter in args else None
        return TileType(shape_of(source), dtype_argument(types, args.get("dtype")))

    return handler


def _where(types: Inference, args: Arguments) -> Value | None:
    values = [types.of(args[k]) if k in args else None for k in ("cond", "a", "b")]
    shape = broadcast([shape_of(v) for v in values])
    a, b = operand(values[1]), operand(values[2])
    return TileType(shape, common((a, b)) if a is not None and b is not None else None)


def _transcendental(types: Inference, args: Arguments) -> Value | None:
    x = types.of(args["x"]) if "x" in args else None
    return TileType(shape_of(x), float_for(unary_dtype(x)))


def _same_dtype(types: Inference, args: Arguments) -> Value | None:
    x = types.of(args["x"]) if "x" in args else None
    return TileType(shape_of(x), unary_dtype(x))


def _isnan(types: Inference, args: Arguments) -> Value | None:
    x = types.of(args["x"]) if "x" in args else None
    return TileType(shape_of(x), "bool_")


def _pairwise(symbol: str, first: str, second: str) -> Handler:
    def handler(types: Inference, args: Arguments) -> Value | None:
        if first not in args or second not in args:
            return None
        return binary(symbol, types.of(args[first]), types.of(args[second]), function=True)

    return handler


def _reduction(result: Callable[[str | None], str | None], *, many_axes: bool) -> Handler:
    def handler(types: Inference, args: Arguments) -> Value | None:
        source = types.tile(args["t"] if "t" in args else args["x"]) if args else None
        if source is None:
            return None
        known, axes = _axes(types, args.get("axis"))
        keepdims = _flag(args.get("keepdims"), False)
        if not known or keepdims is None or (not many_axes and axes is not None and len(axes) != 1):
            return TileType(None, result(source.dtype))
        return TileType(reduced(source.shape, axes, keepdims), result(source.dtype))

    return handler


def _scan(result: Callable[[str | None], str | None]) -> Handler:
    def handler(types: Inference, args: Arguments) -> Value | None:
        source = types.tile(args["t"] if "t" in args else args["x"]) if args else None
        return TileType(source.shape, result(source.dtype)) if source is not None else None

    return handler


def _mma(types: Inference, args: Arguments) -> Value | None:
    return types.tile(args["acc"]) if "acc" in args else None


def _matmul(types: Inference, args: Arguments) -> Value | None:
    a = types.tile(args["a"]) if "a" in args else None
    b = types.tile(args["b"]) if "b" in args else None
    if a is None or b is None:
        return None
    dtype = promote(a.dtype, b.dtype) if a.dtype and b.dtype else None
    return TileType(product_shape(a.shape, b.shape), dtype)


def _reshaped(types: Inference, args: Arguments) -> Value | None:
    source = types.tile(args["t"]) if "t" in args else None
    return reshaped(source, argument_shape(types, args.get("shape")))


def reshaped(source: TileType | None, target: Shape | None) -> TileType | None:
    """A reshape (or a broadcast) of ``source`` into ``target``; of unknown shape when the
    element counts certainly differ (the reshape fails: nothing after it is known)."""
    if source is None:
        return None
    before, after = element_count(source.shape), element_count(target)
    if before is not None and after is not None and before.differs(after):
        return TileType(None, source.dtype)
    return TileType(target, source.dtype)


def _permute(types: Inference, args: Arguments) -> Value | None:
    source = types.tile(args["t"]) if "t" in args else None
    order = int_sequence(types, args.get("axes"))
    if source is None:
        return None
    return TileType(permuted(source.shape, order) if order is not None else None, source.dtype)


def _transpose(types: Inference, args: Arguments) -> Value | None:
    source = types.tile(args["t"]) if "t" in args else None
    return _transposed(types, source, args.get("axis0"), args.get("axis1"))


def _transposed(
    types: Inference,
    source: TileType | None,
    axis0: cst.BaseExpression | None,
    axis1: cst.BaseExpression | None,
) -> TileType | None:
    """Two axes swapped (the last two unless given)."""
    if source is None:
        return None
    axes = (const_int(types, axis0), const_int(types, axis1))
    if (axis0 is not None and axes[0] is None) or (axis1 is not None and axes[1] is None):
        return TileType(None, source.dtype)
    return TileType(transposed(source.shape, axes[0], axes[1]), source.dtype)


def _expand_dims(types: Inference, args: Arguments) -> Value | None:
    source = types.tile(args["t"]) if "t" in args else None
    axis = const_int(types, args.get("axis"))
    if source is None:
        return None
    return TileType(expanded(source.shape, axis) if axis is not None else None, source.dtype)


def _cat(types: Inference, args: Arguments) -> Value | None:
    parts = types.of(args["tiles"]) if "tiles" in args else None
    if not isinstance(parts, SeqType) or not parts.items:
        return None
    tiles = [p for p in parts.items if isinstance(p, TileType)]
    if len(tiles) != len(parts.items):
        return None
    axis = const_int(types, args["axis"]) if "axis" in args else 0
    first = tiles[0].shape
    same = all(certainly_equal(t.shape, first) for t in tiles)
    shape = joined(first, len(tiles), axis) if same and axis is not None else None
    dtype = common(tuple(Operand(dtype=t.dtype) for t in tiles))
    return TileType(shape, dtype)


def _extract(types: Inference, args: Arguments) -> Value | None:
    source = types.tile(args["x"]) if "x" in args else None
    return TileType(argument_shape(types, args.get("shape")), source.dtype if source else None)


def _insert(types: Inference, args: Arguments) -> Value | None:
    return types.tile(args["x"]) if "x" in args else None


def _gather(types: Inference, args: Arguments) -> Value | None:
    indices = types.of(args["indices"]) if "indices" in args else None
    items = indices.items if isinstance(indices, SeqType) else (indices,)
    shape = broadcast([shape_of(i) for i in items])
    return TileType(shape, _tensor_dtype(types, args.get("x")))


def _random(dtype: str) -> Handler:
    def handler(types: Inference, args: Arguments) -> Value | None:
        offsets = types.of(args["offsets"]) if "offsets" in args else None
        return TileType(shape_of(offsets), dtype)

    return handler


def _python_int(types: Inference, args: Arguments) -> Value | None:
    return ScalarType("i")


def _cdiv(types: Inference, args: Arguments) -> Value | None:
    a = types.of(args["a"]) if "a" in args else None
    b = types.of(args["b"]) if "b" in args else None
    if isinstance(a, ScalarType) and isinstance(b, ScalarType) and a.kind == b.kind == "i":
        return ScalarType("i", None, None if a.weak is None or b.weak is None else True)
    return None


def _bid(types: Inference, args: Arguments) -> Value | None:
    return I32_SCALAR


_HANDLERS: dict[str, Handler] = {
    "load_tile_like": _load_tile_like,
    "zeros": _filled,
    "full": _filled,
    "arange": _arange,
    "astype": _converted("t"),
    "bitcast": _converted("x"),
    "where": _where,
    **{
        name: _transcendental
        for name in (
            "exp exp2 log log2 sqrt rsqrt sin cos tan tanh sinh cosh "
            "sigmoid softplus log1p expm1 erf"
        ).split()
    },
    "floor": _same_dtype,
    "ceil": _same_dtype,
    "abs": _same_dtype,
    "isnan": _isnan,
    "atan2": _pairwise("atan2", "x1", "x2"),
    "pow": _pairwise("pow", "x", "y"),
    "mod": _pairwise("%", "x", "y"),
    "floordiv": _pairwise("//", "x", "y"),
    "maximum": _pairwise("maximum", "a", "b"),
    "minimum": _pairwise("minimum", "a", "b"),
    "sum": _reduction(summed, many_axes=True),
    "prod": _reduction(summed, many_axes=True),
    "max": _reduction(lambda d: d, many_axes=True),
    "min": _reduction(lambda d: d, many_axes=True),
    "argmax": _reduction(lambda d: "i32", many_axes=False),
    "argmin": _reduction(lambda d: "i32", many_axes=False),
    "reduce": _reduction(lambda d: d, many_axes=True),
    "cumsum": _scan(summed),
    "cumprod": _scan(summed),
    "scan": _scan(lambda d: d),
    "mma": _mma,
    "matmul": _matmul,
    "reshape": _reshaped,
    "broadcast_to": _reshaped,
    "permute": _permute,
    "transpose": _transpose,
    "expand_dims": _expand_dims,
    "cat": _cat,
    "extract": _extract,
    "insert": _insert,
    "gather": _gather,
    "rand": _random("f32"),
    "randn": _random("f32"),
    "randint": _random("u32"),
    "bid": _bid,
    "num_blocks": _python_int,
    "num_tiles": _python_int,
    "cdiv": _cdiv,
}
