"""Examples of round 32L of issue 17 (the standard library's positional iterators read by the
definitions their documentation gives, ``tilecheck.syntax.drawn``, ``tilecheck.host.
drawn_positions``): ``itertools.compress`` with selectors known where it is called draws the
selected items only, ``itertools.product`` every tuple (a buffer paired with itself among
them), ``reversed``/``pairwise`` their items by position, ``bisect.insort`` runs its ``key=``
on the new item and keeps it in the list, as ``heapq.heappush`` keeps it. The VALID ones run
clean and must stay silent; the INVALID ones are real errors (the interpreter raises at the
marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_SELECTED = """
import itertools

x = tr.ones((16,))
outs = [tr.zeros((16,)) for _ in range(3)]
pends = [copy(o.partition((8,)), x).submit() for o in outs]
ready = [True, False, True]
for p in itertools.compress(pends, ready):
    p.wait()
{order}
"""
_READ = "got = [float(o.to_numpy()[0]) for o in outs]{mark}"
_REST = """for p in itertools.compress(pends, [not r for r in ready]):
    p.wait()"""

_CROSSED = """
import itertools


def mix(x: Tensor[f32]) -> None:
    {lists}
    for dst, src in itertools.product(dsts, srcs):
        copy(dst.partition((8,)), src).sync(){mark}


mix(tr.ones((16,)))
"""

_INSORTED = """
import bisect


def level(entry: tuple[int, Tensor[f32]]) -> float:
    return float(entry[1].to_numpy()[0]){mark}


x = tr.ones((16,))
ranked: list[tuple[int, Tensor[f32]]] = []
for i in range(2):
    buf = tr.zeros((16,))
    pending = copy(buf.partition((8,)), x).submit()
    {order}
print(len(ranked))
"""
_INSORT = "bisect.insort(ranked, (i, buf), key=level)"

_HEAPED = """
import heapq

out = tr.zeros((16,))
x = tr.ones((16,))
heap: list[tuple[int, tr.Partition]] = []
heapq.heappush(heap, (0, out.partition((8,))))
{order}
"""
_DRAIN = """while heap:
    _, plan = heapq.heappop(heap)
    copy(plan, x).sync()
heap.clear()"""

_REVERSED = """
x = tr.ones((16,))
a, b = tr.zeros((16,)), tr.zeros((16,))
ops = [copy(a.partition((8,)), x), copy(b.partition((8,)), x)]
for op in reversed(ops):
    op.sync()
{again}
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        valid(
            _CROSSED.format(
                lists="dsts = [tr.zeros((16,)), tr.zeros((16,))]\n    srcs = [x]", mark=""
            ),
            "`product` of two lists apart: no pair is a buffer with itself",
        ),
    ),
    "TC102": (
        valid(
            _SELECTED.format(order=f"{_REST}\n{_READ.format(mark='')}"),
            "`compress` with the selectors and their complement waits every Pending",
        ),
        valid(
            _INSORTED.format(mark="", order=f"pending.wait()\n    {_INSORT}"),
            "the key of `insort` reads the new item's buffer after its wait",
        ),
    ),
    "TC104": (
        valid(
            _HEAPED.format(order=f"{_DRAIN}\nprint(out.to_numpy()[0])"),
            "the partition `heappush` kept is consumed by the launch before the read",
        ),
    ),
    "TC110": (
        valid(
            _REVERSED.format(again="print(a.to_numpy()[0])"),
            "`reversed` runs each op once",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            _CROSSED.format(
                lists="dsts = [tr.zeros((16,)), tr.zeros((16,))]\n    srcs = [dsts[1]]",
                mark="  # TC101",
            ),
            "`product` pairs the second buffer with itself: written and read in one launch",
            typed=False,
        ),
    ),
    "TC102": (
        invalid(
            _SELECTED.format(order=f"{_READ.format(mark='  # TC102')}\n{_REST}"),
            "`compress` waits the selected Pendings only: the middle output is in flight",
            typed=False,
        ),
        invalid(
            _INSORTED.format(mark="  # TC102", order=f"{_INSORT}\n    pending.wait()"),
            "`insort` runs its key on the new item: its buffer is in flight",
            typed=False,
        ),
    ),
    "TC104": (
        invalid(
            _HEAPED.format(order=f"print(out.to_numpy()[0])  # TC104\n{_DRAIN}"),
            "`heappush` keeps the partition in the heap: alive at the read",
            typed=False,
        ),
    ),
    "TC110": (
        invalid(
            _REVERSED.format(again="ops[0].sync()  # TC110"),
            "`reversed` ran every op: the first one again",
            typed=False,
        ),
    ),
}
