"""Examples of round 33M of issue 17 (a statement moved into a method of a class that keeps
nothing, or into a helper written in a branch of a body, is found as it is inline): a class
a user writes to hold a step (no ``__init__``, no base, no decorator, methods that never store
on their ``self``), made on the spot and called (``Stage().step(a, b)``), runs as the plain
function with parameters it is (``tilecheck.host.stateless_classes``): in place where that
function would run in place, through its summary where that function's summary applies,
wherever the class is written (the module's top level, a loop of the module's code, a
function's body). A ``def`` written in a branch or loop of a function's body is that body's
helper as one at its top is (``tilecheck.host.written_defs``). The VALID ones run clean and
must stay silent; the INVALID ones are real errors (the interpreter raises at the marked
line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    x = tr.ones((64,))
    buf = tr.zeros((64,))
    sums: list[float] = []
    pend = copy(buf.partition((64,)), x).submit()

    class Stage:
        def step(self, b: Tensor[f32], acc: list[float]) -> None:
            acc.append(float(b.to_numpy().sum()))

    pend.wait()
    Stage().step(buf, sums)
    print(sums)

""",
            "a class written in a function's body reads its argument after the Pending is waited",
        ),
        valid(
            """

x = tr.ones((64,))
a, b = tr.zeros((64,)), tr.zeros((64,))
sums: list[float] = []
for _ in range(2):
    pend = copy(b.partition((64,)), x).submit()

    class Stage:
        def step(self, t: Tensor[f32], acc: list[float]) -> None:
            acc.append(float(t.to_numpy().sum()))

    Stage().step(a, sums)
    pend.wait()
print(sums)

""",
            "a class written in a loop of the module's code reads the tensor no op writes",
        ),
        valid(
            """

def main(verbose: bool) -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    pend = copy(out.partition((64,)), x).submit()
    if verbose:

        def log(t: Tensor[f32]) -> None:
            print(t.to_numpy())

        pend.wait()
        log(out)
    else:
        pend.wait()

""",
            "a helper written in a branch of a body reads its argument after the wait",
        ),
    ),
    "TC101": (
        valid(
            """

class Smoother:
    def step(self, s: Tensor[f32], k: int) -> None:
        copy(s[0:16].partition((16,)), s[k : k + 16]).sync()


signal = tr.ones((64,))
Smoother().step(signal, 32)
print(signal.to_numpy())

""",
            "a method of a class keeping nothing launches on two disjoint windows of its argument",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    x = tr.ones((64,))
    buf = tr.zeros((64,))
    sums: list[float] = []
    pend = copy(buf.partition((64,)), x).submit()

    class Stage:
        def step(self, b: Tensor[f32], acc: list[float]) -> None:
            acc.append(float(b.to_numpy().sum()))  # TC102

    Stage().step(buf, sums)
    pend.wait()
    print(sums)

""",
            "a class written in a function's body reads its argument while an op writes it",
        ),
        invalid(
            """

x = tr.ones((64,))
buf = tr.zeros((64,))
sums: list[float] = []
for _ in range(2):
    pend = copy(buf.partition((64,)), x).submit()

    class Stage:
        def step(self, t: Tensor[f32], acc: list[float]) -> None:
            acc.append(float(t.to_numpy().sum()))  # TC102

    Stage().step(buf, sums)
    pend.wait()
print(sums)

""",
            "a class written in a loop of the module's code reads its argument in flight",
        ),
        invalid(
            """

x = tr.ones((64,))
kv = tr.zeros((2, 4, 64))
pend = copy(kv[0, 1].partition((64,)), x).submit()


class Stage:
    def step(self, t: Tensor[f32]) -> float:
        return float(t[0].T.to_numpy().sum())  # TC102


total = Stage().step(kv)
pend.wait()
print(total)

""",
            "a class of the module's top level reads a view of its argument in flight, in place",
        ),
        invalid(
            """

def main(verbose: bool) -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    pend = copy(out.partition((64,)), x).submit()
    if verbose:

        def log(t: Tensor[f32]) -> None:
            print(t.to_numpy())  # TC102

        log(out)
    pend.wait()

""",
            "a helper written in a branch of a body reads its argument while an op writes it",
        ),
    ),
    "TC101": (
        invalid(
            """

class Smoother:
    def step(self, s: Tensor[f32], k: int) -> None:
        copy(s[0:16].partition((16,)), s[k : k + 16]).sync()  # TC101


signal = tr.ones((64,))
Smoother().step(signal, 8)
print(signal.to_numpy())

""",
            "a method of a class keeping nothing launches on overlapping windows of its argument",
            typed=False,
        ),
        invalid(
            """

def smooth(s: Tensor[f32], k: int) -> None:
    copy(s[0:16].partition((16,)), s[k : k + 16]).sync()  # TC101


signal = tr.ones((64,))
smooth(signal, 8)
print(signal.to_numpy())

""",
            "a function of the module launches on overlapping windows of its argument, nothing "
            "in flight before the call",
            typed=False,
        ),
    ),
}
