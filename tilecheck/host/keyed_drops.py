"""Methods of a container of ops by known key that name no key, or one constant key (round 20E
of issue 17), for ``tilecheck.host.keyed_items``: ``ops.clear()`` drops every item it still
holds without running any (a use that takes no item: the items no other use takes by key stay
unrun, TC105 where they are made); ``ops.pop("a")`` and ``ops.get("a")`` take the item under
that string key, as ``ops["a"]`` does (not a list's ``pop(i)``: the items after it move).
Any other method stays a use that may take any item."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.known_keys import Key, constant

_BY_KEY = frozenset({"pop", "get"})


def dropped_or_taken(method: cst.Attribute, call: cst.Call) -> set[Key] | None:
    """The keys ``d.clear()`` (none) or ``d.pop(k)``/``d.get(k)`` of a constant ``k`` take an
    item by; None for any other call of a method of ``d``."""
    if call.func is not method or any(a.star or a.keyword is not None for a in call.args):
        return None
    name = method.attr.value
    if name == "clear" and not call.args:
        return set()
    if name in _BY_KEY and len(call.args) == 1:
        key = constant(call.args[0].value)
        # a string: a dict's key (a list's ``pop(0)`` shifts the items after it)
        return {key} if isinstance(key, str) else None
    return None
