"""``@frozen``: the checker's value records, immutable to the type checker, cheap to make.

``@dataclass(frozen=True)`` makes every instance through ``object.__setattr__``, one call a
field: a record of ten fields costs about five times a plain one's ``__init__``, and the host
analysis makes tens of thousands of them per module (``Hold``, ``ObjInfo``, ``Borrow``, the
CFG's blocks). ``@frozen`` is ``@dataclass`` with the same ``__eq__`` and the same field-wise
``__hash__`` (``unsafe_hash``), and plain attribute stores in ``__init__``. Immutability is
kept where it is checked, statically: ``dataclass_transform(frozen_default=True)`` makes mypy
reject an assignment to a field as it did for ``frozen=True``. A class that subclasses a
frozen dataclass of another library (a libcst node) keeps ``@dataclass(frozen=True)``."""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from typing_extensions import dataclass_transform

_T = TypeVar("_T")


def _made(cls: type[_T], order: bool) -> type[_T]:
    # as ``frozen=True`` would: a ``__hash__`` the class writes is kept, else one from the fields
    own = cls.__dict__.get("__hash__", dataclasses.MISSING)
    explicit = not (own is dataclasses.MISSING or (own is None and "__eq__" in cls.__dict__))
    return dataclasses.dataclass(order=order, unsafe_hash=not explicit)(cls)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(cls: type[_T]) -> type[_T]:
    """``@dataclass(frozen=True)``, without ``object.__setattr__`` at run time."""
    return _made(cls, order=False)


@dataclass_transform(
    frozen_default=True,
    order_default=True,
    field_specifiers=(dataclasses.field, dataclasses.Field),
)
def frozen_ordered(cls: type[_T]) -> type[_T]:
    """``@dataclass(frozen=True, order=True)``, without ``object.__setattr__`` at run time."""
    return _made(cls, order=True)
