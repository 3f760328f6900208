"""Examples of round 29D2 of issue 17 (rows a comprehension's step makes whole): a list built by
``[launch(s) for s in ...]``, ``launch`` returning a new output with the Pending that writes it,
walked by ``for out, pend in rows``: each step's Pending writes the step's output, so waiting it
and reading that output is fine, while an output read before its own Pending is waited (or a
row swapped for another's parts) is not. The VALID ones run clean and must stay silent; the
INVALID ones are real errors (the interpreter raises at the mark)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_LAUNCH = """

def launch(s: float) -> tuple[Tensor[f32], tr.Pending]:
    out = tr.ones((32,))
    return out, scale(out.partition((8,)), s).submit()


def main() -> None:
    rows = [launch(0.5 * h) for h in range(3)]
    seen = []
    for out, pend in rows:
        {body}
    print(seen)
"""

_PAIRS = """

def launch(s: float) -> tuple[tr.Pending, Tensor[f32]]:
    out = tr.ones((32,))
    return scale(out.partition((8,)), s).submit(), out


def main() -> None:
    qs = [launch(1.0 + h) for h in range(3)]
    ks = [launch(0.5 * h) for h in range(3)]
    dots = []
    for (pq, q), (pk, k) in zip(qs, ks):
        {body}
    print(dots)
"""

_WAIT_READ = "pend.wait()\n        seen.append(float(out.to_numpy().sum()))"
_READ_WAIT = "seen.append(float(out.to_numpy().sum()))  # TC102\n        pend.wait()"
_BOTH = (
    "pq.wait()\n        pk.wait()\n        dots.append(float((q.to_numpy() * k.to_numpy()).sum()))"
)
_ONE = "pq.wait()\n        dots.append(float(k.to_numpy().sum()))  # TC102\n        pk.wait()"

_SWAPPED = """

def launch(s: float) -> tuple[Tensor[f32], tr.Pending]:
    out = tr.ones((32,))
    return out, scale(out.partition((8,)), s).submit()


def main() -> None:
    rows = [launch(0.5 * h) for h in range(3)]
    rows[0] = (rows[1][0], rows[2][1])
    for out, pend in rows:
        pend.wait()
        print(out.to_numpy())  # TC102
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _LAUNCH.format(body=_WAIT_READ),
            "each row's Pending waited before its own output is read",
        ),
        valid(
            _PAIRS.format(body=_BOTH),
            "two comprehensions of rows zipped: both rows' Pendings waited, both outputs read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(_LAUNCH.format(body=_READ_WAIT), "a row's output read before its Pending waited"),
        invalid(
            _PAIRS.format(body=_ONE),
            "the other row's output read after waiting only this row's Pending",
        ),
        invalid(_SWAPPED, "a row made of two other rows' parts: its Pending writes another"),
    ),
}
