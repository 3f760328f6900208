"""A launch's borrow record (docs/decisions.md, "Async": lighter borrow records): the op of a
launch with one partition takes that partition's holder over as its own (no holder of its own),
gives it back when the launch is refused, and makes its step only when the Python runs it. Run
on both paths: the C fast path (the stand-in GPU backend of test_fast_path) and, with
``TILERT_PURE_PYTHON=1``, the Python alone."""

# Some tests drop an op unrun, refuse a launch and reuse its partition, on purpose.
# tilecheck: ignore-file[TC102, TC104, TC105, TC109]

from __future__ import annotations

import gc

import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import lines_in
from tests.tilert.test_fast_path import StandIn, add, tensors
from tests.tilert.test_fast_path import gpu_like as gpu_like  # (the fixture)
from tilert import Mutable, Shared, Tensor, _accel, f32
from tilert._core import ownership
from tilert._launch import LaunchStep

line_of = lines_in(__file__)


@tr.kernel
def add_twice(a: Mutable[Tensor[f32]], b: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    a.store(tl.load_tile_like(x, a))
    b.store(tl.load_tile_like(x, b))


def test_a_launch_holds_its_borrows_with_its_partitions_holder(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    for _ in range(2):  # (the first call from a line is the Python's, the second the C's)
        part = z.partition((8,))
        op = add(part, x, y)  # the launch
        holder = part._holder
        assert op._holders == (holder,) and part._consumer is holder
        # its borrows inline: no table entry, no list, until a table is asked for
        assert holder.held == () and holder.label == "op `add`" and holder.reads == (part, x, y)
        assert z._owner is holder and x._readers == y._readers == 1 and not x._borrows
        assert holder.description == f"op `add` (launched at {holder.where})"
        assert holder.where.endswith(f":{line_of('# the launch')}") and op.where == holder.where
        with ownership.LOCK:
            assert ownership.to_tables(z)[holder][:2] == (True, "written by op `add`")
            assert ownership.to_tables(x)[holder][:2] == (False, "read by op `add`")
        assert holder.held == [z, x, y] and holder.reads == () and z._owner is None
        assert x._readers == y._readers == 0
        assert y._borrows[holder][:2] == (False, "read by op `add`")
        op.sync()
        assert not (z._borrows or x._borrows or y._borrows) and holder.held == []
        assert z._exclusive == 0


def test_a_dropped_launch_releases_what_its_holder_took(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    for _ in range(2):
        with pytest.warns(tr.UnrunOpWarning, match=r"op `add` created at .*:\d+ was never run"):
            add(z.partition((8,)), x, y)
            gc.collect()
        assert not (z._borrows or x._borrows or y._borrows) and z._exclusive == 0


def test_a_refused_launch_gives_the_partition_back(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    for _ in range(2):
        part = z.partition((8,))  # the partition
        writer = x.partition((8,))  # x is written: no launch may read it
        with pytest.raises(tr.BorrowError) as refused:
            add(part, x, y)  # the refused launch
        message = str(refused.value)
        assert message.startswith("op `add` (launched at ") and "is exclusively borrowed" in message
        assert f":{line_of('# the refused launch')}) cannot read tensor" in message
        holder = part._holder
        assert part.consumed_at is None and part._consumer is None
        assert holder.label == ownership.PARTITION and not holder.held and z._owner is holder
        assert holder.where.endswith(f":{line_of('# the partition')}")
        assert holder.description.startswith("partition of tensor")
        assert not (y._borrows or y._readers)
        with ownership.LOCK:
            assert ownership.to_tables(z) == {holder: (True, "partitioned", holder.where)}
        del writer
        add(part, x, y).sync()  # the partition is still good for a launch
        assert not (z._borrows or x._borrows or y._borrows) and z._exclusive == 0


def test_a_launch_with_two_partitions_has_a_holder_of_its_own() -> None:
    a, b, x = (tr.zeros((8,), dtype=f32) for _ in range(3))
    pa, pb = a.partition((8,)), b.partition((8,))
    op = add_twice(pa, pb, x)
    mine = op._holders[0]
    assert type(mine) is ownership.OpHolder and op._holders == (mine, pa._holder, pb._holder)
    assert pa._consumer is mine and pa._holder.label == ownership.PARTITION
    assert mine.held == [x] and a._borrows[pa._holder][:2] == (True, "written by op `add_twice`")
    op.sync()
    assert not (a._borrows or b._borrows or x._borrows)


def test_a_partition_made_outside_a_chain_is_not_taken_over_inside() -> None:
    # its holder is of no group, the launch in the callback of the chain's: they stay apart
    z, w, x = (tr.zeros((8,), dtype=f32) for _ in range(3))
    outside = w.partition((8,))
    inner: list[tr.Op] = []

    def then(zp: tr.Partition[f32], *_: object) -> tr.Op:
        inner.append(add(outside, zp.tensor, x))
        return inner[0]

    add(z.partition((8,)), x, x).then(then).sync()
    op = inner[0]
    assert type(op._holders[0]) is ownership.OpHolder and outside._consumer is op._holders[0]
    assert outside._holder.label == ownership.PARTITION
    assert not (z._borrows or w._borrows or x._borrows)


def test_a_launchs_step_is_made_only_when_the_python_runs_it(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    for i in range(2):
        op = add(z.partition((8,)), x, y)
        assert op._made_steps is None
        before = gpu_like.python_launches
        op.sync()
        # the C path launches from the op's kernel and grid; the Python makes the step
        in_python = gpu_like.python_launches > before
        assert in_python == (i == 0 or not _accel.active())
        assert (op._made_steps is None) == (not in_python)
    op = add(z.partition((8,)), x, y)
    (step,) = op._steps
    assert type(step) is LaunchStep and op._steps[0] is step
    assert step.kernel is add and step.values is op._outputs and step.grid == (1,)
    op.sync()


def test_a_last_writer_kept_elsewhere_is_not_renumbered(gpu_like: StandIn) -> None:
    # the C path renumbers the written tensor's (stream, launch) in place only where the tensor
    # alone holds it
    z, x, y = tensors()
    stream = tr.current_stream()
    for _ in range(3):
        add(z.partition((8,)), x, y).submit().wait()
    kept = z._writer
    assert kept == (stream, stream._launched)
    add(z.partition((8,)), x, y).submit().wait()
    assert kept == (stream, stream._launched - 1) and z._writer == (stream, stream._launched)
    del kept
    add(z.partition((8,)), x, y).sync()
    assert z._writer == (stream, stream._launched)
