"""Every kernel-language operation against numpy, run through the interpreter.

``evaluate`` applies an expression to per-block input tiles inside a real launch (one block per
leading index of the inputs), once batched and once block by block, asserts both runs agree
bit for bit, and returns the result with its dtype."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import tilert.lang as tl
from tests.support import lines_in
from tilert.dtypes import (
    DType,
    bf16,
    bool_,
    f8e4m3fn,
    f8e5m2,
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
from tilert.errors import KernelError
from tilert.interpret.executor import Mode
from tilert.interpret.testing import HostPartition, HostTensor, run

BF16 = np.dtype(ml_dtypes.bfloat16)
HERE = re.escape(__file__)
rng = np.random.default_rng(7)


line_of = lines_in(__file__)


def _tiles(inputs: tuple[Any, ...], block: Any) -> list[Any]:
    out = []
    for x in inputs:
        shape = x.shape[1:]
        t = x.load_tile((1, *shape), (block, *([0] * len(shape))))
        out.append(tl.reshape(t, shape))
    return out


def evaluate(expr: Callable[..., Any], *inputs: np.ndarray) -> tuple[np.ndarray, type[DType]]:
    """(result stacked over blocks, result dtype) of ``expr`` on each block's input tiles."""
    tensors = [HostTensor(a) for a in inputs]
    probe: list[Any] = []

    def shapes1(a: Any) -> None:
        probe.append(expr(*_tiles((a,), 0)))

    def shapes2(a: Any, b: Any) -> None:
        probe.append(expr(*_tiles((a, b), 0)))

    def shapes3(a: Any, b: Any, c: Any) -> None:
        probe.append(expr(*_tiles((a, b, c), 0)))

    probes: list[Callable[..., None]] = [shapes1, shapes2, shapes3]
    run(probes[len(inputs) - 1], *tensors, grid=(1,), mode="serial")
    shape, dtype = probe[0].shape, probe[0].dtype
    blocks = inputs[0].shape[0]

    def body(z: Any, xs: tuple[Any, ...]) -> None:
        z.store(tl.reshape(expr(*_tiles(xs, tl.bid(0))), z.tile_shape))

    def k1(z: Any, a: Any) -> None:
        body(z, (a,))

    def k2(z: Any, a: Any, b: Any) -> None:
        body(z, (a, b))

    def k3(z: Any, a: Any, b: Any, c: Any) -> None:
        body(z, (a, b, c))

    kernels: list[Callable[..., None]] = [k1, k2, k3]
    results = []
    modes: tuple[Mode, Mode] = ("batched", "serial")
    for mode in modes:
        out = HostTensor(np.zeros((blocks, *shape), dtype=dtype.np_dtype))
        how = run(kernels[len(inputs) - 1], HostPartition(out, (1, *shape)), *tensors, mode=mode)
        assert how == mode
        results.append(out.array)
    batched, serial = results
    assert batched.dtype == serial.dtype
    np.testing.assert_array_equal(batched, serial)  # the two modes agree exactly
    return batched, dtype


def data(shape: tuple[int, ...], dtype: Any, low: int = -8, high: int = 9) -> np.ndarray:
    """Small integer values (exact in every dtype), nonzero so division is defined."""
    values = rng.integers(low, high, size=shape)
    values[values == 0] = 1
    if np.dtype(dtype) == np.bool_:
        return rng.integers(0, 2, size=shape).astype(bool)
    if np.dtype(dtype).kind == "u":
        values = np.abs(values)
    return values.astype(dtype)


# -- binary arithmetic and promotion -----------------------------------------------------------
Binary = Callable[[Any, Any], Any]
ARITHMETIC: list[Binary] = [lambda x, y: x + y, lambda x, y: x * y, lambda x, y: x - y]
DIVISION_TOO: list[Binary] = [*ARITHMETIC, lambda x, y: x / y]


# cuTile's promotion table (cuda.tile's promote_dtypes; checked against it for every pair)
PROMOTIONS = [
    (f32, f32, f32),
    (f32, f16, f32),
    (f16, f16, f16),
    (bf16, bf16, bf16),
    (bf16, i8, bf16),
    (f32, f64, f64),
    (i32, f16, f16),
    (i64, f32, f32),
    (i32, i64, i64),
    (bool_, i8, i8),
    (u8, u8, u8),
    (u16, u32, u32),
    (bool_, u64, u64),
    (u32, f32, f32),
]


@pytest.mark.parametrize(("da", "db", "expected"), PROMOTIONS, ids=lambda d: getattr(d, "name", d))
def test_binary_arithmetic_promotes_as_cutile(
    da: type[DType], db: type[DType], expected: type[DType]
) -> None:
    a, b = data((3, 8), da.np_dtype, 1), data((3, 8), db.np_dtype, 1)
    for op in ARITHMETIC:
        got, dtype = evaluate(op, a, b)
        assert dtype is expected
        want = op(a.astype(np.float64), b.astype(np.float64)).astype(expected.np_dtype)
        if op(1, 1) == 0 and expected.kind == "u":  # unsigned subtraction wraps
            want = (a.astype(np.int64) - b.astype(np.int64)).astype(expected.np_dtype)
        np.testing.assert_array_equal(got, want)


REFUSED = [
    (f16, bf16, "do not mix"),
    (i8, u8, "signed with unsigned"),
    (i32, u32, "signed with unsigned"),
    (f8e4m3fn, f32, "8-bit float"),
    (f8e5m2, f8e5m2, "no arithmetic"),
]


@pytest.mark.parametrize(("da", "db", "message"), REFUSED, ids=str)
def test_binary_arithmetic_refuses_what_cutile_refuses(
    da: type[DType], db: type[DType], message: str
) -> None:
    a, b = data((3, 8), da.np_dtype, 1), data((3, 8), db.np_dtype, 1)
    with pytest.raises(KernelError, match=message):
        evaluate(lambda x, y: x + y, a, b)


