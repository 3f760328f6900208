"""Examples of round 37M of issue 17 (rings of more than two slots).

A ring of ``n`` buffers with one Pending slot each (``pends[step % n] = k(bufs[step %
n]...).submit()``, the slot's Pending waited before its buffer is reused, ``if pends[slot] is
not None: pends[slot].wait()``) keeps ``n - 1`` turns in flight. Double buffering (``n`` = 2)
was followed; with three or more slots the turns before the last were taken together, so the
wait of the slot being reused settled none of them for certain (a false TC102 at the reuse)
and the store into the slot was taken to drop the earlier turns' Pending unwaited (a false
TC108). Each of the last ``n - 1`` turns' Pendings is now kept apart, in the slot it was
stored in, up to eight slots. A ring whose slot is reused without the wait is TC102.

An op taken from a list by the target of a small loop over constants (``for i in (0, 1):
ops[i].sync()``, the loop built slot by slot) is the item at that constant: run again through
``ops[0]`` afterwards is TC110, as after ``for op in ops: op.sync()``.

A drain zipping a list of Pendings with a slice of the outputs they write that starts elsewhere
(``zip(pends, outs[1:])``, ``zip(pends[1:], outs)``, ``outs[::-1]``) pairs each Pending with
another output: the step's output is some output, not the one its Pending wrote, so reading it
after the wait is TC102 (it was silence). Slices starting at the same position
(``zip(pends[:-1], outs[:-1])``) still line up.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    a = tr.zeros((32,))
    b = tr.zeros((32,))
    ops = [copy(a.partition((32,)), x), copy(b.partition((32,)), x)]
    for i in (0, 1):
        ops[i].sync()
    print(a.to_numpy()[0], b.to_numpy()[0])
""",
            "a list's ops run once each by index in a loop over constants",
        ),
    ),
    "TC102": (
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(3)]
    pends = [copy(o.partition((32,)), x).submit() for o in outs]
    for p, o in zip(pends[:-1], outs[:-1]):
        p.wait()
        print(o.to_numpy()[0])
    pends[-1].wait()
""",
            "a drain zipping the same slice of the Pendings and of the outputs they write",
        ),
        valid(
            """

SLOTS = 3


def main() -> None:
    x = tr.ones((32,))
    ring = [tr.zeros((32,)) for _ in range(SLOTS)]
    pending: list[tr.Pending | None] = [None] * SLOTS
    for step in range(10):
        slot = step % SLOTS
        if pending[slot] is not None:
            pending[slot].wait()
            print(step, ring[slot].to_numpy()[0])
        pending[slot] = copy(ring[slot].partition((32,)), x).submit()
    for p in pending:
        if p is not None:
            p.wait()
""",
            "a ring of three slots, each slot's Pending waited before its buffer is reused",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    ring = [tr.zeros((32,)) for _ in range(4)]
    pending = [copy(r.partition((32,)), x).submit() for r in ring]
    step = 4
    while step < 12:
        pending[step % 4].wait()
        print(ring[step % 4].to_numpy()[0])
        pending[step % 4] = copy(ring[step % 4].partition((32,)), x).submit()
        step += 1
    for p in pending:
        p.wait()
""",
            "a primed ring of four slots in a while loop, the index spelled in place",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    a = tr.zeros((32,))
    b = tr.zeros((32,))
    ops = [copy(a.partition((32,)), x), copy(b.partition((32,)), x)]
    for i in (0, 1):
        ops[i].sync()
    ops[0].sync()  # TC110
""",
            "a list's ops run by index in a loop over constants, the first run again",
        ),
    ),
    "TC102": (
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(3)]
    pends = [copy(o.partition((32,)), x).submit() for o in outs]
    for p, o in zip(pends, outs[1:]):
        p.wait()
        print(o.to_numpy()[0])  # TC102
    pends[-1].wait()
""",
            "a drain zipping each Pending with the next output: read before its own wait",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    ring = [tr.zeros((32,)) for _ in range(4)]
    pending: list[tr.Pending | None] = [None] * 4
    for step in range(10):
        slot = step % 4
        if pending[slot] is not None:
            print(ring[slot].to_numpy()[0])  # TC102
        pending[slot] = copy(ring[slot].partition((32,)), x).submit()
    for p in pending:
        if p is not None:
            p.wait()
""",
            "a ring of four slots whose buffer is read before the slot's Pending is waited",
            typed=False,
        ),
    ),
}
