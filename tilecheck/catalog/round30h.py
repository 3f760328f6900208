"""Examples of round 30H of issue 17 (a container's cells from every producer, carried through
calls): a dict display a function returns keeps its keys at the caller
(``Summary.keys``), a ``match`` pattern's captures read the subject's cells
(``tilecheck.host.match_cells``), ``append``/``extend``/``+=``/``insert(0, x)`` keep a list's
positions while its length is one number (``tilecheck.host.cell_producers``), ``a + b``,
``[*a, *b]`` and ``itertools.chain(a, b)`` join two lists' items, and a ``typing.NamedTuple``'s
construction keeps its fields (read by attribute, by a method, or by position); a ``None`` in a
pattern narrows its cell as ``is None`` does (the case that cannot hold the Pending reads
nothing in flight). The VALID ones
run clean and must stay silent; the INVALID ones are real errors (the interpreter raises at
the mark)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_STEP = """

def step(x: Tensor[f32]) -> dict[str, object]:
    out = tr.zeros((32,))
    copy(out.partition((8,)), x).sync()
    return {{"out": out, "pending": scale(out.partition((8,)), 2.0).submit()}}


def main() -> None:
    match step(tr.ones((32,))):
        case {{"out": tr.Tensor() as out, "pending": tr.Pending() as pending}}:
            {first}
            {second}
"""

_APPENDED = """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    pends: list[tr.Pending] = []
    pends.append(scale(outs[0].partition((8,)), 2.0).submit())
    pends += [scale(outs[1].partition((8,)), 2.0).submit()]
    pends.extend([scale(outs[2].partition((8,)), 2.0).submit()])
    pends[-1].wait()
    print(outs[{read}].to_numpy()){mark}
    for p in pends[:-1]:
        p.wait()
"""

_CHAINED = """
from itertools import chain


def main() -> None:
    first = [tr.zeros((32,)) for _ in range(2)]
    second = [tr.zeros((32,)) for _ in range(2)]
    a = [scale(t.partition((8,)), 2.0).submit() for t in first]
    b = [scale(t.partition((8,)), 2.0).submit() for t in second]
    for p in {waited}:
        p.wait()
    print([t.to_numpy().sum() for t in chain(first, second)]){mark}
    for p in b:
        p.wait()
"""

_RECORD = """
from typing import NamedTuple


class Step(NamedTuple):
    out: Tensor[f32]
    pending: tr.Pending

    def total(self) -> float:
        {wait}
        return float(self.out.to_numpy().sum()){mark}


def run() -> Step:
    out = tr.zeros((32,))
    return Step(out, scale(out.partition((8,)), 2.0).submit())


def main() -> None:
    s = run()
    print(s.total())
    s.pending.wait()
"""

_NONE_CASE = """
from dataclasses import dataclass


@dataclass
class Job:
    out: Tensor[f32]
    pending: tr.Pending | None


def start() -> Job:
    out = tr.zeros((32,))
    return Job(out, scale(out.partition((8,)), 2.0).submit())


def main() -> None:
    job = start()
    match job:
        case Job(out=out, pending=None):
            print(out.to_numpy())
        case Job(out=out, pending=pending):
            {first}
            {second}
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _STEP.format(first="pending.wait()", second="print(out.to_numpy())"),
            "a returned dict's cells captured by a mapping pattern: waited, then read",
        ),
        valid(
            _APPENDED.format(read="2", mark=""),
            "`pends[-1]` of three appended submits is the one writing `outs[2]`",
        ),
        valid(
            _CHAINED.format(waited="a + b", mark=""),
            "every Pending of the two lists joined by `+` is waited before the read",
        ),
        valid(
            _RECORD.format(wait="self.pending.wait()", mark=""),
            "a NamedTuple's method waits its own Pending field before reading its output",
        ),
        valid(
            _NONE_CASE.format(first="pending.wait()", second="print(out.to_numpy())"),
            "the case matching `pending=None` cannot hold the submitted Pending: nothing in "
            "flight there",
        ),
    ),
    "TC108": (
        valid(
            _STEP.format(first="pending.wait()", second="print(out.to_numpy())"),
            "the Pending of a returned dict is taken by the caller's pattern and waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _STEP.format(first="print(out.to_numpy())  # TC102", second="pending.wait()"),
            "a returned dict's output read through its pattern capture before the wait",
        ),
        invalid(
            _APPENDED.format(read="1", mark="  # TC102"),
            "`pends[-1]` waits the third submit; the second's output is still written",
        ),
        invalid(
            _CHAINED.format(waited="a", mark="  # TC102"),
            "the second list's outputs, reached through `chain`, are read in flight",
        ),
        invalid(
            _RECORD.format(wait="pass", mark="  # TC102"),
            "a NamedTuple's method reads its output field while its Pending field is unwaited",
        ),
        invalid(
            _NONE_CASE.format(first="print(out.to_numpy())  # TC102", second="pending.wait()"),
            "after a `pending=None` case, the case holding the Pending reads before its wait",
        ),
    ),
}
