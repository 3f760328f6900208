"""A module name bound to a display of literals, given to a call (round 35F of issue 17).

``seen = {"l0", "l1"}`` at the module's top, then ``prefill(seen, "l1", ...)``: on the way into
the call the parameter holds exactly those members, so a test of the function that asks
``layer in seen`` (``called_values``) is decided there, as a literal argument's test is. The
name is taken only where the module binds it once, by a plain assignment in its own scope (not a
function's or a class's) to a set, list, tuple or dict display whose items (a dict's keys) are
string or integer literals, and names it nowhere else but in that one argument: no other code
can change or see the container before the call, whatever the called function does to it later
(a test decided at the first call is decided on a path the program takes). A nested scope that
binds the same name for itself (a parameter ``seen``) does not name the module's.
"""

from __future__ import annotations

import libcst as cst

from tilecheck.host.known_keys import constant
from tilecheck.syntax.walk import children

_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)


class Members(frozenset[str | int]):
    """The literals a container display holds (a dict's keys): read only by ``in``/``not in``
    and for its truth."""


def members(module: cst.Module, arg: cst.Name) -> Members | None:
    """What the module's container ``arg`` names holds where ``arg`` is read, or None."""
    name = arg.value
    mentions: list[cst.Name] = []
    bindings: list[cst.BaseExpression] = []
    stack: list[tuple[cst.CSTNode, cst.CSTNode | None, bool]] = [(module, None, True)]
    while stack:
        node, parent, top = stack.pop()
        if type(node) is cst.Name:
            if node.value == name and not _not_a_read(node, parent):
                mentions.append(node)
            continue
        if isinstance(node, _SCOPES):
            if _binds_own(node, name):  # (its ``name`` is its own; not its defaults')
                stack.extend((c, node, top) for c in _outer_parts(node))
                continue
            stack.extend((c, node, False) for c in children(node))
            continue
        if top and type(node) in (cst.Assign, cst.AnnAssign):
            value = _bound_to(node, name)  # type: ignore[arg-type]
            if value is not None:
                bindings.append(value)
        stack.extend((c, node, top) for c in children(node))
    if len(bindings) != 1 or len(mentions) != 2 or not any(m is arg for m in mentions):
        return None
    return _display(bindings[0])


def _not_a_read(node: cst.Name, parent: cst.CSTNode | None) -> bool:
    """``x.name`` and ``f(name=...)``: not the module's name."""
    if type(parent) is cst.Attribute and parent.attr is node:
        return True
    return type(parent) is cst.Arg and parent.keyword is node


def _bound_to(node: cst.Assign | cst.AnnAssign, name: str) -> cst.BaseExpression | None:
    targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
    if len(targets) != 1 or type(targets[0]) is not cst.Name or targets[0].value != name:
        return None
    return node.value


def _display(value: cst.BaseExpression) -> Members | None:
    if isinstance(value, (cst.Set, cst.List, cst.Tuple)):
        items = [e.value if type(e) is cst.Element else None for e in value.elements]
    elif isinstance(value, cst.Dict):
        items = [e.key if type(e) is cst.DictElement else None for e in value.elements]
    else:
        return None
    found = [constant(i) for i in items]
    if any(f is None for f in found):
        return None
    return Members(f for f in found if f is not None)


def _binds_own(scope: cst.FunctionDef | cst.Lambda | cst.ClassDef, name: str) -> bool:
    """``scope`` takes ``name`` as a parameter and declares it neither ``global`` nor
    ``nonlocal``: its reads of it are its own (any other binding is counted as a mention)."""
    if isinstance(scope, cst.ClassDef):
        return False  # (a class body reads the module's names it does not bind: counted)
    params = scope.params
    every = (*params.posonly_params, *params.params, *params.kwonly_params)
    starred = [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    if any(p.name.value == name for p in (*every, *starred)):
        return not _declared(scope.body, name)
    return False


def _outer_parts(scope: cst.FunctionDef | cst.Lambda | cst.ClassDef) -> list[cst.CSTNode]:
    """What a function's definition evaluates where it is written: defaults, decorators."""
    if isinstance(scope, cst.ClassDef):
        return []
    params = scope.params
    every = (*params.posonly_params, *params.params, *params.kwonly_params)
    out: list[cst.CSTNode] = [p.default for p in every if p.default is not None]
    if isinstance(scope, cst.FunctionDef):
        out.extend(d.decorator for d in scope.decorators)
    return out


def _declared(body: cst.CSTNode, name: str) -> bool:
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Global, cst.Nonlocal)):
            if any(n.name.value == name for n in node.names):
                return True
        stack.extend(children(node))
    return False
