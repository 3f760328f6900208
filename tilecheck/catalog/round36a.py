"""Examples of round 36A of issue 17 (a small loop's turns apart, with its ``if``s): a ``for``
over items known one by one (a display, ``enumerate`` of a known list) whose body tests
something each turn decides alike (``if prev is not None``, ``prev`` bound to the Pending an
earlier turn made) or by its counter (``if i > 0``, ``if i == 1``), and appends plain numbers
(``sums.append(float(...))``), is followed turn by turn (``tilecheck.flow.slot_tests``): each
turn's Pending is its own object, so a pipeline whose last turn is never waited is reported,
and a double buffer swapped each turn reads the buffer the last wait finished. The VALID ones
run clean and must stay silent; the INVALID ones are real errors (the interpreter raises at,
or warns naming, the marked line). So is a loop over literal keys that pops each one
(``for h in ("q", "k"): pending.pop(h).wait()``): its slots pop key by key."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            """

def main() -> None:
    heads = ("q", "k", "v")
    outs = {h: tr.ones((64,)) for h in heads}
    pending = {}
    for h in heads:
        pending[h] = scale(outs[h].partition((32,)), 2.0).submit()
    for h in ("q", "k", "v"):
        pending.pop(h).wait()
    pending.clear()
    print(outs["q"].to_numpy())
""",
            "a dict of Pendings by constant keys, each key popped and waited by a loop",
        ),
        valid(
            """

def main() -> None:
    bufs = [tr.ones((64,)), tr.ones((64,)), tr.ones((64,))]
    sums = []
    prev = None
    for i, buf in enumerate(bufs):
        pend = scale(buf.partition((32,)), 2.0).submit()
        if prev is not None:
            prev.wait()
            sums.append(float(bufs[i - 1].to_numpy().sum()))
        prev = pend
    prev.wait()
    print(sums, bufs[-1].to_numpy())
""",
            "a pipeline waits each turn's Pending on the next turn, and the last after the loop",
        ),
    ),
    "TC102": (
        valid(
            """

def main() -> None:
    src = tr.ones((64,))
    front, back = tr.zeros((64,)), tr.zeros((64,))
    prev = None
    for i, step in enumerate([1.0, 2.0, 3.0]):
        pend = copy(back.partition((32,)), src).submit()
        if prev is not None:
            prev.wait()
            print(step, front.to_numpy())
        front, back = back, front
        prev = pend
    prev.wait()
    print(front.to_numpy())
""",
            "a double buffer swapped each turn: each turn partitions the buffer already waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            """

def main() -> None:
    heads = ("q", "k", "v")
    outs = {h: tr.ones((64,)) for h in heads}
    pending = {}
    for h in heads:
        pending[h] = scale(outs[h].partition((32,)), 2.0).submit()  # TC108
    for h in ("q", "k"):
        pending.pop(h).wait()
    pending.clear()
    print(outs["q"].to_numpy())
""",
            "a loop pops two of three constant keys; clear() drops the third Pending unwaited",
        ),
        invalid(
            """

def main() -> None:
    bufs = [tr.ones((64,)), tr.ones((64,)), tr.ones((64,))]
    prev = None
    for i, buf in enumerate(bufs):
        pend = scale(buf.partition((32,)), 2.0).submit()  # TC108
        if i > 0:
            prev.wait()
        prev = pend
    print(bufs[0].to_numpy())
""",
            "a pipeline waits the previous turn's Pending; the last turn's is never waited",
        ),
        invalid(
            """

def main() -> None:
    a, b = tr.ones((64,)), tr.ones((64,))
    waiting = None
    for t in (a, b):
        op = scale(t.partition((32,)), 3.0).submit()  # TC108
        if waiting is not None:
            waiting.wait()
        waiting = op
    print(a.to_numpy())
""",
            "a loop over a tuple display waits the earlier turn's Pending only",
        ),
    ),
    "TC102": (
        invalid(
            """

def main() -> None:
    src = tr.ones((64,))
    front, back = tr.zeros((64,)), tr.zeros((64,))
    prev = None
    for i, step in enumerate([1.0, 2.0, 3.0]):
        pend = copy(back.partition((32,)), src).submit()
        if prev is not None:
            prev.wait()
        front, back = back, front
        prev = pend
        if i == 1:
            print(step, front.to_numpy())  # TC102
    prev.wait()
""",
            "a double buffer read right after the swap, before its writer is waited",
        ),
    ),
}
