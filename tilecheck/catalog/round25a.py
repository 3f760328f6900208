"""Examples of round 25A of issue 17 (protocol methods Python runs without a call written):
``float(obj)``, ``len(obj)``, ``np.asarray(obj)`` run the instance's ``__float__``, ``__len__``,
``__array__``; ``obj[k]`` its ``__getitem__``; ``a == b``, ``a < b`` and ``x in obj`` its
``__eq__``, ``__lt__`` and ``__contains__`` (``other`` narrowed by ``isinstance`` is the class's
instance too). What the method reads is checked there: TC102 at a read of an output in flight
inside it. The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises inside the method)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_HELD = """
{imports}

class Held:
    def __init__(self) -> None:
        self.out = tr.zeros((32,))

    def start(self) -> tr.Pending:
        return scale(self.out.partition((8,)), 2.0).submit()

{method}


def main() -> None:
    held = Held()
    other = Held()
    pending = held.start()
    {order}
"""

_FLOAT = """    def __float__(self) -> float:
        return float(self.out.to_numpy()[0]){mark}"""
_LEN = """    def __len__(self) -> int:
        return int(self.out.to_numpy()[0]){mark}"""
_ITEM = """    def __getitem__(self, i: int) -> float:
        return float(self.out.to_numpy()[i]){mark}"""
_CONTAINS = """    def __contains__(self, i: object) -> bool:
        return bool(self.out.to_numpy()[0] > 0){mark}"""
_ARRAY = """    def __array__(self) -> np.ndarray[Any, Any]:
        return self.out.to_numpy(){mark}"""
_EQ = """    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Held):
            return NotImplemented
        return bool(other.out.to_numpy()[0] == 0.0){mark}"""
_NUMPY = "from typing import Any\n\nimport numpy as np\n"


def _case(method: str, order: str, mark: str = "", imports: str = "") -> str:
    return _HELD.format(method=method.format(mark=mark), order=order, imports=imports)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_FLOAT, "pending.wait()\n    print(float(held))"),
            "float() of an instance after the wait on what its __float__ reads",
        ),
        valid(
            _case(_LEN, "n = len(other)\n    pending.wait()\n    print(n)"),
            "len() of another instance, whose output is not written, while the op runs",
        ),
        valid(
            _case(_ITEM, "pending.wait()\n    print(held[0])"),
            "obj[k] runs __getitem__ after the wait",
        ),
        valid(
            _case(_EQ, "pending.wait()\n    print(other == held)"),
            "== runs __eq__, reading the other operand's output after its wait",
        ),
        valid(
            _case(_EQ, "same = held == other\n    pending.wait()\n    print(same)"),
            "== on the written instance runs __eq__ reading only the other, settled one",
        ),
        valid(
            _case(_CONTAINS, "pending.wait()\n    print(3 in held)"),
            "in runs __contains__ after the wait",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_FLOAT, "best = float(held)\n    pending.wait()\n    print(best)", "  # TC102"),
            "float() runs __float__, which reads the output still in flight",
            typed=False,  # a read inside a method Python calls: beyond the mypy plugin
        ),
        invalid(
            _case(
                _LEN,
                "for _ in range(2):\n        print(len(held))\n    pending.wait()",
                "  # TC102",
            ),
            "len() in a loop runs __len__ while the output is written",
            typed=False,
        ),
        invalid(
            _case(_ITEM, "first = held[0]\n    pending.wait()\n    print(first)", "  # TC102"),
            "obj[k] runs __getitem__, which reads the output in flight",
            typed=False,
        ),
        invalid(
            _case(_EQ, "same = other == held\n    pending.wait()\n    print(same)", "  # TC102"),
            "== runs the left operand's __eq__, which reads the right one's output in flight (on"
            " the path past its isinstance test only: its one read, shown there since round 34D)",
            typed=False,
        ),
        invalid(
            _case(_CONTAINS, "if 3 in held:\n        print(3)\n    pending.wait()", "  # TC102"),
            "in runs __contains__ while the output is written",
            typed=False,
        ),
        invalid(
            _case(
                _ARRAY,
                "snap = np.asarray(held)\n    pending.wait()\n    print(snap)",
                "  # TC102",
                _NUMPY,
            ),
            "np.asarray() runs __array__, which reads the output in flight",
            typed=False,
        ),
    ),
}
