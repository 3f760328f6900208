"""``.submit()`` and ``.wait()`` on the C fast path (tilert/_fast_src/submit.c) against their
Python reference, on the stand-in GPU backend of test_fast_path (its ``ct.launch`` records, its
stream synchronize counts). The whole suite also runs with ``TILERT_PURE_PYTHON=1``, where these
tests check the Python alone."""

# Some tests drop a Pending unwaited, or run an op twice or in a capture, on purpose.
# tilecheck: ignore-file[TC102, TC108, TC110, TC111]

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

import tilert as tr
from tests.tilert.test_fast_path import StandIn, TileError, add, tensors
from tests.tilert.test_fast_path import gpu_like as gpu_like  # (the fixture)
from tilert import _accel


@pytest.fixture
def syncs(gpu_like: StandIn) -> Iterator[list[int]]:
    """The current stream's synchronizes, counted."""
    count = [0]

    def sync() -> None:
        count[0] += 1

    tr.current_stream()._sync = sync
    yield count


def submit_batch(stand_in: StandIn, count: int) -> list[tuple[Any, ...]]:
    x, y = tensors()[1:]
    zs = [tensors()[0] for _ in range(count)]
    for z in zs:
        add(z.partition((8,)), x, y).sync()  # compiled, call sites known
    stand_in.launches.clear()
    pending = [add(z.partition((8,)), x, y).submit() for z in zs]
    assert all(type(p) is tr.Pending for p in pending)
    outs = [p.wait() for p in pending]
    assert all(out[1] is x and out[0].tensor is z for out, z in zip(outs, zs, strict=True))
    assert not (x._borrows or y._borrows) and all(not z._borrows and z._exclusive == 0 for z in zs)
    stream = tr.current_stream()
    assert stream._completed == stream._launched
    assert all(z._writer == (stream, stream._launched - count + i + 1) for i, z in enumerate(zs))
    return [
        (h, g, k, tuple(a if isinstance(a, int) else "view" for a in args))
        for h, g, k, args in stand_in.launches
    ]


def python_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    for cls, name in _accel._REPLACED:
        reference = getattr(cls, f"_{name.strip('_')}_python", None)
        if reference is not None:
            monkeypatch.setattr(cls, name, reference)


