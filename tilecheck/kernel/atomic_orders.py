"""TC204 for a ``tl.unsafe.atomic_*`` call whose ``order=`` or ``scope=`` is not one of the
values cuTile's memory model has, written as a string literal.

The lowering turns the string into cuTile's ``MemoryOrder`` / ``MemoryScope`` constant when the
kernel is compiled, so it has to be known from the source: a misspelt order would otherwise
surface only as a compile error on the GPU (the interpreter runs blocks one after another and
never looks at it)."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import UNSUPPORTED_CONSTRUCT
from tilecheck.kernel.context import KernelContext
from tilecheck.kernel.lang_api import MEMORY_ORDERS, MEMORY_SCOPES
from tilecheck.kernel.lang_usage import lang_member
from tilecheck.names import LANG_UNSAFE
from tilecheck.syntax.constants import string_value

_CHOICES = {"order": MEMORY_ORDERS, "scope": MEMORY_SCOPES}


def check_atomic_orders(ctx: KernelContext) -> None:
    """TC204 where an atomic's ``order=``/``scope=`` is not a literal among its choices."""
    for site in ctx.facts.calls:
        dotted = site.dotted
        if dotted is None or ctx.is_local(dotted.partition(".")[0]):
            continue
        member = lang_member(ctx, dotted)
        if member is None or member.namespace != LANG_UNSAFE:
            continue
        if not member.name.startswith("atomic_") or not member.whole:
            continue
        for arg in site.node.args:
            if arg.keyword is not None and arg.keyword.value in _CHOICES:
                _check_value(ctx, member.shown(), arg.keyword.value, arg.value)


def _check_value(ctx: KernelContext, shown: str, keyword: str, value: cst.BaseExpression) -> None:
    choices = _CHOICES[keyword]
    text = string_value(value) if isinstance(value, cst.SimpleString) else None
    if isinstance(text, str) and text in choices:
        return
    listed = ", ".join(f'"{c}"' for c in choices)
    what = f'"{text}"' if isinstance(text, str) else "not a string literal"
    ctx.report(
        UNSUPPORTED_CONSTRUCT,
        value,
        f"{shown}'s `{keyword}=` is {what}; it takes one of {listed} written out (the "
        "compiler needs it as a constant)",
    )
