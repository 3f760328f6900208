"""Examples of the third held-out evaluation's false alarms and misplaced findings, by rule:
loops that run a known number of times (a one-item literal runs its body once; a container
indexed with a constant before the loop is not empty), a property or a base class's method
that waits (``super().finish()``), Pendings given to ``asyncio.ensure_future`` in a generator,
an op ``__init__`` made and a method recorded in a graph; and findings reported where the
runtime raises or warns, inside the method or helper a call runs, when the call makes it
certain. The VALID ones run clean and must stay silent; the INVALID ones keep the same shapes'
real errors reported."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_HEAD = """

class Head:
    def __init__(self) -> None:
        self.buf = tr.zeros((256,))
        self.pend: tr.Pending | None = None

    def start(self, x: tr.Tensor) -> None:
        self.pend = copy(self.buf.partition((64,)), x).submit()

    @property
    def result(self) -> float:
        if self.pend is not None:
            self.pend.wait()
            self.pend = None
        return float(self.buf.to_numpy()[0])
"""

_BASE = """

class Base:
    def __init__(self) -> None:
        self.out = tr.zeros((256,))
        self.pend: tr.Pending | None = None

    def start(self) -> None:
        self.pend = scale(self.out.partition((64,)), 2.0).submit()

    def finish(self) -> None:
        if self.pend is not None:
            self.pend.wait()
            self.pend = None
"""

_ENGINE = """

