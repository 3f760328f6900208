"""Small facts read off one libcst node: the dotted name it spells, the names it binds as a
target, its source text. Both analyses ask these of the nodes they meet."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import libcst as cst

from tilecheck.syntax.constants import string_value
from tilecheck.syntax.walk import children


def dotted_name(expr: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None."""
    parts: list[str] = []
    while type(expr) is cst.Attribute:  # (exact types: ``isinstance`` on libcst's ABCs is slow)
        parts.append(expr.attr.value)
        expr = expr.value
    if type(expr) is not cst.Name:
        return None
    parts.append(expr.value)
    return ".".join(reversed(parts))


def single_assignment(
    stmt: cst.CSTNode, annotated: bool = False
) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """``(target, value)`` where ``stmt`` is a line holding one assignment of one target
    (``target = value``; ``annotated``: ``target: T = value`` too), else None."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if type(small) is cst.Assign and len(small.targets) == 1:
        return small.targets[0].target, small.value
    if annotated and type(small) is cst.AnnAssign and small.value is not None:
        return small.target, small.value
    return None


def head_of(dotted: str) -> str:
    return dotted.partition(".")[0]


def target_names(target: cst.CSTNode) -> Iterator[str]:
    """Names an assignment or ``del`` target, a pattern or a comprehension target binds."""
    kind = type(target)  # (the common cases by exact type, before ``isinstance`` on ABCs)
    if kind is cst.Name:
        yield cast(cst.Name, target).value
    elif kind is cst.Attribute or kind is cst.Subscript:
        return
    elif isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from target_names(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from target_names(target.value)
    elif isinstance(target, (cst.MatchAs, cst.MatchStar)):
        if target.name is not None:
            yield target.name.value
        if isinstance(target, cst.MatchAs) and target.pattern is not None:
            yield from target_names(target.pattern)
    elif isinstance(target, cst.MatchPattern):
        for child in children(target):
            yield from target_names(child)
    elif isinstance(target, (cst.MatchMappingElement, cst.MatchKeywordElement, cst.MatchOrElement)):
        yield from target_names(target.pattern)
    elif isinstance(target, cst.MatchSequenceElement):
        yield from target_names(target.value)


_EMPTY_MODULE = cst.Module(body=[])


def source_of(node: cst.CSTNode) -> str:
    """The node's code, for messages (only ever computed for a finding)."""
    return _EMPTY_MODULE.code_for_node(node)


def path_key(expr: cst.BaseExpression) -> str | None:
    if isinstance(expr, cst.Integer):
        return str(int(expr.value, 0)) if expr.value.isdigit() else None
    if isinstance(expr, cst.SimpleString):
        value = string_value(expr)
        return repr(value) if isinstance(value, str) else None
    return None


def path_of(expr: cst.BaseExpression) -> str | None:
    """``self.out``, ``bufs['x']``, ``ts[0]``: a name followed by attributes and constant
    subscripts; None for anything else."""
    kind = type(expr)  # (exact types: ``isinstance`` on libcst's ABCs is slow)
    if kind is cst.Name:
        return cast(cst.Name, expr).value
    if kind is cst.Attribute:
        attribute = cast(cst.Attribute, expr)
        base = path_of(attribute.value)
        return None if base is None else f"{base}.{attribute.attr.value}"
    if kind is cst.Subscript and len(cast(cst.Subscript, expr).slice) == 1:
        subscript = cast(cst.Subscript, expr)
        index = subscript.slice[0].slice
        if type(index) is cst.Index:
            key = path_key(index.value)
            base = path_of(subscript.value) if key is not None else None
            return None if base is None else f"{base}[{key}]"
    return None


def store_targets(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """What a statement (or a comprehension's ``for``, a ``with`` item) binds, stores into or
    deletes, tuple targets not yet flattened (``flat_targets``)."""
    if isinstance(node, cst.Assign):
        return [t.target for t in node.targets]
    if isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.Del, cst.For, cst.CompFor)):
        return [node.target]
    if isinstance(node, cst.WithItem) and node.asname is not None:
        return [node.asname.name]
    return []


def flat_targets(target: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    """The elements of a tuple or list target, nested ones flattened; any other target itself."""
    if isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from flat_targets(element.value)
    else:
        yield target


def target_names_of(params: cst.Parameters) -> list[str]:
    """Every parameter's name."""
    out = [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)]
    for star in (params.star_arg, params.star_kwarg):
        if type(star) is cst.Param:
            out.append(star.name.value)
    return out


def empty_list(value: cst.BaseExpression | None) -> bool:
    """``[]`` or ``list()``: a list made empty."""
    if type(value) is cst.List:
        return not value.elements
    return (
        type(value) is cst.Call
        and type(value.func) is cst.Name
        and value.func.value == "list"
        and not value.args
    )


def empty_dict(value: cst.BaseExpression | None) -> bool:
    """``{}`` or ``dict()``: a dict made empty."""
    if type(value) is cst.Dict:
        return not value.elements
    return (
        type(value) is cst.Call
        and type(value.func) is cst.Name
        and value.func.value == "dict"
        and not value.args
    )


def passed_argument(
    call: cst.Call, position: int, name: str, shift: int = 0
) -> cst.BaseExpression | None:
    """What ``call`` gives the parameter at ``position`` named ``name`` (``shift``: how many
    parameters come before the call's first argument, ``self`` for a method); None where a
    starred argument may give it, or none does."""
    arg: cst.BaseExpression | None = None
    for i, a in enumerate(call.args):
        if a.star:
            return None
        if a.keyword is not None:
            if a.keyword.value == name:
                arg = a.value
        elif i + shift == position:
            arg = a.value
    return arg
