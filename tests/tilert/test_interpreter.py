"""The interpreter's launch semantics: tiles and edges, 2-D grids, mapped partitions, unsafe
writes and races, batched versus serial execution, speed. Kernels here are plain functions run
through ``tilert.interpret.testing`` stand-ins, so each test picks its execution mode."""

from __future__ import annotations

import re
import time
from typing import Any

import numpy as np
import pytest

import tilert.lang as tl
from tests.support import lines_in
from tilert.dtypes import f16, f32
from tilert.errors import KernelError, RaceError
from tilert.interpret import executor, launch
from tilert.interpret.testing import (
    HostKernel,
    HostMapping,
    HostOrder,
    HostPartition,
    HostTensor,
    run,
)
from tilert.signature import Param, ParamKind

HERE = re.escape(__file__)
rng = np.random.default_rng(3)


line_of = lines_in(__file__)


def zeros(*shape: int, dtype: Any = np.float32) -> HostTensor:
    return HostTensor(np.zeros(shape, dtype=dtype))


def randn(*shape: int, dtype: Any = np.float32) -> HostTensor:
    return HostTensor(rng.standard_normal(shape).astype(dtype))


def add(z: Any, x: Any, y: Any) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


# -- element-wise launches, edges --------------------------------------------------------------
def test_million_element_add_is_fast_and_exact() -> None:
    n = 1 << 20
    x, y, z = randn(n), randn(n), zeros(n)
    timings = []
    for _ in range(3):
        start = time.perf_counter()
        assert run(add, HostPartition(z, (1024,)), x, y) == "batched"
        timings.append(time.perf_counter() - start)
    np.testing.assert_array_equal(z.array, x.array + y.array)
    assert min(timings) < 0.5, timings  # typically ~5 ms; the requirement is well under 1 s


@pytest.mark.parametrize("mode", ["batched", "serial"])
def test_edge_tile_reads_zeros_and_stores_are_clipped(mode: executor.Mode) -> None:
    x = HostTensor(np.arange(1000, dtype=np.float32))
    y = HostTensor(np.ones(1000, dtype=np.float32))
    z, sums = zeros(1000), zeros(8)

    def k(z: Any, s: Any, x: Any, y: Any) -> None:
        t = tl.load_tile_like(x, z)
        z.store(t + tl.load_tile_like(y, z))
        s.store(tl.reshape(tl.sum(t), (1,)))

    assert run(k, HostPartition(z, (128,)), HostPartition(sums, (1,)), x, y, mode=mode) == mode
    np.testing.assert_array_equal(z.array, np.arange(1000) + 1.0)
    want = [np.arange(1000)[i * 128 : (i + 1) * 128].sum() for i in range(8)]
    np.testing.assert_array_equal(sums.array, want)  # the padded lanes of the last tile read 0


@pytest.mark.parametrize("mode", ["batched", "serial"])
def test_two_dimensional_non_divisible(mode: executor.Mode) -> None:
    x, y, z = randn(100, 70), randn(100, 70), zeros(100, 70)

    def k(z: Any, x: Any, y: Any) -> None:
        z.store(tl.load_tile_like(x, z) * 2 + tl.load_tile_like(y, z))

    assert run(k, HostPartition(z, (32, 32)), x, y, mode=mode) == mode
    np.testing.assert_array_equal(z.array, x.array * 2 + y.array)


@pytest.mark.parametrize("mode", ["batched", "serial"])
def test_load_tile_with_two_dimensional_indices_transposes(mode: executor.Mode) -> None:
    x, out = randn(100, 70), zeros(70, 100)

    def k(z: Any, x: Any) -> None:
        i, j = z.index
        z.store(tl.transpose(x.load_tile((32, 32), (j, i))))

    run(k, HostPartition(out, (32, 32)), x, mode=mode)
    np.testing.assert_array_equal(out.array, x.array.T)


@pytest.mark.parametrize("mode", ["batched", "serial"])
def test_gemm_with_a_k_loop_over_a_ragged_k(mode: executor.Mode) -> None:
    a, b = randn(48, 40, dtype=np.float16), randn(40, 24, dtype=np.float16)
    c = zeros(48, 24)

    def gemm(c: Any, a: Any, b: Any, bk: int) -> None:
        i, j = c.index
        bm, bn = c.tile_shape
        acc = tl.zeros((bm, bn), tl.f32)
        for k in range(tl.cdiv(a.shape[1], bk)):
            acc = tl.mma(a.load_tile((bm, bk), (i, k)), b.load_tile((bk, bn), (k, j)), acc)
        c.store(acc)

    assert run(gemm, HostPartition(c, (16, 8)), a, b, 16, mode=mode) == mode
    want = a.array.astype(np.float32) @ b.array.astype(np.float32)
    np.testing.assert_allclose(c.array, want, rtol=1e-5, atol=1e-5)


