"""Real CUDA graphs (tilert.cuda.graphs): launches of tilert kernels captured on a tilert
stream replay on the GPU each time the graph is launched, a kernel launched for the first time
inside the capture is captured, and a capture whose body fails leaves the stream usable.
Skipped (by conftest) without a GPU."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, backends, f32
from tilert.kernel import Kernel

pytestmark = [pytest.mark.gpu, pytest.mark.usefixtures("cutile")]

N, TILE = 1000, 128  # 8 blocks, the last one masked


@tr.kernel
def increment(z: Mutable[Tensor[f32]]) -> None:
    z.store(z.load() + 1.0)


@tr.kernel
def add_ten(z: Mutable[Tensor[f32]]) -> None:  # launched only inside a capture, once
    z.store(z.load() + 10.0)


def launch(kernel: Kernel, z: Tensor[f32], stream: tr.Stream) -> None:
    """One raw launch on ``stream`` (no Op: the partition's borrow ends when it is dropped)."""
    part = z.partition((TILE,))
    backends.current().launch(kernel, (part,), part.grid, stream)


def launches(kernel: Kernel, z: Tensor[f32], stream: tr.Stream, count: int) -> Callable[[], None]:
    def body() -> None:
        for _ in range(count):
            launch(kernel, z, stream)

    return body


def capturing_status(stream: tr.Stream) -> Any:
    from tilert.cuda.context import driver

    drv = driver()
    err, status = drv.cuStreamIsCapturing(drv.CUstream(stream.cuda_handle()))
    assert int(err) == 0
    return status


def test_replays_run_every_captured_launch_each_time() -> None:
    from tilert.cuda.graphs import capture

    s = tr.Stream()
    z = tr.zeros((N,), dtype=f32)
    graph = capture(s.cuda_handle(), launches(increment, z, s, 3))
    try:
        assert graph.num_nodes == 3
        s.synchronize()
        np.testing.assert_array_equal(z.to_numpy(), np.zeros(N, np.float32))  # recorded only
        graph.launch(s.cuda_handle())
        s.synchronize()
        np.testing.assert_array_equal(z.to_numpy(), np.full(N, 3, np.float32))
        graph.launch(s.cuda_handle())
        graph.launch(s.cuda_handle())
        s.synchronize()
        np.testing.assert_array_equal(z.to_numpy(), np.full(N, 9, np.float32))
    finally:
        graph.close()
    graph.close()  # idempotent
    assert graph.closed
    with pytest.raises(RuntimeError, match="closed CUDA graph"):
        graph.launch(s.cuda_handle())


def test_a_kernel_first_launched_inside_the_capture_is_captured() -> None:
    from tilert.cuda.graphs import capture

    s = tr.Stream()
    z = tr.zeros((N,), dtype=f32)
    graph = capture(s.cuda_handle(), launches(add_ten, z, s, 1))
    try:
        assert graph.num_nodes == 1
        graph.launch(s.cuda_handle())
        graph.launch(s.cuda_handle())
        s.synchronize()
    finally:
        graph.close()
    np.testing.assert_array_equal(z.to_numpy(), np.full(N, 20, np.float32))


def test_a_graph_replays_on_another_stream() -> None:
    from tilert.cuda.graphs import capture

    recorder, runner = tr.Stream(), tr.Stream()
    z = tr.zeros((N,), dtype=f32)
    graph = capture(recorder.cuda_handle(), launches(increment, z, recorder, 2))
    try:
        graph.launch(runner.cuda_handle())
        runner.synchronize()
    finally:
        graph.close()
    np.testing.assert_array_equal(z.to_numpy(), np.full(N, 2, np.float32))


def test_an_exception_in_the_body_ends_the_capture_and_the_stream_stays_usable() -> None:
    from tilert.cuda.context import driver
    from tilert.cuda.graphs import capture

    s = tr.Stream()
    z = tr.zeros((N,), dtype=f32)

    def failing() -> None:
        launch(increment, z, s)
        raise ValueError("body failed")

    with pytest.raises(ValueError, match="body failed"):
        capture(s.cuda_handle(), failing)
    none = driver().CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE
    assert capturing_status(s) == none
    launch(increment, z, s)  # runs now, on the same stream; the captured launch never ran
    s.synchronize()
    np.testing.assert_array_equal(z.to_numpy(), np.ones(N, np.float32))
    graph = capture(s.cuda_handle(), launches(increment, z, s, 1))  # and it captures again
    try:
        graph.launch(s.cuda_handle())
        s.synchronize()
    finally:
        graph.close()
    np.testing.assert_array_equal(z.to_numpy(), np.full(N, 2, np.float32))


@tr.kernel
def double_into(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    out.store(tl.load_tile_like(x, out) * 2.0)


@pytest.mark.parametrize("setting", ["1", None])
def test_dependent_launches_see_the_writes_before_them(
    monkeypatch: pytest.MonkeyPatch, setting: str | None
) -> None:
    """A chain of kernels each reading what the one before wrote, launched to overlap (every
    kernel with TILERT_DEPENDENT_LAUNCH=1; unset, a kernel with ``dependent_launch=True``),
    eagerly and replayed from a graph, computes what it does serially."""
    if setting is None:
        monkeypatch.delenv("TILERT_DEPENDENT_LAUNCH", raising=False)
    else:
        monkeypatch.setenv("TILERT_DEPENDENT_LAUNCH", setting)
    backends.current.cache_clear()
    assert backends.current().dependent_launches == ("all" if setting else "marked")
    kernel = double_into.with_options(dependent_launch=True) if setting is None else double_into
    n = 1 << 20
    bufs = [tr.zeros((n,), dtype=f32) for _ in range(8)]
    bufs[0].copy_from(np.arange(n, dtype=np.float32) % 97)
    for a, b in itertools.pairwise(bufs):
        kernel(b.partition((1024,)), a).sync()
    expected = (np.arange(n, dtype=np.float32) % 97) * 2.0**7
    np.testing.assert_array_equal(bufs[-1].to_numpy(), expected)
    for b in bufs[1:]:
        b.copy_from(np.zeros(n, np.float32))
    with tr.graph() as g:  # one group: each op reads what the one before writes
        for a, b in itertools.pairwise(bufs):
            g.record(kernel(b.partition((1024,)), a))
    for _ in range(3):
        g.launch().wait()
    g.close()
    np.testing.assert_array_equal(bufs[-1].to_numpy(), expected)


@tr.kernel
def slow_scale(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], rounds: int) -> None:
    """z = x * 3, the long way (``rounds`` loads and stores), so a branch is still running
    when the graph's stream reaches the op that reads z unless that op waits for it."""
    acc = tl.load_tile_like(x, z) * 0.0
    for _ in range(rounds):
        acc = acc + tl.load_tile_like(x, z)
    z.store(acc * (3.0 / rounds))


@tr.kernel
def copy_plus_one(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + 1.0)


def test_a_branch_runs_beside_the_graph_and_a_reader_of_its_output_waits_for_it() -> None:
    """On the GPU: a branch writing z (a long kernel) beside ops that do not touch it, then an
    op reading z on the graph's stream; every replay gives z's readers the branch's result."""
    n = 1 << 20
    x = tr.from_numpy(np.arange(n, dtype=np.float32) % 7)
    z, y, w, v = (tr.zeros((n,), dtype=f32) for _ in range(4))
    side = tr.Stream()
    with tr.graph() as g:
        g.record(slow_scale(z.partition((1024,)), x, 64), stream=side)
        g.record(copy_plus_one(y.partition((1024,)), x))  # beside the branch
        g.record(copy_plus_one(w.partition((1024,)), z))  # reads z: waits for the branch
        g.record(tr.zip(copy_plus_one(v.partition((1024,)), y)))
    for _ in range(3):
        g.launch().wait()
    g.close()
    want = np.arange(n, dtype=np.float32) % 7
    np.testing.assert_allclose(w.to_numpy(), want * 3 + 1, rtol=1e-5)
    np.testing.assert_array_equal(v.to_numpy(), want + 2)
