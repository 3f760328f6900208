"""The GPU runtime: completion observed through the stream, CUDA graph capture and replay, and
ordering across streams by a tensor's last writer. Skipped (by conftest) without a GPU."""

from __future__ import annotations

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32, u8

pytestmark = [pytest.mark.gpu, pytest.mark.usefixtures("cutile")]


@tr.kernel
def increment(z: Mutable[Tensor[f32]]) -> None:
    z.store(z.load() + 1.0)


@tr.kernel
def add_one_more(z: Mutable[Tensor[f32]]) -> None:  # never launched before its graph capture
    z.store(z.load() + 1.0)


@tr.kernel
def slow_count(z: Mutable[Tensor[f32]], iters: int) -> None:
    (n,) = z.tile_shape
    acc = tl.zeros((n,), tl.f32)
    for _ in range(iters):
        acc = acc + 1.0
    z.store(acc)


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def test_sync_in_a_loop_accumulates() -> None:
    z = tr.zeros((1000,), dtype=f32)
    for _ in range(50):
        increment(z.partition((256,))).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.full(1000, 50, np.float32))


def test_done_does_not_release_and_wait_does() -> None:
    z = tr.zeros((1 << 16,), dtype=f32)
    pending = slow_count(z.partition((1024,)), 20000).submit()
    with pytest.raises(tr.BorrowError):
        z.to_numpy()  # tilecheck: ignore[TC102]
    pending.wait()
    assert pending.done()
    np.testing.assert_array_equal(z.to_numpy(), np.full(1 << 16, 20000, np.float32))


def test_many_submits_then_waits() -> None:
    zs = [tr.zeros((512,), dtype=f32) for _ in range(20)]
    pending = [increment(z.partition((128,))).submit() for z in zs]
    for p in reversed(pending):
        p.wait()
    for z in zs:
        np.testing.assert_array_equal(z.to_numpy(), np.ones(512, np.float32))


def test_graph_replays_run_the_kernels_each_time() -> None:
    z = tr.zeros((1000,), dtype=f32)
    with tr.graph() as g:
        g.record(increment(z.partition((128,))))
        g.record(add_one_more(z.partition((128,))))
    for _ in range(3):
        g.launch().wait()
    with pytest.raises(tr.BorrowError):
        z.to_numpy()  # tilecheck: ignore[TC102]
    g.close()
    np.testing.assert_array_equal(z.to_numpy(), np.full(1000, 6, np.float32))


def test_graph_of_a_then_chain_releases_on_close() -> None:
    z = tr.zeros((256,), dtype=f32)
    with tr.graph() as g:
        g.record(increment(z.partition((128,))).then(lambda _: increment(z.partition((64,)))))
    g.launch().wait()
    g.launch().wait()
    g.close()
    np.testing.assert_array_equal(z.to_numpy(), np.full(256, 4, np.float32))
    increment(z.partition((256,))).sync()  # nothing is left borrowed after close
    np.testing.assert_array_equal(z.to_numpy(), np.full(256, 5, np.float32))


def test_graph_launched_on_another_stream() -> None:
    z = tr.zeros((512,), dtype=f32)
    with tr.graph() as g:
        g.record(increment(z.partition((128,))))
    s = tr.Stream()
    g.launch(s).wait()
    g.launch().wait()
    g.close()
    np.testing.assert_array_equal(z.to_numpy(), np.full(512, 2, np.float32))


def test_reader_on_another_stream_waits_for_the_last_writer() -> None:
    n, iters = 1 << 20, 100_000
    a, b = tr.Stream(), tr.Stream()
    z = tr.zeros((n,), dtype=f32)
    w = tr.zeros((n,), dtype=f32)
    writing = slow_count(z.partition((1024,)), iters).submit(a)
    tr.unsafe.force_release(z)  # opt out of the host-side borrow: only the event orders them
    reading = copy(w.partition((1024,)), z).submit(b)
    reading.wait()
    writing.wait()
    np.testing.assert_array_equal(w.to_numpy(), np.full(n, iters, np.float32))


def _fresh_kernels() -> tuple[tr.Kernel, tr.Kernel]:
    """Two new kernel objects of different signatures (a new pair on every call)."""

    @tr.kernel
    def plus_one(z: Mutable[Tensor[f32]]) -> None:
        z.store(z.load() + 1.0)

    @tr.kernel
    def copied(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
        z.store(tl.load_tile_like(x, z))

    return plus_one, copied


def test_kernels_made_and_dropped_in_turn_each_run_their_own_code() -> None:
    """The compile cache is keyed by a kernel's id(): it keeps the kernel alive, so a kernel
    made after another was collected cannot get that one's id and launch its code (a test
    module's kernels did: `Kernel expects 4 arguments but 3 were given`)."""
    import gc
    import weakref

    x = tr.full((64,), 5.0)
    for _ in range(6):
        plus_one, copied = _fresh_kernels()
        z = tr.zeros((64,))
        plus_one(z.partition((64,))).sync()
        copied(z.partition((64,)), x).sync()
        assert z.to_numpy().tolist() == [5.0] * 64
        alive = weakref.ref(plus_one)
        del plus_one, copied
        gc.collect()
        assert alive() is not None  # held by the compile cache


@tr.kernel
def add_through_alias(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out = z
    out.store(tl.load_tile_like(x, out) + out.load())


def test_a_store_through_an_alias_of_the_partition_runs() -> None:
    x, z = tr.full((1000,), 2.0, dtype=f32), tr.ones((1000,), dtype=f32)
    add_through_alias(z.partition((256,)), x).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.full(1000, 3, np.float32))


@tr.kernel
def u8_above_minus_one(z: Mutable[Tensor[u8]], x: Shared[Tensor[u8]]) -> None:
    z.store(tl.where(tl.load_tile_like(x, z) > -1, 1, 0))


def test_an_integer_constant_out_of_range_is_refused_as_in_the_interpreter() -> None:
    z, x = tr.zeros((4,), dtype=u8), tr.zeros((4,), dtype=u8)
    with pytest.raises(tr.KernelError, match=r"(?i)out of range of (uint8|u8)"):
        u8_above_minus_one(z.partition((4,)), x).sync()
