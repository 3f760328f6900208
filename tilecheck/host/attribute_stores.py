"""Stores into attributes across a module, by attribute name (moved from
``tilecheck.host.classes`` unchanged, round 22L): which attributes no code reads, and how many
statements store into each."""

from __future__ import annotations

import libcst as cst

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
