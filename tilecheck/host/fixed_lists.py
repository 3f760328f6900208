"""List attributes of a known length whose items never change (round 35O of issue 17)::

    class Prefetcher:
        def __init__(self) -> None:
            self.slots = [tr.empty(n), tr.empty(n)]

        def prefetch(self, layer: int) -> None:
            copy(self.slots[layer % 2].partition(s), src).submit()

The list is made once, in ``__init__``, and from then on only read: indexed, walked, measured.
So ``self.slots[0]`` is the same tensor in every method and on every call, as a scalar
attribute (``self.slot``) is, and a method's use of ``self.slots[layer % 2]`` is, to a caller
giving ``layer=0``, a use of the instance's first slot (``tilecheck.host.attribute_cells``).

Read from the module's syntax only. The attribute is assigned exactly once in the whole
module: a top-level statement of a class's ``__init__`` binding ``self.X`` to a list or tuple
display (its length: the display's), or to a list comprehension over ``range(n)`` with one
``for`` and no ``if`` (its length: ``n``, a constant the caller resolves). Every other mention
of an attribute of that name, on any object, is a read of an item (``obj.X[i]`` not stored to
or deleted), the iterable of a ``for`` or a comprehension, or the argument of ``len``,
``enumerate``, ``zip`` or ``reversed``. A module naming ``setattr``, ``vars`` or
``__dict__`` has none. A dict display of constant keys (``self.cache = {"k": tr.zeros(n),
"v": tr.zeros(n)}``) is such a field too, by its keys, where the other mentions are item
reads, walks, ``len`` or a call of its ``items``, ``values``, ``keys`` or ``get``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import libcst as cst

from tilecheck.syntax.constants import const_int
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import path_key
from tilecheck.syntax.walk import children

# How long a list is: a display's count, or the bound of ``range(n)`` (a constant's name); a
# dict display's constant keys, as paths write them (``'k'``).
Length = int | cst.BaseExpression | tuple[str, ...]
# class -> attribute -> length
Fixed = Mapping[str, Mapping[str, Length]]

if TYPE_CHECKING:
    from tilecheck.host.context import Context

_MOST = 16  # (a longer list is one cell, as before)
_READERS = frozenset({"len", "enumerate", "zip", "reversed"})
_VIEWS = frozenset({"items", "values", "keys", "get"})  # a dict's methods that only read
_DYNAMIC = ("setattr", "vars", "__dict__")


def fixed_lists(index: SyntaxIndex, module: cst.CSTNode) -> Fixed:
    """Every class's list attributes that are made once and only read (see above)."""
    if type(module) is not cst.Module:
        return {}
    made: dict[str, tuple[str, Length, cst.Attribute]] = {}  # attribute -> (class, length, node)
    twice: set[str] = set()
    for stmt in module.body:
        if type(stmt) is not cst.ClassDef:
            continue
        for attr, length, node in _made_in_init(stmt):
            if attr in made:
                twice.add(attr)
            made[attr] = (stmt.name.value, length, node)
    for attr in twice:
        del made[attr]
    if not made:
        return {}
    spoiled = _spoiled(module, {a: n for a, (_, _, n) in made.items()})
    out: dict[str, dict[str, Length]] = {}
    for attr, (cls, length, _) in made.items():
        if attr not in spoiled:
            out.setdefault(cls, {})[attr] = length
    return out


def _made_in_init(cls: cst.ClassDef) -> list[tuple[str, Length, cst.Attribute]]:
    """``self.X = [...]`` statements at the top level of the class's ``__init__``."""
    init = next(
        (
            s
            for s in cls.body.body
            if type(s) is cst.FunctionDef and s.name.value == "__init__" and not s.decorators
        ),
        None,
    )
    params = (*init.params.posonly_params, *init.params.params) if init is not None else ()
    if init is None or not params or type(init.body) is not cst.IndentedBlock:
        return []
    me = params[0].name.value
    found: list[tuple[str, Length, cst.Attribute]] = []
    for line in init.body.body:
        if type(line) is not cst.SimpleStatementLine:
            continue
        for small in line.body:
            if type(small) is cst.Assign and len(small.targets) == 1:
                target, value = small.targets[0].target, small.value
            elif type(small) is cst.AnnAssign and small.value is not None:
                target, value = small.target, small.value
            else:
                continue
            if (
                type(target) is cst.Attribute
                and type(target.value) is cst.Name
                and target.value.value == me
            ):
                length = _length(value)
                if length is not None:
                    found.append((target.attr.value, length, target))
    return found


