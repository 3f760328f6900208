"""Examples of round 38P of issue 17 (per-item identity of the items of a container a loop or
a comprehension makes one per turn).

A list filled by a straight ``for`` (``pends = []``, then one ``pends.append(x)`` or
``pends += [x]`` a turn, no ``if``/``break``/``continue``, not inside another loop) over a
``range`` of a known count, a display, or a name of known length is the appends written out:
``pends[-1]`` is the last turn's Pending, and waiting for it leaves the other turns' writes in
flight. A comprehension over a display of names taken at a constant index (``tiles[1]``) holds
each name's own item; a dict comprehension whose ``if`` each key decides (``if name != "out"``)
holds the keys it lets through, each its own item.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter warns naming the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
LAYERS = 4


def main() -> None:
    cache = tr.zeros((LAYERS, 8, 32))
    src = tr.ones((8, 32))
    done = []
    for layer in range(LAYERS):
        done.append(copy(cache[layer].partition((8, 32)), src).submit())
    for d in done:
        d.wait()
    print(cache.to_numpy())
""",
            "an append loop over a range of layers, every turn's Pending waited before the read",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    a, b = tr.zeros((32,)), tr.zeros((32,))
    pend = []
    for buf in (a, b):
        pend += [copy(buf.partition((32,)), x).submit()]
    pend[0].wait()
    print(a.to_numpy())
    pend[1].wait()
    print(b.to_numpy())
""",
            "`+=` of one item a turn: each buffer read after its own turn's wait",
        ),
    ),
    "TC104": (
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    h1, h2 = tr.zeros((32,)), tr.zeros((32,))
    tiles = [buf.partition((8,)) for buf in (h1, h2)]
    copy(tiles[1], x).sync()
    copy(tiles[0], x).sync()
    print(h1.to_numpy(), h2.to_numpy())
""",
            "a comprehension's partitions over a display, each taken by its index and launched",
        ),
        valid(
            """

def main() -> None:
    x = tr.ones((32,))
    bufs = {name: tr.zeros((32,)) for name in ("gate", "up", "out")}
    parts = {name: t.partition((8,)) for name, t in bufs.items() if name != "out"}
    copy(parts["gate"], x).sync()
    copy(parts["up"], x).sync()
    copy(bufs["out"].partition((8,)), bufs["gate"]).sync()
    print(bufs["out"].to_numpy())
""",
            "a dict comprehension whose `if` leaves one key out: that buffer has no partition",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
LAYERS = 4


def main() -> None:
    cache = tr.zeros((LAYERS, 8, 32))
    src = tr.ones((8, 32))
    done = []
    for layer in range(LAYERS):
        done.append(copy(cache[layer].partition((8, 32)), src).submit())
    done[-1].wait()
    print(cache.to_numpy())  # TC102
    for d in done[:-1]:
        d.wait()
""",
            "an append loop over a range of layers: only the last turn's Pending waited",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    a, b, c = tr.zeros((32,)), tr.zeros((32,)), tr.zeros((32,))
    pend = []
    for buf in [a, b, c]:
        pend += [copy(buf.partition((32,)), x).submit()]
    first, *rest = pend
    for p in rest:
        p.wait()
    print(a.to_numpy())  # TC102
    first.wait()
""",
            "`+=` a turn over a display: the first buffer read while its own Pending is out",
        ),
    ),
    "TC104": (
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    h1, h2 = tr.zeros((32,)), tr.zeros((32,))
    tiles = [buf.partition((8,)) for buf in (h1, h2)]
    copy(tiles[1], h1).sync()  # TC104
    copy(tiles[0], x).sync()
""",
            "a comprehension over a display: `h1` read while its own partition is alive",
        ),
        invalid(
            """

def main() -> None:
    x = tr.ones((32,))
    bufs = {name: tr.zeros((32,)) for name in ("gate", "up", "act", "out")}
    parts = {name: t.partition((8,)) for name, t in bufs.items() if name != "out"}
    copy(parts["gate"], x).sync()
    copy(parts["act"], bufs["up"]).sync()  # TC104
    copy(parts["up"], x).sync()
""",
            "a dict comprehension with a constant `if`: `up` read while its partition is alive",
        ),
    ),
}
