"""Examples of round 29N2 of issue 17 (calls read by signature, continued): a container's key
known from the code that binds it, a parameter every call of its function gives one literal
(``tilecheck.host.call_literals``), and a ``@dataclass`` field whose ``default_factory`` makes
another library's array that no construction replaces (``tilecheck.host.array_attributes``).
The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line, or warns there)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_KEYED = """


def step({params}) -> None:
    a = tr.zeros((16,), dtype=f32)
    b = tr.zeros((16,), dtype=f32)
    ops = {{"fast": scale(a.partition((8,)), 2.0), "slow": scale(b.partition((8,)), 3.0)}}{mark}
    {runs}


{calls}
"""

_FIELD = """
from dataclasses import dataclass, field
from typing import Any

import numpy as np


@dataclass
class Head:
    x: Tensor[f32]
    out: Any = field(default_factory=lambda: np.zeros(16, dtype=np.float32))

    def run(self) -> None:
        copy(self.out, self.x).sync(){mark}


for _ in range(2):
    Head({args}).run()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        valid(
            _KEYED.format(
                params="first: str, second: str = 'slow'",
                mark="",
                runs="ops[first].sync()\n    ops[second].sync()",
                calls='step("fast")',
            ),
            "every call gives `first` 'fast' and `second` its default 'slow': both ops run",
        ),
    ),
    "TC106": (
        valid(
            _FIELD.format(
                mark="",
                args="tr.ones((16,), dtype=f32), tr.zeros((16,), dtype=f32).partition((8,))",
            ),
            "every construction gives the field a partition: the factory's array is never used",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        invalid(
            _KEYED.format(
                params="kind: str",
                mark="  # TC105",
                runs="ops[kind].sync()",
                calls='if __name__ == "__main__":\n    step("fast")\n    step(kind="fast")',
            ),
            "every call gives `kind` 'fast': the op under 'slow' is made and never run",
        ),
    ),
    "TC106": (
        invalid(
            _FIELD.format(mark="  # TC106", args="x=tr.ones((16,), dtype=f32)"),
            "no construction gives `out`: its `default_factory` array is the kernel's output",
            typed=False,
        ),
    ),
}
