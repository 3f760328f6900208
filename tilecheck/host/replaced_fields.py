"""Copies of a record with some fields changed (issue 17, rounds 28I and 33A): the fields not
given are the same objects as the original's, so a partition a launch spent through the
original is spent in the copy too.

* ``dataclasses.replace(obj, f=v)`` is ``Cls(f=v, g=obj.g, ...)``, ``Cls`` the module
  ``@dataclass`` (no base, every field given to ``__init__``, ``lowered_calls.fields``) that
  ``obj`` certainly is;
* ``copy.replace(obj, f=v)`` (Python 3.13) the same (round 34A);
* ``obj._replace(f=v)`` is ``Cls(f=v, g=obj.g, ...)``, ``Cls`` the module's
  ``class Cls(NamedTuple)`` (``transfers.tuple_fields``) that ``obj`` certainly is: what the
  generated ``_replace`` does (``self._make(map(kwds.pop, fields, self))``).

Each is built once per call and class (``ctx.lowered``); anything else (a keyword that is no
field, a star argument, an object of no certain class) stays the call it was."""

from __future__ import annotations

from typing import Protocol, cast

import libcst as cst

from tilecheck.host import lowered_calls
from tilecheck.host.classes import ClassInfo
from tilecheck.host.context import Context
from tilecheck.host.dunders import receiver_path
from tilecheck.host.model import Kind, Oids, Value, flatten
from tilecheck.host.property_reads import lowered_from
from tilecheck.host.transfers import tuple_fields

TUPLE_METHOD = "_replace"  # a ``NamedTuple``'s copy method


class Analysis(Protocol):
    """The analysis state a copy is read from."""

    ctx: Context
    env: dict[str, Oids]

    def stored(self, path: str) -> Value | None: ...

    def class_of(self, oids: Oids) -> ClassInfo | None: ...

    def kinds(self, oids: Oids, kind: Kind) -> Oids: ...


def replace_args(expr: cst.Call) -> bool:
    """``replace(obj, f=v, ...)``: one positional argument, the others keywords."""
    if not expr.args or expr.args[0].keyword is not None or expr.args[0].star:
        return False
    return all(a.keyword is not None and not a.star for a in expr.args[1:])


def tuple_replace_args(expr: cst.Call) -> bool:
    """``obj._replace(f=v, ...)``: keywords only."""
    return type(expr.func) is cst.Attribute and all(
        a.keyword is not None and not a.star for a in expr.args
    )


def replaced(an: Analysis, expr: cst.Call) -> cst.Call | None:
    """The construction ``expr`` (``replace(obj, ...)`` or ``obj._replace(...)``) is, for the
    class ``obj`` certainly is here; None where that is not certain."""
    func = expr.func
    copies_tuple = type(func) is cst.Attribute and func.attr.value == TUPLE_METHOD
    source = cast(cst.Attribute, func).value if copies_tuple else expr.args[0].value
    given_args = list(expr.args if copies_tuple else expr.args[1:])
    path = receiver_path(source)
    if path is None:
        return None
    oids = flatten(an.env.get(path) or an.stored(path) or frozenset())
    info = an.class_of(oids) if oids else None
    if info is None or len(an.kinds(oids, Kind.INSTANCE)) != len(oids):
        return None
    if info.origin is not None or info.base is not None or info.name in an.env:
        return None
    key = (id(expr), info.name)
    cache = an.ctx.lowered
    if key in cache:
        return cast("cst.Call | None", cache[key])
    module = an.ctx.module
    if copies_tuple:
        fields = tuple_fields(module, info.name, an.ctx.resolver.resolve) if module else None
    else:
        fields = lowered_calls.fields(module, info.name)
    made: cst.Call | None = None
    if fields:
        given = {a.keyword.value for a in given_args if a.keyword is not None}
        if given <= set(fields):
            args = [
                *given_args,
                *(
                    cst.Arg(
                        keyword=cst.Name(f),
                        value=cst.Attribute(value=source, attr=cst.Name(f)),
                        equal=cst.AssignEqual(),
                    )
                    for f in fields
                    if f not in given
                ),
            ]
            made = lowered_from(expr, cst.Call(func=cst.Name(info.name), args=args))
    cache[key] = made
    return made