def test_store_converts_to_the_tensor_dtype_and_accepts_scalars() -> None:
    z, w = zeros(8, dtype=np.float16), zeros(8, dtype=np.int32)

    def k(z: Any, w: Any) -> None:
        z.store(tl.full(z.tile_shape, 1.5, tl.f32))
        w.store(7)

    run(k, HostPartition(z, (4,)), HostPartition(w, (4,)))
    np.testing.assert_array_equal(z.array, np.full(8, 1.5, np.float16))
    np.testing.assert_array_equal(w.array, np.full(8, 7))


def test_store_then_load_sees_the_blocks_own_write() -> None:
    z = HostTensor(np.arange(8, dtype=np.float32))

    def k(z: Any) -> None:
        z.store(z.load() + 1)
        z.store(z.load() * 10)

    run(k, HostPartition(z, (4,)))
    np.testing.assert_array_equal(z.array, (np.arange(8) + 1) * 10.0)


def test_scalar_parameters_typed_by_dtype_are_tiles() -> None:
    z = HostTensor(np.ones(8, dtype=np.float16))

    def k(z: Any, a: Any, n: int) -> None:
        t = z.load()
        for _ in range(n):
            t = t * a
        z.store(t)

    params = (
        Param("z", ParamKind.MUTABLE, f16),
        Param("a", ParamKind.SCALAR, f16),
        Param("n", ParamKind.SCALAR, None, int),
    )
    launch(HostKernel(k, "k", params), [HostPartition(z, (4,)), 1.5, np.int64(2)], (2,))
    np.testing.assert_array_equal(z.array, np.full(8, 2.25, np.float16))


