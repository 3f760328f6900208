"""A call of a function of the module that returns another library's array on every way out
(``return np.zeros(n)``), plain or memoized (``@functools.cache``/``lru_cache``: the same
array per argument, an array all the same), is that library's array where it is given
(round 20C): for a tensor or partition parameter, TC106 as ``np.zeros(n)`` written there is.
A function with any other decorator, a generator or coroutine, one whose last statement is
no ``return`` (it may give None), or a name the module binds twice says nothing."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.syntax.walk import own_nodes

MEMOS = frozenset({"functools.cache", "functools.lru_cache"})  # same result per arguments


def memoized(fn: cst.FunctionDef, canonical: Callable[[cst.BaseExpression], str | None]) -> bool:
    """``fn``'s one decorator is ``functools.cache`` or ``lru_cache`` (called or not)."""
    if len(fn.decorators) != 1:
        return False
    dec = fn.decorators[0].decorator
    return canonical(dec.func if type(dec) is cst.Call else dec) in MEMOS


def returned_library(ctx: Context, call: cst.Call) -> str | None:
    """The library whose array ``call`` (of a function of the module, by its name) gives."""
    reads = ctx.global_reads()
    found = reads.code.functions.get(call.func.value) if reads is not None else None  # type: ignore[attr-defined]
    if found is None:
        return None
    fn = found[0]
    if fn.asynchronous is not None:
        return None
    if fn.decorators and not memoized(fn, lambda f: ctx.callee(f).canonical):
        return None
    body = fn.body.body
    last = body[-1] if body else None
    if type(last) is not cst.SimpleStatementLine or type(last.body[-1]) is not cst.Return:
        return None
    libraries: set[str | None] = set()
    for node in own_nodes(fn.body):
        kind = type(node)
        if kind is cst.Yield or kind is cst.Await:
            return None
        if kind is cst.Return:
            value = node.value  # type: ignore[attr-defined]
            libraries.add(ctx.array_library(value) if value is not None else None)
    if len(libraries) != 1:
        return None
    return libraries.pop()
