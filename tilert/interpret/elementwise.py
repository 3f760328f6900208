"""Elementwise operations: operators, math functions, where, astype. Shapes broadcast as in
numpy (the leading batch axis kept apart); dtypes follow ``dtype_rules``."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ml_dtypes
import numpy as np

from tilert._core.where import user_frame
from tilert.dtypes import DType, as_dtype, bool_, f32
from tilert.interpret import tiles as _tiles
from tilert.interpret.context import kernel_op
from tilert.interpret.dtype_rules import (
    Scalar,
    arithmetic,
    compute_dtype,
    default_dtype,
    float_for,
    is_scalar,
    promote,
    python_scalar,
    scalar_array,
    true_division,
    with_scalar,
)

if TYPE_CHECKING:
    from tilert.interpret.tiles import Tile

Value = Any  # Tile | Scalar
Ufunc = Callable[..., Any]


def operand(x: object, what: str = "operand") -> Value:
    """A tile as is, a numpy scalar as the Python scalar; anything else is refused."""
    if isinstance(x, _tiles.Tile):
        return x
    if is_scalar(x):
        return python_scalar(x)
    raise TypeError(f"{what} must be a tile or a Python scalar, got {type(x).__name__}")


def dtype_of(x: Value) -> type[DType]:
    return x.dtype if isinstance(x, _tiles.Tile) else default_dtype(x)


def shape_of(x: Value) -> tuple[int, ...]:
    return x.shape if isinstance(x, _tiles.Tile) else ()


def common_dtype(*values: Value) -> type[DType]:
    """The dtype of an operation on ``values``: tiles promote, scalars are weak."""
    tiles = [v for v in values if isinstance(v, _tiles.Tile)]
    scalars: list[Scalar] = [v for v in values if not isinstance(v, _tiles.Tile)]
    if not tiles:
        result = default_dtype(scalars[0])
        for s in scalars[1:]:
            result = promote(result, default_dtype(s))
        return result
    result = arithmetic(tiles[0].dtype)
    for t in tiles[1:]:
        result = promote(result, t.dtype)
    for s in scalars:
        result = with_scalar(result, s)
    return result


def broadcast_shape(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        listed = " and ".join(str(s) for s in shapes)
        raise ValueError(f"tile shapes {listed} do not broadcast together") from None


def aligned(x: Value, dt: np.dtype[Any], rank: int) -> np.ndarray[Any, Any]:
    """``x``'s batched data in ``dt``, with unit axes inserted after the batch axis so that
    numpy broadcasting lines tile axes up from the right."""
    if not isinstance(x, _tiles.Tile):
        return scalar_array(x, dt)
    data = x._data
    if data.dtype != dt:
        data = data.astype(dt)
    missing = rank - (data.ndim - 1)
    if missing:
        data = data.reshape(data.shape[:1] + (1,) * missing + data.shape[1:])
    return data


def wrap(out: np.ndarray[Any, Any], dtype: type[DType], rank: int) -> Tile[Any]:
    """A tile of ``dtype`` from a computed array (adds the batch axis scalars lack)."""
    out = np.asarray(out)
    if out.ndim == rank:
        out = out.reshape((1, *out.shape))
    if out.dtype != dtype.np_dtype:
        out = out.astype(dtype.np_dtype)
    return _tiles.Tile(out, dtype)


# -- binary operators --------------------------------------------------------------------------
Typing = Callable[[type[DType]], tuple[type[DType], Any]]  # operands' dtype -> (result, compute)


def _binary(symbol: str, ufunc: Ufunc, typing: Typing) -> Callable[[Value, Value], Tile[Any]]:
    """Operator ``symbol``: both operands aligned to one rank and to the compute dtype that
    ``typing`` picks from their common dtype (it raises for dtypes the operator refuses)."""

    @kernel_op(f"`{symbol}`")
    def op(a: object, b: object) -> Tile[Any]:
        x, y = operand(a), operand(b)
        result, cdt = typing(common_dtype(x, y))
        rank = len(broadcast_shape(shape_of(x), shape_of(y)))
        return wrap(ufunc(aligned(x, cdt, rank), aligned(y, cdt, rank)), result, rank)

    return op


def _arith(symbol: str, ufunc: Ufunc, *, bool_ok: bool = False) -> Callable[..., Tile[Any]]:
    def typing(common: type[DType]) -> tuple[type[DType], Any]:
        if common is bool_ and not bool_ok:
            raise TypeError(
                f"`{symbol}` on bool_ tiles: convert them first (t.astype(tl.i32)) or use & | ^"
            )
        return common, compute_dtype(common)

    return _binary(symbol, ufunc, typing)


def _true_divide() -> Callable[..., Tile[Any]]:
    def typing(common: type[DType]) -> tuple[type[DType], Any]:
        result = true_division(common)
        return result, compute_dtype(result)

    return _binary("/", np.true_divide, typing)


def _compare(symbol: str, ufunc: Ufunc) -> Callable[..., Tile[Any]]:
    return _binary(symbol, ufunc, lambda common: (bool_, compute_dtype(common)))


def _bitwise(symbol: str, ufunc: Ufunc, *, shift: bool = False) -> Callable[..., Tile[Any]]:
    """``& | ^`` and the shifts, typed as cuTile types them: integer (or, but for shifts, bool_)
    operands; two tiles of different dtypes are refused, not promoted (bool_ with i8 too);
    a Python scalar adopts the tile's dtype."""
    kinds = "iu" if shift else "iub"

    @kernel_op(f"`{symbol}`")
    def op(a: object, b: object) -> Tile[Any]:
        x, y = operand(a), operand(b)
        dx, dy = dtype_of(x), dtype_of(y)
        for d in (dx, dy):
            if d.kind not in kinds:
                raise TypeError(
                    f"`{symbol}` needs integer{'' if shift else ' or bool_'} tiles, got {d}"
                )
        if not shift and isinstance(x, _tiles.Tile) and isinstance(y, _tiles.Tile):
            if dx is not dy:
                raise TypeError(
                    f"`{symbol}` needs operands of one dtype (cuTile does not promote them), "
                    f"got {dx} and {dy}: convert one with tl.astype"
                )
        if not shift and {dx.name, dy.name} == {"bool_", "i8"}:
            raise TypeError(f"`{symbol}` of a bool_ and an i8 operand: convert one (tl.astype)")
        common = common_dtype(x, y)
        rank = len(broadcast_shape(shape_of(x), shape_of(y)))
        cdt = common.np_dtype
        return wrap(ufunc(aligned(x, cdt, rank), aligned(y, cdt, rank)), common, rank)

    return op


