"""tilert.kernels' row normalizations (softmax, layernorm, rmsnorm with and without the fused
residual) on the interpreter against numpy in f64, for f16, bf16 and f32, with rows that are
not powers of two, edge tiles and the chunked path (rows longer than a config's ``chunk``).

Tolerance: the largest absolute error over the largest reference magnitude (at least 1) is at
most 2e-5 (f32), 2e-3 (f16), 1.6e-2 (bf16): the output's own rounding plus f32 arithmetic."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.kernels as tk
from tests.support.kernel_checks import DTYPES, check, tensor
from tilert.kernels import norms

pytestmark = pytest.mark.usefixtures("interpreter")

SHAPES = [(5, 100), (3, 37), (9, 300), (1, 1)]
# the default tiling, several rows per block, and chunks of 16 columns (the persistent path)
CONFIGS = [norms.CONFIGS[0], tr.Config(block=256, chunk=8192), tr.Config(block=64, chunk=16)]
RNG = np.random.default_rng(11)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("rows_cols", SHAPES)
@pytest.mark.parametrize("cfg", CONFIGS, ids=["default", "rows", "chunks"])
def test_softmax(dt: type[tr.DType], rows_cols: tuple[int, int], cfg: tr.Config) -> None:
    x, xr = tensor(3 * RNG.standard_normal(rows_cols), dt)
    out = tr.empty(rows_cols, dtype=dt)
    tk.softmax(out, x, config=cfg).sync()
    e = np.exp(xr - xr.max(axis=1, keepdims=True))
    check(out, e / e.sum(axis=1, keepdims=True), dt)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("rows_cols", SHAPES)
@pytest.mark.parametrize("cfg", CONFIGS, ids=["default", "rows", "chunks"])
def test_layernorm(dt: type[tr.DType], rows_cols: tuple[int, int], cfg: tr.Config) -> None:
    cols = rows_cols[1]
    x, xr = tensor(RNG.standard_normal(rows_cols) + 2.0, dt)  # a mean away from 0
    w, wr = tensor(RNG.standard_normal(cols), dt)
    b, br = tensor(RNG.standard_normal(cols), dt)
    out = tr.empty(rows_cols, dtype=dt)
    tk.layernorm(out, x, w, b, 1e-5, config=cfg).sync()
    c = xr - xr.mean(axis=1, keepdims=True)
    check(out, c / np.sqrt((c * c).mean(axis=1, keepdims=True) + 1e-5) * wr + br, dt)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("rows_cols", SHAPES)
@pytest.mark.parametrize("cfg", CONFIGS, ids=["default", "rows", "chunks"])
def test_rmsnorm(dt: type[tr.DType], rows_cols: tuple[int, int], cfg: tr.Config) -> None:
    x, xr = tensor(RNG.standard_normal(rows_cols), dt)
    w, wr = tensor(RNG.standard_normal(rows_cols[1]), dt)
    out = tr.empty(rows_cols, dtype=dt)
    tk.rmsnorm(out, x, w, 1e-6, config=cfg).sync()
    check(out, xr / np.sqrt((xr * xr).mean(axis=1, keepdims=True) + 1e-6) * wr, dt)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("cfg", CONFIGS, ids=["default", "rows", "chunks"])
def test_rmsnorm_with_residual_adds_in_place(dt: type[tr.DType], cfg: tr.Config) -> None:
    x, xr = tensor(RNG.standard_normal((7, 70)), dt)
    res, rr = tensor(RNG.standard_normal((7, 70)), dt)
    w, wr = tensor(RNG.standard_normal(70), dt)
    out = tr.empty((7, 70), dtype=dt)
    tk.rmsnorm(out, x, w, 1e-6, residual=res, config=cfg).sync()
    h = (xr + rr).astype(np.float32).astype(dt.np_dtype).astype(np.float64)  # as stored
    check(res, xr + rr, dt)
    check(out, h / np.sqrt((h * h).mean(axis=1, keepdims=True) + 1e-6) * wr, dt)


def test_softmax_of_large_magnitudes_does_not_overflow() -> None:
    x = tr.from_numpy(np.array([[1000.0, 1000.0, -1000.0]], dtype=np.float32))
    out = tr.empty((1, 3), dtype=tr.f32)
    tk.softmax(out, x).sync()
    np.testing.assert_allclose(out.to_numpy(), [[0.5, 0.5, 0.0]], atol=1e-7)


def test_autotune_picks_a_config_on_the_interpreter(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    monkeypatch.setenv("TILERT_CACHE_DIR", str(tmp_path))
    x, xr = tensor(RNG.standard_normal((6, 50)), tr.f32)
    out = tr.empty((6, 50), dtype=tr.f32)
    norms._softmax(out, x).sync()  # the tuned function itself: times each config
    assert len(norms._softmax.last_tuning) == len(norms.CONFIGS)
    assert all(isinstance(t, float) for _, t in norms._softmax.last_tuning)
    e = np.exp(xr - xr.max(axis=1, keepdims=True))
    check(out, e / e.sum(axis=1, keepdims=True), tr.f32)


def test_arguments_are_checked() -> None:
    x = tr.zeros((4, 8), dtype=tr.f16)
    with pytest.raises(TypeError, match="every tensor must be f32, got tensor f16"):
        tk.softmax(tr.empty((4, 8), dtype=tr.f32), x)
    with pytest.raises(ValueError, match="expected shape"):
        tk.softmax(tr.empty((4, 9), dtype=tr.f16), x)
    with pytest.raises(ValueError, match="expected shape"):
        tk.rmsnorm(tr.empty((4, 8), dtype=tr.f16), x, tr.zeros((7,), dtype=tr.f16))
    with pytest.raises(TypeError, match="f16, bf16 or f32"):
        tk.softmax(tr.empty((4, 8), dtype=tr.i32), tr.zeros((4, 8), dtype=tr.i32))
