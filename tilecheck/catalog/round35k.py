"""Examples of round 35K of issue 17 (container items across a loop's turns): a double buffer
whose last statement is an ``if`` that tells the loop's last turn (``i + 1 < n``, ``i < len(xs)
- 1``, ``step == STEPS - 1``: ``tilecheck.flow.last_turn``) prefetches the next chunk only on
the other turns, the previous turn's Pending (kept in a slot of a list, ``pend[(i + 1) % 2]``)
waited first; the last turn leaves the loop there, so what it skips never reaches a next turn.
The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from dataclasses import replace

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid


def _beyond(case: Case) -> Case:
    """A case the mypy plugin does not read as the checker does (it types each launch alone:
    a list's slots across a loop's turns are not followed)."""
    return replace(case, typed=False)


VALID: dict[str, tuple[Case, ...]] = {
    "TC103": (
        valid(
            """

def main(n: int) -> None:
    src = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(n)]
    bufs = [tr.zeros((64,)), tr.zeros((64,))]
    pend: list[tr.Pending | None] = [None, None]
    copy(bufs[0].partition((32,)), src).sync()
    for i in range(n):
        pend[i % 2] = copy(outs[i].partition((32,)), bufs[i % 2]).submit()
        if i + 1 < n:
            old = pend[(i + 1) % 2]
            if old is not None:
                old.wait()
            copy(bufs[(i + 1) % 2].partition((32,)), src).sync()
    for p in pend:
        if p is not None:
            p.wait()
""",
            "a double buffer's prefetch on every turn but the last, the slot's Pending waited",
        ),
        valid(
            """

STEPS = 6


def main() -> None:
    src = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(STEPS)]
    bufs = [tr.zeros((64,)), tr.zeros((64,))]
    inflight: list[tr.Pending | None] = [None, None]
    copy(bufs[0].partition((32,)), src).sync()
    for step in range(STEPS):
        inflight[step % 2] = copy(outs[step].partition((32,)), bufs[step % 2]).submit()
        if step == STEPS - 1:
            print("last step")
        else:
            prev = inflight[(step + 1) % 2]
            if prev is not None:
                prev.wait()
            copy(bufs[(step + 1) % 2].partition((32,)), src).sync()
    for p in inflight:
        if p is not None:
            p.wait()
""",
            "the last turn told by `==` in the `if`, the prefetch in its `else`",
        ),
        valid(
            """

xs = [tr.ones((64,)) for _ in range(4)]
ys = [tr.zeros((64,)) for _ in xs]
ring = [tr.zeros((64,)), tr.zeros((64,))]
slots: list[tr.Pending | None] = [None, None]
copy(ring[0].partition((32,)), xs[0]).sync()
for k, x in enumerate(xs):
    slots[k % 2] = copy(ys[k].partition((32,)), ring[k % 2]).submit()
    if k < len(xs) - 1:
        w = slots[(k + 1) % 2]
        if w is not None:
            w.wait()
        copy(ring[(k + 1) % 2].partition((32,)), xs[k + 1]).sync()
for s in slots:
    if s is not None:
        s.wait()
""",
            "module level, `enumerate` and `len(xs) - 1`",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC103": (
        _beyond(
            invalid(
                """

def main(n: int) -> None:
    src = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(n)]
    bufs = [tr.zeros((64,)), tr.zeros((64,))]
    pend: list[tr.Pending | None] = [None, None]
    copy(bufs[0].partition((32,)), src).sync()
    for i in range(n):
        pend[i % 2] = copy(outs[i].partition((32,)), bufs[i % 2]).submit()
        if i + 1 < n:
            copy(bufs[(i + 1) % 2].partition((32,)), src).sync()  # TC103
            old = pend[(i + 1) % 2]
            if old is not None:
                old.wait()
    for p in pend:
        if p is not None:
            p.wait()
""",
                "the prefetch before the wait of the slot's Pending that still reads the buffer",
            )
        ),
        _beyond(
            invalid(
                """

STEPS = 6


def main() -> None:
    src = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(STEPS)]
    bufs = [tr.zeros((64,)), tr.zeros((64,))]
    inflight: list[tr.Pending | None] = [None, None]
    copy(bufs[0].partition((32,)), src).sync()
    for step in range(STEPS):
        inflight[step % 2] = copy(outs[step].partition((32,)), bufs[step % 2]).submit()
        if step == STEPS - 1:
            print("last step")
        else:
            prev = inflight[(step + 1) % 2]
            if prev is not None:
                print("still running")
            copy(bufs[(step + 1) % 2].partition((32,)), src).sync()  # TC103
    for p in inflight:
        if p is not None:
            p.wait()
""",
                "the previous turn's Pending looked at but never waited before the prefetch",
            )
        ),
    ),
}
