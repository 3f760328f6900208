"""Examples of round 27G of issue 17 (a partition an object keeps, made by a helper that
returns a partition on every way out): ``self.plan = plan_for(self.total)`` in ``__init__``,
consumed by a method's launch on every call (the second call raises inside the method), in a
module script and in a loop. A helper of another module of the checked tree counts as the
module's own (``tests/tilecheck/test_project.py``: a catalog case is one file). And a function
that syncs the module's op (a global bound once to a launch) on every call: a module-level call
runs that op (``tilecheck.host.global_ops``), a second run is TC110. The VALID ones
run clean and must stay silent; the INVALID ones are real errors (the interpreter raises at the
marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_KEPT = """

def plan_for(t: Tensor[f32]) -> tr.Partition:
    if len(t.shape) == 1:
        return t.partition((8,))
    return t.partition((1, t.shape[1]))


class Accumulator:
    def __init__(self, n: int) -> None:
        self.total = tr.zeros((n,))
        self.plan = plan_for(self.total)

    def step(self, a: float) -> None:
        scale(self.plan, a).sync(){mark}{again}


{calls}
"""


def _case(mark: str = "", again: str = "", calls: str = "") -> str:
    return _KEPT.format(mark=mark, again=again, calls=calls)


_MODULE_OP = """
OUT = tr.zeros((32,))
OP = scale(OUT.partition((8,)), 2.0)


def finish() -> None:
    print("finishing")
    OP.sync(){mark}


{calls}
"""


VALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        valid(
            _MODULE_OP.format(mark="", calls="finish()\nprint(OUT.to_numpy()[:2])"),
            "a function that syncs the module's op, called once",
        ),
        valid(
            _MODULE_OP.replace("    OP.sync()", "    if flag:\n        OP.sync()")
            .replace("def finish()", "def finish(flag: bool)")
            .format(mark="", calls="finish(True)\nfinish(False)"),
            "the module's op synced only under a flag the second call does not set",
        ),
    ),
    "TC109": (
        valid(
            _case(
                again="\n        self.plan = plan_for(self.total)",
                calls="acc = Accumulator(32)\nfor i in range(3):\n    acc.step(2.0)",
            ),
            "the plan made again after each step's launch: each launch gets a fresh partition",
        ),
        valid(
            _case(
                calls="first, second = Accumulator(32), Accumulator(32)\n"
                "first.step(2.0)\nsecond.step(0.5)"
            ),
            "two accumulators, each stepped once: each plan is consumed once",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        invalid(
            _MODULE_OP.format(mark="", calls="finish()\nOP.sync()  # TC110"),
            "a function syncs the module's op, then module code syncs it again",
        ),
        invalid(
            _MODULE_OP.format(mark="  # TC110", calls="for step in range(2):\n    finish()"),
            "a function syncing the module's op called in a loop: the second turn raises inside",
        ),
    ),
    "TC109": (
        invalid(
            _case("  # TC109", calls="acc = Accumulator(32)\nacc.step(2.0)\nacc.step(0.5)"),
            "the plan kept in __init__ consumed by two steps: the second launch raises",
        ),
        invalid(
            _case(
                "  # TC109",
                calls="def train() -> None:\n    acc = Accumulator(32)\n"
                "    for i in range(3):\n        acc.step(2.0)\n\n\ntrain()",
            ),
            "the plan kept in __init__ consumed by a step in a loop: the second turn raises",
        ),
    ),
}
