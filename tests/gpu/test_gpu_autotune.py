"""``@tr.autotune`` and load latency hints on the GPU: the tuned GEMM of
benchmarks/gpu_bench_gemm.py equals numpy, a config cuTile refuses is skipped with its error,
the choice is stored under the device's name and reused by a fresh tuner. Skipped (by
conftest) where no GPU backend is usable; each config costs a first compile (seconds)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import benchmark
from tilert import Const, Mutable, Shared, Tensor, backends, f32

bench = benchmark("gpu_bench_gemm")

pytestmark = pytest.mark.gpu


@pytest.fixture
def cutile(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("TILERT_BACKEND", "cutile")
    monkeypatch.setenv("TILERT_CACHE_DIR", str(tmp_path))
    backends.current.cache_clear()
    yield tmp_path
    backends.current.cache_clear()


def _configs() -> list[tr.Config]:
    tile = {"bm": 128, "bn": 128, "bk": 64, "group": 8, "num_ctas": None}
    return [
        tr.Config(**tile, blocks=4, occupancy=1, latency=None),
        tr.Config(**tile, blocks=None, occupancy=2, latency=4),
        tr.Config(**tile, blocks=4, occupancy=1, latency=11),  # cuTile: latency is 1..10
    ]


@pytest.mark.parametrize("dtype_name", ["f16", "bf16"])
def test_autotuned_gemm_equals_numpy_and_is_remembered(cutile: Path, dtype_name: str) -> None:
    dt = bench.DTYPES[dtype_name]
    rng = np.random.default_rng(5)
    an = (rng.standard_normal((384, 256)) * 0.5).astype(dt.np_dtype)
    bn = (rng.standard_normal((256, 320)) * 0.5).astype(dt.np_dtype)  # 320: a partial tile
    a, b = tr.from_numpy(an), tr.from_numpy(bn)
    c = tr.zeros((384, 320), dtype=dt)
    tuned = tr.autotune(configs=_configs(), key=["c", "a", "b"])(bench.gemm_op)
    tuned(c, a, b).sync()
    ref = an.astype(np.float32) @ bn.astype(np.float32)
    tol = 2e-3 if dtype_name == "f16" else 1e-2
    np.testing.assert_allclose(c.to_numpy().astype(np.float32), ref, rtol=tol, atol=tol * 8)

    results = dict(tuned.last_tuning)
    ok, refused = _configs()[:2], _configs()[2]
    assert all(isinstance(results[cfg], float) and results[cfg] > 0 for cfg in ok), results
    assert isinstance(results[refused], str) and "atency" in results[refused], results
    best = tuned.best_config(c, a, b)
    assert best in ok

    from cuda.core import Device  # type: ignore[import-not-found,import-untyped,unused-ignore]

    stored = json.loads(tuned.path().read_text())
    ((key, value),) = stored.items()
    assert json.loads(key)[:2] == ["cutile", Device().name]
    assert tr.Config(**value) == best

    fresh = tr.autotune(configs=_configs(), key=["c", "a", "b"])(bench.gemm_op)
    c2 = tr.zeros((384, 320), dtype=dt)
    fresh(c2, a, b).sync()
    assert fresh.last_tuning == []  # read from disk: nothing timed
    np.testing.assert_array_equal(c2.to_numpy(), c.to_numpy())


@tr.kernel
def hinted_copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], lat: Const[int]) -> None:
    z.store(tl.load_tile_like(x, z, latency=lat) + z.load(latency=1))


def test_latency_hints_compile_and_run(cutile: Path) -> None:
    xs = np.arange(1000, dtype=np.float32)  # 1000: the last tile is partial
    z = tr.ones((1000,), dtype=f32)
    hinted_copy(z.partition((128,)), tr.from_numpy(xs), 7).sync()
    np.testing.assert_array_equal(z.to_numpy(), xs + 1)


def test_occupancy_variants_compile_separately_and_agree(cutile: Path) -> None:
    xs = np.arange(1000, dtype=np.float32)
    outs: list[Any] = []
    for kernel in (hinted_copy, hinted_copy.with_options(occupancy=2, num_ctas=2)):
        z = tr.zeros((1000,), dtype=f32)
        kernel(z.partition((128,)), tr.from_numpy(xs), 5).sync()
        outs.append(z.to_numpy())
    np.testing.assert_array_equal(outs[0], xs)
    np.testing.assert_array_equal(outs[1], xs)


def test_cold_tuning_of_a_decode_gemv(cutile: Path) -> None:
    """``cold=True``: the fused GEMVs are timed after an L2 flush (the flush's time taken
    off); every config gets a positive time and the chosen one computes the GEMV."""
    import tilert.kernels as tk
    from tilert.kernels.gemv_fused import _gemv_residual

    rng = np.random.default_rng(0)
    w = rng.standard_normal((2560, 4096), dtype=np.float32) * 0.02
    x = rng.standard_normal(4096, dtype=np.float32)
    res = rng.standard_normal(2560, dtype=np.float32)
    out = tr.empty((2560,), dtype=f32)
    tk.gemv_residual(out, tr.from_numpy(w), tr.from_numpy(x), tr.from_numpy(res)).sync()
    assert _gemv_residual.cold
    times = [t for _, t in _gemv_residual.last_tuning]
    assert times and all(isinstance(t, float) and t > 0 for t in times), times
    np.testing.assert_allclose(out.to_numpy(), res + w @ x, rtol=2e-3, atol=2e-3)