class Engine:
    def __init__(self) -> None:
        self.state = tr.ones((256,))
        self.op = scale(self.state.partition((64,)), 2.0)
        self.g: tr.Graph | None = None

    def capture(self) -> tr.Graph:
        with tr.graph() as g:
            g.record(self.op)
        self.g = g
        return g
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _BASE
            + """

class Child(Base):
    def finish(self) -> None:
        super().finish()
        print(self.out.to_numpy())


def main() -> None:
    c = Child()
    c.start()
    c.finish()
""",
            "a subclass's method calls the base's, which waits, then reads",
        ),
        valid(
            _BASE
            + """

class Child(Base):
    def finish(self) -> None:
        Base.finish(self)
        print(self.out.to_numpy())


def main() -> None:
    c = Child()
    c.start()
    c.finish()
""",
            "the base's method called through the class, `Base.finish(self)`",
        ),
        valid(
            """
import asyncio


async def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    pends = []
    for o in outs:
        pends.append(scale(o.partition((64,)), 2.0).submit())
    await asyncio.gather(*(asyncio.ensure_future(p) for p in pends))
    print([o.to_numpy() for o in outs])
""",
            "each Pending given to `asyncio.ensure_future` in a generator, all gathered",
        ),
        valid(
            _ENGINE
            + """

def main() -> None:
    e = Engine()
    e.capture().launch().wait()
    if e.g is not None:
        e.g.close()
    print(e.state.to_numpy())
""",
            "an op `__init__` made, recorded in a graph by a method: the graph ran it",
        ),
    ),
    "TC104": (
        valid(
            """

def main() -> None:
    acc = tr.zeros((256,))
    tiles = acc.partition((64,))
    for d in [1.0]:
        scale(tiles, d).sync()
    print(acc.to_numpy())
""",
            "a loop over a one-item literal runs once: the partition is consumed after it",
        ),
    ),
    "TC108": (
        valid(
            _HEAD
            + """

def main() -> None:
    h = Head()
    h.start(tr.ones((256,)))
    print(h.result)
""",
            "a property waits for the Pending a method left: reading it runs it",
        ),
    ),
    "TC109": (
        valid(
            """

def main() -> None:
    acc = tr.zeros((256,))
    tiles = acc.partition((64,))
    for d in [1.0]:
        scale(tiles, d).sync()
""",
            "a partition passed to a launch in a loop over one item: consumed once",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _HEAD
            + """

def main() -> None:
    h = Head()
    h.start(tr.ones((256,)))
    print(h.buf.to_numpy())  # TC102
    print(h.result)
""",
            "the attribute read directly, before the property that waits",
        ),
        invalid(
            _BASE
            + """

class Child(Base):
    def finish(self) -> None:
        print(self.out.to_numpy())  # TC102


def main() -> None:
    c = Child()
    c.start()
    c.finish()
""",
            "an override that never calls the base's method, which waits: reported at the "
            "read, inside the method",
        ),
        invalid(
            """
import asyncio


async def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    pends = []
    for o in outs:
        pends.append(scale(o.partition((64,)), 2.0).submit())
    print(outs[0].to_numpy())  # TC102
    await asyncio.gather(*(asyncio.ensure_future(p) for p in pends))
""",
            "read before the Pendings are gathered",
        ),
        invalid(
            _ENGINE
            + """

def main() -> None:
    e = Engine()
    print(e.state.to_numpy())  # TC102
    e.capture().launch().wait()
""",
            "the op `__init__` made still holds the tensor until a graph runs it",
        ),
        invalid(
            """

class Unit:
    def __init__(self) -> None:
        self.out = tr.zeros((256,))
        self.pend: tr.Pending | None = None

    def start(self, x: tr.Tensor) -> None:
        self.pend = copy(self.out.partition((64,)), x).submit()

    def peek(self) -> float:
        return float(self.out.to_numpy()[0])  # TC102

    def finish(self) -> None:
        if self.pend is not None:
            self.pend.wait()


def main() -> None:
    u = Unit()
    u.start(tr.ones((256,)))
    print(u.peek())
    u.finish()
""",
            "a method reads an attribute another method's Pending writes: at the read",
        ),
        invalid(
            """

class Unit:
    def __init__(self) -> None:
        self.out = tr.zeros((256,))

    def peek(self, verbose: bool) -> float:
        if verbose:
            print("peeking")
        return float(self.out.to_numpy()[0])  # TC102


def main(verbose: bool) -> None:
    u = Unit()
    p = copy(u.out.partition((64,)), tr.ones((256,))).submit()
    print(u.peek(verbose))
    p.wait()
""",
            "the method's one read comes after a branch: reported at the read, where the "
            "runtime raises (round 34D; the call before)",
        ),
    ),
    "TC103": (
        invalid(
            """
import numpy as np


class Input:
    def __init__(self) -> None:
        self.data = tr.zeros((256,))

    def load(self, v: float) -> None:
        self.data.copy_from(np.full(256, v, dtype=np.float32))  # TC103


def main() -> None:
    inp = Input()
    dst = tr.zeros((256,))
    p = copy(dst.partition((64,)), inp.data).submit()
    inp.load(2.0)
    p.wait()
""",
            "a method copies into an attribute a Pending reads: at the copy, inside it",
        ),
    ),
    "TC104": (
        invalid(
            """

def main() -> None:
    acc = tr.zeros((256,))
    tiles = acc.partition((64,))
    for d in [1.0]:
        print(d)
    print(acc.to_numpy())  # TC104
    scale(tiles, 2.0).sync()
""",
            "a one-item loop that does not consume the partition",
        ),
    ),
    "TC108": (
        invalid(
            """

def start(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    return copy(dst.partition((64,)), src).submit()  # TC108


def main() -> None:
    dst = tr.zeros((256,))
    start(dst, tr.ones((256,)))
""",
            "a helper's Pending dropped by its caller: at the submit, where tilert warns",
        ),
        invalid(
            """

def run(xs: list[tr.Tensor]) -> None:
    stage = [tr.zeros((256,)), tr.zeros((256,))]
    pend = copy(stage[0].partition((64,)), xs[0]).submit()
    for i in range(len(xs)):
        pend.wait()
        pend = copy(stage[(i + 1) % 2].partition((64,)), xs[(i + 1) % len(xs)]).submit()  # TC108
        print(stage[i % 2].to_numpy())
""",
            "a prefetch loop whose last Pending is never waited; `xs[0]` before the loop "
            "shows `xs` not empty: no finding for a loop that never runs",
        ),
    ),
    "TC109": (
        invalid(
            """

def main() -> None:
    acc = tr.zeros((256,))
    deltas = [float(k) for k in range(3)]
    tiles = acc.partition((64,))
    for d in deltas:
        scale(tiles, d).sync()  # TC109
    print(acc.to_numpy())
""",
            "consumed again in the second iteration; the list is not empty, so the read "
            "after the loop is no partition-alive",
        ),
        invalid(
            """

def main() -> None:
    acc = tr.zeros((256,))
    tiles = acc.partition((64,))
    for d in [1.0, 2.0]:
        scale(tiles, d).sync()  # TC109
""",
            "a two-item literal runs the launch twice",
        ),
    ),
}
