"""Functions and instances called through a table or a loop over a display (round 33H of
issue 17).

A user keeps the module's functions in a container and calls them through it:
``handlers = {"res": residual, "plain": plain}`` then ``handlers["res"](out, x, out)``;
``steps = [residual, plain]`` then ``steps[0](...)``; ``for f in [plain, residual]: f(...)``;
``for stage in [Norm(), Residual(out)]: stage(out, x)``. Python calls the item, so the call is
the item's own call, and the analysis follows a call of a name (the function's summary, or
``__call__`` of an instance a name holds). The module is therefore analysed with

* each ``table[key](args)`` written ``item(args)``, where ``table`` is bound once, at the
  module's top level, to a display of the module's top-level functions (a dict of constant
  keys, a list or a tuple), and is named nowhere but in such calls and loop heads; ``key`` a
  literal, or a name bound once to one at the module's top level, that the table holds;
* each ``for v in items:`` over such a table, or over a list or tuple display written in its
  head, whose items are all the module's top-level functions or calls of its top-level classes
  (their arguments plain values the body does not rebind, their ``__init__`` calling nothing),
  written as its turns one after the other (``v = item`` then the body, in an ``if True:``),
  with the body's calls ``v(args)`` written ``item(args)`` where the item is a function. Exact
  where the loop is: no ``else``, no ``break``/``continue`` of its own, no definition in its
  body and no rebinding of ``v`` there; an instance made where the list was is made at its turn
  instead, which its ``__init__`` calling nothing makes the same.

The functions' names are each bound once in the module (their ``def``), so the name written in
place of the item is the item. Rebuilt nodes are placed by the nodes they stand for
(``aliases``)."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from typing import cast

import libcst as cst

from tilecheck.host.lazy_code import path_to, rebuilt_with
from tilecheck.syntax.walk import children, descendants

Key = int | str
_MOST = 8  # turns a loop is written as
_TARGETS: dict[type, str] = {
    cst.AssignTarget: "target",
    cst.AnnAssign: "target",
    cst.AugAssign: "target",
    cst.For: "target",
    cst.CompFor: "target",
    cst.NamedExpr: "target",
    cst.Param: "name",
    cst.AsName: "name",
    cst.FunctionDef: "name",
    cst.ClassDef: "name",
    cst.Del: "target",
    cst.ImportAlias: "name",
    cst.NameItem: "name",
    cst.MatchAs: "name",
    cst.MatchStar: "name",
    cst.MatchMapping: "rest",
}
_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_LOOPS = (cst.For, cst.While)


class _Names:
    """Every name of the module with the node it lies in, and how often it is bound."""

    def __init__(self, module: cst.Module) -> None:
        self.uses: dict[str, list[tuple[cst.Name, cst.CSTNode]]] = defaultdict(list)
        self.binds: dict[str, int] = defaultdict(int)
        self.calls: list[cst.Call] = []
        self.loops: list[cst.For] = []
        parent_of: dict[int, cst.CSTNode] = {}
        stack: list[cst.CSTNode] = [module]
        while stack:
            node = stack.pop()
            kind = type(node)
            if kind is cst.Name:
                name = cst.ensure_type(node, cst.Name)
                parent = parent_of.get(id(node), module)
                self.uses[name.value].append((name, parent))
                if _binds(name, parent, parent_of):
                    self.binds[name.value] += 1
                continue
            if kind is cst.Call and type(cst.ensure_type(node, cst.Call).func) is cst.Subscript:
                self.calls.append(cst.ensure_type(node, cst.Call))
            elif kind is cst.For:
                self.loops.append(cst.ensure_type(node, cst.For))
            for child in children(node):
                parent_of[id(child)] = node
                stack.append(child)


def _binds(name: cst.Name, parent: cst.CSTNode, parent_of: dict[int, cst.CSTNode]) -> bool:
    node: cst.CSTNode = name
    while type(parent) in (cst.Element, cst.StarredElement, cst.Tuple, cst.List):
        node, parent = parent, parent_of.get(id(parent), parent)
        if parent is node:
            return False
    field = _TARGETS.get(type(parent))
    if field is None:
        return False
    if type(parent) is cst.ImportAlias:
        held = cst.ensure_type(parent, cst.ImportAlias)
        return held.asname is None and held.name is node
    return getattr(parent, field, None) is node


# What the text of such a call or loop holds: ``name[key](``, ``for f in name:``, ``for f in [``.
_SPELLED = re.compile(r"\]\s*\(|\bfor\s+\w+\s+in\s+(?:\w+\s*:|[\[(])")


def dispatched(
    module: cst.Module, source: str | None = None
) -> tuple[cst.Module, dict[cst.CSTNode, cst.CSTNode]]:
    """The module with the calls and loops above rewritten, and the rebuilt nodes by the
    source nodes they stand for. ``source``: the module's text, where known (a text with
    neither form is not walked)."""
    if source is not None and _SPELLED.search(source) is None:
        return module, {}
    names = _Names(module)
    if not names.calls and not names.loops:
        return module, {}
    functions = _functions(module, names)
    tables = _tables(module, names, functions)
    literals = _literals(module, names)
    replaced: dict[cst.CSTNode, cst.CSTNode] = {}
    aliases: dict[cst.CSTNode, cst.CSTNode] = {}
    for call in names.calls:
        item = _table_item(call.func, tables, literals)
        if item is not None:
            replaced[call] = _called(call, item, aliases)
    turns = {
        loop: items
        for loop in names.loops
        if (items := _items(loop, tables, names, module, functions)) is not None
    }
    inner = {id(n) for loop in turns for n in descendants(loop.body) if n is not loop}
    for loop, items in turns.items():
        if id(loop) in inner:
            continue
        replaced[loop] = _unrolled(loop, items, replaced, aliases)
    if not replaced:
        return module, {}
    on_path = {id(n) for node in replaced for n in path_to(module, node) or []}
    rebuilt = rebuilt_with(module, replaced, on_path, aliases)
    return cst.ensure_type(rebuilt, cst.Module), aliases


def _once(names: _Names, name: str) -> bool:
    return names.binds.get(name, 0) == 1


def _functions(module: cst.Module, names: _Names) -> dict[str, cst.FunctionDef]:
    return {
        s.name.value: s
        for s in module.body
        if type(s) is cst.FunctionDef and _once(names, s.name.value)
    }


def _tables(
    module: cst.Module, names: _Names, functions: dict[str, cst.FunctionDef]
) -> dict[str, dict[Key, cst.Name]]:
    """The module's names bound once, at its top level, to a display of its functions, and
    named nowhere else but as ``name[key](...)`` or a loop's iterable."""
    out: dict[str, dict[Key, cst.Name]] = {}
    for stmt in module.body:
        if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
            continue
        small = stmt.body[0]
        if type(small) is not cst.Assign or len(small.targets) != 1:
            continue
        target = small.targets[0].target
        if type(target) is not cst.Name or not _once(names, target.value):
            continue
        held = _display(small.value, functions)
        if held is not None and _only_called(names, target.value, small.targets[0]):
            out[target.value] = held
    return out


