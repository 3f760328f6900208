"""Walking libcst expressions quickly: the fields that can hold code, memoized per node class
(libcst's node classes are ABCs, and ``isinstance`` against them is slow on a hot path). Used by
the host analysis and the kernel-body analysis alike."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import libcst as cst

# Fields that hold punctuation or whitespace, never code.
_NOT_CODE = (
    "whitespace",
    "lpar",
    "rpar",
    "comma",
    "lbracket",
    "rbracket",
    "lbrace",
    "rbrace",
    "colon",
    "equal",
    "operator",
    "star",
    "dot",
    "semicolon",
    "walrus",
    "asynchronous",
    "header",
    "footer",
    "newline",
)
_FIELDS: dict[type[cst.CSTNode], tuple[str, ...]] = {}

OTHER, EXPRESSION, NODE, SEQUENCE = range(4)
_TYPE_KINDS: dict[type, int] = {}


def _code_fields(cls: type[cst.CSTNode]) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if not any(f.name.startswith(s) or f.name.endswith(s) for s in _NOT_CODE)
        )
        _FIELDS[cls] = names
    return names


def type_kind(cls: type) -> int:
    """What a field value of this type is: OTHER, EXPRESSION, NODE or SEQUENCE."""
    kind = _TYPE_KINDS.get(cls)
    if kind is None:
        if cls is tuple or cls is list:
            kind = SEQUENCE
        elif issubclass(cls, cst.BaseExpression):
            kind = EXPRESSION
        elif issubclass(cls, cst.CSTNode):
            kind = NODE
        else:
            kind = OTHER
        _TYPE_KINDS[cls] = kind
    return kind


def children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The nodes directly inside ``node`` that may hold code, in field order."""
    for name in _code_fields(type(node)):
        value = getattr(node, name)
        kind = type_kind(type(value))
        if kind == SEQUENCE:
            for item in value:
                if type_kind(type(item)) in (EXPRESSION, NODE):
                    yield item
        elif kind != OTHER:
            yield value
