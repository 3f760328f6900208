"""Examples of round 24G of issue 17 (ops and partitions whose life ends wrong): an item of a
list of ops run by an index the analysis does not follow (``ops[-1]`` after appends, ``ops[i]``)
where every op the list holds was already run or recorded in a graph (TC110 whichever it is),
and a partition given as a function's default argument, made once where the ``def`` runs and
consumed by the first call that gives nothing for it (TC109 at the second, inside the
function). The VALID ones run clean and must stay silent; the INVALID ones are real errors
(the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_RECORDED = """

def main() -> None:
    src = tr.ones((32,))
    h, out, extra = tr.zeros((32,)), tr.zeros((32,)), tr.zeros((32,))
    ops: list[tr.Op] = []
    with tr.graph() as g:
        ops.append(g.record(scale(h.partition((8,)), 3.0)))
        ops.append(g.record(copy(out.partition((8,)), src)))
    g.launch().wait()
    g.close()
    {tail}
"""

_SYNCED = """

def main() -> None:
    a, b = tr.zeros((32,)), tr.zeros((32,))
    ops = [scale(a.partition((8,)), 2.0), scale(b.partition((8,)), 0.5)]
    ops[0].sync()
    {more}
    last = len(ops) - 1
    ops[last].sync(){mark}
"""

_DEFAULT = """
acc = tr.zeros((32,))


def step(src: tr.Tensor, part: tr.Partition = acc.partition((8,))) -> None:  # noqa: B008
    copy(part, src).sync(){mark}


step(tr.ones((32,)))
{second}
print(acc.to_numpy()[0])
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


VALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        valid(
            _case(_RECORDED, tail="print(len(ops))"),
            "ops recorded in a graph kept in a list: the graph launched, the items only counted",
        ),
        valid(
            _case(
                _RECORDED,
                tail="ops.append(scale(extra.partition((8,)), 2.0))\n    ops[-1].sync()",
            ),
            "the list's last item an op appended after the recorded ones, run once",
        ),
        valid(
            _case(_SYNCED, more="pass"),
            "a list of two ops, the first synced, then the last by a computed index",
        ),
    ),
    "TC109": (
        valid(
            _case(_DEFAULT, second="step(tr.ones((32,)), acc.partition((8,)))"),
            "a partition default consumed by the one call that gives nothing for it",
        ),
        valid(
            """
acc = tr.zeros((32,))


def step(src: tr.Tensor, part: tr.Partition | None = None) -> None:
    part = part if part is not None else acc.partition((8,))
    copy(part, src).sync()


step(tr.ones((32,)))
step(tr.ones((32,)))
print(acc.to_numpy()[0])
""",
            "a default of None and a new partition made in the body on every call",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        invalid(
            _case(_RECORDED, tail="ops[-1].sync()  # TC110"),
            "the last item of a list of ops all recorded in a graph, synced by hand",
            typed=False,  # items of a list: beyond the mypy plugin's types
        ),
        invalid(
            _case(_SYNCED, "  # TC110", more="ops[1].sync()"),
            "both items of a list of ops synced, then the last synced again by a computed index",
            typed=False,
        ),
    ),
    "TC109": (
        invalid(
            _case(_DEFAULT, "  # TC109", second="step(tr.ones((32,)))"),
            "a partition default made once, consumed by the first call, passed again by the second",
            typed=False,  # a default argument: beyond the mypy plugin's flow
        ),
        invalid(
            """
grad = tr.zeros((32,))


def accumulate(src: tr.Tensor, *, into: tr.Partition = grad.partition((8,))) -> None:  # noqa
    copy(into, src).sync()  # TC109


for i in range(3):
    accumulate(tr.full((32,), float(i)))
""",
            "a keyword-only partition default consumed on every turn of a loop of calls",
            typed=False,
        ),
    ),
}
