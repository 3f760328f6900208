"""Examples of round 36D of issue 17 (callables reached through values): a lambda kept in a
dict or list display and called through it by a constant key (``variants["fused"]()``) or by a
walk of the container (``for name, probe in probes.items(): probe()``) is its body evaluated
there, its parameters the call's arguments; a factory's closure (``make_logger(w)``) appended to
a module list and called by a walk of the list is that closure, made with the factory's
arguments; a callback parameter that every call of its helper gives the same function of the
module (``step(report)``, ``step(during=report)``, handed on through another helper) is that
function where the helper calls it. The VALID ones run clean and must stay silent (each op run,
the callbacks called after the wait, a helper given two different callbacks); the INVALID ones
are real errors (the interpreter raises or warns at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_FACTORY = """
from collections.abc import Callable

W = tr.ones((64,))
hooks: list[Callable[[int], None]] = []


def make_logger(t: Tensor[f32], label: str) -> Callable[[int], None]:
    def log(step: int) -> None:
        print(label, step, t.to_numpy().sum())  # TC102

    return log


hooks.append(make_logger(W, "w"))
"""

_HELPER = """
from collections.abc import Callable

W = tr.ones((64,))


def report() -> None:
    print(W.to_numpy()[0])  # TC102

"""


def invalid(body: str, note: str) -> Case:
    return _invalid(body, note, typed=False)  # (through a value: beyond the mypy plugin)


VALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            """
A = tr.zeros((64,))
B = tr.ones((64,))
variants = {
    "scale": lambda: scale(A.partition((64,)), 2.0),
    "copy": lambda: copy(A.partition((64,)), B),
}


def main() -> None:
    variants["scale"]().sync()
    variants["copy"]().sync()
    for name in variants.keys():
        print(name)
""",
            "each lambda of a dict called by its key, its op run",
        ),
    ),
    "TC102": (
        valid(
            _FACTORY.replace("  # TC102", "")
            + """


def main() -> None:
    for step in range(2):
        pending = scale(W.partition((64,)), 2.0).submit()
        pending.wait()
        for hook in hooks:
            hook(step)
""",
            "a factory's closure in a module list, called by a walk after the wait",
        ),
        valid(
            _HELPER.replace("  # TC102", "")
            + """
def step(after: Callable[[], None]) -> None:
    pending = scale(W.partition((64,)), 2.0).submit()
    pending.wait()
    after()


def main() -> None:
    step(report)
""",
            "a callback parameter, always given one function, called after the wait",
        ),
        valid(
            """
from collections.abc import Callable

W = tr.ones((64,))
X = tr.ones((64,))


def step(during: Callable[[], None]) -> None:
    pending = scale(W.partition((64,)), 2.0).submit()
    during()
    pending.wait()


def show_x() -> None:
    print(X.to_numpy()[0])


def main() -> None:
    step(show_x)
    step(lambda: print(X.to_numpy()[1]))
""",
            "a callback parameter given a function and a lambda, neither reading what is written",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        invalid(
            """
A = tr.zeros((64,))
B = tr.ones((64,))
variants = {
    "scale": lambda: scale(A.partition((64,)), 2.0),  # TC105
    "copy": lambda: copy(A.partition((64,)), B),
}


def main() -> None:
    variants["copy"]().sync()
    variants["scale"]()
    print(A.to_numpy())
""",
            "a lambda of a dict called by a constant key, the op it returns dropped",
        ),
        invalid(
            """
A = tr.zeros((64,))
steps = [lambda f: scale(A.partition((64,)), f)]  # TC105


def main() -> None:
    steps[0](2.0)
    print(A.to_numpy())
""",
            "a lambda of a list called by index with an argument, its op dropped",
        ),
    ),
    "TC102": (
        invalid(
            _FACTORY
            + """


def main() -> None:
    for step in range(2):
        pending = scale(W.partition((64,)), 2.0).submit()
        for hook in hooks:
            hook(step)
        pending.wait()
""",
            "a factory's closure appended to a module list, called by a walk while written",
        ),
        invalid(
            _HELPER
            + """
def step(during: Callable[[], None]) -> None:
    pending = scale(W.partition((64,)), 2.0).submit()
    during()
    pending.wait()


def main() -> None:
    step(report)
""",
            "a callback parameter always given one module function, called while it writes",
        ),
        invalid(
            _HELPER
            + """
def launch(cb: Callable[[], None]) -> tr.Pending:
    pending = scale(W.partition((64,)), 2.0).submit()
    cb()
    return pending


def run(*, cb: Callable[[], None]) -> None:
    launch(cb).wait()


def main() -> None:
    run(cb=report)
""",
            "a callback handed on through a second helper, by keyword",
        ),
        invalid(
            """
W = tr.ones((64,))
X = tr.ones((64,))
probes = {
    "w": lambda: print(W.to_numpy()[0]),  # TC102
    "x": lambda: print(X.to_numpy()[0]),
}


def main() -> None:
    pending = scale(W.partition((64,)), 2.0).submit()
    for name, probe in probes.items():
        print(name)
        probe()
    pending.wait()
""",
            "lambdas of a dict called by a walk of its items while one's tensor is written",
        ),
    ),
}
