"""Examples of round 9 of issue 17, from the fourth held-out evaluation's reproductions: a
pipeline whose prologue fills a constant slot before ``for i in range(1, n)`` fills
``stage[(i + 1) % 2]`` (the prologue's Pending is in flight in the first turn only); a
helper's comprehension of Pendings waited ``for i in range(len(pend) - 1)``; dict keys bound
to names (``dst, src = "y", "y"``); a module-level list of ops walked through ``ops[1:]``; an
op a helper leaves unrun at an early ``return``; a graph given to a helper that drops its last
launch; ``copy_from`` into a parameter's or an attribute's tensor inside a capture. The VALID
ones run clean and must stay silent; the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_START_ALL = """

def start_all(ts: list[tr.Tensor]) -> list[tr.Pending]:
    return [scale(t.partition((64,)), 2.0).submit() for t in ts]
"""

_NUMPY = "\nimport numpy as np\n"

VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        valid(
            """

def main() -> None:
    pool = {"x": tr.zeros((256,)), "y": tr.ones((256,))}
    dst, src = "x", "y"
    copy(pool[dst].partition((64,)), pool[src]).sync()
    print(pool["x"].to_numpy())
""",
            "dict keys bound to names from different constants: two tensors",
        ),
    ),
    "TC102": (
        valid(
            """

def main() -> None:
    src = [tr.full((256,), float(i)) for i in range(4)]
    stage = [tr.zeros((256,)), tr.zeros((256,))]
    prev = copy(stage[1].partition((64,)), src[0]).submit()
    for i in range(1, 4):
        nxt = copy(stage[(i + 1) % 2].partition((64,)), src[i]).submit()
        prev.wait()
        prev = nxt
    prev.wait()
    print(stage[0].to_numpy())
""",
            "the prologue fills `stage[1]`; the loop from 1 fills `stage[(i + 1) % 2]`, "
            "`stage[0]` in the first turn, the only one the prologue's Pending is in flight in",
        ),
        valid(
            """

def main() -> None:
    src = [tr.full((256,), float(i)) for i in range(4)]
    stage = [tr.zeros((256,)), tr.zeros((256,))]
    prev = copy(stage[0].partition((64,)), src[0]).submit()
    for i in range(1, 4):
        nxt = copy(stage[i % 2].partition((64,)), src[i]).submit()
        prev.wait()
        print(stage[(i - 1) % 2].to_numpy())
        prev = nxt
    prev.wait()
    print(stage[1].to_numpy())
""",
            "the prologue fills `stage[0]`; the loop from 1 fills `stage[i % 2]` before "
            "waiting the previous one, and reads the one it waited for",
        ),
        valid(
            _START_ALL
            + """

def main() -> None:
    ts = [tr.zeros((256,)) for _ in range(3)]
    pend = start_all(ts)
    for i in range(len(pend) - 1):
        pend[i].wait()
    pend[-1].wait()
    print(ts[0].to_numpy())
""",
            "a helper's Pendings waited but the last by index, then the last: all waited",
        ),
    ),
    "TC105": (
        valid(
            """

def maybe_scale(t: tr.Tensor, enabled: bool) -> int:
    if not enabled:
        return 0
    op = scale(t.partition((64,)), 2.0)
    op.sync()
    return 1


def main(enabled: bool) -> None:
    buf = tr.ones((256,))
    maybe_scale(buf, enabled)
    print(buf.to_numpy())
""",
            "the early `return` comes before the op is made",
        ),
        valid(
            """

def make(t: tr.Tensor, now: bool) -> tr.Op | None:
    op = scale(t.partition((64,)), 2.0)
    if not now:
        return op
    op.sync()
    return None


def main(now: bool) -> None:
    buf = tr.ones((256,))
    op = make(buf, now)
    if op is not None:
        op.sync()
    print(buf.to_numpy())
""",
            "the early `return` hands the op to the caller, who runs it",
        ),
    ),
    "TC108": (
        valid(
            """

def replay(g, n):  # noqa: ANN001, ANN201
    for _ in range(n):
        g.launch().wait()


def main() -> None:
    acc = tr.zeros((256,))
    with tr.graph() as cg:
        cg.record(scale(acc.partition((64,)), 2.0))
    replay(cg, 3)
    cg.close()
    print(acc.to_numpy())
""",
            "a helper given a graph waits every launch",
        ),
    ),
    "TC111": (
        valid(
            _NUMPY
            + """

class Frozen:
    def __init__(self) -> None:
        self.src = tr.zeros((256,))
        self.dst = tr.zeros((256,))
        self.src.copy_from(np.ones(256, dtype=np.float32))
        with tr.graph() as self.g:
            self.g.record(copy(self.dst.partition((64,)), self.src))


