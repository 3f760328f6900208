"""The keys of a parameter, from every call of its function (round 38K of issue 17).

A helper given a dict by its caller walks it and submits one op per key::

    def qkv(x, weights):
        pend = {n: k(outs[n], x, w).submit() for n, w in weights.items()}
        pend["q"].wait()
        pend["k"].wait()

    ws = {n: tr.ones((32, 32)) for n in ("q", "k", "v")}
    qkv(x, ws)

Inside ``qkv`` the keys of ``weights`` are not in its own syntax (``tilecheck.host.known_keys``
reads a scope's syntax), but every call gives a dict whose keys its caller's syntax shows: q, k
and v. Where the function is named in the module nowhere but as the callee of plain calls
(never passed on, stored, decorated or rebound; no ``*``/``**`` argument at a call), every call
gives the parameter (or its default gives it) a container whose keys are known in the caller
(a display, a comprehension over known keys, a name bound once to one and only read there or
given to this function, another parameter known so), and all calls give the same keys, the
parameter has those keys inside (a ``for`` over it walks them, ``.items()`` walks them, its
length is theirs). Methods called as ``self.m(...)`` in their class count too (every use of the
method's name as an attribute must be such a call), and ``__init__`` counts every
``Owner(...)`` where the class is named nowhere else (round 39K). Calls that disagree, a call
the analysis cannot read, a function another module may call (the module read as the program
it runs, as ``tilecheck.host.call_literals`` does): unknown (None), nothing is guessed."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from tilecheck.host.known_keys import Key, ScopeNames, dict_read
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import descendants

_ACTIVE: set[tuple[int, str, str]] = set()  # questions being answered (recursive functions)


class CalledNames(ScopeNames):
    """A scope's names, a parameter's keys read from the calls of its function."""

    def given(self, name: str, kind: str) -> list[Key] | None:
        return given_keys(self, name, kind)


def given_keys(names: ScopeNames, name: str, kind: str) -> list[Key] | None:
    """What every call of ``names``' function gives its parameter ``name``: its keys (a
    list's positions), what a walk of it takes, or its length (as one position per item)."""
    fn = names.scope
    binders = names.binds.get(name, ())
    if type(fn) is not cst.FunctionDef or len(binders) != 1 or type(binders[0]) is not cst.Param:
        return None
    mark = (id(fn), name, kind)
    if mark in _ACTIVE:
        return None
    _ACTIVE.add(mark)
    try:
        return _given(names, fn, binders[0], kind)
    finally:
        _ACTIVE.discard(mark)


def _given(names: ScopeNames, fn: cst.FunctionDef, param: cst.Param, kind: str) -> list[Key] | None:
    params = fn.params
    if fn.decorators or param not in (*params.params, *params.kwonly_params):
        return None
    outer = names._outer() if names._outer is not None else None
    module = outer.scope if outer is not None else None
    if outer is None or type(module) is not cst.Module:
        return None
    calls = _calls_of(outer, module, fn)
    if not calls:
        return None
    position = params.params.index(param) if param in params.params else None
    method = _method_of(module, fn) is not None
    found: list[Key] | None = None
    for call, caller in calls:
        given = _argument(call, position, param, method)
        if given is None:
            return None
        if caller is None or given is param.default:  # (a default: the module's names)
            scope = outer
        else:
            scope = type(names)(caller, names._outer, names.numbers)
        keys = _keys_of(scope, given, kind, fn)
        if keys is None or (
            found is not None and sorted(map(repr, keys)) != sorted(map(repr, found))
        ):
            return None
        found = keys
    return found


def _calls_of(
    outer: ScopeNames, module: cst.Module, fn: cst.FunctionDef
) -> list[tuple[cst.Call, cst.FunctionDef | None]] | None:
    """Every call of ``fn`` with the function it is made in (None: the module's own code);
    None where ``fn`` is named otherwise, or called from where no scope is read."""
    title = fn.name.value
    owner = _method_of(module, fn)
    found: list[cst.Call] = []
    if owner is None:
        if fn not in module.body or outer.binds.get(title):
            return None
        for used, parent, _ in outer.uses.get(title, ()):
            if parent is fn:
                continue
            if type(parent) is not cst.Call or parent.func is not used:
                return None
            found.append(parent)
    elif title == "__init__":  # ``Owner(...)``: its constructor's calls (round 39K)
        found_made = _constructed(outer, module, owner)
        if found_made is None:
            return None
        found = found_made
    else:
        for node, parent in _attributes(module, title):
            if type(parent) is not cst.Call or parent.func is not node:
                return None
            if not _receiver(module, owner, node.value, parent):
                return None
            found.append(parent)
        if any(type(s) is cst.FunctionDef and s.name.value == title for s in module.body):
            return None
    out: list[tuple[cst.Call, cst.FunctionDef | None]] = []
    for call in found:
        caller = _enclosing(module, call)
        for cls in _classes(module) if caller is False else ():
            caller = _enclosing(cls, call)  # (in a method of a class)
            if caller is not False:
                break
        if caller is fn or caller is False:
            return None
        out.append((call, caller if isinstance(caller, cst.FunctionDef) else None))
    return out


