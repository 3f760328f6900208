"""Walks of items the module writes out, all different (round 41V2 of issue 17).

``table = {"a": [0, 3], "b": [1, 4]}`` then ``for pages in table.values(): for page in
pages: copy(pool[page]...)``: the inner loop walks a name an outer loop binds, one of the
table's lists each turn, and every page of every list differs from every other. Each turn
of the inner loop (of each turn of the outer one) takes a page no earlier turn took, as a
walk of a display of different constants does (``Loops.columns``: a key per step). Where
any list repeats a page, or another list shares one, or an item is not a literal, nothing
is claimed (the walk is as before, its findings kept). The outer loop runs the inner one
once per list; a loop around both still re-walks the same pages and meets its earlier
turn's ops as before (the outer walk is one the checker follows turn by turn)."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.flow.elements import ElementKind
from tilecheck.host.bound_once import scope_statements
from tilecheck.host.unknown_parts import body_of, value_of, walked_by
from tilecheck.syntax.constants import literal_value
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import descendants


def walks_apart(
    index: SyntaxIndex,
    scope: cst.CSTNode,
    module: cst.CSTNode,
    kind: ElementKind,
    node: cst.CSTNode,
    name: str,
) -> frozenset[int | str] | None:
    """The element ``node`` (of ``kind``) is ``for name in pages`` (or ``enumerate(pages)``)
    where the one outer loop around it binds ``pages`` to one of a table's lists, no item in
    two places (``distinct_values``), and no other loop encloses either: each turn's item is
    one no earlier turn took: all the items the walk takes (None: not such a walk)."""
    if kind is not ElementKind.FOR_TARGET or type(node) is not cst.For:
        return None
    walked = node.iter
    if type(node.target) is cst.Tuple:
        if (
            type(walked) is not cst.Call
            or type(walked.func) is not cst.Name
            or walked.func.value != "enumerate"
            or len(walked.args) != 1
            or _bound(node.target)[1:] != [name]
        ):
            return None
        walked = walked.args[0].value
    elif type(node.target) is not cst.Name or node.target.value != name:
        return None
    if type(walked) is not cst.Name:
        return None
    around = index.fact(scope, _enclosing).get(id(node))
    if around is None or len(around) != 1 or type(around[0]) is not cst.For:
        return None
    outer = around[0]
    if index.fact(scope, _enclosing).get(id(outer)) != ():
        return None
    if walked.value not in _bound(outer.target):
        return None
    return distinct_values(index, scope, module, walked.value)


def _enclosing(
    index: SyntaxIndex, scope: cst.CSTNode
) -> dict[int, tuple[cst.For | cst.While, ...]]:
    """Each ``for`` of ``scope`` (by id) with the loops of ``scope`` around it, outermost
    first (nested functions and classes not entered)."""
    found: dict[int, tuple[cst.For | cst.While, ...]] = {}

    def visit(body: Sequence[cst.BaseStatement], around: tuple[cst.For | cst.While, ...]) -> None:
        for stmt in body:
            if type(stmt) is cst.For:
                found[id(stmt)] = around
            if type(stmt) is cst.For or type(stmt) is cst.While:
                inner = (*around, stmt)
                visit(_block(stmt.body), inner)
                if stmt.orelse is not None:
                    visit(_block(stmt.orelse.body), around)
            elif type(stmt) is cst.If:
                visit(_block(stmt.body), around)
                other = stmt.orelse
                while other is not None:
                    visit(_block(other.body), around)
                    other = other.orelse if type(other) is cst.If else None
            elif type(stmt) is cst.With:
                visit(_block(stmt.body), around)
            elif type(stmt) is cst.Try:
                visit(_block(stmt.body), around)
                for handler in stmt.handlers:
                    visit(_block(handler.body), around)

    visit(body_of(scope), ())
    return found


def _block(suite: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    return suite.body if type(suite) is cst.IndentedBlock else ()


def distinct_values(
    index: SyntaxIndex, scope: cst.CSTNode, module: cst.CSTNode | None, name: str
) -> frozenset[int | str] | None:
    """``name`` is bound by the one ``for`` of ``scope`` (or of the module) that binds it,
    to one of a written-out collection's lists of literals, all different across lists:
    the literals (None: not such a name)."""
    for where in (scope, module):
        if where is None:
            continue
        loop = index.fact(where, _loops_binding).get(name)
        if loop is None:
            continue
        lists = _lists_taken(index, scope, module, loop, name)
        return _all_different(lists) if lists is not None else None
    return None


def _loops_binding(index: SyntaxIndex, scope: cst.CSTNode) -> dict[str, cst.For]:
    """The ``for`` statements of ``scope`` by the names they alone bind (see ``walked_by``)."""
    found: dict[str, cst.For] = {}
    once = walked_by(index, scope)
    for node in index.fact(scope, _fors):
        for name in _bound(node.target):
            if name in once and once[name] is node.iter:
                found[name] = node
    return found


def _fors(index: SyntaxIndex, scope: cst.CSTNode) -> list[cst.For]:
    return [s for s in scope_statements(body_of(scope)) if type(s) is cst.For]


def _bound(target: cst.BaseExpression) -> list[str]:
    if type(target) is cst.Name:
        return [target.value]
    if type(target) in (cst.Tuple, cst.List):
        return [
            e.value.value
            for e in target.elements  # type: ignore[attr-defined]
            if type(e) is cst.Element and type(e.value) is cst.Name
        ]
    return []


def _lists_taken(
    index: SyntaxIndex,
    scope: cst.CSTNode,
    module: cst.CSTNode | None,
    loop: cst.For,
    name: str,
) -> list[cst.BaseExpression] | None:
    """The items ``loop`` binds ``name`` to, one per turn: ``for x in L``, ``for k, x in
    D.items()``, ``for x in D.values()``, ``for i, x in enumerate(L)`` of a display ``L`` or
    ``D`` (or a name bound once to one)."""
    target, iterable = loop.target, loop.iter
    position: int | None = None
    if type(target) is cst.Tuple:
        names = _bound(target)
        if len(names) != 2 or len(target.elements) != 2 or names[1] != name:
            return None
        position = 1
    elif type(target) is not cst.Name:
        return None
    keyed = False
    if type(iterable) is cst.Call and not any(a.keyword or a.star for a in iterable.args):
        func = iterable.func
        if type(func) is cst.Attribute and not iterable.args:
            if func.attr.value == "values" and position is None:
                keyed, iterable = True, func.value
            elif func.attr.value == "items" and position == 1:
                keyed, iterable, position = True, func.value, None
            else:
                return None
        elif (
            type(func) is cst.Name
            and func.value == "enumerate"
            and len(iterable.args) == 1
            and position == 1
        ):
            iterable, position = iterable.args[0].value, None
        else:
            return None
    if position is not None:
        return None
    display = _display(index, scope, module, iterable)
    if display is None:
        return None
    if keyed:
        if type(display) is not cst.Dict:
            return None
        return [e.value for e in display.elements if type(e) is cst.DictElement] or None
    if type(display) not in (cst.List, cst.Tuple):
        return None
    elements: Sequence[cst.BaseElement] = display.elements  # type: ignore[attr-defined]
    if any(type(e) is not cst.Element for e in elements):
        return None
    return [e.value for e in elements] or None


def _display(
    index: SyntaxIndex,
    scope: cst.CSTNode,
    module: cst.CSTNode | None,
    expr: cst.BaseExpression,
) -> cst.BaseExpression | None:
    """``expr`` itself where a display, or the display a name bound once holds."""
    if type(expr) is cst.Attribute and module is not None:
        return _attribute_display(index, scope, module, expr)
    seen: set[str] = set()
    while type(expr) is cst.Name and expr.value not in seen:
        seen.add(expr.value)
        found = value_of(index, scope, module, expr.value)
        if found is None:
            return None
        expr = found
    return expr if type(expr) in (cst.List, cst.Tuple, cst.Dict) else None


_READS = frozenset({"values", "items", "keys", "get", "copy"})


def _attribute_display(
    index: SyntaxIndex, scope: cst.CSTNode, module: cst.CSTNode, expr: cst.Attribute
) -> cst.BaseExpression | None:
    """``self.tables`` in a method where the class binds that attribute once, to a display,
    and only reads it (no store into it, no ``pop``/``append``...): that display."""
    if type(scope) is not cst.FunctionDef or type(expr.value) is not cst.Name:
        return None
    params = scope.params.params
    if not params or params[0].name.value != expr.value.value:
        return None
    owner = index.fact(module, _owners).get(id(scope))
    if owner is None:
        return None
    return index.fact(owner, _read_only_displays).get(expr.attr.value)


def _owners(index: SyntaxIndex, module: cst.CSTNode) -> dict[int, cst.ClassDef]:
    """Each method of a module's class (by id) with its class."""
    return {
        id(stmt): node
        for node in descendants(module)
        if type(node) is cst.ClassDef and type(node.body) is cst.IndentedBlock
        for stmt in node.body.body
        if type(stmt) is cst.FunctionDef
    }


