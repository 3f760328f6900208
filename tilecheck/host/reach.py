"""Which attributes of its receiver a method may reach, read from its syntax: ``self.tiles``
named anywhere in its body. A method that hands ``self`` on (``helper(self)``,
``self.other()``) may reach any. What it reaches it may have consumed or replaced, so the
caller stops tracking the partitions kept there (no TC104 or TC109 it cannot be sure of)."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.syntax.walk import children

# Builtins that look at an object's type or identity and run none of its code (``type(self)``,
# ``isinstance(self, C)``, ``id(self)``): ``self`` given to them reaches nothing (round 28G).
_LOOKING = frozenset({"type", "id", "isinstance"})


def reached_attributes(
    fn: cst.FunctionDef, me: str, builtin: Callable[[cst.BaseExpression], bool] | None = None
) -> frozenset[str] | None:
    """The attributes of ``me`` that ``fn`` names; None when it may reach any. ``builtin``
    says whether a callee named ``type``, ``id`` or ``isinstance`` is that builtin."""
    found: set[str] = set()
    named: set[int] = set()  # the ``self`` of each ``self.attr`` seen
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        # by exact type: libcst's classes are ABCs, and ``isinstance`` is slow on this walk
        if type(node) is cst.Call and type(node.func) is cst.Attribute:
            if type(node.func.value) is cst.Name and node.func.value.value == me:
                return None  # ``self.other()``: whatever that one reaches
        elif (
            type(node) is cst.Call
            and type(node.func) is cst.Name
            and node.func.value in _LOOKING
            and builtin is not None
            and _looks_at(node, me, builtin)
        ):
            named.add(id(node.args[0].value))  # ``type(self)``: nothing of it runs
        if type(node) is cst.Attribute and type(node.value) is cst.Name:
            if node.value.value == me:
                found.add(node.attr.value)
                named.add(id(node.value))
        elif type(node) is cst.Name and node.value == me and id(node) not in named:
            return None  # ``self`` itself, given on
        stack.extend(children(node))  # a parent before its children: ``self.x`` first
    return frozenset(found)


def _looks_at(call: cst.Call, me: str, builtin: Callable[[cst.BaseExpression], bool]) -> bool:
    """``type(self)``, ``id(self)``, ``isinstance(self, ...)`` of the builtin."""
    func, args = call.func, call.args
    return (
        type(func) is cst.Name
        and func.value in _LOOKING
        and bool(args)
        and type(args[0].value) is cst.Name
        and args[0].value.value == me
        and not args[0].star
        and args[0].keyword is None
        and builtin(func)
    )