def _constructed(
    outer: ScopeNames, module: cst.Module, owner: cst.ClassDef
) -> list[cst.Call] | None:
    """Every ``Owner(...)`` of the module, where the class is named nowhere else (no
    subclass, no alias, no ``__init__`` called by name) and bound by its ``class`` only."""
    title = owner.name.value
    if outer.binds.get(title) or any(True for _ in _attributes(module, "__init__")):
        return None
    found: list[cst.Call] = []
    for used, parent, _ in outer.uses.get(title, ()):
        if parent is owner:
            continue
        if type(parent) is not cst.Call or parent.func is not used:
            return None
        found.append(parent)
    return found


def _receiver(
    module: cst.Module, owner: cst.ClassDef, value: cst.BaseExpression, call: cst.Call
) -> bool:
    """``self.m(...)`` in a method of ``owner``, or ``Owner(...).m(...)``: an instance of
    the method's own class (a name holding one is not followed)."""
    if type(value) is cst.Call and type(value.func) is cst.Name:
        return value.func.value == owner.name.value
    if type(value) is not cst.Name or value.value != "self":
        return False
    return isinstance(_enclosing(owner, call), cst.FunctionDef)


def _classes(module: cst.Module) -> list[cst.ClassDef]:
    return [s for s in module.body if type(s) is cst.ClassDef]


def _method_of(module: cst.Module, fn: cst.FunctionDef | bool | None) -> cst.ClassDef | None:
    """The module's top-level class ``fn`` is a method of (defined once there)."""
    for stmt in module.body:
        if type(stmt) is cst.ClassDef and type(stmt.body) is cst.IndentedBlock:
            if fn in stmt.body.body:
                return stmt
    return None


def _attributes(
    module: cst.Module, title: str
) -> Iterator[tuple[cst.Attribute, cst.CSTNode | None]]:
    """Every ``x.<title>`` of the module, with its parent."""
    stack: list[tuple[cst.CSTNode, cst.CSTNode | None]] = [(module, None)]
    while stack:
        node, parent = stack.pop()
        if type(node) is cst.Attribute and node.attr.value == title:
            yield node, parent
        stack.extend((child, node) for child in node.children)


def _enclosing(root: cst.CSTNode, call: cst.Call) -> cst.FunctionDef | bool | None:
    """The function of ``root``'s own body (a module's or a class's) whose body holds
    ``call``; None where ``root``'s own code makes it; False where a function nested
    deeper, a lambda or a class body makes it (not read)."""
    body = root.body if type(root) is cst.Module else getattr(root.body, "body", ())  # type: ignore[attr-defined]
    for stmt in body:
        if not any(node is call for node in descendants(stmt)):
            continue
        if type(stmt) is not cst.FunctionDef:
            return None if _plain(stmt, call) else False
        return stmt if _plain(stmt.body, call) else False
    return False


def _plain(tree: cst.CSTNode, call: cst.Call) -> bool:
    """No function, lambda or class inside ``tree`` holds ``call``."""
    for node in descendants(tree):
        if type(node) in (cst.FunctionDef, cst.Lambda, cst.ClassDef):
            if any(inner is call for inner in descendants(node)):
                return False
    return True


def _argument(
    call: cst.Call, position: int | None, param: cst.Param, method: bool
) -> cst.BaseExpression | None:
    """What ``call`` gives the parameter (its default where not given); None where unknown."""
    given: cst.BaseExpression | None = None
    first = 1 if method else 0  # (``self``: the receiver)
    for at, arg in enumerate(call.args, first):
        if arg.star:
            return None
        if arg.keyword is None and at == position:
            given = arg.value
        elif arg.keyword is not None and arg.keyword.value == param.name.value:
            given = arg.value
    return given if given is not None else param.default