def _integer_division(symbol: str, ufunc: Ufunc) -> Ufunc:
    """``ufunc`` warning where an integer divisor is 0: the GPU's result there is undefined
    (the interpreter's is 0). A warning, not an error: ``tl.where(d != 0, x // d, 0)``
    discards those lanes, and computes them all the same (docs/decisions.md, "Bad input")."""

    def checked(a: np.ndarray[Any, Any], b: np.ndarray[Any, Any]) -> Any:
        if b.dtype.kind in "iu" and not np.all(b):
            filename, line = user_frame()
            warnings.warn_explicit(
                f"integer `{symbol}` by zero in a kernel: the GPU's result is undefined there "
                "(the interpreter gives 0); make the divisor nonzero first, such as "
                "tl.where(d == 0, 1, d)",
                RuntimeWarning,
                filename,
                line,
            )
            with np.errstate(divide="ignore"):
                return ufunc(a, b)
        return ufunc(a, b)

    return checked


ADD = _arith("+", np.add)
SUB = _arith("-", np.subtract)
MUL = _arith("*", np.multiply)
FLOORDIV = _arith("//", _integer_division("//", np.floor_divide))
MOD = _arith("%", _integer_division("%", np.remainder))


def _float_only(symbol: str, ufunc: Ufunc, refusal: str) -> Callable[..., Tile[Any]]:
    """An operator the GPU has for float tiles only: the operands' common dtype must be a
    float one, else ``refusal`` (formatted with that dtype) is the error."""

    def typing(common: type[DType]) -> tuple[type[DType], Any]:
        if common.kind != "f":
            raise TypeError(refusal.format(common))
        return common, compute_dtype(common)

    return _binary(symbol, ufunc, typing)


# cuTile's compiler has no integer power ("Missing binary arithmetic implementation for pow, int")
_NO_INTEGER_POWER = (
    "`{}` of {} tiles: the GPU has no integer power; convert to a float first (tl.astype) or "
    "multiply"
)


POW = _float_only("**", np.power, _NO_INTEGER_POWER.format("**", "{}"))
TRUEDIV = _true_divide()
POW_FN = _float_only("tl.pow", np.power, _NO_INTEGER_POWER.format("tl.pow", "{}"))
MAXIMUM = _arith("tl.maximum", np.maximum, bool_ok=True)
MINIMUM = _arith("tl.minimum", np.minimum, bool_ok=True)
LT = _compare("<", np.less)
LE = _compare("<=", np.less_equal)
GT = _compare(">", np.greater)
GE = _compare(">=", np.greater_equal)
EQ = _compare("==", np.equal)
NE = _compare("!=", np.not_equal)
AND = _bitwise("&", np.bitwise_and)
OR = _bitwise("|", np.bitwise_or)
XOR = _bitwise("^", np.bitwise_xor)
LSHIFT = _bitwise("<<", np.left_shift, shift=True)
RSHIFT = _bitwise(">>", np.right_shift, shift=True)


