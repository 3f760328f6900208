"""Examples of round 16 of issue 17 (the eighth held-out set's false alarms, /tmp/fresh8_repro):
a slice of the loop counter's row, ``cache[j][a:b]``, is the memory of ``cache[j, a:b]`` and
apart from the other steps' as that is; a loop over a comprehension of tuples,
``for part, d in [(t.partition(s), float(i)) ...]``, binds each name to its own column (a
scalar column holds no tensor). The VALID ones run clean and must stay silent; the INVALID ones
are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    cache = tr.zeros((2, 8, 16))
    flights = []
    for j in range(2):
        flights.append(scale(cache[j][4:6].partition((2, 16)), 2.0).submit())
        print(cache[j][:4].to_numpy().sum())
    for f in flights:
        f.wait()
""",
            "a slice of the step's row: each step's in flight apart from the others, and the "
            "rest of the row read beside it",
        ),
        valid(
            """

def main() -> None:
    buf = tr.zeros((3, 8, 16))
    flights = []
    for i in range(3):
        flights.append(scale(buf[i][:, 0:8].partition((8, 8)), 2.0).submit())
        print(buf[i][:, 8:].to_numpy().sum())
    for f in flights:
        f.wait()
""",
            "columns of the step's row: the other columns read while they are written",
        ),
    ),
    "TC106": (
        valid(
            """

def main() -> None:
    ts = [tr.zeros((32,)) for _ in range(2)]
    jobs = [(t.partition((8,)), float(i + 1)) for i, t in enumerate(ts)]
    for part, d in jobs:
        scale(part, d).sync()
    print(ts[0].to_numpy())
""",
            "the float column of a comprehension of tuples is a scalar, not the partition",
        ),
        valid(
            """

def main() -> None:
    ts = [tr.zeros((32,)) for _ in range(3)]
    jobs = [(0.5 * i, t.partition((8,))) for i, t in enumerate(ts)]
    for d, part in jobs:
        scale(part, d).sync()
    print(ts[0].to_numpy())
""",
            "the scalar column first",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    cache = tr.zeros((2, 8, 16))
    flights = []
    for j in range(2):
        flights.append(scale(cache[j][4:6].partition((2, 16)), 2.0).submit())
        print(cache[j][4:6].to_numpy().sum())  # TC102
    for f in flights:
        f.wait()
""",
            "the very slice of the step's row that its op still writes is read",
            typed=False,  # views: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    cache = tr.zeros((3, 8, 16))
    flights = []
    for j in range(1, 3):
        flights.append(scale(cache[j][0:4].partition((4, 16)), 2.0).submit())
        print(cache[j - 1][0:4].to_numpy().sum())  # TC102
    for f in flights:
        f.wait()
""",
            "the previous step's slice is read: its op is still in flight",
            typed=False,  # views: beyond the mypy plugin's types
        ),
    ),
    "TC106": (
        invalid(
            """

def main() -> None:
    ts = [tr.zeros((32,)) for _ in range(2)]
    jobs = [(t.partition((8,)), float(i)) for i, t in enumerate(ts)]
    for part, d in jobs:
        scale(d, part).sync()  # TC106
""",
            "the columns swapped: the partition given for the scalar",
            typed=False,  # a comprehension's columns: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    ts = [tr.zeros((32,)) for _ in range(2)]
    jobs = [(t.partition((8,)), t) for t in ts]
    for part, d in jobs:
        scale(part, d).sync()  # TC106
""",
            "a tensor column given for the scalar",
            typed=False,  # a comprehension's columns: beyond the mypy plugin's types
        ),
    ),
}
