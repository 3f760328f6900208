"""Examples of round 32P of issue 17 (a function of the module called with arguments, run in
place): a ``def`` of the module called by name from the module's code or from a function's
body, or a method of a class whose instances keep no tensor, given an object the caller follows
(a tensor, a view, a partition, an instance holding them) runs over its CFG on the caller's
state, each parameter standing for its argument (``tilecheck.host.inline``). What the body
does to a parameter happens to the caller's object; what it returns is the caller's value.
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

def lower(t: Tensor[f32], n: int) -> Tensor[f32]:
    return t[0:n]


def main() -> None:
    x = tr.ones((32,))
    out = tr.zeros((64,))
    p = copy(lower(out, 32).partition((32,)), x).submit()
    print(out[32:64].to_numpy())
    p.wait()

""",
            "a helper returns a view of its argument; the caller reads the other half",
        ),
        valid(
            """

class Slot:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))
        self.pending: tr.Pending | None = None


def settle(slot: Slot) -> float:
    if slot.pending is not None:
        slot.pending.wait()
        slot.pending = None
    return float(slot.buf.to_numpy().max())


def main() -> None:
    x = tr.ones((64,))
    s = Slot(64)
    s.pending = copy(s.buf.partition((64,)), x).submit()
    print(settle(s))

""",
            "a helper given an instance waits on its Pending before it reads its tensor",
        ),
        valid(
            """

def push(part: tr.Partition[f32], src: Tensor[f32]) -> tr.Pending:
    return copy(part, src).submit()


def main() -> None:
    x = tr.ones((64,))
    a, b = tr.zeros((64,)), tr.zeros((64,))
    pend = push(b.partition((64,)), x)
    print(a.to_numpy())
    pend.wait()
    print(b.to_numpy())

""",
            "a helper launches on the partition it is given; the caller reads another tensor",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def push(part: tr.Partition[f32], src: Tensor[f32]) -> tr.Pending:
    return copy(part, src).submit()


def main() -> None:
    x = tr.ones((64,))
    buf = tr.zeros((64,))
    pend = push(buf.partition((64,)), x)
    print(buf.to_numpy())  # TC102
    pend.wait()

""",
            "a helper launches on the partition it is given; the caller reads the tensor early",
        ),
        invalid(
            """

class Slot:
    def __init__(self, n: int) -> None:
        self.buf = tr.zeros((n,))
        self.pending: tr.Pending | None = None


def peek(slot: Slot) -> float:
    return float(slot.buf.to_numpy().max())  # TC102


def main() -> None:
    x = tr.ones((64,))
    s = Slot(64)
    s.pending = copy(s.buf.partition((64,)), x).submit()
    print(peek(s))
    s.pending.wait()

""",
            "a helper given an instance reads its tensor while the instance's Pending runs",
        ),
        invalid(
            """

class Reader:
    def read(self, t: Tensor[f32]) -> float:
        return float(t[0:32].to_numpy().max())  # TC102


def main() -> None:
    x = tr.ones((64,))
    out = tr.zeros((64,))
    p = copy(out.partition((64,)), x).submit()
    print(Reader().read(out))
    p.wait()

""",
            "a method of a class that keeps no tensor reads a view of its argument in flight",
        ),
    ),
}
