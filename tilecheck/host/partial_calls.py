"""``functools.partial`` of a function the analysis summarizes, or of a kernel, called later
(issue 17, rounds 24H and 25C): ``snapshot = partial(host, weights)`` ... ``snapshot()`` runs
``host(weights)`` there; ``step = partial(K.add, y=h)`` ... ``step(z)`` launches
``K.add(z, y=h)`` there.

Followed where the call means that on every path: the name is bound once, by a top-level
statement of the body analysed (``name = partial(f, a, k=b)``: ``f`` a plain or dotted name,
each argument a plain name or a literal scalar, by position or keyword, no star), and by
nothing else there (no other assignment, loop, ``with`` or handler target, ``del``, import,
definition, walrus, nor a ``global``/``nonlocal`` of it in the module); so is each argument's
name, so the objects the partial holds are the ones the names hold when it is called. The call
(``snapshot(c)``, no star) is then ``f`` called with Python's merge of the two (``joined_args``),
its summary applied or its launch checked there; a finding about what the partial holds is
shown at the call, where it runs."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.bound_once import bound_once
from tilecheck.host.context import Context
from tilecheck.host.library_spec import unbound_method
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name, target_names

# ``partial`` as written (``functools``'s; the callee table confirms it where it is used)
_PARTIALS = frozenset({"partial", "functools.partial"})


def _is_partial(value: cst.BaseExpression) -> bool:
    if type(value) is not cst.Call or len(value.args) < 2:
        return False
    func = value.func
    if type(func) is cst.Attribute:
        if func.attr.value != "partial":
            return False
    elif type(func) is not cst.Name or func.value != "partial":
        return False
    if dotted_name(value.func) not in _PARTIALS:
        return False
    first = value.args[0]
    if first.keyword is not None or first.star or dotted_name(first.value) is None:
        return False
    return all(not a.star and _given(a.value) for a in value.args[1:])


def _given(value: cst.BaseExpression) -> bool:
    """A name, a literal scalar, or an item of a name under a literal key (``outs[1]``,
    round 41N: the container must hold its items unchanged, ``_items_kept``)."""
    if type(value) is cst.Subscript:
        return _item_base(value) is not None
    return type(value) in _GIVEN


def _item_base(value: cst.Subscript) -> str | None:
    base = value.value
    index = value.slice[0].slice if len(value.slice) == 1 else None
    if type(base) is not cst.Name or type(index) is not cst.Index:
        return None
    return base.value if type(index.value) in (cst.Integer, cst.SimpleString) else None


def _items_kept(nodes: list[cst.CSTNode], name: str) -> bool:
    """No statement of the scope stores, deletes or changes an item of ``name``, nor calls
    a method of it (``outs.append``, ``outs.pop``)."""
    for node in nodes:
        targets: list[cst.BaseExpression] = []
        if type(node) is cst.AssignTarget or type(node) is cst.AugAssign:
            targets = [node.target]
        elif type(node) is cst.Del:
            targets = [node.target]
        elif type(node) is cst.Call and type(node.func) is cst.Attribute:
            targets = [node.func]
        for target in targets:
            if type(target) in (cst.Tuple, cst.List):
                return False  # (unpacked stores: not read here)
            if type(target) in (cst.Subscript, cst.Attribute):
                base = target.value  # type: ignore[attr-defined]
                if type(base) is cst.Name and base.value == name:
                    return False
    return True


# what a partial may bind: a name (bound once, below) or a literal scalar
_GIVEN = frozenset({cst.Name, cst.Integer, cst.Float, cst.SimpleString})


def given_names(call: cst.Call) -> list[str]:
    """The names ``partial(f, ...)`` binds (``f`` itself left out; an item's container)."""
    out: list[str] = []
    for arg in call.args[1:]:
        value = arg.value
        if type(value) is cst.Name:
            out.append(value.value)
        elif type(value) is cst.Subscript and (base := _item_base(value)) is not None:
            out.append(base)
    return out


def joined_args(made: cst.Call, call: cst.Call) -> tuple[cst.Arg, ...]:
    """The arguments ``f`` gets when ``call`` calls ``made = partial(f, ...)``: the partial's
    positional ones, then the call's; the partial's keywords the call does not give again, then
    the call's (Python's ``functools.partial`` merge)."""
    again = {a.keyword.value for a in call.args if a.keyword is not None}
    bound = made.args[1:]
    return (
        *(a for a in bound if a.keyword is None),
        *(a for a in call.args if a.keyword is None),
        *(a for a in bound if a.keyword is not None and a.keyword.value not in again),
        *(a for a in call.args if a.keyword is not None),
    )


def method_partial(
    ctx: Context, cache: dict[cst.Call, cst.Call], made: cst.Call, call: cst.Call
) -> cst.Call | None:
    """``load(x)`` of ``load = partial(tr.Tensor.copy_from, w)``, an instance method of a
    library type read through the type (``library_spec.unbound_method``, round 30L):
    ``tr.Tensor.copy_from(w, x)``, built once per call and shown there (``library_runs``
    lowers it to ``w.copy_from(x)``); None for any other function."""
    func = made.args[0].value
    canonical = ctx.callee(func).canonical if type(func) is cst.Attribute else None
    if canonical is None or not unbound_method(canonical):
        return None
    joined = cache.get(call)
    if joined is None:
        joined = lowered_from(call, cst.Call(func=func, args=joined_args(made, call)))
        cache[call] = joined
    return joined


def imports_partial(index: SyntaxIndex, module: cst.CSTNode) -> bool:
    """The module imports ``functools`` (or a name from it) at its top level: only there is a
    ``partial`` followed."""
    body = module.body if type(module) is cst.Module else ()
    for stmt in body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is cst.ImportFrom and type(small.module) is cst.Name:
                if small.module.value == "functools":
                    return True
            elif type(small) is cst.Import:
                if any(dotted_name(a.name) == "functools" for a in small.names):
                    return True
    return False


def partials(index: SyntaxIndex, scope: cst.CSTNode) -> dict[str, cst.Call]:
    """The names ``scope``'s body binds once to a ``partial(...)`` as above, with that call."""
    body = _body(scope)
    if body is None:
        return {}
    nodes = index.nodes(scope)
    if not any(type(n) is cst.Call and _is_partial(n) for n in nodes):
        return {}
    declared: set[str] = set()  # ``global``/``nonlocal`` names, and walrus targets
    for node in nodes:
        if type(node) is cst.Global or type(node) is cst.Nonlocal:
            declared.update(n.name.value for n in node.names)
        elif type(node) is cst.NamedExpr:
            declared.update(target_names(node.target))
    if type(scope) is cst.FunctionDef:
        params = scope.params
        every = (*params.posonly_params, *params.params, *params.kwonly_params)
        declared.update(p.name.value for p in every)
        for star in (params.star_arg, params.star_kwarg):
            if type(star) is cst.Param:
                declared.add(star.name.value)
    frozen = frozenset(declared)
    named = bound_once(body, _is_partial, frozen)
    if not named:
        return {}
    once = bound_once(body, lambda _: True, frozen, unpacked=True)
    out: dict[str, cst.Call] = {}
    for stmt in body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is not cst.Assign or len(small.targets) != 1:
                continue
            target = small.targets[0].target
            if type(target) is not cst.Name or target.value not in named:
                continue
            call = small.value
            assert type(call) is cst.Call  # (``_is_partial``)
            if (
                all(name in once for name in given_names(call))
                and all(
                    _items_kept(nodes, _item_base(a.value) or "")  # type: ignore[arg-type]
                    for a in call.args[1:]
                    if type(a.value) is cst.Subscript
                )
            ):
                out[target.value] = call
    return out


def _body(scope: cst.CSTNode) -> list[cst.BaseStatement] | None:
    if type(scope) is cst.Module:
        return list(scope.body)
    if type(scope) is cst.FunctionDef and type(scope.body) is cst.IndentedBlock:
        return list(scope.body.body)
    return None
