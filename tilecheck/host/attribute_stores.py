"""Stores into attributes across a module, by attribute name (moved from
``tilecheck.host.classes`` unchanged, round 22L): which attributes no code reads, and how many
statements store into each."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.host.polled_fields import polled_all
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import flat_targets, store_targets
from tilecheck.syntax.walk import children


def unread_attributes(
    body: cst.Module, names: frozenset[str], classes: frozenset[str]
) -> tuple[frozenset[str], frozenset[str]]:
    """Those of ``names`` that no ``x.name`` of the module reads (only ever an assignment's
    target; none when the module reaches attributes by name: ``getattr``, ``vars``,
    ``__dict__``), and those of ``classes`` the module makes instances of."""
    stored: set[int] = set()
    read: set[str] = set()
    made: set[str] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Assign, cst.AnnAssign)):
            targets = node.targets if isinstance(node, cst.Assign) else (node,)
            for target in targets:
                stored.update(map(id, flat_targets(target.target)))
        elif isinstance(node, cst.Name) and node.value in ("getattr", "vars", "__dict__"):
            return frozenset(), frozenset()
        elif looked := polled_all(node):
            stored.update(map(id, looked))  # (a poll waits nothing: ``polled_fields``)
        elif isinstance(node, cst.Attribute):
            if node.attr.value in names and id(node) not in stored:
                read.add(node.attr.value)
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
            if node.func.value in classes:
                made.add(node.func.value)
        stack.extend(children(node))
    return names - read, frozenset(made)


def attribute_stores(body: cst.Module, names: frozenset[str]) -> dict[str, int]:
    """How many statements of the module store into (assign, ``del``, bind by ``for`` or
    ``with``) an attribute named in ``names``, whatever the object; ``{}`` when the module
    reaches attributes by name (``getattr``, ``setattr``, ``vars``, ``__dict__``)."""
    counts: dict[str, int] = {}
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name) and node.value in _BY_NAME:
            return {}
        for target in store_targets(node):
            for flat in flat_targets(target):
                if isinstance(flat, cst.Attribute) and flat.attr.value in names:
                    counts[flat.attr.value] = counts.get(flat.attr.value, 0) + 1
        stack.extend(children(node))
    return counts


_BY_NAME = frozenset({"getattr", "setattr", "delattr", "vars", "__dict__"})

# Nodes that may poll an attribute (``polled_fields.polled_all``).
_POLLING = frozenset(
    {cst.Call, cst.Comparison, cst.If, cst.While, cst.IfExp, cst.Assert, cst.CompIf}
    | {cst.UnaryOperation}
)


# Names through which code may reach any attribute (by a string, or the whole namespace).
_REFLECTIVE = frozenset({*_BY_NAME, "attrgetter", "asdict", "astuple", "__getattr__"})


def read_attributes(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str] | None:
    """The attribute names the module reads (``x.name`` other than as an assignment's whole
    target, or a string naming it); None where it may read any (``_REFLECTIVE``). Round 28L:
    what ``__init__`` keeps in an attribute no code reads is never run or waited."""
    stored: set[int] = set()
    read: set[str] = set()
    for node in index.nodes(module):
        if not attribute_use(node, stored, read):
            return None
    return frozenset(read)


def attribute_use(node: cst.CSTNode, stored: set[int], read: set[str]) -> bool:
    """Add what ``node`` reads of attributes to ``read`` (an assignment's whole target, met
    first, to ``stored``: not a read); False where it may reach any attribute by name."""
    kind = type(node)
    if kind is cst.Assign:
        for target in cast(cst.Assign, node).targets:
            if type(target.target) is cst.Attribute:
                stored.add(id(target.target))
    elif kind is cst.AnnAssign and type(cast(cst.AnnAssign, node).target) is cst.Attribute:
        stored.add(id(cast(cst.AnnAssign, node).target))
    elif kind is cst.Name and cast(cst.Name, node).value in _REFLECTIVE:
        return False
    elif kind in _POLLING:
        stored.update(map(id, polled_all(node)))  # (a poll waits nothing: ``polled_fields``)
    elif kind is cst.Attribute:
        attribute = cast(cst.Attribute, node)
        if attribute.attr.value in _REFLECTIVE:
            return False
        if id(node) not in stored:
            read.add(attribute.attr.value)
    elif kind is cst.SimpleString:
        value = string_value(cast(cst.SimpleString, node))
        read.add(value if isinstance(value, str) else "")
    return True
