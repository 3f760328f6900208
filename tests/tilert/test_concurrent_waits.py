"""Waiting from several threads or tasks: two streams ordered by each other's events do not
deadlock on the CPU, and a second waiter on one Pending returns only once the op is done."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

pytestmark = pytest.mark.usefixtures("interpreter")


@tr.kernel
def slow(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], iters: int) -> None:
    acc = z.load()
    for _ in range(iters):
        acc = acc + tl.load_tile_like(x, z)
    z.store(acc)


def _crossed_streams() -> tuple[list[tr.Tensor[f32]], list[tr.Pending]]:
    """Two streams, each waiting on an event of the other (no cycle: A2 after B1, B2 after A1)."""
    a, b = tr.Stream(), tr.Stream()
    x = tr.ones((1 << 14,), dtype=f32)
    zs = [tr.zeros((1 << 14,), dtype=f32) for _ in range(4)]
    first_a = slow(zs[0].partition((1024,)), x, 50).submit(a)
    after_a = a.record()
    first_b = slow(zs[1].partition((1024,)), x, 50).submit(b)
    after_b = b.record()
    a.wait_event(after_b)
    b.wait_event(after_a)
    second_a = slow(zs[2].partition((1024,)), x, 50).submit(a)
    second_b = slow(zs[3].partition((1024,)), x, 50).submit(b)
    return zs, [first_a, first_b, second_a, second_b]


def _join(threads: list[threading.Thread]) -> None:
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert not any(t.is_alive() for t in threads), "deadlocked"


def test_two_threads_waiting_on_crossed_streams_do_not_deadlock() -> None:
    zs, pendings = _crossed_streams()
    _join([threading.Thread(target=p.wait) for p in pendings[2:]])
    for p in pendings[:2]:
        p.wait()
    for z in zs:
        np.testing.assert_array_equal(z.to_numpy(), 50.0)


def test_gathering_crossed_streams_does_not_deadlock() -> None:
    zs, pendings = _crossed_streams()

    async def main() -> None:
        await asyncio.wait_for(asyncio.gather(pendings[2], pendings[3]), timeout=30)

    asyncio.run(main())
    for p in pendings[:2]:
        p.wait()
    for z in zs:
        np.testing.assert_array_equal(z.to_numpy(), 50.0)


def test_a_second_waiter_returns_only_once_the_op_is_done() -> None:
    x, z = tr.ones((1 << 16,), dtype=f32), tr.zeros((1 << 16,), dtype=f32)
    pending = slow(z.partition((1024,)), x, 300).submit()
    seen: list[float] = []

    def waiter() -> None:
        pending.wait()
        seen.append(float(z.to_numpy()[0]))  # no BorrowError: the op is done and released

    _join([threading.Thread(target=waiter) for _ in range(2)])
    assert seen == [300.0, 300.0]
