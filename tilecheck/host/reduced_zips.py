"""``functools.reduce(tr.zip, ops)`` (round 25B): with no initial value it zips the first two
ops, then the result with the next, and so on, so each op of ``ops`` is handed on once, in
order, as ``tr.zip(*ops)`` hands them on; it is read as that call (one item: ``reduce`` gives
that op back, run where the result runs, where ``tr.zip(a)`` hands it on: the same op)."""

from __future__ import annotations

import libcst as cst

from tilecheck.host import api
from tilecheck.host.context import Context


def zip_reduced(ctx: Context, call: cst.Call, made: dict[cst.Call, cst.Call]) -> cst.Call | None:
    """``tr.zip(*ops)`` for ``call``, a ``reduce(tr.zip, ops)`` of two arguments (kept in
    ``made``, one node per call); None for any other call."""
    func = call.func
    if not (
        (type(func) is cst.Name and func.value == "reduce")
        or (type(func) is cst.Attribute and func.attr.value == "reduce")
    ):
        return None
    joined = made.get(call)
    if joined is not None:
        return joined
    zipping, items = call.args
    if zipping.keyword or items.keyword or zipping.star or items.star:
        return None
    if ctx.callee(func).canonical != api.REDUCE or ctx.callee(zipping.value).canonical != api.ZIP:
        return None
    joined = call.with_changes(func=zipping.value, args=(items.with_changes(star="*"),))
    made[call] = joined
    return joined
