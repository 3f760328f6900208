"""Examples of round 17D of issue 17 (facts about values and indices; the eighth held-out set's
last false alarms): a window of Pendings waited and cleared once every ``K`` turns
(``if t % K == K - 1:``) over the rows ``ring[t % K]``; the items of ``[g[i] for i in
range(n)]`` (distinct rows, so walked one by one, also under ``enumerate(zip(...))``); two
banks of tensors indexed ``banks[dst][j]`` and ``banks[src][...]`` with ``src, dst = 0, 1``
swapped each step; a prefix ``x[:pos]`` read beside the window ``x[pos : pos + k]``. The VALID
ones run clean and must stay silent; the INVALID ones are the same shapes' real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    ring = tr.zeros((4, 32))
    window: list[tr.Pending] = []
    for t in range(12):
        window.append(scale(ring[t % 4].partition((8,)), 2.0).submit())
        if t % 4 == 3:
            for w in window:
                w.wait()
            window.clear()
            print(ring.to_numpy().sum())
""",
            "a window of four turns over four rows, waited and cleared every fourth turn",
        ),
        valid(
            """

def run(ring: tr.Tensor, steps: int) -> None:
    pending = []
    for step in range(steps):
        if (step + 1) % 3 == 0:
            for p in pending:
                p.wait()
            pending.clear()
        pending.append(scale(ring[step % 3].partition((8,)), 2.0).submit())
    for p in pending:
        p.wait()


def main() -> None:
    run(tr.zeros((3, 32)), 9)
""",
            "the drain before the append: three turns in flight at most, each on its own row",
        ),
        valid(
            """

def main() -> None:
    grid = tr.zeros((3, 32))
    rows = [grid[i] for i in range(3)]
    srcs = [tr.ones((32,)) for _ in range(3)]
    flights = []
    for i, (src, row) in enumerate(zip(srcs, rows, strict=True)):
        flights.append(copy(row.partition((8,)), src).submit())
    for f in flights:
        f.wait()
    print(grid.to_numpy())
""",
            "the rows of a comprehension over range are distinct: each step writes its own",
        ),
        valid(
            """

def main() -> None:
    grid = tr.zeros((3, 32))
    flights = []
    for row in [grid[i] for i in range(3)]:
        flights.append(scale(row.partition((8,)), 2.0).submit())
    for f in flights:
        f.wait()
""",
            "the comprehension walked directly",
        ),
        valid(
            """

def fill(kv: tr.Tensor, pos: int) -> None:
    flights = []
    for layer in range(2):
        flights.append(scale(kv[layer][pos : pos + 4].partition((4, 16)), 2.0).submit())
        print(kv[layer][:pos].to_numpy().sum())
    for f in flights:
        f.wait()


def main() -> None:
    fill(tr.zeros((2, 16, 16)), 4)
""",
            "the prefix up to a position read beside the window from it: apart for any position",
        ),
    ),
    "TC103": (
        valid(
            """

def main() -> None:
    banks = [[tr.zeros((32,)) for _ in range(2)] for _ in range(2)]
    src, dst = 0, 1
    for t in range(3):
        flights = []
        for j in range(2):
            flights.append(copy(banks[dst][j].partition((8,)), banks[src][(j + t) % 2]).submit())
        for f in flights:
            f.wait()
        src, dst = dst, src
    print(banks[src][0].to_numpy())
""",
            "two banks swapped by index: the bank written is never the bank read",
        ),
        valid(
            """

def main() -> None:
    banks = [[tr.zeros((32,)) for _ in range(2)] for _ in range(2)]
    flights = []
    for j in range(2):
        flights.append(copy(banks[1][j].partition((8,)), banks[0][j]).submit())
    for f in flights:
        f.wait()
""",
            "constant banks: the parts of bank 1 written, those of bank 0 read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    ring = tr.zeros((3, 32))
    window: list[tr.Pending] = []
    for t in range(12):
        window.append(scale(ring[t % 3].partition((8,)), 2.0).submit())  # TC102
        if t % 4 == 3:
            for w in window:
                w.wait()
            window.clear()
""",
            "waited every fourth turn over three rows: the fourth turn writes a row in flight",
            typed=False,  # rows of a counter: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    ring = tr.zeros((4, 32))
    window: list[tr.Pending] = []
    for t in range(0, 12, 2):
        window.append(scale(ring[t % 4].partition((8,)), 2.0).submit())  # TC102
        if t % 4 == 3:
            for w in window:
                w.wait()
            window.clear()
    for w in window:
        w.wait()
""",
            "the counter steps by two: `t % 4 == 3` never holds and nothing is waited",
            typed=False,  # rows of a counter: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    ring = tr.zeros((4, 32))
    window: list[tr.Pending] = []
    for t in range(12):
        window.append(scale(ring[t % 4].partition((8,)), 2.0).submit())
        if t % 4 == 3:
            for w in window:
                w.wait()
            window.clear()
        print(ring[(t + 3) % 4].to_numpy().sum())  # TC102
""",
            "the last turn's row read while it is still in the window",
            typed=False,  # rows of a counter: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    grid = tr.zeros((3, 32))
    rows = [[grid[i] for _ in range(2)] for i in range(3)]
    flights = []
    for row in rows[0]:
        flights.append(scale(row.partition((8,)), 2.0).submit())  # TC102
    for f in flights:
        f.wait()
""",
            "the inner comprehension repeats one row: its second item is the row in flight",
            typed=False,  # views: beyond the mypy plugin's types
        ),
        invalid(
            """

def fill(kv: tr.Tensor, pos: int) -> None:
    flights = []
    for layer in range(2):
        flights.append(scale(kv[layer][pos : pos + 4].partition((4, 16)), 2.0).submit())
        print(kv[layer][: pos + 1].to_numpy().sum())  # TC102
    for f in flights:
        f.wait()


def main() -> None:
    fill(tr.zeros((2, 16, 16)), 4)
""",
            "the prefix reaches one past the position: it meets the window being written",
            typed=False,  # views: beyond the mypy plugin's types
        ),
    ),
    "TC103": (
        invalid(
            """

def main() -> None:
    banks = [[tr.zeros((32,)) for _ in range(2)] for _ in range(2)]
    src, dst = 0, 1
    flights = []
    for j in range(2):
        flights.append(copy(banks[dst][j].partition((8,)), banks[src][j]).submit())
    src, dst = dst, src
    scale(banks[dst][0].partition((8,)), 2.0).sync()  # TC103
    for f in flights:
        f.wait()
""",
            "swapped before the reads were waited: the bank now written is the one still read",
            typed=False,  # views: beyond the mypy plugin's types
        ),
    ),
}
