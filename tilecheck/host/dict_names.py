"""Names a scope binds only by plain ``name = <value>`` statements whose value is of one kind,
and by no other binding anywhere in the scope (nested scopes included: a loop, ``with`` or
handler target, a walrus, ``del``, an augmented or annotated assignment, a parameter, a
``def``, an import, a ``global`` or ``nonlocal`` of it): flags bound to ``True``/``False``/
``None`` (round 19A, ``tilecheck.host.flag_gates``), dicts (round 23D: names bound to dict
displays and comprehensions only, so that ``for k in d`` walks ``d``'s keys), lists bound to
``[]`` (``tilecheck.host.last_items``) and calls that may build a dict record (round 32D,
``tilecheck.host.records``). One walk of the scope answers all four."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.records import record_call
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import target_names

_CONSTANTS = frozenset({"True", "False", "None"})


_FLAG, _DICT, _LIST, _RECORD, _OTHER = range(5)
_BINDERS = frozenset(
    {
        cst.Assign,
        cst.AnnAssign,
        cst.AugAssign,
        cst.For,
        cst.CompFor,
        cst.NamedExpr,
        cst.Del,
        cst.Global,
        cst.Nonlocal,
        cst.FunctionDef,
        cst.ClassDef,
        cst.Param,
        cst.WithItem,
        cst.ExceptHandler,
        cst.ExceptStarHandler,
        cst.Import,
        cst.ImportFrom,
        cst.MatchAs,
        cst.MatchStar,
        cst.MatchMapping,
    }
)


def literal_flags(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names ``scope`` binds only by ``name = True`` (``False``, ``None``) statements."""
    return index.fact(scope, _bound)[_FLAG]


def dict_names(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names ``scope`` binds only by ``name = {...}`` (a dict display or comprehension)."""
    return index.fact(scope, _bound)[_DICT]


def list_names(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names ``scope`` binds only by ``name = []``."""
    return index.fact(scope, _bound)[_LIST]


def record_names(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names ``scope`` binds only by ``name = f(k=v, ...)`` (``records.record_call``: a
    call that may build a dict record; whether it does is known only where it is evaluated)."""
    return index.fact(scope, _bound)[_RECORD]


def _kind(value: cst.BaseExpression) -> int:
    kind = type(value)
    if kind is cst.Name:
        return _FLAG if value.value in _CONSTANTS else _OTHER  # type: ignore[attr-defined]
    if kind is cst.Dict or kind is cst.DictComp:
        return _DICT
    if kind is cst.List and not value.elements:  # type: ignore[attr-defined]
        return _LIST
    if kind is cst.Call and record_call(value):
        return _RECORD
    return _OTHER


def _bound(index: SyntaxIndex, scope: cst.CSTNode) -> tuple[frozenset[str], ...]:
    """The names ``scope`` binds only by plain assignments of values of one kind (a flag, a
    dict, an empty list), one walk for all three, by kind."""
    kinds: dict[str, int] = {}
    other: set[str] = set()
    for node in index.nodes(scope):
        if type(node) not in _BINDERS:
            continue
        if type(node) is cst.Assign:
            kind = _kind(node.value)
            for target in node.targets:
                if kind != _OTHER and type(target.target) is cst.Name:
                    name = target.target.value
                    if kinds.setdefault(name, kind) != kind:
                        other.add(name)
                else:
                    other.update(target_names(target.target))
        elif type(node) is cst.AnnAssign and type(node.target) is cst.Name and node.value:
            kind = _kind(node.value)  # ``d: dict[str, T] = {}`` binds as ``d = {}`` does
            if kind == _OTHER or kinds.setdefault(node.target.value, kind) != kind:
                other.add(node.target.value)
        elif _merged(node):
            continue  # ``d |= {"k": v}``: a dict stays one (``overwrites``: item stores)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            other.update(target_names(node.target))
        elif isinstance(node, (cst.For, cst.CompFor)):
            other.update(target_names(node.target))
        elif type(node) is cst.NamedExpr:
            other.update(target_names(node.target))
        elif type(node) is cst.Del:
            other.update(target_names(node.target))
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            other.update(item.name.value for item in node.names)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Param)):
            other.add(node.name.value)
        elif type(node) is cst.WithItem:
            if node.asname is not None:
                other.update(target_names(node.asname.name))
        elif isinstance(node, (cst.ExceptHandler, cst.ExceptStarHandler)):
            if node.name is not None:
                other.update(target_names(node.name.name))
        elif isinstance(node, (cst.Import, cst.ImportFrom)):
            other.update(_imported(node))
        elif isinstance(node, (cst.MatchAs, cst.MatchStar, cst.MatchMapping)):
            other.update(_match_names(node))
    if "*" in other:  # ``from m import *`` may bind any name
        return (frozenset(),) * 4
    out: tuple[set[str], ...] = (set(), set(), set(), set())
    for name, kind in kinds.items():
        if name not in other:
            out[kind].add(name)
    return tuple(frozenset(names) for names in out)


def _merged(node: cst.CSTNode) -> bool:
    """``name |= {...}``: a dict display merged into a name."""
    return (
        type(node) is cst.AugAssign
        and type(node.operator) is cst.BitOrAssign
        and type(node.target) is cst.Name
        and type(node.value) is cst.Dict
    )


def _imported(node: cst.Import | cst.ImportFrom) -> set[str]:
    if isinstance(node.names, cst.ImportStar):
        return {"*"}
    out: set[str] = set()
    for alias in node.names:
        bound = alias.asname.name if alias.asname else alias.name
        if type(bound) is cst.Name:
            out.add(bound.value)
        elif type(bound) is cst.Attribute:
            out.add(cst.Module([]).code_for_node(bound).split(".")[0])
    return out


def _match_names(node: cst.MatchAs | cst.MatchStar | cst.MatchMapping) -> set[str]:
    if isinstance(node, cst.MatchMapping):
        return {node.rest.value} if node.rest is not None else set()
    if node.name is None:
        return set()
    return {node.name.value}
