"""Reading a ``@property`` of an instance of a module class runs its method: the read stands
for a call with no arguments, so the method's summary applies there as at ``obj.prop()``.

Summaries are applied at call nodes (their findings and labels point at the call); an attribute
read is none, so the read is wrapped in a ``PropertyRead``, a call node that is no part of the
module, shown wherever a finding places it as the attribute it wraps."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst


@dataclass(frozen=True)
class PropertyRead(cst.Call):
    """``obj.prop`` read as ``obj.prop()``: its ``func`` is the attribute read."""


def property_read(expr: cst.Attribute) -> PropertyRead:
    return PropertyRead(func=expr)


def shown_node(node: cst.CSTNode) -> cst.CSTNode:
    """The node of the module a finding's node stands for (a property read: its attribute)."""
    return node.func if isinstance(node, PropertyRead) else node
