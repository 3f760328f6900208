"""Examples of round 41W of issue 17 (a walk's fill with a ``with`` block, and a Pending carried
to the next turn in a tuple).

A dict filled one item a turn by a loop whose body captures in a ``with tr.graph() as g:``
block (``graphs[bs] = g``), bound by an annotated ``graphs: dict[int, tr.Graph] = {}``, or read
item by item between the fill and the walk (``graphs[bs].launch().wait()``, ``len(graphs)``),
keeps its keys: its ``.items()`` walk is followed slot by slot, so the slot's ``g.close()``
releases that key's output alone. A Pending carried to the next turn in a tuple
(``in_flight = (pend, y)``, unpacked or indexed next turn) is held by the function alone: the
last turn's, never waited when the function returns, is a TC108 as with ``prev = pend``. A
dict's own method on an attribute bound only to dicts (``self.tables.pop(seq)``) changes that
dict alone: a walk of what it gives writes ``self.pool[b]`` as ``self.tables[seq]`` would. A
module list of keys read by a computed index (``HEADS[i % len(HEADS)]``) still holds its keys
wherever it is walked (``key_lists``).

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
x = tr.ones((32,))
outs = {n: tr.zeros((32,)) for n in (1, 2)}
graphs: dict[int, tr.Graph] = {}
for n in (1, 2):
    with tr.graph() as g:
        g.record(copy(outs[n].partition((32,)), x))
    graphs[n] = g
for n in (1, 2):
    graphs[n].launch().wait()
for n, g in graphs.items():
    g.close()
    print(outs[n].to_numpy())
""",
            "graphs captured per key in a `with` block, walked by `.items()`: close, then read",
        ),
        valid(
            """

def run(x):
    outs = {k: tr.zeros((32,)) for k in ("a", "b")}
    jobs: dict[str, tr.Pending] = {}
    for k in ("a", "b"):
        jobs[k] = copy(outs[k].partition((32,)), x).submit()
    print(len(jobs))
    for k, job in jobs.items():
        job.wait()
        print(outs[k].to_numpy())


run(tr.ones((32,)))
""",
            "an annotated dict of Pendings, counted, then walked: each turn waits its own key",
        ),
        valid(
            """


class Pool:
    def __init__(self):
        self.pool = tr.zeros((4, 32))
        self.tables = {}

    def write(self, seq, blocks, x):
        self.tables[seq] = blocks
        return [copy(self.pool[b].partition((32,)), x).submit() for b in blocks]

    def release(self, seq):
        for b in self.tables.pop(seq):
            self.pool[b].copy_from(tr.zeros((32,)))


pool = Pool()
writes = pool.write(0, [0, 1], tr.ones((32,)))
for p in writes:
    p.wait()
pool.release(0)
""",
            "a dict attribute's `pop` walked after the writes are waited",
        ),
        valid(
            """
HEADS = ["q", "k", "v"]
x = tr.ones((32,))
outs = {h: tr.zeros((32,)) for h in HEADS}
jobs = {}
for h in HEADS:
    jobs[h] = copy(outs[h].partition((32,)), x).submit()
print("first head", HEADS[len(jobs) % len(HEADS)])
for h, job in jobs.items():
    job.wait()
    print(h, outs[h].to_numpy())
""",
            "a module list of keys also read by a computed index: its walks still go key by key",
        ),
    ),
    "TC108": (
        valid(
            """

def serve(n):
    in_flight = None
    for _ in range(n):
        y = tr.zeros((32,))
        pend = copy(y.partition((32,)), tr.ones((32,))).submit()
        if in_flight is not None:
            prev_pend, prev_y = in_flight
            prev_pend.wait()
            print(prev_y.to_numpy())
        in_flight = (pend, y)
    if in_flight is not None:
        in_flight[0].wait()


serve(3)
""",
            "a Pending carried in a tuple, the last one waited after the loop",
        ),
        valid(
            """

def start(n):
    pair = None
    for _ in range(n):
        y = tr.zeros((32,))
        job = copy(y.partition((32,)), tr.ones((32,))).submit()
        if pair is not None:
            pair[0].wait()
        pair = (job, y)
    return pair


tail = start(2)
tail[0].wait()
""",
            "the carried tuple is returned: the caller waits the last one",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
x = tr.ones((32,))
outs = {n: tr.zeros((32,)) for n in (1, 2)}
graphs: dict[int, tr.Graph] = {}
for n in (1, 2):
    with tr.graph() as g:
        g.record(copy(outs[n].partition((32,)), x))
    graphs[n] = g
for n, g in graphs.items():
    g.launch().wait()
    print(outs[n].to_numpy())  # TC102
    g.close()
""",
            "the turn reads its key's output before it closes the key's graph",
        ),
        invalid(
            """


class Pool:
    def __init__(self):
        self.pool = tr.zeros((4, 32))
        self.tables = {}

    def write(self, seq, blocks, x):
        self.tables[seq] = blocks
        return [copy(self.pool[b].partition((32,)), x).submit() for b in blocks]

    def release(self, seq):
        for b in self.tables.pop(seq):
            self.pool[b].copy_from(tr.zeros((32,)))  # TC102


pool = Pool()
writes = pool.write(0, [0, 1], tr.ones((32,)))
pool.release(0)
for p in writes:
    p.wait()
""",
            "a dict attribute's `pop` walked while the copies into its blocks run",
        ),
    ),
    "TC108": (
        invalid(
            """

def serve(n):
    in_flight = None
    for _ in range(n):
        y = tr.zeros((32,))
        pend = copy(y.partition((32,)), tr.ones((32,))).submit()  # TC108
        if in_flight is not None:
            prev_pend, prev_y = in_flight
            prev_pend.wait()
            print(prev_y.to_numpy())
        in_flight = (pend, y)


serve(3)
""",
            "the last turn's Pending, carried in a tuple, is never waited",
        ),
    ),
}
