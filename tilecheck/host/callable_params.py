"""A parameter every call gives the same function of the module is that function (round 36D
of issue 17).

A helper takes a callback and calls it: ``def step(t, on_launch): ...; on_launch(); ...`` and
``step(w, report)``. Where every call of the helper the module makes gives that parameter the
same function of the module (by name, or through the same parameter of the function the call
lies in, itself always given one), the parameter is that function on every run of the body,
so the module is analysed with each read of the parameter in the body written as the
function's name: ``on_launch()`` is ``report()``, whose reads and ops the analysis follows as
any call of a function of the module (a call of a parameter is otherwise code it cannot see).

Exact where: the helper is a top-level ``def`` bound once, named nowhere but as the callee of
calls without ``*``/``**`` (so no other module, table or callback can call it with something
else); the parameter is not rebound in the helper; each call gives it (by position, by keyword
or by the parameter's default) the name of a top-level function bound once that no scope
around the call binds; the function's name is bound nowhere in the helper. Only the parameter's
reads are written (``cb.__name__``, ``cb is None`` read the same function), and not its calls
in a loop, nor those of a helper that does nothing but call it (``parameter_runs`` runs the
argument's code at the helper's call, as often as the helper calls it)."""

from __future__ import annotations

import re

import libcst as cst

from tilecheck.host.lazy_code import rebuilt_with
from tilecheck.host.module_names import ModuleNames, binds, scope_binds
from tilecheck.host.parameter_runs import parameter_runs
from tilecheck.syntax.index import SyntaxIndex

_ROUNDS = 4  # a parameter handed on through so many helpers


def given_callables(
    module: cst.Module, source: str | None = None
) -> tuple[cst.Module, dict[cst.CSTNode, cst.CSTNode]]:
    """The module with each such parameter's reads written as the function it always is, and
    the rebuilt nodes by the nodes they stand for."""
    defs = [s for s in module.body if type(s) is cst.FunctionDef]
    params = {p.name.value for fn in defs for p in _params(fn)}
    if not params:
        return module, {}
    if source is not None:  # (cheap: a text with no call of such a name has none)
        spelled = re.compile(r"\b(?:" + "|".join(sorted(params)) + r")\s*\(")
        if spelled.search(source) is None:
            return module, {}
    names = ModuleNames(module)
    functions = {fn.name.value: fn for fn in defs if names.once(fn.name.value)}
    index = SyntaxIndex()
    called = {
        (title, p): fn
        for title, fn in functions.items()
        for p in _called_params(fn, names)
        if p not in {run[1] for run in parameter_runs(index, fn)}  # (those: ``parameter_runs``)
    }
    if not called:
        return module, {}
    given: dict[tuple[str, str], str] = {}
    for _ in range(_ROUNDS):
        found = {
            key: g
            for key, fn in called.items()
            if key not in given and (g := _given(fn, key[1], names, functions, given)) is not None
        }
        if not found:
            break
        given.update(found)
    replaced: dict[cst.CSTNode, cst.CSTNode] = {}
    aliases: dict[cst.CSTNode, cst.CSTNode] = {}
    for (title, param), function in given.items():
        for use in _reads(functions[title], param, function, names) or ():
            new = cst.Name(function)
            aliases[new] = use
            replaced[use] = new
    if not replaced:
        return module, {}
    on_path: set[int] = set()
    for node in replaced:
        current: cst.CSTNode | None = node
        while current is not None and id(current) not in on_path:
            on_path.add(id(current))
            current = names.parent(current)
    rebuilt = rebuilt_with(module, replaced, on_path, aliases)
    return cst.ensure_type(rebuilt, cst.Module), aliases


def _params(fn: cst.FunctionDef) -> list[cst.Param]:
    params = fn.params
    return [*params.posonly_params, *params.params, *params.kwonly_params]


def _inside(node: cst.CSTNode, fn: cst.FunctionDef, names: ModuleNames) -> bool:
    """``node`` lies in ``fn``'s body."""
    current: cst.CSTNode | None = names.parent(node)
    while current is not None:
        if current is fn.body:
            return True
        current = names.parent(current)
    return False


