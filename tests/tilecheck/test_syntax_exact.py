"""``tilecheck.syntax.exact``'s type tests answer as ``isinstance`` does (the host analysis
uses them on its hot paths): each class named is concrete and libcst subclasses none."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst
import pytest

from tilecheck.syntax import exact
from tilecheck.syntax.walk import children

_GUARDS: list[tuple[Callable[[object], bool], frozenset[type[cst.CSTNode]]]] = [
    (exact.is_sequence, exact.SEQUENCES),
    (exact.is_display, exact.DISPLAYS),
    (exact.is_path, exact.PATHS),
    (exact.is_item, exact.ITEMS),
    (exact.is_definition, exact.DEFINITIONS),
    (exact.is_targeted, exact.TARGETED),
    (exact.is_import, exact.IMPORTS),
]
_SETS = [*(classes for _, classes in _GUARDS), exact.SCOPES, exact.EXITS]

_SOURCE = """
import os
from os import path as p
a, [b, *c] = (1, 2), [3, 4, 5]
d: int = {1, 2}
d += 1
x.y[0] = lambda q: q
for i in range(3):
    del x.y
def f(z):
    return z
class C:
    pass
raise ValueError(f(a))
"""


@pytest.mark.parametrize("cls", sorted({c for s in _SETS for c in s}, key=lambda c: c.__name__))
def test_each_class_has_no_subclass(cls: type[cst.CSTNode]) -> None:
    assert cls.__subclasses__() == []


def test_the_guards_agree_with_isinstance_on_every_node() -> None:
    stack: list[cst.CSTNode] = [cst.parse_module(_SOURCE)]
    seen: set[type[cst.CSTNode]] = set()
    while stack:
        node = stack.pop()
        seen.add(type(node))
        for guard, classes in _GUARDS:
            assert guard(node) == isinstance(node, tuple(classes)), (guard, node)
        stack.extend(children(node))
    # the source shows a node of every class the guards name, so each answered "yes" once
    assert {c for _, classes in _GUARDS for c in classes} <= seen
