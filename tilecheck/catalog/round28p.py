"""Examples of round 28P of issue 17 (a test of a module name bound once to a literal is
decided): ``MODE = "scale"`` then ``match MODE:`` / ``if MODE == "scale":`` / ``!=``, at module
level, in a function and in a method, over a string or an integer. A case or branch the constant
never takes has no way into it; the one it always takes has no way around it. A function that
binds the name itself (a parameter) is not told of the module's. The VALID ones run clean and
must stay silent; the INVALID ones are real errors (the interpreter raises or warns at the
marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_MATCH = """
out_a, out_b = tr.zeros((32,)), tr.zeros((32,))
MODE = {mode}
first = scale(out_a.partition((8,)), 0.5){first_mark}
second = scale(out_b.partition((8,)), 2.0){second_mark}
match MODE:
    case "halve":
        first.sync()
    case "double":
        second.sync()
print(out_a.to_numpy()[0]){mark}
"""

_FUNCTION = """
STAGES = {stages}


def run(out: Tensor[f32]) -> float:
    pend = scale(out.partition((8,)), 3.0).submit()
    if STAGES != 2:
        print("no wait here")
    else:
        pend.wait()
    return float(out.to_numpy()[0]){mark}


print(run(tr.zeros((32,))))
"""

_METHOD = """
BACKEND = "cpu"


class Runner:
    def go(self, bufs: list[Tensor[f32]]) -> None:
        for b in bufs:
            p = scale(b.partition((8,)), 2.0).submit()
            if BACKEND {test}:
                p.wait()
            elif BACKEND == "gpu":
                print("later")
            print(b.to_numpy()[0]){mark}
            p.wait()


Runner().go([tr.zeros((32,)) for _ in range(2)])
"""

_SHADOWED = """
MODE = "fast"


def step(out: Tensor[f32], mode: str) -> None:
    pend = scale(out.partition((8,)), 1.0).submit()
    if mode == "fast":
        pend.wait()
    print(out.to_numpy()[0])  # TC102
    pend.wait()


step(tr.zeros((32,)), "slow")
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _MATCH.format(mode='"halve"', first_mark="", second_mark="", mark="")
            + "second.sync()\nprint(out_b.to_numpy()[0])\n",
            "a match on a module constant takes the case that runs the op writing what is read",
        ),
        valid(
            _FUNCTION.format(stages=2, mark=""),
            "a function's `!=` test of a module integer constant: its else branch waits",
        ),
        valid(
            _METHOD.format(test='== "cpu"', mark=""),
            "a method in a loop: the module constant's branch waits each turn",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _MATCH.format(mode='"double"', first_mark="", second_mark="", mark="  # TC102"),
            "the module constant takes the other case: the op writing what is read never ran",
        ),
        invalid(
            _FUNCTION.format(stages=3, mark="  # TC102"),
            "the module integer constant takes the branch that does not wait",
        ),
        invalid(
            _METHOD.format(test='== "gpu"', mark="  # TC102").replace(
                'elif BACKEND == "gpu"', 'elif BACKEND == "cpu"'
            ),
            "a method in a loop: the branch the module constant takes does not wait",
        ),
        invalid(_SHADOWED, "a parameter of the same name as the module constant is not it"),
    ),
    "TC105": (
        invalid(
            _MATCH.format(mode='"halve"', first_mark="", second_mark="  # TC105", mark=""),
            "an op run only under a case the module constant never takes is never run",
        ),
    ),
}
