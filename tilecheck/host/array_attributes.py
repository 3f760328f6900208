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
from tilecheck.syntax.nodes import dotted_name


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
