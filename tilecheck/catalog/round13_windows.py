"""Examples of round 13 of issue 17 (the seventh held-out set's false alarm p066): a window of
Pendings over the rows of a ring (``inflight.append(fill(ring[step % 4], ...))``, ``if
len(inflight) > 2: inflight.popleft().wait()``): the queue holds the Pendings of the last
turns only, whose rows differ from this turn's while the window is smaller than the ring.
Submitted inline or through a helper; a window of one through a local helper too. The VALID
ones run clean and must stay silent; the INVALID ones are real errors (the interpreter raises
at the marked line): a window as large as the ring, a read of a row still in the window, a
``continue`` that skips an append (not every turn appends, so the queue may hold older rows)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_FILL = """
from collections import deque


def fill(dst: Tensor[f32], a: float) -> tr.Pending:
    return scale(dst.partition((64,)), a).submit()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
from collections import deque


def main() -> None:
    ring = tr.ones((4, 256))
    inflight: deque[tr.Pending] = deque()
    for step in range(10):
        slot = step % 4
        inflight.append(scale(ring[slot].partition((64,)), 2.0).submit())
        if len(inflight) > 2:
            inflight.popleft().wait()
    while inflight:
        inflight.popleft().wait()
    print(ring.to_numpy())
""",
            "a window of two Pendings over four rows (`ring[step % 4]`): the queued ones "
            "write the rows of the last two turns, not this turn's",
        ),
        valid(
            _FILL
            + """

def main() -> None:
    ring = tr.ones((4, 256))
    inflight: deque[tr.Pending] = deque()
    for step in range(10):
        if len(inflight) >= 2:
            inflight.popleft().wait()
        inflight.append(fill(ring[(step + 1) % 4], 2.0))
    while inflight:
        inflight.popleft().wait()
    print(ring.to_numpy())
""",
            "the window bounded before the append, the Pending made by a helper writing the "
            "row it is given: the queued ones write the last two turns' rows",
        ),
        valid(
            _FILL
            + """

def main() -> None:
    ring = tr.ones((4, 256))
    inflight: deque[tr.Pending] = deque()
    total = 0.0
    for step in range(10):
        inflight.append(fill(ring[step % 4], 2.0))
        if len(inflight) > 2:
            inflight.popleft().wait()
        total += float(ring[(step + 2) % 4].to_numpy()[0])
    while inflight:
        inflight.popleft().wait()
    print(total)
""",
            "a row two turns old read once the window is back to two: its Pending was waited",
        ),
        valid(
            _FILL
            + """

def main() -> None:
    ring = tr.ones((4, 256))
    out = tr.zeros((256,))
    inflight: deque[tr.Pending] = deque()
    for step in range(10):
        inflight.append(fill(ring[step % 4], 2.0))
        if len(inflight) > 1:
            inflight.popleft().wait()
        copy(out.partition((64,)), ring[(step - 1) % 4]).sync()
    while inflight:
        inflight.popleft().wait()
    print(out.to_numpy())
""",
            "a window of one through a local helper: the queue holds only the latest Pending",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
from collections import deque


def main() -> None:
    ring = tr.ones((4, 256))
    inflight: deque[tr.Pending] = deque()
    for step in range(10):
        inflight.append(scale(ring[step % 4].partition((64,)), 2.0).submit())  # TC102
        if len(inflight) > 4:
            inflight.popleft().wait()
    while inflight:
        inflight.popleft().wait()
    print(ring.to_numpy())
""",
            "a window of four over four rows: the Pending of four turns ago still writes "
            "this turn's row",
            typed=False,
        ),
        invalid(
            """
from collections import deque


def main() -> None:
    ring = tr.ones((2, 256))
    inflight: deque[tr.Pending] = deque()
    for step in range(10):
        inflight.append(scale(ring[step % 2].partition((64,)), 2.0).submit())  # TC102
        if len(inflight) > 2:
            inflight.popleft().wait()
    while inflight:
        inflight.popleft().wait()
    print(ring.to_numpy())
""",
            "a window of two over two rows: the queue still holds this turn's row",
            typed=False,
        ),
        invalid(
            _FILL
            + """

def main() -> None:
    ring = tr.ones((4, 256))
    inflight: deque[tr.Pending] = deque()
    total = 0.0
    for step in range(10):
        inflight.append(fill(ring[step % 4], 2.0))
        if len(inflight) > 2:
            inflight.popleft().wait()
        total += float(ring[(step + 3) % 4].to_numpy()[0])  # TC102
    while inflight:
        inflight.popleft().wait()
    print(total)
""",
            "the last turn's row (`(step + 3) % 4`) read while its Pending is still in the "
            "window of two",
            typed=False,
        ),
        invalid(
            """
from collections import deque


def main() -> None:
    ring = tr.ones((4, 256))
    inflight: deque[tr.Pending] = deque()
    for step in range(10):
        if step % 2 == 1:
            continue
        inflight.append(scale(ring[step % 4].partition((64,)), 2.0).submit())  # TC102
        if len(inflight) > 2:
            inflight.popleft().wait()
    while inflight:
        inflight.popleft().wait()
    print(ring.to_numpy())
""",
            "a turn that skips the append: the window of two holds the rows of four turns, "
            "this turn's among them",
            typed=False,
        ),
    ),
}
