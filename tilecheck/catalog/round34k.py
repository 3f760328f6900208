"""Examples of round 34K of issue 17 (per-turn facts of loops and known fields): a two-slot
ring whose slot is ``step % 2`` or the remainder of ``divmod(step, 2)``, the previous turn's
Pending waited through ``prev`` before the other slot (``1 - slot``, ``slot ^ 1``, a name
bound to either) is read; and a field ``__init__`` sets once to a constant (a literal, or a
parameter every construction leaves at one literal) deciding an ``if`` or a conditional
expression in a method; a local dict's item under a constant key written over on every turn of
a loop of known turns (``d["k"] = ...`` or ``d |= {"k": ...}``), the earlier turns' Pendings
dropped. The VALID ones run clean and must stay silent; the INVALID ones are
real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from dataclasses import replace

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid


def _beyond(case: Case) -> Case:
    """A case the mypy plugin does not read as the checker does (it types each launch alone:
    a field's value set in ``__init__`` is not followed into a method)."""
    return replace(case, typed=False)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    src = tr.ones((32,))
    bufs = [tr.zeros((32,)) for _ in range(2)]
    prev = None
    seen = []
    for step in range(4):
        slot = step % 2
        pending = copy(bufs[slot].partition((32,)), src).submit()
        if prev is not None:
            prev.wait()
            seen.append(bufs[1 - slot].to_numpy())
        prev = pending
    if prev is not None:
        prev.wait()
    print(seen)
""",
            "a two-slot ring: the previous turn waited through `prev`, then `bufs[1 - slot]` read",
        ),
        valid(
            """

def main() -> None:
    src = tr.ones((32,))
    bufs = [tr.zeros((32,)) for _ in range(2)]
    last = None
    for i in range(6):
        _, cur = divmod(i, 2)
        fut = copy(bufs[cur].partition((32,)), src).submit()
        if last is not None:
            last.wait()
            other = cur ^ 1
            print(bufs[other].to_numpy())
        last = fut
    if last is not None:
        last.wait()
""",
            "the slot as the remainder of `divmod`, the other one named by `^ 1` after the wait",
        ),
    ),
    "TC101": (
        _beyond(
            valid(
                """

class Block:
    def __init__(self) -> None:
        self.fused = False
        self.out = tr.zeros((32,))

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        if self.fused:
            copy(x.partition((32,)), x).sync()
            return x
        copy(self.out.partition((32,)), x).sync()
        return self.out


def main() -> None:
    print(Block().forward(tr.ones((32,))).to_numpy())
""",
                "a field set once to False: the aliasing branch of the method never runs",
            )
        ),
        _beyond(
            valid(
                """

class Scaler:
    def __init__(self, inplace: bool = False) -> None:
        self.inplace = inplace

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        dst = x if self.inplace else tr.zeros((32,))
        copy(dst.partition((32,)), x).sync()
        return dst


def main() -> None:
    print(Scaler()(tr.ones((32,))).to_numpy(), Scaler(False)(tr.ones((32,))).to_numpy())
""",
                "a field from a parameter every construction leaves False: the out-of-place arm",
            )
        ),
        _beyond(
            valid(
                """

class Act:
    def __init__(self) -> None:
        self.mode = "copy"
        self.buf = tr.zeros((32,))

    def apply(self, x: tr.Tensor) -> tr.Tensor:
        target = self.buf if self.mode == "copy" else x
        copy(target.partition((32,)), x).sync()
        return target


def main() -> None:
    print(Act().apply(tr.ones((32,))).to_numpy())
""",
                "a string field compared with its one value: the arm the comparison takes",
            )
        ),
    ),
    "TC108": (
        _beyond(
            valid(
                """

def main() -> None:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(3)]
    live = {}
    for i in range(3):
        live["cur"] = copy(outs[i].partition((32,)), src).submit()
        live["cur"].wait()
    print(outs[2].to_numpy())
""",
                "a constant key written on every turn, its Pending waited in the same turn",
            )
        ),
        _beyond(
            valid(
                """

def main() -> None:
    src = tr.ones((32,))
    a, b = tr.zeros((32,)), tr.zeros((32,))
    live = {}
    live |= {"a": copy(a.partition((32,)), src).submit()}
    live |= {"b": copy(b.partition((32,)), src).submit()}
    for pending in live.values():
        pending.wait()
    print(a.to_numpy(), b.to_numpy())
""",
                "two Pendings merged into a dict with `|=` under keys of their own, all waited",
            )
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    src = tr.ones((32,))
    bufs = [tr.zeros((32,)) for _ in range(2)]
    prev = None
    for step in range(4):
        slot = step % 2
        pending = copy(bufs[slot].partition((32,)), src).submit()
        if prev is not None:
            print(bufs[1 - slot].to_numpy())  # TC102
            prev.wait()
        prev = pending
    if prev is not None:
        prev.wait()
""",
            "a two-slot ring: the other slot read before the previous turn's Pending is waited",
        ),
        invalid(
            """

def main() -> None:
    src = tr.ones((32,))
    bufs = [tr.zeros((32,)) for _ in range(2)]
    last = None
    for i in range(6):
        _, cur = divmod(i, 2)
        fut = copy(bufs[cur].partition((32,)), src).submit()
        if last is not None:
            print(bufs[cur ^ 1].to_numpy())  # TC102
        last = fut
    if last is not None:
        last.wait()
""",
            "the slot as the remainder of `divmod`: the previous turn's Pending never waited",
        ),
    ),
    "TC101": (
        invalid(
            """

class Scaler:
    def __init__(self, inplace: bool = True) -> None:
        self.inplace = inplace

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        dst = x if self.inplace else tr.zeros((32,))
        copy(dst.partition((32,)), x).sync()  # TC101
        return dst


def main() -> None:
    print(Scaler()(tr.ones((32,))).to_numpy())
""",
            "a field from a parameter left at its default True: the in-place arm aliases",
            typed=False,  # a field's value across methods: beyond the mypy plugin
        ),
        invalid(
            """

class Scaler:
    def __init__(self) -> None:
        self.inplace = False

    def enable(self) -> None:
        self.inplace = True

    def __call__(self, x: tr.Tensor) -> tr.Tensor:
        dst = x if self.inplace else tr.zeros((32,))
        copy(dst.partition((32,)), x).sync()  # TC101
        return dst


def main() -> None:
    s = Scaler()
    s.enable()
    print(s(tr.ones((32,))).to_numpy())
""",
            "a field another method sets: not a constant, the in-place arm may run",
            typed=False,  # a field's value across methods: beyond the mypy plugin
        ),
    ),
    "TC108": (
        invalid(
            """

def main() -> None:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(3)]
    live = {}
    for i, out in enumerate(outs):
        live["cur"] = copy(out.partition((32,)), src).submit()  # TC108
    live["cur"].wait()
""",
            "a constant key written over on every turn: the earlier turns' Pendings dropped",
            typed=False,  # one item's fate across loop turns: beyond the mypy plugin
        ),
        invalid(
            """

def main() -> None:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(3)]
    live = {}
    for out in outs:
        live |= {"cur": copy(out.partition((32,)), src).submit()}  # TC108
    for pending in live.values():
        pending.wait()
    print(outs[2].to_numpy())
""",
            "`|=` of a one-key dict display on every turn: the key's earlier Pendings dropped",
            typed=False,
        ),
    ),
}
