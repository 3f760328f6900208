"""Which attributes of its receiver a method may reach, read from its syntax: ``self.tiles``
named anywhere in its body. A method that hands ``self`` on (``helper(self)``,
``self.other()``) may reach any. What it reaches it may have consumed or replaced, so the
caller stops tracking the partitions kept there (no TC104 or TC109 it cannot be sure of)."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.walk import children


def reached_attributes(fn: cst.FunctionDef, me: str) -> frozenset[str] | None:
    """The attributes of ``me`` that ``fn`` names; None when it may reach any."""
    found: set[str] = set()
    named: set[int] = set()  # the ``self`` of each ``self.attr`` seen
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        # by exact type: libcst's classes are ABCs, and ``isinstance`` is slow on this walk
        if type(node) is cst.Call and type(node.func) is cst.Attribute:
            if type(node.func.value) is cst.Name and node.func.value.value == me:
                return None  # ``self.other()``: whatever that one reaches
        if type(node) is cst.Attribute and type(node.value) is cst.Name:
            if node.value.value == me:
                found.add(node.attr.value)
                named.add(id(node.value))
        elif type(node) is cst.Name and node.value == me and id(node) not in named:
            return None  # ``self`` itself, given on
        stack.extend(children(node))  # a parent before its children: ``self.x`` first
    return frozenset(found)