# cuTile promotes both operands to their common dtype and has atan2 only for floats
ATAN2 = _float_only("tl.atan2", np.arctan2, "needs float tiles, got {}: convert first (tl.astype)")


@kernel_op("tl.divmod")
def divmod_(a: object, b: object) -> tuple[Tile[Any], Tile[Any]]:
    """``(a // b, a % b)`` for integer tiles (cuTile has divmod for integers only)."""
    if common_dtype(operand(a), operand(b)).kind not in "iu":
        raise TypeError("tl.divmod needs integer tiles (cuTile has no float divmod): use // and %")
    return FLOORDIV(a, b), MOD(a, b)


@kernel_op("tl.bitcast")
def bitcast(a: object, dtype: Any) -> Tile[Any]:
    """The same bits read as ``dtype``, of the same width (``tl.bitcast(1.0, tl.u32)`` is
    0x3F800000)."""
    value = operand(a, "the argument of tl.bitcast")
    t = value if isinstance(value, _tiles.Tile) else _as_tile(value, "the argument of tl.bitcast")
    target = as_dtype(dtype)
    if target.itemsize != t.dtype.itemsize or bool_ in (target, t.dtype):
        raise TypeError(
            f"tl.bitcast reinterprets bits of one width: {t.dtype} ({8 * t.dtype.itemsize} "
            f"bits) cannot be read as {target} ({8 * target.itemsize} bits)"
        )
    return _tiles.Tile(np.ascontiguousarray(t._data).view(target.np_dtype), target)


# -- unary operators and math functions --------------------------------------------------------
def _as_tile(x: object, what: str) -> Tile[Any]:
    """The operand of a unary operation, which has no meaning for the 8-bit floats."""
    value = operand(x, what)
    if isinstance(value, _tiles.Tile):
        arithmetic(value.dtype)
        return value
    dt = default_dtype(value)
    return _tiles.Tile(scalar_array(value, dt.np_dtype).reshape(1), dt)


@kernel_op("unary `-`")
def NEG(a: object) -> Tile[Any]:
    t = _as_tile(a, "operand")
    if t.dtype is bool_:
        raise TypeError("unary `-` on a bool_ tile: use `~` for logical not")
    cdt = compute_dtype(t.dtype)
    return wrap(np.negative(t._data.astype(cdt, copy=False)), t.dtype, t.ndim)


@kernel_op("`~`")
def INVERT(a: object) -> Tile[Any]:
    t = _as_tile(a, "operand")
    if t.dtype.kind not in "iub":
        raise TypeError(f"`~` needs an integer or bool_ tile, got {t.dtype}")
    return wrap(np.invert(t._data), t.dtype, t.ndim)


@kernel_op("tl.abs")
def ABS(a: object) -> Tile[Any]:
    t = _as_tile(a, "operand")
    if t.dtype.kind in "ub":
        return t
    cdt = compute_dtype(t.dtype)
    return wrap(np.abs(t._data.astype(cdt, copy=False)), t.dtype, t.ndim)


