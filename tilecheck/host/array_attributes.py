"""Attributes that hold another library's array (round 22L): ``self.host = np.zeros(n)`` in
``__init__`` (or ``__post_init__``, or any method), where every assignment of the attribute in
the class and the module's classes related to it gives an array of one library, and no other
statement of the module stores into an attribute of that name. A method that passes
``self.host`` for a kernel's Mutable parameter passes that array, TC106 as ``np.zeros(n)``
written there is. A name the class body declares (a dataclass field the constructor sets
from its arguments, a class attribute) is given what the caller passes: not followed, unless
it is ``field(init=False)`` (no argument sets it)."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.host.api import ARRAY_LIBRARIES
from tilecheck.names import NameResolver
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name, flat_targets, store_targets


def array_call(value: cst.BaseExpression | None, resolver: NameResolver) -> str | None:
    """The library whose array the call ``value`` makes (``np.zeros(n)``: ``numpy``)."""
    if type(value) is not cst.Call:
        return None
    dotted = dotted_name(value.func)
    head = (resolver.resolve(dotted) or "").split(".")[0] if dotted is not None else ""
    return head if head in ARRAY_LIBRARIES else None


def declared_arrays(arrays: Mapping[str, str], lineage: tuple[cst.ClassDef, ...]) -> dict[str, str]:
    """Those of ``arrays`` no class of ``lineage`` declares in its body but as a field no
    argument sets (``host: np.ndarray = field(init=False)``)."""
    declared: set[str] = set()
    for cls in lineage:
        for stmt in cls.body.body:
            if type(stmt) is not cst.SimpleStatementLine:
                continue
            for small in stmt.body:
                if type(small) is cst.AnnAssign and type(small.target) is cst.Name:
                    if not _set_by_no_argument(small.value):
                        declared.add(small.target.value)
                elif type(small) is cst.Assign:
                    for target in small.targets:
                        declared.update(_names(target.target))
    return {a: lib for a, lib in arrays.items() if a not in declared}


def _set_by_no_argument(value: cst.BaseExpression | None) -> bool:
    """``field(init=False)`` (``dataclasses.field``), with no default."""
    if type(value) is not cst.Call:
        return False
    dotted = dotted_name(value.func)
    if dotted is None or dotted.split(".")[-1] != "field":
        return False
    keywords = {a.keyword.value: a.value for a in value.args if a.keyword is not None}
    flag = keywords.get("init")
    return (
        len(keywords) == len(value.args) == 1 and type(flag) is cst.Name and flag.value == "False"
    )


def _names(target: cst.BaseExpression) -> set[str]:
    if type(target) is cst.Name:
        return {target.value}
    if type(target) in (cst.Tuple, cst.List):
        found: set[str] = set()
        for element in target.elements:  # type: ignore[attr-defined]
            found |= _names(element.value)
        return found
    return set()


# Names through which code may set any field (round 29N2): by a string, or a copy with changes.
_SETTERS = frozenset({"setattr", "vars", "__dict__", "replace", "__setattr__"})


def factory_arrays(
    cls: cst.ClassDef, resolver: NameResolver, index: SyntaxIndex, module: cst.Module
) -> dict[str, str]:
    """A ``@dataclass``'s fields ``out: T = field(default_factory=lambda: np.zeros(n))`` that
    every construction leaves to the factory (round 29N2): the class has no base, is named in
    the module only as the callee of calls that pass no argument reaching the field (fewer
    positional arguments than the fields before it, no keyword of its name, no ``*``/``**``),
    and nothing else stores into an attribute of that name, so its value is the factory's
    array wherever a method reads it."""
    if cls.bases or not any(_is_dataclass(d.decorator) for d in cls.decorators):
        return {}
    fields: list[str] = []
    made: dict[str, tuple[int, str]] = {}  # field -> (its position, the library)
    for stmt in cls.body.body:
        if type(stmt) is cst.FunctionDef or type(stmt) is cst.ClassDef:
            continue
        if type(stmt) is not cst.SimpleStatementLine:
            return {}
        for small in stmt.body:
            if type(small) is not cst.AnnAssign:
                continue
            if type(small.target) is not cst.Name or _unusual(small):
                return {}
            library = array_call(_factory_body(small.value), resolver)
            if library is not None:
                made[small.target.value] = (len(fields), library)
            fields.append(small.target.value)
    if not made:
        return {}
    name, calls, named = cls.name.value, 0, 0
    for node in index.nodes(module):
        kind = type(node)
        if kind is cst.Name:
            value = node.value  # type: ignore[attr-defined]
            if value in _SETTERS:
                return {}
            named += value == name
        elif kind is cst.Call and type(node.func) is cst.Name and node.func.value == name:  # type: ignore[attr-defined]
            calls += 1
            args = node.args  # type: ignore[attr-defined]
            if any(a.star for a in args):
                return {}
            at = sum(1 for a in args if a.keyword is None)  # positions given
            named_args = {a.keyword.value for a in args if a.keyword is not None}
            made = {f: m for f, m in made.items() if f not in named_args and at <= m[0]}
        else:
            for target in store_targets(node):
                for flat in flat_targets(target):
                    if type(flat) is cst.Attribute and flat.attr.value in made:
                        del made[flat.attr.value]
    if not calls or named != calls + 1:  # the class's own name, and each call's callee
        return {}
    return {f: library for f, (_, library) in made.items()}


def _is_dataclass(decorator: cst.BaseExpression) -> bool:
    dotted = dotted_name(decorator.func if type(decorator) is cst.Call else decorator)
    return dotted in ("dataclass", "dataclasses.dataclass")


def _unusual(small: cst.AnnAssign) -> bool:
    """A field that may not take the next position of ``__init__`` (``ClassVar``,
    ``InitVar``, ``KW_ONLY``, ``field(init=False)`` or ``kw_only=``), or no field at all."""
    text = dotted_name(small.annotation.annotation) or ""
    if text.split(".")[-1] in ("ClassVar", "InitVar", "KW_ONLY"):
        return True
    if type(small.annotation.annotation) is cst.Subscript:
        head = dotted_name(small.annotation.annotation.value) or ""
        if head.split(".")[-1] in ("ClassVar", "InitVar"):
            return True
    value = small.value
    if type(value) is cst.Call and _is_field(value):
        return any(a.keyword is None or a.keyword.value in ("init", "kw_only") for a in value.args)
    return False


def _is_field(call: cst.Call) -> bool:
    return dotted_name(call.func) in ("field", "dataclasses.field")


def _factory_body(value: cst.BaseExpression | None) -> cst.BaseExpression | None:
    """``field(default_factory=lambda: E)``: ``E``."""
    if type(value) is not cst.Call or not _is_field(value):
        return None
    for arg in value.args:
        if arg.keyword is not None and arg.keyword.value == "default_factory":
            given = arg.value
            if type(given) is cst.Lambda and not _has_params(given):
                return given.body
    return None


def _has_params(fn: cst.Lambda) -> bool:
    p = fn.params
    return bool(p.params or p.posonly_params or p.kwonly_params or p.star_kwarg)
