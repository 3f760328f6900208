"""``getattr(obj, "name")`` with a constant name is ``obj.name`` (issue 17, round 34B).

A user picks a kernel or a method by its name, written as a string: ``kernel = getattr(K,
"scale_")``, ``getattr(self, "on_step")()``, ``fn = getattr(engine, "decode")``. Python looks
the attribute up as ``obj.name`` does, so the module is analysed with each such call written as
the attribute it reads, and what follows ``K.scale_`` (a kernel's launch, a method's summary)
follows it too. Only where the call is certainly the builtin's (no binding of ``getattr`` in
the module), with two arguments, the second a string literal that is an identifier (a default,
a computed name: not rewritten). Rebuilt nodes are placed by the nodes they stand for."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.lazy_code import path_to, rebuilt_with
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.nodes import single_assignment
from tilecheck.syntax.walk import descendants

_BINDERS = (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr)


def constant_getattrs(
    module: cst.Module, source: str | None = None
) -> tuple[cst.Module, dict[cst.CSTNode, cst.CSTNode]]:
    """The module with each ``getattr(obj, "name")`` written ``obj.name``, and the rebuilt
    nodes by the source nodes they stand for."""
    if source is not None and "getattr" not in source:
        return module, {}
    calls: list[tuple[cst.Call, str | cst.Name]] = []
    bound: dict[str, int] = {}  # how often each name is bound anywhere in the module
    for node in descendants(module):
        if _shadows(node):
            return module, {}
        for name in _bound(node):
            bound[name] = bound.get(name, 0) + 1
        if type(node) is cst.Call:
            found = _constant_name(node)
            if found is not None:
                calls.append((node, found))
    constants = _constants(module, bound)
    named = [
        (call, found if isinstance(found, str) else constants[found.value])
        for call, found in calls
        if isinstance(found, str) or found.value in constants
    ]
    if not named:
        return module, {}
    replaced: dict[cst.CSTNode, cst.CSTNode] = {}
    aliases: dict[cst.CSTNode, cst.CSTNode] = {}
    for call, name in named:
        attr = cst.Name(name)
        new = cst.Attribute(value=call.args[0].value, attr=attr)
        aliases[attr] = call.args[1].value
        aliases[new] = call
        replaced[call] = new
    on_path = {id(n) for node in replaced for n in path_to(module, node) or []}
    rebuilt = rebuilt_with(module, replaced, on_path, aliases)
    return cst.ensure_type(rebuilt, cst.Module), aliases


def _constant_name(call: cst.Call) -> str | cst.Name | None:
    """``getattr(obj, "name")``: the name (``getattr(obj, NAME)``: the name ``NAME``)."""
    func, args = call.func, call.args
    if type(func) is not cst.Name or func.value != "getattr" or len(args) != 2:
        return None
    if any(a.keyword is not None or a.star for a in args):
        return None
    given = args[1].value
    if type(given) is cst.Name:
        return given
    value = string_value(given) if type(given) is cst.SimpleString else None
    return value if isinstance(value, str) and value.isidentifier() else None


def _shadows(node: cst.CSTNode) -> bool:
    """``node`` binds the name ``getattr`` (then a call of it may be anything)."""
    return "getattr" in _bound(node)


def _bound(node: cst.CSTNode) -> list[str]:
    """The names ``node`` binds (an assignment's, a loop's, a parameter, a ``def``, an import,
    a ``global``'s: all counted)."""
    kind = type(node)
    if kind in _BINDERS:
        target = node.target  # type: ignore[attr-defined]
        return [n.value for n in descendants(target) if type(n) is cst.Name]
    if kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.Param:
        return [node.name.value]  # type: ignore[attr-defined]
    if kind is cst.Global or kind is cst.Nonlocal:
        return [n.name.value for n in node.names]  # type: ignore[attr-defined]
    if kind is cst.ImportAlias:
        alias = node.asname.name if node.asname is not None else node.name  # type: ignore[attr-defined]
        return [alias.value] if type(alias) is cst.Name else []
    return []


def _constants(module: cst.Module, bound: dict[str, int]) -> dict[str, str]:
    """The module's names bound once, anywhere, by ``NAME = "ident"`` at its top level."""
    out: dict[str, str] = {}
    for stmt in module.body:
        assigned = single_assignment(stmt)
        if assigned is None:
            continue
        target, value = assigned
        if type(target) is not cst.Name or type(value) is not cst.SimpleString:
            continue
        text = string_value(value)
        if isinstance(text, str) and text.isidentifier() and bound.get(target.value) == 1:
            out[target.value] = text
    return out
