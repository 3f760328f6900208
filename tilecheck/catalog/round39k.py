"""Examples of round 39K of issue 17 (key sets of filtered comprehensions, of parameters given
by every call or constructor; a key test's ``continue`` in a walk of ``.items()``).

A list of keys computed from constants (``[e for e in range(4) if gates[e] > 0]``,
``list(filter(lambda e: ..., range(N)))``, ``[n for n, on in FLAGS.items() if on]``) has the
items Python computes; a function's parameter walked by its loops has the keys every call (a
constructor's too) gives it. A loop over either is followed slot by slot, and a container
filled or run by key is read key by key: a key no use takes is an op never run (TC105) or a
Pending never waited (TC108). In a walk of ``.items()``, the statements after ``if <test of
the key>: continue`` run only for the keys the test is false for.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter warns naming the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
x = tr.ones((32,))
outs = {e: tr.zeros((32,)) for e in range(4)}
gates = [0.6, 0.4, 0.0, 0.0]
routed = [e for e in range(4) if gates[e] > 0]
ops = {}
for e in routed:
    ops[e] = copy(outs[e].partition((32,)), x)
for e in routed:
    ops[e].sync()
""",
            "ops made and run for the experts a filtered comprehension over constants routes",
        ),
        valid(
            """

def route(x):
    gates = [0.1, 0.0, 0.7, 0.2]
    outs = {e: tr.zeros((32,)) for e in range(len(gates))}
    active = [e for e, g in enumerate(gates) if g > 0.05]
    ops = {}
    for e in active:
        ops[e] = copy(outs[e].partition((32,)), x)
    for e in active:
        ops[e].sync()
    return [outs[e].to_numpy() for e in active]


route(tr.ones((32,)))
""",
            "a function's experts filtered over enumerate of a local list",
        ),
        valid(
            """

def serve(ids):
    w = tr.ones((32,))
    outs = {i: tr.empty((32,)) for i in ids}
    inflight = {}
    for i in ids:
        inflight[i] = copy(outs[i].partition((32,)), w).submit()
    for p in inflight.values():
        p.wait()


serve([1, 2, 3])
""",
            "a Pending per request id of a parameter every call gives as a display",
        ),
        valid(
            """

def build(sizes):
    ins = {b: tr.ones((b,)) for b in sizes}
    acts = {b: tr.empty((b,)) for b in sizes}
    graphs = {}
    for b in sizes:
        with tr.graph() as g:
            g.record(copy(acts[b].partition((32,)), ins[b]))
        graphs[b] = g
    for g in graphs.values():
        g.close()


build([64, 128])
""",
            "a graph captured per batch size of a parameter, each closed",
        ),
        valid(
            """

class Decoder:
    def __init__(self, sizes):
        self.ins = {b: tr.ones((b,)) for b in sizes}
        self.acts = {b: tr.empty((b,)) for b in sizes}
        self.graphs = {}
        for b in sizes:
            with tr.graph() as g:
                g.record(copy(self.acts[b].partition((32,)), self.ins[b]))
            self.graphs[b] = g

    def close(self):
        for g in self.graphs.values():
            g.close()
        self.graphs.clear()


dec = Decoder([32, 64])
dec.close()
""",
            "graphs per batch size of a constructor's parameter, in attributes",
        ),
    ),
    "TC105": (
        valid(
            """
x = tr.ones((32,))
outs = {e: tr.zeros((32,)) for e in range(4)}
picked = list(filter(lambda e: e % 2 == 0, range(4)))
ops = {}
for e in picked:
    ops[e] = copy(outs[e].partition((32,)), x)
for e in picked:
    ops[e].sync()
ops.clear()
""",
            "ops made only for the keys a filter() keeps, each run",
        ),
    ),
    "TC108": (
        valid(
            """
w = tr.ones((32,))
outs = {i: tr.empty((32,)) for i in (1, 2, 3)}
inflight = {}
for i in (1, 2, 3):
    inflight[i] = copy(outs[i].partition((32,)), w).submit()
for i, p in inflight.items():
    if i == 2:
        p.wait()
        continue
    p.wait()
""",
            "the Pending of the key a test continues past waited before its continue",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        invalid(
            """
x = tr.ones((32,))
outs = {e: tr.zeros((32,)) for e in range(4)}
gates = [0.6, 0.4, 0.0, 0.0]
routed = [e for e in range(4) if gates[e] > 0]
ops = {}
for e in range(4):
    ops[e] = copy(outs[e].partition((32,)), x)  # TC105
for e in routed:
    ops[e].sync()
ops.clear()
""",
            "an op per expert, run only for those a filtered comprehension routes",
        ),
        invalid(
            """
N_EXPERTS = 4
GATES = (0.5, 0.05, 0.3, 0.0)
x = tr.ones((32,))
outs = {e: tr.zeros((32,)) for e in range(N_EXPERTS)}
picked = list(filter(lambda e: GATES[e] > 0.1, range(N_EXPERTS)))
ops = {}
for e in range(N_EXPERTS):
    ops[e] = copy(outs[e].partition((32,)), x)  # TC105
for e in picked:
    ops[e].sync()
ops.clear()
""",
            "an op per expert, run only for those list(filter(lambda ...)) keeps",
        ),
        invalid(
            """
FLAGS = {"attn": True, "mlp": False, "norm": True}


def layer(x):
    on = [n for n, enabled in FLAGS.items() if enabled]
    outs = {n: tr.empty((32,)) for n in FLAGS}
    ops = {n: copy(outs[n].partition((32,)), x) for n in FLAGS}  # TC105
    for n in on:
        ops[n].sync()
    ops.clear()


layer(tr.ones((32,)))
""",
            "an op per layer, run only for the names a comprehension over .items() keeps",
        ),
    ),
    "TC108": (
        invalid(
            """
w = tr.ones((32,))
outs = {i: tr.empty((32,)) for i in (1, 2, 3)}
inflight = {}
for i in (1, 2, 3):
    inflight[i] = copy(outs[i].partition((32,)), w).submit()  # TC108
for i, p in inflight.items():
    if i == 2:
        continue
    p.wait()
""",
            "a walk of .items() that continues past key 2 before its wait",
        ),
        invalid(
            """

def serve(ids, cancelled):
    w = tr.ones((32,))
    outs = {i: tr.empty((32,)) for i in ids}
    inflight = {}
    for i in ids:
        inflight[i] = copy(outs[i].partition((32,)), w).submit()  # TC108
    for i, p in inflight.items():
        if i in cancelled:
            continue
        p.wait()


serve([1, 2, 3], cancelled={2})
""",
            "request ids and cancelled ids from the parameters; a cancelled one never waited",
        ),
    ),
}
