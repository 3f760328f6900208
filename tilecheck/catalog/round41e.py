"""Examples of round 41E of issue 17 (what a parameter is, read from every call of its function).

A parameter without an annotation whose every caller in the module gives it an instance of one
class of the module (``evaluate(Proj(16), xs)``, ``layer = Proj(16); evaluate(layer, xs)``,
``launch(self.bufs, x)`` where ``self.bufs = Buffers()`` is the attribute's only store, or a
caller's own parameter of that class) is known as that class, as ``layer: Proj`` would say;
and a parameter of a class's own ``__init__`` every construction gives a new tensor
(``Scaled(tr.ones(n), 2.0)``, a name bound only to one) is a tensor, as ``t: Tensor`` would
say, so ``self.t = t`` keeps the caller's tensor: a method or a ``with`` that launches on
``self.t`` is a launch on it. Records a class keeps in a container attribute
(``self.running[rid] = Req(...)`` in one method, ``self.jobs.append(Job(...))``), filled and
walked only by its own methods, are instances of the record's class when another method walks
them (``for r in self.running.values()``): one launch on ``r.out`` per record, then a walk
reading ``r.out`` before the waits, is a read in flight.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_PROJ = """

class Proj:
    def __init__(self, n):
        self.x = tr.ones((n,))
        self.y = tr.zeros((n,))

    def run(self):
        return copy(self.y.partition((32,)), self.x).submit()

"""

_SCALED = """

class Scaled:
    def __init__(self, t, factor):
        self.t = t
        self.factor = factor

    def __enter__(self):
        self.pending = scale(self.t.partition((32,)), self.factor).submit()
        return self

    def __exit__(self, *exc):
        self.pending.wait()
        return False

"""

_ENGINE = """

class Req:
    def __init__(self):
        self.out = tr.ones((64,))


class Engine:
    def __init__(self):
        self.running = {}

    def admit(self, rid):
        self.running[rid] = Req()

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _ENGINE
            + """
    def step(self):
        pends = [scale(r.out.partition((32,)), 0.5).submit() for r in self.running.values()]
        for p in pends:
            p.wait()
        return [float(r.out.to_numpy()[0]) for r in self.running.values()]


e = Engine()
e.admit(1)
print(e.step())
""",
            "records kept in a `self` dict by one method, walked by another after the waits",
        ),
        valid(
            _PROJ
            + """
def evaluate(layer, steps):
    total = 0.0
    for _ in range(steps):
        pend = layer.run()
        pend.wait()
        total += float(layer.y.to_numpy().sum())
    return total


def main():
    print(evaluate(Proj(64), 2))
""",
            "a parameter every call gives a new `Proj`: its run waited before the read",
        ),
        valid(
            _SCALED
            + """
x = tr.ones((64,))
with Scaled(x, 2.0):
    print("scaling")
print(x.to_numpy()[:4])
""",
            "a context manager class kept the caller's tensor: read after its `__exit__` waits",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _ENGINE
            + """
    def step(self):
        pends = [scale(r.out.partition((32,)), 0.5).submit() for r in self.running.values()]
        first = [float(r.out.to_numpy()[0]) for r in self.running.values()]  # TC102
        for p in pends:
            p.wait()
        return first


e = Engine()
e.admit(1)
print(e.step())
""",
            "records kept in a `self` dict by one method, read in flight in another's walk",
            typed=False,
        ),
        invalid(
            _PROJ
            + """
def evaluate(layer, steps):
    total = 0.0
    for _ in range(steps):
        pend = layer.run()
        total += float(layer.y.to_numpy().sum())  # TC102
        pend.wait()
    return total


def main():
    print(evaluate(Proj(64), 2))
""",
            "a parameter every call gives a new `Proj`: its output read before the wait",
            typed=False,
        ),
        invalid(
            _PROJ
            + """
class Runner:
    def __init__(self):
        self.proj = Proj(64)

    def go(self):
        watch(self.proj)


def watch(p):
    pend = p.run()
    print(p.y.to_numpy())  # TC102
    pend.wait()


Runner().go()
""",
            "`self.proj` (its only store a `Proj(...)`) given to an unannotated parameter",
            typed=False,
        ),
        invalid(
            _SCALED
            + """
x = tr.ones((64,))
with Scaled(x, 2.0):
    print(x.to_numpy()[:4])  # TC102
""",
            "a context manager class submits on the caller's tensor in `__enter__`",
            typed=False,
        ),
        invalid(
            """

class Step:
    def __init__(self, t):
        self.t = t

    def start(self):
        return scale(self.t.partition((32,)), 0.5).submit()


buf = tr.ones((64,))
step = Step(buf)
p = step.start()
print(buf.to_numpy()[0])  # TC102
p.wait()
""",
            "`__init__` keeps a tensor every construction gives: a method launches on it",
            typed=False,
        ),
    ),
}
