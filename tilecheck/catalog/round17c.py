"""Examples of round 17C of issue 17 (containers and collectives): ops made once per known key
(a comprehension over a display of names, a dict display walked by ``.items()``, ``range`` of
literals) that some key never runs, and a collective whose output is its input. The VALID ones
run clean and must stay silent; the INVALID ones are real errors (the interpreter warns of the
unrun op, or raises, at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.base import invalid as _bare_invalid
from tilecheck.catalog.base import valid as _bare_valid
from tilecheck.catalog.collectives import _program
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        _bare_valid(
            _program(
                """\
        shard = tr.ones((32,))
        gathered = tr.zeros((32,))
        dist.all_gather(gathered, shard).sync()
        print(gathered.to_numpy())
"""
            ),
            "an all_gather into a separate output",
        ),
    ),
    "TC105": (
        valid(
            """

def main() -> None:
    stats = {n: tr.zeros((32,)) for n in ("q", "k", "v")}
    ops = {n: scale(t.partition((8,)), 0.5) for n, t in stats.items()}
    for n in ("v", "q", "k"):
        ops[n].sync()
    print(stats["q"].to_numpy())
""",
            "a dict comprehension of ops over three names, each run by a loop over the names",
        ),
        valid(
            """

def main() -> None:
    rows = [tr.ones((32,)) for _ in range(3)]
    ops = [scale(rows[i].partition((8,)), 2.0) for i in range(3)]
    for i in range(3):
        ops[i].sync()
    print(rows[2].to_numpy())
""",
            "a list comprehension over range(3), every position run",
        ),
        valid(
            """

def main() -> None:
    bufs = {"a": tr.ones((32,)), "b": tr.ones((32,))}
    wanted = ("a", "b")
    for name, t in bufs.items():
        op = scale(t.partition((8,)), 2.0)
        if name in wanted:
            op.sync()
""",
            "an op per key run under a test that holds for every key the loop walks",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        _bare_invalid(
            _program(
                """\
        buf = tr.ones((32,))
        same = buf
        dist.all_gather(same, buf).sync()  # TC101
"""
            ),
            "an all_gather whose output is its own input (one tensor under two names)",
            typed=False,  # collectives: beyond the mypy plugin's types
        ),
        _bare_invalid(
            _program(
                """\
        x = tr.ones((32,))
        dist.reduce_scatter(x, x).sync()  # TC101
"""
            ),
            "a reduce_scatter that reads the tensor it writes",
            typed=False,  # collectives: beyond the mypy plugin's types
        ),
    ),
    "TC105": (
        invalid(
            """

def main() -> None:
    stats = {n: tr.zeros((32,)) for n in ("q", "k", "v")}
    ops = {n: scale(t.partition((8,)), 0.5) for n, t in stats.items()}  # TC105
    chosen = {"q", "v"}
    for n in chosen:
        ops[n].sync()
    print(sorted(chosen))
""",
            "a dict comprehension of ops over three names; the loop runs two of them",
            typed=False,  # items by key: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    rows = [tr.ones((32,)) for _ in range(3)]
    ops = [scale(rows[i].partition((8,)), 2.0) for i in range(3)]  # TC105
    ops[0].sync()
    ops[-1].sync()
    print(len(ops))
""",
            "a list comprehension of three ops; only the first and the last are run",
            typed=False,  # items by position: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    bufs = {"a": tr.ones((32,)), "b": tr.ones((32,)), "c": tr.ones((32,))}
    for name, t in bufs.items():
        op = scale(t.partition((8,)), 2.0)  # TC105
        if name != "b":
            op.sync()
""",
            "an op per key of a dict display, run under a test that one key fails",
            typed=False,  # a test per key: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    skipped = ("x",)
    for key in ("w", "x", "y"):
        op = copy(tr.zeros((32,)).partition((8,)), tr.ones((32,)))  # TC105
        if key not in skipped:
            op.submit().wait()
""",
            "an op per name of a tuple, submitted only for names outside another tuple",
            typed=False,  # a test per key: beyond the mypy plugin's types
        ),
    ),
}
