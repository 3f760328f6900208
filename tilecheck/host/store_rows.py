"""A dict filled by stores under known keys (round 37K of issue 17): ``pend = {}`` then
``for k in KNOWN: pend[k] = k_op(...).submit()`` holds one item per key ``KNOWN`` walks, as
``{k: k_op(...).submit() for k in KNOWN}`` would, so ``tilecheck.host.keyed_items`` asks of it
what it asks of the comprehension: which keys its other uses take items by. A store under a
constant key (``pend["a"] = ...``) adds that key.

Only where every store is known: the store is a statement of its own, directly in the body of
a ``for`` over known keys (``tilecheck.host.known_keys``) that the loop's target is the key of,
whose body never leaves early (``break``, ``continue``, ``return``, ``raise``) and never
rebinds the target, so every key walked is stored; or a store under a constant key. Anything
else (a store under another key, under an ``if``, an augmented store) leaves the dict's items
unknown (None), as before."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from tilecheck.host.formed_keys import form, formed_name
from tilecheck.host.known_keys import Key, ScopeNames, constant, walked_key
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import descendants, own_nodes

_LEAVING = (cst.Break, cst.Continue, cst.Return, cst.Raise)

# the launches an item's expression is (as ``keyed_items`` finds them)
MadeIn = Callable[[cst.BaseExpression], list[cst.CSTNode]]
Stored = tuple[list[tuple[cst.CSTNode, Key]], list[Key], frozenset[int]]


_LOOP_BINDERS = (cst.For, cst.CompFor, cst.Param)


def stored_rows(
    names: ScopeNames, uses: Sequence[tuple[cst.CSTNode, object, object]], made_in: MadeIn
) -> Stored | None:
    """The launches the stores into an empty dict make, each with its key, the dict's keys,
    and the ids of the uses that are those stores; None where some store is not known."""
    made: list[tuple[cst.CSTNode, Key]] = []
    keys: list[Key] = []
    stores: set[int] = set()
    for name, parent, above in uses:
        if type(parent) is not cst.Subscript or parent.value is not name:
            continue
        if type(above) is not cst.AssignTarget:
            continue
        assign = names.assigned.get(id(above))
        if assign is None or len(assign.targets) != 1 or len(parent.slice) != 1:
            return None
        index = parent.slice[0].slice
        if type(index) is not cst.Index:
            return None
        walked = _stored_keys(names, index.value, assign)
        if walked is None:
            return None
        stores.add(id(name))
        items = made_in(assign.value)
        made += [(item, key) for item in items for key in walked]
        keys += [key for key in walked if key not in keys]
    return (made, keys, frozenset(stores)) if stores else None


def _stored_keys(
    names: ScopeNames, index: cst.BaseExpression, assign: cst.Assign
) -> list[Key] | None:
    """The keys a store ``d[index] = ...`` (``assign``) stores under, every one of them."""
    key = constant(index)
    if key is not None:
        return [key]
    formed = form(index)  # ``d[f"layer{i}.attn"] = ...`` (round 41N)
    if formed is not None:
        walked = _stored_keys(names, formed_name(index), assign)  # type: ignore[arg-type]
        keys = [formed(k) for k in walked or ()]
        return None if not keys or None in keys else [k for k in keys if k is not None]
    if type(index) is not cst.Name:
        return None
    loop = names.walker.get(id(index))
    binders = names.binds.get(index.value, ())
    # (a parameter binds in its own function or lambda, never inside the loop: round 39K)
    if type(loop) is not cst.For or not all(type(b) in _LOOP_BINDERS for b in binders):
        return None  # the target of the loop around the store, bound by loops only
    if walked_key(loop.target) != index.value or type(loop.body) is not cst.IndentedBlock:
        return None
    if not any(_statement_assign(s) is assign for s in loop.body.body):
        return None  # not a statement of the loop's own body (under an ``if``, nested)
    if any(isinstance(n, _LEAVING) for n in own_nodes(loop.body)):
        return None
    if _rebinds(loop.body, index.value):
        return None
    return names.walked(loop) or None


def _statement_assign(stmt: cst.BaseStatement) -> cst.Assign | None:
    if type(stmt) is cst.SimpleStatementLine and len(stmt.body) == 1:
        small = stmt.body[0]
        return small if type(small) is cst.Assign else None
    return None


def _rebinds(body: cst.CSTNode, name: str) -> bool:
    """A binding of ``name`` in ``body`` (an assignment, a loop, a ``with`` target, a walrus;
    not a store under it as a key, ``d[name] = ...``)."""
    for node in descendants(body):
        targets: list[cst.CSTNode] = []
        if type(node) is cst.Assign:
            targets = [t.target for t in node.targets]
        elif type(node) in (cst.AugAssign, cst.AnnAssign, cst.NamedExpr, cst.For, cst.CompFor):
            targets = [node.target]  # type: ignore[attr-defined]
        elif type(node) is cst.AsName:
            targets = [node.name]
        if any(name in target_names(t) for t in targets):
            return True
    return False
