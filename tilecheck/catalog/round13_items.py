"""Examples of round 13 of issue 17 (items of containers, the seventh held-out set's K9
false alarm): a loop over a literal of ``(key, value)`` rows (``for k, d in (("a", 1.0),
("b", 2.0))``) takes a different key each step, as a loop over a literal of keys does, and
a dict display whose every item is kept by a constant key, walked over some of its keys,
gives each step the item under the step's key (the loop's end concludes for those only).
The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        valid(
            """

def main() -> None:
    bufs = {k: tr.zeros((256,)) for k in ("a", "b", "c")}
    parts = {k: bufs[k].partition((64,)) for k in ("a", "b")}
    for k, d in (("a", 1.0), ("b", 2.0)):
        scale(parts[k], d).sync()
""",
            "a literal of (key, value) rows takes a different key each step: each partition "
            "of the comprehension is consumed once",
        ),
        valid(
            """

def main() -> None:
    x, y = tr.ones((256,)), tr.ones((256,))
    parts = {"x": x.partition((64,)), "y": y.partition((64,))}
    for k in ("x", "y"):
        scale(parts[k], 0.5).sync()
    print(x.to_numpy(), y.to_numpy())
""",
            "a dict display walked by its keys: the step's item is the partition under the "
            "step's key, consumed once",
        ),
        valid(
            """

def main() -> None:
    x, y, z = tr.ones((256,)), tr.ones((256,)), tr.ones((256,))
    parts = {"x": x.partition((64,)), "y": y.partition((64,)), "z": z.partition((64,))}
    for name, a in (("x", 0.5), ("y", 2.0)):
        scale(parts[name], a).sync()
    scale(parts["z"], 3.0).sync()
""",
            "the key not walked keeps its partition unconsumed for the launch after the loop",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC109": (
        invalid(
            """

def main() -> None:
    x, y = tr.ones((256,)), tr.ones((256,))
    parts = {"x": x.partition((64,)), "y": y.partition((64,))}
    for k in ("x", "y"):
        scale(parts[k], 0.5).sync()
    scale(parts["x"], 2.0).sync()  # TC109
""",
            "every key walked consumed its partition: `parts['x']` again is spent",
            typed=False,  # dict items by key: beyond the mypy plugin's types
        ),
    ),
    "TC104": (
        invalid(
            """

def main() -> None:
    x, y, z = tr.ones((256,)), tr.ones((256,)), tr.ones((256,))
    parts = {"x": x.partition((64,)), "y": y.partition((64,)), "z": z.partition((64,))}
    for name, a in (("x", 0.5), ("y", 2.0)):
        scale(parts[name], a).sync()
    print(z.to_numpy())  # TC104
""",
            "the loop walked `x` and `y` only: `z`'s partition is still alive at the read",
            typed=False,  # dict items by key: beyond the mypy plugin's types
        ),
    ),
}
