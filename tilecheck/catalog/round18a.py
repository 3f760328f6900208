"""Examples of round 18A of issue 17 (the ninth held-out set's false alarms): the items of a
row an outer loop's step takes (``for row in rows: [... for o in row]``, ``rows[i]`` of ``for i
in range(n)``, ``outs[key]`` of ``for key in keys``, also walked through ``zip``) are apart from
the rows the earlier steps took, as the rows are. The VALID ones run clean and must stay
silent; the INVALID ones are real errors (the interpreter raises at the marked line): the same
row walked on every step, and the step's own row read while its items are written."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """

def main() -> None:
    rows = [[tr.zeros((16,)) for _ in range(2)] for _ in range(3)]
    flights: list[tr.Pending[None]] = []
    for row in rows:
        flights += [scale(o.partition((8,)), 2.0).submit() for o in row]
    for f in flights:
        f.wait()
""",
            "each step's row walked by a comprehension: its items apart from earlier rows'",
        ),
        valid(
            """

def main() -> None:
    banks = [[tr.zeros((16,)) for _ in range(2)] for _ in range(3)]
    flights: list[tr.Pending[None]] = []
    for i in range(3):
        flights.extend([scale(t.partition((8,)), 0.5).submit() for t in banks[i]])
    for f in flights:
        f.wait()
""",
            "the row at the loop's counter",
        ),
        valid(
            """

def main() -> None:
    outs = {k: [tr.zeros((16,)) for _ in range(2)] for k in ("a", "b")}
    flights: dict[str, list[tr.Pending[None]]] = {}
    for k in ("a", "b"):
        flights[k] = [scale(o.partition((8,)), 3.0).submit() for o in outs[k]]
    for fs in flights.values():
        for f in fs:
            f.wait()
""",
            "the row at the loop's key, the Pendings kept per key",
        ),
        valid(
            """

def main() -> None:
    groups = {"a": [tr.ones((16,)) for _ in range(2)], "b": [tr.ones((16,)) for _ in range(3)]}
    outs = {k: [tr.zeros((16,)) for _ in xs] for k, xs in groups.items()}
    flights: dict[str, list[tr.Pending[None]]] = {}
    for k, xs in groups.items():
        with tr.Stream():
            flights[k] = [copy(o.partition((8,)), x).submit() for o, x in zip(outs[k], xs)]
    for fs in flights.values():
        for f in fs:
            f.wait()
""",
            "the step's row zipped with its inputs, under a stream block",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """

def main() -> None:
    rows = [[tr.zeros((16,)) for _ in range(2)] for _ in range(3)]
    flights: list[tr.Pending[None]] = []
    for _ in range(2):
        flights += [scale(o.partition((8,)), 2.0).submit() for o in rows[0]]  # TC102
    for f in flights:
        f.wait()
""",
            "the same row on every step: the second step writes what the first still writes",
        ),
        invalid(
            """

def main() -> None:
    rows = [[tr.zeros((16,)) for _ in range(2)] for _ in range(3)]
    flights: list[tr.Pending[None]] = []
    for row in rows:
        flights += [scale(o.partition((8,)), 2.0).submit() for o in row]
        print(row[0].to_numpy())  # TC102
    for f in flights:
        f.wait()
""",
            "the step's own row read while its items are in flight",
        ),
        invalid(
            """

def main() -> None:
    outs = {k: [tr.zeros((16,)) for _ in range(2)] for k in ("a", "b")}
    flights: dict[str, list[tr.Pending[None]]] = {}
    for k in ("a", "b"):
        flights[k] = [scale(o.partition((8,)), 3.0).submit() for o in outs[k]]
        print(outs[k][1].to_numpy())  # TC102
    for fs in flights.values():
        for f in fs:
            f.wait()
""",
            "the row at the step's key read by index while in flight",
        ),
    ),
}
