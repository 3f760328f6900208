"""Partitions a method keeps in a dict attribute, carried to its caller (round 35O of issue
17)::

    def __init__(self) -> None:
        self.parts = {}

    def prepare(self) -> None:
        self.parts["out"] = self.out.partition((128,))

    def summary(self) -> str:
        return str(self.out.to_numpy().mean())  # TC104 after ``layer.prepare()``

A summary kept what a method leaves in its receiver's attributes (``Summary.stores``), but not
what it stores into an item of one: the attribute was no container the method's analysis
knew, the partition was given up there, and the caller's later read of ``layer.out`` while the
partition lives in ``layer.parts`` was not checked. Now a method enters with such a dict as a
container holding nothing it follows (``dict_entry``), so what it stores there stays followed
to its exit, and its summary says which live partitions it left there
(``("parts[*]", ...)``, ``keyed_stores``). The caller keeps them under ``layer.parts[*]``: a
later call of a method that names ``parts`` (the one that pops and launches them) takes them,
as it takes a partition kept in a plain attribute (``CallSites.attribute_partitions_reached``);
a use of their tensor before that is TC104.

Only for a dict ``__init__`` binds empty at its top level, that the module binds nowhere else
and names nowhere but as ``self.X`` inside its classes' methods (read from its syntax,
``keyed_dicts``): the caller never reaches the dict itself, so only the class's methods change
what it holds, and each of them that names it takes what the caller kept there. A method
calling another of its own class (``self.prepare()``) keeps nothing this way
(``AttributeCells.attribute_effects``): its own analysis holds the dict as it does."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Protocol

import libcst as cst

from tilecheck.host.classes import ClassInfo
from tilecheck.host.model import NOTHING, Kind, ObjInfo, Oids, State
from tilecheck.host.summary import Result
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import empty_dict, flat_targets, store_targets
from tilecheck.syntax.walk import children

if TYPE_CHECKING:
    from tilecheck.host.context import Context


class _Summarized(Protocol):
    """What ``keyed_stores`` reads of a method's analysis (``Interprocedural``)."""

    me: str | None
    method_of: ClassInfo | None
    ctx: Context
    infos: list[ObjInfo]

    def result(self, value: Oids) -> Result: ...


def self_only(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str]:
    """The attribute names the module mentions only as ``self.X`` (the first parameter of a
    method of a top-level class, that method's own), nowhere else."""
    if type(module) is not cst.Module:
        return frozenset()
    good: set[str] = set()
    bad: set[str] = set()
    stack: list[tuple[cst.CSTNode, str | None]] = [(module, None)]
    while stack:
        node, me = stack.pop()
        kind = type(node)
        if kind is cst.Attribute:
            attr = node.attr.value  # type: ignore[attr-defined]
            value = node.value  # type: ignore[attr-defined]
            if type(value) is cst.Name and me is not None and value.value == me:
                good.add(attr)
            else:
                bad.add(attr)
        elif kind is cst.Name and node.value in ("setattr", "getattr", "vars", "__dict__"):  # type: ignore[attr-defined]
            return frozenset()
        inner = me
        if kind is cst.FunctionDef:
            inner = _method_self(node, me)  # type: ignore[arg-type]
        elif kind is cst.ClassDef:
            inner = "" if me is None and node in module.body else None
        elif kind is cst.Lambda:
            inner = None
        stack.extend((child, inner) for child in children(node))
    return frozenset(good - bad)


def _method_self(fn: cst.FunctionDef, me: str | None) -> str | None:
    """Inside a top-level class's body (``me`` empty): the method's first parameter; in a
    function nested anywhere else: none (its ``self`` may be anything)."""
    if me != "" or fn.decorators:
        return None
    params = (*fn.params.posonly_params, *fn.params.params)
    return params[0].name.value if params else None


