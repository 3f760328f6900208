"""Examples of round 39I of issue 17 (computed indices; ring buffers with a bounded queue).

An index of constants (``slots[(0 + 1) % 2]``, ``bufs[(1 + 1) % N]``) is the item it folds
to. A ``range`` loop that turns through a ring by a remainder of its counter (``bufs[i %
2]``, ``pend[(i - 2) % 3]``, ``j = i % 3``) of a few turns is followed turn by turn, each index
the constant it is on that turn and each ``if i + 1 < STEPS:`` decided. A queue of Pendings
(``deque()`` or a list, ``popleft()`` or ``pop(0)``) waited when it reaches its depth tells
which ring slots are still written: also where the oldest item is taken into a name the next
statement waits (``p = q.popleft()``, ``p.wait()``) or is a ``(pending, slot)`` tuple
(``p, slot = q.popleft()``). The depth check off by one (a slot reused while still in
flight) is reported.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_RING_OK = """
from collections import deque


def main() -> None:
    x = tr.ones((64,))
    ring = [tr.zeros((64,)) for _ in range(3)]
    inflight = deque()
    for i in range(7):
        if len(inflight) == 2:
            pend, slot = inflight.popleft()
            pend.wait()
            print(ring[slot].to_numpy())
        slot = i % 3
        inflight.append((copy(ring[slot].partition((32,)), x).submit(), slot))
    while inflight:
        pend, slot = inflight.popleft()
        pend.wait()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
from dataclasses import dataclass


@dataclass
class Slot:
    buf: tr.Tensor
    pending: tr.Pending | None = None


def main() -> None:
    src = tr.ones((64,))
    slots = [Slot(tr.zeros((64,))), Slot(tr.zeros((64,)))]
    slots[0].pending = copy(slots[0].buf.partition((32,)), src).submit()
    nxt = slots[(0 + 1) % 2]
    nxt.pending = copy(nxt.buf.partition((32,)), src).submit()
    slots[0].pending.wait()
    nxt.pending.wait()
""",
            "the spare of two staging objects picked by an index of constants, `(0 + 1) % 2`",
        ),
        valid(
            """
N = 2


def main() -> None:
    src = tr.ones((64,))
    bufs = [tr.zeros((64,)) for _ in range(N)]
    p = copy(bufs[0].partition((32,)), src).submit()
    q = copy(bufs[(0 + 1) % N].partition((32,)), src).submit()
    p.wait()
    q.wait()
""",
            "a list item by a folded index: the other buffer than the one in flight",
        ),
        valid(
            _RING_OK, "a ring of three, a deque of (Pending, slot) waited when two are in flight"
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((64,))
    bufs = [tr.zeros((64,)) for _ in range(2)]
    pending = []
    for step in range(6):
        pending.append(copy(bufs[step % 2].partition((32,)), x).submit())
        if len(pending) >= 2:
            pending.pop(0).wait()
    for p in pending:
        p.wait()
""",
            "a list used as a queue: appended, then the oldest popped and waited at depth two",
        ),
        valid(
            """
from collections import deque


def main() -> None:
    x = tr.ones((64,))
    ring = [tr.zeros((64,)) for _ in range(4)]
    q = deque()
    for i in range(10):
        if len(q) == 3:
            oldest = q.popleft()
            oldest.wait()
        q.append(copy(ring[i % 4].partition((32,)), x).submit())
    while q:
        last = q.popleft()
        last.wait()
""",
            "the oldest Pending taken into a name the next statement waits",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((64,))
    slots = [tr.zeros((64,)) for _ in range(3)]
    pend = [None, None, None]
    for i in range(4):
        j = i % 3
        if pend[j] is not None:
            pend[j].wait()
        pend[j] = scale(slots[j].partition((32,)), 2.0).submit()
        if i >= 2:
            pend[(i - 2) % 3].wait()
            print(slots[(i - 2) % 3].to_numpy())
    for p in pend:
        if p is not None:
            p.wait()
""",
            "triple buffering reading the slot two turns back after waiting it (turn by turn)",
        ),
        valid(
            """
BATCHES = 4


def main() -> None:
    inputs = [tr.ones((64,)) for _ in range(BATCHES)]
    mid = [tr.zeros((64,)) for _ in range(2)]
    outs = [tr.zeros((64,)) for _ in range(BATCHES)]
    stage1 = copy(mid[0].partition((32,)), inputs[0]).submit()
    stage2 = None
    for i in range(BATCHES):
        stage1.wait()
        if stage2 is not None:
            stage2.wait()
        stage2 = copy(outs[i].partition((32,)), mid[i % 2]).submit()
        if i + 1 < BATCHES:
            stage1 = copy(mid[(i + 1) % 2].partition((32,)), inputs[i + 1]).submit()
    if stage2 is not None:
        stage2.wait()
""",
            "a two-stage pipeline: the last turn's `if i + 1 < BATCHES` decided, nothing left",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
from dataclasses import dataclass


@dataclass
class Slot:
    buf: tr.Tensor
    pending: tr.Pending | None = None


def main() -> None:
    src = tr.ones((64,))
    slots = [Slot(tr.zeros((64,))), Slot(tr.zeros((64,)))]
    slots[0].pending = copy(slots[0].buf.partition((32,)), src).submit()
    nxt = slots[(1 + 1) % 2]
    nxt.pending = copy(nxt.buf.partition((32,)), src).submit()  # TC102
    slots[0].pending.wait()
""",
            "`(1 + 1) % 2` folds to 0: the staging object still being filled",
        ),
        invalid(
            _RING_OK.replace("len(inflight) == 2", "len(inflight) == 4").replace(
                "x).submit(), slot))", "x).submit(), slot))  # TC102"
            ),
            "the ring's depth check off by one: a slot reused while still in flight",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((64,))
    bufs = [tr.zeros((64,)) for _ in range(2)]
    pending = []
    for step in range(6):
        pending.append(copy(bufs[step % 2].partition((32,)), x).submit())  # TC102
        if len(pending) > 2:
            pending.pop(0).wait()
    for p in pending:
        p.wait()
""",
            "a list queue trimmed one too late: two buffers, three in flight",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((64,))
    slots = [tr.zeros((64,)) for _ in range(3)]
    pend = [None, None, None]
    for i in range(4):
        j = i % 3
        if pend[j] is not None:
            pend[j].wait()
        pend[j] = scale(slots[j].partition((32,)), 2.0).submit()
        if i >= 2:
            pend[(i - 2) % 3].wait()
            print(slots[(i - 1) % 3].to_numpy())  # TC102
    for p in pend:
        if p is not None:
            p.wait()
""",
            "triple buffering reading the slot one turn back, still written",
        ),
    ),
}
