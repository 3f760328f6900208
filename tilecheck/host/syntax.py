"""Host-side syntax helpers: names bound and read, display of expressions."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import libcst as cst

from tilecheck.cst_walk import children
from tilecheck.kernel_rules.vocabulary import dotted_name

LITERALS = frozenset({cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.Ellipsis})


def target_names(target: cst.CSTNode) -> Iterator[str]:
    """Names an assignment target, a pattern or a comprehension target binds."""
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


def names_in(node: cst.CSTNode, wanted: Mapping[str, object]) -> set[str]:
    """Which of ``wanted`` are named anywhere inside ``node``."""
    found: set[str] = set()
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            if current.value in wanted:
                found.add(current.value)
        else:
            stack.extend(children(current))
    return found


def display(expr: cst.BaseExpression) -> str:
    """How a finding names an expression: its dotted name, or a generic noun."""
    return dotted_name(expr) or "the tensor"
