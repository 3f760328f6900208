"""A ``for`` that fills a container bound empty just before it, one item a turn (round 38P of
issue 17): ``pends = []`` then ``for layer in range(4): pends.append(k(...).submit())``, or
``pends = {}`` then ``for i in range(4): pends[i] = k(...).submit()``.

Built slot by slot (``tilecheck.flow.unroll``), such a loop is the appends (or the stores)
written out one after another: the list's items line up with the turns that made them, so
``pends[-1].wait()`` waits for the last turn's Pending only, and the other turns' writes are
still in flight. Built as a loop, the turns' Pendings are one joined object, and a wait for
any of them counts for all (a missed finding, never a false one).

Only syntax is read, and only where the body calls ``append`` or stores by subscript. What
this takes: a straight body (simple statements only: each turn runs each of them once, so no
``if``, ``break`` or ``continue``) of a loop not inside another loop (``in_loop``: the outer
loop's next turn makes the items again), filling a name bound to ``[]``/``list()``
(``{}``/``dict()`` for stores) by an earlier statement of the suites around the loop
(``unroll._Earlier``), appended one object (``xs.append(value)``, ``xs += [value]``; not a
row nor a plain number), or stored under the loop's own target (``d[i] = value``). Every
other container (a ``deque`` with a ``maxlen``, an attribute, a parameter) keeps the loop,
whose rules follow what it drops and keeps turn after turn."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from tilecheck.syntax.nodes import empty_dict, empty_list, store_targets
from tilecheck.syntax.walk import children

# calls that give a plain value (``float(...)``): what they append keeps no object
_PLAIN_CALLS = frozenset({"float", "int", "str", "bool", "len", "round", "abs", "sum", "repr"})
# (a name -> the value an earlier statement last bound it to, where one did)
Bound = Callable[[str], cst.BaseExpression | None]


def fresh_append(node: cst.CSTNode, bound: Bound) -> bool:
    """``xs.append(value)`` or ``xs += [value]`` of a name bound empty before the loop, the
    value one object (not a row: ``xs.append((buf, pending))`` keeps the loop, whose rules
    keep a row's columns together, ``tilecheck.host.rows``; nor a plain number)."""
    kind = type(node)
    if kind is cst.Call:
        func = node.func  # type: ignore[attr-defined]
        args = node.args  # type: ignore[attr-defined]
        if type(func) is not cst.Attribute or func.attr.value != "append" or len(args) != 1:
            return False
        if args[0].star or args[0].keyword is not None or type(func.value) is not cst.Name:
            return False
        return _one_object(args[0].value) and empty_list(bound(func.value.value))
    if kind is cst.AugAssign:
        target, value = node.target, node.value  # type: ignore[attr-defined]
        if type(node.operator) is not cst.AddAssign or type(target) is not cst.Name:  # type: ignore[attr-defined]
            return False
        if type(value) is not cst.List or len(value.elements) != 1:
            return False
        element = value.elements[0]
        if type(element) is not cst.Element or not _one_object(element.value):
            return False
        return empty_list(bound(target.value))
    return False


def _one_object(value: cst.BaseExpression) -> bool:
    """A call or a name (an object the turn made or took), not a display nor a literal."""
    if type(value) is cst.Call:
        func = value.func
        return type(func) is not cst.Name or func.value not in _PLAIN_CALLS
    return type(value) in (cst.Name, cst.Attribute, cst.Subscript)


def in_loop(suites: Sequence[tuple[Sequence[cst.CSTNode], int]]) -> bool:
    """The loop (``suites[0]``'s statement) is inside another ``for`` or ``while`` (the
    statements holding it, ``suites[1:]``): its turns' objects are made again on the outer
    loop's next turn, which the outer loop's rules follow (the fill keeps the loop)."""
    for suite, at in suites[1:]:
        if 0 <= at < len(suite) and type(suite[at]) in (cst.For, cst.While):
            return True
    return False


def straight(loop: cst.For | cst.With) -> bool:
    """The body is simple statements only, or ``with`` blocks of them (no ``if``, no nested
    loop): each turn runs every one of them, once (round 41W: ``with tr.graph() as g:
    g.record(...)`` then ``graphs[bs] = g`` is a straight turn)."""
    body = loop.body
    if type(body) is cst.SimpleStatementSuite:
        return True
    return all(
        type(s) is cst.SimpleStatementLine or (type(s) is cst.With and _plain_with(s))
        for s in body.body
    )


def _plain_with(block: cst.With) -> bool:
    """A ``with`` whose body is straight and whose manager is not ``suppress(...)`` (which
    may leave the body halfway)."""
    for item in block.items:
        call = item.item
        func = call.func if type(call) is cst.Call else None
        name = func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)
        if name == "suppress":
            return False
    return straight(block)


