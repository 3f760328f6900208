"""Examples of round 34D of issue 17 (Python's evaluation rules): the right operand of ``and`` /
``or`` runs only where the left does not decide (``tilecheck.host.short_circuits``: an op or
Pending a name alone holds, named only by the right operand, is dropped on the way that skips
it where the left may go either way; a left written as a constant decides), and a generator
expression's first iterable is evaluated where the generator is made, its partitions alive
with the generator until it is drawn (``tilecheck.host.lazy_sources``). The VALID ones run
clean and must stay silent; the INVALID ones are real errors (the interpreter raises, or tilert
warns, at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_CHECK = """
import numpy as np


def finite(t: tr.Tensor) -> bool:
    return bool(np.isfinite(t.to_numpy()).all())

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def report(outs: list[tr.Tensor]) -> list[float]:
    return [float(o.to_numpy().sum()) for o in outs]


def main() -> None:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(2)]
    pend = [copy(o.partition((64,)), x).submit() for o in outs]
    for p in pend:
        p.wait()
    print(report(outs))
""",
            "a helper's read of a list parameter's items after every Pending is waited",
        ),
    ),
    "TC104": (
        valid(
            """

def main() -> None:
    outs = [tr.zeros((64,)) for _ in range(2)]
    ops = (scale(p, 2.0) for p in [o.partition((64,)) for o in outs])
    for op in ops:
        op.sync()
    print(outs[0].to_numpy())
""",
            "a generator's first iterable makes the partitions; drawn to its end before the read",
        ),
        valid(
            """

def main() -> None:
    ops = (scale(b.partition((64,)), 1.0) for b in [tr.zeros((64,)) for _ in range(2)])
    for op in ops:
        op.sync()
""",
            "the first iterable makes tensors; the partitions are made lazily, one per draw",
        ),
    ),
    "TC105": (
        valid(
            _CHECK
            + """
def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    op = copy(out.partition((64,)), x)
    done = op.sync() or finite(x)
    print(done)
""",
            "the op is the left operand of `or`: it runs on every path",
        ),
        valid(
            _CHECK
            + """
def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    op = copy(out.partition((64,)), x)
    ran = finite(x) and [op.sync()]
    if not ran:
        op.sync()
""",
            "the way `and` skips is followed by a statement that runs the op",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    op = copy(out.partition((64,)), x)
    ok = True and op.sync()
    print(ok)
""",
            "`True and ...`: the right operand always runs",
        ),
    ),
    "TC108": (
        valid(
            _CHECK
            + """
def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    pend = copy(out.partition((64,)), x).submit()
    if pend.wait() or finite(x):
        print(out.to_numpy())
""",
            "the wait is the left operand of an `if` test's `or`: waited on every path",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def report(outs: list[tr.Tensor]) -> list[float]:
    sums = []
    for o in outs:
        sums.append(float(o.to_numpy().sum()))  # TC102
    return sums


def main() -> None:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(2)]
    pend = [copy(o.partition((64,)), x).submit() for o in outs]
    print(report(outs))
    for p in pend:
        p.wait()
""",
            "the helper's one read of its list parameter's items, in a loop (not every call "
            "reads): reported at that read, where the runtime raises",
        ),
        invalid(
            """

class Logger:
    def __init__(self, verbose: bool) -> None:
        self.verbose = verbose

    def log(self, t: tr.Tensor) -> None:
        if self.verbose:
            print(t.to_numpy())  # TC102


def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    pend = copy(out.partition((64,)), x).submit()
    Logger(True).log(out)
    pend.wait()
""",
            "a method's read under a field's test: reported at the read inside the method",
        ),
        invalid(
            """

def peek(outs: list[tr.Tensor]) -> bool:
    return any(bool(o.to_numpy().any()) for o in outs)  # TC102


async def main() -> None:
    x = tr.ones((64,))
    outs = [tr.zeros((64,)) for _ in range(2)]
    pend = [copy(o.partition((64,)), x).submit() for o in outs]
    if peek(outs):
        print("set")
    for p in pend:
        await p
""",
            "a read in a generator drawn by `any`: at the read",
        ),
    ),
    "TC104": (
        invalid(
            """

def main() -> None:
    outs = [tr.zeros((64,)) for _ in range(2)]
    ops = (scale(p, 2.0) for p in [o.partition((64,)) for o in outs])
    print(outs[0].to_numpy())  # TC104
    for op in ops:
        op.sync()
""",
            "the generator's first iterable made every partition at once: alive at the read",
        ),
        invalid(
            """
x = tr.ones((64,))
for step in range(2):
    bufs = [tr.zeros((64,)) for _ in range(2)]
    pending = (copy(plan, x).submit() for plan in list([b.partition((64,)) for b in bufs]))
    print(bufs[1].to_numpy())  # TC104
    for p in pending:
        p.wait()
""",
            "the same at module level in a loop, the first iterable a `list(...)` of partitions",
        ),
    ),
    "TC105": (
        invalid(
            _CHECK
            + """
x = tr.full((64,), float("nan"), dtype=tr.f32)
out = tr.zeros((64,))
op = copy(out.partition((64,)), x)  # TC105
ok = finite(x) and op.sync()
print(ok)
""",
            "`and`: the op runs only where the check passes, else it is dropped unrun",
        ),
        invalid(
            _CHECK
            + """
class Normaliser:
    def __init__(self, x: tr.Tensor) -> None:
        self.x = x
        self.out = tr.zeros((64,))

    def run(self) -> bool:
        op = copy(self.out.partition((64,)), self.x)  # TC105
        return not finite(self.x) or op.sync() is None
""",
            "`or` in a method's `return`: skipped where the left is true, then the method returns",
        ),
        invalid(
            _CHECK
            + """
def main() -> None:
    x = tr.full((64,), float("nan"), dtype=tr.f32)
    for o in [tr.zeros((64,)) for _ in range(2)]:
        op = copy(o.partition((64,)), x)  # TC105
        finite(x) and op.sync()
""",
            "an expression statement `and` in a loop body: the next turn rebinds the name",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    op = copy(out.partition((64,)), x)  # TC105
    ok = False and op.sync()
    print(ok)
""",
            "`False and ...`: the right operand never runs",
        ),
    ),
    "TC108": (
        invalid(
            _CHECK
            + """
async def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    pend = copy(out.partition((64,)), x).submit()  # TC108
    if finite(x) or await pend:
        print("done")
""",
            "`or` in an `if` test: the await is skipped where the check passes",
        ),
    ),
}
