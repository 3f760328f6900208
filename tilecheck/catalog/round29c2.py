"""Examples of round 29C2 of issue 17 (containers as cells, the rest of round 29C): a loop over
every item whose target reuses the name of an earlier loop's (``for r in reqs: r.p = ...`` then
``for r in reqs: r.p.wait()``) waits what every item holds, so a later comprehension over the
items reads them settled; a ``zip`` argument's own columns taken apart by a nested target (``(k,
b), g`` of ``zip(d.items(), gains)``) key a dict comprehension's Pendings by the key of the item
each one writes; and a loop whose body takes from a dict by ``pop(k, default)`` is followed slot
by slot. The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the mark)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid
from tilecheck.catalog.round30h import INVALID as ROUND30H_INVALID
from tilecheck.catalog.round30h import VALID as ROUND30H_VALID
from tilecheck.catalog.round31c import INVALID as ROUND31C_INVALID
from tilecheck.catalog.round31c import VALID as ROUND31C_VALID
from tilecheck.catalog.round32d import INVALID as ROUND32D_INVALID
from tilecheck.catalog.round32d import VALID as ROUND32D_VALID
from tilecheck.catalog.round37e import INVALID as ROUND37E_INVALID
from tilecheck.catalog.round37e import VALID as ROUND37E_VALID

_REQUESTS = """
from dataclasses import dataclass, field


@dataclass
class Req:
    n: int
    out: Tensor[f32] = field(init=False)
    pending: tr.Pending | None = None

    def __post_init__(self) -> None:
        self.out = tr.zeros((32,))


def run(ns: list[int]) -> None:
    reqs = [Req(n) for n in ns]
    for r in reqs:
        r.pending = scale(r.out.partition((8,)), 2.0).submit()
    for r in {walk}:
        assert r.pending is not None
        r.pending.wait()
        r.pending = None
    print([float(r.out.to_numpy().sum()) for r in reqs]){mark}


def main() -> None:
    run([0, 1, 2])
"""

_KEYED = """

def main() -> None:
    x = tr.ones((32,))
    bufs = {{"k": tr.zeros((32,)), "v": tr.zeros((32,))}}
    pend = {{
        name: copy(buf.partition((8,)), x).submit()
        for (name, buf), _g in zip(bufs.items(), (1.0, -1.0), strict=True)
    }}
    pend["{first}"].wait()
    print(bufs["k"].to_numpy()){mark}
    pend["{second}"].wait()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _REQUESTS.format(walk="reqs", mark=""),
            "the second loop, under the first one's name, waits every request's Pending",
        ),
        valid(
            _KEYED.format(first="k", second="v", mark=""),
            "the key's own Pending is waited before its buffer is read",
        ),
    ),
    "TC109": (
        valid(
            """

def main() -> None:
    state = {"m": tr.zeros((32,)), "v": tr.zeros((32,)), "w": tr.zeros((32,))}
    plans = {"m": state["m"].partition((8,))}
    spare = state["w"].partition((8,))
    for name in ("m", "v"):
        plan = plans.pop(name, spare)
        scale(plan, 2.0).sync()
    print(state["w"].to_numpy())
""",
            "`pop` of a held key gives its item and of a missing one the default, once",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _REQUESTS.format(walk="reqs[:2]", mark="  # TC102"),
            "the second loop walks two of the three requests: the last one is in flight",
        ),
        invalid(
            _KEYED.format(first="v", second="k", mark="  # TC102"),
            "the other key's Pending is waited: the buffer read is still written",
        ),
    ),
}

# Round 30H's cases (cells from every producer, carried through calls) are listed with these.
VALID["TC102"] = VALID["TC102"] + ROUND30H_VALID["TC102"]
INVALID["TC102"] = INVALID["TC102"] + ROUND30H_INVALID["TC102"]
# Round 31C's cases (readers of cells: tuple targets, per-item keys, starred slices) too.
VALID["TC102"] = VALID["TC102"] + ROUND31C_VALID["TC102"]
INVALID["TC102"] = INVALID["TC102"] + ROUND31C_INVALID["TC102"]
# Round 32D's cases (records by any constructor: ``dict(...)``, ``TypedDict``) too.
VALID["TC102"] = VALID["TC102"] + ROUND32D_VALID["TC102"]
INVALID["TC102"] = INVALID["TC102"] + ROUND32D_INVALID["TC102"]
# Round 37E's cases (a function's appends to a module list, carried to its callers) too.
VALID["TC102"] = VALID["TC102"] + ROUND37E_VALID["TC102"]
INVALID["TC102"] = INVALID["TC102"] + ROUND37E_INVALID["TC102"]
