"""Examples of round 13 of issue 17 (container facts of local lists, the seventh held-out set's
K3 items): a store over an item of a list of fixed length that still holds a live Pending
drops it unwaited, by a constant index (``slots[0]`` twice) or by a computed one in a loop of
more turns than the list has items (``slots[i % 2]`` over ``range(3)``); ``tr.zip(*ops)`` (or
``*ops.values()``) of a whole container runs every op in it, so a later ``ops[k].sync()`` runs
one again (TC110), while a zip of some of its items leaves the others to run. The VALID ones run
clean and must stay silent; the INVALID ones are real errors (the runtime warns of the
Pending never waited on, made at the marked line, or raises there)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    slots: list[tr.Pending | None] = [None, None]
    for i in range(2):
        slots[i % 2] = scale(outs[i].partition((64,)), 2.0).submit()
    for p in slots:
        if p is not None:
            p.wait()
""",
            "two turns into two items: no item is written twice",
        ),
        valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    slots: list[tr.Pending | None] = [None, None]
    for i in range(3):
        old = slots[i % 2]
        if old is not None:
            old.wait()
        slots[i % 2] = scale(outs[i].partition((64,)), 2.0).submit()
    for p in slots:
        if p is not None:
            p.wait()
""",
            "each turn waits the item it is about to write over",
        ),
        valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    slots: list[tr.Pending | None] = [None, None]
    done = []
    for i in range(3):
        p = scale(outs[i].partition((64,)), 2.0).submit()
        done.append(p)
        slots[i % 2] = p
    for p in done:
        p.wait()
""",
            "the list `done` still holds each Pending written over: all are waited",
        ),
        valid(
            """

def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    slots: list[tr.Pending | None] = [None, None]
    slots[0] = scale(a.partition((64,)), 2.0).submit()
    first = slots[0]
    slots[0] = scale(b.partition((64,)), 2.0).submit()
    if first is not None:
        first.wait()
    for p in slots:
        if p is not None:
            p.wait()
""",
            "a name keeps the first Pending before its item is written over",
        ),
        valid(
            """

def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    slots: list[tr.Pending | None] = [None, None]
    slots[0] = scale(a.partition((64,)), 2.0).submit()
    slots[1] = scale(b.partition((64,)), 2.0).submit()
    for p in slots:
        if p is not None:
            p.wait()
""",
            "two constant indices: two items, none written over",
        ),
        valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    slots: list[tr.Pending | None] = [None, None]
    for i in range(3):
        if i == 2:
            break
        slots[i % 2] = scale(outs[i].partition((64,)), 2.0).submit()
    for p in slots:
        if p is not None:
            p.wait()
""",
            "the loop stops before its third turn's store",
        ),
        valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    slots: list[tr.Pending | None] = [None, None]
    for i in range(3):
        slots[i % 2] = scale(outs[i].partition((64,)), 2.0).submit()
        other = slots[(i + 1) % 2]
        if other is not None:
            other.wait()
            slots[(i + 1) % 2] = None
    for p in slots:
        if p is not None:
            p.wait()
""",
            "each turn waits the other item, which the next turn writes over",
        ),
        valid(
            """

def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    slots: list[tr.Pending | None] = [None, None]
    slots[0] = scale(a.partition((64,)), 2.0).submit()
    first = slots[0]
    if first is not None:
        first.wait()
    slots[0] = scale(b.partition((64,)), 2.0).submit()
    for p in slots:
        if p is not None:
            p.wait()
""",
            "the first Pending is waited before its item is written over",
        ),
    ),
    "TC110": (
        valid(
            """

def main() -> None:
    outs = {k: tr.zeros((256,)) for k in ("a", "b", "c")}
    ops = {k: scale(outs[k].partition((64,)), 2.0) for k in outs}
    chosen = ["a", "c"]
    tr.zip(*(ops[k] for k in chosen)).sync()
    ops["b"].sync()
""",
            "a zip of some of the items: the one left out runs once, later",
        ),
        valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    ops = [scale(t.partition((64,)), 2.0) for t in outs]
    tr.zip(*ops).sync()
    ops[0] = scale(outs[0].partition((64,)), 3.0)
    ops[0].sync()
""",
            "the item is a new op when it runs again",
        ),
        valid(
            """

def main(flag: bool) -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    ops = [scale(t.partition((64,)), 2.0) for t in outs]
    if flag:
        tr.zip(*ops).sync()
    else:
        ops[0].sync()
        ops[1].sync()
""",
            "each op runs on one branch only",
        ),
        valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    ops = [scale(t.partition((64,)), 2.0) for t in outs]
    tr.zip(*ops[:1]).sync()
    ops[1].sync()
""",
            "a zip of a slice runs only the items of the slice",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    slots: list[tr.Pending | None] = [None, None]
    for i in range(3):
        slots[i % 2] = scale(outs[i].partition((64,)), 2.0).submit()  # TC108
    for p in slots:
        if p is not None:
            p.wait()
""",
            "three turns into two items: the first turn's Pending is written over unwaited",
            typed=False,  # list items by index: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    a, b = tr.zeros((256,)), tr.zeros((256,))
    slots = [None, None]
    slots[0] = scale(a.partition((64,)), 2.0).submit()  # TC108
    slots[0] = scale(b.partition((64,)), 2.0).submit()
    for p in slots:
        if p is not None:
            p.wait()
""",
            "`slots[0]` written twice: the first Pending is dropped unwaited",
            typed=False,  # list items by index: beyond the mypy plugin's types
        ),
    ),
    "TC110": (
        invalid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(2)]
    ops = [scale(t.partition((64,)), 2.0) for t in outs]
    tr.zip(*ops).sync()
    ops[0].sync()  # TC110
""",
            "`tr.zip(*ops)` ran every op of the list: `ops[0]` runs a second time",
            typed=False,  # list items by index: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    outs = {k: tr.ones((256,)) for k in ("p", "q")}
    ops = {k: scale(outs[k].partition((64,)), 2.0) for k in outs}
    tr.zip(*ops.values()).sync()
    for k, t in outs.items():
        if t.to_numpy()[0] > 0.0:
            ops[k].sync()  # TC110
""",
            "`tr.zip(*ops.values())` ran every op of the dict: `ops[k]` runs a second time",
            typed=False,  # dict items by key: beyond the mypy plugin's types
        ),
    ),
}
