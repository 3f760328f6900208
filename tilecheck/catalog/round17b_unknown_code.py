"""Examples of round 17B of issue 17: code that runs at another place than where it is
written. A ``key=`` lambda of ``max``/``sorted`` and the lambda of a ``map`` a ``list`` walks
run at that call; ``await helper(op)`` of an ``async def`` runs the helper there; a
``@contextmanager`` function whose body ends in its ``yield`` runs at the ``with``, binding
what it yields; a helper that runs the op it is given, called twice with one op, runs it again
(TC110 inside it). The VALID ones run clean and must stay silent; the INVALID ones are real
errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    flights = [scale(o.partition((8,)), 2.0).submit() for o in outs]
    for f in flights:
        f.wait()
    best = max(range(3), key=lambda i: float(outs[i].to_numpy()[0]))
    print(best)
""",
            "the key reads each output after every step was waited",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.ones((32,)) for _ in range(2)]
    pend = scale(bufs[0].partition((8,)), 2.0).submit()
    pend.wait()
    sums = list(map(lambda t: float(t.to_numpy().sum()), bufs))
    print(sums)
""",
            "a map walked by list, after the wait",
        ),
    ),
    "TC104": (
        valid(
            """
from contextlib import contextmanager


@contextmanager
def tiles(t: tr.Tensor):
    yield t.partition((8,))


def main() -> None:
    buf = tr.ones((32,))
    with tiles(buf) as part:
        scale(part, 2.0).sync()
    print(buf.to_numpy().sum())
""",
            "the yielded partition consumed by the block's launch before the host reads",
        ),
    ),
    "TC110": (
        valid(
            """

def run(op: tr.Op) -> None:
    op.sync()


def main() -> None:
    buf = tr.ones((32,))
    run(scale(buf.partition((8,)), 2.0))
    run(scale(buf.partition((8,)), 3.0))
    print(buf.to_numpy().sum())
""",
            "each call given a new op",
        ),
        valid(
            """

async def step(op: tr.Op) -> None:
    await op


async def main() -> None:
    buf = tr.ones((32,))
    first = scale(buf.partition((8,)), 2.0)
    await step(first)
    second = scale(buf.partition((8,)), 3.0)
    await step(second)
    print(buf.to_numpy().sum())
""",
            "an async helper awaited twice, with two ops",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    flights = [scale(o.partition((8,)), 2.0).submit() for o in outs]
    best = max(range(3), key=lambda i: float(outs[i].to_numpy()[0]))  # TC102
    for f in flights:
        f.wait()
    print(best)
""",
            "max's key runs at the call: it reads the outputs still written",
            typed=False,  # a lambda's body: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    rows = {k: tr.zeros((32,)) for k in ("a", "b")}
    pends = {k: scale(r.partition((8,)), 2.0).submit() for k, r in rows.items()}
    order = sorted(rows, key=lambda k: float(rows[k].to_numpy().sum()))  # TC102
    for p in pends.values():
        p.wait()
    print(order)
""",
            "sorted's key reads a dict's rows before their Pendings are waited",
            typed=False,  # a lambda's body: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    bufs = [tr.ones((32,)) for _ in range(2)]
    pend = scale(bufs[0].partition((8,)), 2.0).submit()
    sums = list(map(lambda t: float(t.to_numpy().sum()), bufs))  # TC102
    pend.wait()
    print(sums)
""",
            "list walks the map at once: its lambda reads a buffer in flight",
            typed=False,  # a lambda's body: beyond the mypy plugin's types
        ),
    ),
    "TC104": (
        invalid(
            """
from contextlib import contextmanager


@contextmanager
def tiles(t: tr.Tensor):
    part = t.partition((8,))
    yield part


def main() -> None:
    buf = tr.ones((32,))
    with tiles(buf) as part:
        print(buf.to_numpy().sum())  # TC104
        scale(part, 2.0).sync()
""",
            "the block reads the tensor the manager's partition still holds",
            typed=False,  # a context manager's body: beyond the mypy plugin's types
        ),
        invalid(
            """
import contextlib


@contextlib.contextmanager
def writable(t: tr.Tensor, n: int):
    yield t.partition((n,))


class Stage:
    def __init__(self) -> None:
        self.buf = tr.ones((32,))

    def run(self) -> None:
        with writable(self.buf, 8) as part:
            print(self.buf.to_numpy().sum())  # TC104
            scale(part, 2.0).sync()


def main() -> None:
    Stage().run()
""",
            "a method's block reads its attribute while the yielded partition is alive",
            typed=False,  # a context manager's body: beyond the mypy plugin's types
        ),
    ),
    "TC101": (
        invalid(
            """
import contextlib


@contextlib.contextmanager
def writable(t: tr.Tensor, n: int):
    yield t.partition((n,))


def main() -> None:
    buf = tr.ones((32,))
    with writable(buf, 8) as part:
        copy(part, buf)  # TC101
""",
            "the yielded partition's tensor given to the launch as its input too",
            typed=False,  # a context manager's body: beyond the mypy plugin's types
        ),
    ),
    "TC110": (
        invalid(
            """

def run(op: tr.Op) -> None:
    op.sync()  # TC110


def main() -> None:
    buf = tr.ones((32,))
    op = scale(buf.partition((8,)), 2.0)
    run(op)
    run(op)
""",
            "a helper that syncs the op it is given, called twice with one op",
            typed=False,  # across calls: beyond the mypy plugin's types
        ),
        invalid(
            """

async def step(op: tr.Op) -> None:
    await op  # TC110


async def main() -> None:
    buf = tr.ones((32,))
    op = scale(buf.partition((8,)), 2.0)
    await step(op)
    await step(op)
""",
            "an async helper awaited twice with one op (a warm-up, then the step)",
            typed=False,  # across calls: beyond the mypy plugin's types
        ),
    ),
}
