"""The definitions a scope writes in its own code (issue 17, round 33M): a ``def`` or ``class``
at the top of a module's code or a function's body, or in a loop, branch, ``with``, ``try`` or
``match`` of it, not in a nested scope. A user writes a helper where it is needed (``if
comm.rank == 0: def log(m): ...``); calling it by its name runs that definition wherever it
was written, so long as the scope binds the name once."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TypeVar

import libcst as cst

from tilecheck.host.parameter_index import bound_names
from tilecheck.syntax.walk import children

# Statements that nest others without making a scope (where a definition may be written).
_BLOCKS = frozenset(
    {
        cst.If,
        cst.Else,
        cst.For,
        cst.While,
        cst.With,
        cst.Try,
        cst.TryStar,
        cst.ExceptHandler,
        cst.ExceptStarHandler,
        cst.Finally,
        cst.IndentedBlock,
        cst.SimpleStatementSuite,
        cst.Match,
        cst.MatchCase,
    }
)

D = TypeVar("D", cst.FunctionDef, cst.ClassDef)


def written(scope: cst.CSTNode, kind: type[D]) -> Mapping[str, D]:
    """The definitions of ``kind`` that ``scope`` (a module, or a function: its body) writes,
    by name, where the scope binds that name once (a name written twice, bound otherwise too,
    or a function's parameter, is no one definition)."""
    body: cst.CSTNode = scope.body if type(scope) is cst.FunctionDef else scope
    found = {node.name.value: node for node in _own(body) if type(node) is kind}
    if not found:
        return found
    seen: set[str] = set()
    twice: set[str] = set()
    for name in bound_names(body):
        if name in seen:
            twice.add(name)
        seen.add(name)
    if type(scope) is cst.FunctionDef:
        given: cst.Parameters = scope.params
        twice.update(p.name.value for p in (*given.posonly_params, *given.params))
        twice.update(p.name.value for p in given.kwonly_params)
        for star in (given.star_arg, given.star_kwarg):
            if type(star) is cst.Param:
                twice.add(star.name.value)
    return {name: node for name, node in found.items() if name not in twice}


def written_names(scope: cst.CSTNode, kind: type[D]) -> frozenset[str]:
    """The names of the definitions of ``kind`` ``scope`` writes, however often bound: a
    cheap first test (statements only) before ``written`` walks every binding."""
    body: cst.CSTNode = scope.body if type(scope) is cst.FunctionDef else scope
    return frozenset(node.name.value for node in _own(body) if type(node) is kind)


def _own(body: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The statements of ``body`` and of its blocks, not those of nested scopes."""
    stack: list[cst.CSTNode] = list(children(body))
    while stack:
        node = stack.pop()
        yield node
        if type(node) in _BLOCKS:
            stack.extend(children(node))
