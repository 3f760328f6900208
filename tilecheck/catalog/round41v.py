"""Examples of round 41V of issue 17 (parts of a tensor indexed by values no one knows).

A walk of items the module's code does not write out (a parameter's list, an attribute's table,
what a call gives) indexing a tensor (``for page in pages: copy(self.pool[page]...)``, or an
item of the walk's item, ``last = pages[-1]``), and a method called per turn of a loop with the
loop's target (``cache.append(layer, x)``) taking a part of an attribute at a position it does
not fold (``self.k[layer, pos : pos + 1]``): each turn's part may be the last turn's or not,
which no one can say, so the checker stays silent; users write distinct blocks and layers.
The same part, its index unchanged, used while its op runs, the whole tensor read while any
part is written, and a read of the part of the same constant layer, stay findings.

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


class PagedPool:
    def __init__(self, pages):
        self.pool = tr.zeros((pages, 16, 64))

    def write(self, pages, kv):
        out = []
        for page in pages:
            out.append(copy(self.pool[page].partition((1, 64)), kv).submit())
        return out


pool = PagedPool(8)
done = pool.write([3, 5], tr.ones((16, 64)))
for d in done:
    d.wait()
print(pool.pool.to_numpy().sum())
""",
            "a method's walk of a parameter's pages: each page written once, waited, then read",
        ),
        valid(
            """


def free_blocks(n):
    return list(range(n))


pool = tr.zeros((4, 8, 32))
src = tr.ones((8, 32))
inflight = []
for blk in free_blocks(3):
    inflight.append(copy(pool[blk].partition((1, 32)), src).submit())
for p in inflight:
    p.wait()
print(pool.to_numpy().sum())
""",
            "a module loop over the blocks a call gives: one copy per block, all in flight",
        ),
        valid(
            """


class Cache:
    def __init__(self):
        self.k = tr.zeros((2, 8, 64))
        self.length = 0

    def append(self, layer, x):
        pos = self.length
        return copy(self.k[layer, pos : pos + 1].partition((1, 64)), x).submit()


cache = Cache()
waits = []
for layer in range(2):
    waits.append(cache.append(layer, tr.ones((1, 64))))
for p in waits:
    p.wait()
cache.length += 1
""",
            "a method called per layer writes its layer's row at the cache's position",
        ),
        valid(
            """


class BlockTable:
    def __init__(self):
        self.pool = tr.zeros((8, 4, 16))
        self.tables = {}

    def prefill(self, seq, kv):
        pending = []
        for i, blk in enumerate(self.tables[seq]):
            pending.append(copy(self.pool[blk].partition((1, 16)), kv).submit())
        for p in pending:
            p.wait()


bt = BlockTable()
bt.tables["a"] = [1, 2, 6]
bt.prefill("a", tr.ones((4, 16)))
print(bt.pool.to_numpy().sum())
""",
            "a walk of a block table kept in an attribute: each block's copy in flight together",
        ),
        valid(
            """


def last_pages(pool, tables, toks):
    pend = []
    for req, pages in tables.items():
        last = pages[-1]
        pend.append(copy(pool[last].partition((8,)), toks[req]).submit())
    for p in pend:
        p.wait()


pool = tr.zeros((6, 8))
last_pages(pool, {"a": [0, 1], "b": [2, 3]}, {"a": tr.ones((8,)), "b": tr.ones((8,))})
print(pool.to_numpy().sum())
""",
            "each request's last page, an item of the walk's item: one copy per request",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """


class PagedPool:
    def __init__(self, pages):
        self.pool = tr.zeros((pages, 16, 64))

    def write(self, pages, kv):
        out = []
        for page in pages:
            out.append(copy(self.pool[page].partition((1, 64)), kv).submit())
        return out


pool = PagedPool(8)
done = pool.write([3, 5], tr.ones((16, 64)))
print(pool.pool.to_numpy().sum())  # TC102
for d in done:
    d.wait()
""",
            "the whole pool read while the walk's copies still write some of its pages",
        ),
        invalid(
            """
CACHE = tr.ones((6, 128))


def rescale(rows, factor):
    pending = []
    for r in rows:
        pending.append(scale(CACHE[r].partition((128,)), factor).submit())
        print(CACHE[r].to_numpy()[0])  # TC102
    for p in pending:
        p.wait()


rescale([0, 2, 4], 0.5)
""",
            "the turn's own row, its index unchanged, read while the turn's op writes it",
        ),
        invalid(
            """


class Cache:
    def __init__(self):
        self.k = tr.zeros((2, 8, 64))
        self.length = 0

    def append(self, layer, x):
        pos = self.length
        return copy(self.k[layer, pos : pos + 1].partition((1, 64)), x).submit()


cache = Cache()
for step in range(2):
    p = cache.append(0, tr.ones((1, 64)))
    head = cache.k[0].to_numpy()  # TC102
    p.wait()
    cache.length += 1
""",
            "the layer the append writes read before its wait",
        ),
        invalid(
            """


def load_tables(n):
    return {f"r{i}": [2 * i, 2 * i + 1] for i in range(n)}


pool = tr.zeros((6, 8))
pend = []
for req, pages in load_tables(2).items():
    last = pages[-1]
    pend.append(copy(pool[last].partition((8,)), tr.ones((8,))).submit())
    print(pool[last].to_numpy()[0])  # TC102
for p in pend:
    p.wait()
""",
            "the turn's last page read while the turn's copy writes it",
        ),
    ),
}