def main() -> None:
    f = Frozen()
    f.g.launch().wait()
    f.g.close()
""",
            "the attribute's tensor is filled before the capture",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            """

def main() -> None:
    pool = {"x": tr.zeros((256,)), "y": tr.ones((256,))}
    dst, src = "y", "y"
    copy(pool[dst].partition((64,)), pool[src]).sync()  # TC101
""",
            "dict keys bound to names from one constant: one tensor written and read",
            typed=False,  # (the mypy plugin does not follow names to keys)
        ),
    ),
    "TC102": (
        invalid(
            """

def main() -> None:
    src = [tr.full((256,), float(i)) for i in range(4)]
    stage = [tr.zeros((256,)), tr.zeros((256,))]
    prev = copy(stage[0].partition((64,)), src[0]).submit()
    for i in range(1, 4):
        nxt = copy(stage[(i + 1) % 2].partition((64,)), src[i]).submit()  # TC102
        prev.wait()
        prev = nxt
    prev.wait()
""",
            "the loop from 1 fills `stage[(i + 1) % 2]`: `stage[0]` in the first turn, which "
            "the prologue's Pending still writes",
        ),
        invalid(
            """

def main() -> None:
    src = [tr.full((256,), float(i)) for i in range(4)]
    stage = [tr.zeros((256,)), tr.zeros((256,))]
    first = copy(stage[1].partition((64,)), src[0]).submit()
    for i in range(1, 4):
        copy(stage[(i + 1) % 2].partition((64,)), src[i]).submit().wait()  # TC102
    first.wait()
""",
            "the prologue's Pending is waited only after the loop: in flight in every turn, "
            "and the second fills `stage[1]`",
        ),
    ),
    "TC105": (
        invalid(
            """

def maybe_scale(t: tr.Tensor, enabled: bool) -> int:
    op = scale(t.partition((64,)), 2.0)  # TC105
    if not enabled:
        return 0
    op.sync()
    return 1


def main() -> None:
    buf = tr.ones((256,))
    maybe_scale(buf, False)
""",
            "a helper leaves its op unrun at an early `return`",
        ),
        invalid(
            """
outs = [tr.zeros((256,)) for _ in range(3)]
ops = [scale(o.partition((64,)), float(j)) for j, o in enumerate(outs)]  # TC105
for op in ops[1:]:
    op.sync()
del ops, op
""",
            "module level: a list of ops walked only through `ops[1:]`",
        ),
    ),
    "TC108": (
        invalid(
            """

def replay(g, n):  # noqa: ANN001, ANN201
    for _ in range(n - 1):
        g.launch().wait()
    g.launch()  # TC108


def main() -> None:
    acc = tr.zeros((256,))
    with tr.graph() as cg:
        cg.record(scale(acc.partition((64,)), 2.0))
    replay(cg, 3)
    cg.close()
""",
            "a helper given an open graph drops its last launch's Pending",
        ),
        invalid(
            """

def replay(g: tr.Graph, n: int) -> None:
    for _ in range(n - 1):
        g.launch().wait()
    g.launch()  # TC108


def main() -> None:
    acc = tr.zeros((256,))
    with tr.graph() as cg:
        cg.record(scale(acc.partition((64,)), 2.0))
    replay(cg, 3)
    cg.close()
""",
            "the same with the graph parameter annotated",
        ),
        invalid(
            """

def start_all(ts: list[tr.Tensor]) -> list[tr.Pending]:
    return [scale(t.partition((64,)), 2.0).submit() for t in ts]  # TC108


def main() -> None:
    ts = [tr.zeros((256,)) for _ in range(3)]
    pend = start_all(ts)
    for i in range(len(pend) - 1):
        pend[i].wait()
    print(ts[0].to_numpy())
""",
            "a helper's Pendings waited `for i in range(len(pend) - 1)`: the last never is",
        ),
    ),
    "TC111": (
        invalid(
            _NUMPY
            + """

class Frozen:
    def __init__(self) -> None:
        self.src = tr.zeros((256,))
        self.dst = tr.zeros((256,))
        with tr.graph() as self.g:
            self.src.copy_from(np.ones(256, dtype=np.float32))  # TC111
            self.g.record(copy(self.dst.partition((64,)), self.src))


def main() -> None:
    Frozen()
""",
            "`copy_from` into an attribute's tensor inside `with tr.graph() as self.g`",
        ),
        invalid(
            _NUMPY
            + """

def build(src: tr.Tensor, dst: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        src.copy_from(np.ones(256, dtype=np.float32))  # TC111
        g.record(copy(dst.partition((64,)), src))
    return g


def main() -> None:
    build(tr.zeros((256,)), tr.zeros((256,)))
""",
            "`copy_from` into a parameter's tensor inside a capture",
        ),
    ),
}
