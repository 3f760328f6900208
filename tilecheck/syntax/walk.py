"""Walking libcst expressions quickly: the fields that can hold code, memoized per node class
(libcst's node classes are ABCs, and ``isinstance`` against them is slow on a hot path). Used by
the host analysis and the kernel-body analysis alike."""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Iterator
from typing import Any

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


def fields_reader(names: tuple[str, ...]) -> Callable[[cst.CSTNode], tuple[Any, ...]]:
    """Reads the fields ``names`` of a node at once (one C call per node), as a tuple."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda node: (one(node),)
    return lambda node: ()


def _reader(cls: type[cst.CSTNode]) -> Callable[[cst.CSTNode], tuple[Any, ...]]:
    """Reads the code fields of a node of ``cls`` at once."""
    read = _READERS[cls] = fields_reader(_code_fields(cls))
    return read


# ``Any``: a code field holds a node, a sequence of nodes or a plain value, told apart by
# ``type_kind``.
_READERS: dict[type[cst.CSTNode], Callable[[cst.CSTNode], tuple[Any, ...]]] = {}


# Each node's ``children``, by the node's id (the node kept with them, so that the id stays its
# own): a module's bodies are walked by several analyses each, and the nodes' fields need
# reading once. Kept while a module is checked (``forget_children`` at its end).
_CHILDREN: dict[int, tuple[cst.CSTNode, tuple[cst.CSTNode, ...]]] = {}


# Nodes whose code fields hold text only (a name, a number, a string): they have no children.
_LEAVES = frozenset({cst.Name, cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString})


def children(node: cst.CSTNode) -> tuple[cst.CSTNode, ...]:
    """The nodes directly inside ``node`` that may hold code, in field order."""
    if type(node) in _LEAVES:
        return ()
    known = _CHILDREN.get(id(node))
    if known is not None and known[0] is node:
        return known[1]
    out: list[cst.CSTNode] = []
    kinds = _TYPE_KINDS
    for value in (_READERS.get(type(node)) or _reader(type(node)))(node):
        kind = kinds.get(type(value))
        if kind is None:
            kind = type_kind(type(value))
        if kind == SEQUENCE:
            for item in value:
                inner = kinds.get(type(item))
                if inner is None:
                    inner = type_kind(type(item))
                if inner == EXPRESSION or inner == NODE:
                    out.append(item)
        elif kind != OTHER:
            out.append(value)
    found = tuple(out)
    _CHILDREN[id(node)] = (node, found)
    return found


def forget_children() -> None:
    """Drops the ``children`` kept (the nodes with them)."""
    _CHILDREN.clear()


def descendants(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """``node`` and every node inside it that may hold code (``children``, walked to the end;
    the order is a stack's, not the source's)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(children(current))


_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def own_nodes(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """``descendants(node)`` without entering a nested function, class or lambda (yielded
    itself, not its inside): the code that runs when ``node`` runs."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if current is node or type(current) not in _SCOPES:
            stack.extend(children(current))


def contains(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    """``node`` is ``tree`` or one of its ``descendants``."""
    stack = [tree]
    while stack:
        current = stack.pop()
        if current is node:
            return True
        stack.extend(children(current))
    return False


def contains_own(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    """``node`` is ``tree`` or lies in it outside the functions, classes and lambdas nested in
    it (a ``tree`` that is one holds only itself): code that runs when ``tree`` runs."""
    stack = [tree]
    while stack:
        current = stack.pop()
        if current is node:
            return True
        if type(current) not in _SCOPES:
            stack.extend(children(current))
    return False


def with_parents(
    node: cst.CSTNode,
) -> Iterator[tuple[cst.CSTNode, cst.CSTNode | None, cst.CSTNode | None]]:
    """Each node of ``descendants(node)`` (in the same order) with its parent and the parent's
    parent (None above ``node``): what a question about one use of a name asks of its
    surroundings (``ops[i]``, ``len(ops)``, ``ops.append(x)``)."""
    stack: list[tuple[cst.CSTNode, cst.CSTNode | None, cst.CSTNode | None]] = [(node, None, None)]
    while stack:
        current, parent, above = stack.pop()
        yield current, parent, above
        stack.extend((child, current, parent) for child in children(current))


def name_nodes(tree: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node of ``tree``, except the attribute names of ``x.keys`` and the keywords of
    ``f(k=...)`` (names of other things than variables)."""
    stack: list[cst.CSTNode] = [tree]
    while stack:
        node = stack.pop()
        yield node
        if type(node) is cst.Attribute:
            stack.append(node.value)
        elif type(node) is cst.Arg:
            stack.append(node.value)
        else:
            stack.extend(children(node))
