"""A view a function takes at an index its caller gives (``self.k[layer]`` in ``def
write(self, layer)``), named to the caller: the index stays a form of the parameter in the
summary, and each call with a constant argument puts it in (``cache.write(0)``:
``cache.k[0]``). Only a parameter the body never rebinds stands for its argument; anything else
is no part the caller can name."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import libcst as cst

from tilecheck.host.indices import Affine, At, Axis, Span
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import children


def parameter_form(axis: Axis | None, parameters: tuple[str, ...], rebound: frozenset[str]) -> bool:
    """``axis`` is an index form of one of ``parameters`` as the caller gave it (``layer``,
    ``2 * layer + 1``, ``layer % 2``), not of a value the body computed."""
    return (
        isinstance(axis, Affine)
        and axis.name in parameters
        and axis.name not in rebound
        and not (axis.lo or axis.hi or axis.stride)
        and (axis.mod is None or (axis.width is None and axis.edge is None))
    )


def put_in(form: Affine, argument: Axis | None) -> Axis | None:
    """``form`` of a parameter with the caller's constant index for its argument put in (a
    slice at the parameter, ``t[:k]``, the constant span); None for any other argument. A
    loop's counter is not put in: a list of the calls' Pendings waited one by one against
    their rows (``for layer, p in enumerate(pends)``) is not told apart from the rows yet,
    which would be a false alarm."""
    if not isinstance(argument, At) or not isinstance(argument.key, int):
        return None
    value = form.a * argument.key + form.b
    if form.width is not None or form.edge is not None:
        # a slice at the parameter (``t[:k]`` of ``head(t, 32)``: ``t[:32]``); a negative
        # bound counts from the end, which no constant span says
        if value < 0:
            return None
        if form.edge == "below":
            return Span(0, value, 1)
        return Span(value, None if form.width is None else value + form.width, 1)
    return At(value % form.mod if form.mod else value)


def rebound(fn: cst.FunctionDef) -> frozenset[str]:
    """The names ``fn``'s body binds anywhere (nested scopes included: when in doubt, a
    parameter is not its argument)."""
    return frozenset(bound_names(fn.body))


def bound_names(node: cst.CSTNode) -> Iterator[str]:
    """The names ``node`` and everything inside it bind (nested scopes included). Dispatched
    on the exact node type: ``isinstance`` against libcst's abstract classes costs an ABC
    check per node, and this walks whole modules (``tilecheck.host.tasks.module_values``)."""
    stack = [node]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind in _NAMED:
            yield cast(_Named, node).name.value
        elif kind in _TARGETED:
            for target in _targets(node):
                yield from target_names(target)
        elif kind is cst.WithItem or kind is cst.ExceptHandler:
            asname = cast(cst.WithItem, node).asname if kind is cst.WithItem else None
            if kind is cst.ExceptHandler:
                asname = cast(cst.ExceptHandler, node).name
            if asname is not None:
                yield from target_names(asname.name)
        elif kind is cst.Global or kind is cst.Nonlocal:
            yield from (n.name.value for n in cast(cst.Global, node).names)
        elif kind is cst.MatchAs:
            match = cast(cst.MatchAs, node)
            if match.name is not None:
                yield match.name.value
        elif (kind is cst.Import or kind is cst.ImportFrom) and not isinstance(
            cast(cst.Import, node).names, cst.ImportStar
        ):
            for alias in cast(cst.Import, node).names:
                name = alias.asname.name if alias.asname is not None else alias.name
                if type(name) is cst.Name:
                    yield name.value
        stack.extend(reversed(children(node)))


_Named = cst.FunctionDef | cst.ClassDef
_NAMED = frozenset({cst.FunctionDef, cst.ClassDef})
_TARGETED = frozenset(
    {cst.Assign, cst.AugAssign, cst.AnnAssign, cst.NamedExpr, cst.Del, cst.For, cst.CompFor}
)


def _targets(node: cst.CSTNode) -> list[cst.BaseExpression]:
    if type(node) is cst.Assign:
        return [t.target for t in node.targets]
    return [cast(cst.AugAssign, node).target]
