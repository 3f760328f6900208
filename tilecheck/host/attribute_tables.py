"""Callables kept in an instance's list attribute, filled from outside the class (round 41N of
issue 17), as PyTorch's hooks are::

    class Linear:
        def __init__(self):
            self.hooks = []

        def __call__(self, x, out):
            pending = k(out, x).submit()
            for hook in self.hooks:
                hook(out)
            return pending

    proj = Linear()
    proj.hooks.append(record)  # or ``proj.register_hook(record)``

The walk ``for hook in self.hooks`` calls the callables appended to the instance's list, so
``tilecheck.host.table_calls`` writes it as its turns, one per item, as it does a walk of a
module's list of callables (round 36D): ``record(out)`` is then followed as a call of
``record``. Where ``table_calls`` finds such a loop it asks ``attribute_tables`` for its items.

Only where every item is certain at every walk: the class is a top-level class of the module
(bound once, no base but ``object``) whose ``__init__`` binds ``self.A = []`` (or ``list()``)
as a statement of its own and calls no method of ``self`` nor hands ``self`` to a call; every
use of the class's name is a statement ``x = Class(...)``, each followed at once in its suite
by the appends ``x.A.append(f)`` (or ``x.R(f)`` of a method ``R`` whose body is only
``self.A.append(p)``) of callable values (``callable_items``), every instance given the same
module functions (any other callable: one instance only); and the attribute ``A`` (and ``R``)
is named nowhere else in the module but in those statements and in the walks ``for v in
self.A:`` of the class's methods (nothing else reads, stores, clears or hands on the list).
Anything else: no turns, as before."""

from __future__ import annotations

import re

import libcst as cst

from tilecheck.host.callable_items import FUNCTION, Callables, Callee
from tilecheck.host.module_names import ModuleNames
from tilecheck.syntax.nodes import empty_list
from tilecheck.syntax.walk import descendants, own_nodes

Key = int | str
Table = dict[Key, tuple[cst.BaseExpression | None, Callee]]
_MOST = 8
# ``for hook in self.hooks:``: what a module must hold to be looked at
WALKED = re.compile(r"\bfor\s+\w+\s+in\s+\w+\.\w+\s*:")


def walks_attributes(source: str) -> bool:
    """The text may hold an attribute list filled by ``append`` and walked (the only tables
    here): a module without both spellings is not read."""
    return ".append(" in source and WALKED.search(source) is not None


def table_key(iterable: cst.BaseExpression) -> str | None:
    """The key ``table_calls`` keeps a walked attribute's table under (its node)."""
    return f"#{id(iterable)}" if type(iterable) is cst.Attribute else None


def attribute_tables(
    module: cst.Module, names: ModuleNames, callables: Callables, source: str | None
) -> dict[str, Table]:
    """The walks of a list attribute (by ``table_key``) with the callables every instance's
    list holds there."""
    out: dict[str, Table] = {}
    if source is not None and not walks_attributes(source):
        return out
    for cls in module.body:
        if type(cls) is not cst.ClassDef or not names.once(cls.name.value) or cls.bases:
            continue
        if type(cls.body) is not cst.IndentedBlock:
            continue
        methods = {s.name.value: s for s in cls.body.body if type(s) is cst.FunctionDef}
        init = methods.get("__init__")
        if init is None or not _quiet_init(init):
            continue
        for attr in _listed(init):
            walks = [w for m in methods.values() for w in _walks(m, attr)]
            if not walks:
                continue
            table = _filled(cls, attr, methods, names, callables, walks, init)
            if table:
                for walk in walks:
                    out[f"#{id(walk)}"] = table
    return out


def _self_of(fn: cst.FunctionDef) -> str | None:
    params = fn.params.params
    return params[0].name.value if params and not fn.decorators else None


def _quiet_init(init: cst.FunctionDef) -> bool:
    """``__init__`` calls no method of ``self`` and gives ``self`` to no call."""
    me = _self_of(init)
    if me is None:
        return False
    for node in descendants(init.body):
        if type(node) is cst.Call:
            func = node.func
            if type(func) is cst.Attribute and type(func.value) is cst.Name:
                if func.value.value == me:
                    return False
            if any(type(a.value) is cst.Name and a.value.value == me for a in node.args):
                return False
        elif type(node) in (cst.FunctionDef, cst.Lambda, cst.ClassDef):
            return False
    return True


def _listed(init: cst.FunctionDef) -> list[str]:
    """The attributes ``__init__`` binds to an empty list by a statement of its own."""
    me = _self_of(init)
    out: list[str] = []
    for stmt in init.body.body if type(init.body) is cst.IndentedBlock else ():
        small = stmt.body[0] if type(stmt) is cst.SimpleStatementLine else None
        target: cst.BaseExpression | None = None
        if type(small) is cst.Assign and len(small.targets) == 1:
            target = small.targets[0].target
        elif type(small) is cst.AnnAssign:
            target = small.target
        if target is None or not empty_list(small.value):  # type: ignore[union-attr]
            continue
        if type(target) is cst.Attribute and type(target.value) is cst.Name:
            if target.value.value == me:
                out.append(target.attr.value)
    return out


def _walks(method: cst.FunctionDef, attr: str) -> list[cst.Attribute]:
    """The iterables ``self.attr`` of the method's own ``for`` loops."""
    me = _self_of(method)
    out: list[cst.Attribute] = []
    for node in own_nodes(method.body):
        if type(node) is cst.For and _is_attr(node.iter, me, attr):
            out.append(node.iter)  # type: ignore[arg-type]
    return out