@pytest.mark.parametrize("dt", [f16, bf16, f32])
def test_low_precision_float_ops_round_like_numpy(dt: type[DType]) -> None:
    a = rng.standard_normal((4, 16)).astype(dt.np_dtype)
    b = (rng.standard_normal((4, 16)) + 3).astype(dt.np_dtype)
    for op in DIVISION_TOO:
        got, dtype = evaluate(op, a, b)
        assert dtype is dt
        np.testing.assert_array_equal(got, op(a, b))  # numpy / ml_dtypes arithmetic


def test_an_integer_scalar_out_of_its_tiles_range_is_refused_not_wrapped() -> None:
    small = np.array([[0, 1, 2, 255]], np.uint8)
    with pytest.raises(KernelError, match=r"`>`: integer constant -1 is out of range of u8"):
        evaluate(lambda x: x > -1, small)
    with pytest.raises(KernelError, match=r"integer constant 300 is out of range of i8"):
        evaluate(lambda x: x + 300, np.array([[0, 1, -1, 100]], np.int8))
    with pytest.raises(KernelError, match=r"tl\.full: integer 300 is out of range of int8"):
        evaluate(lambda x: tl.full((4,), 300, tl.i8) + x, np.zeros((1, 4), np.int8))
    got, dtype = evaluate(lambda x: x + 255, np.zeros((1, 4), np.uint8))  # fits: adopts u8
    assert dtype is u8
    np.testing.assert_array_equal(got, 255)
    got, dtype = evaluate(lambda x: x > -1, np.array([[-3, 0]], np.int8))
    np.testing.assert_array_equal(got, [[False, True]])


def test_floats_convert_to_integers_as_the_gpu_does() -> None:
    # measured on the H100 (benchmarks/gpu_probe_conversions.py): toward zero, NaN to 0,
    # saturating; 8-bit targets saturate at 16 bits and keep the low byte
    values = np.array([[-1.5, 300.7, np.nan, np.inf, -np.inf, 3e9, -3e9, 254.9]], np.float32)
    got, dtype = evaluate(lambda x: tl.astype(x, tl.u8), values)
    assert dtype is u8
    np.testing.assert_array_equal(got, [[0, 44, 0, 255, 0, 255, 0, 254]])
    got, _ = evaluate(lambda x: tl.astype(x, tl.i8), values)
    np.testing.assert_array_equal(got, [[-1, 44, 0, -1, 0, -1, 0, -2]])
    got, _ = evaluate(lambda x: tl.astype(x, tl.i32), values)
    big, small = 2**31 - 1, -(2**31)
    np.testing.assert_array_equal(got, [[-1, 300, 0, big, small, big, small, 254]])
    # a 64-bit conversion (to i64, or from f64) takes NaN to a signed type's minimum
    # (tests/gpu/test_gpu_conversions.py measures these)
    wide = np.array([[np.inf, -1e30, 2.5, np.nan]], np.float32)
    got, _ = evaluate(lambda x: tl.astype(x, tl.i64), wide)
    np.testing.assert_array_equal(got, [[2**63 - 1, -(2**63), 2, -(2**63)]])
    doubles = np.array([[np.nan, 1e10, -2.5, np.nan]], np.float64)
    got, _ = evaluate(lambda x: tl.astype(x, tl.i32), doubles)
    np.testing.assert_array_equal(got, [[-(2**31), 2**31 - 1, -2, -(2**31)]])
    got, _ = evaluate(lambda x: tl.astype(x, tl.u8), doubles)
    np.testing.assert_array_equal(got, [[0, 255, 0, 0]])


def test_python_scalars_are_weakly_typed() -> None:
    h = data((2, 4), np.float16)
    got, dtype = evaluate(lambda x: x * 2.5 + 1, h)
    assert dtype is f16
    np.testing.assert_array_equal(got, (h * np.float16(2.5) + np.float16(1)))

    i = data((2, 4), np.int32)
    got, dtype = evaluate(lambda x: 3 * x - 1, i)
    assert dtype is i32
    np.testing.assert_array_equal(got, 3 * i - 1)

    got, dtype = evaluate(lambda x: x * 0.5, data((2, 4), np.int8))
    assert dtype is f32  # a float scalar with an integer tile gives f32

    flags = data((2, 4), np.bool_)
    got, dtype = evaluate(lambda x: x.astype(tl.i32) + 1, flags)
    np.testing.assert_array_equal(got, flags.astype(np.int32) + 1)

    small = np.full((2, 4), 250, dtype=np.uint8)
    got, dtype = evaluate(lambda x: x + 10, small)
    assert dtype is u8
    np.testing.assert_array_equal(got, np.full((2, 4), 4, dtype=np.uint8))  # wraps as C does


