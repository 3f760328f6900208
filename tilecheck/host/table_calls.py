"""Functions, lambdas, closures and instances called through a table or a loop over a display
(round 33H of issue 17; lambdas, closures, lists filled by ``append`` and dict walks: round 36D).

A user keeps callables in a container and calls them through it:
``handlers = {"res": residual, "plain": plain}`` then ``handlers["res"](out, x, out)``;
``steps = [residual, plain]`` then ``steps[0](...)``; ``for f in [plain, residual]: f(...)``;
``for stage in [Norm(), Residual(out)]: stage(out, x)``; ``variants = {"a": lambda: k(...)}``
then ``variants["a"]()``; ``hooks = []``, ``hooks.append(make_logger(w))`` then ``for h in
hooks: h(step)``. Python calls the item, so the call is the item's own call, and the analysis
follows a call of a name (the function's summary, or ``__call__`` of an instance a name holds),
a lambda's body where it is evaluated, and a factory's closure bound to a name. The module is
therefore analysed with

* each ``table[key](args)`` written as the item's call (``callable_items``: ``item(args)`` for
  a function, the lambda's body with its parameters given for a lambda), where ``table`` is
  bound once, at the module's top level, to a display of callable values (a dict of constant
  keys, a list or a tuple), or to an empty list that only the module's top-level ``append``
  statements fill before anything of the module's runs (no call of its functions or classes
  and no compound statement between the list and its last ``append``); the table named
  nowhere but in such calls, loop heads, ``len``/``list``/... and the reads ``items()``,
  ``values()``, ``keys()``, ``get()``, ``copy()``, ``count()``, ``index()``: every change of it
  is one seen here; ``key`` a literal, or a name bound once to one at the module's top level,
  that the table holds;
* each ``for v in items:`` over such a table (``for v in table.values()``, ``for k, v in
  table.items()`` of a dict), or over a list or tuple display written in its head, whose items
  are all callable values or calls of the module's top-level classes (their arguments plain
  values the body does not rebind, their ``__init__`` calling nothing), written as its turns
  one after the other (``v = item`` then the body, in an ``if True:``), with the body's calls
  ``v(args)`` written as the item's call where the item is a function or a lambda (a lambda's
  ``v`` is named only in such calls and is not bound), and ``v = make(w)`` where it is a
  factory's closure. Exact where the loop is: no ``else``, no ``break``/``continue`` of its own,
  no definition in its body and no rebinding of its targets there; an instance or closure made
  where the list was is made at its turn instead, which its ``__init__`` calling nothing (the
  factory only defining it) makes the same.

The functions' names are each bound once in the module (their ``def``), so the name written in
place of the item is the item. Rebuilt nodes are placed by the nodes they stand for
(``aliases``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import cast

import libcst as cst

from tilecheck.host import local_tables, table_comprehensions
from tilecheck.host.attribute_tables import attribute_tables, table_key, walks_attributes
from tilecheck.host.callable_items import (
    CLOSURE,
    FUNCTION,
    LAMBDA,
    Callables,
    Callee,
    literal,
    reduced,
)
from tilecheck.host.comprehended_tables import comprehended_tables
from tilecheck.host.lazy_code import path_to, rebuilt_with
from tilecheck.host.module_names import ModuleNames, bound_in
from tilecheck.syntax.walk import children, descendants

Key = int | str
# A table's items by key, each with the node of its key (a dict's) and what it calls.
Table = dict[Key, tuple[cst.BaseExpression | None, Callee]]
_MOST = 8  # turns a loop is written as
_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_LOOPS = (cst.For, cst.While)
# A table's methods that read it and change nothing, and builtins that only read what they get.
_READS = frozenset({"items", "values", "keys", "get", "copy", "count", "index"})
_READERS = frozenset({"len", "list", "tuple", "sorted", "reversed", "enumerate", "print", "iter"})


# What the text of such a call or loop holds: ``name[key](``, ``for f in name:``, ``for f in [``,
# ``for k, f in name.items():``.
_SPELLED = re.compile(
    r"\]\s*\(|\bfor\s+\w+(?:\s*,\s*\w+)?\s+in\s+(?:\w+(?:\.(?:values|items)\(\))?\s*:|[\[(])"
)
# ``[f() for f in name]``, ``{k: f() for k, f in name.items()}``: a comprehension calling its
# item variable (round 39C, ``table_comprehensions``).
_COMPREHENDED = re.compile(
    r"\b(\w+)\([^\n]*\bfor\s+(?:\w+\s*,\s*)?\1\s+in\s+\w+(?:\.(?:values|items)\(\))?\s*[\]}]"
)


def dispatched(
    module: cst.Module, source: str | None = None
) -> tuple[cst.Module, dict[cst.CSTNode, cst.CSTNode]]:
    """The module with the calls and loops above rewritten, and the rebuilt nodes by the
    source nodes they stand for. ``source``: the module's text, where known (a text with
    neither form is not walked)."""
    comprehended = source is None or _COMPREHENDED.search(source) is not None
    if source is not None and _SPELLED.search(source) is None and not comprehended:
        if not walks_attributes(source):  # ``for hook in self.hooks:`` (round 41N)
            return module, {}
    names = ModuleNames(module)
    if not names.calls and not names.loops and not comprehended:
        return module, {}
    callables = Callables(module, names)
    tables = _tables(module, names, callables)
    literals = _literals(module, names)
    replaced: dict[cst.CSTNode, cst.CSTNode] = {}
    aliases: dict[cst.CSTNode, cst.CSTNode] = {}
    scoped: list[tuple[dict[str, Table], frozenset[int] | None]] = [(tables, None)]
    scoped += _local_tables(module, names, callables)  # (a function's own, round 39C)
    walked = attribute_tables(module, names, callables, source)  # (round 41N)
    made = comprehended_tables(module, names, callables, literals, _only_read, aliases)
    # ``[make(outs[i]) for i in range(3)]`` (round 41N); an empty table adds nothing the
    # module's own (the first, read everywhere) does not
    scoped += [(held, None) for held in (walked, made) if held]
    turns: dict[cst.For, list[Turn]] = {}
    for held, within in scoped:
        for call in names.calls:
            item = _table_item(call.func, held, literals) if _in(call, within) else None
            new = _called(call, item, callables, aliases) if item is not None else None
            if new is not None:
                replaced[call] = new
        for loop in names.loops:
            found = _items(loop, held, names, module, callables) if _in(loop, within) else None
            if found is not None:
                turns[loop] = found
        for name, table in held.items():  # ``[f() for f in table]`` (round 39C)
            for comp in table_comprehensions.comprehensions(name, names, within):
                display = table_comprehensions.written_out(comp, table, callables, aliases)
                if display is not None:
                    replaced[comp] = display
    inner = {id(n) for loop in turns for n in descendants(loop.body) if n is not loop}
    for loop, items in turns.items():
        if id(loop) in inner:
            continue
        replaced[loop] = _unrolled(loop, items, replaced, callables, aliases)
    if not replaced:
        return module, {}
    on_path = {id(n) for node in replaced for n in path_to(module, node) or []}
    rebuilt = rebuilt_with(module, replaced, on_path, aliases)
    return cst.ensure_type(rebuilt, cst.Module), aliases


def _tables(module: cst.Module, names: ModuleNames, callables: Callables) -> dict[str, Table]:
    """The module's names bound once, at its top level, to a display of callable values or to
    an empty list its top-level ``append`` statements fill, and named nowhere else but in the
    uses ``_only_read`` allows."""
    out: dict[str, Table] = {}
    body = module.body
    for at, stmt in enumerate(body):
        if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
            continue
        small = stmt.body[0]
        if type(small) is cst.Assign and len(small.targets) == 1:
            binder: cst.CSTNode = small.targets[0]
            target = small.targets[0].target
        elif type(small) is cst.AnnAssign and small.value is not None:
            binder, target = small, small.target
        else:
            continue
        if type(target) is not cst.Name or not names.once(target.value):
            continue
        value = cast(cst.BaseExpression, small.value)
        appends: list[cst.Call] = []
        if type(value) is cst.List and not value.elements:
            held = _appended(body, at, target.value, names, callables, appends)
        else:
            held = _display(value, callables)
        if held and _only_read(names, target.value, binder, appends):
            out[target.value] = held
    return out


def _local_tables(
    module: cst.Module, names: ModuleNames, callables: Callables
) -> list[tuple[dict[str, Table], frozenset[int] | None]]:
    """Each function's own tables (``local_tables``), with the ids of its nodes."""
    out: list[tuple[dict[str, Table], frozenset[int] | None]] = []
    for fn in local_tables.functions(module):
        within, found = local_tables.candidates(fn, names)
        held: dict[str, Table] = {}
        local = local_tables.with_local_defs(callables, fn, names) if found else callables
        for name, binder, value in found:
            table = _display(value, local)
            if table and _only_read(names, name, binder, [], within):
                held[name] = table
        if held:
            out.append((held, within))
    return out


