"""Examples of round 40W of issue 17 (the turn's key in walks of a dict or of a display of keys).

A dict filled under constant keys (``pends = {}`` then ``pends[name] = k(...).submit()`` in a loop
over known keys, or line by line, with or without a later ``pends["debug"] = ...``) keeps its
keys; a walk of it (``.items()``, ``.values()``, ``for name in pends``) or of a display of string
keys (``for name in ("prod", "half")``, one key too) is followed slot by slot, each slot's key one
constant, where every container the body indexes by the key holds an item under each key. So
the slot's ``pending.wait()`` (or ``jobs[name].wait()``) releases that key's output alone: a read
of ``outs[name]`` after it is clean, a read of another key's output (or before the wait) is not.

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
names = ["a", "b"]
x = tr.ones((32,))
outputs = {n: tr.zeros((32,)) for n in names}
pendings = {}
for name in names:
    pendings[name] = copy(outputs[name].partition((32,)), x).submit()
for name, pending in pendings.items():
    pending.wait()
    print(outputs[name].to_numpy())
""",
            "a dict filled by a loop over known keys, walked by `.items()`: wait, then read",
        ),
        valid(
            """

def collect(x):
    outs = {"prod": tr.zeros((32,)), "half": tr.zeros((32,))}
    jobs = {
        "prod": copy(outs["prod"].partition((32,)), x).submit(),
        "half": copy(outs["half"].partition((32,)), x).submit(),
    }
    for name in ("prod", "half"):
        jobs[name].wait()
        print(outs[name].to_numpy())


collect(tr.ones((32,)))
""",
            "a display of string keys: each turn waits its key's job and reads its output",
        ),
        valid(
            """
x = tr.ones((32,))
outs = {"prod": tr.zeros((32,)), "half": tr.zeros((32,))}
jobs = {
    "prod": copy(outs["prod"].partition((32,)), x).submit(),
    "half": copy(outs["half"].partition((32,)), x).submit(),
}
for name in ("prod",):
    jobs[name].wait()
    print(outs[name].to_numpy())
jobs["half"].wait()
""",
            "a display of one key: its one turn",
        ),
        valid(
            """


class Heads:
    def __init__(self):
        self.x = tr.ones((32,))

    def forward(self):
        outs = {"mean": tr.zeros((32,)), "var": tr.zeros((32,))}
        jobs = {}
        jobs["mean"] = copy(outs["mean"].partition((32,)), self.x).submit()
        jobs["var"] = copy(outs["var"].partition((32,)), self.x).submit()
        for key, job in jobs.items():
            job.wait()
            print(key, outs[key].to_numpy())


Heads().forward()
""",
            "a method's dict filled line by line under constant keys, walked by `.items()`",
        ),
        valid(
            """
LAYERS = ["l0", "l1"]
x = tr.ones((32,))
outputs = {n: tr.zeros((32,)) for n in LAYERS}
debug = tr.zeros((32,))
outputs["debug"] = debug
pendings = {}
for name in LAYERS:
    pendings[name] = copy(outputs[name].partition((32,)), x).submit()
pendings["debug"] = copy(debug.partition((32,)), x).submit()
for name, pending in pendings.items():
    pending.wait()
    print(outputs[name].to_numpy())
""",
            "a key stored after the filling loop: one more key, walked in its turn",
        ),
        valid(
            """
x = tr.ones((32,))
outs = {"p": tr.zeros((32,)), "q": tr.zeros((32,))}
pending = {name: copy(outs[name].partition((32,)), x).submit() for name in ("p", "q")}
for name in pending:
    pending[name].wait()
    print(outs[name].to_numpy())
""",
            "`for name in pending` of a dict comprehension kept by its keys",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
names = ["a", "b"]
x = tr.ones((32,))
outputs = {n: tr.zeros((32,)) for n in names}
pendings = {}
for name in names:
    pendings[name] = copy(outputs[name].partition((32,)), x).submit()
for name, pending in pendings.items():
    pending.wait()
    print(outputs["b"].to_numpy())  # TC102
""",
            "the first turn reads the second key's output, still written",
        ),
        invalid(
            """

def collect(x):
    outs = {"prod": tr.zeros((32,)), "half": tr.zeros((32,))}
    jobs = {
        "prod": copy(outs["prod"].partition((32,)), x).submit(),
        "half": copy(outs["half"].partition((32,)), x).submit(),
    }
    for name in ("prod", "half"):
        jobs["prod"].wait()
        print(outs[name].to_numpy())  # TC102
    jobs["half"].wait()


collect(tr.ones((32,)))
""",
            "each turn waits the same key's job: the second turn's output is still written",
        ),
        invalid(
            """


class Heads:
    def __init__(self):
        self.x = tr.ones((32,))

    def forward(self):
        outs = {"mean": tr.zeros((32,)), "var": tr.zeros((32,))}
        jobs = {}
        jobs["mean"] = copy(outs["mean"].partition((32,)), self.x).submit()
        jobs["var"] = copy(outs["var"].partition((32,)), self.x).submit()
        for key, job in jobs.items():
            print(key, outs[key].to_numpy())  # TC102
            job.wait()


Heads().forward()
""",
            "the turn reads its key's output before it waits the key's job",
        ),
    ),
}
