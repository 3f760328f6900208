"""Examples of round 38R of issue 17 (ordinary host code: a dict attribute walked by key, and
a Pending bound by a walrus on the right of ``and``).

``for k in self.grads: ... self.out[k].partition(...)`` walks the dict's keys, each once, as
``self.grads.keys()`` does, where the module binds the attribute only to dicts: each turn's
item is another one. ``if ready and (p := op.submit()):`` is false where ``ready`` is false or
where the walrus ran and gave something false, which a Pending never is: after the ``if``,
``p`` holds no Pending the walrus bound on the way that skipped the body.

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

class Trainer:
    def __init__(self, names: list[str]) -> None:
        self.grads = {k: tr.ones((32,)) for k in names}
        self.scaled = {k: tr.zeros((32,)) for k in names}

    def step(self) -> None:
        pend = []
        for k in self.grads:
            pend.append(copy(self.scaled[k].partition((32,)), self.grads[k]).submit())
        for p in pend:
            p.wait()


Trainer(["w1", "w2"]).step()
""",
            "a method walks a dict attribute's keys, each item written once, waited after",
        ),
        valid(
            """

class Experts:
    def __init__(self, n: int) -> None:
        self.out = {f"e{i}": tr.zeros((32,)) for i in range(n)}


x = tr.ones((32,))
ex = Experts(3)
pending = {}
for key in ex.out:
    pending[key] = copy(ex.out[key].partition((32,)), x).submit()
for key in ex.out:
    pending[key].wait()
    print(ex.out[key].to_numpy())
""",
            "module level: an object's dict attribute walked by key, each item waited first",
        ),
        valid(
            """

class Heads:
    def __init__(self) -> None:
        self.out = {"v": tr.zeros((32,)), "q": tr.zeros((32,))}

    def run(self, x: tr.Tensor) -> None:
        pend = {}
        for name in sorted(self.out):
            pend[name] = copy(self.out[name].partition((32,)), x).submit()
        pend["q"].wait()
        pend["v"].wait()
        for name in self.out:
            print(name, self.out[name].to_numpy())


Heads().run(tr.ones((32,)))
""",
            "a dict attribute walked in sorted key order, every key waited before the reads",
        ),
        valid(
            """
x, y = tr.ones((32,)), tr.zeros((32,))
for step in range(4):
    if step % 2 == 0 and (p := copy(y.partition((32,)), x).submit()):
        p.wait()
    print(step, y.to_numpy())
""",
            "a walrus on the right of `and`: the false way never holds its Pending",
        ),
        valid(
            """

class Runner:
    def __init__(self) -> None:
        self.x, self.y = tr.ones((32,)), tr.zeros((32,))

    def launch(self) -> tr.Pending:
        return copy(self.y.partition((32,)), self.x).submit()

    def maybe(self, enabled: bool) -> float:
        if enabled and (p := self.launch()) is not None:
            p.wait()
        return float(self.y.to_numpy()[0])


print(Runner().maybe(True))
""",
            "`ok and (p := ...) is not None` false: the walrus, had it run, held no Pending",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

class Trainer:
    def __init__(self, names: list[str]) -> None:
        self.grads = {k: tr.ones((32,)) for k in names}
        self.scaled = {k: tr.zeros((32,)) for k in names}

    def step(self) -> None:
        pend = []
        for k in self.grads:
            pend.append(copy(self.scaled[k].partition((32,)), self.grads[k]).submit())
        for k in self.grads:
            print(self.scaled[k].to_numpy())  # TC102
        for p in pend:
            p.wait()


Trainer(["w1", "w2"]).step()
""",
            "a dict attribute's items read by key before the Pendings are waited",
        ),
        invalid(
            """
x, y = tr.ones((32,)), tr.zeros((32,))
for step in range(4):
    if step % 2 == 0 and (p := copy(y.partition((32,)), x).submit()):
        print(y.to_numpy())  # TC102
        p.wait()
""",
            "a walrus on the right of `and`: the body reads before the wait",
        ),
    ),
}