def test_integer_division_and_modulo() -> None:
    a, b = data((3, 8), np.int32), data((3, 8), np.int32)
    got, dtype = evaluate(lambda x, y: x // y, a, b)
    assert dtype is i32
    np.testing.assert_array_equal(got, a // b)  # floor, as Python
    got, _ = evaluate(lambda x, y: x % y, a, b)
    np.testing.assert_array_equal(got, a % b)
    got, dtype = evaluate(lambda x, y: x / y, a, b)
    assert dtype is f32
    np.testing.assert_allclose(got, (a / b).astype(np.float32), rtol=1e-6)
    got, _ = evaluate(lambda x: 7 // x + 7 % x, a)
    np.testing.assert_array_equal(got, 7 // a + 7 % a)


def test_float_floordiv_mod_pow() -> None:
    a = rng.standard_normal((2, 8)).astype(np.float32)
    b = (np.abs(rng.standard_normal((2, 8))) + 0.5).astype(np.float32)
    got, _ = evaluate(lambda x, y: x // y, a, b)
    np.testing.assert_array_equal(got, np.floor_divide(a, b))
    got, _ = evaluate(lambda x, y: x % y, a, b)
    np.testing.assert_array_equal(got, np.remainder(a, b))
    got, _ = evaluate(lambda x, y: y**x, a, b)
    np.testing.assert_allclose(got, b**a, rtol=1e-6)


@pytest.mark.parametrize("dt", [f32, f16, bf16, i32, u8])
def test_comparisons_give_bool(dt: type[DType]) -> None:
    a, b = data((3, 8), dt.np_dtype), data((3, 8), dt.np_dtype)
    ops = {
        "<": (lambda x, y: x < y, np.less),
        "<=": (lambda x, y: x <= y, np.less_equal),
        ">": (lambda x, y: x > y, np.greater),
        ">=": (lambda x, y: x >= y, np.greater_equal),
        "==": (lambda x, y: x == y, np.equal),
        "!=": (lambda x, y: x != y, np.not_equal),
    }
    for op, ref in ops.values():
        got, dtype = evaluate(op, a, b)
        assert dtype is bool_
        np.testing.assert_array_equal(got, ref(a, b))
    got, _ = evaluate(lambda x: x > 2, a)
    np.testing.assert_array_equal(got, a > 2)


def test_bitwise_and_shifts() -> None:
    a, b = data((2, 8), np.int32, 0, 64), data((2, 8), np.int32, 0, 64)
    got, _ = evaluate(lambda x, y: (x & y) | (x ^ 5), a, b)
    np.testing.assert_array_equal(got, (a & b) | (a ^ 5))
    got, _ = evaluate(lambda x: ~x, a)
    np.testing.assert_array_equal(got, ~a)
    got, _ = evaluate(lambda x: (x << 2) + (x >> 1), a)
    np.testing.assert_array_equal(got, (a << 2) + (a >> 1))
    p, q = data((2, 8), np.bool_), data((2, 8), np.bool_)
    got, dtype = evaluate(lambda x, y: (x & ~y) | (x ^ y), p, q)
    assert dtype is bool_
    np.testing.assert_array_equal(got, (p & ~q) | (p ^ q))


def test_unary_minus_and_abs() -> None:
    a = data((2, 8), np.int8)
    got, dtype = evaluate(lambda x: -x + tl.abs(x) + abs(x), a)
    assert dtype is i8
    np.testing.assert_array_equal(got, -a + 2 * np.abs(a))
    h = rng.standard_normal((2, 8)).astype(BF16)
    got, dtype = evaluate(lambda x: -tl.abs(x), h)
    assert dtype is bf16
    np.testing.assert_array_equal(got, -np.abs(h))


# -- math functions ----------------------------------------------------------------------------
MATH = [
    ("exp", tl.exp, np.exp),
    ("exp2", tl.exp2, np.exp2),
    ("log", tl.log, np.log),
    ("sqrt", tl.sqrt, np.sqrt),
    ("rsqrt", tl.rsqrt, lambda x: 1 / np.sqrt(x)),
    ("sin", tl.sin, np.sin),
    ("cos", tl.cos, np.cos),
    ("tanh", tl.tanh, np.tanh),
    ("tan", tl.tan, np.tan),
    ("sinh", tl.sinh, np.sinh),
    ("cosh", tl.cosh, np.cosh),
    ("log2", tl.log2, np.log2),
]


@pytest.mark.parametrize(("name", "fn", "ref"), MATH, ids=[m[0] for m in MATH])
@pytest.mark.parametrize("dt", [f32, f16, bf16, f64])
def test_math_functions(name: str, fn: Any, ref: Any, dt: type[DType]) -> None:
    x = (rng.random((3, 16)) * 3 + 0.1).astype(dt.np_dtype)
    got, dtype = evaluate(fn, x)
    assert dtype is dt
    want = ref(x.astype(np.float64))
    tolerance = {f32: 1e-6, f64: 1e-12, f16: 1e-3, bf16: 8e-3}[dt]
    np.testing.assert_allclose(got.astype(np.float64), want, rtol=tolerance)


def test_math_on_integers_computes_in_f32() -> None:
    x = data((2, 8), np.int32, 1, 9)
    got, dtype = evaluate(tl.sqrt, x)
    assert dtype is f32
    np.testing.assert_allclose(got, np.sqrt(x).astype(np.float32), rtol=1e-6)


def test_new_math_on_integers_computes_in_f32() -> None:
    x = data((2, 8), np.int32, 1, 9)
    for fn, ref in [(tl.tan, np.tan), (tl.sinh, np.sinh), (tl.cosh, np.cosh), (tl.log2, np.log2)]:
        got, dtype = evaluate(fn, x)
        assert dtype is f32
        np.testing.assert_allclose(got, ref(x.astype(np.float32)), rtol=1e-6)


@pytest.mark.parametrize("dt", [f32, f16, bf16, f64])
def test_floor_ceil_isnan_keep_float_semantics(dt: type[DType]) -> None:
    x = np.array([[-2.5, -0.5, 0.0, 0.5, 1.5, np.inf, -np.inf, 7.0]]).astype(dt.np_dtype)
    got, dtype = evaluate(tl.floor, x)
    assert dtype is dt
    np.testing.assert_array_equal(got.astype(np.float64), np.floor(x.astype(np.float64)))
    got, dtype = evaluate(tl.ceil, x)
    assert dtype is dt
    np.testing.assert_array_equal(got.astype(np.float64), np.ceil(x.astype(np.float64)))
    x[0, 7] = np.nan  # (evaluate compares its two runs with NaN unequal in bf16: not above)
    got, dtype = evaluate(tl.isnan, x)
    assert dtype is bool_
    np.testing.assert_array_equal(got, np.isnan(x.astype(np.float64)))


@pytest.mark.parametrize("name", ["floor", "ceil", "isnan"])
def test_float_only_functions_refuse_integer_tiles(name: str) -> None:
    fn = getattr(tl, name)
    with pytest.raises(KernelError, match=f"tl.{name}: needs a float tile, got i32"):
        evaluate(fn, data((1, 4), np.int32))


def test_atan2_quadrants_and_promotion() -> None:
    y = np.array([[1.0, 1.0, -1.0, -1.0, 0.0, 0.0, 2.0, -0.0]], np.float32)
    x = np.array([[1.0, -1.0, -1.0, 1.0, -1.0, 1.0, 0.0, -1.0]], np.float32)
    got, dtype = evaluate(tl.atan2, y, x)
    assert dtype is f32
    np.testing.assert_array_equal(got, np.arctan2(y, x))
    got, dtype = evaluate(lambda a, b: tl.atan2(a, b), y.astype(np.float16), x)
    assert dtype is f32
    got, dtype = evaluate(lambda a: tl.atan2(a, 2.0), y.astype(np.float16))
    assert dtype is f16
    np.testing.assert_allclose(got, np.arctan2(y, 2.0), rtol=1e-3)
    with pytest.raises(KernelError, match=r"tl\.atan2`: needs float tiles, got i32"):
        evaluate(tl.atan2, data((1, 4), np.int32), data((1, 4), np.int32))


def test_pow_is_the_operator() -> None:
    a, b = data((2, 8), np.float32, 1, 5), data((2, 8), np.float32, -2, 3)
    got, dtype = evaluate(tl.pow, a, b)
    want, _ = evaluate(lambda x, y: x**y, a, b)
    assert dtype is f32
    np.testing.assert_array_equal(got, want)
    np.testing.assert_allclose(got, np.power(a, b), rtol=1e-6)
    i = data((2, 8), np.int32, 0, 5)
    for power in (lambda x: tl.pow(x, 3), lambda x: x**3, lambda x: 2**x):
        with pytest.raises(KernelError, match="the GPU has no integer power"):
            evaluate(power, i)


def test_maximum_minimum_promote() -> None:
    a, b = data((2, 8), np.float16), data((2, 8), np.float32)
    got, dtype = evaluate(lambda x, y: tl.maximum(x, y) + tl.minimum(x, 0.0), a, b)
    assert dtype is f32
    np.testing.assert_array_equal(got, np.maximum(a, b) + np.minimum(a, 0).astype(np.float32))


# -- reductions --------------------------------------------------------------------------------
AXES: list[Any] = [None, 0, 1, -1, (0, 1)]
REDUCTIONS = [
    ("sum", tl.sum, np.sum),
    ("prod", tl.prod, np.prod),
    ("max", tl.max, np.max),
    ("min", tl.min, np.min),
]


@pytest.mark.parametrize(("name", "fn", "ref"), REDUCTIONS, ids=[r[0] for r in REDUCTIONS])
@pytest.mark.parametrize("axis", AXES, ids=str)
@pytest.mark.parametrize("keepdims", [False, True])
def test_reductions_along_each_axis(
    name: str, fn: Any, ref: Any, axis: Any, keepdims: bool
) -> None:
    x = data((3, 4, 8), np.int32, -3, 4)
    got, dtype = evaluate(lambda t: fn(t, axis=axis, keepdims=keepdims), x)
    assert dtype is i32
    if axis is None:
        axes: Any = (1, 2)
    elif isinstance(axis, tuple):
        axes = tuple(a + 1 for a in axis)
    else:
        axes = axis % 2 + 1
    want = ref(x, axis=axes, keepdims=keepdims).astype(np.int32)  # int32 wraps
    if not keepdims and axis is None:
        want = want.reshape(3)
    np.testing.assert_array_equal(got.reshape(want.shape), want)


def test_reductions_on_3d_tiles_and_float_dtypes() -> None:
    x = rng.standard_normal((2, 2, 4, 8)).astype(np.float32)
    got, _ = evaluate(lambda t: tl.sum(t, axis=1), x)
    np.testing.assert_allclose(got, x.sum(axis=2), rtol=1e-5)
    h = rng.standard_normal((2, 64)).astype(np.float16)
    got, dtype = evaluate(lambda t: tl.sum(t, axis=0, keepdims=True), h)
    assert dtype is f16  # accumulated in f32, rounded once
    np.testing.assert_array_equal(
        got, h.astype(np.float32).sum(axis=1, keepdims=True).astype(np.float16)
    )
    b = rng.standard_normal((2, 64)).astype(BF16)
    got, dtype = evaluate(lambda t: tl.max(t), b)
    assert dtype is bf16
    np.testing.assert_array_equal(got.reshape(2), b.max(axis=1))


def test_sum_of_bool_counts_as_i32() -> None:
    flags = data((3, 16), np.bool_)
    got, dtype = evaluate(lambda t: tl.sum(t), flags)
    assert dtype is i32
    np.testing.assert_array_equal(got.reshape(3), flags.sum(axis=1))


# -- matrix products ---------------------------------------------------------------------------
def test_mma_f16_inputs_accumulate_in_f32() -> None:
    a = rng.standard_normal((2, 16, 32)).astype(np.float16)
    b = rng.standard_normal((2, 32, 8)).astype(np.float16)
    acc = rng.standard_normal((2, 16, 8)).astype(np.float32)
    got, dtype = evaluate(tl.mma, a, b, acc)
    assert dtype is f32
    want = acc + a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_mma_bf16_and_int8() -> None:
    a = rng.standard_normal((2, 16, 32)).astype(BF16)
    b = rng.standard_normal((2, 32, 8)).astype(BF16)
    got, _ = evaluate(lambda x, y: tl.mma(x, y, tl.zeros((16, 8), tl.f32)), a, b)
    np.testing.assert_allclose(
        got, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-5, atol=1e-5
    )
    ia, ib = data((2, 16, 32), np.int8), data((2, 32, 8), np.int8)
    got, dtype = evaluate(lambda x, y: tl.mma(x, y, tl.zeros((16, 8), tl.i32)), ia, ib)
    assert dtype is i32
    np.testing.assert_array_equal(got, ia.astype(np.int32) @ ib.astype(np.int32))


def test_mma_with_batched_3d_tiles() -> None:
    a = rng.standard_normal((2, 2, 16, 32)).astype(np.float32)
    b = rng.standard_normal((2, 2, 32, 8)).astype(np.float32)
    got, _ = evaluate(lambda x, y: tl.mma(x, y, tl.zeros((2, 16, 8), tl.f32)), a, b)
    np.testing.assert_allclose(got, a @ b, rtol=1e-5, atol=1e-5)


def test_matmul_and_operator() -> None:
    a = rng.standard_normal((2, 16, 32)).astype(np.float16)
    b = rng.standard_normal((2, 32, 8)).astype(np.float16)
    got, dtype = evaluate(tl.matmul, a, b)
    assert dtype is f16
    want = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
    np.testing.assert_array_equal(got, want)
    got2, _ = evaluate(lambda x, y: x @ y, a, b)
    np.testing.assert_array_equal(got2, want)


# -- shape operations --------------------------------------------------------------------------
def test_reshape_permute_transpose() -> None:
    x = data((2, 4, 8), np.int32)
    got, _ = evaluate(lambda t: tl.reshape(t, (8, 4)), x)
    np.testing.assert_array_equal(got, x.reshape(2, 8, 4))
    got, _ = evaluate(lambda t: t.reshape(32), x)
    np.testing.assert_array_equal(got, x.reshape(2, 32))
    got, _ = evaluate(tl.transpose, x)
    np.testing.assert_array_equal(got, x.transpose(0, 2, 1))
    y = data((2, 2, 4, 8), np.int32)
    got, _ = evaluate(lambda t: tl.permute(t, (2, 0, 1)), y)
    np.testing.assert_array_equal(got, y.transpose(0, 3, 1, 2))
    got, _ = evaluate(lambda t: tl.transpose(t, 0, 2), y)
    np.testing.assert_array_equal(got, y.transpose(0, 3, 2, 1))
    got, _ = evaluate(lambda t: t.permute((1, 2, 0)).transpose(), y)
    np.testing.assert_array_equal(got, y.transpose(0, 2, 3, 1).swapaxes(2, 3))


def test_broadcast_expand_cat_and_none_indexing() -> None:
    row = data((2, 8), np.float32)
    got, _ = evaluate(lambda t: tl.broadcast_to(t, (4, 8)), row)
    np.testing.assert_array_equal(got, np.broadcast_to(row[:, None, :], (2, 4, 8)))
    got, _ = evaluate(lambda t: tl.expand_dims(t, 1) + tl.expand_dims(t, 0), row)
    np.testing.assert_array_equal(got, row[:, :, None] + row[:, None, :])
    got, _ = evaluate(lambda t: t[None, :] * t[:, None], row)
    np.testing.assert_array_equal(got, row[:, None, :] * row[:, :, None])
    got, _ = evaluate(lambda t: tl.expand_dims(t, -1), row)
    np.testing.assert_array_equal(got, row[:, :, None])
    a, b = data((2, 4, 8), np.int32), data((2, 4, 8), np.int16)
    got, dtype = evaluate(lambda x, y: tl.cat((x, y), axis=1), a, b)
    assert dtype is i32
    np.testing.assert_array_equal(got, np.concatenate([a, b], axis=2))
    got, _ = evaluate(lambda x, y: tl.cat([x, y]), a, b)
    np.testing.assert_array_equal(got, np.concatenate([a, b], axis=1))
    one = data((2, 1, 1), np.int32)
    got, _ = evaluate(lambda t: t.item() + tl.zeros((4,), tl.i32), one)
    np.testing.assert_array_equal(got, np.broadcast_to(one.reshape(2, 1), (2, 4)))


def test_cat_joins_equal_tiles_in_counts_the_gpu_can_pair() -> None:
    a = data((2, 4, 8), np.float32)
    got, _ = evaluate(lambda x: tl.cat([x, x * 2, x * 3, x * 4], axis=1), a)
    np.testing.assert_array_equal(got, np.concatenate([a, a * 2, a * 3, a * 4], axis=2))
    with pytest.raises(KernelError, match=r"tl\.cat joins 1, 2, 4, 8\.\.\. tiles .* got 3"):
        evaluate(lambda x: tl.cat([x, x, x], axis=1), a)
    with pytest.raises(KernelError, match=r"tl\.cat joins tiles of one shape .*\(4, 8\), \(4, 4\)"):
        evaluate(lambda x: tl.cat([x, tl.zeros((4, 4), tl.f32)], axis=1), a)


def test_broadcasting_between_tiles_of_different_rank() -> None:
    m, v = data((2, 4, 8), np.float32), data((2, 8), np.float32)
    got, _ = evaluate(lambda x, y: x - y, m, v)
    np.testing.assert_array_equal(got, m - v[:, None, :])
    col = data((2, 4, 1), np.float32)
    got, _ = evaluate(lambda x, y: x * y, m, col)
    np.testing.assert_array_equal(got, m * col)


# -- where, astype, creation -------------------------------------------------------------------
def test_where_with_tiles_and_scalars() -> None:
    a, b = data((2, 8), np.float32), data((2, 8), np.float16)
    got, dtype = evaluate(lambda x, y: tl.where(x > 0, x, y), a, b)
    assert dtype is f32
    np.testing.assert_array_equal(got, np.where(a > 0, a, b.astype(np.float32)))
    got, dtype = evaluate(lambda y: tl.where(y < 0, 0.0, y), b)
    assert dtype is f16
    np.testing.assert_array_equal(got, np.where(b < 0, 0, b))
    got, dtype = evaluate(lambda x: tl.where(x > 0, 1, -1), a)
    assert dtype is i32
    np.testing.assert_array_equal(got, np.where(a > 0, 1, -1))


def test_astype_conversions() -> None:
    x = np.array([[-1.7, -0.5, 0.0, 0.5, 1.5, 2.7, 100.25, -3.0]], dtype=np.float32)
    got, dtype = evaluate(lambda t: tl.astype(t, tl.i32), x)
    assert dtype is i32
    np.testing.assert_array_equal(got, np.array([[-1, 0, 0, 0, 1, 2, 100, -3]]))
    got, dtype = evaluate(lambda t: t.astype(tl.bf16), x)
    assert dtype is bf16
    np.testing.assert_array_equal(got, x.astype(BF16))
    got, _ = evaluate(lambda t: t.astype(tl.f16).astype(tl.bf16), x)
    np.testing.assert_array_equal(got, x.astype(np.float16).astype(np.float32).astype(BF16))
    got, dtype = evaluate(lambda t: t.astype(tl.bool_).astype(tl.f32), x)
    np.testing.assert_array_equal(got, (x != 0).astype(np.float32))
    got, _ = evaluate(lambda t: t.astype("u8"), np.array([[1.0, 255.0, 3.9, 0.0]], np.float32))
    np.testing.assert_array_equal(got, np.array([[1, 255, 3, 0]], dtype=np.uint8))


def test_zeros_full_arange() -> None:
    x = data((3, 8), np.int32)
    got, dtype = evaluate(lambda t: t + tl.zeros((8,), tl.i32) + tl.full((8,), 2, tl.i32), x)
    assert dtype is i32
    np.testing.assert_array_equal(got, x + 2)
    got, dtype = evaluate(lambda t: tl.arange(8) * t, x)
    np.testing.assert_array_equal(got, np.arange(8) * x)
    got, dtype = evaluate(lambda t: tl.arange(8, dtype=tl.f16) + t.astype(tl.f16), x)
    assert dtype is f16
    got, _ = evaluate(lambda t: tl.full((2, 8), tl.bid(0), tl.f32) + tl.zeros((8,), tl.f32), x)
    np.testing.assert_array_equal(got, np.broadcast_to(np.arange(3.0)[:, None, None], (3, 2, 8)))


def test_creation_requires_power_of_two_dimensions() -> None:
    x = data((1, 8), np.int32)
    with pytest.raises(KernelError, match=r"tl\.zeros: .*power of two.*got 6"):
        evaluate(lambda t: tl.zeros((6,), tl.i32), x)
    with pytest.raises(KernelError, match=r"tl\.arange"):
        evaluate(lambda t: tl.arange(3), x)


# -- the launch: bid, num_blocks, cdiv, printf -------------------------------------------------
def test_bid_num_blocks_and_cdiv_in_a_2d_grid() -> None:
    out = HostTensor(np.zeros((6, 16), dtype=np.int32))

    def ids(z: Any) -> None:
        i, j = z.index
        value = tl.bid(0) * 100 + tl.bid(1) * 10 + tl.bid(2) + tl.num_blocks(0) * 1000
        value = value + tl.num_blocks(1) * 10000 + tl.num_blocks(2) * 100000
        z.store(tl.full(z.tile_shape, value + (i - tl.bid(0)) + (j - tl.bid(1)), tl.i32))

    assert run(ids, HostPartition(out, (2, 4))) == "batched"
    i, j = np.meshgrid(np.arange(3), np.arange(4), indexing="ij")
    want = 100000 + 10000 * 4 + 1000 * 3 + i * 100 + j * 10
    np.testing.assert_array_equal(out.array, np.repeat(np.repeat(want, 2, axis=0), 4, axis=1))

    t = data((2, 8), np.int32, 1, 20)
    got, _ = evaluate(lambda x: x * tl.cdiv(10, 4) + tl.cdiv(x, 3), t)
    np.testing.assert_array_equal(got, t * 3 + (t + 2) // 3)


def test_cdiv_of_ints_is_an_int_and_of_tiles_a_tile() -> None:
    seen: list[Any] = []

    def k(z: Any) -> None:
        seen.append(tl.cdiv(1000, 128))
        seen.append(tl.cdiv(tl.bid(0) + 5, 2))
        z.store(tl.zeros(z.tile_shape, tl.f32))

    run(k, HostPartition(HostTensor(np.zeros(4, np.float32)), (4,)))
    assert seen[0] == 8 and isinstance(seen[0], int)
    assert isinstance(seen[1], tl.Tile) and int(seen[1]) == 3


def test_printf_prints_per_block_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    def k(z: Any) -> None:
        (i,) = z.index
        tl.printf("tile %d sum=%.1f", i, tl.sum(z.load()))
        z.store(z.load())

    out = HostTensor(np.arange(8, dtype=np.float32))
    assert run(k, HostPartition(out, (4,))) == "serial"  # printf makes the launch serial
    assert capsys.readouterr().out.splitlines() == [
        "[block (0,)] tile 0 sum=6.0",
        "[block (1,)] tile 1 sum=22.0",
    ]


def test_printf_with_its_own_newline_prints_one_line_per_block(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def k(z: Any) -> None:
        tl.printf("hello from %d\n", z.index[0])  # the GPU's printf needs the "\n"
        z.store(z.load())

    run(k, HostPartition(HostTensor(np.zeros(8, np.float32)), (4,)))
    assert capsys.readouterr().out == "[block (0,)] hello from 0\n[block (1,)] hello from 1\n"


# -- errors ------------------------------------------------------------------------------------
def test_tl_calls_outside_a_kernel_raise() -> None:
    with pytest.raises(RuntimeError, match=r"tl\.zeros runs only inside a @tr\.kernel"):
        tl.zeros((4,), tl.f32)
    with pytest.raises(RuntimeError, match=r"only inside a @tr\.kernel"):
        tl.bid(0)
    with pytest.raises(RuntimeError, match=r"only inside a @tr\.kernel"):
        tl.unsafe.store(None, (0,), None)  # type: ignore[arg-type]


def test_shape_mismatch_in_arithmetic_names_the_line_and_op() -> None:
    def k(z: Any, x: Any) -> None:
        t = tl.load_tile_like(x, z)
        z.store(t + tl.zeros((8,), tl.f32))  # marker: broadcast-error

    x = HostTensor(np.ones(16, np.float32))
    with pytest.raises(KernelError) as info:
        run(k, HostPartition(HostTensor(np.zeros(16, np.float32)), (4,)), x)
    message = str(info.value)
    assert re.match(
        rf"{HERE}:{line_of('marker: broadcast-error')}: kernel `k` \(block \(0,\)\): `\+`: ",
        message,
    )
    assert "(4,) and (8,) do not broadcast" in message
    assert info.value.__cause__ is not None


def test_bad_axis_names_the_op() -> None:
    with pytest.raises(KernelError, match=r"tl\.sum: axis 2 is out of range for a tile of rank 2"):
        evaluate(lambda t: tl.sum(t, axis=2), data((1, 4, 4), np.float32))
    with pytest.raises(KernelError, match=r"tl\.mma: .*inner dimensions \(32 and 16\) differ"):
        evaluate(lambda a: tl.mma(a, a, tl.zeros((16, 32), tl.f32)), data((1, 16, 32), np.float32))
    with pytest.raises(KernelError, match=r"tl\.where: the condition must be a bool_ tile"):
        evaluate(lambda t: tl.where(t, t, 0), data((1, 4), np.float32))
    with pytest.raises(KernelError, match=r"`&` needs integer or bool_ tiles, got f32"):
        evaluate(lambda t: t & t, data((1, 4), np.float32))


def test_bool_of_a_non_scalar_tile_is_an_error() -> None:
    def k(z: Any) -> None:
        if z.load():  # marker: ambiguous-if
            z.store(z.load())

    with pytest.raises(KernelError) as info:
        run(k, HostPartition(HostTensor(np.zeros(8, np.float32)), (4,)))
    assert f":{line_of('marker: ambiguous-if')}: " in str(info.value)
    assert "a tile of shape (4,) has no single value" in str(info.value)


def test_store_through_shared_is_refused() -> None:
    def k(z: Any, x: Any) -> None:
        x.store(z.load())

    with pytest.raises(KernelError, match=r"`x` is Shared \(read-only\): it has no store"):
        run(
            k,
            HostPartition(HostTensor(np.zeros(4, np.float32)), (4,)),
            HostTensor(np.ones(4, np.float32)),
        )


# -- argmax and argmin -------------------------------------------------------------------------
ARGS = [("argmax", tl.argmax, np.argmax), ("argmin", tl.argmin, np.argmin)]


@pytest.mark.parametrize(("name", "fn", "ref"), ARGS, ids=[r[0] for r in ARGS])
@pytest.mark.parametrize("axis", [None, 0, 1, -1], ids=str)
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("dt", [i32, i8, f32, f16])
def test_arg_reductions_match_numpy_without_nan(
    name: str, fn: Any, ref: Any, axis: Any, keepdims: bool, dt: type[DType]
) -> None:
    x = data((3, 4, 8), dt.np_dtype, -3, 4)  # few values: many ties, the first index wins
    got, dtype = evaluate(lambda t: fn(t, axis=axis, keepdims=keepdims), x)
    assert dtype is i32
    if axis is None:
        flat = ref(x.reshape(3, -1), axis=1)
        want = flat.reshape((3,) + ((1, 1) if keepdims else ()))
    else:
        want = ref(x, axis=axis + 1 if axis >= 0 else axis, keepdims=keepdims)
    np.testing.assert_array_equal(got, want)


def test_arg_reductions_of_bool_tiles() -> None:
    x = np.array([[False, True, True, False], [False, False, False, False]])
    got, _ = evaluate(tl.argmax, x)
    np.testing.assert_array_equal(got, [1, 0])
    got, _ = evaluate(tl.argmin, x)
    np.testing.assert_array_equal(got, [0, 0])


def test_arg_reductions_treat_nan_as_the_worst_value() -> None:
    nan, inf = np.nan, np.inf
    x = np.array(
        [[1, nan, 3, 3], [nan, nan, nan, nan], [-inf, nan, -inf, -inf], [nan, 2, nan, -1]],
        np.float32,
    )
    got, _ = evaluate(tl.argmax, x)
    np.testing.assert_array_equal(got, [2, 0, 0, 1])  # numpy: [1, 0, 1, 0]
    got, _ = evaluate(tl.argmin, x)
    np.testing.assert_array_equal(got, [0, 0, 0, 3])


def test_arg_reductions_take_one_axis() -> None:
    with pytest.raises(KernelError, match=r"tl\.argmax: takes one axis"):
        evaluate(lambda t: tl.argmax(t, (0, 1)), data((1, 4, 4), np.int32))


# -- cumsum and cumprod ------------------------------------------------------------------------
SCANS = [("cumsum", tl.cumsum, np.cumsum), ("cumprod", tl.cumprod, np.cumprod)]


@pytest.mark.parametrize(("name", "fn", "ref"), SCANS, ids=[r[0] for r in SCANS])
@pytest.mark.parametrize("axis", [0, 1, -1], ids=str)
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("dt", [i32, i8, f32, f64])
def test_scans_match_numpy(
    name: str, fn: Any, ref: Any, axis: int, reverse: bool, dt: type[DType]
) -> None:
    x = data((3, 4, 8), dt.np_dtype, -3, 4)
    got, dtype = evaluate(lambda t: fn(t, axis, reverse=reverse), x)
    assert dtype is dt
    a = axis + 1 if axis >= 0 else axis
    source = np.flip(x, a) if reverse else x
    want = ref(source, axis=a, dtype=dt.np_dtype)  # integers wrap in the tile's dtype
    if reverse:
        want = np.flip(want, a)
    np.testing.assert_array_equal(got, want)


def test_scans_default_to_axis_0_and_count_bool_as_i32() -> None:
    x = data((2, 4, 4), np.int32)
    got, _ = evaluate(tl.cumsum, x)
    np.testing.assert_array_equal(got, np.cumsum(x, axis=1))
    flags = data((2, 8), np.int32, 0, 2).astype(bool)
    got, dtype = evaluate(tl.cumsum, flags)
    assert dtype is i32
    np.testing.assert_array_equal(got, np.cumsum(flags, axis=1))


def test_low_precision_scans_accumulate_in_f32() -> None:
    x = data((2, 16), np.float16)
    got, dtype = evaluate(tl.cumsum, x)
    assert dtype is f16
    np.testing.assert_array_equal(got, np.cumsum(x.astype(np.float32), axis=1).astype(np.float16))


# -- sub-tiles: tl.extract and constant slices ---------------------------------------------------
QUARTER = 4  # a module constant as a slice bound


def test_extract_takes_the_sub_tile_at_a_tile_space_index() -> None:
    a = data((2, 8, 16), np.float32)
    for index, shape in [((0, 0), (4, 8)), ((1, 1), (4, 8)), ((3, 0), (2, 16)), ((0, 3), (8, 4))]:
        got, dtype = evaluate(lambda t, i=index, s=shape: tl.extract(t, i, s), a)
        (i, j), (m, n) = index, shape
        np.testing.assert_array_equal(got, a[:, i * m : (i + 1) * m, j * n : (j + 1) * n])
        assert dtype is f32
    got, _ = evaluate(lambda t: tl.extract(t, index=(0, 2), shape=(8, 4)), a.astype(np.int32))
    np.testing.assert_array_equal(got, a[:, :, 8:12].astype(np.int32))
    v = data((2, 16), np.int16)
    got, dtype = evaluate(lambda t: tl.extract(t, (3,), (4,)), v)
    np.testing.assert_array_equal(got, v[:, 12:16])
    assert dtype is i16


def test_constant_slices_are_extracts() -> None:
    a = data((2, 8, 16), np.float32)
    got, _ = evaluate(lambda t: t[:, 8:16], a)
    np.testing.assert_array_equal(got, a[:, :, 8:16])
    got, _ = evaluate(lambda t: t[QUARTER : 2 * QUARTER, 0:QUARTER], a)
    np.testing.assert_array_equal(got, a[:, 4:8, 0:4])
    got, _ = evaluate(lambda t: t[None, 2:4, :] + t[6:8, None, :], a)
    np.testing.assert_array_equal(got, a[:, None, 2:4, :] + a[:, 6:8, None, :])
    v = data((2, 16), np.float32)
    got, _ = evaluate(lambda t: t[12:16], v)
    np.testing.assert_array_equal(got, v[:, 12:16])


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        (lambda t: t[:, 0:3], r"slice 0:3 of axis 1 .* the length must be a power of two"),
        (lambda t: t[:, 4:12], r"slice 4:12 .* the start a multiple of it"),
        (lambda t: t[:, 16:32], r"slice 16:32 of axis 1 \(length 16\)"),
        (lambda t: t[:, 0:16:2], r"tile slices take no step"),
        (lambda t: t[:, 8:], r"gives both bounds"),
        (lambda t: t[0:4], r"names each of its 2 axes once"),
        (lambda t: t[..., 0:4], r"names each of its 2 axes once"),
        (lambda t: t[:, tl.bid(0) : tl.bid(0) + 4], r"start must be a constant int"),
        (lambda t: t[0, :], r"indexed only with None .* constant slices"),
        (lambda t: tl.extract(t, (0, 0), (3, 16)), r"shape of tl\.extract .* power of two"),
        (lambda t: tl.extract(t, (0, 0), (16, 16)), r"does not divide the tile's shape"),
        (lambda t: tl.extract(t, (2, 0), (4, 16)), r"index \(2, 0\) is outside the 2 sub-tiles"),
        (lambda t: tl.extract(t, (0,), (4,)), r"of the tile's rank 2"),
        (lambda t: tl.extract(t, (tl.bid(0), 0), (4, 16)), r"index of tl\.extract must be a"),
    ],
)
def test_sub_tiles_that_the_gpu_cannot_extract_are_refused(
    expr: Callable[[Any], Any], message: str
) -> None:
    with pytest.raises(KernelError, match=message):
        evaluate(expr, data((1, 8, 16), np.float32))


def test_a_refused_slice_names_the_users_line() -> None:
    def k(z: Any, x: Any) -> None:
        t = tl.load_tile_like(x, z)
        z.store(tl.cat((t[0:3], t[0:3])))  # marker: bad-slice

    x = HostTensor(np.ones(16, np.float32))
    with pytest.raises(KernelError) as info:
        run(k, HostPartition(HostTensor(np.zeros(16, np.float32)), (8,)), x)
    assert re.match(rf"{HERE}:{line_of('marker: bad-slice')}: kernel `k`", str(info.value))
    assert "slice 0:3 of axis 0 (length 8)" in str(info.value)
