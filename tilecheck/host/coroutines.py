"""Bodies a call runs at another place than the call: an ``async def`` runs where its
coroutine is awaited (``await step(op)``: there, as a plain call runs), and a
``@contextmanager`` function whose body ends in its only ``yield`` runs whole at the ``with``
that enters it, the yielded value being what ``as`` binds (nothing of it is left for the
block's end). Their summaries are made under the names below, never a name a call looks up."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.walk import own_nodes


def awaited_name(name: str) -> str:
    """The summary name of the ``async def`` ``name`` run by ``await name(...)``."""
    return f"await {name}"


def _inside(fn: cst.FunctionDef) -> list[cst.CSTNode]:
    """The nodes of ``fn``'s body, nested scopes left out."""
    return list(own_nodes(fn.body))


def coroutine(fn: cst.FunctionDef) -> bool:
    """An ``async def`` with no decorator and no ``yield`` (no async generator)."""
    if fn.asynchronous is None or fn.decorators:
        return False
    return not any(type(n) is cst.Yield for n in _inside(fn))


def yields_last(fn: cst.FunctionDef) -> bool:
    """Its body's last statement is ``yield value`` (or a bare ``yield``), the only ``yield``
    and no ``return`` in it: entering the ``with`` runs all of it."""
    body = fn.body.body
    if not body or type(body[-1]) is not cst.SimpleStatementLine:
        return False
    last = body[-1].body
    if len(last) != 1 or type(last[0]) is not cst.Expr or type(last[0].value) is not cst.Yield:
        return False
    if type(last[0].value.value) is cst.From:
        return False
    nodes = _inside(fn)
    yields = sum(1 for n in nodes if type(n) is cst.Yield)
    return yields == 1 and not any(type(n) is cst.Return for n in nodes)
