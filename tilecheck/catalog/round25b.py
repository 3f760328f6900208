"""Examples of round 25B of issue 17 (what the standard library's caching and iteration helpers
give again): an op a ``functools.cache`` function returns, run by the same call in every
iteration of a loop (TC110: the cache gives the op the first iteration ran); ``functools.reduce
(tr.zip, ops)`` over ops one of which already ran (TC110, as ``tr.zip(*ops)``); a ``deque(maxlen=
n)`` a loop appends more than ``n`` new Pendings to with nothing waiting in between (TC108: the
full deque evicts the oldest unwaited); an ``itertools.cycle`` of partitions a loop passes to
more launches than it holds (TC109: the first comes round again, consumed). The VALID ones run
clean and must stay silent; the INVALID ones are real errors (the interpreter raises at the
marked line, or warns of the evicted Pending)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_MEMO_OP = """
import functools

ACC = tr.zeros((32,))


@functools.cache
def step_op(layer: int) -> tr.Op:
    return scale(ACC.partition((8,)), 2.0)


for i in range(2):
    step_op({arg}).sync(){mark}
"""

_REDUCED = """
import functools


def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    ops = [scale(o.partition((8,)), 2.0) for o in outs]
    {warm}
    functools.reduce(tr.zip, ops).sync(){mark}
"""

_WINDOW = """
from collections import deque


def main() -> None:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(3)]
    window: deque[tr.Pending] = deque(maxlen={most})
    for out in outs:
        {wait}
        window.append(copy(out.partition((8,)), src).submit()){mark}
    while window:
        window.popleft().wait()
"""

_CYCLE = """
import itertools


def main() -> None:
    a, b = tr.zeros((32,)), tr.zeros((32,))
    plans = itertools.cycle([a.partition((8,)), b.partition((8,))])
    for step in range({steps}):
        scale(next(plans), float(step)).sync(){mark}
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


VALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        valid(
            _case(_MEMO_OP, arg="i"),
            "a memoized op builder called with the iteration's number: a new op each time",
        ),
        valid(
            _case(_REDUCED, warm="print(len(ops))"),
            "functools.reduce(tr.zip, ops) over ops none of which ran: each is zipped once",
        ),
    ),
    "TC108": (
        valid(
            _case(_WINDOW, most="3", wait="print(out.shape)"),
            "a deque(maxlen=3) given three Pendings: nothing is evicted, all are waited",
        ),
        valid(
            _case(
                _WINDOW,
                most="2",
                wait="if len(window) == window.maxlen:\n            window.popleft().wait()",
            ),
            "a deque(maxlen=2) whose oldest Pending is waited before a third is appended",
        ),
    ),
    "TC109": (
        valid(
            _case(_CYCLE, steps="2"),
            "a cycle of two partitions walked twice: each is consumed once",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        invalid(
            _case(_MEMO_OP, "  # TC110", arg="0"),
            "a memoized op builder called with the same argument in a loop: the cache gives "
            "the op the first iteration synced",
        ),
        invalid(
            _case(_REDUCED, "  # TC110", warm="ops[0].sync()"),
            "functools.reduce(tr.zip, ops) after one of the ops was synced: zipping it raises",
        ),
    ),
    "TC108": (
        invalid(
            _case(_WINDOW, "  # TC108", most="2", wait="print(out.shape)"),
            "a deque(maxlen=2) given three Pendings with nothing waiting in between: the full "
            "deque evicts the first unwaited",
        ),
    ),
    "TC109": (
        invalid(
            _case(_CYCLE, "  # TC109", steps="3"),
            "a cycle of two partitions walked three times: the first comes round again, "
            "consumed by the first launch",
            typed=False,  # next() of a cycle of partitions: beyond the mypy plugin's types
        ),
    ),
}