def _display(
    value: cst.BaseExpression, functions: dict[str, cst.FunctionDef]
) -> dict[Key, cst.Name] | None:
    held: dict[Key, cst.Name] = {}
    if type(value) is cst.List or type(value) is cst.Tuple:
        elements: tuple[cst.BaseElement, ...] = tuple(getattr(value, "elements", ()))
        for i, element in enumerate(elements):
            if type(element) is not cst.Element or type(element.value) is not cst.Name:
                return None
            held[i] = element.value
    elif type(value) is cst.Dict:
        for entry in cst.ensure_type(value, cst.Dict).elements:
            if type(entry) is not cst.DictElement or type(entry.value) is not cst.Name:
                return None
            key = _literal(entry.key)
            if key is None:
                return None
            held[key] = entry.value
    else:
        return None
    if not held or any(n.value not in functions for n in held.values()):
        return None
    return held


def _only_called(names: _Names, name: str, binder: cst.AssignTarget) -> bool:
    """``name`` is named only where ``binder`` binds it, as ``name[key](...)`` and as a
    ``for``'s iterable."""
    for node, parent in names.uses.get(name, ()):
        if parent is binder:
            continue
        if type(parent) is cst.For and cst.ensure_type(parent, cst.For).iter is node:
            continue
        if type(parent) is cst.Subscript and any(call.func is parent for call in names.calls):
            continue
        return False
    return True


def _literal(expr: cst.BaseExpression) -> Key | None:
    if type(expr) is cst.Integer or type(expr) is cst.SimpleString:
        try:
            value = ast.literal_eval(cst.Module([]).code_for_node(expr))
        except (ValueError, SyntaxError):
            return None
        return value if type(value) in (int, str) else None
    return None


def _literals(module: cst.Module, names: _Names) -> dict[str, Key]:
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
        if type(target) is cst.Name and value is not None and _once(names, target.value):
            key = _literal(value)
            if key is not None:
                out[target.value] = key
    return out


def _table_item(
    func: cst.BaseExpression, tables: dict[str, dict[Key, cst.Name]], literals: dict[str, Key]
) -> cst.Name | None:
    """The function ``table[key]`` is."""
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
        inner = _literal(index.expression)
        key = -inner if type(inner) is int else None
    else:
        key = _literal(index)
    if type(key) is int and key < 0 and all(type(k) is int for k in held):
        key += len(held)
    return held.get(key) if key is not None else None


