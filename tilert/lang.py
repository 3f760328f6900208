"""The kernel language: ``import tilert.lang as tl``.

Everything here runs only inside a ``@tr.kernel`` (or a ``@tr.function`` it calls) while the
kernel is launched; called anywhere else it raises RuntimeError. Under the ``cutile`` backend
kernels are compiled from their source, so these functions define the language's meaning and
the ``interpret`` backend (numpy, ``tilert.interpret``) implements it.

Values:

* A Mutable parameter ``z`` is the block's own tile of a partition: ``z.load()``,
  ``z.store(tile)``, ``z.index`` (the tile's coordinates), ``z.tile_shape``, ``z.shape``
  (the whole tensor), ``z.dtype``. For a mapped partition ``for idx in z.tiles():`` yields the
  block's tiles and ``z.load(at=idx)`` / ``z.store(tile, at=idx)`` reach them.
* A Shared parameter ``x`` is read-only: ``load_tile_like(x, z)``, ``x.load_tile(shape,
  index)``, ``x.shape``, ``x.dtype``.
* Every load takes ``latency=`` (an int from 1 to 10 known at compile time, or None): cuTile's
  hint of how heavy the load's DRAM traffic is. The interpreter checks it and ignores it.
* Tiles (``Tile[dt]``) are immutable; every dimension is a power of two. Operators
  (``+ - * / // % ** @``, comparisons, ``& | ^ ~ << >>``) work between tiles (numpy-style
  broadcasting) and with Python scalars.

Semantics decided here (where cuTile and numpy leave a choice):

* dtypes: two tiles promote by cuTile's table (an integer with a float gives the float, the
  wider of one kind wins; signed with unsigned, f16 with bf16 and the 8-bit floats refuse); a
  Python scalar is weakly typed and adopts the tile's dtype unless it is of a higher kind (a
  float with an integer tile gives f32); a scalar *parameter* is typed as the GPU passes it
  (``int`` i32, ``float`` f32). ``/`` on integer tiles gives f32; ``//`` and ``%`` round
  toward negative infinity (Python's rule); ``**`` is for floats (the GPU has no integer
  power); ``& | ^`` need one dtype. f16/bf16 compute in f32 and round after each op.
* loads past the tensor's edge read 0; stores are clipped to the tensor; ``z.store`` converts
  the tile to the tensor's dtype, but its shape must equal the partition's tile shape.
* reductions of f16/bf16 accumulate in f32; integer sums wrap in the tile's dtype; a bool_
  tile sums as i32. ``mma`` multiplies exactly and accumulates in acc's dtype (f32 for f16/bf16
  inputs, as tensor cores do).
* ``bid``/``num_blocks`` take axis 0, 1 or 2; an axis the grid lacks is 0 / 1.
* ``printf`` uses %-formatting (as C's printf) and prefixes each line with the block id.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TypeVar

import tilert.lang as tl  # (this module: the composites at the end name its ops as users do)
from tilert._core.validation import publish
from tilert._lang.combine import reduce, scan
from tilert._lang.launch import bid, cdiv, num_blocks, num_tiles, printf, static_assert
from tilert._lang.memory import gather, unsafe
from tilert.annotations import Const, Mutable, Shared
from tilert.dtypes import (
    DType,
    bf16,
    bool_,
    f8e4m3fn,
    f8e5m2,
    f8e8m0fnu,
    f16,
    f32,
    f64,
    i8,
    i16,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
)
from tilert.interpret import creation as _creation
from tilert.interpret import elementwise as _ew
from tilert.interpret import linalg as _linalg
from tilert.interpret import reductions as _reductions
from tilert.interpret import shapes as _shapes
from tilert.interpret import views as _views
from tilert.interpret.tiles import Tile
from tilert.kernel import function as _function
from tilert.tensor import Tensor

__all__ = [
    "Const",
    "DType",
    "Mutable",
    "Shared",
    "Tensor",
    "Tile",
    "abs",
    "arange",
    "argmax",
    "argmin",
    "astype",
    "atan2",
    "bf16",
    "bid",
    "bitcast",
    "bool_",
    "broadcast_to",
    "cat",
    "cdiv",
    "ceil",
    "cos",
    "cosh",
    "cumprod",
    "cumsum",
    "divmod",
    "erf",
    "exp",
    "exp2",
    "expand_dims",
    "expm1",
    "extract",
    "f8e4m3fn",
    "f8e5m2",
    "f8e8m0fnu",
    "f16",
    "f32",
    "f64",
    "floor",
    "floordiv",
    "full",
    "gather",
    "i8",
    "i16",
    "i32",
    "i64",
    "insert",
    "isnan",
    "load_tile_like",
    "log",
    "log1p",
    "log2",
    "matmul",
    "max",
    "maximum",
    "min",
    "minimum",
    "mma",
    "mod",
    "num_blocks",
    "num_tiles",
    "permute",
    "pow",
    "printf",
    "prod",
    "rand",
    "randint",
    "randint4x",
    "randn",
    "reduce",
    "reshape",
    "rsqrt",
    "scan",
    "sigmoid",
    "sin",
    "sinh",
    "softplus",
    "sqrt",
    "static_assert",
    "sum",
    "tan",
    "tanh",
    "transpose",
    "u8",
    "u16",
    "u32",
    "u64",
    "unsafe",
    "where",
    "zeros",
]

DT = TypeVar("DT", bound=DType)
TileLike = Tile[Any] | bool | int | float
Shape = int | Sequence[int]
Axis = int | Sequence[int] | None


# -- loading ----------------------------------------------------------------------------------
def load_tile_like(x: Any, z: Any, at: Any = None, latency: int | None = None) -> Tile[Any]:
    """The tile of ``x`` at ``z``'s tile position, with ``z``'s tile shape (zeros past the
    edge of ``x``). For a mapped ``z`` pass ``at=idx`` from ``z.tiles()``. ``latency`` (1-10,
    or None: the compiler's guess) hints how heavy the load's DRAM traffic is, for the GPU."""
    return _views.load_tile_like(x, z, at, latency)


# -- creation ---------------------------------------------------------------------------------
def zeros(shape: Shape, dtype: type[DT]) -> Tile[DT]:
    """A tile of zeros."""
    return _creation.zeros(shape, dtype)


def full(shape: Shape, value: TileLike, dtype: type[DT]) -> Tile[DT]:
    """A tile filled with ``value`` (a scalar, or a 0-d tile)."""
    return _creation.full(shape, value, dtype)


def arange(n: int, dtype: type[DType] = i32) -> Tile[Any]:
    """``[0, 1, ..., n - 1]`` (``n`` a power of two)."""
    return _creation.arange(n, dtype)


def astype(t: TileLike, dtype: type[DT]) -> Tile[DT]:
    """``t`` converted to ``dtype`` (floats to integers truncate toward zero)."""
    return _ew.astype(t, dtype)


def where(cond: TileLike, a: TileLike, b: TileLike) -> Tile[Any]:
    """Elementwise ``a if cond else b`` (``cond`` a bool_ tile; shapes broadcast)."""
    return _ew.where(cond, a, b)


# -- math -------------------------------------------------------------------------------------
def exp(x: TileLike) -> Tile[Any]:
    """e**x (integer tiles compute in f32)."""
    return _ew.EXP(x)


def exp2(x: TileLike) -> Tile[Any]:
    """2**x."""
    return _ew.EXP2(x)


def log(x: TileLike) -> Tile[Any]:
    """Natural logarithm."""
    return _ew.LOG(x)


def sqrt(x: TileLike) -> Tile[Any]:
    """Square root."""
    return _ew.SQRT(x)


def rsqrt(x: TileLike) -> Tile[Any]:
    """1 / sqrt(x)."""
    return _ew.RSQRT(x)


def sin(x: TileLike) -> Tile[Any]:
    """Sine."""
    return _ew.SIN(x)


def cos(x: TileLike) -> Tile[Any]:
    """Cosine."""
    return _ew.COS(x)


def tanh(x: TileLike) -> Tile[Any]:
    """Hyperbolic tangent."""
    return _ew.TANH(x)


def tan(x: TileLike) -> Tile[Any]:
    """Tangent (integer tiles compute in f32)."""
    return _ew.TAN(x)


def sinh(x: TileLike) -> Tile[Any]:
    """Hyperbolic sine (integer tiles compute in f32)."""
    return _ew.SINH(x)


def cosh(x: TileLike) -> Tile[Any]:
    """Hyperbolic cosine (integer tiles compute in f32)."""
    return _ew.COSH(x)


def log2(x: TileLike) -> Tile[Any]:
    """Base-2 logarithm (integer tiles compute in f32)."""
    return _ew.LOG2(x)


def floor(x: TileLike) -> Tile[Any]:
    """The largest integer not above x, in x's float dtype (cuTile refuses integer tiles)."""
    return _ew.FLOOR(x)


def ceil(x: TileLike) -> Tile[Any]:
    """The smallest integer not below x, in x's float dtype (cuTile refuses integer tiles)."""
    return _ew.CEIL(x)


def isnan(x: TileLike) -> Tile[Any]:
    """A bool_ tile: where x is NaN (float tiles only, as in cuTile)."""
    return _ew.ISNAN(x)


def atan2(x1: TileLike, x2: TileLike) -> Tile[Any]:
    """The angle of the point (x2, x1) in radians, in [-pi, pi]: ``x1`` is y, ``x2`` is x.
    Both promote to their common dtype, which must be a float one."""
    return _ew.ATAN2(x1, x2)


def pow(x: TileLike, y: TileLike) -> Tile[Any]:
    """``x ** y`` elementwise: the same operation as the operator."""
    return _ew.POW_FN(x, y)


def mod(x: TileLike, y: TileLike) -> Tile[Any]:
    """``x % y`` elementwise (the remainder takes the sign of ``y``, as in Python)."""
    return _ew.MOD(x, y)


def floordiv(x: TileLike, y: TileLike) -> Tile[Any]:
    """``x // y`` elementwise (rounds toward negative infinity, as in Python)."""
    return _ew.FLOORDIV(x, y)


def divmod(x: TileLike, y: TileLike) -> tuple[Tile[Any], Tile[Any]]:
    """``(x // y, x % y)`` for integer tiles (cuTile has no float divmod)."""
    return _ew.divmod_(x, y)


def bitcast(x: TileLike, dtype: type[DT]) -> Tile[DT]:
    """The same bits read as ``dtype``, which has the same width (``bitcast(1.0, u32)`` is
    0x3F800000)."""
    return _ew.bitcast(x, dtype)


def abs(x: TileLike) -> Tile[Any]:
    """Absolute value (keeps the dtype)."""
    return _ew.ABS(x)


def maximum(a: TileLike, b: TileLike) -> Tile[Any]:
    """Elementwise maximum (NaN propagates)."""
    return _ew.MAXIMUM(a, b)


def minimum(a: TileLike, b: TileLike) -> Tile[Any]:
    """Elementwise minimum (NaN propagates)."""
    return _ew.MINIMUM(a, b)


# -- reductions -------------------------------------------------------------------------------
def sum(t: Tile[Any], axis: Axis = None, keepdims: bool = False) -> Tile[Any]:
    """Sum over ``axis`` (all axes by default)."""
    return _reductions.SUM(t, axis, keepdims)  # type: ignore[no-any-return]


def prod(t: Tile[Any], axis: Axis = None, keepdims: bool = False) -> Tile[Any]:
    """Product over ``axis`` (all axes by default)."""
    return _reductions.PROD(t, axis, keepdims)  # type: ignore[no-any-return]


def max(t: Tile[Any], axis: Axis = None, keepdims: bool = False) -> Tile[Any]:
    """Maximum over ``axis`` (all axes by default)."""
    return _reductions.MAX(t, axis, keepdims)  # type: ignore[no-any-return]


def min(t: Tile[Any], axis: Axis = None, keepdims: bool = False) -> Tile[Any]:
    """Minimum over ``axis`` (all axes by default)."""
    return _reductions.MIN(t, axis, keepdims)  # type: ignore[no-any-return]


def argmax(t: Tile[Any], axis: int | None = None, keepdims: bool = False) -> Tile[Any]:
    """The index (i32) of the maximum along ``axis``; of the flattened tile for None (with
    ``keepdims`` then every axis kept as 1). Ties give the first index. NaN counts as smaller
    than every number, as cuTile's argmax does (numpy's would pick the NaN); all NaN gives 0."""
    return _reductions.ARGMAX(t, axis, keepdims)  # type: ignore[no-any-return]


def argmin(t: Tile[Any], axis: int | None = None, keepdims: bool = False) -> Tile[Any]:
    """The index (i32) of the minimum along ``axis``, as ``argmax``: ties give the first index,
    NaN counts as larger than every number, all NaN gives 0."""
    return _reductions.ARGMIN(t, axis, keepdims)  # type: ignore[no-any-return]


# -- scans ------------------------------------------------------------------------------------
def cumsum(t: Tile[Any], axis: int = 0, *, reverse: bool = False) -> Tile[Any]:
    """Inclusive running sum along ``axis`` (from the end with ``reverse=True``), in the tile's
    dtype as ``sum`` (integers wrap, bool_ counts as i32, f16/bf16 accumulate in f32)."""
    return _reductions.CUMSUM(t, axis, reverse)  # type: ignore[no-any-return]


def cumprod(t: Tile[Any], axis: int = 0, *, reverse: bool = False) -> Tile[Any]:
    """Inclusive running product along ``axis``, as ``cumsum``."""
    return _reductions.CUMPROD(t, axis, reverse)  # type: ignore[no-any-return]


# -- matrix products --------------------------------------------------------------------------
def mma(a: Tile[Any], b: Tile[Any], acc: Tile[DT]) -> Tile[DT]:
    """``acc + a @ b`` accumulated in ``acc``'s dtype (a and b share one dtype; rank 2, or 3
    with a leading batch dimension)."""
    return _linalg.mma(a, b, acc)


def matmul(a: Tile[Any], b: Tile[Any]) -> Tile[Any]:
    """``a @ b`` in the inputs' promoted dtype."""
    return _linalg.matmul(a, b)


# -- shapes -----------------------------------------------------------------------------------
def reshape(t: Tile[DT], shape: Shape) -> Tile[DT]:
    """The same elements (row-major order) in a new shape."""
    return _shapes.reshape(t, shape)


def permute(t: Tile[DT], axes: Sequence[int]) -> Tile[DT]:
    """Axes reordered: result axis i is ``t``'s axis ``axes[i]``."""
    return _shapes.permute(t, axes)


def transpose(t: Tile[DT], axis0: int | None = None, axis1: int | None = None) -> Tile[DT]:
    """Two axes swapped (by default the last two)."""
    return _shapes.transpose(t, axis0, axis1)


def broadcast_to(t: Tile[DT], shape: Shape) -> Tile[DT]:
    """``t`` broadcast (numpy rules) to ``shape``."""
    return _shapes.broadcast_to(t, shape)


def expand_dims(t: Tile[DT], axis: int) -> Tile[DT]:
    """A new axis of length 1 inserted at ``axis``."""
    return _shapes.expand_dims(t, axis)


def cat(tiles: Sequence[Tile[Any]], axis: int = 0) -> Tile[Any]:
    """Tiles of one shape joined along ``axis``: 1, 2, 4, 8... of them (the GPU joins equal
    pairs)."""
    return _shapes.cat(tiles, axis)


def extract(x: Tile[DT], /, index: Sequence[int], shape: Sequence[int]) -> Tile[DT]:
    """The sub-tile of ``shape`` at tile-space ``index`` (cuTile's ``extract``): ``x`` cut into
    a grid of ``shape`` pieces, each dimension a power of two dividing ``x``'s, and the piece
    at grid position ``index`` (constant ints). ``t[:, a:b]`` is sugar for it."""
    return _shapes.extract(x, index, shape)


def insert(x: Tile[DT], /, index: Sequence[int], value: Tile[Any]) -> Tile[DT]:
    """``x`` with the sub-tile at tile-space ``index`` (constant ints; ``x`` cut into
    ``value``-shaped pieces) replaced by ``value``: the inverse of ``extract``."""
    return _shapes.insert(x, index, value)


# kernels' names resolve to these (the TC2xx rules), the composites below included
publish(sys.modules[__name__], "tilert.lang")
publish(unsafe, "tilert.lang.unsafe")


# -- composites: math and random numbers, written in the ops above ------------------------------
# Each is a ``@tr.function`` helper, so the interpreter runs it and the GPU lowers it from this
# one definition (a ``ct.function``): the same numbers on both backends. They name the ops as
# ``tl.*``, as a user's helper would, so the kernel rules read them as device code.
_LOW_32 = 0xFFFFFFFF
_PHILOX_A = 0xD2511F53  # Philox4x32's multipliers and Weyl key increments
_PHILOX_B = 0xCD9E8D57
_KEY_A = 0x9E3779B9
_KEY_B = 0xBB67AE85


@_function
def sigmoid(x: tl.Tile[tl.f32]) -> tl.Tile[tl.f32]:
    """``1 / (1 + exp(-x))``."""
    return 1.0 / (1.0 + tl.exp(-x))


@_function
def softplus(x: tl.Tile[tl.f32]) -> tl.Tile[tl.f32]:
    """``log(1 + exp(x))``, computed as ``max(x, 0) + log(1 + exp(-|x|))`` (no overflow)."""
    return tl.maximum(x, 0.0) + tl.log(1.0 + tl.exp(-tl.abs(x)))


@_function
def log1p(x: tl.Tile[tl.f32]) -> tl.Tile[tl.f32]:
    """``log(1 + x)``, accurate for small ``x`` (Kahan: the rounding of ``1 + x`` cancels)."""
    u = 1.0 + x
    return tl.where(u == 1.0, x, tl.log(u) * (x / (u - 1.0)))


@_function
def expm1(x: tl.Tile[tl.f32]) -> tl.Tile[tl.f32]:
    """``exp(x) - 1``, accurate for small ``x`` (Kahan: the rounding of ``exp`` cancels)."""
    u = tl.exp(x)
    near = tl.where(u == 1.0, x, (u - 1.0) * (x / tl.log(u)))
    return tl.where(u - 1.0 == -1.0, -1.0, tl.where(tl.abs(x) < 1.0, near, u - 1.0))


@_function
def erf(x: tl.Tile[tl.f32]) -> tl.Tile[tl.f32]:
    """The error function by Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7)."""
    a = tl.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (
        0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    y = 1.0 - poly * tl.exp(-a * a)
    return tl.where(x < 0.0, -y, y)


@_function
def _mulhilo(a: int, b: tl.Tile[tl.u32]) -> tuple[tl.Tile[tl.u32], tl.Tile[tl.u32]]:
    """The high and low 32-bit words of ``a * b`` for a 32-bit constant ``a``: the product of
    two 32-bit words is exact in 64 bits."""
    p = tl.astype(b, tl.u64) * a
    return tl.astype(p >> 32, tl.u32), tl.astype(p & _LOW_32, tl.u32)


@_function
def randint4x(
    seed: int, offsets: tl.Tile[tl.i32]
) -> tuple[tl.Tile[tl.u32], tl.Tile[tl.u32], tl.Tile[tl.u32], tl.Tile[tl.u32]]:
    """Philox4x32-10 of the counter ``(offset, 0, 0, 0)`` under key ``(seed, 0)``: four
    independent 32-bit words (u32 tiles) per offset. ``seed`` is a non-negative int of at most
    32 bits; the same (seed, offset) gives the same words on every backend."""
    c0 = tl.astype(offsets, tl.u32)
    c1 = c0 * 0
    c2 = c1
    c3 = c1
    k0 = c1 + tl.astype(seed, tl.u32)
    k1 = c1
    for _ in range(10):
        hi0, lo0 = _mulhilo(_PHILOX_A, c0)
        hi1, lo1 = _mulhilo(_PHILOX_B, c2)
        c0, c1, c2, c3 = hi1 ^ c1 ^ k0, lo1, hi0 ^ c3 ^ k1, lo0
        k0 = k0 + _KEY_A  # u32 arithmetic wraps, as Philox's key schedule does
        k1 = k1 + _KEY_B
    return c0, c1, c2, c3


@_function
def randint(seed: int, offsets: tl.Tile[tl.i32]) -> tl.Tile[tl.u32]:
    """A 32-bit random word per offset (a u32 tile), the first of ``randint4x``."""
    r0, _, _, _ = randint4x(seed, offsets)
    return r0


@_function
def rand(seed: int, offsets: tl.Tile[tl.i32]) -> tl.Tile[tl.f32]:
    """A uniform f32 in ``[0, 1)`` per offset (24 random bits: exact in f32)."""
    r0, _, _, _ = randint4x(seed, offsets)
    return tl.astype(r0 >> 8, tl.f32) * 5.9604644775390625e-08


@_function
def randn(seed: int, offsets: tl.Tile[tl.i32]) -> tl.Tile[tl.f32]:
    """A standard normal f32 per offset (Box-Muller on two of Philox's words)."""
    r0, r1, _, _ = randint4x(seed, offsets)
    u1 = (tl.astype(r0 >> 8, tl.f32) + 1.0) * 5.9604644775390625e-08  # (0, 1]: log is finite
    u2 = tl.astype(r1 >> 8, tl.f32) * 5.9604644775390625e-08
    return tl.sqrt(-2.0 * tl.log(u1)) * tl.cos(6.283185307179586 * u2)
