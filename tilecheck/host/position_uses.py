"""Which list comprehensions of a scope are taken apart by position (``tilecheck.host.positions``
follows those item by item), read from the scope's syntax once.

A comprehension's result is taken apart by position where it, or the name it is bound to, is
sliced with constant bounds (``pend[1:]``, ``pend[::2]``), spread (``f(*pend)``, ``[*pend]``),
unpacked into names (``a, b = [...]``) or reordered in place (``pend.reverse()``); and so is a
comprehension whose items another such comprehension walks (``pend = [op.submit() for op in
ops]``: ``ops`` as well, and ``slots`` of ``for i, s in enumerate(slots)``). A name a ``for``
statement walks together with another (``zip``, ``enumerate``) keeps today's lanes
(``tilecheck.host.lanes``), which line its items up with the other's step by step."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from tilecheck.syntax.nodes import path_of, target_names
from tilecheck.syntax.walk import children

Comp = cst.ListComp | cst.DictComp
_REORDERING = frozenset({"reverse", "pop", "insert"})
_WALKS = frozenset({"enumerate", "zip", "list", "tuple", "reversed"})
_READ_BUILTINS = frozenset({"float", "int", "bool", "len", "sum", "max", "min", "abs", "round"})
_READ_METHODS = frozenset({"to_numpy", "sum", "mean", "max", "min", "item", "tolist", "copy"})


def positional_comprehensions(
    scope: cst.CSTNode, unrolled: frozenset[int] = frozenset()
) -> frozenset[int]:
    """The ids of the list comprehensions of ``scope`` (not of the functions in it) whose
    result is taken apart by position; ``unrolled``: the ids of the ``for`` statements built
    slot by slot (``tilecheck.flow.unroll``), whose slots take what they walk apart too."""
    bound: dict[str, list[Comp]] = {}  # a name -> the comprehensions bound to it
    demanded: set[str] = set()
    direct: set[int] = set()
    walked_together: set[str] = set()
    slotted: set[str] = set()  # what an unrolled ``for`` walks (a dict comprehension: only)
    comps: list[cst.ListComp | cst.GeneratorExp] = []
    keyed_reads: set[str] = set()  # ``plans.pop(k)``, ``plans.get(k)``: read by key (33C)
    read_by_slot: set[str] = set()  # ``outs[h]`` in an unrolled ``for h in HEADS`` (36A)
    walked_roots: set[str] = set()  # what a ``for`` walks
    indexed: set[str] = set()  # ``tiles[1]``: taken at a constant index (38P)
    for node in _nodes(scope):
        kind = type(node)
        if kind is cst.ListComp or kind is cst.GeneratorExp:
            comps.append(node)  # type: ignore[arg-type]
            if _reads_per_item(node):  # type: ignore[arg-type]
                _demand(node, demanded, direct)  # type: ignore[arg-type]
        elif kind is cst.DictComp and _keyed_per_item(node):  # type: ignore[arg-type]
            direct.add(id(node))
        elif kind is cst.Assign:
            _assign(node, bound, demanded, direct)  # type: ignore[arg-type]
        elif kind is cst.Subscript:
            _sliced(node, demanded, direct)  # type: ignore[arg-type]
            _constant_index(node, indexed)  # type: ignore[arg-type]
        elif kind is cst.Arg or kind is cst.StarredElement:
            if kind is cst.StarredElement or node.star == "*":  # type: ignore[attr-defined]
                _demand(node.value, demanded, direct)  # type: ignore[attr-defined]
        elif kind is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if type(func) is cst.Attribute and func.attr.value in _REORDERING:
                _demand(func.value, demanded, direct)
            if type(func) is cst.Attribute and func.attr.value in _BY_KEY and node.args:  # type: ignore[attr-defined]
                _keyed(func.value, keyed_reads)
        elif kind is cst.For:
            if id(node) in unrolled:
                # (a dict comprehension's values by key, where the slots can take them: its
                # keys stored by keep the loop, ``positions._slot_bindable``)
                reading, storing = index_names(node.body)  # type: ignore[attr-defined]
                targets = set(target_names(node.target))  # type: ignore[attr-defined]
                keyed = storing.isdisjoint(targets)
                # ``outs[h]`` of ``for h in HEADS``: a dict comprehension read by each slot's
                # key keeps its values by key, as ``outs.get(h)`` does (36A); also where a turn
                # captures a graph (38A: each turn's graph holds its own key's tensors)
                read_by_slot.update(r for t in targets for r in reading.get(t, ()) if r)
                for container in _walked(node.iter):  # type: ignore[attr-defined]
                    if type(container) is cst.GeneratorExp:
                        continue  # drawn one item a turn, between turns: not all at once
                    _demand(container, demanded, direct)
                    if keyed:
                        slotted.add(path_of(container) or "")
            else:
                walked_together |= _together(node.iter)  # type: ignore[attr-defined]
            walked_roots.update(path_of(c) or "" for c in _walked(node.iter))  # type: ignore[attr-defined]
    # a comprehension over a display, taken at a constant index: its items are the display's
    # own, position by position (``lanes`` line up only what a name holds; round 38P)
    for name in indexed - walked_together - walked_roots:
        for comp in bound.get(name, ()):
            if _over_display(comp):
                direct.add(id(comp))
            source = _filtered_source(comp)
            if source is not None and source not in walked_roots:
                # (the dict a filtered comprehension walks by key: its items one by one too)
                direct |= {id(c) for c in bound.get(source, ()) if _over_display(c, True)}
                direct.add(id(comp))
    # (a dict a loop walks keeps the walk's rules, which pair each key with its item)
    keyed_reads |= read_by_slot - walked_roots
    # a dict comprehension read by key keeps its values by the key each position gives
    for name in keyed_reads:
        if any(type(c) is cst.DictComp for c in bound.get(name, ())):
            slotted.add(name)
            demanded.add(name)
    if not demanded and not direct:
        return frozenset()
    # what a demanded comprehension walks is demanded too
    changed = True
    while changed:
        changed = False
        for name in list(demanded):
            for comp in bound.get(name, ()):
                for source in _sources(comp.for_in.iter):
                    if source not in demanded:
                        demanded.add(source)
                        changed = True
        for made in comps:
            if id(made) in direct:
                for source in _sources(made.for_in.iter):
                    if source not in demanded:
                        demanded.add(source)
                        changed = True
    out = set(direct)
    for name in demanded - walked_together:
        out |= {id(c) for c in bound.get(name, ()) if type(c) is cst.ListComp or name in slotted}
    if out:  # then an index a counter of a constant ``range`` takes is known position by
        # position too (``out[h] for h in range(3)`` against ``out[3]`` of one of those)
        together = {id(c) for name in walked_together for c in bound.get(name, ())}
        out |= {
            id(c)
            for c in comps
            if type(c) is cst.ListComp and _counts(c.for_in.iter) and id(c) not in together
        }
    return frozenset(out)


def _reads_per_item(comp: cst.ListComp | cst.GeneratorExp) -> bool:
    """A comprehension whose step reads what each item holds (round 31C): its target takes a
    row apart (``[b.to_numpy() for b, _ in pairs]``), or its variable is an index or key into
    another container (``[k(tiles(outs[e])) for e in (2, 3)]``). Followed position by
    position where the length is known (``Positions``), so each step's names are that item's
    cells; else as before."""
    first = comp.for_in
    if first.ifs or first.inner_for_in is not None:
        return False
    target = first.target
    if type(target) is cst.Tuple or type(target) is cst.List:
        # (``for i, x in enumerate(xs)``, ``for a, b in zip(xs, ys)`` take no item apart:
        # their lanes line the columns up, ``tilecheck.host.lanes``)
        return not _paired(first.iter) or any(
            type(e.value) in (cst.Tuple, cst.List) for e in target.elements
        )
    if type(target) is not cst.Name:
        return False
    name = target.value
    return any(
        type(node) is cst.Subscript
        and any(
            type(e.slice) is cst.Index
            and type(e.slice.value) is cst.Name
            and e.slice.value.value == name
            for e in node.slice
        )
        for node in _nodes(comp.elt)
    )


def _keyed_per_item(comp: cst.DictComp) -> bool:
    """``{name: float(outs[name].to_numpy().sum()) for name in ("a", "b")}``: keyed by its
    target, whose value reads on the host what another container holds by it (round 39C):
    followed key by key where the keys are known (``positions.keyed_positions``), so each
    step reads that key's item. (A value that makes ops or Pendings keeps today's rules.)"""
    if any(type(n) is cst.Call and not _reading(n) for n in _nodes(comp.value)):
        return False
    first = comp.for_in
    if first.ifs or first.inner_for_in is not None or type(first.target) is not cst.Name:
        return False
    name = first.target.value
    if type(comp.key) is not cst.Name or comp.key.value != name:
        return False
    return any(
        type(node) is cst.Subscript
        and any(
            type(e.slice) is cst.Index
            and type(e.slice.value) is cst.Name
            and e.slice.value.value == name
            for e in node.slice
        )
        for node in _nodes(comp.value)
    )


def _reading(call: cst.Call) -> bool:
    """A call that only reads on the host: a numeric builtin, or an array's reduction."""
    func = call.func
    if type(func) is cst.Name:
        return func.value in _READ_BUILTINS
    return type(func) is cst.Attribute and func.attr.value in _READ_METHODS


