"""Comparisons ``@functools.total_ordering`` derives (issue 17, round 34B).

The decorator gives a class the rich comparisons it lacks, each written from the one it
defines (its root: ``__lt__`` before ``__le__``, ``__gt__``, ``__ge__``), and every derived
method calls the root first, on the same operands (``a >= b`` of a class defining ``__lt__``
is ``not a.__lt__(b)``; ``a > b`` is ``a.__lt__(b)``, then, when that is false,
``a.__eq__(b)``). So the root is what certainly runs at such an operator, and it is applied
there as at an explicit call (what a derived method may run after it is left out: it runs on
some calls only). The decorator only adds methods: those the class writes stay its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.model import Oids

# ``functools``' preference among the methods a class defines (``max`` of their names)
_ROOTS = ("__lt__", "__le__", "__gt__", "__ge__")


def total_ordering(decorator: cst.Decorator) -> bool:
    """``@functools.total_ordering`` or ``@total_ordering``."""
    expr = decorator.decorator
    name = expr.attr.value if type(expr) is cst.Attribute else getattr(expr, "value", None)
    return name == "total_ordering"


def ordering_root(cls: cst.ClassDef) -> str | None:
    """The method a ``@total_ordering`` class's derived comparisons call first (None for a
    class not so decorated, or one defining none of them)."""
    if not any(total_ordering(d) for d in cls.decorators):
        return None
    own = {s.name.value for s in cls.body.body if type(s) is cst.FunctionDef}
    return next((m for m in _ROOTS if m in own), None)


def derived_order(cls: cst.ClassDef, order: tuple[str, ...]) -> tuple[str, ...]:
    """``order`` (the comparison methods an operator tries, ``("__ge__",)``) as the class runs
    them: its own method where it writes one, else the decorator's root."""
    root = ordering_root(cls)
    if root is None or len(order) != 1 or order[0] not in _ROOTS:
        return order
    own = {s.name.value for s in cls.body.body if type(s) is cst.FunctionDef}
    return order if order[0] in own else (root,)


def class_order(
    module: cst.Module | None, cls: str | None, order: tuple[str, ...]
) -> tuple[str, ...]:
    """``derived_order`` for the top-level class of the module named ``cls`` (``order``
    unchanged where there is none)."""
    for stmt in module.body if module is not None and cls is not None else ():
        if type(stmt) is cst.ClassDef and stmt.name.value == cls:
            return derived_order(stmt, order)
    return order


class _Analysis(Protocol):
    @property
    def ctx(self) -> Context: ...

    @property
    def env(self) -> Mapping[str, Oids]: ...

    def receiver_class(self, owner: str) -> str | None: ...


def class_parameter(an: _Analysis, mine: cst.BaseExpression, other: cst.BaseExpression) -> bool:
    """``other`` is a parameter of the class the name ``mine`` holds an instance of (annotated
    with it, or narrowed by ``isinstance``: ``analysis``), no class of the module deriving
    from it: a comparison's reflected method of a subclass cannot run first."""
    if type(mine) is not cst.Name or type(other) is not cst.Name or an.env.get(other.value):
        return False
    cls = an.receiver_class(other.value)
    if cls is None or cls != an.receiver_class(mine.value):
        return False
    return not any(info.base == cls for info in an.ctx.classes.values())
