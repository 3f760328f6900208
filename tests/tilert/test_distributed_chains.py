"""Long ``.then`` chains of collectives (issue 22): each op's bookkeeping stays the same size
along the chain (the borrow table of the tensor they pass on, the Python stack at the
transport's call), what the chain holds is still held until it completes and released then,
and the messages name the same lines as before."""

# These tests commit violations on purpose to see the runtime refuse them.
# tilecheck: ignore-file[TC102, TC110]

from __future__ import annotations

import gc
import re
import sys
from collections.abc import Callable
from functools import reduce
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.distributed as dist
from tilert.distributed import Collective, Communicator
from tilert.distributed.collective import made
from tilert.distributed.communicator import set_default
from tilert.distributed.testing import RecordingTorch, run_ranks
from tilert.distributed.torch_transport import TorchTransport

FILE = r"\S*test_distributed_chains\.py"
HERE = rf"{FILE}:\d+"


def chain_of(x: tr.Tensor[Any], k: int) -> tr.Op:
    """k all-reduces of ``x`` as one chain, as gpu_bench_distributed.py builds them."""
    return reduce(lambda op, _: op.then(dist.all_reduce), range(k - 1), dist.all_reduce(x))


def recording(on_call: Callable[[Any], None]) -> Communicator:
    """A communicator over RecordingTorch whose all-reduce calls ``on_call(out)`` instead."""
    torch = RecordingTorch()
    transport = TorchTransport.over(torch, torch.distributed, False, 0)
    transport._issue["all_reduce"] = lambda out, inp, c: on_call(c.out)
    return Communicator(transport)


def depth() -> int:
    frame, n = sys._getframe(), 0
    while frame is not None:
        frame, n = frame.f_back, n + 1  # type: ignore[assignment]
    return n


def test_a_chain_of_all_reduces_keeps_the_tensor_s_borrows_few_and_the_stack_flat() -> None:
    seen: list[tuple[int, int]] = []  # (borrows of x, stack depth) at each transport call
    set_default(recording(lambda out: seen.append((len(out._borrows), depth()))))
    try:
        x = tr.from_numpy(np.ones(8, np.float32))
        chain_of(x, 60).submit().wait()
        assert not x._borrows  # all released with the chain
    finally:
        set_default(None)
    assert len(seen) == 60
    assert max(n for n, _ in seen[1:]) == 2  # the first op's and the chain's: not one per op
    assert len({d for _, d in seen[1:]}) == 1  # every chained call at the same depth


def test_a_chain_in_flight_refuses_others_naming_its_first_op() -> None:
    def rank(comm: Communicator) -> list[str]:
        x = tr.from_numpy(np.full(4, comm.rank + 1.0, np.float32))
        messages = []
        pending = chain_of(x, 30).submit()
        for attempt in (x.to_numpy, lambda: dist.all_reduce(x)):
            with pytest.raises(tr.BorrowError) as caught:
                attempt()
            messages.append(str(caught.value))
        pending.wait()
        np.testing.assert_array_equal(x.to_numpy(), np.full(4, 3.0 * 2**29, np.float32))
        return messages

    for read, write in run_ranks(2, rank):
        assert re.search(rf"exclusively borrowed \(written by op `all_reduce`\) at {HERE}", read)
        assert "cannot write tensor f32[4]" in write


def test_a_chain_returned_by_a_callback_releases_what_its_own_callbacks_borrowed() -> None:
    def rank(comm: Communicator) -> float:
        x, y, z = (tr.from_numpy(np.full(4, comm.rank + 1.0, np.float32)) for _ in range(3))

        def inner(_: tr.Tensor[Any]) -> tr.Op:
            return dist.all_reduce(y).then(lambda _: dist.all_reduce(z))

        dist.all_reduce(x).then(inner).sync()
        assert not (x._borrows or y._borrows or z._borrows)  # (z stayed borrowed before)
        return float(z.to_numpy()[0])

    assert run_ranks(2, rank) == [3.0, 3.0]


