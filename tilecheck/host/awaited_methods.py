"""An ``async def`` method run where its coroutine is awaited (round 35O of issue 17):
``await obj.step(...)`` runs ``step``'s body there, on ``obj``, as ``await step(...)`` runs a
module function's (``tilecheck.host.coroutines``). Without it the awaited call was code the
checker does not follow: ``obj`` was given to it, and what the instance held was forgotten.
The summary is made under ``awaited_name("Cls.step")`` (``tilecheck.host.functions``), the
method's class the receiver's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import libcst as cst

from tilecheck.host.coroutines import awaited_name
from tilecheck.host.summary import Summary

if TYPE_CHECKING:
    from tilecheck.host.context import Context


class _Calls(Protocol):
    """What ``awaited_method`` asks of the analysis (``CallSites``)."""

    ctx: Context

    def receiver_class(self, owner: str) -> str | None: ...

    def is_property(self, cls: str, attr: str) -> bool: ...


def awaited_method(an: _Calls, func: cst.Attribute) -> tuple[Summary, str] | None:
    """``await obj.step(...)``, ``obj`` a name (or ``self``) of an instance of a class of the
    module whose ``step`` is an ``async def``: its summary, and the receiver."""
    owner = func.value.value if type(func.value) is cst.Name else None
    cls = an.receiver_class(owner) if owner is not None else None
    if owner is None or cls is None or an.is_property(cls, func.attr.value):
        return None
    summary = an.ctx.summary_for(awaited_name(f"{cls}.{func.attr.value}"))
    return (summary, owner) if summary is not None else None
