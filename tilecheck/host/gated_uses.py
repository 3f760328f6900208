"""Uses a method makes only where a parameter is a tensor, reported inside it (issue 17,
round 33B2).

``def __setattr__(self, name, value): if isinstance(value, tr.Tensor): print(value.to_numpy())``:
the read runs on some calls only, so ``Summary.used_at`` left it out and a conflict was shown
at the call. But the test is decided by what the call gives: a call that gives a tensor runs
the read, and the runtime refuses it there; a call that gives none uses nothing of it. So the
read is in ``used_at``: a conflict with the tensor given is reported at its own line. Only a
top-level ``if isinstance(param, tr.Tensor):`` (no ``else``) that plain lines lead to (no
``return``/``raise`` before it), a use among the first lines of its body that leave nothing,
and a use of that parameter's own tensor, at one node only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

import libcst as cst

from tilecheck.flow.cfg import Element
from tilecheck.host import api
from tilecheck.host.summary import Target
from tilecheck.syntax import exact

if TYPE_CHECKING:
    from tilecheck.host.context import Context

_LEAVING: frozenset[type[cst.CSTNode]] = frozenset({cst.Return, cst.Raise, cst.Break, cst.Continue})


class Summarizing(Protocol):
    @property
    def ctx(self) -> Context: ...

    @property
    def scope_node(self) -> cst.CSTNode | None: ...

    @property
    def maybe(self) -> int: ...

    @property
    def element(self) -> Element | None: ...

    @property
    def summarizing(self) -> tuple[str, ...]: ...

    @property
    def gated_nodes(self) -> dict[Target, cst.CSTNode]: ...


def note_gated(an: Summarizing, target: Target, node: cst.CSTNode) -> None:
    """A use of a parameter's tensor (``target``) at ``node``, which runs where the parameter
    is a tensor: kept for ``used_if``."""
    fn = an.scope_node
    if type(fn) is not cst.FunctionDef or an.maybe or an.element is None:
        return
    name = tensor_gate(fn, an.element, lambda e: an.ctx.callee(e).canonical)
    index = target[1]
    if name is not None and type(index) is int and an.summarizing[index] == name:
        an.gated_nodes[target] = node


def tensor_gate(
    fn: cst.FunctionDef, element: Element, canonical: Callable[[cst.BaseExpression], str | None]
) -> str | None:
    """The parameter whose being a tensor makes ``element`` run (``canonical``: the name an
    expression resolves to), as the module docstring says; None otherwise."""
    body = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    top = element.top
    if top >= len(body) or not all(_plain(stmt, exact.EXITS) for stmt in body[:top]):
        return None
    stmt = body[top]
    if type(stmt) is not cst.If or stmt.orelse is not None:
        return None
    if type(stmt.body) is not cst.IndentedBlock or not _leading(stmt.body, element.node):
        return None
    test = stmt.test
    if type(test) is not cst.Call or type(test.func) is not cst.Name or len(test.args) != 2:
        return None
    if test.func.value != "isinstance" or any(a.keyword or a.star for a in test.args):
        return None
    what, cls = test.args[0].value, test.args[1].value
    if type(what) is not cst.Name or canonical(cls) != api.TENSOR_TYPE:
        return None
    return what.value


def _plain(stmt: cst.BaseStatement, leaving: frozenset[type[cst.CSTNode]]) -> bool:
    return type(stmt) is cst.SimpleStatementLine and not any(type(s) in leaving for s in stmt.body)


def _leading(block: cst.IndentedBlock, node: cst.CSTNode) -> bool:
    """``node`` is a small statement of one of the block's first lines, each before it plain."""
    for line in block.body:
        if type(line) is not cst.SimpleStatementLine:
            return False
        if any(small is node for small in line.body):
            return True
        if not _plain(line, _LEAVING):
            return False
    return False


def used_if(
    use_nodes: Mapping[Target, set[tuple[cst.CSTNode, bool]]],
    gated: Mapping[Target, cst.CSTNode],
) -> tuple[tuple[Target, cst.CSTNode], ...]:
    """The parameters used at one node only, that node run where the parameter is a tensor."""
    out: list[tuple[Target, cst.CSTNode]] = []
    for target, node in gated.items():
        nodes = use_nodes.get(target, set())
        if {n for n, _ in nodes} == {node}:
            out.append((target, node))
    return tuple(out)
