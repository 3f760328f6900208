"""The common launch's inline borrows (docs/decisions.md, "Async", round 7): a partition's
borrow as its tensor's ``_owner``, a launch's reads as counts in ``_readers``, the tables made
only where a conflict or a message needs them. On the stand-in GPU backend of test_fast_path,
each case twice (the first call from a line is the Python's, the second the C's); the suite
also runs with ``TILERT_PURE_PYTHON=1``."""

# Some tests drop a Pending unwaited or write what is borrowed, on purpose.
# tilecheck: ignore-file[TC102, TC103]

from __future__ import annotations

import numpy as np
import pytest

import tilert as tr
from tests.tilert.test_fast_path import StandIn, add, tensors
from tests.tilert.test_fast_path import gpu_like as gpu_like  # (the fixture)
from tilert._core import ownership


def test_a_write_while_reads_are_in_flight_names_the_first_reader(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    w = tensors()[0]
    for _ in range(2):
        first = add(z.partition((8,)), x, y).submit()  # the first reader
        second = add(w.partition((8,)), x, y).submit()
        assert x._readers == 2 and not x._borrows
        with pytest.raises(tr.BorrowError) as refused:
            x.copy_from(np.ones(8, np.float32))
        message = str(refused.value)
        assert message.startswith("cannot copy into tensor") and "read by op `add`" in message
        assert f"at {first.where}" in message or first.where in message
        with pytest.raises(tr.BorrowError, match="borrowed for reading"):
            x.partition((8,))
        assert x._readers == 0 and len(x._borrows) == 2  # (made into tables for the message)
        second.wait()
        first.wait()
        assert not (x._borrows or x._readers or z._borrows or z._exclusive or w._exclusive)
        assert ownership.INLINE.newer is ownership.INLINE  # the ring is empty again


def test_a_host_read_of_an_inline_written_tensor_names_the_op(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    for _ in range(2):
        pending = add(z.partition((8,)), x, y).submit()  # the writer
        assert z._owner is not None and not z._borrows
        with pytest.raises(tr.BorrowError, match=r"exclusively borrowed \(written by op `add`\)"):
            z.to_numpy()
        pending.wait()
        assert z._owner is None and not z._borrows and z._exclusive == 0
        z.to_numpy()


def test_a_reader_in_flight_after_an_inline_writer_is_allowed(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    w = tensors()[0]
    for _ in range(2):
        a = add(z.partition((8,)), x, y).submit()
        b = add(w.partition((8,)), z, y).submit()  # reads what A writes, in stream order
        assert z._exclusive == 1 and z._readers == 1
        a.wait()
        b.wait()
        assert not (z._exclusive or z._readers or z._borrows or w._exclusive)


def test_force_release_drops_inline_borrows_too(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    op = add(z.partition((8,)), x, y)
    tr.unsafe.force_release(x)
    tr.unsafe.force_release(z)
    assert not (x._readers or x._borrows or z._owner or z._exclusive)
    op.sync()  # releases what it still holds (y), nothing twice
    assert not (y._readers or y._borrows) and x._readers == 0 and z._exclusive == 0


def test_a_view_made_while_reads_are_inline_conflicts_as_before(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    pending = add(z.partition((8,)), x, y).submit()
    half = x[:4]  # x joins a family while read inline
    with pytest.raises(tr.BorrowError, match="overlaps tensor"):
        half.partition((4,))
    pending.wait()
    half.partition((4,))
    assert not (x._readers or x._borrows)
