"""Examples of round 33B of issue 17 (methods Python runs without a call written, and a
package helper's tensor kept in a field): a set display ``{a, b}`` and a dict display's key run
each instance's ``__hash__``; ``list(obj)`` (``tuple``, ``set``, ``sorted``) runs a generator
``__iter__`` to its end there; ``a *= x`` runs ``__imul__``, whose ``return self`` leaves ``a``
the same instance with the fields the method set (its Pending waited by a later method, not
judged alone); a class whose base is ``Generic[T]`` runs its own methods as one with no base
does. A use in the first turn of a ``for _ in range(n)`` loop at a method's top runs on every
call: it is reported inside the method. The VALID ones run clean and must stay silent; the
INVALID ones are real errors (the interpreter raises inside the method)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_HELD = """
from collections.abc import Iterator
from typing import Generic, TypeVar

T = TypeVar("T")


class Held{base}:
    def __init__(self) -> None:
        self.out = tr.zeros((32,))
        self.pending: tr.Pending | None = None

    def start(self) -> tr.Pending:
        return scale(self.out.partition((8,)), 2.0).submit()

{method}


def main() -> None:
    held = Held()
    other = Held()
    pending = held.start()
    {order}
"""

_HASH = """    def __hash__(self) -> int:
        return int(self.out.to_numpy()[0]){mark}"""
_ITER = """    def __iter__(self) -> Iterator[float]:
        for _ in range(2):
            yield float(self.out.to_numpy()[0]){mark}"""
_LEN = """    def __len__(self) -> int:
        return int(self.out.to_numpy()[0]){mark}"""
_SCALED = """    def __imul__(self, a: float) -> "Held":
        {settle}self.pending = scale(self.out.partition((8,)), a).submit()
        return self

    def __float__(self) -> float:
        {settle}return float(self.out.to_numpy()[0]){mark}"""
_SETTLE = """if self.pending is not None:
            self.pending.wait()
            self.pending = None
        """

_WAIT = "\n    if held.pending is not None:\n        held.pending.wait()"

_LOGGED = """

class Record:
    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, tr.Tensor):
            print(name, value.to_numpy()[0]){mark}
        super().__setattr__(name, value)


def main() -> None:
    rec = Record()
    buf = tr.zeros((32,))
    pending = scale(buf.partition((8,)), 2.0).submit()
    {order}
"""


def _case(method: str, order: str, mark: str = "", base: str = "", settle: str = "") -> str:
    body = method.format(mark=mark, settle=settle)
    return _HELD.format(method=body, order=order, base=base)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_HASH, "pending.wait()\n    print(len({held, other}))"),
            "a set display of instances after the wait on what their __hash__ reads",
        ),
        valid(
            _case(_HASH, "pending.wait()\n    print({held: 1})"),
            "an instance as a dict display's key after the wait on what its __hash__ reads",
        ),
        valid(
            _case(_ITER, "pending.wait()\n    print(list(held))"),
            "list() of an instance after the wait on what its generator __iter__ reads",
        ),
        valid(
            _case(_HASH, "print(len({other}))\n    pending.wait()"),
            "a set display of another instance, whose tensor nothing writes",
        ),
        valid(
            _case(_LEN, "pending.wait()\n    print(len(held))", base="(Generic[T])"),
            "len() of a Generic class's instance after the wait on what its __len__ reads",
        ),
        valid(
            _LOGGED.format(order="pending.wait()\n    rec.buf = buf", mark=""),
            "an attribute store runs __setattr__, which reads the value, after the wait",
        ),
    ),
    "TC108": (
        valid(
            _case(
                _SCALED,
                "pending.wait()\n    held *= 0.5\n    held *= 0.5\n    print(float(held))",
                settle=_SETTLE,
            ),
            "a *= whose __imul__ waits the previous scale's Pending; float() waits the last",
        ),
    ),
}


INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_HASH, "print(len({held, other}))\n    pending.wait()", "  # TC102"),
            "a set display hashes an instance whose __hash__ reads a tensor in flight",
            typed=False,  # a read inside a method Python calls: beyond the mypy plugin
        ),
        invalid(
            _case(_HASH, "print({held: 1})\n    pending.wait()", "  # TC102"),
            "a dict display's key hashed: its __hash__ reads a tensor in flight",
            typed=False,
        ),
        invalid(
            _case(_ITER, "print(list(held))\n    pending.wait()", "  # TC102"),
            "list() runs a generator __iter__ whose first turn reads a tensor in flight",
            typed=False,
        ),
        invalid(
            _case(_LEN, "print(len(held))\n    pending.wait()", "  # TC102", "(Generic[T])"),
            "a Generic class's own __len__ reads a tensor in flight",
            typed=False,
        ),
        invalid(
            _case(
                _SCALED,
                "pending.wait()\n    held *= 0.5\n    print(float(held))" + _WAIT,
                "  # TC102",
            ),
            "a *= keeps __imul__'s Pending in the instance; __float__ reads before it is waited",
            typed=False,
        ),
        invalid(
            _LOGGED.format(order="rec.buf = buf\n    pending.wait()", mark="  # TC102"),
            "an attribute store runs __setattr__, which reads the value in flight (shown in the"
            " method: the read is under a test the tensor given passes, round 33B2)",
            typed=False,
        ),
    ),
}
