"""Events and the device on the GPU: CUDA events recorded on tilert streams, timing, ordering
one stream after another. Skipped (by conftest) without a GPU."""

from __future__ import annotations

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Tensor, f32

pytestmark = [pytest.mark.gpu, pytest.mark.usefixtures("cutile")]


@tr.kernel
def slow_count(z: Mutable[Tensor[f32]], iters: int) -> None:
    (n,) = z.tile_shape
    acc = tl.zeros((n,), tl.f32)
    for _ in range(iters):
        acc = acc + 1.0
    z.store(acc)


def test_the_gpu_device() -> None:
    device = tr.Device()
    assert device.kind == "cuda"
    assert device.sm_count >= 1
    assert device.compute_capability is not None and device.compute_capability >= (8, 0)
    assert device.name


def test_elapsed_time_of_a_kernel() -> None:
    s = tr.Stream()
    z = tr.zeros((1 << 16,))
    slow_count(z.partition((1024,)), 10).sync_on(s)  # compiled before timing
    start = s.record()
    pending = slow_count(z.partition((1024,)), 20000).submit(s)
    end = s.record()
    end.synchronize()
    assert end.done() and start.done()
    assert start.elapsed_ms(end) > 0.0
    pending.wait()
    np.testing.assert_array_equal(z.to_numpy(), np.full(1 << 16, 20000, np.float32))


def test_a_stream_waits_for_an_event_of_another() -> None:
    first, second = tr.Stream(), tr.Stream()
    z = tr.zeros((1 << 16,))
    slow_count(z.partition((1024,)), 10).sync_on(first)
    pending = slow_count(z.partition((1024,)), 50000).submit(first)
    second.wait_event(first.record())
    after = second.record()
    after.synchronize()  # on `second`, behind the event: the slow kernel is complete too
    assert pending.done()
    pending.wait()