def _paired(iterable: cst.BaseExpression) -> bool:
    return (
        type(iterable) is cst.Call
        and type(iterable.func) is cst.Name
        and iterable.func.value in ("zip", "enumerate")
    )


def _counts(iterable: cst.BaseExpression) -> bool:
    return (
        type(iterable) is cst.Call
        and type(iterable.func) is cst.Name
        and iterable.func.value == "range"
    )


def _nodes(scope: cst.CSTNode) -> Iterator[cst.CSTNode]:
    stack = list(children(scope))
    while stack:
        node = stack.pop()
        yield node
        if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            continue
        stack.extend(children(node))


def _assign(
    node: cst.Assign, bound: dict[str, list[Comp]], demanded: set[str], direct: set[int]
) -> None:
    value = node.value
    for target in node.targets:
        if type(target.target) in (cst.Tuple, cst.List):
            _demand(value, demanded, direct)  # ``a, b = [...]``
        elif type(value) is cst.ListComp or type(value) is cst.DictComp:
            # (a dict comprehension: its values by the key each position gives, round 31K)
            path = path_of(target.target)
            if path is not None:
                bound.setdefault(path, []).append(value)


_BY_KEY = frozenset({"pop", "get"})


def _keyed(container: cst.BaseExpression, keyed_reads: set[str]) -> None:
    path = path_of(container)
    if path is not None:
        keyed_reads.add(path)


