"""Generator expressions kept in a name and resumed by ``next`` (issue 17, round 31N).

``plans = (tiles(b) for b in bufs)`` runs nothing but ``iter(bufs)``; the k-th ``next(plans)``
runs the element for the k-th item, and a consumer that walks the rest afterwards (``for p in
plans``) draws the items after it. Over a list or tuple the k-th item is ``bufs[k]`` at the
moment ``next`` runs (a list iterator is an index into the list: items stored, appended or
removed before it are seen the same way), and the rest is ``bufs[k:]`` where the walk starts.
So ``lazy_code.moved`` writes each ``next(plans)`` as the element with the target replaced by
``bufs[k]`` and the walk of the rest as the generator expression over ``bufs[k:]``: a plan
drawn before the first buffer is read is alive there (TC104).

Only where that is Python's order: one ``for`` clause with no ``if`` (a filter skips items),
a name target, an element that binds nothing; the iterable a name bound in the same block
before the definition to a list or tuple (display, comprehension, ``list``/``tuple``/
``sorted`` of something) and rebound nowhere in the scope; each ``next(g)`` a statement of
the block of its own (``x = next(g)`` / ``next(g)``, no default), in order, the walk of the
rest (if any) after them, not naming the list."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from tilecheck.syntax.walk import descendants

Statement = cst.BaseStatement | cst.BaseSmallStatement
Nodes = dict[cst.CSTNode, cst.CSTNode]
# ``lazy_code``'s ``path_to`` and ``rebuilt_with`` (given by it: imports go one way)
PathTo = Callable[[cst.CSTNode, cst.CSTNode], list[cst.CSTNode] | None]
Rebuilt = Callable[[cst.CSTNode, Nodes, set[int], Nodes], cst.CSTNode]
_LISTS = (cst.List, cst.Tuple, cst.ListComp)
_LIST_CALLS = frozenset({"list", "tuple", "sorted"})
_BINDS = (cst.NamedExpr, cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def _next_statement(use: cst.Name, path: list[cst.CSTNode], later: Sequence[Statement]) -> int:
    """The index in ``later`` of the statement ``next(use)`` is (alone or assigned), or -1."""
    if len(path) < 5:
        return -1
    arg, call, small, stmt = path[-2], path[-3], path[-4], path[-5]
    if type(arg) is not cst.Arg or type(call) is not cst.Call or len(call.args) != 1:
        return -1
    if arg.keyword is not None or arg.star or type(call.func) is not cst.Name:
        return -1
    if call.func.value != "next":
        return -1
    if type(small) is cst.Assign:
        if len(small.targets) != 1:
            return -1
    elif type(small) is not cst.Expr:
        return -1
    if small.value is not call or type(stmt) is not cst.SimpleStatementLine:
        return -1
    if len(stmt.body) != 1 or stmt not in later:
        return -1
    return later.index(stmt)


def listed(name: str, earlier: Sequence[Statement]) -> bool:
    """``name`` bound in ``earlier`` (the last binding) to a list or tuple."""
    for stmt in reversed(earlier):
        if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
            continue
        small = stmt.body[0]
        if type(small) is not cst.Assign or len(small.targets) != 1:
            continue
        target = small.targets[0].target
        if type(target) is not cst.Name or target.value != name:
            continue
        value = small.value
        if isinstance(value, _LISTS):
            return True
        return (
            type(value) is cst.Call
            and type(value.func) is cst.Name
            and value.func.value in _LIST_CALLS
        )
    return False


def _item(
    elt: cst.BaseExpression,
    target: str,
    items: cst.Name,
    k: int,
    aliases: Nodes,
    tools: tuple[PathTo, Rebuilt],
) -> cst.BaseExpression:
    """A copy of ``elt`` with its target's uses replaced by ``items[k]``, each node placed by
    the one it copies."""
    path_to, rebuilt_with = tools
    copy = elt.deep_clone()
    origin = {id(c): o for c, o in zip(descendants(copy), descendants(elt), strict=True)}
    skip = set()
    for node in descendants(copy):
        if type(node) is cst.Attribute:
            skip.add(id(node.attr))
        elif type(node) is cst.Arg and node.keyword is not None:
            skip.add(id(node.keyword))
    replaced: dict[cst.CSTNode, cst.CSTNode] = {}
    on_path: set[int] = set()
    for node in descendants(copy):
        if type(node) is cst.Name and node.value == target and id(node) not in skip:
            index = cst.SubscriptElement(cst.Index(cst.Integer(str(k))))
            new = cst.Subscript(value=cst.Name(items.value), slice=[index])
            for part in descendants(new):
                aliases[part] = origin[id(node)]
            replaced[node] = new
            on_path.update(id(n) for n in path_to(copy, node) or [])
    made: dict[cst.CSTNode, cst.CSTNode] = {}
    out = rebuilt_with(copy, replaced, on_path, made)
    for node in descendants(out):
        if node in made:
            aliases[node] = origin[id(made[node])]
        elif id(node) in origin:
            aliases[node] = origin[id(node)]
    assert isinstance(out, cst.BaseExpression)
    return out


def drawn_by_next(
    gen: cst.GeneratorExp,
    uses: list[cst.Name],
    paths: list[list[cst.CSTNode]],
    holder: cst.CSTNode,
    earlier: Sequence[Statement],
    later: Sequence[Statement],
    rebound: set[str],
    consumer: bool,
    aliases: Nodes,
    tools: tuple[PathTo, Rebuilt],
) -> Nodes | None:
    """The replacements that write ``gen``'s ``next`` draws (and the walk of the rest, the last
    use where ``consumer``) where they run, or None. ``paths[i]``: from the scope to
    ``uses[i]``; ``holder``: the node whose body holds the definition; ``rebound``: the names
    the scope binds more than once."""
    clause = gen.for_in
    items, target = clause.iter, clause.target
    if clause.inner_for_in is not None or clause.ifs or clause.asynchronous is not None:
        return None
    if type(items) is not cst.Name or type(target) is not cst.Name:
        return None
    if items.value in rebound or not listed(items.value, earlier):
        return None
    if any(isinstance(n, _BINDS) for n in descendants(gen.elt)):
        return None
    order: list[tuple[int, cst.Name, list[cst.CSTNode]]] = []
    for use, path in zip(uses, paths, strict=True):
        if holder not in path:
            return None
        below = path[path.index(holder) + 1 :]
        at = _next_statement(use, path, later)
        order.append((at if at >= 0 else len(later), use, below))
    order.sort(key=lambda o: o[0])
    rest = order.pop() if consumer else None
    if not order or any(at >= len(later) for at, _, _ in order):
        return None
    if len({at for at, _, _ in order}) != len(order):
        return None
    out: dict[cst.CSTNode, cst.CSTNode] = {}
    for k, (_, _use, below) in enumerate(order):
        call = below[-3]
        out[call] = _item(gen.elt, target.value, items, k, aliases, tools)
    if rest is not None:
        _, use, below = rest
        if later.index(below[0]) <= order[-1][0]:
            return None
        if any(type(n) is cst.Name and n.value == items.value for n in descendants(below[0])):
            return None
        start = cst.Integer(str(len(order)))
        tail = cst.Subscript(
            value=cst.Name(items.value),
            slice=[cst.SubscriptElement(cst.Slice(lower=start, upper=None))],
        )
        for node in descendants(tail):
            aliases[node] = items
        out[use] = gen.with_changes(for_in=clause.with_changes(iter=tail))
        aliases[out[use]] = gen
    return out
