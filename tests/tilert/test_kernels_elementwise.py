"""tilert.kernels' elementwise and indexing kernels (rope, silu_and_mul, dropout, embedding,
argmax) on the interpreter against numpy in f64, for f16, bf16 and f32, at sizes that leave
edge tiles (head_dim 12 takes the gathered RoPE path, n = 37 the gathered SwiGLU one).

Tolerance: the largest absolute error over the largest reference magnitude (at least 1) is at
most 2e-5 (f32), 2e-3 (f16), 1.6e-2 (bf16); embedding and argmax are exact."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.kernels as tk
from tests.support.kernel_checks import DTYPES, check, tensor
from tilert.kernels import elementwise

pytestmark = pytest.mark.usefixtures("interpreter")

RNG = np.random.default_rng(12)


def rope_reference(x: Any, pos: Any, theta: float) -> Any:
    h = x.shape[-1] // 2
    angle = pos[:, None, None] * theta ** (-2.0 * np.arange(h) / x.shape[-1])
    x1, x2 = x[..., :h], x[..., h:]
    c, s = np.cos(angle), np.sin(angle)
    return np.concatenate([x1 * c - x2 * s, x2 * c + x1 * s], axis=-1)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("shape", [(5, 3, 16), (4, 2, 12), (3, 5, 8), (2, 1, 2)])
@pytest.mark.parametrize("it", [tr.i32, tr.i64], ids=["i32", "i64"])
def test_rope(dt: type[tr.DType], shape: tuple[int, int, int], it: type[tr.DType]) -> None:
    x, xr = tensor(RNG.standard_normal(shape), dt)
    pos = np.arange(shape[0]) * 7 + 3
    out = tr.empty(shape, dtype=dt)
    tk.rope(out, x, tr.from_numpy(pos.astype(it.np_dtype)), 10000.0).sync()
    check(out, rope_reference(xr, pos, 10000.0), dt)


def test_rope_theta_and_refusals() -> None:
    x, xr = tensor(RNG.standard_normal((3, 2, 32)), tr.f32)
    pos = np.array([0, 1, 40])
    out = tr.empty((3, 2, 32), dtype=tr.f32)
    tk.rope(out, x, tr.from_numpy(pos.astype(np.int32)), 500000.0).sync()
    check(out, rope_reference(xr, pos, 500000.0), tr.f32)
    with pytest.raises(ValueError, match="even"):
        tk.rope(tr.empty((3, 2, 5), dtype=tr.f32), tr.zeros((3, 2, 5)), tr.zeros((3,), tr.i32))
    with pytest.raises(TypeError, match="i32 or i64"):
        tk.rope(out, x, tr.zeros((3,), dtype=tr.f32))


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("rows_n", [(5, 48), (3, 37), (7, 1024), (1, 1)])
@pytest.mark.parametrize("cfg", elementwise.SILU_CONFIGS, ids=["c0", "c1", "c2"])
def test_silu_and_mul(dt: type[tr.DType], rows_n: tuple[int, int], cfg: tr.Config) -> None:
    rows, n = rows_n
    gu, g = tensor(RNG.standard_normal((rows, 2 * n)), dt)
    out = tr.empty((rows, n), dtype=dt)
    tk.silu_and_mul(out, gu, config=cfg).sync()
    a, b = g[:, :n], g[:, n:]
    check(out, a / (1.0 + np.exp(-a)) * b, dt)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
def test_dropout(dt: type[tr.DType]) -> None:
    x, xr = tensor(RNG.standard_normal((37, 50)) + 5.0, dt)  # no zeros among the inputs
    out = tr.empty((37, 50), dtype=dt)
    tk.dropout(out, x, 0.3, 1234).sync()
    o = out.to_numpy().astype(np.float64)
    kept = o != 0
    assert abs(kept.mean() - 0.7) < 0.05  # 1850 draws: 5 standard deviations is 0.053
    check(tr.from_numpy(np.where(kept, o, 0.0)), np.where(kept, xr / 0.7, 0.0), dt)
    again = tr.empty((37, 50), dtype=dt)
    tk.dropout(again, x, 0.3, 1234).sync()
    np.testing.assert_array_equal(again.to_numpy(), out.to_numpy())  # same seed, same mask
    other = tr.empty((37, 50), dtype=dt)
    tk.dropout(other, x, 0.3, 99).sync()
    assert ((other.to_numpy() != 0) != kept).any()


def test_dropout_mask_is_the_same_for_every_dtype_and_edge_probabilities() -> None:
    masks = []
    for dt in DTYPES:
        x = tr.ones((1000,), dtype=dt)
        out = tr.empty((1000,), dtype=dt)
        tk.dropout(out, x, 0.5, 7).sync()
        masks.append(out.to_numpy().astype(np.float32) != 0)
    assert all((m == masks[0]).all() for m in masks)
    x, xr = tensor(RNG.standard_normal((3, 4, 5)), tr.f32)
    out = tr.empty((3, 4, 5), dtype=tr.f32)
    tk.dropout(out, x, 0.0, 1).sync()
    np.testing.assert_array_equal(out.to_numpy(), xr.astype(np.float32))
    tk.dropout(out, x, 1.0, 1).sync()
    np.testing.assert_array_equal(out.to_numpy(), 0.0)
    with pytest.raises(ValueError, match="p must be"):
        tk.dropout(out, x, 1.5, 1)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("it", [tr.i32, tr.i64], ids=["i32", "i64"])
def test_embedding(dt: type[tr.DType], it: type[tr.DType]) -> None:
    table = tr.from_numpy(RNG.standard_normal((11, 20)).astype(dt.np_dtype))
    ids = np.array([3, 0, 10, 5, 5, 2, 7, 12, -1])  # the last two outside the table: zeros
    out = tr.empty((9, 20), dtype=dt)
    tk.embedding(out, table, tr.from_numpy(ids.astype(it.np_dtype))).sync()
    t = table.to_numpy()
    np.testing.assert_array_equal(out.to_numpy()[:7], t[ids[:7]])
    np.testing.assert_array_equal(out.to_numpy().astype(np.float32)[7:], 0.0)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("it", [tr.i32, tr.i64], ids=["i32", "i64"])
@pytest.mark.parametrize("cols", [3000, 37, 1])
def test_argmax(dt: type[tr.DType], it: type[tr.DType], cols: int) -> None:
    x = RNG.standard_normal((9, cols)).astype(dt.np_dtype)
    if cols > 1:
        x[2, 0] = x[2, cols - 1] = 100.0  # a tie, across chunks for 3000: the first wins
        x[4, cols // 2] = x[4, cols // 2 + 1] = 100.0  # a tie inside a chunk
    x[3, :] = -np.inf
    out = tr.empty((9,), dtype=it)
    tk.argmax(out, tr.from_numpy(x)).sync()
    assert out.to_numpy().dtype == it.np_dtype
    np.testing.assert_array_equal(out.to_numpy(), np.argmax(x.astype(np.float32), axis=1))


def test_argmax_counts_nan_as_the_smallest() -> None:
    x = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]], dtype=np.float32)
    out = tr.empty((2,), dtype=tr.i32)
    tk.argmax(out, tr.from_numpy(x)).sync()
    np.testing.assert_array_equal(out.to_numpy(), [2, 0])
