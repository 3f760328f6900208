"""Events and devices under the interpreter: an event is a point in a stream's queue (the GPU
side is tests/gpu/test_gpu_events.py)."""

# One test records an event inside a graph capture on purpose, to see the runtime refuse it.
# tilecheck: ignore-file[TC111]

from __future__ import annotations

import time

import pytest

import tilert as tr
from tilert import Mutable, Tensor, f32

pytestmark = pytest.mark.usefixtures("interpreter")


@tr.kernel
def inc(z: Mutable[Tensor[f32]]) -> None:
    z.store(z.load() + 1.0)


def test_an_event_follows_the_work_queued_before_it() -> None:
    s = tr.Stream()
    z = tr.zeros((4,))
    pending = inc(z.partition((4,))).submit(s)
    event = s.record()
    assert not event.done()  # the CPU had run nothing yet (that poll ran the next op)
    event.synchronize()
    assert event.done() and pending.done()
    pending.wait()
    assert z.to_numpy().tolist() == [1.0] * 4


def test_another_stream_waits_for_the_event() -> None:
    first, second = tr.Stream(), tr.Stream()
    z = tr.zeros((4,))
    pending = inc(z.partition((4,))).submit(first)
    second.wait_event(first.record())
    second.synchronize()  # runs `first` up to the event on the way
    assert pending.done()
    pending.wait()


def test_elapsed_time_between_two_events() -> None:
    s = tr.Stream()
    start = s.record()
    s.enqueue(lambda _: time.sleep(0.02))
    end = s.record()
    assert start.elapsed_ms(end) >= 15.0


def test_recording_inside_a_graph_capture_is_refused() -> None:
    with pytest.raises(RuntimeError, match="cannot record an event while capturing a graph"):
        with tr.graph():
            tr.current_stream().record()


def test_the_interpreters_device() -> None:
    device = tr.Device()
    assert device.kind == "cpu"
    assert device.sm_count >= 1
    assert device.compute_capability is None
    assert isinstance(device.name, str) and device.name