def keyed_dicts(index: SyntaxIndex, module: cst.CSTNode) -> Mapping[str, frozenset[str]]:
    """Each top-level class's dict attributes ``__init__`` binds to an empty dict (``{}``,
    ``dict()``) at its top level, which the module binds nowhere else, names only as
    ``self.X`` (``self_only``) and stores nothing into but partitions (``d[k] =
    x.partition(...)``: a dict of Pendings keeps its own facts), by class."""
    if type(module) is not cst.Module:
        return {}
    only = index.fact(module, self_only)
    made: dict[str, str] = {}
    bound: dict[str, int] = {}
    parts: dict[str, bool] = {}  # attribute -> whether every item stored is a partition
    for node in _walk(module):
        for target in (t for top in store_targets(node) for t in flat_targets(top)):
            if type(target) is cst.StarredElement:
                target = target.value
            if type(target) is cst.Attribute:
                bound[target.attr.value] = bound.get(target.attr.value, 0) + 1
            elif type(target) is cst.Subscript and type(target.value) is cst.Attribute:
                attr = target.value.attr.value
                parts[attr] = parts.get(attr, True) and _partition(node)
    for stmt in module.body:
        if type(stmt) is not cst.ClassDef:
            continue
        for small in _init_lines(stmt):
            value = small.value
            target = small.targets[0].target if type(small) is cst.Assign else small.target  # type: ignore[union-attr]
            if type(target) is cst.Attribute and empty_dict(value):
                made[target.attr.value] = stmt.name.value
    out: dict[str, set[str]] = {}
    for attr, cls in made.items():
        if attr in only and bound.get(attr) == 1 and parts.get(attr, False):
            out.setdefault(cls, set()).add(attr)
    return {cls: frozenset(attrs) for cls, attrs in out.items()}


def _partition(node: cst.CSTNode) -> bool:
    """``d[k] = x.partition(...)``."""
    value = node.value if type(node) is cst.Assign else None
    func = value.func if type(value) is cst.Call else None
    return type(func) is cst.Attribute and func.attr.value == "partition"


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(children(node))


def _init_lines(cls: cst.ClassDef) -> Iterator[cst.Assign | cst.AnnAssign]:
    """The one-target assignments at the top level of the class's ``__init__``."""
    for stmt in cls.body.body:
        if type(stmt) is not cst.FunctionDef or stmt.name.value != "__init__":
            continue
        if stmt.decorators or type(stmt.body) is not cst.IndentedBlock:
            continue
        for line in stmt.body.body:
            if type(line) is not cst.SimpleStatementLine:
                continue
            for small in line.body:
                if type(small) is cst.Assign and len(small.targets) == 1:
                    yield small
                elif type(small) is cst.AnnAssign and small.value is not None:
                    yield small


def keyed_stores(
    analysis: _Summarized, entry: dict[str, Oids], end: State | None
) -> tuple[tuple[str, Result], ...]:
    """The partitions the method leaves in its receiver's dict attributes (``keyed_dicts``),
    new since its entry: ``("parts[*]", result)``."""
    me, info, module = analysis.me, analysis.method_of, analysis.ctx.module
    if me is None or end is None or module is None or info is None:
        return ()
    out: list[tuple[str, Result]] = []
    for attr in sorted(analysis.ctx.index.fact(module, keyed_dicts).get(info.name, ())):
        path = f"{me}.{attr}[*]"
        now = end.env.get(path, NOTHING) - entry.get(path, NOTHING)
        parts = frozenset(o for o in now if analysis.infos[o].kind is Kind.PARTITION)
        if not parts or parts != now:
            continue
        result = analysis.result(parts)
        if result.kind is Kind.PARTITION:
            out.append((f"{attr}[*]", result))
    return tuple(out)


def dict_entry(ctx: Context, me: str, cls: str) -> dict[str, Oids]:
    """A method's entry: each such dict attribute a container of nothing the caller follows
    (``self.parts[*]``), so what the method stores into it stays followed to its exit."""
    module = ctx.module
    if module is None or (not ctx.mentions("{}") and not ctx.mentions("dict()")):
        return {}
    attrs = ctx.index.fact(module, keyed_dicts).get(cls, ())
    return {f"{me}.{attr}[*]": NOTHING for attr in attrs}