def _keys_of(
    names: ScopeNames, expr: cst.BaseExpression, kind: str, fn: cst.FunctionDef
) -> list[Key] | None:
    """The keys (walk, length) of what ``expr`` holds in the caller's scope ``names``: a
    name there bound once to a container and only read or given to ``fn``, a parameter
    known so, a display or comprehension."""
    if type(expr) is cst.Name:
        free = names._free(expr.value)
        if free is not None:
            names = free
        if type(names.scope) is cst.Module:
            found = _module_value(names, names.scope, expr.value, fn)
            if found is None:
                return None
            expr = found
        else:
            value = names.bound_once(expr.value)
            if value is None:
                return given_keys(names, expr.value, kind)
            for use in names.uses.get(expr.value, ()):
                if not dict_read(use) and not _given_to(use, fn):
                    return None
            expr = value
    if kind == "length":
        made = type(expr) in (cst.Dict, cst.DictComp, cst.ListComp)
        keys = names.made_keys(expr) if made else None
        count = len(keys) if keys is not None else names.length(expr)
        return None if count is None else list(range(count))
    if type(expr) in (cst.Dict, cst.DictComp) or kind == "keys":
        return names.made_keys(expr)
    return names.constants(expr)


def _module_value(
    names: ScopeNames, module: cst.Module, name: str, fn: cst.FunctionDef
) -> cst.BaseExpression | None:
    """What the module's own code binds ``name`` to, once, where every use of it (those of
    functions that bind a name of their own so left out) only reads it or gives it to
    ``fn``: the module's names walk its functions too (a parameter named as the module's
    container is another name)."""
    inside, local, declared = _nested(names, module)
    if name in declared:
        return None  # (a function declares it ``global``: it may bind it)
    binders = [b for b in names.binds.get(name, ()) if id(b) not in inside]
    if len(binders) != 1 or type(binders[0]) not in (cst.Assign, cst.AnnAssign):
        return None
    binder = binders[0]
    if type(binder) is cst.Assign and len(binder.targets) != 1:
        return None
    for use in names.uses.get(name, ()):
        if id(use[0]) not in local and not dict_read(use) and not _given_to(use, fn):
            return None
    value: cst.BaseExpression | None = binder.value  # type: ignore[attr-defined]
    return value


def _nested(names: ScopeNames, module: cst.Module) -> tuple[set[int], set[int], set[str]]:
    """The nodes inside the module's functions and lambdas; the names there that a function
    binds for itself (a parameter, an assignment, a loop's target); the names some function
    declares ``global`` or ``nonlocal`` (memoized on the module's names)."""
    known = names.memo.get("nested")
    if known is not None:
        return known  # type: ignore[return-value]
    inside: set[int] = set()
    local: set[int] = set()
    declared: set[str] = set()
    for node in descendants(module):
        if type(node) not in (cst.FunctionDef, cst.Lambda) or id(node) in inside:
            continue
        nodes = list(descendants(node))
        inside.update(id(n) for n in nodes)
        own = _bound_in(nodes)
        local.update(id(n) for n in nodes if type(n) is cst.Name and n.value in own)
        for n in nodes:
            if type(n) in (cst.Global, cst.Nonlocal):
                declared.update(item.name.value for item in n.names)  # type: ignore[attr-defined]
    found = (inside, local, declared)
    names.memo["nested"] = found
    return found


def _bound_in(nodes: list[cst.CSTNode]) -> set[str]:
    """The names ``nodes`` (a function's, nested ones included) bind."""
    out: set[str] = set()
    for node in nodes:
        if type(node) is cst.Param:
            out.add(node.name.value)
        elif type(node) is cst.AssignTarget:
            out.update(target_names(node.target))
        elif type(node) in (cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.NamedExpr):
            out.update(target_names(node.target))  # type: ignore[attr-defined]
        elif type(node) is cst.AsName:
            out.update(target_names(node.name))
    return out


def _given_to(
    use: tuple[cst.Name, cst.CSTNode | None, cst.CSTNode | None], fn: cst.FunctionDef
) -> bool:
    """``f(x, ws)`` / ``self.f(x, ws)``: the container given to the function asked about (or
    its parameter's default, ``def f(heads=HEADS)``)."""
    name, parent, above = use
    if type(parent) is cst.Param and parent.default is name:
        return parent in (*fn.params.params, *fn.params.kwonly_params)
    title = fn.name.value
    if type(parent) is not cst.Arg or parent.value is not name or type(above) is not cst.Call:
        return False
    func = above.func
    if type(func) is cst.Attribute:
        return func.attr.value == title
    return type(func) is cst.Name and func.value == title
