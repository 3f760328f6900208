"""``mod.helper(t)`` where ``import mod`` (or ``import pkg.mod``) names a module of the checked
tree: the same function ``from mod import helper`` gives, through the same resolver
(``Context.summary_for`` resolves the dotted name as it resolves a from-imported one)."""

from __future__ import annotations

from collections.abc import Container

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.summary import Summary
from tilecheck.syntax.nodes import dotted_name, head_of


def module_function(func: cst.Attribute, ctx: Context, bound: Container[str]) -> Summary | None:
    """The summary of the function a module attribute names: its head is no name the body
    binds (``bound``) and no class (``Cls.method(obj)`` passes its receiver), and the summary
    is a function's, not a method's (a method's first parameter is its receiver)."""
    dotted = dotted_name(func)
    if dotted is None:
        return None
    head = head_of(dotted)
    if head in bound or head in ctx.classes:
        return None
    summary = ctx.summary_for(dotted)
    return summary if summary is not None and "." not in summary.name else None
