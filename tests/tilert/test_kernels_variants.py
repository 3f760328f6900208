"""The row kernels' and flash attention's variants (``norms.VARIANTS``,
``flash.ATTENTION_VARIANTS``), picked through configs as the GPU probe and the tuner pick
them, on the interpreter against numpy in f64, for f16, bf16 and f32: rows that are not powers
of two, edge tiles, rows longer than a chunk, persistent blocks walking several tiles (the
interpreter's device has 2 SMs), causal diagonals inside and across key tiles. Tolerances
are those of test_kernels_norms.py and test_kernels_attention.py. Also what ``plan`` makes of
a config, and that ``num_worker_warps`` reaches cuTile's kernel options."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.kernels as tk
from tests.support.kernel_checks import DTYPES, check, tensor
from tilert.kernels import norms
from tilert.kernels._common import specialize

pytestmark = pytest.mark.usefixtures("interpreter")

RNG = np.random.default_rng(19)
C = tr.Config
SHAPES = [(5, 100), (9, 300), (1, 1)]
# each variant, with several rows per tile, options the interpreter ignores but must accept,
# chunks of 16 columns (several per row), and a whole-row variant on rows past its chunk
ROW_CONFIGS = [
    C(variant="rows", bm=2, occupancy=4, num_worker_warps=8),
    C(variant="rows_exp2", block=256, occupancy=2),
    C(variant="chunks_exp2", chunk=16, bm=2),
    C(variant="chunks", chunk=32, block=64, occupancy=4),
    C(variant="loop", bm=2, waves=1),
    C(variant="loop_lat", latency=3, waves=1, num_worker_warps=8),
    C(variant="loop", chunk=16),  # rows past 16 columns: chunks_exp2
]
ROW_IDS = ["rows", "rows_exp2", "chunks_exp2", "chunks", "loop", "loop_lat", "loop-long"]


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("rows_cols", SHAPES)
@pytest.mark.parametrize("cfg", ROW_CONFIGS, ids=ROW_IDS)
def test_softmax_variants(dt: type[tr.DType], rows_cols: tuple[int, int], cfg: tr.Config) -> None:
    x, xr = tensor(3 * RNG.standard_normal(rows_cols), dt)
    out = tr.empty(rows_cols, dtype=dt)
    tk.softmax(out, x, config=cfg).sync()
    e = np.exp(xr - xr.max(axis=1, keepdims=True))
    check(out, e / e.sum(axis=1, keepdims=True), dt)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("rows_cols", SHAPES)
@pytest.mark.parametrize("cfg", ROW_CONFIGS, ids=ROW_IDS)
def test_rmsnorm_variants(dt: type[tr.DType], rows_cols: tuple[int, int], cfg: tr.Config) -> None:
    x, xr = tensor(RNG.standard_normal(rows_cols), dt)
    w, wr = tensor(RNG.standard_normal(rows_cols[1]), dt)
    out = tr.empty(rows_cols, dtype=dt)
    tk.rmsnorm(out, x, w, 1e-6, config=cfg).sync()
    check(out, xr / np.sqrt((xr * xr).mean(axis=1, keepdims=True) + 1e-6) * wr, dt)


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("rows_cols", SHAPES)
@pytest.mark.parametrize("cfg", ROW_CONFIGS, ids=ROW_IDS)
def test_layernorm_variants(dt: type[tr.DType], rows_cols: tuple[int, int], cfg: tr.Config) -> None:
    cols = rows_cols[1]
    x, xr = tensor(RNG.standard_normal(rows_cols) + 2.0, dt)
    w, wr = tensor(RNG.standard_normal(cols), dt)
    b, br = tensor(RNG.standard_normal(cols), dt)
    out = tr.empty(rows_cols, dtype=dt)
    tk.layernorm(out, x, w, b, 1e-5, config=cfg).sync()
    c = xr - xr.mean(axis=1, keepdims=True)
    check(out, c / np.sqrt((c * c).mean(axis=1, keepdims=True) + 1e-5) * wr + br, dt)


@pytest.mark.parametrize("cfg", ROW_CONFIGS, ids=ROW_IDS)
def test_rmsnorm_residual_takes_each_variants_tiling(cfg: tr.Config) -> None:
    x, xr = tensor(RNG.standard_normal((7, 70)), tr.f16)
    res, rr = tensor(RNG.standard_normal((7, 70)), tr.f16)
    w, wr = tensor(RNG.standard_normal(70), tr.f16)
    out = tr.empty((7, 70), dtype=tr.f16)
    tk.rmsnorm(out, x, w, 1e-6, residual=res, config=cfg).sync()
    h = (xr + rr).astype(np.float32).astype(np.float16).astype(np.float64)  # as stored
    check(res, xr + rr, tr.f16)
    check(out, h / np.sqrt((h * h).mean(axis=1, keepdims=True) + 1e-6) * wr, tr.f16)


def test_the_existing_configs_plan_as_before() -> None:
    """No ``variant``: a block per tile of whole rows, chunks past ``chunk`` columns."""
    p = norms.plan(C(block=4096, chunk=8192), 4096, 8192)
    assert (p.variant, p.bm, p.bc, p.blocks, p.options) == (
        norms.VARIANTS["rows"],
        1,
        8192,
        None,
        {},
    )
    p = norms.plan(C(block=16384, chunk=8192), 4096, 6000)
    assert (p.bm, p.bc) == (2, 8192)  # 6000 columns in a tile of 8192
    p = norms.plan(C(block=1024, chunk=8192), 100, 10000)
    assert (p.variant, p.bm, p.bc, p.blocks) == (norms.VARIANTS["chunks"], 1, 8192, 100)


def test_plan_reads_a_variants_values() -> None:
    p = norms.plan(C(variant="loop", bm=4, waves=2, occupancy=2, num_worker_warps=8), 4096, 8192)
    assert (p.variant.tiling, p.bm, p.bc) == ("loop", 4, 8192)
    assert p.blocks == 2 * tr.Device().sm_count
    assert p.options == {"occupancy": 2, "num_worker_warps": 8}
    assert norms.plan(C(variant="loop", bm=4), 6, 8192).blocks == 2  # no more than the tiles
    assert norms.plan(C(variant="loop_lat", latency=5), 8, 64).hint == (5,)
    long = norms.plan(C(variant="rows_exp2", chunk=2048), 8, 8192)
    assert (long.variant, long.bc) == (norms.VARIANTS["chunks_exp2"], 2048)
    assert norms.plan(C(variant="rows", bm=3), 8, 64).bm == 4  # tiles are powers of two
    assert norms.plan(C(variant="chunks", chunk=4096), 8, 100).bc == 128


def test_plan_refuses_an_unknown_variant_and_a_missing_hint() -> None:
    with pytest.raises(ValueError, match="not one of rows, chunks"):
        norms.plan(C(variant="fast"), 8, 64)
    with pytest.raises(ValueError, match="takes a `latency` hint"):
        norms.plan(C(variant="loop_lat"), 8, 64)


def test_num_worker_warps_reaches_the_kernel_options() -> None:
    k = specialize(norms.softmax_rows, T=tr.f16).with_options(occupancy=2, num_worker_warps=8)
    assert "@ct.kernel(occupancy=2, num_worker_warps=8)" in k.lower({"out": (1, 64)})


# -- attention ----------------------------------------------------------------------------------
def reference(q: Any, k: Any, v: Any, causal: bool, scale: float) -> Any:
    group = q.shape[1] // k.shape[1]
    k, v = np.repeat(k, group, axis=1), np.repeat(v, group, axis=1)
    s = q @ k.transpose(0, 1, 3, 2) * scale
    if causal:
        s = np.where(np.tril(np.ones(s.shape[-2:], dtype=bool)), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    return p / p.sum(axis=-1, keepdims=True) @ v


ATT_TOL = {tr.f32: 2e-5, tr.f16: 4e-3, tr.bf16: 2.4e-2}
ATT_SHAPES = [(2, 4, 2, 40, 16), (1, 3, 1, 33, 24), (1, 2, 2, 1, 8)]  # batch, heads, kv, seq, d
# the query tile equal to, twice and half the key tile (a causal diagonal inside one key tile,
# across two); persistent blocks walking several tiles; options the interpreter ignores
ATT_CONFIGS = [
    C(variant="fold", bm=16, bn=16, occupancy=1),
    C(variant="fold", bm=32, bn=16, num_worker_warps=8),
    C(variant="fold_lat", bm=16, bn=32, latency=3, num_ctas=2),
    C(variant="persistent", bm=16, bn=16, waves=1),
    C(variant="base", bm=16, bn=16, num_worker_warps=8),
]
ATT_IDS = ["fold", "fold-bm32", "fold_lat-bn32", "persistent", "base-options"]


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("shape", ATT_SHAPES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("cfg", ATT_CONFIGS, ids=ATT_IDS)
def test_attention_variants(
    dt: type[tr.DType], shape: tuple[int, ...], causal: bool, cfg: tr.Config
) -> None:
    b, h, hk, s, d = shape
    q, qr = tensor(RNG.standard_normal((b, h, s, d)), dt)
    k, kr = tensor(RNG.standard_normal((b, hk, s, d)), dt)
    v, vr = tensor(RNG.standard_normal((b, hk, s, d)), dt)
    out = tr.empty((b, h, s, d), dtype=dt)
    tk.attention(out, q, k, v, causal=causal, config=cfg).sync()
    check(out, reference(qr, kr, vr, causal, 1 / math.sqrt(d)), dt, ATT_TOL)


@pytest.mark.parametrize("cfg", ATT_CONFIGS[:4], ids=ATT_IDS[:4])
def test_folding_variants_take_the_plain_body_for_a_negative_scale(cfg: tr.Config) -> None:
    """The running max of unscaled scores is not that of scaled ones when the scale is
    negative: those variants hand such a call to ``base``."""
    q, qr = tensor(RNG.standard_normal((1, 2, 40, 16)), tr.f32)
    k, kr = tensor(RNG.standard_normal((1, 2, 50, 16)), tr.f32)  # more keys than queries
    v, vr = tensor(RNG.standard_normal((1, 2, 50, 16)), tr.f32)
    out = tr.empty((1, 2, 40, 16), dtype=tr.f32)
    tk.attention(out, q, k, v, causal=True, scale=-0.3, config=cfg).sync()
    check(out, reference(qr, kr, vr, True, -0.3), tr.f32, ATT_TOL)


def test_attention_refuses_an_unknown_variant_and_a_missing_hint() -> None:
    q = tr.zeros((1, 2, 8, 16))
    with pytest.raises(ValueError, match="not one of base, fold"):
        tk.attention(tr.empty((1, 2, 8, 16)), q, q, q, config=C(variant="x", bm=16, bn=16))
    with pytest.raises(ValueError, match="takes a `latency` hint"):
        tk.attention(tr.empty((1, 2, 8, 16)), q, q, q, config=C(variant="fold_lat", bm=16, bn=16))
