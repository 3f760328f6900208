"""Examples of round 33B2 of issue 17 (more sites where Python runs a method with no call
written): a set's ``add``/``discard``/``remove``, a dict's ``get``/``pop``/``setdefault``, ``obj
in s`` and ``d[obj]`` of a set or dict bound once in the scope, ``set([a, b])`` and
``dict.fromkeys([a])`` hash each instance (its ``__hash__``); ``a, b = obj``, ``[*obj]``,
``sum``/``max``/``min`` take every item (its ``__iter__``, a generator's to its end);
``enumerate``/``zip``/``iter`` run a plain ``__iter__`` at the call (a generator's body runs
only as its items are taken). A read under ``if isinstance(x, tr.Tensor):`` at a function's
top runs on every call given a tensor: it is reported at the read. The VALID ones run clean
and must stay silent; the INVALID ones are real errors (the interpreter raises inside the
method or function)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_HELD = """
from collections.abc import Iterator


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

_HASH = """    def __hash__(self) -> int:
        return int(self.out.to_numpy()[0]){mark}"""
_GEN = """    def __iter__(self) -> Iterator[float]:
        for _ in range(2):
            yield float(self.out.to_numpy()[0]){mark}"""
_ITER = """    def __iter__(self) -> Iterator[float]:
        return iter([float(self.out.to_numpy()[0])]){mark}"""

_MARK = "  # TC102"

_ENCODED = """

def encode(obj: object) -> object:
    if isinstance(obj, tr.Tensor):
        return obj.to_numpy().tolist(){mark}
    return obj


def main() -> None:
    buf = tr.zeros((32,))
    pending = scale(buf.partition((8,)), 2.0).submit()
    {order}
"""

# (the method, the statements using ``held``, what the case shows)
_FORMS = (
    (_HASH, "seen = set()\n    seen.add(held)", "set.add hashes the instance"),
    (_HASH, "table = {}\n    table[held] = 1", "a dict item stored under the instance"),
    (_HASH, "table = {}\n    print(table.get(held))", "dict.get hashes the instance"),
    (_HASH, "seen = {other}\n    print(held in seen)", "`in` of a set hashes the instance"),
    (_HASH, "print(len(set([held, other])))", "set() of a list display hashes each item"),
    (_HASH, "print(dict.fromkeys([held]))", "dict.fromkeys hashes each key"),
    (_GEN, "first, second = held", "unpacking runs a generator __iter__ to its end"),
    (_GEN, "print([*held])", "a starred item runs a generator __iter__ to its end"),
    (_GEN, "print(sum(held))", "sum() takes every item"),
    (_ITER, "print(max(held))", "max() of one iterable runs its __iter__"),
    (_ITER, "print(list(enumerate(held)))", "enumerate() runs a plain __iter__ at the call"),
    (_ITER, "print(list(zip(held, [1])))", "zip() runs a plain __iter__ at the call"),
)


def _case(method: str, order: str, mark: str = "") -> str:
    return _HELD.format(method=method.format(mark=mark), order=order)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        *(
            valid(_case(method, f"pending.wait()\n    {uses}"), f"{note}, after the wait")
            for method, uses, note in _FORMS
        ),
        valid(
            _case(_HASH, "seen = [other]\n    print(held in seen)\n    pending.wait()"),
            "`in` of a list compares (object's __eq__), it does not hash",
        ),
        valid(
            _case(_GEN, "pairs = enumerate(held)\n    pending.wait()\n    print(list(pairs))"),
            "enumerate() of a generator __iter__ makes the generator; its body runs after the wait",
        ),
        valid(
            _ENCODED.format(order="print(encode(3))\n    pending.wait()", mark=""),
            "a function reading its argument under isinstance(x, tr.Tensor), given an int",
        ),
        valid(
            _ENCODED.format(order="pending.wait()\n    print(encode(buf))", mark=""),
            "a function reading its argument under isinstance(x, tr.Tensor), after the wait",
        ),
    ),
}


INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        *(
            invalid(
                _case(method, f"{uses}\n    pending.wait()", _MARK),
                f"{note}: the method reads a tensor in flight",
                typed=False,  # a read inside a method Python calls: beyond the mypy plugin
            )
            for method, uses, note in _FORMS
        ),
        invalid(
            _ENCODED.format(order="print(encode(buf))\n    pending.wait()", mark=_MARK),
            "a read under isinstance(x, tr.Tensor), given a tensor in flight: shown at the read",
        ),
    ),
}
