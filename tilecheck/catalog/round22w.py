"""Examples of round 22W of issue 17 (findings at the line where the runtime raises): a loop
over ``xs[:-1]`` right after ``xs.append(p)`` leaves ``p`` in flight (the read after it is
TC102); of two conflicts with one op, the one its own turn surely meets is reported before one
the loop only comes around to; ``rows[i][1]`` of a list of appended ``(tensor, Pending)``
rows is the row's Pending, not its tensor; a memoized function's ``BUFS[name].partition(s)``
is the cache's one partition, spent by the first launch (TC109 at the second). The VALID ones
run clean and must stay silent; the INVALID ones raise at the marked line."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_NEWEST = """

def main() -> None:
    acc = tr.zeros((32,))
    src = tr.ones((32,))
    log: list[tr.Pending] = []
    for _ in range(3):
        p = copy(acc.partition((8,)), src).submit()
        log.append(p)
        for old in log[:-1]:
            old.wait()
        {finish}
        print(acc.to_numpy().sum()){mark}
        log = []
"""

_STRAIGHT = """

def main() -> None:
    a, b = tr.zeros((32,)), tr.zeros((32,))
    src = tr.ones((32,))
    ops: list[tr.Pending] = []
    ops.append(copy(a.partition((8,)), src).submit())
    ops.append(copy(b.partition((8,)), src).submit())
    for o in ops[:-1]:
        o.wait()
    print(a.to_numpy().sum())
    print(b.to_numpy().sum()){mark}
    ops[-1].wait()
"""

_TURNS = """

def main() -> None:
    bank = [tr.zeros((8,)), tr.zeros((8,))]
    waits: dict[int, tr.Pending] = {{}}
    for t in range(4):
        waits[t] = scale(bank[t % 2].partition((4,)), 2.0).submit()
        if t:
            waits[t - 1].wait()
        {finish}
        print(bank[t % 2].to_numpy().sum()){mark}
    waits[3].wait()
"""

_RECORDS = """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    src = tr.ones((32,))
    records = []
    for out in outs:
        records.append((out, copy(out.partition((8,)), src).submit()))
    for i in range(len(records){short}):
        records[i][1].wait()
    for out, _ in records:
        print(out.to_numpy().sum()){mark}
"""

_MEMO = """

from functools import lru_cache

BUFS = {{"k": tr.zeros((64,)), "v": tr.zeros((64,))}}


@lru_cache(maxsize=4)
def tiles_of(name: str) -> tr.Partition:
    return BUFS[name].partition((16,))


scale(tiles_of("k"), 2.0).sync()
scale(tiles_of({second}), 3.0).sync(){mark}
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_NEWEST, finish="p.wait()"),
            "every Pending but the newest waited by a loop over log[:-1], the newest by name",
        ),
        valid(
            _case(_TURNS, finish="waits[t].wait()"),
            "each turn's own Pending waited before its buffer is read",
        ),
        valid(
            _case(_RECORDS, short=""),
            "rows of (tensor, Pending): each row's Pending waited by index, then every row read",
        ),
    ),
    "TC109": (
        valid(
            _case(_MEMO, second='"v"'),
            "a memoized partition per key, each key's partition launched once",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_NEWEST, "  # TC102", finish="pass"),
            "the loop over log[:-1] leaves the Pending just appended in flight: the read raises",
            typed=False,  # items of a list: beyond the mypy plugin's types
        ),
        invalid(
            _case(_STRAIGHT, "  # TC102"),
            "two appended, all but the last waited: the last one's tensor read in flight",
            typed=False,
        ),
        invalid(
            _case(_TURNS, "  # TC102", finish="pass"),
            "the previous turn's Pending waited, this turn's buffer read in flight (not the "
            "partition the loop comes around to)",
            typed=False,
        ),
        invalid(
            _case(_RECORDS, "  # TC102", short=" - 1"),
            "rows' Pendings waited by index but the last: the last row read in flight",
            typed=False,
        ),
    ),
    "TC109": (
        invalid(
            _case(_MEMO, "  # TC109", second='"k"'),
            "the memo gives the first call's partition again: the first launch consumed it",
            typed=False,
        ),
    ),
}
