"""Examples of round 33A of issue 17 (the standard library's effects the spec lacked): a
``NamedTuple``'s ``_replace`` copies the fields it is not given (the same objects,
``host.replaced_fields``); ``enumerate(xs, start=k)`` offsets the index and leaves the items
(``host.positions``); a ``sched.scheduler`` runs its events in (time, priority) order at
``run()`` (``host.scheduled_calls``); a queue one body fills and drains is the list it is to
that body (``host.queued_items``); ``next`` of an ``itertools.cycle`` is a cyclic index
(``host.cycled_items``); an ``asyncio.Event`` bound with other names by one tuple assignment
is the event gathered coroutines order on (``host.task_gates``). The VALID ones run clean
and must stay silent; the INVALID ones are real errors (the interpreter raises at the marked
line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
import asyncio


async def producer(out: Tensor[f32], ready: asyncio.Event) -> None:
    pending = copy(out.partition((64,)), tr.ones((64,))).submit()
    await pending
    ready.set()


async def consumer(out: Tensor[f32], ready: asyncio.Event) -> float:
    await ready.wait()
    return float(out.to_numpy().max())


async def main() -> None:
    out, ready = tr.zeros((64,)), asyncio.Event()
    await asyncio.gather(producer(out, ready), consumer(out, ready))

""",
            "the producer waits its Pending before it sets the event the consumer waits on",
        ),
        valid(
            """
import sched
import time


def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    pending = copy(out.partition((64,)), x).submit()
    seen: list[float] = []

    def read_back() -> None:
        seen.append(float(out.to_numpy().max()))

    s = sched.scheduler(time.monotonic, time.sleep)
    t0 = time.monotonic()
    s.enterabs(t0, 2, read_back)
    s.enterabs(t0, 1, pending.wait)
    s.run()
    print(seen)

""",
            "a scheduler runs the wait (priority 1) before the read-back (priority 2)",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(3)]
    pendings = [copy(o.partition((64,)), x).submit() for o in outs]
    for i, p in enumerate(pendings, start=1):
        p.wait()
        print("request", i)
    print([o.to_numpy()[0] for o in outs])

""",
            "waits written with enumerate(..., start=1) over every Pending, then the reads",
        ),
    ),
    "TC103": (
        valid(
            """
import itertools


def main() -> None:
    outs = [tr.zeros((64,)) for _ in range(4)]
    slots: list[list] = [[tr.zeros((64,)), None], [tr.zeros((64,)), None]]
    staging = itertools.cycle(slots)
    for out in outs:
        slot = next(staging)
        if slot[1] is not None:
            slot[1].wait()
        slot[0].copy_from(tr.ones((64,)).to_numpy())
        slot[1] = copy(out.partition((64,)), slot[0]).submit()
    for _, pending in slots:
        pending.wait()
    print([o.to_numpy()[0] for o in outs])

""",
            "each buffer of a cycle waited on its own Pending before it is refilled",
        ),
    ),
    "TC104": (
        valid(
            """
import asyncio


async def main() -> None:
    buf = tr.ones((64,))
    work: asyncio.Queue[tuple[tr.Partition, float]] = asyncio.Queue()
    await work.put((buf.partition((64,)), 3.0))
    plan, factor = await work.get()
    scale(plan, factor).sync()
    print(buf.to_numpy()[0])

""",
            "a plan taken from the queue and launched before its buffer is read",
        ),
    ),
    "TC109": (
        valid(
            """
from typing import NamedTuple


class Spec(NamedTuple):
    plan: tr.Partition
    src: tr.Tensor


def main() -> None:
    buf = tr.zeros((64,))
    spec = Spec(buf.partition((64,)), tr.ones((64,)))
    copy(*spec).sync()
    again = spec._replace(plan=buf.partition((64,)))
    copy(*again).sync()

""",
            "a NamedTuple copied with a fresh partition for the second launch",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
import asyncio


async def producer(out: Tensor[f32], ready: asyncio.Event) -> None:
    pending = copy(out.partition((64,)), tr.ones((64,))).submit()
    ready.set()
    await asyncio.sleep(0)
    await pending


async def consumer(out: Tensor[f32], ready: asyncio.Event) -> float:
    await ready.wait()
    return float(out.to_numpy().max())  # TC102


async def main() -> None:
    out, ready = tr.zeros((64,)), asyncio.Event()
    await asyncio.gather(producer(out, ready), consumer(out, ready))

""",
            "an event set as soon as the producer submits: the consumer reads in flight",
        ),
        invalid(
            """
import sched
import time


def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    pending = copy(out.partition((64,)), x).submit()
    seen: list[float] = []

    def read_back() -> None:
        seen.append(float(out.to_numpy().max()))  # TC102

    s = sched.scheduler(time.monotonic, time.sleep)
    t0 = time.monotonic()
    s.enterabs(t0, 2, pending.wait)
    s.enterabs(t0, 1, read_back)
    s.run()
    print(seen)

""",
            "a scheduler runs the read-back (priority 1) before the wait (priority 2)",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(3)]
    pendings = [copy(o.partition((64,)), x).submit() for o in outs]
    for i, p in enumerate(pendings[1:], start=1):
        p.wait()
        print("request", i)
    print([o.to_numpy()[0] for o in outs])  # TC102
    pendings[0].wait()

""",
            "enumerate(pendings[1:], start=1) never waits the first request",
        ),
    ),
    "TC103": (
        invalid(
            """
import itertools


def main() -> None:
    outs = [tr.zeros((64,)) for _ in range(3)]
    staging = itertools.cycle([tr.zeros((64,)), tr.zeros((64,))])
    pendings = []
    for out in outs:
        buf = next(staging)
        buf.copy_from(tr.ones((64,)).to_numpy())  # TC103
        pendings.append(copy(out.partition((64,)), buf).submit())
    for p in pendings:
        p.wait()

""",
            "the third draw of a two-buffer cycle refills the buffer the first launch reads",
        ),
    ),
    "TC104": (
        invalid(
            """
import asyncio


async def main() -> None:
    buf = tr.ones((64,))
    work: asyncio.Queue[tuple[tr.Partition, float]] = asyncio.Queue()
    await work.put((buf.partition((64,)), 3.0))
    print(buf.to_numpy()[0])  # TC104
    plan, factor = await work.get()
    scale(plan, factor).sync()

""",
            "a plan waiting in an asyncio.Queue keeps its buffer partitioned",
        ),
        invalid(
            """
import queue


def main() -> None:
    buf = tr.ones((64,))
    todo: queue.SimpleQueue[tr.Partition] = queue.SimpleQueue()
    todo.put(buf.partition((64,)))
    print(buf.to_numpy()[0])  # TC104
    if not todo.empty():
        scale(todo.get(), 2.0).sync()

""",
            "a plan in a queue.SimpleQueue keeps its buffer partitioned until it is taken",
        ),
    ),
    "TC109": (
        invalid(
            """
from typing import NamedTuple


class Spec(NamedTuple):
    plan: tr.Partition
    src: tr.Tensor
    factor: float


def main() -> None:
    buf = tr.zeros((64,))
    spec = Spec(buf.partition((64,)), tr.ones((64,)), 2.0)
    copy(spec.plan, spec.src).sync()
    again = spec._replace(factor=3.0)
    copy(again.plan, again.src).sync()  # TC109

""",
            "a NamedTuple's _replace keeps the spent partition",
        ),
    ),
}