def _called_params(fn: cst.FunctionDef, names: ModuleNames) -> list[str]:
    """``fn``'s parameters its body calls (or hands on) and never rebinds, where ``fn``'s
    name is named only as the callee of plain calls."""
    if fn.decorators:
        return []
    for node, parent in names.uses.get(fn.name.value, ()):
        if parent is fn:
            continue
        if type(parent) is not cst.Call or cst.ensure_type(parent, cst.Call).func is not node:
            return []
        if any(arg.star for arg in cst.ensure_type(parent, cst.Call).args):
            return []
    out: list[str] = []
    for param in _params(fn):
        name = param.name.value
        uses = [(n, p) for n, p in names.uses.get(name, ()) if _inside(n, fn, names)]
        if any(binds(n, p, names.parent_of) for n, p in uses):
            continue
        if any(_called_or_handed(n, p, names) for n, p in uses):
            out.append(name)
    return out


def _called_or_handed(node: cst.Name, parent: cst.CSTNode, names: ModuleNames) -> bool:
    """``node`` is called, or handed to a call as an argument (the callee's parameter may then
    be always given it in turn)."""
    if type(parent) is cst.Call:
        return cst.ensure_type(parent, cst.Call).func is node
    return type(parent) is cst.Arg and type(names.parent(parent)) is cst.Call


def _given(
    fn: cst.FunctionDef,
    param: str,
    names: ModuleNames,
    functions: dict[str, cst.FunctionDef],
    given: dict[tuple[str, str], str],
) -> str | None:
    """The one function of the module every call of ``fn`` gives ``param``; None: not one."""
    params = _params(fn)
    position = next(i for i, p in enumerate(params) if p.name.value == param)
    declared = params[position]
    positional = position < len(fn.params.posonly_params) + len(fn.params.params)
    seen: set[str] = set()
    for _, parent in names.uses.get(fn.name.value, ()):
        if parent is fn:
            continue
        call = cst.ensure_type(parent, cst.Call)
        value: cst.BaseExpression | None = declared.default
        for i, arg in enumerate(call.args):
            if arg.keyword is None and positional and i == position:
                value = arg.value
            elif arg.keyword is not None and arg.keyword.value == param:
                value = arg.value
        if type(value) is not cst.Name:
            return None
        function = _function_at(value, call, names, functions, given)
        if function is None:
            return None
        seen.add(function)
    if len(seen) != 1:
        return None
    (function,) = seen
    if function in scope_binds(fn):
        return None  # (a name of the helper's own)
    return function


def _function_at(
    value: cst.Name,
    call: cst.Call,
    names: ModuleNames,
    functions: dict[str, cst.FunctionDef],
    given: dict[tuple[str, str], str],
) -> str | None:
    """The function of the module ``value`` is at ``call``: its name, unbound around the call,
    or a parameter of the function the call lies in directly that is always given one."""
    scopes = names.scopes_around(call)
    if len(scopes) == 1 and type(scopes[0]) is cst.FunctionDef:
        owner = scopes[0].name.value
        handed = given.get((owner, value.value))
        if handed is not None and functions.get(owner) is scopes[0]:
            return handed
    if value.value not in functions:
        return None
    if any(value.value in scope_binds(scope) for scope in scopes):
        return None
    return value.value


def _looped(node: cst.CSTNode, fn: cst.FunctionDef, names: ModuleNames) -> bool:
    """``node`` lies in a loop of ``fn``'s (or a comprehension's)."""
    current = names.parent(node)
    while current is not None and current is not fn:
        if isinstance(current, (cst.For, cst.While, cst.ListComp, cst.SetComp, cst.DictComp)):
            return True
        if type(current) is cst.GeneratorExp:
            return True
        current = names.parent(current)
    return False


def _reads(
    fn: cst.FunctionDef, param: str, function: str, names: ModuleNames
) -> list[cst.Name] | None:
    """The reads of ``param`` in ``fn``'s body (not in a scope of its own that binds it; not an
    attribute's or a keyword's name); None where a scope of its own binds ``function``."""
    out: list[cst.Name] = []
    for node, parent in names.uses.get(param, ()):
        if not _inside(node, fn, names):
            continue
        kind = type(parent)
        if kind is cst.Attribute and cst.ensure_type(parent, cst.Attribute).attr is node:
            continue
        if kind is cst.Arg and cst.ensure_type(parent, cst.Arg).keyword is node:
            continue
        inner: list[cst.CSTNode] = []
        for scope in names.scopes_around(node):
            if scope is fn:
                break
            inner.append(scope)
        bound = set().union(*(scope_binds(scope) for scope in inner)) if inner else set()
        if param in bound:
            continue
        if function in bound:
            return None
        if type(parent) is cst.Call and _looped(parent, fn, names):
            continue  # (called on many turns: what the helper's summary says of its calls)
        out.append(node)
    return out
