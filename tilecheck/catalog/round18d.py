"""Examples of round 18D of issue 17 (values and containers): ops made once per known key
whose walk runs them only under a test of the key (``for n, op in ops.items(): if n in
chosen: op.sync()``, also ``ops[k]`` under such a test in a loop over the keys, and displays
of the module read in a function), and a collective made on every call of a function and run
only under a test of a parameter some call makes false. The VALID ones run clean and must stay
silent; the INVALID ones are real errors (the interpreter warns of the unrun op at the marked
line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.base import invalid as _bare_invalid
from tilecheck.catalog.base import valid as _bare_valid
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_WORLD = """\
import tilert as tr
import tilert.distributed as dist


def log_step(step: int) -> None:
    total = tr.full((4,), 2.0)
    summed = dist.all_reduce(total, op="sum"){mark}
    if step % 10 == 0:
        summed.sync()
    print(step)


def main() -> None:
    dist.init()
    try:
        log_step({step})
    finally:
        dist.shutdown()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            """
LAYERS = ("embed", "block", "head")
buffers = {n: tr.zeros((32,)) for n in LAYERS}
watched = {"embed", "head", "block"}


def main() -> None:
    ops = {n: scale(buffers[n].partition((8,)), 0.5) for n in buffers}
    for n, op in ops.items():
        if n in watched:
            op.sync()
""",
            "ops of a module dict's keys walked by .items(); the module's set holds every key",
        ),
        valid(
            """

def main() -> None:
    bufs = {"a": tr.ones((32,)), "b": tr.ones((32,)), "c": tr.ones((32,))}
    ops = {k: scale(t.partition((8,)), 2.0) for k, t in bufs.items()}
    for k in bufs:
        if k != "b":
            ops[k].sync()
        else:
            ops[k].submit().wait()
""",
            "every key runs its op: one way under the test, the other in its else",
        ),
        valid(
            """
skipped = ("w",)


def main() -> None:
    outs = {name: tr.zeros((32,)) for name in ("u", "v", "w")}
    pending = {name: scale(t.partition((8,)), 3.0) for name, t in outs.items()}
    last = None
    for name, op in pending.items():
        if name in skipped:
            print("skip", name)
        last = op
    for name, op in pending.items():
        if name not in skipped:
            op.sync()
    if last is not None:
        last.sync()
""",
            "the walk's value is kept after the loop: the skipped key's op is run there",
        ),
        valid(
            """

def report(every: int) -> None:
    acc = tr.zeros((32,))
    op = scale(acc.partition((8,)), 2.0)
    every += 1
    if every > 1:
        op.sync()


def main() -> None:
    report(1)
""",
            "the parameter is changed before the test: the call's value is not the one tested",
        ),
        _bare_valid(
            _WORLD.format(mark="", step=20),
            "a collective run under a test of a parameter that the one call makes true",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        invalid(
            """
LAYERS = ("embed", "block", "head")
buffers = {n: tr.zeros((32,)) for n in LAYERS}
watched = {"embed", "head"}


def main() -> None:
    ops = {n: scale(buffers[n].partition((8,)), 0.5) for n in buffers}  # TC105
    for n, op in ops.items():
        if n in watched:
            op.sync()
""",
            "ops per key of a module dict, walked by .items() and run for the watched keys only",
            typed=False,  # items by key: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    bufs = {"a": tr.ones((32,)), "b": tr.ones((32,)), "c": tr.ones((32,))}
    ops = {k: scale(t.partition((8,)), 2.0) for k, t in bufs.items()}  # TC105
    for k in bufs:
        if k != "b":
            ops[k].sync()
""",
            "ops taken by key in a loop over the keys, under a test one key fails",
            typed=False,  # items by key: beyond the mypy plugin's types
        ),
        invalid(
            """
skipped = ("w",)


class Stats:
    def run(self) -> None:
        outs = {name: tr.zeros((32,)) for name in ("u", "v", "w")}
        pending = {name: scale(t.partition((8,)), 3.0) for name, t in outs.items()}  # TC105
        for name, op in pending.items():
            if name in skipped:
                print("skip", name)
            else:
                op.submit().wait()


def main() -> None:
    Stats().run()
""",
            "a method's ops by key, run in the else of a test the module's tuple makes true",
            typed=False,  # items by key: beyond the mypy plugin's types
        ),
        _bare_invalid(
            _WORLD.format(mark="  # TC105", step=7),
            "a collective made on every call, run only where `step % 10 == 0`: 7 drops it",
            typed=False,  # collectives: beyond the mypy plugin's types
        ),
    ),
}