# -- mapped partitions -------------------------------------------------------------------------
def grouped_reference(rows: int, cols: int, group: int) -> list[tuple[int, int]]:
    """Triton's grouped ordering, written out as a loop."""
    order = []
    for pid in range(rows * cols):
        per_group = group * cols
        first = (pid // per_group) * group
        size = min(rows - first, group)
        order.append((first + (pid % per_group) % size, (pid % per_group) // size))
    return order


@pytest.mark.parametrize("order", [HostOrder("grouped", 2), HostOrder("row-major")])
@pytest.mark.parametrize("mode", ["batched", "serial"])
def test_mapped_partition_visits_each_tile_exactly_once(
    order: HostOrder, mode: executor.Mode
) -> None:
    z = zeros(18, 30, dtype=np.int32)  # grid (5, 4): 20 tiles over 3 blocks (7, 7, 6)
    part = HostPartition(z, (4, 8), HostMapping(3, order))

    def k(z: Any) -> None:
        for idx in z.tiles():
            z.store(z.load(at=idx) + tl.full(z.tile_shape, tl.bid(0) + 1, tl.i32), at=idx)

    assert run(k, part, mode=mode) == mode  # unequal counts still batch (split by count)
    if order.kind == "grouped":
        positions = grouped_reference(5, 4, 2)
    else:
        positions = [(r, c) for r in range(5) for c in range(4)]
    assert sorted(positions) == [(r, c) for r in range(5) for c in range(4)]
    want = np.zeros((5, 4), dtype=np.int32)
    for t, (r, c) in enumerate(positions):
        want[r, c] = t % 3 + 1
    np.testing.assert_array_equal(z.array, np.repeat(np.repeat(want, 4, 0), 8, 1)[:18, :30])


def test_mapped_partition_rejects_implicit_and_foreign_tiles() -> None:
    def implicit(z: Any) -> None:
        z.store(z.load())

    def foreign(z: Any) -> None:
        z.store(tl.zeros(z.tile_shape, tl.f32), at=(0, 0))  # marker: foreign-tile

    def index(z: Any) -> None:
        z.store(tl.zeros(z.tile_shape, tl.f32) + z.index[0])

    def mapped() -> HostPartition:
        return HostPartition(zeros(8, 8), (4, 4), HostMapping(2))

    def not_mapped(z: Any) -> None:
        for _ in z.tiles():
            pass

    with pytest.raises(KernelError, match=r"z\.load: `z` is a mapped partition: name the tile"):
        run(implicit, mapped())
    with pytest.raises(KernelError) as info:
        run(foreign, mapped())
    assert f":{line_of('marker: foreign-tile')}: " in str(info.value)
    assert "not one of this block's tiles of `z`" in str(info.value)
    with pytest.raises(KernelError, match=r"z\.index: `z` is a mapped partition"):
        run(index, mapped())
    with pytest.raises(KernelError, match=r"z\.tiles: `z` is not mapped"):
        run(not_mapped, HostPartition(zeros(8), (4,)))


# -- unsafe kernels and races ------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["batched", "serial"])
def test_two_blocks_storing_one_element_is_a_race(mode: executor.Mode) -> None:
    def racy(z: Any) -> None:
        tl.unsafe.store(z, (0,), tl.full((4,), tl.bid(0), tl.f32))  # marker: racy-store

    z = zeros(16)
    with pytest.raises(RaceError) as info:
        run(racy, HostPartition(z, (4,)), unsafe=True, mode=mode)
    message = str(info.value)
    assert message.startswith(f"{__file__}:{line_of('marker: racy-store')}: ")
    assert "data race on `z`: block (0,) and block (1,) both write element (0,)" in message
    assert not z.array.any()  # nothing was committed


@pytest.mark.parametrize("mode", ["batched", "serial"])
def test_disjoint_unsafe_writes_do_not_race(mode: executor.Mode) -> None:
    def reverse(z: Any, x: Any) -> None:
        (i,) = z.index
        tl.unsafe.store(z, (tl.num_blocks(0) - 1 - i,), tl.load_tile_like(x, z))
        tl.unsafe.store(z, (99,), tl.load_tile_like(x, z))  # wholly outside: clipped away

    x, z = randn(16), zeros(16)
    assert run(reverse, HostPartition(z, (4,)), x, unsafe=True, mode=mode) == mode
    np.testing.assert_array_equal(z.array, x.array.reshape(4, 4)[::-1].reshape(16))


def test_unsafe_store_into_another_blocks_tile_races_with_its_store() -> None:
    def k(z: Any) -> None:
        z.store(tl.zeros(z.tile_shape, tl.f32) + 1)
        if tl.bid(0) == 0:
            tl.unsafe.store(z, (1, 0), tl.zeros((2, 2), tl.f32))

    with pytest.raises(
        RaceError,
        match=r"block \([01], 0\) and block \([01], 0\) both write element \(2, 0\)",
    ):
        run(k, HostPartition(zeros(4, 4), (2, 4)), grid=(2, 1), unsafe=True)


def test_atomic_adds_from_many_blocks_are_not_a_race() -> None:
    def histogram(counts: Any) -> None:
        tl.unsafe.atomic_add(counts, tl.arange(4), tl.full((4,), tl.bid(0) + 1, tl.i32))
        tl.unsafe.atomic_add(counts, tl.arange(4) + 4, 1)

    counts = zeros(32, dtype=np.int32)
    # the old values atomics return depend on the order of blocks: they run block by block
    how = run(histogram, HostPartition(counts, (4,)), unsafe=True)
    assert how == "serial"
    want = np.zeros(32, dtype=np.int32)
    want[:4], want[4:8] = sum(range(1, 9)), 8
    np.testing.assert_array_equal(counts.array, want)


def test_atomic_add_and_store_by_different_blocks_race() -> None:
    def k(z: Any) -> None:
        z.store(z.load())
        tl.unsafe.atomic_add(z, tl.arange(4), 1.0)

    with pytest.raises(RaceError, match=r"data race on `z`: .*block \(\d,\).*element \(\d,\)"):
        run(k, HostPartition(zeros(8), (4,)), unsafe=True)


def test_unsafe_ops_in_a_safe_kernel_are_refused() -> None:
    def k(z: Any) -> None:
        tl.unsafe.store(z, (0,), z.load())

    with pytest.raises(
        KernelError, match=r"tl\.unsafe\.store: kernel `k` is not marked @tr\.kernel\(unsafe=True\)"
    ):
        run(k, HostPartition(zeros(8), (4,)))


# -- batched versus serial ---------------------------------------------------------------------
def alternating(z: Any, x: Any) -> None:
    t = tl.load_tile_like(x, z)
    if tl.bid(0) % 2 == 0:
        t = t * 2
    z.store(t)


def test_a_branch_on_the_block_id_runs_serially_with_the_same_results() -> None:
    x = randn(64)
    want = x.array.reshape(8, 8) * np.where(np.arange(8) % 2 == 0, 2, 1)[:, None]
    for mode in ("auto", "serial"):
        z = zeros(64)
        assert run(alternating, HostPartition(z, (8,)), x, mode=mode) == "serial"
        np.testing.assert_array_equal(z.array, want.reshape(64))
    with pytest.raises(
        RuntimeError, match=r"cannot run batched: bool\(tile\).*differs between blocks"
    ):
        run(alternating, HostPartition(zeros(64), (8,)), x, mode="batched")


def test_decisions_every_block_agrees_on_stay_batched() -> None:
    def k(z: Any, x: Any, n: int) -> None:
        t = tl.load_tile_like(x, z)
        for _ in range(n):
            t = t + 1
        if tl.num_blocks(0) > 2 and tl.sum(tl.zeros((4,), tl.i32)) == 0:
            t = t * 10
        for _ in range(tl.cdiv(tl.num_blocks(0), 4)):
            t = t - 1
        z.store(t)

    x, z = randn(64), zeros(64)
    assert run(k, HostPartition(z, (8,)), x, 3) == "batched"
    np.testing.assert_allclose(z.array, (x.array + 3) * 10 - 2, rtol=1e-6)


def test_a_loop_count_from_the_block_id_runs_serially() -> None:
    def k(z: Any) -> None:
        acc = tl.zeros(z.tile_shape, tl.i32)
        for _ in range(tl.bid(0)):
            acc = acc + 1
        z.store(acc)

    z = zeros(16, dtype=np.int32)
    assert run(k, HostPartition(z, (2,))) == "serial"
    np.testing.assert_array_equal(z.array, np.repeat(np.arange(8), 2))


@pytest.mark.parametrize("mode", ["batched", "serial"])
def test_batched_and_serial_agree_bit_for_bit(mode: executor.Mode) -> None:
    x, y = randn(40, 96), randn(40, 96, dtype=np.float16)

    def softmaxish(z: Any, x: Any, y: Any) -> None:
        t = tl.load_tile_like(x, z) + tl.load_tile_like(y, z)
        e = tl.exp(t - tl.max(t, axis=1, keepdims=True))
        z.store(e / tl.sum(e, axis=1, keepdims=True) + tl.bid(1))

    results = []
    for m in ("batched", "serial"):
        z = zeros(40, 96)
        run(softmaxish, HostPartition(z, (8, 32)), x, y, mode=m)
        results.append(z.array)
    np.testing.assert_array_equal(results[0], results[1])


def test_a_failing_launch_writes_nothing_and_names_the_block() -> None:
    def k(z: Any, x: Any) -> None:
        t = tl.load_tile_like(x, z)
        if tl.bid(0) == 3:
            t = tl.zeros((8,), tl.f32)
        z.store(t)  # marker: late-failure

    x, z = randn(16), zeros(16)
    with pytest.raises(KernelError) as info:
        run(k, HostPartition(z, (4,)), x)
    message = str(info.value)
    assert message.startswith(
        f"{__file__}:{line_of('marker: late-failure')}: kernel `k` (block (3,)): z.store: "
    )
    assert "the tile has shape (8,) but the partition `z` has tile shape (4,)" in message
    assert not z.array.any()


def test_chunked_batches_give_the_same_result(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(executor, "CHUNK_ELEMENTS", 16)
    x, y, z = randn(256), randn(256), zeros(256)
    assert run(add, HostPartition(z, (4,)), x, y) == "batched"
    np.testing.assert_array_equal(z.array, x.array + y.array)


def test_mode_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TILERT_INTERPRET_MODE", "serial")
    x, y, z = randn(32), randn(32), zeros(32)
    assert run(add, HostPartition(z, (8,)), x, y) == "serial"
    np.testing.assert_array_equal(z.array, x.array + y.array)


def test_kernels_without_mutable_parameters_take_an_explicit_grid() -> None:
    seen: list[int] = []

    def k(x: Any) -> None:
        seen.append(int(tl.sum(x.load_tile((4,), (tl.bid(0),))) * 0 + tl.num_blocks(0)))

    run(k, randn(16), grid=(4,))
    assert seen == [4]


def test_launch_checks_the_grid_against_the_partitions() -> None:
    params = (Param("z", ParamKind.MUTABLE, f32),)
    kernel = HostKernel(lambda z: None, "k", params)
    with pytest.raises(
        ValueError, match=r"partition grid \(4,\) differs from the launch grid \(3,\)"
    ):
        launch(kernel, [HostPartition(zeros(16), (4,))], (3,))


def test_an_error_in_a_batched_run_is_reported_with_its_block() -> None:
    def k(z: Any) -> None:
        z.store(tl.reshape(z.load(), (2, 2)))

    with pytest.raises(
        KernelError, match=r"kernel `k` \(block \(0,\)\): z\.store: the tile has shape \(2, 2\)"
    ):
        run(k, HostPartition(zeros(16), (4,)))
    with pytest.raises(KernelError, match=r"kernel `k`: z\.store: the tile has shape \(2, 2\)"):
        run(k, HostPartition(zeros(16), (4,)), mode="batched")