def _rsqrt(x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    out: np.ndarray[Any, Any] = 1.0 / np.sqrt(x)
    return out


def _math(name: str, fn: Ufunc) -> Callable[[object], Tile[Any]]:
    @kernel_op(f"tl.{name}")
    def op(a: object) -> Tile[Any]:
        t = _as_tile(a, f"the argument of tl.{name}")
        result = float_for(t.dtype)
        cdt = compute_dtype(result)
        return wrap(fn(t._data.astype(cdt, copy=False)).astype(cdt, copy=False), result, t.ndim)

    return op


EXP = _math("exp", np.exp)
EXP2 = _math("exp2", np.exp2)
LOG = _math("log", np.log)
SQRT = _math("sqrt", np.sqrt)
RSQRT = _math("rsqrt", _rsqrt)
SIN = _math("sin", np.sin)
COS = _math("cos", np.cos)
TANH = _math("tanh", np.tanh)
TAN = _math("tan", np.tan)
SINH = _math("sinh", np.sinh)
COSH = _math("cosh", np.cosh)
LOG2 = _math("log2", np.log2)


def _float_tile(x: object, name: str) -> Tile[Any]:
    """The operand of a float-only function: cuTile refuses integer and bool_ tiles there."""
    t = _as_tile(x, f"the argument of tl.{name}")
    if t.dtype.kind != "f":
        raise TypeError(f"needs a float tile, got {t.dtype}: convert first (tl.astype)")
    return t


def _rounding(name: str, fn: Ufunc) -> Callable[[object], Tile[Any]]:
    @kernel_op(f"tl.{name}")
    def op(a: object) -> Tile[Any]:
        t = _float_tile(a, name)
        cdt = compute_dtype(t.dtype)
        return wrap(fn(t._data.astype(cdt, copy=False)), t.dtype, t.ndim)

    return op


FLOOR = _rounding("floor", np.floor)
CEIL = _rounding("ceil", np.ceil)


@kernel_op("tl.isnan")
def ISNAN(a: object) -> Tile[Any]:
    t = _float_tile(a, "isnan")
    return wrap(np.isnan(t._data.astype(compute_dtype(t.dtype), copy=False)), bool_, t.ndim)


# -- where and astype --------------------------------------------------------------------------
@kernel_op("tl.where")
def where(cond: object, a: object, b: object) -> Tile[Any]:
    c = operand(cond, "the condition")
    if dtype_of(c) is not bool_:
        raise TypeError(
            f"the condition must be a bool_ tile (got {dtype_of(c)}); compare first, e.g. t > 0"
        )
    x, y = operand(a, "the second argument"), operand(b, "the third argument")
    result = common_dtype(x, y)
    rank = len(broadcast_shape(shape_of(c), shape_of(x), shape_of(y)))
    cdt = result.np_dtype
    out = np.where(aligned(c, bool_.np_dtype, rank), aligned(x, cdt, rank), aligned(y, cdt, rank))
    return wrap(out, result, rank)


def convert(
    data: np.ndarray[Any, Any], source: type[DType], target: type[DType]
) -> np.ndarray[Any, Any]:
    """``data`` (of ``source``) converted to ``target`` as the GPU converts: floats to integers
    truncate toward zero (see ``_float_to_int``), anything to bool_ tests for nonzero."""
    if source is target:
        return data
    out: np.ndarray[Any, Any]
    if target is bool_:
        out = data != 0
    elif not source.arithmetic:  # an 8-bit float: every value is exact in f32
        out = convert(data.astype(np.float32), f32, target)
    elif not target.arithmetic:  # to an 8-bit float: from f32, nearest even, saturating
        wide = convert(data, source, f32)
        largest = float(ml_dtypes.finfo(target.np_dtype).max)  # type: ignore[no-untyped-call]
        out = np.clip(wide, -largest, largest).astype(target.np_dtype)  # (NaN stays NaN)
    elif "bf16" in (source.name, target.name) and source.kind == target.kind == "f":
        out = data.astype(np.float32).astype(target.np_dtype)
    elif source.kind == "f" and target.kind in "iu":
        out = _float_to_int(data, target.np_dtype)
    else:
        with np.errstate(over="ignore"):  # a float too large for the target is inf, no warning
            out = data.astype(target.np_dtype)
    return out


def _float_to_int(data: np.ndarray[Any, Any], target: np.dtype[Any]) -> np.ndarray[Any, Any]:
    """Floats to ``target`` as the H100 converts them (measured with cuda.tile 1.7 by
    ``benchmarks/gpu_probe_conversions.py`` and ``tests/gpu/test_gpu_conversions.py``): toward
    zero, saturating at the range of ``target``; an 8-bit target saturates at the 16-bit range
    of its signedness and keeps the low byte (300.7 to u8 is 44, inf is 255, -1.5 is 0). NaN is
    0, except where the conversion is a 64-bit one (from f64, or to a 64-bit type): there it is
    the value of the type's sign bit alone (f64 to i32 gives -2**31, f32 to u64 2**63)."""
    wide = np.trunc(data.astype(np.float64))
    through = target if target.itemsize >= 2 else np.dtype(f"{target.kind}2")
    info = np.iinfo(through.str)
    nan = np.isnan(wide)
    sixty_four = data.dtype == np.float64 or target.itemsize == 8
    sign_bit = info.min if target.kind == "i" else (int(info.max) + 1) // 2
    wide[nan] = sign_bit if sixty_four else 0.0
    low, high = wide <= info.min, wide >= info.max
    out = np.where(low | high, 0.0, wide).astype(through)
    out[low] = info.min
    out[high] = info.max
    return out.astype(target)  # an 8-bit target keeps the low byte


@kernel_op("tl.astype")
def astype(a: object, dtype: Any) -> Tile[Any]:
    value = operand(a, "the argument of tl.astype")
    t = value if isinstance(value, _tiles.Tile) else _as_tile(value, "the argument of tl.astype")
    target = as_dtype(dtype)
    if target.not_in_kernels:
        raise TypeError(target.not_in_kernels)
    return _tiles.Tile(convert(t._data, t.dtype, target), target)