def _length(value: cst.BaseExpression) -> Length | None:
    """A display's item count (no starred item), or ``n`` of ``[f(...) for _ in range(n)]``;
    a dict display's distinct constant keys."""
    if type(value) is cst.Dict:
        keys = [path_key(e.key) if type(e) is cst.DictElement else None for e in value.elements]
        if not keys or None in keys or len(set(keys)) != len(keys):
            return None
        return tuple(k for k in keys if k is not None)
    if type(value) in (cst.List, cst.Tuple):
        elements = value.elements  # type: ignore[attr-defined]
        if elements and all(type(e) is cst.Element for e in elements):
            return len(elements)
        return None
    if type(value) is not cst.ListComp:
        return None
    loop = value.for_in
    if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None:
        return None
    it = loop.iter
    if (
        type(it) is cst.Call
        and type(it.func) is cst.Name
        and it.func.value == "range"
        and len(it.args) == 1
        and it.args[0].keyword is None
        and not it.args[0].star
    ):
        return it.args[0].value
    return None


def _spoiled(module: cst.Module, made: Mapping[str, cst.Attribute]) -> set[str]:
    """The attributes of ``made`` some mention other than its assignment may change."""
    spoiled: set[str] = set()
    stored: set[int] = set()  # the ids of every assignment's (and ``del``'s) target nodes
    stack: list[tuple[cst.CSTNode, cst.CSTNode | None]] = [(module, None)]
    mentions: list[tuple[cst.Attribute, cst.CSTNode | None]] = []
    parents: dict[int, cst.CSTNode | None] = {}
    while stack:
        node, parent = stack.pop()
        kind = type(node)
        if kind is cst.Name and node.value in _DYNAMIC:  # type: ignore[attr-defined]
            return set(made)
        if kind is cst.Attribute:
            attr = node.attr.value  # type: ignore[attr-defined]
            if attr in _DYNAMIC:
                return set(made)
            if attr in made and node is not made[attr]:
                mentions.append((node, parent))  # type: ignore[arg-type]
        for target in _targets(node):
            stored.update(id(leaf) for leaf in _leaves(target))
        for child in children(node):
            parents[id(child)] = node
            stack.append((child, node))
    for node, parent in mentions:
        attr = node.attr.value
        if id(node) in stored or not _read_only(node, parent, parents, stored):
            spoiled.add(attr)
    return spoiled


def _read_only(
    node: cst.Attribute,
    parent: cst.CSTNode | None,
    parents: Mapping[int, cst.CSTNode | None],
    stored: set[int],
) -> bool:
    """Whether this mention of the list only reads it."""
    if type(parent) is cst.Subscript and parent.value is node:
        return id(parent) not in stored
    if type(parent) in (cst.For, cst.CompFor):
        return parent.iter is node  # type: ignore[union-attr]
    if type(parent) is cst.Attribute and parent.value is node and parent.attr.value in _VIEWS:
        call = parents.get(id(parent))  # ``obj.X.values()``, ``obj.X.get(k)``
        return type(call) is cst.Call and call.func is parent
    if type(parent) is cst.Arg and parent.value is node and not parent.star:
        call = parents.get(id(parent))
        return (
            type(call) is cst.Call
            and type(call.func) is cst.Name
            and call.func.value in _READERS
            and parent.keyword is None
        )
    return False


def _targets(node: cst.CSTNode) -> list[cst.BaseExpression]:
    kind = type(node)
    if kind is cst.Assign:
        return [t.target for t in node.targets]  # type: ignore[attr-defined]
    if kind in (cst.AugAssign, cst.AnnAssign, cst.NamedExpr):
        return [node.target]  # type: ignore[attr-defined]
    if kind in (cst.For, cst.CompFor):
        return [node.target]  # type: ignore[attr-defined]
    if kind is cst.Del:
        return [node.target]  # type: ignore[attr-defined]
    if kind is cst.AsName:
        return [node.name]  # type: ignore[attr-defined]
    return []


def _leaves(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    """A target's stored nodes: itself, or a tuple's or list's items, nested."""
    if type(target) in (cst.Tuple, cst.List):
        return [
            leaf
            for e in target.elements  # type: ignore[attr-defined]
            for leaf in _leaves(e.value)
        ]
    if type(target) is cst.StarredElement:
        return _leaves(target.value)
    return [target]


def fixed_lengths(ctx: Context, cls: str) -> dict[str, int]:
    """The class's fixed list attributes with their lengths, where the module's constants
    tell them."""
    module = ctx.module
    if module is None or not ctx.mentions("__init__"):
        return {}
    out: dict[str, int] = {}
    for attr, length in ctx.index.fact(module, fixed_lists).get(cls, {}).items():
        if isinstance(length, tuple):
            continue
        n = length if isinstance(length, int) else const_int(length, ctx.constants)
        if n is not None and 0 < n <= _MOST:
            out[attr] = n
    return out


def fixed_keys(ctx: Context, cls: str) -> dict[str, tuple[str, ...]]:
    """The class's fixed dict attributes with their keys; a list's positions as keys."""
    module = ctx.module
    if module is None or not ctx.mentions("__init__"):
        return {}
    out = {attr: tuple(map(str, range(n))) for attr, n in fixed_lengths(ctx, cls).items()}
    for attr, length in ctx.index.fact(module, fixed_lists).get(cls, {}).items():
        if isinstance(length, tuple) and len(length) <= _MOST:
            out[attr] = length
    return out