def _in(node: cst.CSTNode, within: frozenset[int] | None) -> bool:
    return within is None or id(node) in within


def _display(value: cst.BaseExpression, callables: Callables) -> Table | None:
    held: Table = {}
    if type(value) is cst.List or type(value) is cst.Tuple:
        elements: tuple[cst.BaseElement, ...] = tuple(getattr(value, "elements", ()))
        for i, element in enumerate(elements):
            callee = callables.callee(element.value) if type(element) is cst.Element else None
            if callee is None:
                return None
            held[i] = (None, callee)
    elif type(value) is cst.Dict:
        for entry in cst.ensure_type(value, cst.Dict).elements:
            if type(entry) is not cst.DictElement:
                return None
            key, callee = literal(entry.key), callables.callee(entry.value)
            if key is None or callee is None:
                return None
            held[key] = (entry.key, callee)
    return held or None


def _appended(
    body: Sequence[cst.BaseStatement],
    at: int,
    name: str,
    names: ModuleNames,
    callables: Callables,
    appends: list[cst.Call],
) -> Table | None:
    """``name = []`` at statement ``at``, then ``name.append(item)`` statements of callable
    values, with nothing of the module run between it and the last of them."""
    held: Table = {}
    quiet: list[cst.BaseStatement] = []
    for stmt in body[at + 1 :]:
        call = _append_of(stmt, name)
        if call is None:
            quiet.append(stmt)
            continue
        callee = callables.callee(call.args[0].value)
        if callee is None:
            return None
        held[len(held)] = (None, callee)
        appends.append(call)
        for between in quiet:
            if not _runs_nothing(between, names, callables):
                return None
        quiet.clear()
    return held if 0 < len(held) <= _MOST else None


