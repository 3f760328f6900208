"""Examples of round 35K of issue 17 (container items across a loop's turns): a (buffer,
Pending) row kept per key by ``d.setdefault(k, row)`` as ``d[k] = row`` keeps it (a walk of
``d.items()`` pairs each row's Pending with its own buffer); a list of slots of a constant
length (``[None] * SLOTS``, ``[... for _ in range(SLOTS)]``) known as a display's; a dict of
Pendings made right there, an entry dropped by ``pop``/``popitem``/``del`` under a computed key
with none ever waited (``tilecheck.host.popped_any``); a double buffer
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
    "TC108": (
        valid(
            """

def main() -> None:
    outs = {rid: tr.zeros((64,)) for rid in range(4)}
    src = tr.ones((64,))
    inflight = {}
    for rid in outs:
        inflight[rid] = copy(outs[rid].partition((32,)), src).submit()
    for rid in [0, 1, 2, 3]:
        inflight[rid].wait()
        inflight.pop(rid)
    print(outs[0].to_numpy()[0])
""",
            "each request's Pending waited through the dict before its entry is popped",
        ),
        valid(
            """

def main() -> None:
    outs = {rid: tr.zeros((64,)) for rid in range(4)}
    src = tr.ones((64,))
    inflight = {}
    for rid in outs:
        inflight[rid] = copy(outs[rid].partition((32,)), src).submit()
    for rid in [0, 1, 2, 3]:
        inflight.pop(rid).wait()
    print(outs[0].to_numpy()[0])
""",
            "the popped Pending waited",
        ),
    ),
    "TC102": (
        valid(
            """

def main() -> None:
    src = tr.ones((64,))
    staged = {}
    for name in ["a", "b", "c"]:
        out = tr.zeros((64,))
        staged.setdefault(name, (out, copy(out.partition((32,)), src).submit()))
    for name, (out, pend) in staged.items():
        pend.wait()
        print(name, out.to_numpy()[0])
""",
            "a (buffer, Pending) pair kept per key by `setdefault`, waited before the read",
        ),
        valid(
            """

SLOTS = 2


def main(steps: int) -> None:
    src = tr.ones((64,))
    ring = [tr.zeros((64,)) for _ in range(SLOTS)]
    inflight: list[tr.Pending | None] = [None] * SLOTS
    total = 0.0
    for step in range(steps):
        old = inflight[step % SLOTS]
        if old is not None:
            old.wait()
            total += float(ring[step % SLOTS].to_numpy().sum())
        inflight[step % SLOTS] = copy(ring[step % SLOTS].partition((32,)), src).submit()
    for slot, pending in enumerate(inflight):
        if pending is not None:
            pending.wait()
            total += float(ring[slot].to_numpy().sum())
    print(total)
""",
            "a ring of a constant number of slots, `[None] * SLOTS`, drained by `enumerate`",
        ),
    ),
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
    "TC108": (
        _beyond(
            invalid(
                """

def main() -> None:
    outs = {rid: tr.zeros((64,)) for rid in range(4)}
    src = tr.ones((64,))
    inflight = {}
    for rid in outs:
        inflight[rid] = copy(outs[rid].partition((32,)), src).submit()  # TC108
    for rid in [0, 1, 2, 3]:
        inflight.pop(rid)
    print(len(inflight))
""",
                "finished requests' entries popped and dropped, their Pendings never waited",
            )
        ),
        _beyond(
            invalid(
                """

def main() -> None:
    outs = {rid: tr.zeros((64,)) for rid in range(4)}
    src = tr.ones((64,))
    inflight = {}
    for rid in outs:
        inflight[rid] = copy(outs[rid].partition((32,)), src).submit()  # TC108
    for rid in [0, 1, 2, 3]:
        del inflight[rid]
""",
                "entries deleted by a computed key",
            )
        ),
        _beyond(
            invalid(
                """

outs = [tr.zeros((64,)) for _ in range(4)]
src = tr.ones((64,))
jobs: dict[str, tr.Pending] = dict()
for i, out in enumerate(outs):
    jobs[f"job{i}"] = copy(out.partition((32,)), src).submit()  # TC108
while jobs:
    jobs.popitem()
""",
                "module level: every entry dropped by `popitem` until the dict is empty",
            )
        ),
    ),
    "TC102": (
        invalid(
            """

def main() -> None:
    src = tr.ones((64,))
    staged = {}
    for name in ["a", "b", "c"]:
        out = tr.zeros((64,))
        staged.setdefault(name, (out, copy(out.partition((32,)), src).submit()))
    for name, (out, pend) in staged.items():
        print(name, out.to_numpy()[0])  # TC102
        pend.wait()
""",
            "a row's buffer read before its own Pending is waited",
        ),
        _beyond(
            invalid(
                """

SLOTS = 4


def main(steps: int) -> None:
    src = tr.ones((64,))
    ring = [tr.zeros((64,)) for _ in range(SLOTS)]
    inflight: list[tr.Pending | None] = [None] * SLOTS
    total = 0.0
    for step in range(steps):
        inflight[step % SLOTS] = copy(ring[step % SLOTS].partition((32,)), src).submit()
        done = (step + 1) % SLOTS
        p = inflight[done]
        if p is not None:
            p.wait()
        total += float(ring[step % SLOTS].to_numpy().sum())  # TC102
    for pending in inflight:
        if pending is not None:
            pending.wait()
    print(total)
""",
                "a ring's slot read while its own Pending, just submitted, still writes it",
            )
        ),
    ),
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
