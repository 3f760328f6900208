"""Examples of round 10 of issue 17 (facts about values), from the fifth held-out evaluation's
reproductions: row slices ``out[lo:hi]`` bounded by a table of ``(lo, hi)`` rows; the halves
``t[:m]`` and ``t[m:]``; a ``while`` pipeline counting ``i += 1`` from ``i = 0``; a first turn
that skips its wait (reported at its read, not at a later turn's submit); index forms
equal modulo a constant (``(k + 2) % 2`` is ``k % 2``); ``zip(..., strict=True)``; a list
walked through ``ops[:-1]`` whose length is read again. The VALID ones run clean and must stay
silent; the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        valid(
            """

def main() -> None:
    pair = [tr.ones((256,)), tr.zeros((256,))]
    for k in range(2):
        copy(pair[k % 2].partition((64,)), pair[(k + 3) % 2]).sync()
    print(pair[0].to_numpy())
""",
            "`pair[k % 2]` and `pair[(k + 3) % 2]`: the two buffers of a double buffer",
        ),
    ),
    "TC102": (
        valid(
            """

class Split:
    def __init__(self, n: int, parts: int) -> None:
        self.src = tr.ones((n,))
        self.out = tr.zeros((n,))
        self.bounds = [(j * n // parts, (j + 1) * n // parts) for j in range(parts)]

    def run(self) -> None:
        pends = []
        for lo, hi in self.bounds:
            tiles = self.out[lo:hi].partition((64,))
            pends.append(copy(tiles, self.src[lo:hi]).submit())
        for p in pends:
            p.wait()
        print(self.out.to_numpy())


def main() -> None:
    Split(256, 2).run()
""",
            "row slices of one output from a table of (lo, hi) bounds: each step's part is not "
            "an earlier step's (the rows are not shown to overlap)",
        ),
        valid(
            """

def main() -> None:
    src = tr.ones((2, 256))
    out = tr.zeros((2, 256))
    pends = []
    for lo, hi in [(0, 128), (128, 256)]:
        pends.append(copy(out[1, lo:hi].partition((64,)), src[1, lo:hi]).submit())
    for p in pends:
        p.wait()
    print(out.to_numpy())
""",
            "literal bounds whose spans are disjoint, on the second axis of a row",
        ),
        valid(
            """

def main() -> None:
    n = 4
    srcs = [tr.ones((256,)) for _ in range(n)]
    stage = [tr.zeros((256,)), tr.zeros((256,))]
    acc = tr.zeros((256,))
    carried = copy(stage[0].partition((64,)), srcs[0]).submit()
    i = 0
    while i < n:
        current = carried
        if i + 1 < n:
            nxt = copy(stage[(i + 1) % 2].partition((64,)), srcs[i + 1]).submit()
        current.wait()
        copy(acc.partition((64,)), stage[i % 2]).sync()
        if i + 1 < n:
            carried = nxt
        i += 1
    print(acc.to_numpy())
""",
            "a `while` pipeline from `i = 0`: in its first turn `stage[(i + 1) % 2]` is "
            "`stage[1]`, beside the prologue's `stage[0]`, as in the `for` form",
        ),
    ),
    "TC104": (
        valid(
            """

def split(t: tr.Tensor) -> tuple[tr.Partition, tr.Partition]:
    m = t.shape[0] // 2
    return t[:m].partition((64,)), t[m:].partition((64,))


def main() -> None:
    v = tr.zeros((256,))
    left, right = split(v)
    pl = scale(left, 2.0).submit()
    pr = scale(right, 3.0).submit()
    pr.wait()
    pl.wait()
    print(v.to_numpy())
""",
            "`t[:m]` and `t[m:]` are complementary for every `m`",
        ),
    ),
    "TC105": (
        valid(
            """

def main() -> None:
    grid = tr.zeros((3, 256))
    ops = [scale(grid[r].partition((64,)), 2.0) for r in range(3)]
    for op in ops:
        op.sync()
    print("ran", len(ops))
""",
            "every op of the list runs; its length is read after",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            """

def main() -> None:
    pair = [tr.ones((256,)), tr.zeros((256,))]
    for k in range(2):
        out = pair[k % 2]
        inp = pair[(k + 2) % 2]
        copy(out.partition((64,)), inp).sync()  # TC101
""",
            "`pair[(k + 2) % 2]` is `pair[k % 2]`: one buffer written and read by one launch",
            typed=False,  # list elements by index: beyond the mypy plugin's types
        ),
    ),
    "TC102": (
        invalid(
            """

def main() -> None:
    src = tr.ones((256,))
    out = tr.zeros((256,))
    pends = []
    for lo, hi in [(0, 192), (64, 256)]:
        tiles = out[lo:hi].partition((64,))  # TC102
        pends.append(copy(tiles, src[lo:hi]).submit())
    for p in pends:
        p.wait()
""",
            "literal bounds whose spans overlap: the second step's part is written by the first",
        ),
        invalid(
            """
from collections import deque


def main() -> None:
    srcs = [tr.ones((256,)) for _ in range(6)]
    staged = [tr.zeros((256,)) for _ in srcs]
    window = deque()
    for s, d in zip(srcs, staged, strict=True):
        window.append(copy(d.partition((64,)), s).submit())
        if len(window) > 3:
            window.popleft().wait()
    for d in staged:
        print(d.to_numpy())  # TC102
    while window:
        window.popleft().wait()
""",
            "`zip(..., strict=True)` walks as `zip` does: three copies still in flight",
        ),
        invalid(
            """

def main() -> None:
    n = 3
    srcs = [tr.ones((256,)) for _ in range(n)]
    stage = [tr.zeros((256,)), tr.zeros((256,))]
    cur = copy(stage[1].partition((64,)), srcs[0]).submit()
    i = 0
    while i < n - 1:
        nxt = copy(stage[(i + 1) % 2].partition((64,)), srcs[i + 1]).submit()  # TC102
        cur.wait()
        cur = nxt
        i += 1
    cur.wait()
    print(stage[0].to_numpy())
""",
            "the prologue fills `stage[1]`, which the first turn's `stage[(i + 1) % 2]` is",
        ),
        invalid(
            """

def main() -> None:
    n = 3
    srcs = [tr.ones((256,)) for _ in range(n)]
    stage = [tr.zeros((256,)), tr.zeros((256,))]
    total = 0.0
    cur = copy(stage[0].partition((64,)), srcs[0]).submit()
    for i in range(n):
        nxt = None
        if i + 1 < n:
            nxt = copy(stage[(i + 1) % 2].partition((64,)), srcs[i + 1]).submit()
        if i > 0:
            cur.wait()
        total += float(stage[i % 2].to_numpy()[0])  # TC102
        if nxt is not None:
            cur = nxt
    print(total)
""",
            "the first turn skips the wait and reads the prologue's `stage[0]`: reported there, "
            "where the program fails first (the next submit's conflict, a later turn's, is the "
            "same missing wait)",
        ),
    ),
    "TC104": (
        invalid(
            """

def main() -> None:
    t = tr.zeros((256,))
    m = t.shape[0] // 2
    a = t[:m].partition((64,))
    m = m - 64
    b = t[m:].partition((64,))  # TC104
    scale(a, 2.0).sync()
    scale(b, 2.0).sync()
""",
            "`m` changed between the two slices: they overlap",
        ),
    ),
    "TC105": (
        invalid(
            """

def main() -> None:
    grid = tr.zeros((3, 256))
    ops = [scale(grid[r].partition((64,)), 2.0) for r in range(3)]  # TC105
    for op in ops[:-1]:
        op.sync()
    print("ran", len(ops) - 1)
""",
            "`ops[:-1]` leaves the last op out; reading `len(ops)` runs none of them",
        ),
    ),
}
