"""What a loop over a name walks, as the scope's whole syntax shows (round 39K of issue 17).

``flow.unroll`` sizes a loop from a few statements before it and the module's lists of keys
(``tilecheck.host.key_lists``), and ``tilecheck.host.positions`` takes its items from those;
neither reads a parameter (``tilecheck.host.param_keys``: what every call gives it) or a
filtered comprehension over constants (``tilecheck.host.filtered_keys``). So::

    def serve(ids):
        inflight = {}
        for i in ids:
            inflight[i] = scale(outs[i].partition((64,)), w, 1.0).submit()

    serve([1, 2, 3])

was followed as one joined turn (the next turn's ``outs[i]`` met the previous turn's op). Here
the scope's names (``known_keys.ScopeNames``, with call sites: ``CalledNames``; one walk per
scope, kept on the module's names) answer both questions for a plain name: its length (for the
CFG) and its constant items (for the slots). Only names walked (a ``for`` over a name, asked
when nothing nearer answered) cost the walk."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import libcst as cst

from tilecheck.host.known_keys import Key, ScopeNames
from tilecheck.host.param_keys import CalledNames

Lengths = Callable[[str], int | None]


def scope_names(
    module_names: Callable[[], ScopeNames | None],
    scope: cst.CSTNode | None,
    numbers: Mapping[str, int] | None = None,
) -> ScopeNames | None:
    """The names of ``scope`` (a function; None or a module: the module's), made once."""
    outer = module_names()
    if outer is None or scope is None or type(scope) is cst.Module:
        return outer
    if type(scope) is not cst.FunctionDef:
        return None
    key = ("scope_walks", id(scope))
    found = outer.memo.get(key)
    if isinstance(found, tuple) and found[0] is scope:
        return found[1]  # type: ignore[no-any-return]
    names = CalledNames(scope, module_names, numbers)
    outer.memo[key] = (scope, names)
    return names


def walked_items(names: ScopeNames | None, name: str) -> list[Key] | None:
    """The keys a ``for`` over the plain name ``name`` takes there (None: not known)."""
    if names is None or not name.isidentifier():  # (``self.SIZES``: not a plain name)
        return None
    return names.walked_iter(cst.Name(name))


def walk_lengths(
    module_names: Callable[[], ScopeNames | None],
    scope: cst.CSTNode | None,
    nearer: Lengths | None = None,
    numbers: Mapping[str, int] | None = None,
) -> Lengths:
    """The length of a name a loop of ``scope`` walks: ``nearer``'s answer (the module's
    lists of keys), else the scope's names'."""

    def length(name: str) -> int | None:
        found = nearer(name) if nearer is not None else None
        if found is not None:
            return found
        keys = walked_items(scope_names(module_names, scope, numbers), name)
        return len(keys) if keys else None

    return length


def scope_positions(an: object, name: str, most: int) -> list[Key] | None:
    """The items a ``for`` over ``name`` takes in the scope analysis ``an`` runs (a
    ``Positions``), at most ``most`` of them. A dict's string keys are left to the dict's own
    items (``positions._view_positions``): a walk of ``.items()`` by a string key that
    indexes a container keeps the loop (``positions._slot_bindable``), and so should what a
    comprehension over the dict's keys makes (one object per key met by a joined turn)."""
    ctx = an.ctx  # type: ignore[attr-defined]
    scope = an.scope_node if an.module_node is None else None  # type: ignore[attr-defined]
    names = scope_names(ctx.known_names, scope, ctx.constants)
    keys = walked_items(names, name)
    if not keys or len(keys) > most or names is None:
        return None
    if any(type(k) is not int for k in keys) and _dict_name(names, name):
        return None
    return list(keys)


def _dict_name(names: ScopeNames, name: str) -> bool:
    """``name`` (here, or the module's where free here) is bound to a dict."""
    free = names._free(name)
    value = (free or names).bound_once(name)
    return type(value) in (cst.Dict, cst.DictComp) or (
        type(value) is cst.Call and type(value.func) is cst.Name and value.func.value == "dict"
    )
