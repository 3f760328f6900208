"""Examples of round 23B of issue 17 (iteration forms over containers): a ``map`` (or
``filter``) kept in a name applies its function only when something walks it, so Pendings
"waited" by ``waits = map(methodcaller("wait"), pends)`` are still in flight at a read before
the walk (TC102 there); and ``for op in ops: op.sync()`` after ``tr.zip(*ops)`` runs an op the
zip already ran (TC110 at the loop's run). The VALID ones run clean and must stay silent; the
INVALID ones are real errors (the interpreter raises at the read or the second run)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_LAZY = """
from collections import deque
from operator import methodcaller


def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    pends = [scale(o.partition((8,)), 2.0).submit() for o in outs]
    {keep}
    {before}print([float(o.to_numpy()[0]) for o in outs]){mark}
    {after}
"""

_ZIPPED = """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    ops = [scale(o.partition((8,)), 2.0) for o in outs]
    {zip}
    for op in ops:
        {step}{mark}
    {after}print([float(o.to_numpy()[0]) for o in outs])
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(
                _LAZY,
                keep='waits = map(methodcaller("wait"), pends)',
                before="deque(waits, maxlen=0)\n    ",
                after="",
            ),
            "a kept map of waits drained by a zero-length deque before the read",
        ),
        valid(
            _case(
                _LAZY,
                keep="waits = map(lambda p: p.wait(), pends)",
                before="for _ in waits:\n        pass\n    ",
                after="",
            ),
            "a kept map of waits walked by a loop before the read",
        ),
        valid(
            _case(
                _LAZY,
                keep='waits = map(methodcaller("wait"), pends)',
                before="done = waits\n    list(done)\n    ",
                after="",
            ),
            "a kept map of waits walked through another name before the read",
        ),
    ),
    "TC110": (
        valid(
            _case(_ZIPPED, zip="z = tr.zip(*ops)", step="print(op)", after="z.sync()\n    "),
            "ops zipped, only printed by the loop, the zip run after",
        ),
        valid(
            _case(
                _ZIPPED,
                zip="tr.zip(*ops).sync()",
                step="op = scale(outs[0].partition((8,)), 3.0)\n        op.sync()",
                after="",
            ),
            "ops zipped and run; the loop runs a new op it binds to the target",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(
                _LAZY,
                "  # TC102",
                keep='waits = map(methodcaller("wait"), pends)',
                before="",
                after="list(waits)",
            ),
            "a map of waits kept and walked only after the read: nothing waited yet",
            typed=False,  # items of a list: beyond the mypy plugin's types
        ),
        invalid(
            _case(
                _LAZY,
                "  # TC102",
                keep="waits = filter(lambda p: p.wait() is None, pends)",
                before="",
                after="",
            ),
            "a filter of waits kept and never walked",
            typed=False,
        ),
    ),
    "TC110": (
        invalid(
            _case(_ZIPPED, "  # TC110", zip="tr.zip(*ops).sync()", step="op.sync()", after=""),
            "ops zipped and run, then each synced again by a loop",
            typed=False,
        ),
        invalid(
            _case(
                _ZIPPED,
                "  # TC110",
                zip="tr.zip(*ops).submit().wait()",
                step="op.submit()",
                after="",
            ),
            "ops zipped and submitted, then each submitted again by a loop",
            typed=False,
        ),
    ),
}
