"""What a failure leaves borrowed: nothing the user cannot reach. A graph whose replay failed
still closes, an aborted capture releases what it recorded, and a partition made by a failing
`.then` callback is freed with the error, as it is outside a chain."""

from __future__ import annotations

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

pytestmark = pytest.mark.usefixtures("interpreter")


@tr.kernel
def add1(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + 1.0)


@tr.kernel
def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(x.load_tile((8,), (0,)))  # tilecheck: ignore[TC207] (an (8,) tile, (4,)-tile partition)


def test_a_graph_whose_replay_failed_closes_and_releases() -> None:
    z, x = tr.zeros((8,), dtype=f32), tr.ones((8,), dtype=f32)
    with tr.graph() as g:
        g.record(bad(z.partition((4,)), x))
    pending = g.launch()
    with pytest.raises(tr.KernelError):
        pending.wait()
    g.close()  # the failure was seen: close releases and does not raise it again
    np.testing.assert_array_equal(z.to_numpy(), 0.0)
    add1(z.partition((4,)), x).sync()


def test_closing_reports_a_failed_replay_nobody_waited_for_after_releasing() -> None:
    z, x = tr.zeros((8,), dtype=f32), tr.ones((8,), dtype=f32)
    with tr.graph() as g:
        g.record(bad(z.partition((4,)), x))
    launched = g.launch()  # (kept: a Pending dropped unwaited is waited on at once, warning)
    with pytest.raises(tr.KernelError):
        g.close()
    g.close()  # closed once and for all
    del launched  # close waited on it: no warning
    add1(z.partition((4,)), x).sync()
    np.testing.assert_array_equal(z.to_numpy(), 2.0)


def test_a_capture_that_raises_releases_what_it_recorded() -> None:
    a, x = tr.zeros((8,), dtype=f32), tr.ones((8,), dtype=f32)
    with pytest.raises(KeyError), tr.graph() as g:
        g.record(add1(a.partition((4,)), x))
        raise KeyError("the user's error")
    np.testing.assert_array_equal(a.to_numpy(), 0.0)
    with pytest.raises(RuntimeError, match="the graph is closed"):
        g.launch()


def test_a_partition_made_by_a_failing_callback_is_freed_with_the_error() -> None:
    a, x, w = tr.zeros((8,), dtype=f32), tr.ones((8,), dtype=f32), tr.zeros((8,), dtype=f32)
    chain = add1(a.partition((4,)), x).then(
        lambda ap, xx: add1(w.partition((2,)), xx, grid=(2,))  # wrong grid: refused
    )
    with pytest.raises(ValueError, match="differs from the grid"):
        chain.sync()
    del chain
    np.testing.assert_array_equal(w.to_numpy(), 0.0)  # no cycle collection needed
    np.testing.assert_array_equal(a.to_numpy(), 2.0)