def _read_only_displays(index: SyntaxIndex, owner: cst.CSTNode) -> dict[str, cst.BaseExpression]:
    """The attributes ``owner`` (a class) binds once, to a display, and never changes
    otherwise (any store, ``del`` or call of another method on it drops the attribute)."""
    bound: dict[str, list[cst.BaseExpression | None]] = {}
    changed: set[str] = set()
    for node in descendants(owner):
        if type(node) is cst.Assign:
            for target in node.targets:
                _note_store(target.target, node.value, bound, changed)
        elif type(node) in (cst.AnnAssign, cst.AugAssign):
            _note_store(node.target, None, bound, changed)  # type: ignore[attr-defined]
        elif type(node) is cst.Del:
            _note_store(node.target, None, bound, changed)
        elif type(node) is cst.Call and type(node.func) is cst.Attribute:
            held = node.func.value
            if type(held) is cst.Attribute and node.func.attr.value not in _READS:
                changed.add(held.attr.value)
    return {
        name: values[0]
        for name, values in bound.items()
        if name not in changed and len(values) == 1 and values[0] is not None
    }


def _note_store(
    target: cst.BaseExpression,
    value: cst.BaseExpression | None,
    bound: dict[str, list[cst.BaseExpression | None]],
    changed: set[str],
) -> None:
    if type(target) is cst.Attribute:
        shown = value if type(value) in (cst.Dict, cst.List, cst.Tuple) else None
        bound.setdefault(target.attr.value, []).append(shown)
    elif type(target) is cst.Subscript and type(target.value) is cst.Attribute:
        changed.add(target.value.attr.value)
    elif type(target) in (cst.Tuple, cst.List):
        for element in target.elements:  # type: ignore[attr-defined]
            _note_store(element.value, None, bound, changed)


