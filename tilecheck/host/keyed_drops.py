"""Methods of a container of ops by known key that name no key, or one key (round 20E of issue
17, round 37K), for ``tilecheck.host.keyed_items``: ``ops.clear()`` drops every item it still
holds without running any (a use that takes no item: the items no other use takes by key stay
unrun, TC105 where they are made); ``ops.pop(k)``, ``ops.pop(k, None)``, ``ops.get(k)``,
``ops.get(k, None)`` and ``ops.setdefault(k, v)`` take the item under ``k``, as ``ops[k]``
does, whatever ``k`` is (a constant, a name of a known key, the target of a loop over known
keys: the caller resolves it as it resolves a subscript's key). Only for a dict: a list's
``pop(i)`` moves the items after it. Any other method stays a use that may take any item."""

from __future__ import annotations

import libcst as cst

_BY_KEY = frozenset({"pop", "get", "setdefault"})


def dropped_or_taken(method: cst.Attribute, call: cst.Call) -> cst.BaseExpression | bool | None:
    """What ``d.<method>(...)`` (``call``) takes an item by: False for ``d.clear()`` (no item),
    the key expression of ``d.pop(k)``/``d.get(k)``/``d.setdefault(k, v)`` (with or without a
    second argument); None for any other call of a method of ``d``."""
    if call.func is not method or any(a.star or a.keyword is not None for a in call.args):
        return None
    name = method.attr.value
    if name == "clear" and not call.args:
        return False
    if name in _BY_KEY and 1 <= len(call.args) <= 2:
        if name == "setdefault" and len(call.args) != 2:
            return None
        return call.args[0].value
    return None
