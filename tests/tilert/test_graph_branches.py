"""Concurrent branches of a graph: ``g.record(op, stream=s)`` runs ``op`` beside the ops recorded
after it until one needs it. Where each op goes is decided from the borrows at ``record``; the
capture forks and joins on test_fast_path's stand-in GPU backend; the CPU runs the ops in order
with the results of a graph without branches."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tests.tilert.test_fast_path import StandIn, add, scale, tensors
from tests.tilert.test_fast_path import gpu_like as gpu_like  # (the fixture)
from tilert import Mutable, Shared, Tensor, f32
from tilert._core.lanes import MAIN
from tilert.cuda import streams as cuda_streams


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


def test_a_branch_runs_beside_ops_that_do_not_touch_what_it_writes_or_write_what_it_reads() -> None:
    x, y, z, w = (tr.ones((8,), dtype=f32) for _ in range(4))
    side = tr.Stream()
    with tr.graph() as g:
        g.record(copy(z.partition((8,)), x), stream=side)  # reads x, writes z
        g.record(add(w.partition((8,)), x, y))  # reads x too: beside the branch
        g.record(copy(y.partition((8,)), w))  # y, w: beside the branch
        g.record(copy(x.partition((8,)), w))  # writes x, which the branch reads: joins it
        g.record(copy(w.partition((8,)), y))  # nothing open: the main lane, no entry
    assert [lane for lane, _ in g._lanes.entries.values()] == [1, MAIN, MAIN, MAIN, MAIN]
    g.launch().wait()
    g.close()
    assert np.array_equal(z.to_numpy(), np.ones(8)) and np.array_equal(x.to_numpy(), 2 * np.ones(8))


def test_an_op_reading_what_a_branch_writes_waits_for_it() -> None:
    x, z, w = (tr.ones((8,), dtype=f32) for _ in range(3))
    side = tr.Stream()
    with tr.graph() as g:
        g.record(scale(z.partition((8,)), x, 3.0), stream=side)
        g.record(copy(w.partition((8,)), z))
    g.launch().wait()
    g.close()
    assert np.array_equal(w.to_numpy(), 3 * np.ones(8))


def test_ops_on_one_stream_share_a_lane_and_the_graphs_stream_is_the_main_lane() -> None:
    x, z, w, v = (tr.ones((8,), dtype=f32) for _ in range(4))
    side = tr.Stream()
    with tr.graph() as g:
        g.record(scale(z.partition((8,)), x, 2.0), stream=side)
        g.record(copy(w.partition((8,)), z), stream=side)  # in order on the lane: no join
        g.record(copy(v.partition((8,)), x), stream=g.stream)
    assert [lane for lane, _ in g._lanes.entries.values()] == [1, 1, MAIN]
    g.launch().wait()
    g.close()
    assert np.array_equal(w.to_numpy(), 2 * np.ones(8))


def test_an_op_with_then_callbacks_after_a_branch_waits_for_it() -> None:
    x, z, w = (tr.ones((8,), dtype=f32) for _ in range(3))
    side = tr.Stream()
    with tr.graph() as g:
        g.record(copy(z.partition((8,)), x), stream=side)
        g.record(copy(w.partition((8,)), x).then(lambda *_: scale(w.partition((8,)), x, 2.0)))
    g.launch().wait()
    g.close()
    assert np.array_equal(w.to_numpy(), 2 * np.ones(8))


# -- the capture, on the stand-in GPU backend ------------------------------------------------


class Capture:
    """The streams each launch of the capture went to, and the orderings asked between them."""

    def __init__(self, stand_in: StandIn, monkeypatch: pytest.MonkeyPatch) -> None:
        self.stand_in = stand_in
        self.orders: list[tuple[int, int]] = []  # (waiter, writer) stream handles
        handles = itertools.count(100)
        monkeypatch.setattr(
            cuda_streams, "create_stream", lambda: type("S", (), {"handle": next(handles)})()
        )
        stand_in.capture = self.capture  # type: ignore[attr-defined]
        stand_in.order_after = self.order_after  # type: ignore[attr-defined]

    def capture(self, stream: Any, body: Any) -> Any:
        stream.cuda_handle()  # as the cutile backend's: its stream is made, then captures
        body()

        class Captured:
            def launch(self, stream: Any) -> None:
                pass

            def close(self) -> None:
                pass

        return Captured()

    def order_after(self, waiter: Any, writer: Any, seq: int) -> None:
        self.orders.append((waiter.cuda_handle(), writer.cuda_handle()))


@pytest.fixture
def capture(gpu_like: StandIn, monkeypatch: pytest.MonkeyPatch) -> Iterator[Capture]:
    yield Capture(gpu_like, monkeypatch)


def test_the_capture_forks_a_branch_and_joins_it_where_needed_and_at_the_end(
    capture: Capture,
) -> None:
    z, x, y = tensors()
    w, v, u = tensors()
    with tr.graph() as g:
        g.record(add(z.partition((8,)), x, y))
        g.record(add(w.partition((8,)), x, y), stream=tr.Stream())  # a branch: w
        g.record(add(v.partition((8,)), x, y))  # beside it
        g.record(add(u.partition((8,)), w, y))  # reads w: joins the branch first
        g.record(add(w.partition((8,)), x, y), stream=tr.Stream())  # another branch
    g.launch().wait()
    launches = [args[0] for args in capture.stand_in.launches]
    main, first, second = launches[0], launches[1], launches[4]
    assert launches == [main, first, main, main, second]
    assert main not in (first, second) and first != second
    assert capture.orders == [
        (first, main),  # the fork of the first branch, after the first op
        (main, first),  # u reads what the branch wrote
        (second, main),  # the fork of the second branch
        (main, second),  # the end of the capture joins what is still open
    ]
    g.close()


def test_an_op_a_then_callback_makes_waits_for_the_branch_it_needs(capture: Capture) -> None:
    z, x, y = tensors()
    w, v, u = tensors()
    with tr.graph() as g:
        g.record(add(w.partition((8,)), x, y), stream=tr.Stream())  # a branch: writes w
        g.record(add(z.partition((8,)), x, y).then(lambda *_: add(v.partition((8,)), x, y)))
        g.record(add(u.partition((8,)), x, y).then(lambda *_: add(v.partition((8,)), w, y)))
    g.launch().wait()
    main, side = capture.stand_in.launches[1][0], capture.stand_in.launches[0][0]
    # the first chain's ops run beside the branch; the second's callback reads w: it waits
    assert capture.orders == [(side, main), (main, side)]
    launches = [args[0] for args in capture.stand_in.launches]
    assert launches == [side, main, main, main, main]
    g.close()


def test_a_branch_with_then_callbacks_is_waited_for_by_the_next_op(capture: Capture) -> None:
    z, x, y = tensors()
    w, v, _ = tensors()
    with tr.graph() as g:
        g.record(
            add(w.partition((8,)), x, y).then(lambda *_: add(v.partition((8,)), x, y)),
            stream=tr.Stream(),
        )
        g.record(add(z.partition((8,)), x, y))  # the branch's callback ops are unknown here
    g.launch().wait()
    side, main = capture.stand_in.launches[0][0], capture.stand_in.launches[2][0]
    assert capture.orders == [(side, main), (main, side)]
    g.close()
