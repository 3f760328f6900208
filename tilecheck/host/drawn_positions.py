"""Standard-library iterators read by the definitions their documentation gives (issue 17, round
32L): the items an iterator draws, by position, where the positions are known where it is
called, written as the display of subscripts Python's "roughly equivalent" code draws, so that
whatever the analysis knows of each item (a Pending, an op, a buffer) flows through to where the
display is walked.

* ``compress(data, selectors)`` is ``(d for d, s in zip(data, selectors) if s)``: with the
  selectors known (a display of ``True``/``False``/integer literals, a name of the module bound
  once to one and changed nowhere, or ``[not f for f in <those>]``), ``(data[0], data[2])``;
* ``product(a, b, ..., repeat=r)`` is every tuple of one item of each, the last varying
  fastest: ``((a[0], b[0]), (a[0], b[1]), ...)``, each argument a list of known length;
* ``pairwise(xs)`` is ``((xs[0], xs[1]), (xs[1], xs[2]), ...)``, ``batched(xs, k)`` the
  tuples of ``k`` (the last shorter), ``reversed(xs)`` ``(xs[n - 1], ..., xs[0])``;
* ``bisect.insort(a, x, key=k)`` (``insort_left``/``insort_right``) runs ``k(x)`` (the search
  step's key of the new item) and puts ``x`` in ``a``; ``heapq.heappush(h, x)`` puts ``x`` in
  ``h``: ``(k(x), a.append(x))`` -- which position does not matter to what ``a`` holds.

A display is built only where every position is certain on every path (the argument a list
the analysis holds with one length here, at most ``drawn.MOST`` items drawn); anywhere else the call
stays what it was (``library_runs``: a ``PASSES`` iterator walking its arguments whole)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import libcst as cst

from tilecheck.host import lowered_calls
from tilecheck.host.bound_once import scope_statements
from tilecheck.host.cell_producers import known_items
from tilecheck.host.dunders import receiver_path
from tilecheck.host.library_spec import Does
from tilecheck.host.model import Many, Packed
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax import drawn
from tilecheck.syntax.nodes import target_names

_FORM_OF = {
    Does.SELECTS: "selects",
    Does.CROSSES: "crosses",
    Does.PAIRS: "pairs",
    Does.BATCHES: "batches",
    Does.REVERSES: "reverses",
    Does.SLICES: "slices",
}
FORM_OF = {form: does for does, form in _FORM_OF.items()}  # the member each form is read by


def draws(
    expr: cst.Call,
    does: frozenset[Does],
    an: object,
    module: cst.Module | None,
    cache: dict[object, cst.BaseExpression | None],
) -> cst.BaseExpression | None:
    """The display ``expr`` draws (a call of a callable that ``does`` one of the drawing
    members), or None where a position is not certain here; one per call and drawing
    (``cache``)."""
    key: object = (id(expr), "inserted")
    if Does.INSERTS in does:
        if key not in cache:
            cache[key] = _inserted(expr)
        return cache[key]
    form = next((f for d, f in _FORM_OF.items() if d in does), None)
    if form is None:
        return None
    found = drawn.drawing(expr, form, lambda name: mask_bound(module, name, cache))
    if found is None:
        return None
    sources, mask, times, size, bounds = found
    lengths = [_length(an, p, form != "selects") for p in sources]
    items = drawn.plan(form, lengths, mask, times, size, bounds)
    if not items:
        return None
    key = (id(expr), tuple(items))
    made = cache.get(key)
    if made is None:
        made = cache[key] = _display(expr, sources, items, form in drawn.SINGLE)
    return made


def _display(
    origin: cst.Call, sources: Sequence[cst.BaseExpression], items: list[drawn.Drawn], single: bool
) -> cst.Tuple:
    def part(arg: int, at: int) -> cst.BaseExpression:
        base = sources[arg]
        if type(base) in (cst.List, cst.Tuple):
            return cast(cst.BaseExpression, base.elements[at].value)  # type: ignore[attr-defined]
        index = cst.Index(lowered_from(origin, cst.Integer(str(at))))
        return lowered_from(origin, cst.Subscript(base, [cst.SubscriptElement(index)]))

    out: list[cst.Element] = []
    for item in items:
        if single:
            out.append(cst.Element(part(*item[0])))
        else:
            row = [cst.Element(part(arg, at)) for arg, at in item]
            out.append(cst.Element(lowered_from(origin, cst.Tuple(row))))
    return lowered_from(origin, cst.Tuple(out))


def _length(an: object, expr: cst.BaseExpression, lengths_needed: bool = True) -> int | None:
    """The number of items of ``expr`` on every path here: a display of access paths, or a
    list the analysis holds by position (``lengths_needed`` False: any list it holds, -1)."""
    if type(expr) in (cst.List, cst.Tuple):
        elements = expr.elements  # type: ignore[attr-defined]
        if all(type(e) is cst.Element and receiver_path(e.value) for e in elements):
            return len(elements)
        return None
    path = receiver_path(expr)
    if path is None:
        return None
    items = known_items(an, path)  # type: ignore[arg-type]
    if items is not None:
        return len(items)
    if lengths_needed:
        return None
    held = an.stored(path)  # type: ignore[attr-defined]
    return -1 if isinstance(held, (Packed, Many)) else None


def _inserted(origin: cst.Call) -> cst.BaseExpression | None:
    """``insort(a, x, key=k)``: ``(k(x), a.append(x))``, or ``[(k(x_), a.append(x_)) for x_ in
    [x]]`` where ``x`` is made here (evaluated once), a lambda's body inline with its parameter
    the target; ``heappush(h, x)``, ``insort(a, x)``: ``a.append(x)``."""
    if any(a.star for a in origin.args):
        return None
    positional = [a.value for a in origin.args if a.keyword is None]
    keywords = {a.keyword.value: a.value for a in origin.args if a.keyword is not None}
    if len(positional) < 2 or set(keywords) - {"key", "lo", "hi"}:
        return None
    into, item = positional[0], positional[1]
    path = receiver_path(into)
    if path is None:
        return None
    key = keywords.get("key")
    if key is None:
        return _put(origin, into, item)
    if receiver_path(key) is not None and receiver_path(item) is not None:
        called = lowered_from(origin, cst.Call(key, [cst.Arg(item)]))
        put = _put(origin, into, item)
        return lowered_from(origin, cst.Tuple([cst.Element(called), cst.Element(put)]))
    if type(key) is cst.Lambda:
        params = key.params
        if len(params.params) != 1 or params.posonly_params or params.kwonly_params:
            return None
        if params.star_kwarg or type(params.star_arg) is cst.Param:
            return None
        name = params.params[0].name.value
        body = key.body
    elif receiver_path(key) is not None:
        name = lowered_calls.ITEM
        given = [cst.Arg(lowered_from(origin, cst.Name(name)))]
        body = lowered_from(origin, cst.Call(key, given))
    else:
        return None
    if name == path.partition(".")[0].partition("[")[0]:
        return None  # (the target would hide the list)
    put = _put(origin, into, lowered_from(origin, cst.Name(name)))
    elt = lowered_from(origin, cst.Tuple([cst.Element(body), cst.Element(put)]))
    once = lowered_from(origin, cst.List([cst.Element(item)]))
    loop = cst.CompFor(target=cst.Name(name), iter=once)
    return lowered_from(origin, cst.ListComp(elt=elt, for_in=loop))


def _put(origin: cst.Call, into: cst.BaseExpression, item: cst.BaseExpression) -> cst.Call:
    append = lowered_from(origin, cst.Attribute(into, cst.Name("append")))
    return lowered_from(origin, cst.Call(append, [cst.Arg(item)]))


def mask_bound(
    module: cst.Module | None, name: str, cache: dict[object, cst.BaseExpression | None]
) -> cst.BaseExpression | None:
    """The display the module's name ``name`` holds wherever it is read (``_bound_once``)."""
    if module is None:
        return None
    key = (id(module), "mask", name)
    if key not in cache:
        cache[key] = _bound_once(module, name)
    return cache[key]


