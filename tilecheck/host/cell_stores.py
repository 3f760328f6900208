"""Stores into a dict's cells by any spelling, lowered to the one item store the analysis follows
(issue 17, round 31E: the eliminator half of fresh19 MISSES.md proposal 1). ``d.update(k=v)``
and ``d.update({"k": v, key: w})`` (a statement) are ``d["k"] = v`` and ``d[key] = w``, one
store per item in the written order, where ``d`` is a name the scope binds only to dict displays
(``tilecheck.host.dict_names``, an annotated ``d: dict[...] = {}`` included): so a store over a
live Pending drops it as a name rebinding does (round 24E's ``Overwrites``: TC108 at its submit,
only where every item of the dict is kept by constant key, the cell one object on every path),
and the stored value is the cell's (a ``for p in d.values(): p.wait()`` waits it). Anything else
(a mapping given by name, ``**`` or ``*`` arguments, positional and keyword items mixed, a
receiver that may not be a dict) is left as before. Built once per statement."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.dict_names import dict_names
from tilecheck.host.property_reads import lowered_from


def update_call(node: cst.BaseSmallStatement) -> bool:
    """``name.update(...)`` as a statement (the cheap test first)."""
    if type(node) is not cst.Expr or type(node.value) is not cst.Call:
        return False
    func = node.value.func
    return (
        type(func) is cst.Attribute
        and func.attr.value == "update"
        and type(func.value) is cst.Name
        and bool(node.value.args)
    )


def updated_items(
    ctx: Context, node: cst.BaseSmallStatement, scope: cst.CSTNode | None
) -> Sequence[cst.BaseSmallStatement] | None:
    """The item stores ``d.update(...)`` stands for, or None (``update_call`` holds)."""
    call = cast(cst.Call, cast(cst.Expr, node).value)
    key = ("update", id(call))
    if key in ctx.runs:
        found = ctx.runs[key]
        return cast(cst.SimpleStatementLine, found[1]).body if found is not None else None
    made: cst.SimpleStatementLine | None = None
    receiver = cast(cst.Name, cast(cst.Attribute, call.func).value)
    pairs = _pairs(call.args)
    if pairs and scope is not None and receiver.value in dict_names(ctx.index, scope):
        made = cst.SimpleStatementLine(
            tuple(
                cst.Assign(
                    (
                        cst.AssignTarget(
                            lowered_from(
                                call,
                                cst.Subscript(receiver, (cst.SubscriptElement(cst.Index(k)),)),
                            )
                        ),
                    ),
                    v,
                )
                for k, v in pairs
            )
        )
    ctx.runs[key] = (0, made) if made is not None else None
    return made.body if made is not None else None


def _pairs(
    args: Sequence[cst.Arg],
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]] | None:
    """(key, value) in the order ``update`` stores them: all keywords, or one dict display."""
    if all(a.keyword is not None and not a.star for a in args):
        return [(cst.SimpleString(repr(cast(cst.Name, a.keyword).value)), a.value) for a in args]
    if len(args) != 1 or args[0].keyword is not None or args[0].star:
        return None
    display = args[0].value
    if type(display) is not cst.Dict:
        return None
    out: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    for element in display.elements:
        if type(element) is not cst.DictElement:
            return None  # ``**other``
        out.append((element.key, element.value))
    return out
