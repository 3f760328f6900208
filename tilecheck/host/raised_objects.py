"""An instance of the module's class raised and caught in the same function (round 34E).

``raise Busy(plan, src)`` inside a ``try`` whose handler ``except Busy as err`` (or one naming
a module base of the class) is the first to match it: the construction keeps its fields as a
bound one does (``tilecheck.host.object_graphs``), the instance is bound to a key of that
handler (its fields kept under it, as a name's), and the handler's ``err`` is bound to it,
the fields moved there (``err.plan``, ``err.src``: the caller's partition and tensor, still
alive or in flight). Where the first handler that may match names something else (another
library's exception class may be a base of it; ``except Exception as e`` is mostly followed
by an ``isinstance`` test the analysis does not decide), or the raise leaves the function,
nothing changes: the construction gives its arguments away as before."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.classes import ClassInfo
from tilecheck.host.context import Context
from tilecheck.host.model import NOTHING, Oids, Value, flatten
from tilecheck.syntax.index import SyntaxIndex

_KEY = " raised@"  # (no name a user writes)
_DEFS = (cst.FunctionDef, cst.ClassDef)


class Raising(Protocol):
    ctx: Context
    env: Mapping[str, Oids]
    scope_node: cst.FunctionDef | None
    module_node: cst.Module | None

    def set_env(self, name: str, oids: Oids | None) -> None: ...
    def bind_name(self, name: str, value: Value) -> None: ...
    def class_of(self, oids: Oids) -> ClassInfo | None: ...
    def take_fields(self, key: str, instance: int | None) -> None: ...


def handler_of(an: Raising, raise_: cst.Raise, classes: Mapping[str, ClassInfo]) -> int | None:
    """The handler (its id) of this function that certainly catches ``raise Cls(...)`` of a
    module class, where it binds the exception to a name; None otherwise."""
    exc = raise_.exc
    if type(exc) is not cst.Call or type(exc.func) is not cst.Name:
        return None
    info = classes.get(exc.func.value)
    scope = an.scope_node or an.module_node
    if info is None or scope is None:
        return None
    index = an.ctx.index
    names = _lineage(info, classes)
    for tried in index.fact(scope, _enclosing).get(id(raise_), ()):
        for handler in tried.handlers:
            caught = _caught(handler)
            if caught is None:
                return None  # (a bare ``except:``, a tuple, a dotted or called type)
            if caught in names:
                return id(handler) if handler.name is not None else None
            if caught not in classes:
                return None  # another library's class: it may be a base
    return None


def raised(an: Raising, raise_: cst.Raise, value: Value, classes: Mapping[str, ClassInfo]) -> None:
    """After ``raise x`` is evaluated: the instance waits for its handler."""
    handler = handler_of(an, raise_, classes)
    oids = flatten(value)
    if handler is not None and len(oids) == 1 and an.class_of(oids) is not None:
        an.bind_name(f"{_KEY}{handler}", oids)


def caught(an: Raising, handler: cst.ExceptHandler | cst.ExceptStarHandler) -> Value:
    """``except Cls as e``: the instance raised to this handler (nothing where none was);
    what waits for any other handler is gone on this path."""
    keys = [k for k in an.env if k.startswith(_KEY)]
    if not keys:
        return NOTHING
    mine = f"{_KEY}{id(handler)}"
    found = an.env.get(mine, NOTHING)
    for key in keys:
        an.take_fields(key, next(iter(found)) if key == mine and len(found) == 1 else None)
    return found


def _lineage(info: ClassInfo, classes: Mapping[str, ClassInfo]) -> frozenset[str]:
    """The class's name and its module bases' (first bases, as ``ClassInfo.base`` gives)."""
    names = {info.name}
    base = info.base
    while base is not None and base not in names and base in classes:
        names.add(base)
        base = classes[base].base
    return frozenset(names)


def _caught(handler: cst.ExceptHandler) -> str | None:
    kind = handler.type
    return kind.value if type(kind) is cst.Name else None


def _enclosing(index: SyntaxIndex, scope: cst.CSTNode) -> dict[int, tuple[cst.Try, ...]]:
    """Each ``raise`` of the scope (not of nested definitions) by id, with the ``try``
    statements whose body holds it, innermost first."""
    found: dict[int, tuple[cst.Try, ...]] = {}
    if isinstance(scope, cst.Module):
        statements: tuple[cst.CSTNode, ...] = tuple(scope.body)
    elif isinstance(scope, cst.FunctionDef):
        statements = (scope.body,)
    else:
        return found
    for statement in statements:
        for node, trys in _walk(statement, ()):
            found[id(node)] = trys
    return found


def _walk(
    node: cst.CSTNode, trys: tuple[cst.Try, ...]
) -> Iterator[tuple[cst.Raise, tuple[cst.Try, ...]]]:
    if type(node) is cst.Raise:
        yield node, trys
        return
    if isinstance(node, _DEFS) or isinstance(node, cst.BaseExpression):
        return
    if type(node) is cst.Try:
        yield from _walk(node.body, (node, *trys))
        for part in (*node.handlers, node.orelse, node.finalbody):
            if part is not None:
                yield from _walk(part, trys)
        return
    for child in node.children:
        yield from _walk(child, trys)
