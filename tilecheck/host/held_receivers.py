"""A method of an object an attribute holds, called in a method (round 40E of issue 17):
``self.pool.block(i)`` where ``self.pool`` holds an object the analysis does not follow.

Unknown code given an object may change any attribute of it; given ``self.pool`` it is given
the object ``self.pool`` holds, not ``self``, and reaches ``self``'s other attributes only if
that object holds ``self`` back. A module whose methods never let their receiver out whole
(``self`` only ever written as ``self.attr``) gives no object such a back reference, so the
call forgets what the analysis knew under ``self.pool`` and keeps ``self``'s other
attributes (a partition ``__init__`` made, consumed later in the same method)."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children


def held_paths(
    index: SyntaxIndex, module: cst.Module | None, call: cst.Call, me: str | None
) -> frozenset[str] | None:
    """The attributes ``me.attr`` whose objects a call gives unknown code, where it gives it
    ``me`` only through them (``me.pool.block(me.blocks[-1])``: ``me.pool``, ``me.blocks``), in
    a module that never lets ``me`` out whole; None where it gives ``me`` itself, or a lambda."""
    if me is None or module is None or me in index.fact(module, _let_out):
        return None
    func = call.func
    given: list[cst.CSTNode] = [arg.value for arg in call.args]
    if type(func) is cst.Attribute:
        given.append(func.value)
    found: set[str] = set()
    for expr in given:
        if type(expr) is cst.Lambda or not _held(expr, me, found):
            return None
    return frozenset(found) if found else None


def _held(node: cst.CSTNode, me: str, found: set[str]) -> bool:
    """Add to ``found`` each ``me.attr`` under ``node``; False where ``me`` is named alone."""
    stack = [node]
    while stack:
        here = stack.pop()
        kind = type(here)
        if kind is cst.Attribute:
            attribute = cast(cst.Attribute, here)
            value = attribute.value
            if type(value) is cst.Name and value.value == me:
                found.add(f"{me}.{attribute.attr.value}")
                continue
        elif kind is cst.Name and cast(cst.Name, here).value == me:
            return False
        elif kind is cst.Lambda or kind is cst.FunctionDef:
            return False
        stack.extend(children(here))
    return True


def _let_out(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str]:
    """The names the module writes other than as an attribute's base, a parameter or a
    call's receiver; ``self`` (or whatever the receiver is called) among them lets it out."""
    bases: set[int] = set()
    out: set[str] = set()
    for node in index.nodes(module):
        kind = type(node)
        if kind is cst.Attribute:
            bases.add(id(cast(cst.Attribute, node).value))
        elif kind is cst.Param:
            bases.add(id(cast(cst.Param, node).name))
        elif kind is cst.Name and id(node) not in bases:
            out.add(cast(cst.Name, node).value)
    return frozenset(out)
