"""Examples of round 26B of issue 17 (methods Python runs at a site with no call written,
lowered in one place, ``tilecheck.host.implicit_calls``): a truth test (``if obj``, ``assert
obj``, ``not obj``, ``a if obj else b``) runs ``__bool__`` or ``__len__``; ``seq[obj]`` and
``range(obj)`` ``__index__``; ``round(obj, 2)`` ``__round__`` and ``format(obj, spec)``
``__format__``; ``pickle.dumps`` and ``copy.deepcopy`` the methods they reduce by; ``for x in
obj`` (``__iter__`` returning ``self``) ``__next__`` at the head of every turn, the last one up
to its ``raise StopIteration`` included. And a method setting ``self.pending = None`` empties
the caller's ``obj.pending`` (a Pending only it held is dropped: TC108). The VALID ones run
clean and must stay silent; the INVALID ones are real errors (the interpreter raises inside
the method, or warns of the dropped Pending)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_HELD = """
import copy as copies
import pickle


class Held:
    def __init__(self) -> None:
        self.out = tr.zeros((32,))
        self.n = 2
        self.pending: tr.Pending | None = None

    def start(self) -> tr.Pending:
        return scale(self.out.partition((8,)), 2.0).submit()

{method}


def main() -> None:
    held = Held()
    pending = held.start()
    {order}
"""

_BOOL = """    def __bool__(self) -> bool:
        return bool(self.out.to_numpy()[0] > 0){mark}"""
_SETTLED_BOOL = """    def settle(self, pending: tr.Pending) -> None:
        pending.wait()

    def __bool__(self) -> bool:
        return bool(self.out.to_numpy()[0] > 0){mark}"""
_LEN = """    def __len__(self) -> int:
        return int(self.out.to_numpy()[0]){mark}"""
_INDEX = """    def __index__(self) -> int:
        return int(self.out.to_numpy()[0]){mark}"""
_ROUND = """    def __round__(self, digits: int = 0) -> float:
        return round(float(self.out.to_numpy()[0]), digits){mark}"""
_FORMAT = """    def __format__(self, spec: str) -> str:
        return format(float(self.out.to_numpy()[0]), spec){mark}"""
_STATE = """    def __getstate__(self) -> dict[str, object]:
        return {{"out": self.out.to_numpy()}}{mark}"""
_DEEP = """    def __deepcopy__(self, memo: dict[int, object]) -> object:
        return self.out.to_numpy().copy(){mark}"""
_NEXT = """    def __iter__(self) -> "Held":
        return self

    def __next__(self) -> Tensor[f32]:
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        self.out.copy_from(self.out.to_numpy() * 0.0){mark}
        return self.out"""
_LAST_NEXT = """    def __iter__(self) -> "Held":
        return self

    def __next__(self) -> int:
        print(self.out.to_numpy()[0]){mark}
        if self.n == 0:
            raise StopIteration
        self.n -= 1
        return self.n"""
_RESET = """    def keep(self) -> None:
        self.pending = self.start()

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()

    def reset(self) -> None:
        self.pending = None"""


def _case(method: str, order: str, mark: str = "") -> str:
    return _HELD.format(method=method.format(mark=mark), order=order)


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _case(_BOOL, "pending.wait()\n    if held:\n        print(1)\n    assert held or True"),
            "if/assert of an instance after the wait on what its __bool__ reads",
        ),
        valid(
            _case(_LEN, "pending.wait()\n    print(0 if not held else 1)"),
            "not runs __len__ after the wait",
        ),
        valid(
            _case(
                _INDEX,
                "names = {held: 1}\n    print(names[held])\n    pending.wait()",
            ),
            "a dict indexed by an instance hashes it: no __index__ runs",
        ),
        valid(
            _case(_DEEP, "pending.wait()\n    print(copies.deepcopy(held))"),
            "copy.deepcopy runs __deepcopy__ after the wait",
        ),
        valid(
            _case(_LAST_NEXT, "pending.wait()\n    for i in held:\n        print(i)"),
            "a loop over an instance: every __next__ runs after the wait",
        ),
    ),
    "TC103": (
        valid(
            _case(
                _NEXT,
                "pending.wait()\n    for out in held:\n"
                "        scale(out.partition((8,)), 1.0).sync()",
            ),
            "each turn's op is run before the next __next__ writes its input",
        ),
    ),
    "TC108": (
        valid(
            _case(
                _RESET,
                "pending.wait()\n    held.keep()\n    held.finish()\n    held.reset()",
            ),
            "reset() drops the attribute's Pending after it was waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _case(_BOOL, "if held:\n        print(1)\n    pending.wait()", "  # TC102"),
            "if runs __bool__, which reads the output still in flight",
            typed=False,  # a read inside a method Python calls: beyond the mypy plugin
        ),
        invalid(
            _case(_SETTLED_BOOL, "assert held\n    held.settle(pending)", "  # TC102"),
            "assert runs __bool__ before the settle",
            typed=False,
        ),
        invalid(
            _case(_LEN, "label = 'a' if held else 'b'\n    pending.wait()", "  # TC102"),
            "a conditional expression's test runs __len__ while the output is written",
            typed=False,
        ),
        invalid(
            _case(
                _INDEX, "rows = [1, 2, 3]\n    print(rows[held])\n    pending.wait()", "  # TC102"
            ),
            "a list indexed by an instance runs its __index__",
            typed=False,
        ),
        invalid(
            _case(
                _INDEX, "for i in range(held):\n        print(i)\n    pending.wait()", "  # TC102"
            ),
            "range() of an instance runs its __index__",
            typed=False,
        ),
        invalid(
            _case(_ROUND, "print(round(held, 2))\n    pending.wait()", "  # TC102"),
            "round() given digits runs __round__",
            typed=False,
        ),
        invalid(
            _case(_FORMAT, "print(format(held, '.2f'))\n    pending.wait()", "  # TC102"),
            "format() given a spec runs __format__",
            typed=False,
        ),
        invalid(
            _case(
                _STATE,
                "blob = pickle.dumps(held)\n    pending.wait()\n    print(blob)",
                "  # TC102",
            ),
            "pickle.dumps runs __getstate__, which reads the output in flight",
            typed=False,
        ),
        invalid(
            _case(
                _DEEP,
                "kept = copies.deepcopy(held)\n    pending.wait()\n    print(kept)",
                "  # TC102",
            ),
            "copy.deepcopy runs __deepcopy__",
            typed=False,
        ),
        invalid(
            _case(
                _LAST_NEXT,
                "pending.wait()\n    held.n = 1\n    last = None\n    for i in held:\n"
                "        last = scale(held.out.partition((8,)), float(i)).submit()\n"
                "    if last is not None:\n        last.wait()",
                "  # TC102",
            ),
            "the last __next__ reads the output the last turn's op still writes before it raises"
            " StopIteration",
            typed=False,
        ),
    ),
    "TC103": (
        invalid(
            _case(
                _NEXT,
                "pending.wait()\n    ops = []\n    for out in held:\n"
                "        ops.append(copy(tr.zeros((32,)).partition((8,)), out).submit())\n"
                "    for p in ops:\n        p.wait()",
                "  # TC103",
            ),
            "the next turn's __next__ writes what the previous turn's op still reads",
            typed=False,
        ),
    ),
    "TC108": (
        invalid(
            _case(_RESET, "pending.wait()\n    held.keep()  # TC108\n    held.reset()"),
            "reset() sets the attribute holding the only reference to a Pending to None (shown"
            " at the call that made it)",
            typed=False,
        ),
    ),
}