def _headers_name(body: cst.BaseSuite, name: str) -> bool:
    """A ``with`` block of a straight body names ``name`` in its header."""
    if isinstance(body, cst.SimpleStatementSuite):
        return False
    for line in body.body:
        if isinstance(line, cst.With):
            if any(names(item, name) for item in line.items) or _headers_name(line.body, name):
                return True
    return False


def fills(loop: cst.For, bound: Bound) -> bool:
    """The body, straight (``straight``), appends to a list bound empty before the loop
    (``fresh_append``), or stores under the loop's own target (one name) into a dict bound
    empty before it."""
    if not straight(loop):
        return False
    target = loop.target.value if type(loop.target) is cst.Name else None
    stack: list[cst.CSTNode] = [loop.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            continue
        if fresh_append(node, bound):
            return True
        if kind is cst.Assign and target is not None:
            for t in node.targets:  # type: ignore[attr-defined]
                if _stored_by(t.target, target) and empty_dict(bound(t.target.value.value)):
                    return True
        stack.extend(children(node))
    return False


def _stored_by(target: cst.BaseExpression, key: str) -> bool:
    """``d[key]``, ``d`` a name."""
    if type(target) is not cst.Subscript or type(target.value) is not cst.Name:
        return False
    if len(target.slice) != 1 or type(target.slice[0].slice) is not cst.Index:
        return False
    index = target.slice[0].slice.value
    return type(index) is cst.Name and index.value == key


def _smalls(body: cst.BaseSuite) -> list[cst.BaseSmallStatement]:
    """The small statements of a loop's body and of its ``with`` blocks, its other compound
    statements left out."""
    if isinstance(body, cst.SimpleStatementSuite):
        return list(body.body)
    out: list[cst.BaseSmallStatement] = []
    for line in body.body:
        if isinstance(line, cst.SimpleStatementLine):
            out.extend(line.body)
        elif isinstance(line, cst.With):
            out.extend(_smalls(line.body))
    return out


def appends(loop: cst.For, name: str) -> int | None:
    """How many items a turn of ``loop`` appends to ``name`` where it certainly appends
    them (a straight body of plain statements, ``name.append(x)`` or ``name += [x]`` each
    one statement); 0 where the loop does not name it; None where it names it otherwise."""
    if not names(loop, name):
        return 0
    if not straight(loop) or loop.asynchronous is not None or loop.orelse is not None:
        return None
    if names(loop.target, name) or names(loop.iter, name) or _headers_name(loop.body, name):
        return None
    count = 0
    for small in _smalls(loop.body):
        if not names(small, name):
            continue
        node = small.value if isinstance(small, cst.Expr) else small
        if not fresh_append(node, lambda n: cst.List([]) if n == name else None):
            return None
        count += 1
    return count


def stores(loop: cst.For, name: str) -> bool:
    """A turn of ``loop`` stores one object into ``name`` under the loop's own target (one
    name), once: a straight body whose one statement naming ``name`` is ``name[key] = value``
    (round 40W: ``pends = {}`` then ``for key in keys: pends[key] = k(...).submit()`` holds
    one item a turn, as many as the turns where the keys differ; the analysis checks them)."""
    target = loop.target
    if type(target) is not cst.Name or not straight(loop):
        return False
    if loop.asynchronous is not None or loop.orelse is not None:
        return False
    if names(loop.iter, name) or not names(loop.body, name) or _headers_name(loop.body, name):
        return False
    found = 0
    for small in _smalls(loop.body):
        if not names(small, name) or only_reads(small, name):
            continue  # (``graphs[key].launch()`` beside the store reads its item: 41W)
        if type(small) is not cst.Assign or len(small.targets) != 1:
            return False
        stored = small.targets[0].target
        if not _stored_by(stored, target.value):
            return False
        assert isinstance(stored, cst.Subscript) and isinstance(stored.value, cst.Name)
        if stored.value.value != name:
            return False
        if names(small.value, name) or not _one_object(small.value):
            return False
        found += 1
    return found == 1


def key_store(stmt: cst.CSTNode, name: str) -> bool:
    """A line ``name[<literal>] = value`` (one object) naming ``name`` nowhere else: one
    more item under a constant key (the analysis checks that the keys differ)."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    if type(small) is not cst.Assign or len(small.targets) != 1:
        return False
    target = small.targets[0].target
    if type(target) is not cst.Subscript or type(target.value) is not cst.Name:
        return False
    if target.value.value != name or len(target.slice) != 1:
        return False
    index = target.slice[0].slice
    if type(index) is not cst.Index or type(index.value) not in (cst.SimpleString, cst.Integer):
        return False
    return _one_object(small.value) and not names(small.value, name)


def binds_empty_dict(stmt: cst.CSTNode, name: str) -> bool:
    """A line ``name = {}`` (or ``dict()``)."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    if type(small) is cst.AnnAssign:  # ``graphs: dict[int, Graph] = {}`` (round 41W)
        target, value = small.target, small.value
    elif type(small) is cst.Assign and len(small.targets) == 1:
        target, value = small.targets[0].target, small.value
    else:
        return False
    return type(target) is cst.Name and target.value == name and empty_dict(value)


def only_reads(stmt: cst.CSTNode, name: str) -> bool:
    """``stmt`` names ``name`` only to read an item of it (``graphs[bs].launch()``, round
    41W), never as a whole nor under a store, an ``del`` or a binding: what it holds, and so
    how many items a filling loop before gave it, is left as it was."""
    stack: list[cst.CSTNode] = [stmt]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is cst.Name and current.value == name:  # type: ignore[attr-defined]
            return False  # (a whole use: an item read is taken below, its name not visited)
        if kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.Lambda:
            if names(current, name) or _binds_in(current, name):
                return False
            continue
        targets = store_targets(current)
        if targets and any(names(t, name) for t in targets):
            return False
        if kind is cst.Subscript:
            value = current.value  # type: ignore[attr-defined]
            if type(value) is cst.Name and value.value == name:
                stack.extend(current.slice)  # type: ignore[attr-defined]
                continue
        if kind is cst.Call and _reads_whole(current, name):  # type: ignore[arg-type]
            if type(current.func) is cst.Attribute:  # type: ignore[attr-defined]
                stack.extend(a.value for a in current.args)  # type: ignore[attr-defined]
            continue  # (``len(name)``: its one argument is the name)
        if kind is cst.Attribute:
            stack.append(current.value)  # type: ignore[attr-defined]
            continue
        stack.extend(children(current))
    return True


_READ_ONLY = frozenset({"get", "keys", "values", "items"})


def _reads_whole(call: cst.Call, name: str) -> bool:
    """``len(name)`` or ``name.get(k)`` / ``name.items()``: reads, the dict left as it was."""
    func = call.func
    if type(func) is cst.Name and func.value == "len" and len(call.args) == 1:
        arg = call.args[0].value
        return type(arg) is cst.Name and arg.value == name
    if type(func) is cst.Attribute and func.attr.value in _READ_ONLY:
        return type(func.value) is cst.Name and func.value.value == name
    return False


def _binds_in(node: cst.CSTNode, name: str) -> bool:
    """A function or class body says ``global name`` / ``nonlocal name``."""
    for current in _walk(node):
        if type(current) in (cst.Global, cst.Nonlocal):
            if any(n.name.value == name for n in current.names):  # type: ignore[attr-defined]
                return True
    return False


def _walk(node: cst.CSTNode) -> list[cst.CSTNode]:
    out: list[cst.CSTNode] = []
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        out.append(current)
        stack.extend(children(current))
    return out


def names(node: cst.CSTNode, name: str) -> bool:
    """``node`` (not a function or a class in it) names the variable ``name``."""
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name and current.value == name:
            return True
        if type(current) is cst.Attribute:
            stack.append(current.value)
        elif type(current) not in (cst.FunctionDef, cst.ClassDef):
            stack.extend(children(current))
    return False


def only_filled(loop: cst.For, bound: Bound) -> Bound:
    """``bound`` for the names ``loop`` names only to append to (``appends``): a body that
    also rebinds, slices or reads the list (``queue = queue[-2:]``) keeps the loop."""

    def value(name: str) -> cst.BaseExpression | None:
        return bound(name) if appends(loop, name) else None

    return value
