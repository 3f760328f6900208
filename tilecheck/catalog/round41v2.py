"""Examples of round 41V2 of issue 17 (walks of written-out lists whose items all differ).

A table of lists of literals, no item in two places (``{"a": [0, 3], "b": [1, 4]}``), walked
by an outer loop and each list by an inner one (``for pages in table.values(): for page in
pages: copy(pool[page]...)``): each turn writes a page no earlier turn wrote, so the ops in
flight together never meet; nor does a read of a page no list names. A loop around both (the
same pages again), a page two lists share, a read of a listed page or of the whole pool, and
a method given a literal list with a repeated item (``pool.fill([0, 1, 1], src)``) stay
findings.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
pool = tr.zeros((6, 16))
table = {"a": [0, 3], "b": [1, 4], "c": [5]}
src = tr.ones((16,))
pend = []
for pages in table.values():
    for page in pages:
        pend.append(copy(pool[page].partition((16,)), src).submit())
untouched = pool[2].to_numpy()
for p in pend:
    p.wait()
print(pool.to_numpy().sum(), untouched.sum())
""",
            "a block table's pages, all different, written in flight together; an unlisted "
            "page read meanwhile",
        ),
        valid(
            """
TABLE = [[0, 3], [1, 4], [5]]


def prefill(pool):
    pend = []
    for i, pages in enumerate(TABLE):
        for j, page in enumerate(pages):
            pend.append(scale(pool[page].partition((16,)), float(i + j)).submit())
    for p in pend:
        p.wait()


prefill(tr.ones((6, 16)))
""",
            "a function's walk of a list of page lists, each page once",
        ),
        valid(
            """


class Cache:
    def __init__(self):
        self.pool = tr.zeros((6, 16))
        self.tables = {"a": (0, 2), "b": (1, 4, 5)}

    def prefill(self, src):
        pend = []
        for rid, pages in self.tables.items():
            for page in pages:
                pend.append(copy(self.pool[page].partition((16,)), src).submit())
        for p in pend:
            p.wait()


Cache().prefill(tr.ones((16,)))
""",
            "a method's walk of its own block table's items, pages all different",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
pool = tr.zeros((6, 16))
table = {"a": [0, 3], "b": [1, 4], "c": [5]}
src = tr.ones((16,))
pend = []
for step in range(2):
    for pages in table.values():
        for page in pages:
            pend.append(copy(pool[page].partition((16,)), src).submit())  # TC102
for p in pend:
    p.wait()
""",
            "a loop around the walk writes the same pages again while the first ones run",
        ),
        invalid(
            """
pool = tr.zeros((6, 16))
table = {"a": [0, 3], "b": [3, 4]}
src = tr.ones((16,))
pend = []
for pages in table.values():
    for page in pages:
        pend.append(copy(pool[page].partition((16,)), src).submit())  # TC102
for p in pend:
    p.wait()
""",
            "two requests' lists share a page: its second copy runs beside the first",
        ),
        invalid(
            """
pool = tr.zeros((6, 16))
table = {"a": [0, 3], "b": [1, 4], "c": [5]}
src = tr.ones((16,))
pend = []
for pages in table.values():
    for page in pages:
        pend.append(copy(pool[page].partition((16,)), src).submit())
head = pool[3].to_numpy()  # TC102
for p in pend:
    p.wait()
""",
            "a listed page read while its copy still writes it",
        ),
        invalid(
            """


class Pool:
    def __init__(self):
        self.pool = tr.zeros((4, 16))

    def fill(self, rows, src):
        pend = []
        for r in rows:
            pend.append(copy(self.pool[r].partition((16,)), src).submit())  # TC102
        for p in pend:
            p.wait()


pool = Pool()
pool.fill([0, 1, 1], tr.ones((16,)))
""",
            "a method given a literal list with a repeated row copies into that row twice",
        ),
    ),
}
