"""Examples of round 24E of issue 17 (a Pending kept in an attribute or a dict item, written
over before a wait): ``obj.last = k(...).submit()`` stored again while the earlier Pending,
held by nothing else, was never waited (TC108 at the submit, where the runtime warns as it is
collected); a method that only stores ``self.last = ...submit()`` called again in a loop
before the flush; ``d["a"]`` stored twice; a loop over rows whose key comes twice storing
``d[key] = ...submit()``; and such rows walked with their tensors known apart (each step
another tensor: no TC102 against the earlier steps). The VALID ones run clean and must stay
silent; the INVALID ones are real errors (the interpreter warns or raises)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_SAVER = """

class Saver:
    def __init__(self) -> None:
        self.last: tr.Pending | None = None
        self.history: list[tr.Pending] = []

    def save(self, src: Tensor) -> None:
        out = tr.zeros((32,))
        {before}
        self.last = copy(out.partition((8,)), src).submit(){mark}

    def flush(self) -> None:
        if self.last is not None:
            self.last.wait()
            self.last = None


def main() -> None:
    saver = Saver()
    src = tr.ones((32,))
    for _ in range(3):
        saver.save(src)
        {each}
    saver.flush()
    for p in saver.history:
        p.wait()
"""

_HOLDER = """

class Holder:
    def __init__(self) -> None:
        self.last: tr.Pending | None = None


def main() -> None:
    h = Holder()
    src = tr.ones((32,))
    for _ in range(3):
        out = tr.zeros((32,))
        h.last = copy(out.partition((8,)), src).submit(){mark}
        {each}
    if h.last is not None:
        h.last.wait()
"""

_KEYED = """

def main() -> None:
    src = tr.ones((32,))
    x, y, z = tr.zeros((32,)), tr.zeros((32,)), tr.zeros((32,))
    inflight = {{}}
    inflight["a"] = copy(x.partition((8,)), src).submit(){mark}
    inflight["b"] = copy(y.partition((8,)), src).submit()
    {between}
    inflight["a"] = copy(z.partition((8,)), src).submit()
    for p in inflight.values():
        p.wait()
"""

_ROWS = """

def main() -> None:
    src = tr.ones((32,))
    x, y, z = tr.zeros((32,)), tr.zeros((32,)), tr.zeros((32,))
    plan = [{rows}]
    inflight = {{}}
    for rid, target in plan:
        {before}
        inflight[rid] = copy(target.partition((8,)), src).submit(){mark}
    for p in inflight.values():
        p.wait()
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            _case(
                _SAVER,
                before="if self.last is not None:\n            self.last.wait()",
                each="pass",
            ),
            "a method that waits the Pending its attribute holds before storing a new one",
        ),
        valid(
            _case(_SAVER, before="pass", each="saver.flush()"),
            "each save flushed before the next one overwrites the attribute",
        ),
        valid(
            _case(
                _SAVER,
                before="if self.last is not None:\n            self.history.append(self.last)",
                each="pass",
            ),
            "the method keeps the earlier Pending in a list before storing a new one",
        ),
        valid(
            _case(_HOLDER, each="kept = h.last\n        kept.wait()"),
            "an attribute's Pending taken by a name and waited before the next store",
        ),
        valid(
            _case(_KEYED, between='inflight["a"].wait()'),
            "a dict item's Pending waited before the item is stored again",
        ),
        valid(
            _case(_KEYED, between='kept = inflight["a"]\n    kept.wait()'),
            "a dict item's Pending kept by a name and waited before the item is stored again",
        ),
        valid(
            _case(_ROWS, rows='("a", x), ("b", y), ("c", z)', before="pass"),
            "rows of different keys: every item stored once",
        ),
        valid(
            _case(
                _ROWS,
                rows='("a", x), ("b", y), ("a", z)',
                before="if rid in inflight:\n            inflight[rid].wait()",
            ),
            "a key that comes again: its earlier Pending waited before the store",
        ),
    ),
    "TC102": (
        valid(
            _case(_ROWS, rows='("a", x), ("b", y), ("c", z)', before="pass"),
            "rows kept in a name whose tensors are apart: each step writes another tensor",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            _case(_SAVER, "  # TC108", before="pass", each="pass"),
            "a method storing its new Pending in an attribute, called again in a loop before "
            "the flush: the earlier calls' Pendings are dropped unwaited",
            typed=False,  # an attribute's Pending across calls: beyond the mypy plugin
        ),
        invalid(
            _case(_HOLDER, "  # TC108", each="pass"),
            "an instance's attribute given a new Pending on every turn, only the last waited",
            typed=False,
        ),
        invalid(
            _case(_KEYED, "  # TC108", between="pass"),
            "a dict item stored again by constant key before its Pending was waited",
            typed=False,
        ),
        invalid(
            _case(_ROWS, "  # TC108", rows='("a", x), ("b", y), ("a", z)', before="pass"),
            "a loop over rows whose key comes twice: the first Pending of that key is dropped",
            typed=False,
        ),
    ),
    "TC102": (
        invalid(
            _case(_ROWS, "  # TC102", rows='("a", x), ("b", x[0:16])', before="pass"),
            "rows whose tensors overlap (a tensor and its view): the second step writes what "
            "the first one's op still writes",
            typed=False,
        ),
    ),
}
