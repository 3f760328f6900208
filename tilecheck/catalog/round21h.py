"""Examples of round 21H of issue 17 (views that move with what they were taken from, parts of
allocated tensors at indices apart, ``reversed(range(...))`` as a counter moving back): each
layer's view of a KV cache written by ops in flight together (``cache[layer].reshape(...)`` of
``for cache in (k_cache, v_cache)`` inside ``for layer in range(...)``), a view of a tensor
made anew each step, and launches over reversed layers reading the previous step's unwaited
output in stream order. The VALID ones run clean and must stay silent; the INVALID ones write
the same part again, or write what the previous step's launch still reads (the interpreter
raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_KV_LAYERS = """

def main() -> None:
    k_cache = tr.ones((3, 4, 64))
    v_cache = tr.ones((3, 4, 64))
    pends = []
    for layer in range(3):
        for cache in (k_cache, v_cache):
            view = cache[{row}].reshape(256)
            pends.append(scale(view.partition((64,)), 2.0).submit()){mark}
    for p in pends:
        p.wait()
    print(k_cache.to_numpy().sum())
"""

_MADE_ANEW = """

def main() -> None:
    pends = []{before}
    for _ in range(3):{inside}
        pends.append(scale(t[0].partition((64,)), 2.0).submit()){mark}
    for p in pends:
        p.wait()
"""

_REVERSED = """

def main() -> None:
    grads = [tr.ones((64,)) for _ in range(5)]
    pend = []
    for i in reversed(range(4)):
        pend.append(copy(grads[{out}].partition((64,)), grads[{src}]).submit()){mark}
    for p in pend:
        p.wait()
    print(grads[0].to_numpy().sum())
"""

_REVERSED_TWICE = """

def main() -> None:
    grads = [tr.ones((64,)) for _ in range(5)]
    pend = []
    for i in reversed(range(4)):
        pend.append(scale(grads[i].partition((64,)), 2.0).submit())
        pend.append(scale(grads[i + 1].partition((64,)), 2.0).submit())  # TC102
    for p in pend:
        p.wait()
"""

_SWAPPED_BANKS = """

def main() -> None:
    banks = [[tr.zeros((32,)) for _ in range(2)] for _ in range(2)]
    src, dst = 0, 1
    flights = []
    for j in range(2):
        flights.append(copy(banks[dst][j].partition((8,)), banks[src][j]).submit())
    src, dst = dst, src
    scale(banks[src][0].partition((8,)), 2.0).sync()  # TC102
    for f in flights:
        f.wait()
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    out = shape.replace("{mark}", mark)
    for key, text in parts.items():
        out = out.replace("{" + key + "}", text)
    return out


_FRESH = "\n        t = tr.ones((2, 64))"
_ONCE = "\n    t = tr.ones((2, 64))"

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_KV_LAYERS, row="layer"),
            "each layer's view of the K and V caches written by ops in flight together",
        ),
        valid(
            _case(_MADE_ANEW, before="", inside=_FRESH),
            "a row of a tensor made anew each step written while the earlier steps' run",
        ),
        valid(
            _case(_REVERSED, out="i", src="i + 1"),
            "reversed layers: each launch reads the previous step's unwaited output",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_KV_LAYERS, "  # TC102", row="0"),
            "every layer writes the view of layer 0 again while the last one's write runs",
        ),
        invalid(
            _case(_MADE_ANEW, "  # TC102", before=_ONCE, inside=""),
            "the tensor made once: the same row written again while the last write runs",
        ),
        invalid(_REVERSED_TWICE, "reversed layers: the row the previous step wrote again"),
        invalid(
            _SWAPPED_BANKS,
            "swapped: the bank now `src` is the one the rows in flight write (the views "
            "`banks[dst][j]` moved with their bank)",
            typed=False,  # views: beyond the mypy plugin's types
        ),
    ),
    "TC103": (
        invalid(
            _case(_REVERSED, "  # TC103", out="i + 1", src="i"),
            "reversed layers: the row the previous step's launch still reads written",
        ),
    ),
}
