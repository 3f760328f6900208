"""Ownership through composition: chains of chains, zips, graphs, ops made inside a callback
or a capture, and asyncio tasks. Each test is a hole a reviewer found (the runtime let a write
race a read, or kept a borrow forever) and what the runtime does now."""

# These tests commit violations on purpose to see the runtime refuse them.
# tilecheck: ignore-file[TC102, TC105, TC108, TC109]

from __future__ import annotations

import asyncio
import gc
import warnings
from collections.abc import Iterator

import numpy as np
import pytest

import tilert as tr
from tests.support.kernels import add, copy, scale


def vec(n: int = 8, value: float = 1.0) -> tr.Tensor[tr.f32]:
    return tr.full((n,), value, dtype=tr.f32)


@pytest.fixture(autouse=True)
def _quiet_unrun_ops() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", tr.UnrunOpWarning)
        yield


def test_a_chain_of_two_thens_releases_what_its_callbacks_borrowed() -> None:
    x, bias, z = vec(), vec(value=0.5), tr.zeros((8,))
    (
        copy(z.partition((4,)), x)
        .then(lambda zp, _: add(zp, x, bias))  # borrows `bias`, which the chain did not hold
        .then(lambda zp, *_: scale(zp, 2.0))
        .sync()
    )
    bias.copy_from(np.zeros(8, np.float32))
    np.testing.assert_array_equal(z.to_numpy(), np.full(8, 3.0, np.float32))


def test_a_zip_of_a_chain_releases_what_the_callback_borrowed() -> None:
    x, z, v, w = vec(), tr.zeros((8,)), tr.zeros((8,)), tr.zeros((8,))
    chain = copy(z.partition((4,)), x).then(lambda zp, _: scale(w.partition((4,)), 2.0))
    tr.zip(chain, copy(v.partition((4,)), x)).sync()
    w.partition((4,))  # free again
    z.to_numpy()


def test_a_recorded_chain_of_chains_is_released_by_close() -> None:
    x, z, w = vec(), tr.zeros((8,)), tr.zeros((8,))
    with tr.graph() as g:
        g.record(
            copy(z.partition((4,)), x)
            .then(lambda zp, _: scale(zp, 2.0))
            .then(lambda *_: scale(w.partition((4,)), 3.0))
        )
    g.launch().wait()
    g.close()
    w.partition((4,))
    z.partition((4,))


def test_an_op_made_in_a_callback_runs_only_in_its_chain() -> None:
    x, z = vec(), tr.zeros((8,))
    stash: list[tr.Op] = []

    def callback(zp: tr.Partition[tr.f32], _: object) -> tr.Op:
        stash.append(scale(zp, 3.0))  # kept for later: it would write z unowned
        return scale(zp, 2.0)

    copy(z.partition((4,)), x).then(callback).sync()
    with pytest.raises(RuntimeError, match=r"op `scale` was made at .* inside the chain"):
        stash[0].submit()
    with pytest.raises(RuntimeError, match="cannot sync it here"):
        stash[0].sync()
    with pytest.raises(RuntimeError, match="cannot chain it here"):
        stash[0].then(lambda *_: scale(z.partition((4,)), 1.0))
    np.testing.assert_array_equal(z.to_numpy(), np.full(8, 2.0, np.float32))


def test_an_op_made_in_a_callback_may_run_inside_it() -> None:
    x, z, w = vec(), tr.zeros((8,)), tr.zeros((8,))

    def callback(zp: tr.Partition[tr.f32], _: object) -> tr.Op:
        copy(w.partition((4,)), x).sync()
        return scale(zp, 2.0)

    copy(z.partition((4,)), x).then(callback).sync()
    np.testing.assert_array_equal(w.to_numpy(), np.ones(8, np.float32))


def test_an_op_made_in_a_capture_and_not_recorded_cannot_run_later() -> None:
    x, z = vec(), tr.zeros((8,))
    with tr.graph() as g:
        zp = z.partition((4,))
        g.record(copy(zp, x))
        extra = scale(zp, 5.0)
    g.launch().wait()
    g.close()
    with pytest.raises(RuntimeError, match=r"inside the graph captured at .*cannot submit"):
        extra.submit()
    del extra
    gc.collect()
    z.partition((4,))


