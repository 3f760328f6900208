"""Examples of round 15 of issue 17, containers drained in a loop: a dict of Pendings (or of
partitions) emptied by ``for k in list(d): d.pop(k)``, whose step takes the item under the
step's key (a copy or a sorted copy of the keys walks each key once, as ``d`` itself does);
and ``for i in range(1, len(ops))`` after ``ops[0]`` ran, a loop that runs at least once (the
display holds three items) and never takes item 0. The VALID ones run clean and must stay
silent; the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    pend = {
        "a": scale(a.partition((64,)), 2.0).submit(),
        "b": scale(b.partition((64,)), 2.0).submit(),
    }
    for k in list(pend):
        pend.pop(k).wait()
    print(a.to_numpy(), b.to_numpy())
""",
            "every key popped and its Pending waited: nothing is in flight after the loop",
        ),
        valid(
            """

def main() -> None:
    x, y, z = tr.zeros((256,)), tr.zeros((256,)), tr.zeros((256,))
    ops = [
        scale(x.partition((64,)), 2.0),
        scale(y.partition((64,)), 2.0),
        scale(z.partition((64,)), 2.0),
    ]
    ops[0].sync()
    for i in range(1, len(ops)):
        ops[i].sync()
    print(y.to_numpy())
""",
            "item 0 run by itself, items 1 and 2 by the loop, which runs (three items)",
        ),
        valid(
            """

def main() -> None:
    x, y, z = tr.zeros((256,)), tr.zeros((256,)), tr.zeros((256,))
    ps = [
        scale(x.partition((64,)), 2.0).submit(),
        scale(y.partition((64,)), 2.0).submit(),
        scale(z.partition((64,)), 2.0).submit(),
    ]
    ps[0].wait()
    n = 3
    for i in range(1, n):
        ps[i].wait()
    print(x.to_numpy(), y.to_numpy())
""",
            "`range(1, n)` with `n = 3` runs twice: every Pending waited",
        ),
    ),
    "TC109": (
        valid(
            """

def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    parts = {"a": a.partition((64,)), "b": b.partition((64,))}
    for k in sorted(parts):
        scale(parts.pop(k), 2.0).sync()
    print(a.to_numpy(), b.to_numpy())
""",
            "each turn pops another key: each partition is consumed once, all of them by the end",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    pend = {
        "a": scale(a.partition((64,)), 2.0).submit(),
        "b": scale(b.partition((64,)), 2.0).submit(),
    }
    for k in sorted(pend)[1:]:
        pend.pop(k).wait()
    print(a.to_numpy())  # TC102
""",
            "the slice leaves out key `a`: its Pending is still in the dict, unwaited",
            typed=False,  # dict items by key: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    x, y, z = tr.zeros((256,)), tr.zeros((256,)), tr.zeros((256,))
    ops = [
        scale(x.partition((64,)), 2.0),
        scale(y.partition((64,)), 2.0),  # TC105
        scale(z.partition((64,)), 2.0),
    ]
    ops[0].sync()
    for i in range(2, len(ops)):
        ops[i].sync()
    print(y.to_numpy())  # TC102
""",
            "the loop starts at item 2: item 1's op never runs and still holds `y`",
            typed=False,  # list items by index: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    x, y, z = tr.zeros((256,)), tr.zeros((256,)), tr.zeros((256,))
    ps = [
        scale(x.partition((64,)), 2.0).submit(),
        scale(y.partition((64,)), 2.0).submit(),
        scale(z.partition((64,)), 2.0).submit(),
    ]
    n = 3
    for i in range(1, n):
        ps[i].wait()
    print(x.to_numpy())  # TC102
""",
            "the loop waits items 1 and 2 only: item 0's Pending still writes `x`",
            typed=False,  # list items by index: beyond the mypy plugin's types
        ),
    ),
    "TC109": (
        invalid(
            """

def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    parts = {"a": a.partition((64,)), "b": b.partition((64,))}
    for k in list(parts):
        p = parts.pop(k)
        scale(p, 2.0).sync()
        scale(p, 3.0).sync()  # TC109
    print(a.to_numpy(), b.to_numpy())
""",
            "the popped partition is launched twice in one turn",
            typed=False,  # dict items by key: beyond the mypy plugin's types
        ),
    ),
}
