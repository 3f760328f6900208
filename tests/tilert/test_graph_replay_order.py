"""A captured graph's replays order themselves on the GPU's rules: the first after the last
writers of what the graph touches, a later one after the graph's previous replay alone (its
borrows let nothing else write what it holds), and after the writers of what
``tr.unsafe.force_release`` took out of its hands. On test_fast_path's stand-in GPU backend,
given a ``capture`` and an ``order_after`` that record."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import tilert as tr
from tests.tilert.test_fast_path import StandIn, add, tensors
from tests.tilert.test_fast_path import gpu_like as gpu_like  # (the fixture)


class Replays:
    """What the stand-in's captured graph launched, and the orderings asked of the backend."""

    def __init__(self, stand_in: StandIn) -> None:
        self.launched: list[Any] = []
        self.orders: list[tuple[Any, Any, int]] = []
        stand_in.capture = self.capture  # type: ignore[attr-defined]
        stand_in.order_after = self.order_after  # type: ignore[attr-defined]

    def capture(self, stream: Any, body: Any) -> Any:
        body()
        replays = self

        class Captured:
            def launch(self, stream: Any) -> None:
                replays.launched.append(stream)

            def close(self) -> None:
                pass

        return Captured()

    def order_after(self, waiter: Any, writer: Any, seq: int) -> None:
        self.orders.append((waiter, writer, seq))


@pytest.fixture
def replays(gpu_like: StandIn) -> Iterator[Replays]:
    yield Replays(gpu_like)


def stream() -> tr.Stream:
    s = tr.Stream()
    s._handle, s._sync = 0, lambda: None
    return s


def test_a_replay_on_the_same_stream_orders_nothing(replays: Replays) -> None:
    z, x, y = tensors()
    with tr.graph() as g:
        g.record(add(z.partition((8,)), x, y))
    for _ in range(3):
        g.launch().wait()
    assert len(replays.launched) == 3 and replays.orders == []
    g.close()
    current = tr.current_stream()
    assert z._writer == (current, current._launched)


def test_a_replay_on_another_stream_waits_for_the_last_one(replays: Replays) -> None:
    z, x, y = tensors()
    with tr.graph() as g:
        g.record(add(z.partition((8,)), x, y))
    first, second = stream(), stream()
    in_flight = g.launch(first)
    g.launch(second).wait()
    assert replays.orders == [(second, first, first._launched)]
    in_flight.wait()
    g.close()


def test_the_first_replay_waits_for_earlier_writers_on_other_streams(replays: Replays) -> None:
    z, x, y = tensors()
    other = stream()
    pending = add(x.partition((8,)), y, y).submit(other)  # x written on `other`, in flight
    pending.wait()
    other._completed = 0  # as if the GPU had not finished it: the replay must order after it
    with tr.graph() as g:
        g.record(add(z.partition((8,)), x, y))
    g.launch().wait()
    assert replays.orders == [(tr.current_stream(), other, 1)]
    g.close()


def test_what_force_release_took_is_ordered_at_every_replay(replays: Replays) -> None:
    z, x, y = tensors()
    with tr.graph() as g:
        g.record(add(z.partition((8,)), x, y))
    g.launch().wait()
    tr.unsafe.force_release(z)  # the graph still writes z, but no longer holds it
    g.launch().wait()
    assert replays.orders == []
    other = stream()
    add(z.partition((8,)), x, y).submit(other).wait()  # allowed now: z is free
    other._completed = 0
    g.launch().wait()
    assert replays.orders == [(tr.current_stream(), other, 1)]
    g.close()
