"""Examples of round 26A of issue 17 (comprehensions followed position by position): a list
comprehension over a constant ``range``, a display or another such comprehension, whose result
is taken apart by position (a constant slice, negative or strided, ``*x`` in a call, a
generator or list unpacked into names), holds one value per position, so ``pend[::2]`` walks
the even items only and ``settle(*pend[1:])`` never waits the first. The VALID ones run clean
and must stay silent; the INVALID ones are real errors (the interpreter raises at the mark)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_STRIDED = """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(4)]
    pend = [scale(o.partition((8,)), 2.0).submit() for o in outs]
    for p in pend[::2]:
        p.wait()
    {read}
    for p in pend[1::2]:
        p.wait()
"""

_SPREAD = """

def settle(*pendings: tr.Pending) -> None:
    for p in pendings:
        p.wait()


def main() -> None:
    rows = [tr.zeros((32,)) for _ in range(3)]
    pend = [scale(r.partition((8,)), float(i)).submit() for i, r in enumerate(rows)]
    settle(*pend[1:])
    {read}
    pend[0].wait()
"""

_UNPACKED = """

def main() -> None:
    row = 1
    keys = tr.zeros((4, 32))
    values = tr.zeros((4, 32))
    k_part, v_part = (t[row].partition((8,)) for t in (keys, values))
    scale(k_part, 2.0).sync()
    {read}
    scale(v_part, 2.0).sync()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _STRIDED.format(read="print(outs[0].to_numpy(), outs[2].to_numpy())"),
            "the items a strided slice of the Pendings waited for are read",
        ),
        valid(
            _SPREAD.format(read="print(rows[2].to_numpy())"),
            "*pend[1:] spread into a helper that waits each: the last row is settled",
        ),
    ),
    "TC104": (
        valid(
            _UNPACKED.format(read="print(keys.to_numpy())"),
            "a generator unpacked into two partitions: the consumed one's tensor is read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _STRIDED.format(read="print(outs[1].to_numpy())  # TC102"),
            "pend[::2] waits the even items only: an odd one is still written",
        ),
        invalid(
            _SPREAD.format(read="print(rows[0].to_numpy())  # TC102"),
            "*pend[1:] leaves the first Pending out: its row is still written",
        ),
    ),
    "TC104": (
        invalid(
            _UNPACKED.format(read="print(values.to_numpy())  # TC104"),
            "the second partition a generator unpacked into names made is still alive",
            typed=False,
        ),
    ),
}
