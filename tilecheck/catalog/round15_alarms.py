"""Examples of round 15 of issue 17 (the eighth held-out set's false alarms, /tmp/fresh8_repro):
row shards bounded by ``lo, hi = s * PER, min(ROWS, (s + 1) * PER)``, every shard in flight at
once. ``min`` never exceeds its arguments, so the shard is within ``s * per : (s + 1) * per``
and the loop's steps take parts apart. The VALID ones run clean and must stay silent; the
INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
ROWS = 6
PER = 2


def main() -> None:
    out = tr.zeros((ROWS, 64))
    flights = []
    for s in range(ROWS // PER):
        lo, hi = s * PER, min(ROWS, (s + 1) * PER)
        flights.append(scale(out[lo:hi].partition((2, 64)), 2.0).submit())
    for f in flights:
        f.wait()
    print(out.to_numpy())
""",
            "each shard ends at most where the next begins: all in flight at once, apart",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
ROWS = 6
PER = 2


def main() -> None:
    out = tr.zeros((ROWS, 64))
    flights = []
    for s in range(ROWS // PER):
        lo, hi = s * PER, min(ROWS, (s + 2) * PER)
        flights.append(scale(out[lo:hi].partition((2, 64)), 2.0).submit())  # TC102
    for f in flights:
        f.wait()
    print(out.to_numpy())
""",
            "each shard runs two rows into the next one's: the previous step's op still "
            "writes them",
            typed=False,  # slice bounds: beyond the mypy plugin's types
        ),
        invalid(
            """
ROWS = 6
PER = 2


def main() -> None:
    out = tr.zeros((ROWS, 64))
    flights = []
    for s in range(ROWS // PER):
        lo, hi = s * PER, min(ROWS, (s + 1) * PER)
        hi = lo + 2 * PER
        flights.append(scale(out[lo:hi].partition((2, 64)), 2.0).submit())  # TC102
    for f in flights:
        f.wait()
    print(out.to_numpy())
""",
            "the bound is rebound past the next shard's start: what `min` showed no longer holds",
            typed=False,  # slice bounds: beyond the mypy plugin's types
        ),
    ),
}
