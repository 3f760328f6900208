"""A launch may read a tensor that submitted, unwaited ops write (docs/decisions.md, "Async"):
it runs after them (stream order, or the wait for the last writer on another stream), so a
pipeline of dependent submits needs no ``.then``. Everything else stays refused: the host's
reads and writes until the writers are waited on, another writer, a reader of an op not yet
submitted, and readers inside a chain or a graph capture."""

# The refusals are committed on purpose.
# tilecheck: ignore-file[TC102, TC103, TC105]

from __future__ import annotations

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tests.tilert.test_fast_path import StandIn, tensors
from tests.tilert.test_fast_path import gpu_like as gpu_like  # (the fixture)
from tilert import Mutable, Shared, Tensor, _accel, f32


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@pytest.mark.usefixtures("interpreter")
def test_a_pipeline_of_dependent_submits_on_one_stream() -> None:
    x = tr.ones((64,), dtype=f32)
    y, z, w = (tr.zeros((64,), dtype=f32) for _ in range(3))
    first = add(y.partition((32,)), x, x).submit()  # y = 2
    second = add(z.partition((32,)), y, x).submit()  # z = y + 1, after the first
    third = add(w.partition((32,)), z, y).submit()  # w = z + y, after both
    for t in (y, z, w):
        with pytest.raises(tr.BorrowError, match="exclusively borrowed"):
            t.to_numpy()  # the host waits for the writers
    third.wait()
    np.testing.assert_array_equal(w.to_numpy(), np.full(64, 5, np.float32))
    with pytest.raises(tr.BorrowError, match="exclusively borrowed"):
        y.to_numpy()  # its writer ran, but is not waited on yet
    first.wait()
    np.testing.assert_array_equal(y.to_numpy(), np.full(64, 2, np.float32))
    with pytest.raises(tr.BorrowError, match="borrowed for reading"):
        y.partition((32,))  # the second op still reads it
    second.wait()
    np.testing.assert_array_equal(z.to_numpy(), np.full(64, 3, np.float32))
    assert not (x._borrows or y._borrows or z._borrows or w._borrows)


@pytest.mark.usefixtures("interpreter")
def test_a_reader_on_another_stream_and_a_synced_reader() -> None:
    a, b = tr.Stream(), tr.Stream()
    x = tr.ones((64,), dtype=f32)
    y, z, w = (tr.zeros((64,), dtype=f32) for _ in range(3))
    writing = add(y.partition((32,)), x, x).submit(a)
    reading = add(z.partition((32,)), y, y).submit(b)  # waits for its last writer on `a`
    reading.wait()
    np.testing.assert_array_equal(z.to_numpy(), np.full(64, 4, np.float32))
    add(w.partition((32,)), y, x).sync()  # a synced reader too
    np.testing.assert_array_equal(w.to_numpy(), np.full(64, 3, np.float32))
    writing.wait()
    assert not (x._borrows or y._borrows or z._borrows or w._borrows)


@pytest.mark.usefixtures("interpreter")
def test_what_stays_refused() -> None:
    x = tr.ones((64,), dtype=f32)
    y, z = tr.zeros((64,), dtype=f32), tr.zeros((64,), dtype=f32)
    made = add(y.partition((32,)), x, x)  # made, not submitted: it is not on a stream yet
    with pytest.raises(tr.BorrowError, match="exclusively borrowed"):
        add(z.partition((32,)), y, x)
    pending = made.submit()
    with pytest.raises(tr.BorrowError, match="exclusively borrowed"):
        scale(y.partition((32,)), 2.0)  # another writer waits for the first
    with pytest.raises(tr.BorrowError, match="exclusively borrowed"):
        y.copy_from(np.zeros(64, np.float32))
    # inside a chain's callback or a graph capture, their own hand-off rules apply
    chain = add(z.partition((32,)), x, x).then(lambda zp, *_: add(zp, y, x))
    with pytest.raises(tr.BorrowError, match="exclusively borrowed"):
        chain.sync()
    with pytest.raises(tr.BorrowError, match="exclusively borrowed"), tr.graph():
        add(z.partition((32,)), y, x)
    pending.wait()
    assert not (x._borrows or y._borrows or z._borrows)


@pytest.mark.usefixtures("interpreter")
def test_a_failed_writer_is_reported_by_its_own_wait() -> None:
    x = tr.ones((64,), dtype=f32)
    y, z = tr.zeros((64,), dtype=f32), tr.zeros((64,), dtype=f32)

    def fails(yp: tr.Partition[f32], *_: object) -> tr.Op:
        raise ValueError("no next op")

    writing = add(y.partition((32,)), x, x).then(fails)
    # a chain's holders are its own group, not in flight: submitted, it still refuses readers
    pending = writing.submit()
    with pytest.raises(tr.BorrowError, match="exclusively borrowed"):
        add(z.partition((32,)), y, x)
    with pytest.raises(ValueError, match="no next op"):
        pending.wait()
    assert not (x._borrows or y._borrows or z._borrows)


def test_a_pipeline_on_the_gpu_path(gpu_like: StandIn) -> None:
    y, x, _ = tensors()
    z = tensors()[0]
    add(y.partition((8,)), x, x).sync()
    add(z.partition((8,)), y, x).sync()  # compiled, call sites known
    gpu_like.launches.clear()
    first = add(y.partition((8,)), x, x).submit()
    second = add(z.partition((8,)), y, x).submit()  # the same stream: stream order
    assert len(gpu_like.launches) == 2
    second.wait()
    with pytest.raises(tr.BorrowError, match="exclusively borrowed"):
        y.to_numpy()
    first.wait()
    assert not (x._borrows or y._borrows or z._borrows) and y._exclusive == 0
    stream = tr.current_stream()
    assert (y._writer, z._writer) == ((stream, stream._launched - 1), (stream, stream._launched))
    if _accel.active():  # the reader's op was made by the Python (a conflict to look at)
        assert gpu_like.python_launches == 1  # but both launches went through the C
