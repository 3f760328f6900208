"""Examples of round 39E of issue 17 (records kept in a list or dict the scope walks).

An object whose attributes hold a tensor and the Pending writing it (a ``@dataclass``, a
``NamedTuple``, a plain class keeping what its ``__init__`` is given), appended to a list
(``running.append(req)``, ``jobs.append(Job(out, p))``) or stored in a dict (``slots[k] =
Slot(...)``) that the scope alone reaches, then walked (``for req in running``, ``for k, s in
slots.items()``, ``for f in table.values()``, ``for i, f in enumerate(fetches)``): each step's
Pending is the one of the step's own record, so reading the record's tensor before its Pending
is waited is refused at run time (TC102 at the read), and waited first it is not.

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
from dataclasses import dataclass


@dataclass
class Request:
    output: tr.Tensor
    pending: tr.Pending | None = None


def main() -> None:
    x = tr.ones((32,))
    running = []
    for _ in range(3):
        req = Request(tr.zeros((32,)))
        req.pending = copy(req.output.partition((32,)), x).submit()
        running.append(req)
    for req in running:
        if req.pending is not None:
            req.pending.wait()
            req.pending = None
    for req in running:
        print(req.output.to_numpy())
""",
            "records appended in a loop, every Pending waited in one walk, read in the next",
        ),
        valid(
            """
from typing import NamedTuple


class Job(NamedTuple):
    out: tr.Tensor
    pending: tr.Pending


def main() -> None:
    jobs = []
    for _ in range(2):
        out = tr.zeros((32,))
        jobs.append(Job(out, copy(out.partition((32,)), tr.ones((32,))).submit()))
    for job in jobs:
        job.pending.wait()
        print(job.out.to_numpy())
""",
            "NamedTuple records appended as made, each waited before its own read",
        ),
        valid(
            """
from dataclasses import dataclass


@dataclass
class Slot:
    out: tr.Tensor
    pending: tr.Pending


def main() -> None:
    x = tr.ones((32,))
    slots = {}
    for rid in range(2):
        out = tr.zeros((32,))
        slots[rid] = Slot(out, copy(out.partition((32,)), x).submit())
    for rid, slot in slots.items():
        slot.pending.wait()
        print(rid, slot.out.to_numpy())
""",
            "a dict of records walked by items(), each waited before its own read",
        ),
        valid(
            """
from dataclasses import dataclass


@dataclass
class Entry:
    buf: tr.Tensor
    ready: tr.Pending


def settle(entries: list[Entry]) -> None:
    for e in entries:
        e.ready.wait()


def main() -> None:
    entries = []
    for _ in range(2):
        buf = tr.zeros((32,))
        entries.append(Entry(buf, copy(buf.partition((32,)), tr.ones((32,))).submit()))
    settle(entries)
    for e in entries:
        print(e.buf.to_numpy())
""",
            "a list of records handed to a helper that waits them: not followed, silent",
        ),
        valid(
            """


class Work:
    def __init__(self, out: tr.Tensor, done: tr.Pending) -> None:
        self.out = out
        self.done = done


def main() -> None:
    queue = []
    for _ in range(2):
        y = tr.zeros((32,))
        queue.append(Work(y, copy(y.partition((32,)), tr.ones((32,))).submit()))
    for i, item in enumerate(queue):
        item.done.wait()
        print(i, item.out.to_numpy())
""",
            "plain-class records walked by enumerate, each waited before its own read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
from dataclasses import dataclass


@dataclass
class Request:
    output: tr.Tensor
    pending: tr.Pending | None = None


def main() -> None:
    x = tr.ones((32,))
    running = []
    for _ in range(3):
        req = Request(tr.zeros((32,)))
        req.pending = copy(req.output.partition((32,)), x).submit()
        running.append(req)
    for req in running:
        print(req.output.to_numpy())  # TC102
        req.pending.wait()
""",
            "a record's tensor read in a walk before the record's own Pending is waited",
        ),
        invalid(
            """
from typing import NamedTuple


class Job(NamedTuple):
    out: tr.Tensor
    pending: tr.Pending


def main() -> None:
    jobs = []
    for _ in range(2):
        out = tr.zeros((32,))
        jobs.append(Job(out, copy(out.partition((32,)), tr.ones((32,))).submit()))
    total = 0.0
    for job in jobs:
        total += float(job.out.to_numpy().sum())  # TC102
    for job in jobs:
        job.pending.wait()
""",
            "NamedTuple records read in one walk, waited in the next",
        ),
        invalid(
            """
from dataclasses import dataclass


@dataclass
class Slot:
    out: tr.Tensor
    pending: tr.Pending


def main() -> None:
    x = tr.ones((32,))
    slots = {}
    for rid in range(2):
        out = tr.zeros((32,))
        slots[rid] = Slot(out, copy(out.partition((32,)), x).submit())
    for rid, slot in slots.items():
        print(rid, slot.out.to_numpy())  # TC102
        slot.pending.wait()
""",
            "a dict of records walked by items(), read before the wait",
        ),
        invalid(
            """


class Work:
    def __init__(self, out: tr.Tensor, done: tr.Pending) -> None:
        self.out = out
        self.done = done


def main() -> None:
    queue = []
    for _ in range(2):
        y = tr.zeros((32,))
        queue.append(Work(y, copy(y.partition((32,)), tr.ones((32,))).submit()))
    for i, item in enumerate(queue):
        print(i, item.out.to_numpy())  # TC102
        item.done.wait()
""",
            "plain-class records walked by enumerate, read before the wait",
        ),
        invalid(
            """
import asyncio
from dataclasses import dataclass


@dataclass
class Fetch:
    buf: tr.Tensor
    ready: tr.Pending | None = None


async def serve() -> None:
    table = dict()
    for i in range(2):
        f = Fetch(tr.zeros((32,)))
        f.ready = copy(f.buf.partition((32,)), tr.ones((32,))).submit()
        table[i] = f
        await asyncio.sleep(0)
    for f in table.values():
        print(f.buf.to_numpy())  # TC102
    for f in table.values():
        if f.ready is not None:
            await f.ready


def main() -> None:
    asyncio.run(serve())
""",
            "records stored in a dict in a coroutine, read through values() before awaited",
        ),
    ),
}
