"""Examples of round 38Q of issue 17 (objects handed from one body to another).

A queue (``asyncio.Queue``, ``queue.Queue``, ``deque``) made in one scope and given to the
coroutines, threads and functions run from there, or a container field of ``self`` that one
method fills and another takes from, is a channel whose every put and take the module shows:
an item taken is one some put put. Where every put puts ``(tensor, k(tensor...).submit())``
(the Pending kept by nothing else), the taker's read of the tensor before it waits the Pending
is refused at run time whatever the interleaving (TC102 at the read).

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter refuses the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
import asyncio


Item = "tuple[tr.Tensor, tr.Pending] | None"


async def producer(q: "asyncio.Queue[Item]", x: tr.Tensor) -> None:
    for _ in range(2):
        out = tr.empty((32,))
        await q.put((out, copy(out.partition((32,)), x).submit()))
    await q.put(None)


async def consumer(q: "asyncio.Queue[Item]") -> None:
    while (item := await q.get()) is not None:
        out, pending = item
        await pending
        print(out.to_numpy())


async def main() -> None:
    x = tr.ones((32,))
    q: "asyncio.Queue[Item]" = asyncio.Queue()
    await asyncio.gather(producer(q, x), consumer(q))
""",
            "the consumer awaits the Pending it took, then reads the tensor",
        ),
        valid(
            """
import numpy as np

import queue
from concurrent.futures import ThreadPoolExecutor


def worker(jobs: "queue.Queue[tuple[int, tr.Tensor, tr.Pending] | None]") -> None:
    while True:
        job = jobs.get()
        if job is None:
            return
        _, out, pending = job
        pending.wait()
        print(np.asarray(out).sum())


def main() -> None:
    jobs: "queue.Queue[tuple[int, tr.Tensor, tr.Pending] | None]" = queue.Queue()
    with ThreadPoolExecutor(1) as pool:
        done = pool.submit(worker, jobs)
        for i in range(2):
            out = tr.ones((32,))
            pending = scale(out.partition((32,)), float(i)).submit()
            jobs.put((i, out, pending))
        jobs.put(None)
        done.result()
""",
            "the worker waits the Pending it took, then reads",
        ),
        valid(
            """

class Server:
    def __init__(self) -> None:
        self.out = tr.zeros((4, 32))
        self.inflight: dict[int, tuple[int, tr.Pending]] = {}

    def submit(self, rid: int, slot: int, x: tr.Tensor) -> None:
        pending = copy(self.out[slot].partition((32,)), x).submit()
        self.inflight[rid] = (slot, pending)

    def collect(self, rid: int) -> float:
        slot, pending = self.inflight.pop(rid)
        pending.wait()
        value = float(self.out[slot].to_numpy()[0])
        return value


def main() -> None:
    server = Server()
    server.submit(7, 1, tr.ones((32,)))
    print(server.collect(7))
""",
            "the popped Pending waited before the slot's row is read",
        ),
        valid(
            """
from collections import deque


def prefetch(window: "deque[tuple[tr.Tensor, tr.Pending]]", n: int) -> None:
    for i in range(n):
        out = tr.ones((32,))
        window.append((out, scale(out.partition((32,)), float(i)).submit()))


def drain(window: "deque[tuple[tr.Tensor, tr.Pending]]") -> None:
    while window:
        out, p = window.popleft()
        p.wait()
        out.copy_from(tr.zeros((32,)))


def main() -> None:
    window: "deque[tuple[tr.Tensor, tr.Pending]]" = deque()
    prefetch(window, 2)
    drain(window)
""",
            "the drained Pending waited before the host write",
        ),
        valid(
            """
from dataclasses import dataclass, field


@dataclass
class Batcher:
    staged: list[tuple[tr.Tensor, tr.Pending]] = field(default_factory=list)

    def stage(self, n: int) -> None:
        for i in range(n):
            out = tr.ones((32,))
            self.staged.append((out, scale(out.partition((32,)), float(i)).submit()))

    def flush(self) -> list[float]:
        totals = []
        while self.staged:
            out, p = self.staged.pop()
            p.wait()
            totals.append(float(out.to_numpy().sum()))
        return totals


def main() -> None:
    b = Batcher()
    b.stage(2)
    print(b.flush())
""",
            "a dataclass field's list drained, each Pending waited before its tensor is read",
        ),
    ),
}


INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
import asyncio


Item = "tuple[tr.Tensor, tr.Pending] | None"


async def producer(q: "asyncio.Queue[Item]", x: tr.Tensor) -> None:
    for _ in range(2):
        out = tr.empty((32,))
        await q.put((out, copy(out.partition((32,)), x).submit()))
    await q.put(None)


async def consumer(q: "asyncio.Queue[Item]") -> None:
    while (item := await q.get()) is not None:
        out, pending = item
        print(out.to_numpy())  # TC102
        await pending


async def main() -> None:
    x = tr.ones((32,))
    q: "asyncio.Queue[Item]" = asyncio.Queue()
    await asyncio.gather(producer(q, x), consumer(q))
""",
            "a gathered coroutine reads a queue's tensor before awaiting the Pending put with it",
        ),
        invalid(
            """
import numpy as np

import queue
from concurrent.futures import ThreadPoolExecutor


def worker(jobs: "queue.Queue[tuple[int, tr.Tensor, tr.Pending] | None]") -> None:
    while True:
        job = jobs.get()
        if job is None:
            return
        _, out, pending = job
        print(np.asarray(out).sum())  # TC102
        pending.wait()


def main() -> None:
    jobs: "queue.Queue[tuple[int, tr.Tensor, tr.Pending] | None]" = queue.Queue()
    with ThreadPoolExecutor(1) as pool:
        done = pool.submit(worker, jobs)
        for i in range(2):
            out = tr.ones((32,))
            pending = scale(out.partition((32,)), float(i)).submit()
            jobs.put((i, out, pending))
        jobs.put(None)
        done.result()
""",
            "a pool's worker reads the tensor a queue.Queue hands it before the wait",
        ),
        invalid(
            """

class Server:
    def __init__(self) -> None:
        self.out = tr.zeros((4, 32))
        self.inflight: dict[int, tuple[int, tr.Pending]] = {}

    def submit(self, rid: int, slot: int, x: tr.Tensor) -> None:
        pending = copy(self.out[slot].partition((32,)), x).submit()
        self.inflight[rid] = (slot, pending)

    def collect(self, rid: int) -> float:
        slot, pending = self.inflight.pop(rid)
        value = float(self.out[slot].to_numpy()[0])  # TC102
        pending.wait()
        return value


def main() -> None:
    server = Server()
    server.submit(7, 1, tr.ones((32,)))
    print(server.collect(7))
""",
            "a method pops (slot, Pending) from a dict field and reads the slot's row first",
        ),
        invalid(
            """
from collections import deque


def prefetch(window: "deque[tuple[tr.Tensor, tr.Pending]]", n: int) -> None:
    for i in range(n):
        out = tr.ones((32,))
        window.append((out, scale(out.partition((32,)), float(i)).submit()))


def drain(window: "deque[tuple[tr.Tensor, tr.Pending]]") -> None:
    while window:
        out, p = window.popleft()
        out.copy_from(tr.zeros((32,)))  # TC102
        p.wait()


def main() -> None:
    window: "deque[tuple[tr.Tensor, tr.Pending]]" = deque()
    prefetch(window, 2)
    drain(window)
""",
            "a deque one function fills: the next writes a handed-over tensor in flight",
        ),
        invalid(
            """
from dataclasses import dataclass, field


@dataclass
class Batcher:
    staged: list[tuple[tr.Tensor, tr.Pending]] = field(default_factory=list)

    def stage(self, n: int) -> None:
        for i in range(n):
            out = tr.ones((32,))
            self.staged.append((out, scale(out.partition((32,)), float(i)).submit()))

    def flush(self) -> list[float]:
        totals = []
        while self.staged:
            out, p = self.staged.pop()
            totals.append(float(out.to_numpy().sum()))  # TC102
            p.wait()
        return totals


def main() -> None:
    b = Batcher()
    b.stage(2)
    print(b.flush())
""",
            "a dataclass field's list one method fills: another reads a tensor before its wait",
        ),
    ),
}
