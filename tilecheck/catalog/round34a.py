"""Examples of round 34A of issue 17 (library effects by kind, ``host/library_spec.py``):
tensor metadata read while an op is in flight (``is_contiguous()``, a view's ``.base``) reads no
data; a DLPack export (``np.from_dlpack(t)``, ``t.__dlpack__()``) is a host write, refused while
an op reads the tensor (TC103) or writes it (TC102); the ``key=`` of ``heapq.nsmallest`` and
``nlargest`` runs on every item before the call returns (``heapq.merge``'s only when walked);
``timeit.timeit``/``timeit.repeat`` run the callable they time ``number=`` (x ``repeat=``)
times; ``dict.fromkeys(keys, v)`` puts one object under every key; a class body's
``m = functools.partialmethod(f, *a)`` makes ``obj.m()`` the call ``obj.f(*a)``;
``threading.Thread(target=..., args=(...))`` evaluates its arguments at the construction and
holds them until the thread starts; an ``@asynccontextmanager``'s body runs around the block
of the ``async with`` entering it, as a ``@contextmanager``'s around its ``with``. The VALID
ones run clean and must stay silent; the INVALID ones are real errors (the interpreter raises
at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid
from tilecheck.catalog.fresh_silences import _valid as valid


def invalid(body: str, note: str) -> Case:
    """A library effect the mypy plugin does not type (tilecheck's alone)."""
    return _invalid(body, note, typed=False)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    x = tr.ones((4, 32))
    out = tr.zeros((4, 32))
    pending = copy(out.partition((4, 32)), x).submit()
    row = out[1]
    assert out.is_contiguous() and row.base is out and row.shape == (32,)
    print(out.strides, out.__dlpack_device__())
    pending.wait()
    print(row.to_numpy())
""",
            "metadata of a tensor in flight and of its view: no data read",
        ),
        valid(
            """
import heapq


def main() -> None:
    x = tr.ones((16,))
    vals = [tr.zeros((16,)) for _ in range(2)]
    pend = [copy(v.partition((16,)), x).submit() for v in vals]
    merged = heapq.merge([0], [1], key=lambda i: float(vals[i].to_numpy()[0]))
    for p in pend:
        p.wait()
    print(list(merged))
""",
            "heapq.merge's key runs only when the merge is walked, after the waits",
        ),
        valid(
            """
import asyncio
import contextlib


@contextlib.asynccontextmanager
async def launched(op):
    pending = op.submit()
    try:
        yield
    finally:
        await pending


async def handle() -> float:
    x = tr.ones((16,))
    out = tr.zeros((16,))
    async with launched(copy(out.partition((16,)), x)):
        await asyncio.sleep(0)
    return float(out.to_numpy()[0])


def main() -> None:
    print(asyncio.run(handle()))
""",
            "an @asynccontextmanager awaits its launch at the exit; the read comes after it",
        ),
    ),
    "TC103": (
        valid(
            """
import numpy as np


def main() -> None:
    x = tr.ones((16,))
    out = tr.zeros((16,))
    copy(out.partition((16,)), x).sync()
    print(np.from_dlpack(x), np.from_dlpack(out))
""",
            "DLPack exports after the op that read one and wrote the other is synced",
        ),
    ),
    "TC109": (
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    q, v = tr.zeros((32,)), tr.zeros((32,))
    scales = dict.fromkeys(("q", "v"), 2.0)
    plans = {"q": q.partition((32,)), "v": v.partition((32,))}
    copy(plans["q"], x).sync()
    copy(plans["v"], x).sync()
    print(q.to_numpy() * scales["q"], dict.fromkeys(["a", "b"]))
""",
            "dict.fromkeys of a number and of no value; one partition per key, each spent once",
        ),
        valid(
            """
import functools


class Presets:
    def __init__(self) -> None:
        self.out = tr.zeros((64,))
        self.x = tr.ones((64,))

    def _apply(self, factor: float) -> None:
        copy(self.out.partition((64,)), self.x).sync()
        scale(self.out.partition((64,)), factor).sync()

    double = functools.partialmethod(_apply, 2.0)
    half = functools.partialmethod(_apply, 0.5)


def main() -> None:
    p = Presets()
    p.double()
    p.half()
    print(p.out.to_numpy())
""",
            "two partialmethod presets of one method, each run partitioning anew",
        ),
    ),
    "TC104": (
        valid(
            """
import threading


def main() -> None:
    x = tr.ones((64,))
    kv = tr.zeros((64,))
    print(kv.to_numpy())
    warm = threading.Thread(
        target=lambda part, src: copy(part, src).sync(), args=(kv.partition((64,)), x)
    )
    warm.start()
    warm.join()
    print(kv.to_numpy())
""",
            "a thread's partition argument made after the read; the read after the join",
        ),
    ),
    "TC110": (
        valid(
            """
import timeit

OUT = tr.zeros((64,))
X = tr.ones((64,))


def step() -> None:
    copy(OUT.partition((64,)), X).sync()


def main() -> None:
    op = copy(OUT.partition((64,)), X)
    print(timeit.timeit(op.sync, number=1))
    print(timeit.repeat(step, repeat=2, number=2))
""",
            "timeit of an op run once (number=1), and of a function making a new op per run",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
import heapq


def main() -> None:
    x = tr.ones((16,))
    scores = [tr.zeros((16,)) for _ in range(3)]
    pend = [copy(s.partition((16,)), x).submit() for s in scores]
    top = heapq.nlargest(1, range(3), key=lambda i: float(scores[i].to_numpy()[0]))  # TC102
    for p in pend:
        p.wait()
    print(top)
""",
            "heapq.nlargest's key reads every item's buffer before the waits",
        ),
        invalid(
            """
import numpy as np


def main() -> None:
    x = tr.ones((16,))
    out = tr.zeros((16,))
    pending = copy(out.partition((16,)), x).submit()
    shared = np.from_dlpack(out)  # TC102
    pending.wait()
    print(shared)
""",
            "a DLPack import of a tensor an op still writes",
        ),
        invalid(
            """


def main() -> None:
    x = tr.ones((16,))
    out = tr.zeros((16,))
    outs = dict.fromkeys(("k", "v"), out)
    pending = copy(outs["k"].partition((16,)), x).submit()
    print(outs["v"].to_numpy())  # TC102
    pending.wait()
""",
            "dict.fromkeys puts one tensor under both keys: the other key's read is early",
        ),
        invalid(
            """
import asyncio
import contextlib


@contextlib.asynccontextmanager
async def launched(op):
    pending = op.submit()
    try:
        yield
    finally:
        await pending


async def handle() -> float:
    x = tr.ones((16,))
    out = tr.zeros((16,))
    async with launched(copy(out.partition((16,)), x)):
        top = float(out.to_numpy()[0])  # TC102
    return top


def main() -> None:
    print(asyncio.run(handle()))
""",
            "the block of an @asynccontextmanager runs between its submit and its exit's await",
        ),
    ),
    "TC103": (
        invalid(
            """
import numpy as np


def main() -> None:
    x = tr.ones((16,))
    out = tr.zeros((16,))
    pending = copy(out.partition((16,)), x).submit()
    view = np.from_dlpack(x)  # TC103
    pending.wait()
    print(view)
""",
            "np.from_dlpack of a tensor an op still reads: an export is a host write",
        ),
        invalid(
            """


def main() -> None:
    x = tr.ones((16,))
    out = tr.zeros((16,))
    pending = copy(out.partition((16,)), x).submit()
    capsule = x.__dlpack__()  # TC103
    pending.wait()
    print(capsule)
""",
            "__dlpack__ of a tensor an op still reads",
        ),
    ),
    "TC109": (
        invalid(
            """


def main() -> None:
    bank = tr.zeros((32,))
    x = tr.ones((32,))
    plans = dict.fromkeys(["q", "v"], bank.partition((32,)))
    copy(plans["q"], x).sync()
    copy(plans["v"], x).sync()  # TC109
""",
            "dict.fromkeys evaluates its value once: one partition under both keys",
        ),
        invalid(
            """
import functools


class Presets:
    def __init__(self) -> None:
        self.out = tr.zeros((64,))
        self.plan = self.out.partition((64,))

    def _apply(self, factor: float) -> None:
        scale(self.plan, factor).sync()  # TC109

    double = functools.partialmethod(_apply, 2.0)
    half = functools.partialmethod(_apply, 0.5)


def main() -> None:
    p = Presets()
    p.double()
    p.half()
""",
            "two partialmethod presets run one method that spends the same plan",
        ),
    ),
    "TC104": (
        invalid(
            """
import threading


def main() -> None:
    x = tr.ones((64,))
    kv = tr.zeros((64,))
    warm = threading.Thread(
        target=lambda part, src: copy(part, src).sync(), args=(kv.partition((64,)), x)
    )
    print(kv.to_numpy())  # TC104
    warm.start()
    warm.join()
""",
            "a thread's arguments are evaluated at its making: the partition lives until it runs",
        ),
    ),
    "TC110": (
        invalid(
            """
import timeit


def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    op = copy(out.partition((64,)), x)
    print(timeit.repeat(op.sync, number=1, repeat=3))  # TC110
""",
            "timeit.repeat runs the op's sync three times",
        ),
        invalid(
            """
import timeit


def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    op = copy(out.partition((64,)), x)
    print(timeit.timeit(lambda: op.sync(), number=5))  # TC110
""",
            "timeit.timeit of a lambda syncing one op, five times",
        ),
    ),
}
