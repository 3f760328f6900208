"""The newer rows of the language table on the GPU against the interpreter (the kernels of
tests/support/lang_kernels.py; tests/tilert/test_lang_more.py holds the interpreter to numpy):
unsigned and 8-bit float dtypes, divmod, bitcast, insert, num_tiles, static_assert, gather,
reduce and scan with a function, scatter and the atomics (with their memory order and scope)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import tilert as tr
from tests.gpu.test_gpu import both
from tests.support import lang_kernels as K
from tilert import f32, i32

pytestmark = pytest.mark.gpu

RNG = np.random.default_rng(11)
X = RNG.standard_normal((8, 64)).astype(np.float32)
Arrays = list[np.ndarray[Any, Any]]


def _hash() -> Arrays:
    x = np.random.default_rng(1).integers(0, 2**32, size=300, dtype=np.uint32)
    z = tr.zeros((300,), dtype=tr.u32)
    K.hash_u32(z.partition((128,)), tr.from_numpy(x)).sync()
    return [z.to_numpy()]


def _unsigned_convert() -> Arrays:
    x = np.array([-3.5, 0.9, 70000.0, 12.7, np.nan, np.inf, -np.inf, 65535.4], np.float32)
    a, b = tr.zeros((8,), dtype=tr.u16), tr.zeros((8,), dtype=tr.u64)
    K.unsigned_convert(a.partition((8,)), b.partition((8,)), tr.from_numpy(x)).sync()
    return [a.to_numpy(), b.to_numpy()]


def _fp8() -> Arrays:
    special = [0.3, -1.7, 100.0, 1e-3, 240.0, -0.0, 3.14159, 448.0, 460.0, 1e4, -1e4, 2e-9]
    special += [1e5, -1e5, 6e4, np.inf, -np.inf, np.nan, 500.0, 57344.0]
    x = np.array([*special, *X[0, : 32 - len(special)]], np.float32)
    z, w = tr.zeros((32,), dtype=f32), tr.zeros((32,), dtype=f32)
    q = tr.zeros((32,), dtype=tr.f8e4m3fn)
    K.fp8_round_trip(
        z.partition((32,)), w.partition((32,)), q.partition((32,)), tr.from_numpy(x)
    ).sync()
    return [z.to_numpy(), w.to_numpy(), q.to_numpy().astype(np.float32)]


def _fp8_matmul() -> Arrays:
    a = np.random.default_rng(2).standard_normal((32, 64)).astype(ml_dtypes.float8_e4m3fn)
    b = np.random.default_rng(3).standard_normal((64, 32)).astype(ml_dtypes.float8_e4m3fn)
    c = tr.zeros((32, 32), dtype=f32)
    K.fp8_matmul(c.partition((16, 16)), tr.from_numpy(a), tr.from_numpy(b), 64).sync()
    return [c.to_numpy()]


def _division() -> Arrays:
    x = np.random.default_rng(4).integers(-50, 50, size=64, dtype=np.int32)
    q, r = tr.zeros((64,), dtype=i32), tr.zeros((64,), dtype=i32)
    K.int_division(q.partition((32,)), r.partition((32,)), tr.from_numpy(x)).sync()
    return [q.to_numpy(), r.to_numpy()]


def _bits() -> Arrays:
    z, w = tr.zeros((32,), dtype=tr.u32), tr.zeros((32,), dtype=f32)
    K.bits(z.partition((32,)), w.partition((32,)), tr.from_numpy(X[0, :32].copy())).sync()
    return [z.to_numpy(), w.to_numpy()]


def _insert() -> Arrays:
    z = tr.zeros((8, 64), dtype=f32)
    K.insert_and_count(z.partition((2, 32)), tr.from_numpy(X)).sync()
    return [z.to_numpy()]


def _window() -> Arrays:
    z = tr.zeros((8, 32), dtype=f32)
    K.window(z.partition((4, 16)), tr.from_numpy(X), 3, 37).sync()
    return [z.to_numpy()]


def _masked_gather() -> Arrays:
    table = np.array([3, -1, 15, 0, 7, -1, 2, 20], np.int32)
    z = tr.zeros((8,), dtype=f32)
    x = np.arange(16, dtype=np.float32)
    K.masked_gather(z.partition((8,)), tr.from_numpy(x), tr.from_numpy(table)).sync()
    return [z.to_numpy()]


def _reductions() -> Arrays:
    x = X.copy()
    x[2, 5] = x[2, 40] = 50.0
    m, s = tr.zeros((8, 1), dtype=f32), tr.zeros((8, 64), dtype=f32)
    am = tr.zeros((8, 1), dtype=i32)
    K.custom_reductions(
        m.partition((4, 1)), am.partition((4, 1)), s.partition((4, 64)), tr.from_numpy(x)
    ).sync()
    return [m.to_numpy(), am.to_numpy(), s.to_numpy()]


def _histogram() -> Arrays:
    x = np.random.default_rng(5).standard_normal(1000).astype(np.float32)
    counts, peaks = tr.zeros((16,), dtype=i32), tr.full((16,), -10000, dtype=i32)
    K.histogram(counts.partition((4,)), peaks.partition((4,)), tr.from_numpy(x)).sync()
    return [counts.to_numpy(), peaks.to_numpy()]


def _scatter() -> Arrays:
    x = np.random.default_rng(6).standard_normal((32, 16)).astype(np.float32)
    order = np.random.default_rng(7).permutation(32).astype(np.int32)
    z = tr.zeros((32, 16), dtype=f32)
    K.permute_rows(z.partition((8, 16)), tr.from_numpy(x), tr.from_numpy(order)).sync()
    return [z.to_numpy()]


def _claim() -> Arrays:
    slots, winners = tr.full((6,), -1, dtype=i32), tr.zeros((6,), dtype=i32)
    K.claim(slots.partition((1,)), winners.partition((1,))).sync()
    # which block wins depends on the GPU's order: compare what does not
    s = slots.to_numpy()
    return [winners.to_numpy(), (s[:2] >= 0) & (s[:2] < 6), s[2:]]


def _widening() -> Arrays:
    x = np.random.default_rng(8).standard_normal(64).astype(np.float16)
    z = tr.zeros((64,), dtype=f32)
    K.widening_loop(z.partition((32,)), tr.from_numpy(x)).sync()
    return [z.to_numpy()]


def _typed_scalars() -> Arrays:
    z, w = tr.full((8,), 1.5, dtype=f32), tr.full((8,), 3, dtype=tr.u32)
    K.typed_scalars(
        z.partition((8,)), w.partition((8,)), -4, 0.1, 2**31 + 5, 7 * 10**12, 0.25
    ).sync()
    return [z.to_numpy(), w.to_numpy()]


def _inverted() -> Arrays:
    z = tr.zeros((8,), dtype=i32)
    K.inverted(z.partition((8,)), tr.from_numpy(np.arange(-4, 4, dtype=np.int32))).sync()
    return [z.to_numpy()]


def _combine_last() -> Arrays:
    """The stream-K GEMM's combine in small (relaxed adds, one acquire-release counter), run
    many times in a row on one workspace: a call that hung or left the workspace dirty would
    show in the sum, the leftovers or the test's time."""
    x = np.random.default_rng(9).standard_normal((6, 16)).astype(np.float32)
    out, ws = tr.zeros((6, 16), dtype=f32), tr.zeros((6, 16), dtype=f32)
    count = tr.zeros((6, 1), dtype=i32)
    sums = []
    for _ in range(50):
        K.combine_last(
            out.partition((1, 16)), ws.partition((1, 16)), count.partition((1, 1)), tr.from_numpy(x)
        ).sync()
        sums.append(out.to_numpy()[0].copy())
    return [np.stack(sums), ws.to_numpy(), count.to_numpy()]


