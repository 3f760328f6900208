"""One module's syntax, walked once and shared: the analyses that read a class's methods or a
function's body (what ``__init__`` keeps, the attributes a method stores, whether a loop may
``continue``) ask this index instead of each walking the same body again. A body's nodes are
listed at their first request and kept; a fact computed from them (``fact``) is kept per body
and per question, so a method that eight analyses read is walked once. Keyed by the node
itself, so an index lives as long as its module's check (``Context.index``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

import libcst as cst

from tilecheck.syntax.walk import children

T = TypeVar("T")


class SyntaxIndex:
    """The nodes under each body asked for, and the facts computed from them, once each."""

    def __init__(self) -> None:
        # id(root) -> (root, its nodes): the root is kept so that its id stays its own
        self._nodes: dict[int, tuple[cst.CSTNode, list[cst.CSTNode]]] = {}
        self._facts: dict[tuple[int, Callable[..., object]], tuple[cst.CSTNode, object]] = {}

    def nodes(self, root: cst.CSTNode) -> Sequence[cst.CSTNode]:
        """``root`` and every node inside it that may hold code, in ``descendants``' order."""
        known = self._nodes.get(id(root))
        if known is not None and known[0] is root:
            return known[1]
        found: list[cst.CSTNode] = []
        stack = [root]
        while stack:
            current = stack.pop()
            found.append(current)
            stack.extend(children(current))
        self._nodes[id(root)] = (root, found)
        return found

    def fact(self, root: cst.CSTNode, compute: Callable[[SyntaxIndex, cst.CSTNode], T]) -> T:
        """``compute(self, root)``, computed once per root (``compute`` must depend on the
        root's syntax only)."""
        key = (id(root), compute)
        known = self._facts.get(key)
        if known is not None and known[0] is root:
            return cast(T, known[1])  # stored by this same ``compute``
        value = compute(self, root)
        self._facts[key] = (root, value)
        return value