def test_submit_then_wait_gives_what_the_python_gives(
    gpu_like: StandIn, syncs: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = submit_batch(gpu_like, 5)
    assert gpu_like.python_launches == (1 if _accel.active() else 10)
    assert syncs[0] == 5 + 1  # the warm-up's syncs, then one for the whole batch
    python_alone(monkeypatch)
    assert submit_batch(gpu_like, 5) == fast
    assert fast == [(0, (1,), "compiled add", ("view", 8, "view", "view"))] * 5


def test_a_wait_known_complete_does_not_synchronize(gpu_like: StandIn, syncs: list[int]) -> None:
    z, x, y = tensors()
    w = tensors()[0]
    add(z.partition((8,)), x, y).sync()
    add(w.partition((8,)), x, y).sync()
    before = syncs[0]
    first = add(z.partition((8,)), x, y).submit()
    second = add(w.partition((8,)), x, y).submit()
    assert first.stream._completed < first.stream._launched  # neither known complete yet
    second.wait()  # the stream's launches so far are complete: the first one too
    assert syncs[0] == before + 1
    assert first.done() and first.wait()[0].tensor is z
    assert second.wait()[0].tensor is w  # a second wait returns the outputs again
    assert syncs[0] == before + 1
    assert not (z._borrows or w._borrows or x._borrows)


def test_the_python_waits_on_a_pending_the_c_made_without_a_ticket(
    gpu_like: StandIn, syncs: list[int]
) -> None:
    # the C submit keeps only the launch number (no Ticket per launch): the Python's wait and
    # done() make the Ticket from it, and answer as for a Pending of their own
    z, x, y = tensors()
    w = tensors()[0]
    add(z.partition((8,)), x, y).sync()
    add(w.partition((8,)), x, y).sync()
    before = syncs[0]
    first = add(z.partition((8,)), x, y).submit()
    second = add(w.partition((8,)), x, y).submit()
    stream = tr.current_stream()
    if _accel.active():
        assert (first._ticket, second._ticket) == (stream._launched - 1, stream._launched)
    python_wait = vars(tr.Pending).get("_wait_python", tr.Pending.wait)
    assert python_wait(second)[0].tensor is w and syncs[0] == before + 1
    assert first.done()  # known complete: the stream synchronized past it, nothing asked
    assert first.wait()[0].tensor is z and syncs[0] == before + 1
    assert (first._ticket.seq, second._ticket.seq) == (stream._launched - 1, stream._launched)
    assert not (z._borrows or w._borrows or x._borrows or y._borrows)
    assert z._exclusive == w._exclusive == 0


def test_a_failed_launch_is_raised_by_every_wait(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    add(z.partition((8,)), x, y).sync()
    gpu_like.fail = TileError("bad tile")
    pending = add(z.partition((8,)), x, y).submit()  # the launch fails: kept for the waiters
    gpu_like.fail = None
    assert z._exclusive == 1  # until waited
    for _ in range(2):
        with pytest.raises(tr.KernelError, match="cuTile rejected kernel `add`: bad tile") as info:
            pending.wait()
        assert isinstance(info.value.__cause__, TileError)
    assert not (z._borrows or x._borrows or y._borrows) and z._exclusive == 0


def test_a_pending_dropped_unwaited_warns_and_releases(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    add(z.partition((8,)), x, y).sync()
    with pytest.warns(tr.UnrunOpWarning, match="was never waited on"):
        add(z.partition((8,)), x, y).submit()
        gc.collect()
    assert not (z._borrows or x._borrows) and z._exclusive == 0
    pending = add(z.partition((8,)), x, y).submit()
    ref = weakref.ref(pending)
    pending.wait()
    del pending  # waited: nothing to say
    assert ref() is None


def test_the_collector_scans_no_bookkeeping_of_work_in_flight(gpu_like: StandIn) -> None:
    # the C path leaves a submitted op's holders, any lists, its consumed partition, its
    # outputs and its Pending out of the cyclic collector (docs/decisions.md, "Async")
    z, x, y = tensors()
    for _ in range(2):  # (the first call from a line is the Python's: it finds the line)
        pending = add(z.partition((8,)), x, y).submit()
        holders = pending._holders
        kept = [pending, pending._outputs, pending._outputs[0], holders, *holders]
        kept += [h.held for h in holders if h.held]  # (none: its borrows are inline)
        tracked = [gc.is_tracked(o) for o in kept]
        pending.wait()
    assert tracked == [not _accel.active()] * len(kept)


def test_a_pending_in_a_dropped_cycle_is_waited_by_the_collector(gpu_like: StandIn) -> None:
    # untracked, a Pending is still freed with the cycle that holds it: it warns and releases
    z, x, y = tensors()
    add(z.partition((8,)), x, y).sync()

    class Job:
        pass

    with pytest.warns(tr.UnrunOpWarning, match="was never waited on"):
        job = Job()
        job.me = job  # type: ignore[attr-defined]
        job.pending = add(z.partition((8,)), x, y).submit()  # type: ignore[attr-defined]
        del job
        gc.collect()
    assert not (z._borrows or x._borrows or y._borrows) and z._exclusive == 0


def test_explicit_streams_and_the_current_one(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    add(z.partition((8,)), x, y).sync()
    other = tr.Stream()
    other._handle, other._sync = 0, lambda: None
    pending = add(z.partition((8,)), x, y).submit(other)
    assert pending.stream is other and z._writer == (other, 1)
    pending.wait()
    # last written on another stream: the Python orders the launch (the stand-in has no events)
    gpu_like.order_after = lambda waiter, writer, seq: None  # type: ignore[attr-defined]
    add(z.partition((8,)), x, y).submit(None).wait()
    assert z._writer == (tr.current_stream(), tr.current_stream()._launched)
    with pytest.raises(TypeError, match="not a stream"):
        add(z.partition((8,)), x, y).submit("stream")
    gc.collect()
    assert not (z._borrows or x._borrows)


def test_refused_in_a_capture_and_twice(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    op = add(z.partition((8,)), x, y)
    op.submit().wait()
    with pytest.raises(RuntimeError, match=r"cannot submit .* already ran \(submitted at"):
        op.submit()
    op = add(z.partition((8,)), x, y)
    with tr.graph() as g, pytest.raises(RuntimeError, match="while capturing a graph"):
        op.submit()
    g.close()
    op.sync()
    assert not z._borrows


def test_threads_waiting_on_one_pending_release_once(gpu_like: StandIn) -> None:
    z, x, y = tensors()
    add(z.partition((8,)), x, y).sync()
    for _ in range(50):
        pending = add(z.partition((8,)), x, y).submit()
        outs: list[Any] = []
        threads = [
            threading.Thread(target=lambda p=pending, o=outs: o.append(p.wait())) for _ in range(4)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(outs) == 4 and all(out[0].tensor is z for out in outs)
        assert not z._borrows and z._exclusive == 0 and not x._borrows