def _append_of(stmt: cst.BaseStatement, name: str) -> cst.Call | None:
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    only = stmt.body[0]
    call = only.value if type(only) is cst.Expr else None
    if type(call) is not cst.Call or len(call.args) != 1 or call.args[0].keyword is not None:
        return None
    func = call.func
    if type(func) is not cst.Attribute or func.attr.value != "append":
        return None
    return call if type(func.value) is cst.Name and func.value.value == name else None


def _runs_nothing(stmt: cst.BaseStatement, names: ModuleNames, callables: Callables) -> bool:
    """A definition, an import, or simple statements calling none of the module's functions
    or classes (but factories making an ``append``'s item)."""
    if type(stmt) in (cst.FunctionDef, cst.ClassDef):
        return True
    if type(stmt) is not cst.SimpleStatementLine:
        return False
    for node in descendants(stmt):
        if type(node) is cst.Call:
            func = cst.ensure_type(node, cst.Call).func
            if type(func) is cst.Name and names.binds.get(func.value, 0) > 0:
                if not callables.factory(func.value):
                    return False
    return True


def _only_read(
    names: ModuleNames,
    name: str,
    binder: cst.CSTNode,
    appends: list[cst.Call],
    within: frozenset[int] | None = None,
) -> bool:
    """``name`` is named only where ``binder`` binds it, in ``appends``, as ``name[key](...)``,
    as a ``for``'s (or a comprehension's) iterable, as the receiver of a method that reads it,
    or given to a builtin that reads it (``within``: of the names among those nodes)."""
    counted = {id(call.func) for call in appends}
    for node, parent in names.uses.get(name, ()):
        if within is not None and id(node) not in within:
            continue
        kind = type(parent)
        if parent is binder:
            continue
        if (kind is cst.For or kind is cst.CompFor) and getattr(parent, "iter", None) is node:
            continue
        if kind is cst.Subscript:
            above = names.parent(parent)
            if type(above) is cst.Call and cst.ensure_type(above, cst.Call).func is parent:
                continue
        elif kind is cst.Attribute:
            if id(parent) in counted:
                continue
            above = names.parent(parent)
            read = cst.ensure_type(parent, cst.Attribute).attr.value in _READS
            if read and type(above) is cst.Call and cst.ensure_type(above, cst.Call).func is parent:
                continue
        elif kind is cst.Arg and not cst.ensure_type(parent, cst.Arg).star:
            above = names.parent(parent)
            func = cst.ensure_type(above, cst.Call).func if type(above) is cst.Call else None
            if type(func) is cst.Name and func.value in _READERS and func.value not in names.binds:
                continue
        return False
    return True


