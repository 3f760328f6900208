"""Examples of round 23D of issue 17: a dict of Pendings walked by ``for k in d`` (its keys, as
``d.keys()`` walks them: ``d[k].wait()`` waits every item), a list of Pendings (ops) read only
but for its last item (``pends[:-1]``: the last one appended is dropped unwaited), and a gather
statement that throws away the Pendings its coroutines return. The VALID ones run clean and
must stay silent; the INVALID ones are real errors (the interpreter raises at the read, or warns
of the unwaited Pending or the unrun op)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_LAYERS = """

def main() -> None:
    gains = {{"l0": 2.0, "l1": 0.5, "l2": 3.0}}
    acts = {{name: tr.zeros((32,)) for name in gains}}
    pendings = {{}}
    prev = tr.ones((32,))
    for name, gain in gains.items():
        pendings[name] = copy(acts[name].partition((8,)), prev).submit()
        prev = acts[name]
    for name in {walked}:
        pendings[name].wait()
    print(acts["l2"].to_numpy()[0]){mark}
"""

_PREFETCH = """

def main() -> None:
    slots = [tr.zeros((32,)) for _ in range(4)]
    pends = []
    for slot in slots:
        pends.append(copy(slot.partition((8,)), tr.ones((32,))).submit()){mark}
    for p in pends[:-1]:
        p.wait()
    {tail}
"""

_OPS = """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(3)]
    ops = []
    i = 0
    while i < len(outs):
        ops.append(scale(outs[i].partition((8,)), 2.0)){mark}
        i += 1
    for op in ops[:-1]:
        op.sync()
    {tail}
"""

_GATHER = """

import asyncio


async def fetch(dst: tr.Tensor, src: tr.Tensor) -> tr.Pending:
    await asyncio.sleep(0)
    return copy(dst.partition((8,)), src).submit(){mark}


async def run() -> None:
    srcs = [tr.ones((32,)) for _ in range(2)]
    dsts = [tr.zeros((32,)) for _ in range(2)]
    {gather}


def main() -> None:
    asyncio.run(run())
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


_GATHERED = "asyncio.gather(*(fetch(d, s) for d, s in zip(dsts, srcs, strict=True)))"

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_LAYERS, walked="pendings"),
            "every Pending of a dict waited by `for k in d: d[k].wait()`, then read",
        ),
        valid(
            _case(_LAYERS, walked="reversed(list(pendings))"),
            "every Pending of a dict waited through a reversed copy of its keys, then read",
        ),
    ),
    "TC108": (
        valid(
            _case(_PREFETCH, tail="pends[-1].wait()"),
            "all but the last Pending waited through `[:-1]`, the last one waited by index",
        ),
        valid(
            _case(_GATHER, gather=f"for p in await {_GATHERED}:\n        p.wait()"),
            "the Pendings gathered coroutines return, waited from the gather's results",
        ),
    ),
    "TC105": (
        valid(
            _case(_OPS, tail="ops[-1].sync()"),
            "all but the last op run through `[:-1]`, the last one run by index",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_LAYERS, "  # TC102", walked="list(pendings)[:-1]"),
            "a dict's Pendings waited but for the last key's, whose output is then read",
            typed=False,  # items by key: beyond the mypy plugin's types
        ),
    ),
    "TC108": (
        invalid(
            _case(_PREFETCH, "  # TC108", tail="print(len(pends))"),
            "a list of Pendings waited only through `[:-1]`: the last one is dropped unwaited",
            typed=False,  # items of a list: beyond the mypy plugin's types
        ),
        invalid(
            _case(_GATHER, "  # TC108", gather=f"await {_GATHERED}"),
            "a gather statement throws away the Pendings its coroutines return",
            typed=False,  # a coroutine's result through a gather: beyond the plugin's types
        ),
    ),
    "TC105": (
        invalid(
            _case(_OPS, "  # TC105", tail="print(len(ops))"),
            "a list of ops run only through `[:-1]`: the last one is dropped unrun",
            typed=False,  # items of a list: beyond the mypy plugin's types
        ),
    ),
}
