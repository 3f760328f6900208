"""Examples of round 40N of issue 17 (per-item facts of containers filled in loops or returned
by functions).

A list filled by ``append`` in a loop over known keys holds one item per turn at the positions
the turns reach, as a display does; a plain function of the module that returns a display gives
its caller a container of those items. Either is read position by position (or key by key): an
item no use takes is an op never run (TC105) or a Pending never waited (TC108). An op an item of
a local container holds (``ops[0]``, or the step's op of a walk of the whole list), made before
a loop and run on every way around it, runs again in the loop's next turn (TC110).

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter warns or raises at the marked line). A Pending dropped unwaited (its name rebound)
is waited by the runtime at the drop: the TC108 is reported there, and no read after it is a
TC102."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            """
HEADS = 3


def scale_heads(out):
    ops = []
    for h in range(HEADS):
        op = scale(out[h].partition((32,)), 0.5)
        ops.append(op)
    tr.zip(*ops[:HEADS]).sync()


scale_heads(tr.ones((HEADS, 32)))
""",
            "an op appended per head, every one run through a slice of all of them",
        ),
        valid(
            """
x = tr.ones((32,))
outs = {k: tr.zeros((32,)) for k in ("a", "b")}


def build():
    return {"a": copy(outs["a"].partition((32,)), x), "b": scale(outs["b"].partition((32,)), 2.0)}


ops = build()
for name in ("a", "b"):
    ops[name].sync()
print(outs["a"].to_numpy())
""",
            "a builder's dict of ops, every key run",
        ),
    ),
    "TC108": (
        valid(
            """
N = 3
out = tr.ones((N, 32))
pend = []
for i in range(N):
    pend.append(scale(out[i].partition((32,)), 2.0).submit())
for p in pend:
    p.wait()
print(out.to_numpy())
""",
            "a Pending appended per turn, every one waited by a walk of the whole list",
        ),
    ),
    "TC110": (
        valid(
            """
h = tr.zeros((32,))
d = tr.ones((32,))
for _ in range(2):
    ops = [copy(h.partition((32,)), d)]
    ops[0].sync()
print(h.to_numpy())
""",
            "the list of ops made anew in every turn of the loop that runs its item",
        ),
        valid(
            """
h = tr.zeros((32,))
g = tr.zeros((32,))


def build():
    return [scale(h.partition((32,)), 2.0), scale(g.partition((32,)), 3.0)]


for epoch in range(2):
    forward = build()
    for op in forward:
        op.sync()
print(h.to_numpy())
""",
            "a builder's list of ops called again in every epoch, each walked once",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        invalid(
            """
HEADS = 3


def scale_heads(out):
    ops = []
    for h in range(HEADS):
        op = scale(out[h].partition((32,)), 0.5)  # TC105
        ops.append(op)
    tr.zip(*ops[: HEADS - 1]).sync()


scale_heads(tr.ones((HEADS, 32)))
""",
            "an op appended per head, the last one left out of the slice that runs them",
        ),
        invalid(
            """
x = tr.ones((32,))
outs = {k: tr.zeros((32,)) for k in ("a", "b")}


def build():
    return {
        "a": copy(outs["a"].partition((32,)), x),
        "b": scale(outs["b"].partition((32,)), 2.0),  # TC105
    }


ops = build()
for name in ["a"]:
    ops[name].sync()
""",
            "a builder's dict of ops, one key never run",
        ),
    ),
    "TC108": (
        invalid(
            """
N = 3


def main():
    out = tr.ones((N, 32))
    pend = []
    for i in range(N):
        p = scale(out[i].partition((32,)), 2.0).submit()  # TC108
        pend.append(p)
    for p in pend[1:]:
        p.wait()
""",
            "a Pending appended per turn, the first one left out of the walk that waits them",
        ),
        invalid(
            """
src = [tr.ones((32,)) for _ in range(3)]
dst = [tr.zeros((32,)) for _ in range(3)]
for i in range(len(dst)):
    fetch = copy(dst[i].partition((32,)), src[i]).submit()  # TC108
    if i == len(dst) - 1:
        fetch.wait()
for t in dst:
    print(t.to_numpy())
""",
            "a Pending rebound in every turn, waited on the last one alone: the earlier ones are "
            "dropped (the runtime waits them there), so the reads after the loop are clean",
        ),
    ),
    "TC110": (
        invalid(
            """
h = tr.zeros((32,))
d = tr.ones((32,))
ops = [copy(h.partition((32,)), d)]
for _ in range(2):
    ops[0].sync()  # TC110
""",
            "an op held by a list's item, run in every turn of a loop",
        ),
        invalid(
            """
async def main():
    h = tr.zeros((32,))
    steps = {"fwd": scale(h.partition((32,)), 2.0)}
    for _ in range(2):
        await steps["fwd"]  # TC110
""",
            "an op held by a dict's item, awaited in every turn of a loop",
        ),
        invalid(
            """
h = tr.zeros((32,))
g = tr.zeros((32,))


def build():
    return [scale(h.partition((32,)), 2.0), scale(g.partition((32,)), 3.0)]


forward = build()
for epoch in range(2):
    for op in forward:
        op.sync()  # TC110
""",
            "a builder's list of ops walked and run in every epoch",
        ),
    ),
}
