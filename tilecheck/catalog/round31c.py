"""Examples of round 31C of issue 17 (readers of a container's cells): a comprehension whose
target takes each item apart (``[b.to_numpy() for b, _ in pairs]``) or whose variable indexes
another container (``[k(outs[e]) for e in (2, 3)]``) is followed position by position, a
``for`` over ``rest`` of ``first, *rest = ...``, over ``[*init, last]`` or over a constant
slice is built slot by slot, and ``f(*ops[1:])`` names the cells of the slice (a list
comprehension followed by position is a holder of its items for the TC105 key rules). The
VALID ones run clean and must stay silent; the INVALID ones are real errors (the interpreter
raises at the mark, or warns of the op)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_PAIRS = """

def stage(a: float) -> tuple[Tensor[f32], tr.Pending]:
    out = tr.ones((32,))
    return out, scale(out.partition((8,)), a).submit()


def main() -> None:
    pairs = [stage(1.0), stage(2.0)]
    {wait}
    sums = [float(b.to_numpy().sum()) for b, _ in pairs]{mark}
    for _, p in pairs[1:]:
        p.wait()
    print(sums)
"""

_MIDDLE = """

def stage(a: float) -> tuple[Tensor[f32], tr.Pending]:
    out = tr.ones((32,))
    return out, scale(out.partition((8,)), a).submit()


def main() -> None:
    head, *rest = [stage(float(a)) for a in range(3)]
    head[1].wait()
    {first}
    {second}


def finish(rest: list[tuple[Tensor[f32], tr.Pending]]) -> None:
    for _, p in rest:
        p.wait()
"""

_KEYED = """

def main() -> None:
    outs = {{e: tr.ones((32,)) for e in range(4)}}
    pend = [scale(outs[e].partition((8,)), 2.0).submit() for e in (2, 3)]
    pend[0].wait()
    print(outs[{read}].to_numpy()){mark}
    pend[1].wait()
"""

_ZIPPED = """

def main() -> None:
    outs = [tr.ones((32,)) for _ in range(3)]
    ops = [scale(o.partition((8,)), 2.0) for o in outs]{mark}
    tr.zip(*ops[{start}:]).sync()
    print(outs[1].to_numpy())
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _PAIRS.format(wait="pairs[0][1].wait()\n    pairs[1][1].wait()", mark=""),
            "each pair's Pending waited before a comprehension takes the pairs apart to read",
        ),
        valid(
            _MIDDLE.format(
                first="for _, p in rest:\n        p.wait()",
                second="print([t.to_numpy() for t, _ in rest])",
            ),
            "every Pending of the starred middle waited by a loop, then its outputs read",
        ),
        valid(
            _KEYED.format(read="2", mark=""),
            "the comprehension's first item writes `outs[2]`, waited before the read",
        ),
    ),
    "TC105": (
        valid(
            _ZIPPED.format(start="0", mark=""),
            "every op of the list zipped by a starred slice from the start",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _PAIRS.format(wait="pairs[0][1].wait()", mark="  # TC102"),
            "a comprehension taking `(out, pending)` pairs apart reads the second out in flight",
        ),
        invalid(
            _MIDDLE.format(
                first="print([t.to_numpy() for t, _ in rest])  # TC102", second="finish(rest)"
            ),
            "the starred middle's outputs read by a comprehension before their Pendings' waits",
        ),
        invalid(
            _KEYED.format(read="3", mark="  # TC102"),
            "the comprehension's second item, by its key, writes `outs[3]`: still in flight",
        ),
    ),
    "TC105": (
        invalid(
            _ZIPPED.format(start="1", mark="  # TC105"),
            "`tr.zip(*ops[1:])` runs the slice's ops only: the first op is never run",
        ),
    ),
}
