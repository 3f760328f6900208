"""Examples of round 28H of issue 17 (a ``for`` over a container of known length built slot by
slot, ``tilecheck.flow.unroll``): a loop that takes rows apart (``for out, pend in
zip(outs, pends)``, ``for (name, out), pend in zip(bufs.items(), pends)``, ``f(*pair)`` of a
display of tuples) binds each turn's names to that slot's items, so the Pending waited in a
turn is the one of the output read in that turn. The VALID ones run clean and must stay
silent; the INVALID ones are real errors (the interpreter raises at the mark)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_ZIPPED = """

def main() -> None:
    a = tr.zeros((32,))
    b = tr.zeros((32,))
    pa = scale(a.partition((8,)), 2.0).submit()
    pb = scale(b.partition((8,)), 3.0).submit()
    for out, pend in zip([a, b], [{first}, {second}]):
        {body}
"""

_ITEMS = """

def main() -> None:
    bufs = {{"q": tr.zeros((32,)), "k": tr.zeros((32,))}}
    pends = [scale(b.partition((8,)), 2.0).submit() for b in bufs.values()]
    sums = {{}}
    for (name, out), pend in zip(bufs.items(), pends):
        {body}
    print(sums)
"""

_ROWS = """

def main() -> None:
    a = tr.zeros((32,))
    b = tr.zeros((32,))
    jobs = [
        (a, scale(a.partition((8,)), 2.0).submit()),
        (b, scale(b.partition((8,)), 3.0).submit()),
    ]
    for out, pend in jobs:
        {body}
"""

_SPREAD = """

def main() -> None:
    h = tr.zeros((32,))
    u = tr.ones((32,))
    w = tr.ones((32,))
    for pair in [(u,), ({second},)]:
        copy(h.partition((8,)), *pair).sync(){mark}
    print(h.to_numpy())
"""

_OPS = """

def main() -> None:
    a = tr.zeros((32,))
    b = tr.zeros((32,))
    ops = (scale(a.partition((8,)), 2.0), scale(b.partition((8,)), 3.0))
    for op in ops:
        op.sync()
    {after}
"""

_WAIT_READ = "pend.wait()\n        print(out.to_numpy())"
_READ_WAIT = "print(out.to_numpy())  # TC102\n        pend.wait()"

VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        valid(
            _SPREAD.format(second="w", mark=""),
            "each turn spreads a pair of other tensors into the launch",
        ),
    ),
    "TC102": (
        valid(
            _ZIPPED.format(first="pa", second="pb", body=_WAIT_READ),
            "each turn waits the Pending of the output it reads (zip of two displays)",
        ),
        valid(
            _ITEMS.format(body="pend.wait()\n        sums[name] = float(out.to_numpy().sum())"),
            "a dict's items zipped with the Pendings its values were given to, waited first",
        ),
        valid(
            _ROWS.format(body=_WAIT_READ),
            "rows of (output, Pending) taken apart: each waited before its output is read",
        ),
    ),
    "TC110": (
        valid(
            _OPS.format(after="print(a.to_numpy(), b.to_numpy())"),
            "a tuple of ops, each run once by the loop, then their outputs read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            _SPREAD.format(second="h", mark="  # TC101"),
            "the second turn spreads the tensor the launch writes into its shared argument",
            typed=False,
        ),
    ),
    "TC102": (
        invalid(
            _ZIPPED.format(
                first="pb", second="pa", body="pend.wait()\n        print(out.to_numpy())  # TC102"
            ),
            "the Pendings zipped in the other order: the first turn reads `a` while `pa` runs",
        ),
        invalid(
            _ITEMS.format(
                body="sums[name] = float(out.to_numpy().sum())  # TC102\n        pend.wait()"
            ),
            "a dict's items zipped with their Pendings: each output read before its wait",
        ),
        invalid(
            _ROWS.format(body=_READ_WAIT),
            "rows of (output, Pending): the output read before its Pending is waited",
        ),
    ),
    "TC110": (
        invalid(
            _OPS.format(after="for op in ops:\n        op.sync()  # TC110"),
            "the ops of a tuple run by a loop, then run again by a second loop",
        ),
    ),
}
