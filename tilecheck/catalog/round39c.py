"""Examples of round 39C of issue 17 (calls inside comprehensions; tables of callables over a
function's locals).

A function of the module (or a method) that writes a part of a module tensor or of an
attribute's tensor (``k[slot]``, ``self.k[slot]``) through the op it returns borrows that part
for its caller wherever the call is made, a comprehension's step (``[write(s) for s in
slots]``, ``list(map(write, slots))``) included: a read of the whole tensor before the
Pendings are waited is TC102; a read of another row, or of each row once its own Pending is
waited, is not. A function's own table of lambdas or nested functions (``jobs = {"a": lambda:
k(out.partition(s), x)}``) called through the table, a loop over it or a comprehension over it
runs the item's body there: its Pendings are followed (TC102, TC108 for a key never waited).

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises or warns at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
k = tr.zeros((4, 32))
x = tr.ones((32,))


def write(slot):
    return copy(k[slot].partition((32,)), x).submit()


def main() -> None:
    pends = [write(i) for i in range(4)]
    for i, p in enumerate(pends):
        p.wait()
        print(k[i].to_numpy())
""",
            "a helper's Pendings made in a comprehension, each row read once its own is waited",
        ),
        valid(
            """
k = tr.zeros((8, 32))
x = tr.ones((32,))


def write(slot):
    return copy(k[slot].partition((32,)), x).submit()


def serve() -> None:
    pends = [write(s) for s in (0, 1)]
    print(k[7].to_numpy())
    for p in pends:
        p.wait()
    print(k.to_numpy())
""",
            "rows 0 and 1 written through a helper in a comprehension: row 7 read meanwhile",
        ),
        valid(
            """

def run() -> None:
    x = tr.ones((32,))
    a, b = tr.zeros((32,)), tr.zeros((32,))
    jobs = {"a": lambda: copy(a.partition((32,)), x), "b": lambda: scale(b.partition((32,)), 2.0)}
    pending = {}
    for name, make in jobs.items():
        pending[name] = make().submit()
    for p in pending.values():
        p.wait()
    print(a.to_numpy())
""",
            "a function's table of lambdas over its locals, every Pending waited before the read",
        ),
    ),
    "TC108": (
        valid(
            """

def pipeline() -> None:
    x = tr.ones((32,))
    total, half = tr.zeros((32,)), tr.zeros((32,))

    def fill():
        return copy(total.partition((32,)), x)

    def shrink():
        return scale(half.partition((32,)), 0.5)

    table = {"fill": fill, "shrink": shrink}
    pending = {k: f().submit() for k, f in table.items()}
    for k in ("fill", "shrink"):
        pending[k].wait()
""",
            "a dict comprehension over a table of nested functions, every key waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
k = tr.zeros((8, 32))
x = tr.ones((32,))


def write(slot):
    return copy(k[slot].partition((32,)), x).submit()


def serve(slots) -> None:
    pends = [write(s) for s in slots]
    print(k.to_numpy())  # TC102
    for p in pends:
        p.wait()
""",
            "a module tensor read whole while the rows a comprehension's calls write are in flight",
        ),
        invalid(
            """

class Pool:
    def __init__(self) -> None:
        self.k = tr.zeros((4, 32))

    def write(self, slot, row):
        return copy(self.k[slot].partition((32,)), row).submit()


class Engine:
    def __init__(self) -> None:
        self.pool = Pool()

    def step(self, rows) -> float:
        pends = [self.pool.write(i, r) for i, r in enumerate(rows)]
        used = float(self.pool.k.to_numpy().sum())  # TC102
        for p in pends:
            p.wait()
        return used
""",
            "a method writing rows of an attribute's tensor, called per request in a comprehension",
        ),
        invalid(
            """
cache = tr.zeros((2, 32))
token = tr.ones((32,))


def fill(slot):
    return copy(cache[slot].partition((32,)), token).submit()


def step() -> None:
    slots = [0, 1]
    pends = list(map(fill, slots))
    print(cache.to_numpy())  # TC102
    for p in pends:
        p.wait()
""",
            "list(map(helper, slots)) of a helper writing rows of a module tensor",
        ),
        invalid(
            """

def main() -> None:
    src = tr.ones((32,))
    hi, lo = tr.zeros((32,)), tr.zeros((32,))
    jobs = [lambda: copy(hi.partition((32,)), src), lambda: copy(lo.partition((32,)), src)]
    waits = []
    for job in jobs:
        waits.append(job().submit())
    print(hi.to_numpy())  # TC102
    for w in waits:
        w.wait()
""",
            "a function's list of lambdas over its locals run in a loop, a target read early",
        ),
    ),
    "TC108": (
        invalid(
            """

def run() -> None:
    x = tr.ones((32,))
    outs = {"a": tr.zeros((32,)), "b": tr.zeros((32,))}
    jobs = {
        "a": lambda: copy(outs["a"].partition((32,)), x),
        "b": lambda: copy(outs["b"].partition((32,)), x),
    }
    pending = {}
    for name, make in jobs.items():
        pending[name] = make().submit()  # TC108
    pending["a"].wait()
""",
            "a function's dict of lambdas submitted per key, the key 'b' never waited",
        ),
        invalid(
            """

def forward() -> None:
    a = tr.ones((32,))
    h1, h2 = tr.zeros((32,)), tr.zeros((32,))
    table = {
        "h1": lambda: copy(h1.partition((32,)), a),
        "h2": lambda: scale(h2.partition((32,)), 2.0),
    }
    running = {k: f().submit() for k, f in table.items()}  # TC108
    running["h1"].wait()
""",
            "a dict comprehension over a table of lambdas, one key never waited",
        ),
        invalid(
            """

def run() -> None:
    x = tr.ones((32,))
    s, p = tr.zeros((32,)), tr.zeros((32,))
    pending = {}
    pending["sum"] = copy(s.partition((32,)), x).submit()
    pending["prod"] = scale(p.partition((32,)), 2.0).submit()  # TC108
    pending["sum"].wait()
""",
            "an empty dict filled under constant keys, one never waited",
        ),
    ),
}
