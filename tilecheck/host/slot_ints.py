"""The integer an index expression is where the names it reads are constants here (round 39I
of issue 17): in a slot of an unrolled loop (``tilecheck.flow.unroll``) or a comprehension's
position, the counter is one integer (``State.defs`` holds ``At(2)``), and a name bound to
a form of it (``j = i % 3``, an ``Affine`` def) is one integer too. So ``pend[(i - 2) % 3]``
and ``pend[j]`` are the items by the constants they are in that slot, as if written out
(``pend[0]``), where before they were any item. Anything not folded stays None (any item)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import libcst as cst

from tilecheck.host.indices import name_int
from tilecheck.host.turn_tests import decided
from tilecheck.syntax.constants import COMPARISONS, const_int
from tilecheck.syntax.walk import descendants


def slot_int(
    expr: cst.BaseExpression,
    defs: Mapping[str, object],
    constants: Mapping[str, int] | None = None,
) -> int | None:
    """The value of ``expr``, an integer expression of literals, names that are one integer
    here and ``constants`` (None: not one known integer)."""
    if not defs:
        return None
    return const_int(expr, _Known(defs, constants or {}))


def slot_decided(
    test: cst.BaseExpression, defs: Mapping[str, object], constants: Mapping[str, int]
) -> bool | None:
    """The truth of ``test`` where the counters have these defs (``turn_tests.decided``), or
    of a comparison ``slot_compared`` folds (``if i + 1 < STEPS:`` in a slot); None: not
    decided."""
    found = decided(test, defs)
    return found if found is not None else slot_compared(test, defs, constants)


def slot_compared(
    test: cst.BaseExpression, defs: Mapping[str, object], constants: Mapping[str, int]
) -> bool | None:
    """The truth of ``i + 1 < STEPS`` (one comparison of two integers ``slot_int`` folds,
    one side reading a name that is one integer here); None where not known."""
    if type(test) is not cst.Comparison or len(test.comparisons) != 1 or not defs:
        return None
    compare = test.comparisons[0]
    decide = COMPARISONS.get(type(compare.operator))
    if decide is None or not any(name_int(n.value, defs) is not None for n in _names(test)):
        return None
    left = slot_int(test.left, defs, constants)
    right = slot_int(compare.comparator, defs, constants) if left is not None else None
    return None if right is None or left is None else decide(left, right)


def _names(node: cst.CSTNode) -> Iterator[cst.Name]:
    """The names inside ``node`` (through ``syntax.walk``'s kept children: libcst's own
    ``children`` rebuilds them at each call)."""
    return (n for n in descendants(node) if type(n) is cst.Name)


class _Known(Mapping[str, int]):
    """The names that are one integer here, looked up as ``const_int`` asks for them."""

    __slots__ = ("_constants", "_defs")

    def __init__(self, defs: Mapping[str, object], constants: Mapping[str, int]) -> None:
        self._defs = defs
        self._constants = constants

    def __getitem__(self, name: str) -> int:
        found = self.get(name)
        if found is None:
            raise KeyError(name)
        return found

    def get(self, name: str, default: object = None) -> int | None:  # type: ignore[override]
        found = name_int(name, self._defs)
        return found if found is not None else self._constants.get(name)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 1  # (true: ``const_int`` reads ``Slot.Q`` only from a non-empty mapping)