def test_a_chain_grown_by_then_keeps_each_part_s_own_line() -> None:
    def rank(comm: Communicator) -> tuple[str, str]:
        x = tr.from_numpy(np.ones(4, np.float32))
        inner = dist.all_reduce(x).then(dist.all_reduce)
        outer = inner.then(dist.all_reduce)
        assert inner.where != outer.where
        with pytest.raises(RuntimeError) as caught:
            inner.sync()
        outer.sync()
        assert not x._borrows
        return str(caught.value), outer.where

    for message, outer_line in run_ranks(2, rank):
        assert re.search(rf"created at {HERE}\): it was already chained with \.then at ", message)
        assert message.split(".then at ")[1].startswith(outer_line)


def test_an_op_returned_twice_names_the_line_running_the_chain() -> None:
    def rank(comm: Communicator) -> str:
        x = tr.from_numpy(np.ones(4, np.float32))
        kept: list[tr.Op] = []

        def same(t: tr.Tensor[Any]) -> tr.Op:
            if not kept:
                kept.append(dist.all_reduce(t))
            return kept[0]

        line = sys._getframe().f_lineno + 2  # the line running the chain
        with pytest.raises(RuntimeError) as caught:
            dist.all_reduce(x).then(same).then(same).sync()
        assert not x._borrows
        return f"{line} {caught.value}"

    for found in run_ranks(2, rank):
        line, message = found.split(" ", 1)
        assert re.search(rf"already chained with \.then at {FILE}:{line} and runs", message)


def test_a_graph_of_many_collectives_checks_few_borrows_and_replays_right() -> None:
    def rank(comm: Communicator) -> tuple[float, int]:
        x = tr.from_numpy(np.full(4, 1.0, np.float32))
        with tr.graph() as g:
            for _ in range(20):
                g.record(dist.all_reduce(x))
        most = len(x._borrows)
        g.launch().wait()
        with pytest.raises(tr.BorrowError, match="close it first"):
            x.to_numpy()
        g.close()
        return float(x.to_numpy()[0]), most

    assert run_ranks(2, rank) == [(2.0**20, 1), (2.0**20, 1)]


def test_a_collective_made_fast_equals_one_made_by_its_dataclass() -> None:
    x, y = tr.zeros((8,)), tr.zeros((4,))
    fast = made("reduce_scatter", y, x, "max", None, "app.py:3")
    assert repr(fast) == repr(Collective("reduce_scatter", y, x, op="max", where="app.py:3"))
    assert fast.tensors == (y, x) and fast.describe() == "reduce_scatter(max) of (4,) f32"
    with pytest.raises(AttributeError):  # (frozen, as the dataclass's own)
        fast.op = "sum"  # type: ignore[misc]


def test_a_finished_chain_leaves_nothing_to_the_collector() -> None:
    # each .then used to keep the older chain in a cycle (its step list held the step holding
    # it): the whole chain was left to the collector, promoted to its older generations
    set_default(recording(lambda out: None))
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        x = tr.from_numpy(np.ones(8, np.float32))
        chain_of(x, 40).submit().wait()
        assert gc.collect() == 0
        assert not x._borrows
    finally:
        if was:
            gc.enable()
        set_default(None)


def test_a_collective_s_arguments_are_checked_again_for_other_tensors() -> None:
    comm = recording(lambda out: None)
    x = tr.from_numpy(np.ones(8, np.float32))
    comm.all_reduce(x).sync()
    comm.all_reduce(x).sync()  # the same arguments: checked once
    assert len(comm._checked) == 1
    for _ in range(3):  # a tensor dropped, another made (perhaps at its address): checked anew
        y = tr.from_numpy(np.ones(8, np.float32))
        comm.all_reduce(y).sync()
        assert any(known.fits(y, None) for known in comm._checked.values())
        del y
    with pytest.raises(ValueError, match="not contiguous"):
        comm.all_reduce(tr.from_numpy(np.ones((4, 4), np.float32)).T)
    with pytest.raises(ValueError, match="op='mean'"):
        comm.all_reduce(x, "mean")
    with pytest.raises(TypeError, match="must be a rank"):
        comm.broadcast(x, [0])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a partition"):
        comm.all_reduce(x.partition((4,)))  # type: ignore[arg-type]
    assert not x._borrows
