"""The two GEMMs of benchmarks/gpu_bench_safety.py (safe persistent, and unsafe=True with its own
grid-stride loop and raw stores) lower to cuTile source and give numpy's result under the
interpreter, through the same launch helpers the benchmark times."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

import tilert as tr
from tests.support import benchmark
from tilert import f16

bench = benchmark("gpu_bench_safety")


def test_safe_gemm_lowers_to_the_mapped_tile_loop() -> None:
    src = bench.gemm_safe.lower({"c": (128, 128)}, mapped=("c",))
    compile(src, "gemm_safe", "exec")
    assert "c__group: ct.Constant[int]" in src
    assert "idx = _tilert_tile_coords_2(" in src
    assert "ct.store(c, index=idx, tile=ct.astype(acc, c.dtype))" in src


def test_unchecked_gemm_lowers_to_its_own_loop_and_raw_stores() -> None:
    src = bench.gemm_unchecked.lower({"c": (128, 128)}, mapped=("c",))
    compile(src, "gemm_unchecked", "exec")
    body = src[src.index("def gemm_unchecked(") :]
    assert "group: ct.Constant[int]" in body
    assert "for t in range(ct.bid(0), rows * cols, ct.num_blocks(0)):" in body
    assert "group_rows = ct.minimum(rows - first_row, group)" in body
    assert "ct.store(c, index=(i, j), tile=ct.astype(acc, c.dtype))" in body
    assert "_tilert_tile_coords" not in body  # no tile hand-out: the kernel walks the tiles


@pytest.mark.parametrize(("m", "k", "n"), [(256, 256, 256), (200, 320, 192)])
@pytest.mark.parametrize("launch", [bench.launch_safe, bench.launch_unchecked])
def test_gemm_equals_numpy_on_the_interpreter(
    launch: Callable[..., tr.Op], m: int, k: int, n: int
) -> None:
    rng = np.random.default_rng(5)
    an = rng.standard_normal((m, k)).astype(np.float16)
    bn = rng.standard_normal((k, n)).astype(np.float16)
    a, b = tr.from_numpy(an), tr.from_numpy(bn)
    c = tr.zeros((m, n), dtype=f16)
    launch(c, a, b, 3, tile=(64, 64, 64), group=2).sync()
    ref = an.astype(np.float32) @ bn.astype(np.float32)
    np.testing.assert_allclose(c.to_numpy().astype(np.float32), ref, rtol=2e-3, atol=5e-2)
