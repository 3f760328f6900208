"""Small facts read off one libcst node: the dotted name it spells, the names it binds as a
target, its source text. Both analyses ask these of the nodes they meet."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from tilecheck.syntax.walk import children


def dotted_name(expr: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a Name/Attribute chain, else None."""
    parts: list[str] = []
    while isinstance(expr, cst.Attribute):
        parts.append(expr.attr.value)
        expr = expr.value
    if not isinstance(expr, cst.Name):
        return None
    parts.append(expr.value)
    return ".".join(reversed(parts))


def head_of(dotted: str) -> str:
    return dotted.partition(".")[0]


def target_names(target: cst.CSTNode) -> Iterator[str]:
    """Names an assignment or ``del`` target, a pattern or a comprehension target binds."""
    if isinstance(target, cst.Name):
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