def _literals(module: cst.Module, names: ModuleNames) -> dict[str, Key]:
    """The module's names bound once, at its top level, to an integer or string literal."""
    out: dict[str, Key] = {}
    for stmt in module.body:
        if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
            continue
        small = stmt.body[0]
        target: cst.BaseAssignTargetExpression | None = None
        if type(small) is cst.Assign and len(small.targets) == 1:
            target = small.targets[0].target
        elif type(small) is cst.AnnAssign and small.value is not None:
            target = small.target
        value = getattr(small, "value", None)
        if type(target) is cst.Name and value is not None and names.once(target.value):
            key = literal(value)
            if key is not None:
                out[target.value] = key
    return out


def _table_item(
    func: cst.BaseExpression, tables: dict[str, Table], literals: dict[str, Key]
) -> Callee | None:
    """What ``table[key]`` is."""
    if type(func) is not cst.Subscript or type(func.value) is not cst.Name:
        return None
    held = tables.get(func.value.value)
    if held is None or len(func.slice) != 1 or type(func.slice[0].slice) is not cst.Index:
        return None
    index = func.slice[0].slice.value
    key: Key | None
    if type(index) is cst.Name:
        key = literals.get(index.value)
    elif type(index) is cst.UnaryOperation and isinstance(index.operator, cst.Minus):
        inner = literal(index.expression)
        key = -inner if type(inner) is int else None
    else:
        key = literal(index)
    if type(key) is int and key < 0 and all(type(k) is int for k in held):
        key += len(held)
    found = held.get(key) if key is not None else None
    return found[1] if found is not None else None