def _all_different(lists: list[cst.BaseExpression]) -> frozenset[int | str] | None:
    """Each of ``lists`` a list or tuple display of literal integers or strings, no value
    in two places: the values (None: not so)."""
    seen: set[int | str] = set()
    count = 0
    for shown in lists:
        if type(shown) not in (cst.List, cst.Tuple):
            return None
        for element in shown.elements:  # type: ignore[attr-defined]
            value = element.value
            if type(element) is not cst.Element or type(value) not in (
                cst.Integer,
                cst.SimpleString,
            ):
                return None
            literal = literal_value(value)
            if not isinstance(literal, (int, str)) or isinstance(literal, bool):
                return None
            seen.add(literal)
            count += 1
    return frozenset(seen) if count and len(seen) == count else None


def given_displays(
    index: SyntaxIndex, scope: cst.CSTNode, module: cst.CSTNode, method: bool
) -> dict[str, cst.BaseExpression]:
    """The parameters of the function ``scope`` (a method where ``method``) that a call of
    it by name in the module (``fill(...)``, ``pool.fill(...)``) gives a display of literals
    with an item in two places: that call's walk of it takes one item twice, a real fault
    whatever the other calls give (``unknown_parts.walks_unknown`` takes it as that display)."""
    if type(scope) is not cst.FunctionDef:
        return {}
    calls = index.fact(module, _repeating_calls).get(scope.name.value)
    if not calls:
        return {}
    found: dict[str, cst.BaseExpression] = {}
    for call in calls:
        if (type(call.func) is cst.Attribute) == method:
            found.update(repeated_displays(call, scope, method))
    return found


def _repeating_calls(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, list[cst.Call]]:
    """The calls of the module by a name or an attribute's name with an argument that is a
    display of literals with a repeated item, by that name (one walk of the module)."""
    found: dict[str, list[cst.Call]] = {}
    for node in descendants(module):
        if type(node) is not cst.Call or not any(_repeats(a.value) for a in node.args):
            continue
        func = node.func
        name = (
            func.value
            if type(func) is cst.Name
            else func.attr.value
            if type(func) is cst.Attribute
            else None
        )
        if name is not None:
            found.setdefault(name, []).append(node)
    return found


def repeated_displays(
    call: cst.Call, fn: cst.FunctionDef, method: bool
) -> dict[str, cst.BaseExpression]:
    """The parameters of ``fn`` (after its ``self`` where ``method``) that ``call`` gives a
    list or tuple display of literals with an item in two places (``pool.fill([0, 1, 1],
    src)``): a walk of that parameter takes one item twice, which the body run in place
    can see (``tilecheck.host.unknown_parts.walks_unknown``)."""
    if not any(_repeats(arg.value) for arg in call.args):
        return {}
    if any(arg.star for arg in call.args):
        return {}
    params = [*fn.params.posonly_params, *fn.params.params][1 if method else 0 :]
    by_name = {p.name.value for p in (*params, *fn.params.kwonly_params)}
    found: dict[str, cst.BaseExpression] = {}
    for position, arg in enumerate(call.args):
        if arg.keyword is not None:
            name = arg.keyword.value if arg.keyword.value in by_name else None
        else:
            name = params[position].name.value if position < len(params) else None
        if name is None:
            return {}
        if _repeats(arg.value):
            found[name] = arg.value
    return found


def _repeats(expr: cst.BaseExpression) -> bool:
    """A list or tuple display of literal integers or strings, one of them twice."""
    if type(expr) is not cst.List and type(expr) is not cst.Tuple:
        return False
    return (
        _all_different([expr]) is None
        and all(
            type(e) is cst.Element and type(e.value) in (cst.Integer, cst.SimpleString)
            for e in expr.elements
        )
        and len(expr.elements) > 1
    )
