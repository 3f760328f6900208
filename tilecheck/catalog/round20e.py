"""Examples of round 20E of issue 17 (containers of ops and objects' items): a Pending stored on
an item of a container by constant key (``bufs["mean"].writer = ...``) and waited by a loop
over every item (``for b in bufs.values(): b.settle()``) or by a method of that item taken by
the same key, and an item's attribute read by its method (``slots[0].report()``) while a
method of the same item (or a loop's, over every item) writes it; a dict of ops by known key
emptied by ``clear()`` (or taken by ``pop(key)``) after the keys that run. The VALID ones run
clean and must stay silent; the INVALID ones are real errors (the interpreter raises, or warns
of the unrun op, at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_BUFFER = """

class Buffer:
    def __init__(self, name: str) -> None:
        self.name = name
        self.data = tr.ones((32,))
        self.writer: tr.Pending | None = None

    def settle(self) -> None:
        if self.writer is not None:
            self.writer.wait()
            self.writer = None

"""

_BY_NAME = (
    _BUFFER
    + """
def main() -> None:
    bufs = {{name: Buffer(name) for name in ("mean", "var")}}
    bufs["mean"].writer = scale(bufs["mean"].data.partition((8,)), 0.5).submit()
    bufs["var"].writer = scale(bufs["var"].data.partition((8,)), 2.0).submit()
    for b in bufs.values():
        {settle}
    print(bufs["var"].data.to_numpy().sum()){mark}
"""
)

_BY_INDEX = (
    _BUFFER
    + """
def main() -> None:
    bufs = [Buffer(name) for name in ("mean", "var")]
    bufs[0].writer = scale(bufs[0].data.partition((8,)), 0.5).submit()
    {settle}
    print(bufs[0].data.to_numpy().sum()){mark}
"""
)

_SLOTS = """

class Slot:
    def __init__(self) -> None:
        self.key = tr.ones((32,))
        self.writes: list[tr.Pending] = []

    def write(self, by: float) -> None:
        self.writes.append(scale(self.key.partition((8,)), by).submit())

    def settle(self) -> None:
        for p in self.writes:
            p.wait()
        self.writes.clear()

    def report(self) -> float:
        return float(self.key.to_numpy().sum()){mark}


def main() -> None:
    {body}
"""

_OPS_BY_KEY = """

def main() -> None:
    sq, half = tr.zeros((32,)), tr.zeros((32,))
    ops = {{
        "sq": scale(sq.partition((8,)), 2.0),
        "half": scale(half.partition((8,)), 0.5),{mark}
    }}
    {runs}
    ops.clear()
    print(sq.to_numpy().sum())
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_BY_NAME, settle="b.settle()"),
            "writers stored on a dict's items by key, settled by a loop over its values",
        ),
        valid(
            _case(_BY_NAME, settle="if b.writer is not None:\n            b.writer.wait()"),
            "the same, the loop waiting each item's attribute itself",
        ),
        valid(
            _case(_BY_INDEX, settle="bufs[0].settle()"),
            "a writer stored on a comprehension's item by index, settled by that item's method",
        ),
        valid(
            _case(_BY_INDEX, settle="for b in bufs:\n        b.settle()"),
            "a writer stored on a comprehension's item by index, settled by a loop over items",
        ),
        valid(
            _case(
                _SLOTS,
                body="slots = [Slot() for _ in range(2)]\n    slots[1].write(2.0)\n"
                "    print(slots[0].report())\n    slots[1].settle()",
            ),
            "one item's method writes, another item's method reads: apart",
        ),
        valid(
            _case(
                _SLOTS,
                body="slots = [Slot() for _ in range(2)]\n    for s in slots:\n"
                "        s.write(2.0)\n    for s in slots:\n        s.settle()\n"
                "    print(slots[0].report())",
            ),
            "every item written and settled by loops, then one item's method reads",
        ),
    ),
    "TC105": (
        valid(
            _case(_OPS_BY_KEY, runs='for name in ("sq", "half"):\n        ops[name].sync()'),
            "every key's op run by key, then the dict cleared",
        ),
        valid(
            _case(_OPS_BY_KEY, runs='ops.pop("sq").sync()\n    ops.pop("half").sync()'),
            "every key's op popped by key and run, then the dict cleared",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_BY_NAME, "  # TC102", settle="print(b.name)"),
            "the loop over the items settles none: the read is in flight",
            typed=False,  # items' attributes: beyond the mypy plugin's types
        ),
        invalid(
            _case(_BY_INDEX, "  # TC102", settle="bufs[1].settle()"),
            "the other item's method settles nothing: the read is in flight",
            typed=False,  # items' attributes: beyond the mypy plugin's types
        ),
        invalid(
            _case(
                _SLOTS,
                "  # TC102",
                body="slots = [Slot() for _ in range(2)]\n    for s in slots:\n"
                "        s.write(2.0)\n    print(slots[0].report())\n"
                "    for s in slots:\n        s.settle()",
            ),
            "a loop's method calls write every item; an item's method reads before the settle",
            typed=False,  # items' attributes: beyond the mypy plugin's types
        ),
        invalid(
            _case(
                _SLOTS,
                "  # TC102",
                body='slots = {n: Slot() for n in "ab"}\n    slots["a"].write(2.0)\n'
                '    print(slots["a"].report())\n    slots["a"].settle()',
            ),
            "an item by key written by its method, read by another before its settle",
            typed=False,  # items' attributes: beyond the mypy plugin's types
        ),
    ),
    "TC105": (
        invalid(
            _case(_OPS_BY_KEY, "  # TC105", runs='for name in ["sq"]:\n        ops[name].sync()'),
            "only the enabled key's op runs; clear() drops the other unrun",
            typed=False,  # items by key: beyond the mypy plugin's types
        ),
        invalid(
            _case(_OPS_BY_KEY, "  # TC105", runs='ops.pop("sq").sync()'),
            "one key's op popped and run; clear() drops the other unrun",
            typed=False,  # items by key: beyond the mypy plugin's types
        ),
    ),
}