def _called(
    call: cst.Call,
    item: Callee,
    callables: Callables,
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> cst.BaseExpression | None:
    """The item's call for ``call``, placed where ``call`` and its callee are: ``item(args)``
    for a function, the lambda's body for a lambda (None where not exact, and for a closure)."""
    if item.kind == FUNCTION:
        name = cst.Name(cst.ensure_type(item.node, cst.Name).value)
        new = call.with_changes(func=name)
        aliases[name] = call.func
        aliases[new] = call
        return new
    if item.kind == LAMBDA:
        lam = cst.ensure_type(item.node, cst.Lambda)
        return reduced(call, lam, callables.shadowed(call, lam), aliases)
    return None


# A turn: its bindings (a target, the value) and the item it calls (None: an instance).
Turn = tuple[tuple[tuple[cst.Name, cst.BaseExpression], ...], Callee | None]


def _items(
    loop: cst.For,
    tables: dict[str, Table],
    names: ModuleNames,
    module: cst.Module,
    callables: Callables,
) -> list[Turn] | None:
    """The turns of ``loop`` where it may be written as them (above)."""
    if loop.orelse is not None or loop.asynchronous is not None or not _plain(loop):
        return None
    target, iterable = loop.target, loop.iter
    walks = ""
    if type(iterable) is cst.Call and type(iterable.func) is cst.Attribute and not iterable.args:
        walks, iterable = iterable.func.attr.value, iterable.func.value
    key_target: cst.Name | None = None
    if walks == "items" and type(target) is cst.Tuple and len(target.elements) == 2:
        first, second = (e.value for e in target.elements)
        if type(first) is not cst.Name or type(second) is not cst.Name:
            return None
        key_target, target = first, second
    if type(target) is not cst.Name:
        return None
    turns: list[Turn] = []
    named = iterable.value if type(iterable) is cst.Name else table_key(iterable)
    if named is not None and walks in ("", "values", "items"):
        held = tables.get(named)
        if held is None or (walks == "") != all(type(k) is int for k in held):
            return None
        keys = sorted(held, key=int) if walks == "" else list(held)
        for key in keys:
            key_node, callee = held[key]
            bound: tuple[tuple[cst.Name, cst.BaseExpression], ...] = ()
            if key_target is not None:
                if key_node is None:
                    return None
                bound = ((key_target, key_node),)
            turns.append((bound, callee))
    elif (type(iterable) is cst.List or type(iterable) is cst.Tuple) and not walks:
        elements: tuple[cst.BaseElement, ...] = tuple(getattr(iterable, "elements", ()))
        if not 0 < len(elements) <= _MOST:
            return None
        rebound = bound_in(loop.body)
        for element in elements:
            if type(element) is not cst.Element:
                return None
            value = element.value
            made = callables.callee(value)
            if made is None and not _quiet_instance(value, module, names, rebound):
                return None
            turns.append((((target, value),) if made is None else (), made))
    else:
        return None
    return _bind_items(loop, target, turns, callables)


def _bind_items(
    loop: cst.For, target: cst.Name, turns: list[Turn], callables: Callables
) -> list[Turn] | None:
    """Each turn's binding of the loop's variable: none for a lambda (named only as a callee
    in the body, every call of it written as its body), the item for the others."""
    calls = _variable_calls(loop, target.value)
    out: list[Turn] = []
    for bound, callee in turns:
        if callee is not None and callee.kind == LAMBDA:
            if calls is None or not calls:
                return None
            lam = cst.ensure_type(callee.node, cst.Lambda)
            if any(reduced(c, lam, callables.shadowed(c, lam), {}) is None for c in calls):
                return None
            out.append((bound, callee))
        elif callee is not None:
            out.append(((*bound, (target, callee.node)), callee))
        else:
            out.append((bound, None))  # (an instance: bound to it already)
    return out


def _variable_calls(loop: cst.For, variable: str) -> list[cst.Call] | None:
    """The calls ``v(args)`` of the loop's body; None where ``v`` is named otherwise too."""
    calls: list[cst.Call] = []
    callees: set[int] = set()
    named = 0
    for node in descendants(loop.body):
        if type(node) is cst.Call:
            func = cst.ensure_type(node, cst.Call).func
            if type(func) is cst.Name and func.value == variable:
                calls.append(cst.ensure_type(node, cst.Call))
                callees.add(id(func))
        elif type(node) is cst.Name and cst.ensure_type(node, cst.Name).value == variable:
            named += 1
    return calls if named == len(callees) else None


def _plain(loop: cst.For) -> bool:
    """No ``break``/``continue`` of the loop's own, no definition and no rebinding of its
    targets in its body."""
    targets = {n.value for n in descendants(loop.target) if type(n) is cst.Name}
    if targets & local_tables.rebound_in(loop.body):
        return False
    stack: list[cst.CSTNode] = [loop.body]
    while stack:
        node = stack.pop()
        if isinstance(node, _NESTED):
            return False
        if type(node) is cst.Break or type(node) is cst.Continue:
            return False
        if not isinstance(node, _LOOPS):
            stack.extend(children(node))
        elif getattr(node, "orelse", None) is not None:
            return False  # (a ``break`` in its ``else`` is the outer loop's)
        else:
            stack.extend(n for n in descendants(node) if isinstance(n, _NESTED))
    return True


def _quiet_instance(
    value: cst.BaseExpression, module: cst.Module, names: ModuleNames, rebound: set[str]
) -> bool:
    """``Class(a, b)`` of a top-level class of the module bound once, its arguments names,
    attributes of names or literals that ``rebound`` does not hold, its ``__init__`` (if it
    defines one) calling nothing: made at its turn, it is the same instance."""
    if type(value) is not cst.Call or type(value.func) is not cst.Name:
        return False
    title = value.func.value
    if not names.once(title):
        return False
    found = [s for s in module.body if type(s) is cst.ClassDef and s.name.value == title]
    if len(found) != 1:
        return False
    for arg in value.args:
        if arg.star:
            return False
        for node in descendants(arg.value):
            if type(node) not in (
                cst.Name,
                cst.Attribute,
                cst.Integer,
                cst.Float,
                cst.SimpleString,
            ):
                return False
            if type(node) is cst.Name and cst.ensure_type(node, cst.Name).value in rebound:
                return False
    body = found[0].body
    for stmt in body.body if type(body) is cst.IndentedBlock else ():
        if type(stmt) is cst.FunctionDef and stmt.name.value == "__init__":
            if any(type(n) is cst.Call for n in descendants(stmt.body)):
                return False
    return not found[0].bases or all(
        type(b.value) is cst.Name and b.value.value in ("object", "Generic") for b in found[0].bases
    )


def _unrolled(
    loop: cst.For,
    items: list[Turn],
    replaced: dict[cst.CSTNode, cst.CSTNode],
    callables: Callables,
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> cst.If:
    """``if True:`` then, per item, its bindings (``v = item``) and the body (its ``v(args)``
    written as the item's call where the item is a function or a lambda)."""
    body = loop.body
    statements: list[cst.BaseStatement] = (
        list(body.body)
        if type(body) is cst.IndentedBlock
        else [
            cst.SimpleStatementLine(body=list(cst.ensure_type(body, cst.SimpleStatementSuite).body))
        ]
    )
    variable: cst.BaseExpression = loop.target
    if type(variable) is cst.Tuple:
        variable = variable.elements[1].value
    calls = [
        n
        for s in statements
        for n in descendants(s)
        if type(n) is cst.Call
        and type(cst.ensure_type(n, cst.Call).func) is cst.Name
        and cst.ensure_type(n, cst.Call).func.value == variable.value  # type: ignore[attr-defined]
    ]
    turns: list[cst.BaseStatement] = []
    for bound, callee in items:
        keys = {n.value: v for n, v in bound if literal(v) is not None}
        for name, value in bound:
            if name.value in keys:
                continue  # (a key: written into the turn's statements, ``keyed_turn``)
            target = cst.Name(name.value)
            aliases[target] = name
            assigned = cst.Assign(targets=[cst.AssignTarget(target=target)], value=value)
            line = cst.SimpleStatementLine(body=[assigned])
            aliases[line] = loop
            aliases[assigned] = loop
            turns.append(line)
        mine = dict(replaced)
        if callee is not None and callee.kind != CLOSURE:
            for call in calls:
                new = _called(call, callee, callables, aliases)
                if new is not None:
                    mine[call] = new
        for stmt in statements:
            on_path = {id(n) for node in mine for n in path_to(stmt, node) or []}
            done = cast(cst.BaseStatement, rebuilt_with(stmt, mine, on_path, aliases))
            turns.append(local_tables.keyed_turn(done, keys, aliases))
    block = cst.IndentedBlock(body=turns)
    test = cst.Name("True")
    new_if = cst.If(test=test, body=block, leading_lines=loop.leading_lines)
    aliases[test] = loop.iter
    aliases[block] = loop.body
    aliases[new_if] = loop
    return new_if
