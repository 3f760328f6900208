"""Reading a ``@property`` of an instance of a module class runs its method: the read stands
for a call with no arguments, so the method's summary applies there as at ``obj.prop()``.

Summaries are applied at call nodes (their findings and labels point at the call); an attribute
read is none, so the read is wrapped in a ``PropertyRead``, a call node that is no part of the
module, shown wherever a finding places it as the attribute it wraps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import libcst as cst


@dataclass(frozen=True)
class PropertyRead(cst.Call):
    """``obj.prop`` read as ``obj.prop()``: its ``func`` is the attribute read."""


def property_read(expr: cst.Attribute) -> PropertyRead:
    return PropertyRead(func=expr)


def shown_node(node: cst.CSTNode) -> cst.CSTNode:
    """The node of the module a finding's node stands for (a property read: its attribute; a
    node built for a call, ``lowered_from``: the call)."""
    if isinstance(node, PropertyRead):
        return node.func
    made = _LOWERED.get(id(node))
    return made[1] if made is not None and made[0] is node else node


# nodes built for a call of the module (``tilecheck.host.transfers``), by id: each with the
# call it stands for (kept alive with it, so that the id names no other node)
_Node = TypeVar("_Node", bound=cst.CSTNode)
_LOWERED: dict[int, tuple[cst.CSTNode, cst.CSTNode]] = {}


def lowered_from(origin: cst.CSTNode, node: _Node) -> _Node:
    """``node``, built to stand for the module's ``origin``: shown at ``origin``."""
    _LOWERED[id(node)] = (node, origin)
    return node