def _sliced(node: cst.Subscript, demanded: set[str], direct: set[int]) -> None:
    if len(node.slice) == 1 and type(node.slice[0].slice) is cst.Slice:
        _demand(node.value, demanded, direct)


def _constant_index(node: cst.Subscript, indexed: set[str]) -> None:
    """``xs[1]``, ``xs[-1]``: a name taken at a constant integer index."""
    if len(node.slice) != 1 or type(node.slice[0].slice) is not cst.Index:
        return
    index = node.slice[0].slice.value
    if type(index) is cst.UnaryOperation and type(index.operator) is cst.Minus:
        index = index.expression
    if type(index) in (cst.Integer, cst.SimpleString) and type(node.value) is cst.Name:
        indexed.add(node.value.value)


def _over_display(comp: Comp, walked: bool = False) -> bool:
    """A comprehension of one ``for`` over a tuple or list display: a list comprehension with
    no ``if``; a dict comprehension keyed by its own name with an ``if`` (one with none only
    where a filtered one walks it, ``walked``: read by key, it keeps the rules of keyed reads,
    ``tilecheck.host.keyed_runs``)."""
    first = comp.for_in
    if first.inner_for_in is not None or type(first.iter) not in (cst.Tuple, cst.List):
        return False
    if type(comp) is cst.DictComp:
        return type(comp.key) is cst.Name and (walked or bool(first.ifs))
    return not first.ifs


def _filtered_source(comp: Comp) -> str | None:
    """The name of the dict a dict comprehension with an ``if`` walks by ``.items()`` or
    ``.keys()`` (``{n: b.partition(s) for n, b in bufs.items() if n != "out"}``: ``bufs``);
    None for any other comprehension. Its ``if`` is decided key by key where it can be
    (``constant_filters``)."""
    first = comp.for_in
    it = first.iter
    if type(comp) is not cst.DictComp or not first.ifs or first.inner_for_in is not None:
        return None
    if type(comp.key) is not cst.Name or type(it) is not cst.Call or it.args:
        return None
    func = it.func
    if type(func) is not cst.Attribute or func.attr.value not in ("items", "keys"):
        return None
    return path_of(func.value)


def _demand(expr: cst.BaseExpression, demanded: set[str], direct: set[int]) -> None:
    if type(expr) is cst.ListComp or type(expr) is cst.GeneratorExp:
        # (a generator unpacked or spread runs there and then)
        direct.add(id(expr))
        return
    path = path_of(expr)
    if path is not None:
        demanded.add(path)