EXACT = 0.0
CASES: dict[str, tuple[Callable[[], Arrays], float]] = {
    "u32-arithmetic": (_hash, EXACT),
    "floats-to-unsigned": (_unsigned_convert, EXACT),
    "f8-round-trip": (_fp8, EXACT),
    "f8-matmul": (_fp8_matmul, 1e-5),
    "divmod-mod-floordiv": (_division, EXACT),
    "bitcast": (_bits, EXACT),
    "insert-num-tiles-static-assert": (_insert, EXACT),
    "gather-window": (_window, EXACT),
    "gather-mask-padding": (_masked_gather, EXACT),
    "reduce-scan-function": (_reductions, 1e-5),
    "atomic-add-max": (_histogram, EXACT),
    "scatter": (_scatter, EXACT),
    "atomic-cas-xchg": (_claim, EXACT),
    "loop-value-changes-dtype": (_widening, 1e-6),
    "typed-scalar-parameters": (_typed_scalars, EXACT),
    "invert": (_inverted, EXACT),
    "atomic-orders-combine": (_combine_last, 1e-5),
}


@pytest.mark.parametrize("name", list(CASES))
def test_matches_interpreter(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    run, tolerance = CASES[name]
    expect, got = both(monkeypatch, run)
    assert len(expect) == len(got)
    for e, g in zip(expect, got, strict=True):
        assert e.dtype == g.dtype and e.shape == g.shape
        np.testing.assert_allclose(g, e, rtol=tolerance, atol=tolerance)