def _bound_once(module: cst.Module, name: str) -> cst.BaseExpression | None:
    """The display a module-level ``name = [...]`` binds, where it is the name's only binding
    in the module (no other scope binds the name either) and nothing reaches the list but its
    reads (no attribute, method or item store of it)."""
    value: cst.BaseExpression | None = None
    bindings = 0
    for stmt in scope_statements(module.body):  # (a script's blocks included)
        if type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                if type(small) is cst.Assign and len(small.targets) == 1:
                    target = small.targets[0].target
                    if type(target) is cst.Name and target.value == name:
                        value = small.value
    if value is None or type(value) not in (cst.List, cst.Tuple):
        return None
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Attribute or kind is cst.Subscript:
            base = node.value  # type: ignore[attr-defined]
            if type(base) is cst.Name and base.value == name and kind is cst.Attribute:
                return None  # (a method of the list: it may change it)
        targets: list[cst.CSTNode] = []
        if kind is cst.AssignTarget:
            targets.append(node.target)  # type: ignore[attr-defined]
        elif kind in (cst.AugAssign, cst.AnnAssign, cst.NamedExpr):
            targets.append(node.target)  # type: ignore[attr-defined]
        elif kind is cst.For or kind is cst.CompFor:
            targets.append(node.target)  # type: ignore[attr-defined]
        elif kind is cst.AsName:
            targets.append(node.name)  # type: ignore[attr-defined]
        elif kind is cst.Param:
            targets.append(node.name)  # type: ignore[attr-defined]
        elif kind is cst.Del:
            targets.append(node.target)  # type: ignore[attr-defined]
        elif kind is cst.Global or kind is cst.Nonlocal:
            if any(n.name.value == name for n in node.names):  # type: ignore[attr-defined]
                return None
        for bound in targets:
            if type(bound) is cst.Subscript and _based_on(bound, name):
                return None  # (an item stored: ``mask[1] = True``)
            if name in target_names(bound):
                bindings += 1
        stack.extend(node.children)
    return value if bindings == 1 else None


def _based_on(target: cst.CSTNode, name: str) -> bool:
    base: cst.CSTNode = target
    while type(base) is cst.Subscript or type(base) is cst.Attribute:
        base = base.value
    return type(base) is cst.Name and base.value == name