def test_graph_capture_belongs_to_one_asyncio_task() -> None:
    x, z = vec(), tr.zeros((8,))

    async def capture(started: asyncio.Event, release: asyncio.Event) -> tr.Graph:
        with tr.graph() as g:
            g.record(copy(z.partition((4,)), x))
            started.set()
            await release.wait()
        return g

    async def other(started: asyncio.Event, release: asyncio.Event) -> None:
        await started.wait()
        try:
            tr.zeros((4,))  # this task is not capturing: allocation is allowed
            held = r"the graph captured at .* holds it: close it first"
            with pytest.raises(tr.BorrowError, match=held):
                z.partition((4,))  # the graph holds z
        finally:
            release.set()

    async def main() -> tr.Graph:
        started, release = asyncio.Event(), asyncio.Event()
        g, _ = await asyncio.gather(capture(started, release), other(started, release))
        return g

    asyncio.run(main()).close()


def test_a_failing_zip_absorbs_nothing() -> None:
    x, z = vec(), tr.zeros((8,))
    op = add(z.partition((4,)), x, x)
    with pytest.raises(ValueError, match="given twice"):
        tr.zip(op, op)
    with pytest.raises(TypeError, match=r"tr\.zip takes ops, got None as argument 2"):
        tr.zip(op, None)  # type: ignore[arg-type]
    del op
    gc.collect()
    z.to_numpy()
    x.partition((4,))


def test_submit_to_a_bad_stream_leaves_the_op_runnable() -> None:
    z = tr.zeros((8,))
    op = scale(z.partition((4,)), 2.0)
    with pytest.raises(TypeError, match="not a stream"):
        op.submit(1)
    op.submit().wait()
    np.testing.assert_array_equal(z.to_numpy(), np.zeros(8, np.float32))


def test_every_wait_on_a_failed_op_raises(interpreter: None) -> None:
    z = tr.zeros((8,))
    pending = scale(z.partition((4,)), 2.0).then(lambda *_: None).submit()  # type: ignore[arg-type,return-value]
    with pytest.raises(TypeError, match="must return an Op"):
        pending.wait()
    with pytest.raises(TypeError, match="must return an Op"):
        pending.wait()
    z.to_numpy()


def test_replaying_a_graph_with_a_callback_does_not_grow_the_borrow_tables(
    interpreter: None,
) -> None:
    x, z, w = vec(), tr.zeros((8,)), tr.zeros((8,))
    with tr.graph() as g:
        g.record(copy(z.partition((4,)), x).then(lambda zp, _: add(w.partition((4,)), x, x)))
    for _ in range(50):
        g.launch().wait()
    assert len(x._borrows) <= 3 and len(w._borrows) <= 2
    with pytest.raises(tr.BorrowError):
        w.to_numpy()  # the graph holds what its callback touched until close
    g.close()
    np.testing.assert_array_equal(w.to_numpy(), np.full(8, 2.0, np.float32))


@pytest.fixture
def no_collector() -> Iterator[None]:
    """Only reference counting frees objects: what a cycle keeps stays kept."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_chain_dropped_unrun_releases_when_its_statement_ends(no_collector: None) -> None:
    z = vec()
    with pytest.warns(tr.UnrunOpWarning, match=r"\.then\(\.\.\.\) created at .*never run"):
        scale(z.partition((4,)), 2.0).then(lambda zp, *_: scale(zp, 3.0))
    z.to_numpy()  # no BorrowError: the chain was freed with its statement
    z.partition((4,))


def test_chains_of_chains_and_zips_dropped_unrun_release_too(no_collector: None) -> None:
    x, y, z = vec(), vec(), vec()
    inner = scale(z.partition((4,)), 2.0).then(lambda zp, *_: scale(zp, 3.0))
    outer = inner.then(lambda zp, *_: scale(zp, 4.0))
    zipped = tr.zip(outer, copy(y.partition((4,)), x))
    del inner, outer, zipped
    z.partition((4,))
    y.partition((4,))
    x.partition((4,))


def test_a_zip_of_chains_runs_after_the_chains_are_dropped(no_collector: None) -> None:
    x, z = vec(value=2.0), vec()
    zipped = tr.zip(copy(z.partition((4,)), x).then(lambda zp, *_: scale(zp, 3.0)))
    zipped.sync()
    np.testing.assert_array_equal(z.to_numpy(), np.full(8, 6.0, np.float32))
