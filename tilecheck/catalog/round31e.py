"""Examples of round 31E of issue 17 (how facts end on the heap, as they end for names): a
dict's ``update(k=v)`` / ``update({...})`` is the item store it stands for, so a store over a
live Pending drops it (``tilecheck.host.cell_stores``; an annotated ``d: dict[...] = {}`` is a
dict as ``d = {}`` is); an op left unrun in a list or tuple display whose every use takes items
by position is never run (``tilecheck.host.keyed_items``); an op run twice through an
instance's field, or run in ``__init__`` and again by a method, is run twice
(``tilecheck.host.field_paths``). The VALID ones run clean and must stay silent; the INVALID
ones are real errors (the interpreter raises at the marked line, or warns there)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_UPDATE = """


def main() -> None:
    a = tr.ones((64,))
    b = tr.ones((64,))
    live: dict[str, tr.Pending] = {{}}
    live["q"] = scale(a.partition((16,)), 2.0).submit(){mark}
    {between}
    live.update({update}=scale(b.partition((16,)), 3.0).submit())
    for p in live.values():
        p.wait()
    print(b.to_numpy().sum())
"""

_DISPLAY_UPDATE = """


def main() -> None:
    a = tr.ones((64,))
    b = tr.ones((64,))
    c = tr.ones((64,))
    pa, pc = a.partition((16,)), c.partition((16,))
    work = {{"u": scale(pa, 2.0).submit(), "v": scale(pc, 2.0).submit()}}{mark}
    work.update({{{key}: scale(b.partition((16,)), 3.0).submit()}})
    for p in work.values():
        p.wait()
"""

_OPS = """


def main() -> None:
    a = tr.ones((64,))
    b = tr.ones((64,))
    ops = {open}scale(a.partition((16,)), 2.0), scale(b.partition((16,)), 3.0){close}{mark}
    ops[0].sync()
    {rest}
"""

_BOX = """


class Box:
    def __init__(self, op: tr.Op) -> None:
        self.op = op


def main() -> None:
    buf = tr.ones((64,))
    box = Box(scale(buf.partition((16,)), 2.0))
    box.op.sync()
    {rest}
"""

_WARM = """


class Warm:
    def __init__(self, n: int) -> None:
        self.state = tr.ones((n,))
        self.clear = scale(self.state.partition((16,)), 0.0)
        self.clear.sync()

    def reset(self) -> None:
        {reset}


w = Warm(64)
w.reset()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            _UPDATE.format(mark="", between='live["q"].wait()', update="q"),
            "the first Pending waited before `update` stores over its key",
        ),
        valid(
            _UPDATE.format(mark="", between="pass", update="r"),
            "`update` stores another key: every Pending is waited through `values()`",
        ),
        valid(
            _DISPLAY_UPDATE.format(mark="", key='"w"'),
            "`update` with a display adds a key: every Pending is waited",
        ),
    ),
    "TC105": (
        valid(
            _OPS.format(open="[", close="]", mark="", rest="ops[-1].sync()"),
            "both ops of the list run, the second by a negative index",
        ),
        valid(
            _OPS.format(
                open="(", close=")", mark="", rest="first, second = ops\n    second.sync()"
            ),
            "the tuple unpacked: its second op runs through a name",
        ),
    ),
    "TC110": (
        valid(
            _BOX.format(rest="box.op = scale(buf.partition((16,)), 3.0)\n    box.op.sync()"),
            "the field rebound to a new op before the second run",
        ),
        valid(
            _WARM.format(
                reset="self.clear = scale(self.state.partition((16,)), 0.0)\n        "
                "self.clear.sync()"
            ),
            "the method makes a new op before it runs it",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            _UPDATE.format(mark="  # TC108", between="pass", update="q"),
            "`update(q=...)` stores over the live Pending of `live['q']`: dropped unwaited",
        ),
        invalid(
            _DISPLAY_UPDATE.format(mark="  # TC108", key='"u"'),
            "`update({'u': ...})` stores over the live Pending of key 'u': dropped unwaited",
        ),
    ),
    "TC105": (
        invalid(
            _OPS.format(open="[", close="]", mark="  # TC105", rest="pass"),
            "the list's second op is never run: every use takes position 0",
        ),
        invalid(
            _OPS.format(open="(", close=")", mark="  # TC105", rest="print(len(ops))"),
            "the tuple's second op is never run: its length asked, its first item run",
        ),
    ),
    "TC110": (
        invalid(
            _BOX.format(rest="box.op.sync()  # TC110"),
            "the op kept in the instance's field is synced twice through it",
        ),
        invalid(
            _WARM.format(reset="self.clear.sync()  # TC110"),
            "`__init__` ran the op it keeps: the method runs it again",
        ),
    ),
}