def _is_attr(expr: cst.BaseExpression, receiver: str | None, attr: str) -> bool:
    return (
        type(expr) is cst.Attribute
        and expr.attr.value == attr
        and type(expr.value) is cst.Name
        and (receiver is None or expr.value.value == receiver)
    )


def _register(method: cst.FunctionDef, attr: str) -> bool:
    """A method whose body is only ``self.attr.append(p)`` of its one other parameter."""
    params = method.params
    starred = isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None
    if method.decorators or starred or params.kwonly_params:
        return False
    if params.posonly_params or len(params.params) != 2 or params.params[1].default:
        return False
    body = method.body.body if type(method.body) is cst.IndentedBlock else ()
    if body and type(body[0]) is cst.SimpleStatementLine and type(body[0].body[0]) is cst.Expr:
        if type(body[0].body[0].value) is cst.SimpleString:
            body = body[1:]  # (its docstring)
    call = _appended(body[0], params.params[0].name.value, attr) if len(body) == 1 else None
    given = params.params[1].name.value
    return call is not None and type(call) is cst.Name and call.value == given


def _appended(stmt: cst.BaseStatement, receiver: str, attr: str) -> cst.BaseExpression | None:
    """What ``receiver.attr.append(v)``, a statement of its own, appends."""
    call = _lone_call(stmt)
    func = call.func if call is not None else None
    if call is None or type(func) is not cst.Attribute or func.attr.value != "append":
        return None
    return call.args[0].value if _is_attr(func.value, receiver, attr) else None


def _registered(stmt: cst.BaseStatement, receiver: str, method: str) -> cst.BaseExpression | None:
    """What ``receiver.method(v)``, a statement of its own, registers."""
    call = _lone_call(stmt)
    if call is None or not _is_attr(call.func, receiver, method):
        return None
    return call.args[0].value


def _lone_call(stmt: cst.BaseStatement) -> cst.Call | None:
    """A statement that is only a call given one positional argument (``x.f(v)``)."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    expr = stmt.body[0]
    call = expr.value if type(expr) is cst.Expr else None
    if type(call) is not cst.Call or len(call.args) != 1:
        return None
    arg = call.args[0]
    return call if arg.keyword is None and not arg.star else None


def _filled(
    cls: cst.ClassDef,
    attr: str,
    methods: dict[str, cst.FunctionDef],
    names: ModuleNames,
    callables: Callables,
    walks: list[cst.Attribute],
    init: cst.FunctionDef,
) -> Table | None:
    """The callables every instance's ``attr`` holds once made, or None (see above)."""
    registers = [n for n, m in methods.items() if _register(m, attr)]
    allowed = {id(w.attr) for w in walks}
    allowed |= _bound_in_init(init, attr)
    for name in registers:
        allowed |= {id(n) for n in descendants(methods[name]) if type(n) is cst.Name}
    found: list[list[Callee]] = []
    for use, parent in names.uses.get(cls.name.value, ()):
        if parent is cls:
            continue
        made = _made(names, use, parent)
        if made is None:
            return None
        receiver, suite, at = made
        items: list[Callee] = []
        for stmt in suite[at + 1 :]:
            value = _appended(stmt, receiver, attr)
            if value is None:
                value = next((v for r in registers if (v := _registered(stmt, receiver, r))), None)
            if value is None:
                break
            callee = callables.callee(value)
            if callee is None:
                return None
            items.append(callee)
            allowed |= {id(n) for n in descendants(stmt) if type(n) is cst.Name}
        found.append(items)
    for mentioned in (attr, *registers):
        for use, parent in names.uses.get(mentioned, ()):
            if type(parent) is cst.Attribute and parent.attr is use and id(use) not in allowed:
                return None  # named elsewhere: a change or a read not seen here
    if not found or not found[0] or len(found[0]) > _MOST:
        return None
    first = [(c.kind, getattr(c.node, "value", None)) for c in found[0]]
    plain = all(kind == FUNCTION for kind, _ in first)
    for other in found[1:]:
        if not plain or [(c.kind, getattr(c.node, "value", None)) for c in other] != first:
            return None
    return {i: (None, callee) for i, callee in enumerate(found[0])}


def _made(
    names: ModuleNames, use: cst.Name, parent: cst.CSTNode
) -> tuple[str, list[cst.BaseStatement], int] | None:
    """``x = Class(...)``, a statement of its own: ``x``, its suite, its place there."""
    if type(parent) is not cst.Call or parent.func is not use:
        return None
    assign = names.parent(parent)
    if type(assign) is not cst.Assign or len(assign.targets) != 1 or assign.value is not parent:
        return None
    target = assign.targets[0].target
    line = names.parent(assign)
    if type(target) is not cst.Name or type(line) is not cst.SimpleStatementLine:
        return None
    if len(line.body) != 1:
        return None
    suite = getattr(names.parent(line), "body", None)
    at = next((i for i, s in enumerate(suite) if s is line), None) if suite else None
    return None if at is None else (target.value, list(suite), at)  # type: ignore[arg-type]


def _bound_in_init(init: cst.FunctionDef, attr: str) -> set[int]:
    """The name ``attr`` of ``__init__``'s statement ``self.attr = []`` (its one mention there)."""
    found: set[int] = set()
    for stmt in init.body.body if type(init.body) is cst.IndentedBlock else ():
        small = stmt.body[0] if type(stmt) is cst.SimpleStatementLine else None
        target = None
        if type(small) is cst.Assign and len(small.targets) == 1:
            target = small.targets[0].target
        elif type(small) is cst.AnnAssign:
            target = small.target
        if type(target) is cst.Attribute and target.attr.value == attr:
            found.add(id(target.attr))
    return found
