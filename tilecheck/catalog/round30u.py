"""Examples of round 30U of issue 17 (loop turns as the flow sees them, not per form): a name
rebound in every turn to a new op of one site drops the turn before's op, unrun, wherever that
op is unrun on every path and nothing else holds it (TC105, as a Pending rebound unwaited is
TC108: ``Frame.held_before`` with ops); and a ``for`` built slot by slot (a literal tuple or
list of strings, ``tilecheck.flow.unroll``) judges each turn's copy of a run on its own, so the
second turn's run of an op the first turn ran is TC110 (``Frame.turn_verdicts``). The VALID
ones run clean and must stay silent; the INVALID ones are real errors (the interpreter raises
at the marked line, or warns there)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_REBUILT = """

def retry(x: Tensor[f32], limit: float) -> float:
    factor = 8.0
    while factor > limit:
        dst = tr.zeros((64,), dtype=f32)
        job = copy(dst.partition((32,)), x){mark}{run}
        factor /= 2
    {after}
    return float(dst.to_numpy()[0])


print(retry(tr.ones((64,), dtype=f32), 1.0))
"""

_MODULE_TURNS = """
x = tr.ones((64,), dtype=f32)
for k in {turns}:
    out = tr.zeros((64,), dtype=f32)
    op = copy(out.partition((32,)), x){mark}{run}
{after}
print(out.to_numpy()[0])
"""

_KEPT = """
x = tr.ones((64,), dtype=f32)
ops = []
for k in range(3):
    out = tr.zeros((64,), dtype=f32)
    op = copy(out.partition((32,)), x)
    ops.append(op)
for each in ops:
    each.sync()
"""

_CLASS_TURNS = """

class Runner:
    def __init__(self) -> None:
        self.x = tr.ones((64,), dtype=f32)
        self.out = tr.zeros((64,), dtype=f32)

    def go(self) -> None:
        for f in [0.5, 2.0]:
            self.out = tr.zeros((64,), dtype=f32)
            launch = scale(self.out.partition((32,)), f){mark}{run}
        {after}


Runner().go()
"""

_NAMED_TURNS = """
w_out = tr.zeros((64,), dtype=f32)
warm = scale(w_out.partition((32,)), 1.0)
for mode in {modes}:
    print(mode)
    warm.sync(){mark}
"""

_FUNCTION_TURNS = """

def warm_up(n: int) -> None:
    buf = tr.zeros((n,), dtype=f32)
    {made}
    for mode in {modes}:
        {body}
    print(buf.to_numpy()[0])


warm_up(64)
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            _REBUILT.format(mark="", run="\n        job.sync()", after=""),
            "an op rebuilt in every turn of a `while` is synced in that turn",
        ),
        valid(
            _MODULE_TURNS.format(turns="range(3)", mark="", run="\n    op.sync()", after=""),
            "an op made and synced in every turn of a module loop",
        ),
        valid(
            _MODULE_TURNS.format(turns="(0.5,)", mark="", run="", after="op.sync()"),
            "a loop over a one-item tuple: one turn, its op synced after the loop",
        ),
        valid(_KEPT, "each turn's op is kept in a list, and every one is synced after"),
        valid(
            _CLASS_TURNS.format(mark="", run="\n            launch.sync()", after=""),
            "a method's loop over a literal list runs its op in every turn",
        ),
    ),
    "TC110": (
        valid(
            _NAMED_TURNS.format(modes='("decode",)', mark=""),
            "a loop over a one-item tuple runs the module op once",
        ),
        valid(
            _FUNCTION_TURNS.format(
                modes='("fast", "exact")',
                made="",
                body="op = copy(buf.partition((n // 2,)), tr.ones((n,), dtype=f32))\n"
                "        op.sync()",
            ),
            "a new op in every turn of a loop over two strings",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        invalid(
            _REBUILT.format(mark="  # TC105", run="", after="job.sync()"),
            "a `while` rebuilds its op every turn and runs only the last: the earlier ops are "
            "dropped unrun when `job` is rebound",
        ),
        invalid(
            _MODULE_TURNS.format(turns="range(3)", mark="  # TC105", run="", after="op.sync()"),
            "a module loop of three turns keeps only its last op",
        ),
        invalid(
            _MODULE_TURNS.format(turns='("q", "k")', mark="  # TC105", run="", after="op.sync()"),
            "a loop over two strings rebinds `op` before the first turn's op ran",
        ),
        invalid(
            _CLASS_TURNS.format(mark="  # TC105", run="", after="launch.sync()"),
            "a method's loop over a literal list of two runs only the second turn's op",
        ),
    ),
    "TC110": (
        invalid(
            _NAMED_TURNS.format(modes='("decode", "prefill")', mark="  # TC110"),
            "a loop over two strings syncs the one module op in both turns",
        ),
        invalid(
            _FUNCTION_TURNS.format(
                modes='["fast", "slow", "exact"]',
                made="op = copy(buf.partition((n // 2,)), tr.ones((n,), dtype=f32))",
                body="op.sync()  # TC110",
            ),
            "a function's loop over a literal list of three strings syncs its op each turn",
        ),
    ),
}
