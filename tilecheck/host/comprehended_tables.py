"""A module's list of closures made by a comprehension over known positions (round 41N of issue
17)::

    outs = [tr.empty((1, 128)) for i in range(3)]
    emitters = [make_emitter(i, outs[i], sink) for i in range(3)]
    pending = [k(outs[i], ...).submit() for i in range(3)]
    for emit in emitters:
        emit()

holds ``make_emitter(0, outs[0], sink)``, ``make_emitter(1, outs[1], sink)``, ... in order, as
the display of those calls would; so ``tilecheck.host.table_calls`` reads it as that display (a
table of factory closures, each made again at its turn of a walk, its cell the item
``outs[i]`` holds: ``tilecheck.host.item_cells``).

Only where each item is certain: the name is bound once at the module's top level to a list
comprehension of one ``for`` (no ``if``, not async) whose target is a plain name walking
``range`` of integer literals or of the module's integer constants (at most eight turns), and
whose item is a call of a factory of the module (``callable_items``) each of whose arguments,
once the target is written as the turn's integer, is a stable value there (a literal, a name
bound once, an item of a list the module never changes, or a name the module binds once at its
top level and otherwise only as a parameter of that factory, whose body has no loop: a walk
inside it could read the parameter instead). The table is named nowhere else than where
``table_calls`` allows. Anything else: no table, as before."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.host.callable_items import CLOSURE, Callables, Callee, literal, substituted
from tilecheck.host.module_names import ModuleNames
from tilecheck.syntax.walk import descendants

Key = int | str
Table = dict[Key, tuple[cst.BaseExpression | None, Callee]]
OnlyRead = Callable[[ModuleNames, str, cst.CSTNode, list[cst.Call]], bool]
_MOST = 8
_LOOPING = (cst.For, cst.While, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def comprehended_tables(
    module: cst.Module,
    names: ModuleNames,
    callables: Callables,
    literals: dict[str, Key],
    only_read: OnlyRead,
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> dict[str, Table]:
    """The module's names bound to such a comprehension, with its items."""
    out: dict[str, Table] = {}
    for stmt in module.body:
        if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
            continue
        small = stmt.body[0]
        if type(small) is not cst.Assign or len(small.targets) != 1:
            continue
        target, value = small.targets[0].target, small.value
        if type(target) is not cst.Name or type(value) is not cst.ListComp:
            continue
        if not names.once(target.value):
            continue
        table = _items(value, names, callables, literals, aliases)
        if table and only_read(names, target.value, small.targets[0], []):
            out[target.value] = table
    return out


def _items(
    comp: cst.ListComp,
    names: ModuleNames,
    callables: Callables,
    literals: dict[str, Key],
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> Table | None:
    walk = comp.for_in
    if walk.ifs or walk.inner_for_in is not None or walk.asynchronous is not None:
        return None
    if type(walk.target) is not cst.Name:
        return None
    turns = _range(walk.iter, literals)
    item = comp.elt
    if turns is None or not 0 < len(turns) <= _MOST or type(item) is not cst.Call:
        return None
    if type(item.func) is not cst.Name or not callables.factory(item.func.value):
        return None
    if any(a.star for a in item.args):
        return None
    factory = callables.functions[item.func.value]
    table: Table = {}
    for position, turn in enumerate(turns):
        made = substituted(item, {walk.target.value: cst.Integer(str(turn))}, aliases)
        call = made if type(made) is cst.Call else None
        if call is None or not all(_stable(a.value, names, callables, factory) for a in call.args):
            return None
        table[position] = (None, Callee(CLOSURE, call))
    return table


def _range(walked: cst.BaseExpression, literals: dict[str, Key]) -> list[int] | None:
    """``range(3)``, ``range(1, N)``: its values, of literals or the module's constants."""
    if type(walked) is not cst.Call or type(walked.func) is not cst.Name:
        return None
    if walked.func.value != "range" or not 1 <= len(walked.args) <= 3:
        return None
    bounds: list[int] = []
    for arg in walked.args:
        if arg.star or arg.keyword is not None:
            return None
        value = arg.value
        bound = literals.get(value.value) if type(value) is cst.Name else literal(value)
        if type(bound) is not int:
            return None
        bounds.append(bound)
    values = range(*bounds)
    return list(values) if len(values) <= _MOST else None


def _stable(
    value: cst.BaseExpression, names: ModuleNames, callables: Callables, factory: cst.FunctionDef
) -> bool:
    """A stable argument (``Callables.stable``), or a module name the factory's own parameter
    alone binds besides the module (the factory running no loop that could see it)."""
    if callables.stable(value):
        return True
    if type(value) is not cst.Name:
        return False
    params = factory.params
    own = [p for p in (*params.params, *params.kwonly_params) if p.name.value == value.value]
    if len(own) != 1 or names.binds.get(value.value, 0) != 2:
        return False
    if any(type(n) in _LOOPING for n in descendants(factory)):
        return False
    top = [
        use
        for use, parent in names.uses.get(value.value, ())
        if names.scopes_around(use) == [] and _binding(parent, use)
    ]
    return len(top) == 1


def _binding(parent: cst.CSTNode, use: cst.Name) -> bool:
    """``use`` is the target of an assignment statement (its module binding)."""
    if type(parent) is cst.AssignTarget:
        return parent.target is use
    return type(parent) is cst.AnnAssign and parent.target is use
