"""Examples of round 31S of issue 17 (library behaviour written from the standard library's
meaning, ``tilecheck.host.library_spec``): a ``map`` of a function walked by any consumer,
through ``zip``/``enumerate`` (``dict(zip(names, map(f, xs)))``), ``accumulate(xs, f,
initial=s)`` walked, ``sum`` adding items whose class defines ``__radd__``, an
``ExitStack.callback`` of a bound method of any expression (its receiver evaluated at the
registration) and the arguments it evaluates there, a ``threading.Thread`` target run at
``start()``, an executor's ``submit(f, ...)`` and ``asyncio.to_thread(f, ...)`` calling ``f``
(``tilecheck.host.threads``). The VALID ones run clean and must stay silent; the INVALID ones
are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_MAPPED = """
import numpy as np


def peek(t: Tensor[f32]) -> float:
    return float(t.to_numpy()[0]){mark}


def table(x: Tensor[f32]) -> dict[str, float]:
    outs = [tr.zeros((16,)) for _ in range(2)]
    first = copy(outs[0].partition((8,)), x).submit()
    second = copy(outs[1].partition((8,)), x).submit()
    first.wait()
    {order}
    return got


print(table(tr.ones((16,))))
"""
_ZIPPED = 'got = dict(zip(("a", "b"), map(peek, outs), strict=True))'

_RUNNING = """
from itertools import accumulate


def fold(acc: float, t: Tensor[f32]) -> float:
    return acc + float(t.to_numpy()[0]){mark}


x = tr.ones((16,))
bufs = [tr.zeros((16,)) for _ in range(2)]
ps = [copy(b.partition((8,)), x).submit() for b in bufs]
ps[0].wait()
{order}
print(sums)
"""
_SUMS = "sums = list(accumulate(bufs, fold, initial=0.0))"

_ADDED = """


class Part:
    def __init__(self, x: Tensor[f32]) -> None:
        self.out = tr.zeros((16,))
        self.pending = copy(self.out.partition((8,)), x).submit()

    def __radd__(self, other: float) -> float:
        return other + float(self.out.to_numpy()[0]){mark}


x = tr.ones((16,))
a = Part(x)
b = Part(x)
a.pending.wait()
{order}
print(total)
"""

_STACK = """
from contextlib import ExitStack


def launch(out: Tensor[f32], x: Tensor[f32]) -> tr.Pending:
    return copy(out.partition((8,)), x).submit()


def step(x: Tensor[f32]) -> float:
    out = tr.zeros((16,))
    with ExitStack() as stack:
        stack.callback(launch(out, x).wait)
        {inside}
    return float(out.to_numpy()[0])


print(step(tr.ones((16,))))
"""

_THREAD = """
import threading


def report(t: Tensor[f32]) -> None:
    print(t.to_numpy()[0]){mark}


x = tr.ones((16,))
buf = tr.zeros((16,))
pending = copy(buf.partition((8,)), x).submit()
worker = threading.Thread(target=report, args=(buf,))
{order}
worker.join()
"""

_POOL = """
from concurrent.futures import ThreadPoolExecutor


def snapshot(t: Tensor[f32]) -> float:
    return float(t.to_numpy()[0]){mark}


def run(x: Tensor[f32]) -> float:
    out = tr.zeros((16,))
    op = copy(out.partition((8,)), x).submit()
    {order}
    return got


print(run(tr.ones((16,))))
"""
_SUBMITTED = """with ThreadPoolExecutor(max_workers=1) as pool:
        got = pool.submit(snapshot, out).result()"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _MAPPED.format(mark="", order=f"second.wait()\n    {_ZIPPED}"),
            "`dict(zip(names, map(f, outs)))` after both waits",
        ),
        valid(
            _RUNNING.format(mark="", order=f"ps[1].wait()\n{_SUMS}"),
            "`accumulate` walked after both waits",
        ),
        valid(
            _ADDED.format(mark="", order="b.pending.wait()\ntotal = sum([a, b])"),
            "`sum` runs each item's `__radd__` after both waits",
        ),
        valid(
            _STACK.format(inside="print('queued')"),
            "the callback's Pending is waited at the exit, before the read after the block",
        ),
        valid(
            _THREAD.format(mark="", order="pending.wait()\nworker.start()"),
            "the thread starts after the wait",
        ),
        valid(
            _POOL.format(mark="", order=f"op.wait()\n    {_SUBMITTED}"),
            "the worker is given the output after the wait",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _MAPPED.format(mark="  # TC102", order=f"{_ZIPPED}\n    second.wait()"),
            "`dict` walks the `zip`, which walks the `map`: `peek` reads the one in flight",
            typed=False,
        ),
        invalid(
            _RUNNING.format(mark="  # TC102", order=f"{_SUMS}\nps[1].wait()"),
            "`list(accumulate(...))` calls `fold` on every item: one is in flight",
            typed=False,
        ),
        invalid(
            _ADDED.format(mark="  # TC102", order="total = sum([a, b])\nb.pending.wait()"),
            "`sum` adds each item to a number: `__radd__` reads the one in flight",
            typed=False,
        ),
        invalid(
            _STACK.format(inside="print(out.to_numpy())  # TC102"),
            "the Pending registered by its bound method is waited only at the exit",
            typed=False,
        ),
        invalid(
            _THREAD.format(mark="  # TC102", order="worker.start()\npending.wait()"),
            "the thread's target reads the buffer while its op is in flight",
            typed=False,
        ),
        invalid(
            _POOL.format(mark="  # TC102", order=f"{_SUBMITTED}\n    op.wait()"),
            "the pool's worker reads the output while its op is in flight",
            typed=False,
        ),
    ),
}
