"""The comprehensions a library call's calls are built as (issue 17, rounds 28I and 31S; moved
from ``tilecheck.host.library_runs``): ``[f(*first, item) for item in xs]``, ``[f(a, b) for a, b
in zip(xs, ys)]``, and the fields ``dataclasses.replace`` copies."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.dunders import receiver_path
from tilecheck.host.property_reads import lowered_from

ITEM = "item_"


def each(
    func: cst.BaseExpression,
    items: cst.BaseExpression,
    first: tuple[cst.BaseExpression, ...],
    origin: cst.Call,
) -> cst.ListComp | None:
    """``[func(*first, item) for item in items]``: ``items`` an access path, ``func`` a name,
    an attribute path or a lambda of as many plain parameters (its body inline, each of
    ``first`` bound to its parameter by a loop over a one-item list inside the items' loop)."""
    if receiver_path(items) is None:
        return None
    if type(func) is cst.Lambda:
        params = func.params
        plain = all(p.default is None for p in params.params)
        if not plain or len(params.params) != len(first) + 1 or params.posonly_params:
            return None
        if params.kwonly_params or params.star_kwarg or type(params.star_arg) is cst.Param:
            return None
        names = [cst.Name(p.name.value) for p in params.params]
        body = func.body
    elif receiver_path(func) is not None or type(func) is cst.Call:  # (a function made here)
        names = [cst.Name(f"{ITEM}{i}") for i in range(len(first) + 1)]
        given = [cst.Arg(lowered_from(origin, cst.Name(n.value))) for n in names]
        body = lowered_from(origin, cst.Call(func=func, args=given))
    else:
        return None
    inner: cst.CompFor | None = None  # (the items' loop outermost: ``for acc in [start]`` in it)
    for name, value in reversed(list(zip(names, first, strict=False))):
        once = cst.List(elements=[cst.Element(value)])
        inner = cst.CompFor(target=name, iter=once, inner_for_in=inner)
    loop = cst.CompFor(target=names[-1], iter=items, inner_for_in=inner)
    return cst.ListComp(elt=body, for_in=loop)


def zipped(
    func: cst.BaseExpression, iterables: list[cst.BaseExpression], origin: cst.Call
) -> cst.ListComp | None:
    """``[func(a, b) for a, b in zip(xs, ys)]``, which the call's value is (so the iterables
    are evaluated once, there): ``func`` a name, an attribute path or a lambda of as many
    plain parameters (its body inline)."""
    if type(func) is cst.Lambda:
        params = func.params
        if params.posonly_params or params.kwonly_params or params.star_kwarg:
            return None
        plain = all(p.default is None for p in params.params)
        if not plain or len(params.params) != len(iterables) or type(params.star_arg) is cst.Param:
            return None
        names = [cst.Name(p.name.value) for p in params.params]
        body = func.body
    elif receiver_path(func) is not None:
        names = [cst.Name(f"{ITEM}{i}") for i in range(len(iterables))]
        given = [cst.Arg(lowered_from(origin, cst.Name(n.value))) for n in names]
        body = lowered_from(origin, cst.Call(func=func, args=given))
    else:
        return None
    target = cst.Tuple(elements=[cst.Element(n) for n in names])
    zipped = cst.Call(func=cst.Name("zip"), args=[cst.Arg(items) for items in iterables])
    loop = cst.CompFor(target=target, iter=lowered_from(origin, zipped))
    return cst.ListComp(elt=body, for_in=loop)


def fields(module: cst.Module | None, cls: str) -> tuple[str, ...] | None:
    """The ``__init__`` parameters of the module's top-level ``@dataclass`` ``cls`` (no base,
    no keyword, no ``__init__`` of its own), its annotated fields in order; None where one is
    a ``ClassVar``/``InitVar``/``KW_ONLY`` or a ``field(init=False)``, or for any other
    class."""
    for stmt in module.body if module is not None else ():
        if type(stmt) is not cst.ClassDef or stmt.name.value != cls:
            continue
        if stmt.bases or stmt.keywords or len(stmt.decorators) != 1:
            return None
        deco = stmt.decorators[0].decorator
        if type(deco) is cst.Call:
            if any(a.keyword is not None and a.keyword.value == "init" for a in deco.args):
                return None
            deco = deco.func
        name = deco.attr.value if type(deco) is cst.Attribute else getattr(deco, "value", None)
        if name != "dataclass":
            return None
        out: list[str] = []
        for line in stmt.body.body:
            if type(line) is cst.FunctionDef and line.name.value == "__init__":
                return None
            small = line.body[0] if type(line) is cst.SimpleStatementLine else None
            if type(small) is not cst.AnnAssign or type(small.target) is not cst.Name:
                continue
            code = cst.Module(body=()).code_for_node(small.annotation.annotation)
            if any(n in code for n in ("ClassVar", "InitVar", "KW_ONLY")):
                return None
            value = small.value
            if value is not None and "init=False" in cst.Module(body=()).code_for_node(value):
                return None
            out.append(small.target.value)
        return tuple(out)
    return None
