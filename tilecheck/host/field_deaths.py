"""An object's death drops the ops kept in its fields (round 30O of issue 17).

Round 28L made what ``__init__`` keeps in an attribute the caller's (``owed``: TC105/TC108 where
``__init__`` made it, when the instance dies holding it) only where no code of the module reads
the attribute at all. An op ``__init__`` makes that one of the class's own methods runs
(``self.op.sync()`` in ``fire``) was given up at the construction, so an instance dying unfired
(``probe = Probe(x)`` in a function, ``fire`` never called, or called under a flag that is
false) was silent. The attribute is the caller's now too where the module reads it only as
``self.attr`` in methods of its classes: then nothing reaches the op but a method called on the
instance (whose summary releases what it names: ``attribute_partitions_reached``) or code the
instance is given to (the owed mechanism's escapes: a container, a second name, an unknown call,
a ``return``, a closure), and both take it away as before.

Gates (soundness: a maybe stays silent): a plain kernel op (no Pending or chained op: a method
may hand those back), kept by ``__init__`` on every path (``Summary.stores``, one kernel call);
an instance made in a function body and held by its name alone (``Receivers._owing``); a class
of the module whose lineage (the class and its module bases) has no decorator, no base from
elsewhere, no property and no method Python may run unwritten (any ``__dunder__`` but
``__init__``: ``__del__``, ``__exit__``, ``__call__`` ...); a module that reads no attribute
by name (``getattr``, ``vars``, ``attrgetter``...: ``attribute_stores.attribute_use``)."""

from __future__ import annotations

from typing import Protocol, cast

import libcst as cst

from tilecheck.host.attribute_stores import attribute_use
from tilecheck.host.classes import ClassInfo
from tilecheck.host.context import Context
from tilecheck.host.model import Kind
from tilecheck.host.summary import Summary
from tilecheck.host.unread_stores import Storing, never_read
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children


class Owing(Storing, Protocol):
    """What of the analysis (``tilecheck.host.receivers.Receivers``) this reads."""

    @property
    def scope_node(self) -> cst.FunctionDef | None: ...


def outside_reads(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str] | None:
    """The attribute names the module reads other than as ``self.x`` in a method of one of its
    classes (``self``: the method's first parameter), or names in a string; None where it may
    read any by name."""
    read: set[str] = set()
    stored: set[int] = set()
    stack: list[tuple[cst.CSTNode, str | None]] = [(module, None)]
    while stack:
        node, me = stack.pop()
        kind = type(node)
        if kind is cst.ClassDef:
            for stmt in cast(cst.ClassDef, node).body.body:
                first = _first_parameter(stmt) if type(stmt) is cst.FunctionDef else None
                stack.append((stmt, first))
            for part in children(node):
                if part is not cast(cst.ClassDef, node).body:
                    stack.append((part, None))
            continue
        if kind is cst.Expr and me is not None and _runs_own(cast(cst.Expr, node), me):
            continue  # ``self.op.sync()``: the method's summary releases it
        if not attribute_use(node, stored, read):
            return None
        stack.extend((child, me) for child in children(node))
    return frozenset(read)


def _runs_own(stmt: cst.Expr, me: str) -> bool:
    """``self.op.sync()`` as a statement, ``self`` the method's receiver."""
    call = stmt.value
    if type(call) is not cst.Call or call.args or type(call.func) is not cst.Attribute:
        return False
    held = call.func.value
    return (
        call.func.attr.value == "sync"
        and type(held) is cst.Attribute
        and type(held.value) is cst.Name
        and held.value.value == me
    )


def _first_parameter(fn: cst.FunctionDef) -> str | None:
    """A plain method's receiver name (none for a decorated one: a static or class method)."""
    if fn.decorators:
        return None
    params = (*fn.params.posonly_params, *fn.params.params)
    return params[0].name.value if params else None


def plain_lineage(module: cst.Module, name: str) -> bool:
    """The class ``name`` and its module bases have no decorator, no base from elsewhere, no
    ``@property`` and no dunder but ``__init__``: no code of theirs runs but what a call
    names."""
    defs = {s.name.value: s for s in module.body if type(s) is cst.ClassDef}
    seen: set[str] = set()
    current: str | None = name
    while current is not None and current not in seen:
        seen.add(current)
        cls = defs.get(current)
        if cls is None or cls.decorators or len(cls.bases) > 1 or cls.keywords:
            return False
        following: str | None = None
        if cls.bases:
            base = cls.bases[0].value
            if type(base) is not cst.Name or (base.value not in defs and base.value != "object"):
                return False
            following = base.value if base.value in defs else None
        for stmt in cls.body.body:
            if type(stmt) is cst.FunctionDef:
                method = stmt.name.value
                if (method.startswith("__") and method != "__init__") or stmt.decorators:
                    return False
            elif type(stmt) is not cst.SimpleStatementLine:
                return False
        current = following
    return True


def dying_fields(ctx: Context, cls: str, summary: Summary) -> frozenset[str]:
    """The attributes ``__init__`` (``summary``) keeps a plain kernel op in that only the
    class's own methods read, where the lineage runs no code unwritten: the caller's."""
    module = ctx.module
    if module is None:
        return frozenset()
    ops = [
        attr for attr, result in summary.stores if result.kind is Kind.OP and len(result.sites) == 1
    ]
    if not ops or not plain_lineage(module, cls):
        return frozenset()
    read = ctx.index.fact(module, outside_reads)
    return frozenset() if read is None else frozenset(ops).difference(read)


def owed_fields(an: Owing, info: ClassInfo, summary: Summary) -> frozenset[str]:
    """What ``__init__`` keeps that the caller owes: attributes no code reads (round 28L's
    ``never_read``) and, in a function, those ``dying_fields`` names."""
    unread = never_read(an, summary)
    if an.scope_node is not None and info.origin is None:
        unread |= dying_fields(an.ctx, info.name, summary)
    return unread