def _sources(iterable: cst.BaseExpression) -> Iterator[str]:
    """The names whose items a comprehension over ``iterable`` walks."""
    path = path_of(iterable)
    if path is not None:
        yield path
    elif type(iterable) is cst.Call and type(iterable.func) is cst.Name:
        if iterable.func.value in _WALKS:
            for arg in iterable.args:
                inner = path_of(arg.value)
                if inner is not None:
                    yield inner


def _walked(iterable: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The containers a ``for`` over ``iterable`` walks (also through ``zip``, ``enumerate``,
    ``list`` and a dict's views)."""
    if type(iterable) is cst.Call:
        func = iterable.func
        if type(func) is cst.Name and func.value in ("zip", "enumerate", "list", "tuple"):
            for arg in iterable.args:
                if arg.keyword is None:
                    yield from _walked(arg.value)
        elif type(func) is cst.Attribute and func.attr.value in ("values", "keys", "items"):
            yield func.value
        return
    if type(iterable) is cst.List or type(iterable) is cst.Tuple:
        # ``[plans[0], plans[1], plans[1]]``: the items of another container, one by one
        for element in iterable.elements:
            if type(element.value) is cst.Subscript:
                yield element.value.value
    yield iterable


def _together(iterable: cst.BaseExpression) -> set[str]:
    """The names a ``for`` statement walks step by step with another (or its counter)."""
    if type(iterable) is not cst.Call or type(iterable.func) is not cst.Name:
        return set()
    if iterable.func.value not in ("zip", "enumerate"):
        return set()
    out: set[str] = set()
    for arg in iterable.args:
        path = path_of(arg.value)
        if path is not None:
            out.add(path)
    return out


ROW = "("  # (before a name in ``index_names``' second set: it stores a row, ``d[k] = (a, b)``)


def index_names(body: cst.CSTNode) -> tuple[dict[str, set[str | None]], frozenset[str]]:
    """The names used in an index or a slice somewhere in ``body``, each with the roots of
    the containers it indexes (``bufs[name]``: ``bufs``; ``self.hidden[b]``: ``self.hidden``,
    round 38A; None: not a name's); and those used
    in the index of a subscript assigned something that may be a tilert object (also as
    ``ROW + name`` where that is a tuple or list display)."""
    out: dict[str, set[str | None]] = {}
    storing: set[str] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Subscript:
            base = path_of(node.value)  # type: ignore[attr-defined]
            root = base.partition("[")[0] if base is not None else None
            for element in node.slice:  # type: ignore[attr-defined]
                for name in _all_names(element):
                    out.setdefault(name.value, set()).add(root)
        elif kind is cst.Assign or kind is cst.AugAssign or kind is cst.AnnAssign:
            targets = (
                [t.target for t in node.targets]  # type: ignore[attr-defined]
                if kind is cst.Assign
                else [node.target]  # type: ignore[attr-defined]
            )
            scalar = _scalar(node.value)  # type: ignore[attr-defined]
            row = type(node.value) in (cst.Tuple, cst.List)  # type: ignore[attr-defined]
            for target in targets:
                if type(target) is cst.Subscript and not scalar:
                    # (a name inside another container's index, ``d[owner[s]]``, is not the
                    # key: what that container holds there is)
                    names = [n.value for e in target.slice for n in _key_names(e)]
                    storing.update(names)
                    storing.update(ROW + n for n in names if row)
        stack.extend(node.children)
    return out, frozenset(storing)


def _scalar(value: cst.BaseExpression | None) -> bool:
    """A value that is no tilert object: a number, a string, ``float(...)``, ``len(...)``."""
    kind = type(value)
    if kind in (cst.Integer, cst.Float, cst.SimpleString, cst.FormattedString):
        return True
    return (
        kind is cst.Call
        and type(value.func) is cst.Name  # type: ignore[union-attr]
        and value.func.value in _SCALARS  # type: ignore[union-attr]
    )


_SCALARS = frozenset({"float", "int", "str", "bool", "len", "repr", "round", "abs", "sum"})


def _key_names(node: cst.CSTNode) -> list[cst.Name]:
    """The names of a key but those inside a subscript's index in it."""
    if type(node) is cst.Name:
        return [node]
    if type(node) is cst.Subscript:
        return _key_names(node.value)
    return [n for child in node.children for n in _key_names(child)]


def _all_names(node: cst.CSTNode) -> list[cst.Name]:
    if type(node) is cst.Name:
        return [node]
    return [n for child in node.children for n in _all_names(child)]