def _called(call: cst.Call, item: cst.Name, aliases: dict[cst.CSTNode, cst.CSTNode]) -> cst.Call:
    """``item(args)`` for ``call``, placed where ``call`` and its callee are."""
    name = cst.Name(item.value)
    new = call.with_changes(func=name)
    aliases[name] = call.func
    aliases[new] = call
    return new


Item = tuple[cst.BaseExpression, bool]  # the item, and whether it is a function's name


def _items(
    loop: cst.For,
    tables: dict[str, dict[Key, cst.Name]],
    names: _Names,
    module: cst.Module,
    functions: dict[str, cst.FunctionDef],
) -> list[Item] | None:
    """The turns of ``loop`` where it may be written as them (above)."""
    if loop.orelse is not None or loop.asynchronous is not None:
        return None
    if type(loop.target) is not cst.Name:
        return None
    iterable = loop.iter
    if type(iterable) is cst.Name:
        held = tables.get(iterable.value)
        if held is None or not all(type(k) is int for k in held):
            return None
        return [(held[k], True) for k in sorted(held, key=int)] if _plain(loop) else None
    if type(iterable) is not cst.List and type(iterable) is not cst.Tuple:
        return None
    elements: tuple[cst.BaseElement, ...] = tuple(getattr(iterable, "elements", ()))
    if not 0 < len(elements) <= _MOST or not _plain(loop):
        return None
    rebound = _bound_in(loop.body)
    items: list[Item] = []
    for element in elements:
        if type(element) is not cst.Element:
            return None
        value = element.value
        if type(value) is cst.Name and value.value in functions:
            items.append((value, True))
        elif _quiet_instance(value, module, names, rebound):
            items.append((value, False))
        else:
            return None
    return items


def _plain(loop: cst.For) -> bool:
    """No ``break``/``continue`` of the loop's own, no definition and no rebinding of its
    variable in its body."""
    variable = cst.ensure_type(loop.target, cst.Name).value
    if variable in _bound_in(loop.body):
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


def _bound_in(body: cst.CSTNode) -> set[str]:
    """The names ``body`` may bind (any target; more is safe)."""
    out: set[str] = set()
    for node in descendants(body):
        field = _TARGETS.get(type(node))
        target = getattr(node, field, None) if field is not None else None
        if isinstance(target, cst.CSTNode):
            out.update(n.value for n in descendants(target) if type(n) is cst.Name)
    return out


def _quiet_instance(
    value: cst.BaseExpression, module: cst.Module, names: _Names, rebound: set[str]
) -> bool:
    """``Class(a, b)`` of a top-level class of the module bound once, its arguments names,
    attributes of names or literals that ``rebound`` does not hold, its ``__init__`` (if it
    defines one) calling nothing: made at its turn, it is the same instance."""
    if type(value) is not cst.Call or type(value.func) is not cst.Name:
        return False
    title = value.func.value
    if not _once(names, title):
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
    items: list[Item],
    replaced: dict[cst.CSTNode, cst.CSTNode],
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> cst.If:
    """``if True:`` then, per item, ``v = item`` and the body (its ``v(args)`` written
    ``item(args)`` where the item is a function)."""
    variable = cst.ensure_type(loop.target, cst.Name)
    body = loop.body
    statements: list[cst.BaseStatement] = (
        list(body.body)
        if type(body) is cst.IndentedBlock
        else [
            cst.SimpleStatementLine(body=list(cst.ensure_type(body, cst.SimpleStatementSuite).body))
        ]
    )
    calls = [
        n
        for s in statements
        for n in descendants(s)
        if type(n) is cst.Call
        and type(cst.ensure_type(n, cst.Call).func) is cst.Name
        and cst.ensure_type(n, cst.Call).func.value == variable.value  # type: ignore[attr-defined]
    ]
    turns: list[cst.BaseStatement] = []
    for item, function in items:
        target = cst.Name(variable.value)
        aliases[target] = variable
        bound = cst.Assign(targets=[cst.AssignTarget(target=target)], value=item)
        line = cst.SimpleStatementLine(body=[bound])
        aliases[line] = loop
        aliases[bound] = loop
        turns.append(line)
        mine = dict(replaced)
        if function:
            for call in calls:
                mine[call] = _called(call, cst.ensure_type(item, cst.Name), aliases)
        for stmt in statements:
            on_path = {id(n) for node in mine for n in path_to(stmt, node) or []}
            turns.append(cast(cst.BaseStatement, rebuilt_with(stmt, mine, on_path, aliases)))
    block = cst.IndentedBlock(body=turns)
    test = cst.Name("True")
    new = cst.If(test=test, body=block, leading_lines=loop.leading_lines)
    aliases[test] = loop.iter
    aliases[block] = loop.body
    aliases[new] = loop
    return new
