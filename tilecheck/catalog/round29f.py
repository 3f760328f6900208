"""Examples of round 29F of issue 17, single gates made general rules: a part of a reshaped
tensor is the part of its base its memory is (``tilecheck.host.flat_views``); an operator's
exception (``/`` by zero, a subscript, ``int()`` of a bad string) leaves a ``try`` body only
where a handler names it or a base of it (``tilecheck.host.raised_drops``); a comprehension's
first ``if`` runs on every item (``tilecheck.host.comprehension_filters``); a gathered
coroutine's first part reads the module's tensors where the gather starts it. The VALID ones
run clean and must stay silent; the INVALID ones are real errors (the interpreter raises, or
warns the op unrun, at the mark)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_ROWS = """

def main() -> None:
    kv = tr.zeros((3, 32))
    first = scale(kv[0].partition((32,)), 2.0).submit()
    last = scale(kv[2].partition((32,)), 2.0).submit()
    first.wait()
    {read}
    last.wait()
"""

_RAISED = """

def norm(out: tr.Tensor[f32], counts: list[int]) -> float:
    try:
        {made}
        inv = {risky}
        {done}
    except {caught}:
        inv = 0.0
    return inv


def main() -> None:
    print(norm(tr.zeros((16,)), {counts}))
"""

_FILTERED = """

def main() -> None:
    outs = [tr.zeros((16,)) for _ in range(4)]
    pends = [scale(o.partition((16,)), 2.0).submit() for o in outs]
    {waits}
    print(outs[3].to_numpy()){mark}
    for p in pends:
        p.wait()
"""

_GATHERED = """

import asyncio

shared = tr.zeros((32,))


async def produce() -> None:
    pend = scale(shared.partition((32,)), 2.0).submit()
    await asyncio.sleep(0)
    await pend


async def report() -> float:
    return float(shared.to_numpy().sum()){mark}


async def main() -> None:
    print(await asyncio.gather({order}))
"""

_OP = "op = scale(out.partition((16,)), 2.0)"
_OP_MARKED = "op = scale(out.partition((16,)), 2.0)  # TC105"
_PEND_MARKED = "pend = scale(out.partition((16,)), 2.0).submit()  # TC108"

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _ROWS.format(read="print(kv.reshape(-1)[:8].to_numpy())"),
            "the first entries of the flat view are the waited first row's",
        ),
        valid(
            _ROWS.format(read="print(kv.reshape(6, 16)[1].to_numpy())"),
            "row 1 of a (6, 16) reshape of (3, 32) is the second half of the waited row 0",
        ),
        valid(
            _FILTERED.format(waits="n = sum(1 for p in pends if p.wait() is None)", mark=""),
            "the filter's wait runs on every item, whichever way it goes",
        ),
        valid(
            _GATHERED.format(order="report(), produce()", mark=""),
            "the reporter is gathered first: it reads before the producer submits",
        ),
    ),
    "TC105": (
        valid(
            _RAISED.format(
                made=_OP,
                risky="1.0 / sum(counts)",
                done="op.sync()",
                caught="TypeError",
                counts="[1]",
            ),
            "the handler names an exception the division does not raise",
        ),
        valid(
            _RAISED.format(
                made=_OP,
                risky="sum(counts) / 4",
                done="op.sync()",
                caught="Exception",
                counts="[0]",
            ),
            "a division by a constant other than zero never raises",
        ),
    ),
    "TC108": (
        valid(
            """

def pick(out: tr.Tensor[f32], rows: list[float], i: int) -> float:
    try:
        pend = scale(out.partition((16,)), 2.0).submit()
        value = rows[i]
    except IndexError:
        pend.wait()
        return 0.0
    pend.wait()
    return value


def main() -> None:
    print(pick(tr.zeros((16,)), [1.0], 3))
""",
            "the handler the subscript's exception reaches waits the Pending",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _ROWS.format(read="print(kv.reshape(-1)[-8:].to_numpy())  # TC102"),
            "the last entries of the flat view are row 2's, still written",
        ),
        invalid(
            _ROWS.format(read="print(kv.reshape(2, 48)[1, 40:].to_numpy())  # TC102"),
            "the tail of a (2, 48) reshape is the tail of row 2, still written",
        ),
        invalid(
            _FILTERED.format(
                waits="n = sum(1 for p in pends[:2] if p.wait() is None)", mark="  # TC102"
            ),
            "the filter waits the first two only: the fourth output is still written",
        ),
        invalid(
            _GATHERED.format(order="produce(), report()", mark="  # TC102"),
            "the producer's first part submits, then the reporter's runs and reads",
        ),
    ),
    "TC105": (
        invalid(
            _RAISED.format(
                made=_OP_MARKED,
                risky="1.0 / sum(counts)",
                done="op.sync()",
                caught="ArithmeticError",
                counts="[0, 0]",
            ),
            "the division raises into a handler naming its base: the op is never run",
        ),
        invalid(
            _RAISED.format(
                made=_OP_MARKED,
                risky="float(counts[2])",
                done="op.sync()",
                caught="(IndexError, ValueError)",
                counts="[0, 0]",
            ),
            "the subscript raises IndexError, which the handler takes: the op is never run",
        ),
    ),
    "TC108": (
        invalid(
            _RAISED.format(
                made=_PEND_MARKED,
                risky="len(counts) // sum(counts)",
                done="pend.wait()",
                caught="ZeroDivisionError",
                counts="[0, 0]",
            ),
            "the floor division raises before the wait: the Pending is dropped unwaited",
        ),
    ),
}
