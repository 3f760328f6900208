"""Which uses of a container's name let its items out only as themselves (round 33C of issue
17): ``del ops`` reports the op or Pending an item still is, never run or waited on any path
(``tilecheck.host.popped_items``), only where every use of ``ops`` in the scope is one whose
effect on the items the analysis follows item by item, so that "live on every path" is the
item's own fate: a binding, ``del``, a subscript (``ops[0]``, ``ops[i]``, ``ops[:2]``: the item
or items themselves), an unpacking ``a, b, c = ops``, a ``for`` over it, ``len(ops)``, or a
container method (``ops.pop()``, ``ops.append(x)``). Any other use (``zip(ops, ...)``,
``dict(...)``, an argument of any call, a comprehension over it, ``*ops``) may take an item
where the analysis does not see it run, and the rule says nothing."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.walk import with_parents

_METHODS = frozenset(
    {"append", "extend", "insert", "pop", "get", "clear", "copy", "values", "items", "keys"}
)


def plain_uses(scope: cst.CSTNode, name: str) -> bool:
    """Every use of ``name`` in ``scope`` (nested functions aside) is one of the forms above."""
    for node, parent, grand in with_parents(scope):
        if type(node) is not cst.Name or node.value != name:
            continue
        if not _plain(node, parent, grand):
            return False
    return True


def _plain(node: cst.Name, parent: cst.CSTNode | None, grand: cst.CSTNode | None) -> bool:
    if isinstance(parent, cst.Attribute) and parent.attr is node:
        return True  # (``x.ops``: another object's attribute, not the name)
    if isinstance(parent, cst.Arg) and parent.keyword is node:
        return True
    if isinstance(parent, cst.AssignTarget) or isinstance(parent, cst.Del):
        return True
    if isinstance(parent, cst.Element) and isinstance(grand, cst.Tuple):
        return False  # (``del a, ops`` and ``(ops, x)``: not told apart here)
    if isinstance(parent, cst.Subscript) and parent.value is node:
        return True
    if isinstance(parent, cst.Assign) and parent.value is node:
        return all(type(t.target) in (cst.Tuple, cst.List) for t in parent.targets)
    if isinstance(parent, cst.For) and parent.iter is node:
        return True
    if isinstance(parent, cst.Attribute) and parent.value is node:
        return parent.attr.value in _METHODS and isinstance(grand, cst.Call)
    if isinstance(parent, cst.Arg) and not parent.star and isinstance(grand, cst.Call):
        return isinstance(grand.func, cst.Name) and grand.func.value == "len"
    return False
