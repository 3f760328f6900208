"""Examples of round 23A of issue 17 (code Python runs without a call written): an
instance of a module class formatted (an f-string, ``print``, ``repr``, ``str``) runs its
``__repr__``/``__str__``, and ``obj[key] = value`` its ``__setitem__``; what the method reads or
writes is checked there (TC102 at a read of an output in flight inside ``__repr__``, TC103 at a
write inside ``__setitem__`` of a buffer a submitted op still reads). The VALID ones run clean
and must stay silent; the INVALID ones are real errors (the interpreter raises inside the
method). A ``@dataclass`` made inside a capture with no argument for a field whose
``default_factory`` allocates runs that factory there (TC111 at the allocation)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_SHOWN = """

class Probe:
    def __init__(self) -> None:
        self.out = tr.zeros((32,))

    def start(self) -> tr.Pending:
        return scale(self.out.partition((8,)), 2.0).submit()

    def {method}(self) -> str:
        return f"Probe({{self.out.to_numpy()[0]}})"{mark}


def main() -> None:
    probe = Probe()
    pending = probe.start()
    {order}
"""

_TABLE = """

class Table:
    def __init__(self) -> None:
        self.src = tr.ones((32,))

    def __setitem__(self, key: int, value: np.ndarray) -> None:
        self.src.copy_from(value){mark}


def main() -> None:
    table = Table()
    out = tr.zeros((32,))
    fresh = np.zeros(32, np.float32)
    for step in range(2):
        pending = copy(out.partition((8,)), table.src).submit()
        {order}
"""

_STATE = """
from dataclasses import dataclass, field


@dataclass
class State:
    step: int
    buf: tr.Tensor = field(default_factory=lambda: tr.zeros((32,))){mark}


def main() -> None:
    out = tr.zeros((32,))
    kept = tr.zeros((32,))
    with tr.graph() as g:
        {made}
        g.record(scale(out.partition((8,)), 2.0))
    g.launch().wait()
    g.close()
    print(state.step)
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


def _numpy(code: str) -> str:
    return "import numpy as np\n" + code


VALID: dict[str, tuple[Case, ...]] = {
    "TC111": (
        valid(
            _case(_STATE, made="state = State(1, kept)"),
            "a dataclass made in a capture given its buffer: the default_factory never runs",
        ),
        valid(
            _case(_STATE, made="state = State(step=1, buf=kept)"),
            "the same with keyword arguments",
        ),
    ),
    "TC102": (
        valid(
            _case(_SHOWN, method="__repr__", order='pending.wait()\n    print(f"{probe!r}")'),
            "an instance shown by its own __repr__ after the wait on what it reads",
        ),
        valid(
            _case(_SHOWN, method="__str__", order="pending.wait()\n    print(probe)"),
            "print() after the wait runs __str__ on a settled output",
        ),
    ),
    "TC103": (
        valid(
            _numpy(_case(_TABLE, order="pending.wait()\n        table[step] = fresh")),
            "an item stored by __setitem__ after the wait on the op that reads the buffer",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC111": (
        invalid(
            _case(_STATE, "  # TC111", made="state = State(1)"),
            "a dataclass made in a capture runs the default_factory that allocates its buffer",
            typed=False,  # a factory the generated __init__ runs: beyond the mypy plugin
        ),
    ),
    "TC102": (
        invalid(
            _case(
                _SHOWN,
                "  # TC102",
                method="__repr__",
                order="line = repr(probe)\n    pending.wait()\n    print(line)",
            ),
            "repr() of an instance runs its __repr__, which reads the output still in flight",
            typed=False,  # a read inside a method Python calls: beyond the mypy plugin
        ),
        invalid(
            _case(
                _SHOWN,
                "  # TC102",
                method="__str__",
                order='print(f"started {probe}")\n    pending.wait()',
            ),
            "an f-string runs __str__ (no __format__ defined) while the output is written",
            typed=False,
        ),
    ),
    "TC103": (
        invalid(
            _numpy(_case(_TABLE, "  # TC103", order="table[step] = fresh\n        pending.wait()")),
            "obj[k] = v runs __setitem__, which writes the buffer the op in flight reads",
            typed=False,
        ),
    ),
}
