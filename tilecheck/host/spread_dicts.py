"""Keyword dicts spread into a launch (round 24F of issue 17): ``kwargs = {"z": tiles(acc), "y":
acc}`` then ``K.accum(**kwargs)``. Python binds each key to the kernel's parameter of that name;
the analysis took ``**kwargs`` as arguments it cannot see (no TC101 for a tensor passed twice,
and the partition inside was never consumed: a false TC104 at the next use of its tensor).

Here the source alone says which keys the dict holds. A name the scope binds only by
``name = {...}`` statements (``tilecheck.host.dict_names``: no other binding anywhere in it,
nested scopes included; ``name: T = {...}`` too, and a dict record's other constructors,
``dict(k=v)`` or a ``TypedDict``'s call, ``tilecheck.host.records``, where the call evaluated
to its display), each a display of the same constant string keys, each an identifier,
with no ``**`` inside, every other mention of which in the scope is a ``**name`` argument of a
call, in a scope that never calls ``globals()``, ``locals()``, ``vars()``, ``eval`` or
``exec``: nothing adds, removes or rebinds a key between the display and the call, so
``**name`` passes exactly those keys, whatever the values the analysis keeps under
``name['key']``."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.dict_names import dict_names, record_names
from tilecheck.host.records import record_keys
from tilecheck.syntax.index import SyntaxIndex

_READERS = frozenset({"globals", "locals", "vars", "eval", "exec"})


def spread_keys(index: SyntaxIndex, scope: cst.CSTNode) -> dict[str, tuple[str, ...]]:
    """The names whose dict is spread by ``**name`` alone, with the keys it holds."""
    dicts = dict_names(index, scope) | record_names(index, scope)
    if not dicts:
        return {}
    keys: dict[str, tuple[str, ...] | None] = {}
    mentions: dict[str, int] = {}  # a name -> its mentions not yet accounted for
    for node in index.nodes(scope):
        kind = type(node)
        if kind is cst.Name:
            value = node.value  # type: ignore[attr-defined]
            if value in _READERS:
                return {}
            if value in dicts:
                mentions[value] = mentions.get(value, 0) + 1
        elif kind is cst.Assign:
            targets = node.targets  # type: ignore[attr-defined]
            name = targets[0].target
            if len(targets) == 1 and type(name) is cst.Name and name.value in dicts:
                mentions[name.value] = mentions.get(name.value, 0) - 1
                shown = record_keys(node.value)  # type: ignore[attr-defined]
                if keys.setdefault(name.value, shown) != shown:
                    keys[name.value] = None
        elif kind is cst.AnnAssign:
            name = node.target  # type: ignore[attr-defined]
            value = node.value  # type: ignore[attr-defined]
            if type(name) is cst.Name and name.value in dicts and value is not None:
                mentions[name.value] = mentions.get(name.value, 0) - 1
                shown = record_keys(value)
                if keys.setdefault(name.value, shown) != shown:
                    keys[name.value] = None
        elif kind is cst.Arg:
            arg = node.value  # type: ignore[attr-defined]
            if node.star == "**" and type(arg) is cst.Name and arg.value in dicts:  # type: ignore[attr-defined]
                mentions[arg.value] = mentions.get(arg.value, 0) - 1
    return {
        name: shown for name, shown in keys.items() if shown is not None and mentions.get(name) == 0
    }
