"""An op and its Pending are one record (``ops._Record``): the C submit of an op that nothing but
the caller's expression holds turns the op itself into its Pending, and an op anyone else can
reach stays an op. Run on the stand-in GPU backend of test_fast_path; with
``TILERT_PURE_PYTHON=1`` the same tests check that the Python, which always makes a Pending of
its own, behaves alike (docs/decisions.md, "Async": the op as its Pending)."""

# Some tests drop a Pending unwaited, or submit an op twice, on purpose.
# tilecheck: ignore-file[TC108, TC110]

from __future__ import annotations

import asyncio
import gc
import weakref
from typing import Any

import pytest

import tilert as tr
from tests.tilert.test_fast_path import StandIn, add, tensors
from tests.tilert.test_fast_path import gpu_like as gpu_like  # (the fixture)
from tilert import _accel


def test_the_op_nothing_else_holds_becomes_its_pending(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    made: list[int] = []

    def launch(*args: Any) -> tr.Op:
        op = add(*args)
        made.append(id(op))  # (no reference kept: the caller's expression alone holds it)
        return op

    same: list[bool] = []
    for _ in range(2):  # (the first call from a line is the Python's: it finds the line)
        pending = launch(z.partition((8,)), x, y).submit()
        same.append(id(pending) == made[-1])
        assert type(pending) is tr.Pending and not isinstance(pending, tr.Op)
        assert not hasattr(pending, "_kernel") and not hasattr(pending, "_state")
        assert pending.label == "op `add`" and "test_op_as_pending.py:" in pending.where
        assert z._exclusive and x._readers  # held until waited (inline)
        out = pending.wait()
        assert out[0].tensor is z and out[1] is x and out[2] is y
        assert not (z._borrows or x._borrows or y._borrows or x._readers) and z._exclusive == 0
    # one object on the C path; the Python makes its Pending while the op is alive
    assert same == [False, _accel.active()]
    assert gpu_like.python_launches == (1 if _accel.active() else 2)


def test_an_op_kept_in_a_name_stays_an_op(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    for _ in range(2):
        op = add(z.partition((8,)), x, y)
        pending = op.submit()
        assert id(pending) != id(op) and type(op) is tr.Op and type(pending) is tr.Pending
        twice = r"cannot submit op `add` .*it already ran \(submitted"
        with pytest.raises(RuntimeError, match=twice):
            op.submit()
        out = pending.wait()
        assert op._kernel is not None and out[0].tensor is z
        assert not (z._borrows or x._borrows)


def test_an_op_with_a_weak_reference_stays_an_op(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    refs: list[weakref.ref[tr.Op]] = []

    def launch(*args: Any) -> tr.Op:
        op = add(*args)
        refs.append(weakref.ref(op))
        return op

    for _ in range(2):
        pending = launch(z.partition((8,)), x, y).submit()
        assert refs[-1]() is None  # the op was freed after its submit: not turned into this
        assert type(pending) is tr.Pending and pending.wait()[0].tensor is z
        assert not z._borrows


def test_the_pending_an_op_became_warns_waits_and_answers(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    add(z.partition((8,)), x, y).sync()
    for _ in range(2):
        with pytest.warns(
            tr.UnrunOpWarning,
            match=r"op `add` submitted at .*_pending.py:\d+ was never waited on; waiting now",
        ):
            add(z.partition((8,)), x, y).submit()
            gc.collect()
        assert not (z._borrows or x._borrows) and z._exclusive == 0
    for _ in range(2):
        pending = add(z.partition((8,)), x, y).submit()
        assert pending.wait()[0].tensor is z and pending.wait()[0].tensor is z
        assert pending.done() and repr(pending) == "<Pending op `add` done>"

    async def awaited() -> Any:
        return await add(z.partition((8,)), x, y).submit()

    assert asyncio.run(awaited())[0].tensor is z
    assert not (z._borrows or x._borrows or y._borrows) and z._exclusive == 0
