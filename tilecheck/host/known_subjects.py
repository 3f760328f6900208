"""Which ``case`` of a ``match`` runs, where the subject is a module constant (round 33D of
issue 17). ``config = {"act": "none"}`` bound once and read only as a ``match`` subject is that
dict wherever the ``match`` runs, so ``case {"act": "relu"}:`` never matches it (no such value
under the key) and an op run only there is never run (TC105), as at run time; ``case {"act":
"none"}:`` always does, and no later case runs. A pattern is decided only where every part of
it is: a mapping pattern's keys and literal values (a capture or ``_`` under a key matches
anything), a literal (a name bound once to a string or integer: ``bound_once.Tests``), an
``|`` of those, ``... as name``; anything else (a class pattern, a sequence, a dotted value)
is not known, and the ``case`` is taken as the CFG always takes one: it may run. A dict is
taken as constant only where the module binds the name once, to a display of literal keys and
literal values, and mentions it nowhere else but as a ``match`` subject (nothing can change
it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from tilecheck.syntax.constants import int_value, string_value
from tilecheck.syntax.walk import children

Scalar = str | int
KnownDict = frozenset[tuple[Scalar, Scalar]]  # a constant dict's items (its ``==`` is theirs)
Known = Scalar | KnownDict
Counts = Callable[[Sequence[cst.BaseStatement], set[str]], dict[str, int]]


def scalar(expr: cst.BaseExpression) -> tuple[Scalar] | None:
    """A string or integer literal's value (in a one-tuple: ``0`` and ``""`` are values)."""
    if type(expr) is cst.SimpleString:
        text = string_value(expr)
        return (text,) if isinstance(text, str) else None
    if type(expr) is cst.Integer:
        return (int_value(expr),)
    return None


def constant_dicts(
    body: Sequence[cst.BaseStatement], declared: frozenset[str], counts: Counts
) -> dict[str, KnownDict]:
    """The module's names bound once to a dict display of literals and mentioned elsewhere
    only as a ``match`` subject (``counts``: how often ``body`` binds each of some names)."""
    found: dict[str, KnownDict] = {}
    for stmt in body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            target: cst.BaseExpression | None = None
            value: cst.BaseExpression | None = None
            if type(small) is cst.Assign and len(small.targets) == 1:
                target, value = small.targets[0].target, small.value
            elif type(small) is cst.AnnAssign:
                target, value = small.target, small.value
            if type(target) is cst.Name and type(value) is cst.Dict:
                items = _items(value)
                if items is not None and target.value not in declared:
                    found[target.value] = items
    if not found:
        return found
    bound = counts(body, set(found))
    mentions = _mentions(body, set(found))
    return {n: d for n, d in found.items() if bound.get(n) == 1 and mentions.get(n, 0) == 1}


def _items(display: cst.Dict) -> KnownDict | None:
    out: dict[Scalar, Scalar] = {}
    for element in display.elements:
        if type(element) is not cst.DictElement:
            return None  # ``**other``
        key, value = scalar(element.key), scalar(element.value)
        if key is None or value is None:
            return None
        out[key[0]] = value[0]
    return frozenset(out.items())


def _mentions(body: Sequence[cst.BaseStatement], names: set[str]) -> dict[str, int]:
    """How often each of ``names`` is written anywhere in ``body`` (nested scopes too) other
    than as a ``match`` subject (its one binding is one of them)."""
    counts: dict[str, int] = {}
    subjects: set[int] = set()
    stack: list[cst.CSTNode] = list(body)
    while stack:
        node = stack.pop()
        if type(node) is cst.Match and type(node.subject) is cst.Name:
            subjects.add(id(node.subject))
        elif type(node) is cst.Name and node.value in names and id(node) not in subjects:
            counts[node.value] = counts.get(node.value, 0) + 1
        stack.extend(children(node))
    return counts


def matched(value: Known, pattern: cst.MatchPattern) -> bool | None:
    """Whether ``pattern`` matches a subject known to be ``value``; None where not known."""
    kind = type(pattern)
    if kind is cst.MatchAs:
        inner = pattern.pattern  # type: ignore[attr-defined]
        return True if inner is None else matched(value, inner)
    if kind is cst.MatchOr:
        found = [matched(value, e.pattern) for e in pattern.patterns]  # type: ignore[attr-defined]
        return True if True in found else None if None in found else False
    if kind is cst.MatchValue:
        literal = scalar(pattern.value)  # type: ignore[attr-defined]
        return None if literal is None else literal[0] == value
    if kind is cst.MatchMapping:
        if not isinstance(value, frozenset):
            return False if isinstance(value, (str, int)) else None  # (no mapping)
        return _mapping(dict(value), pattern)  # type: ignore[arg-type]
    return None


def _mapping(value: dict[Scalar, Scalar], pattern: cst.MatchMapping) -> bool | None:
    """``{"k": v, ...}``: every key there, each value matching (``**rest``: any others)."""
    unknown = False
    for element in pattern.elements:
        key = scalar(element.key)
        if key is None:
            return None
        if key[0] not in value:
            return False
        found = matched(value[key[0]], element.pattern)
        if found is False:
            return False
        unknown = unknown or found is None
    return None if unknown else True
