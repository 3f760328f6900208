"""Streams on the CPU: queued work runs when waited for, in order per stream, and a tensor's
last writer on another stream runs before a reader of it (the ordering the GPU gets from
events)."""

from __future__ import annotations

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

pytestmark = pytest.mark.usefixtures("interpreter")


@tr.kernel
def fill(z: Mutable[Tensor[f32]], value: float) -> None:
    z.store(tl.full(z.tile_shape, value, tl.f32))


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def test_submitted_work_runs_when_waited_for() -> None:
    z = tr.zeros((64,), dtype=f32)
    pending = fill(z.partition((32,)), 3.0).submit()
    assert not pending.done()
    pending.wait()
    assert pending.done()
    np.testing.assert_array_equal(z.to_numpy(), np.full(64, 3, np.float32))


def test_reader_on_another_stream_runs_after_the_writer() -> None:
    a, b = tr.Stream(), tr.Stream()
    z, w = tr.zeros((64,), dtype=f32), tr.zeros((64,), dtype=f32)
    writing = fill(z.partition((32,)), 7.0).submit(a)
    tr.unsafe.force_release(z)  # only the last-writer ordering keeps the reader correct now
    copy(w.partition((32,)), z).submit(b).wait()
    assert writing.done()  # the reader's stream ran the writer's queue that far
    writing.wait()
    np.testing.assert_array_equal(w.to_numpy(), np.full(64, 7, np.float32))


def test_later_work_on_the_writer_stream_stays_queued() -> None:
    a, b = tr.Stream(), tr.Stream()
    z, w, later = (tr.zeros((64,), dtype=f32) for _ in range(3))
    writing = fill(z.partition((32,)), 1.0).submit(a)
    after = fill(later.partition((32,)), 2.0).submit(a)
    tr.unsafe.force_release(z)
    copy(w.partition((32,)), z).submit(b).wait()
    assert writing.done() and not after.done()
    writing.wait()
    after.wait()
    np.testing.assert_array_equal(later.to_numpy(), np.full(64, 2, np.float32))


def test_graph_launch_is_a_writer_too() -> None:
    a, b = tr.Stream(), tr.Stream()
    z, w = tr.zeros((64,), dtype=f32), tr.zeros((64,), dtype=f32)
    with tr.graph() as g:
        g.record(fill(z.partition((32,)), 5.0))
    launched = g.launch(a)
    tr.unsafe.force_release(z)
    copy(w.partition((32,)), z).submit(b).wait()
    launched.wait()
    g.close()
    np.testing.assert_array_equal(w.to_numpy(), np.full(64, 5, np.float32))


def test_a_graph_replayed_in_a_loop_keeps_only_unwaited_launches() -> None:
    z = tr.zeros((64,), dtype=f32)
    with tr.graph() as g:
        g.record(fill(z.partition((32,)), 1.0))
    for _ in range(100):
        g.launch().wait()
    assert len(g._launches) <= 1  # not one Pending per replay for the graph's life
    outstanding = [g.launch() for _ in range(3)]
    assert len(g._launches) == 3
    g.close()  # waits for them
    assert all(p.done() for p in outstanding)
    np.testing.assert_array_equal(z.to_numpy(), np.ones(64, np.float32))


def test_a_loop_polling_done_ends_on_the_cpu() -> None:
    z = tr.zeros((4,))
    s = tr.Stream()
    first = fill(z.partition((4,)), 1.0).submit(s)
    w = tr.zeros((4,))
    second = fill(w.partition((4,)), 1.0).submit(s)
    polls = 0
    while not second.done():  # each poll that says no lets the queue run its next op
        polls += 1
    assert polls == 2 and first.done()
    first.wait(), second.wait()
    assert z.to_numpy().tolist() == w.to_numpy().tolist() == [1.0] * 4
