"""tilert.kernels' matrix products (the persistent grouped GEMM under each of its configs,
bmm, gemv) on the interpreter against numpy in f64, for f16, bf16 and f32, at sizes that
are not multiples of the tiles (edge tiles in M, N and K).

Tolerance: the largest absolute error over the largest reference magnitude is at most 2e-5
(f32), 2e-3 (f16), 1.6e-2 (bf16): f32 accumulation, then the output's rounding."""

from __future__ import annotations

import numpy as np
import pytest

import tilert as tr
import tilert.kernels as tk
from tests.support.kernel_checks import DTYPES, check, tensor

pytestmark = pytest.mark.usefixtures("interpreter")

RNG = np.random.default_rng(13)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("cfg", tk.GEMM_CONFIGS, ids=[f"c{i}" for i in range(5)])
def test_gemm_every_config(dt: type[tr.DType], cfg: tr.Config) -> None:
    a, ar = tensor(RNG.standard_normal((150, 90)), dt)
    b, br = tensor(RNG.standard_normal((90, 140)), dt)
    out = tr.empty((150, 140), dtype=dt)
    tk.gemm(out, a, b, config=cfg).sync()
    check(out, ar @ br, dt)


@pytest.mark.parametrize("mnk", [(1, 1, 1), (33, 17, 200), (64, 64, 64)])
def test_gemm_default(mnk: tuple[int, int, int]) -> None:
    m, n, k = mnk
    a, ar = tensor(RNG.standard_normal((m, k)), tr.f16)
    b, br = tensor(RNG.standard_normal((k, n)), tr.f16)
    out = tr.empty((m, n), dtype=tr.f16)
    tk.gemm(out, a, b).sync()
    check(out, ar @ br, tr.f16)
    with pytest.raises(ValueError, match="gemm: a is"):
        tk.gemm(out, a, tr.zeros((k + 1, n), dtype=tr.f16))


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("cfg", tk.BMM_CONFIGS, ids=["c0", "c1"])
def test_bmm(dt: type[tr.DType], cfg: tr.Config) -> None:
    a, ar = tensor(RNG.standard_normal((3, 40, 70)), dt)
    b, br = tensor(RNG.standard_normal((3, 70, 24)), dt)
    out = tr.empty((3, 40, 24), dtype=dt)
    tk.bmm(out, a, b, config=cfg).sync()
    check(out, ar @ br, dt)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("cfg", tk.GEMV_CONFIGS, ids=["c0", "c1", "c2"])
@pytest.mark.parametrize("nk", [(100, 300), (7, 1000), (1, 1)])
def test_gemv(dt: type[tr.DType], cfg: tr.Config, nk: tuple[int, int]) -> None:
    w, wr = tensor(RNG.standard_normal(nk), dt)
    x, xr = tensor(RNG.standard_normal(nk[1]), dt)
    out = tr.empty((nk[0],), dtype=dt)
    tk.gemv(out, w, x, config=cfg).sync()
    check(out, wr @ xr, dt)
