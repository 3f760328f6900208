"""Whether the items of a local container stay at their keys: every use of its name in the scope
reads or stores one item (``ops[k]``, ``ops[k] = x``), reads it whole without changing it
(``len(ops)``, ``for x in ops``, ``*ops``, ``ops.values()``, a test), appends to its end, pops
by a constant string key (a dict's: the others keep their keys) or rebinds the name. Anything
else may move or replace items behind the analysis's back (``ops.pop(0)``, ``ops.reverse()``,
``ops.update(...)``, ``del ops[0]``, the name passed to a call or kept under another name), so
an item's path (``ops[0]``) may no longer name what the container holds there."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.walk import children

# Methods that leave every item at its key.
_STEADY = frozenset(
    {"get", "keys", "values", "items", "copy", "append", "extend", "index", "count"}
)
# Functions that only read what they are given.
_READERS = frozenset({"len", "list", "tuple", "enumerate", "sorted", "iter", "reversed", "print"})
# Where a bare use of the name only reads it (its truth, ``in``, ``is``).
_TESTS = (
    cst.If,
    cst.While,
    cst.IfExp,
    cst.BooleanOperation,
    cst.UnaryOperation,
    cst.Comparison,
    cst.ComparisonTarget,
)


def steady_items(scope: cst.CSTNode, name: str) -> bool:
    """Every use of ``name`` under ``scope`` leaves the items of what it holds at their keys."""
    stack: list[tuple[cst.CSTNode, cst.CSTNode | None]] = [(scope, None)]
    while stack:
        node, parent = stack.pop()
        kind = type(node)
        if kind is cst.Name and cst.ensure_type(node, cst.Name).value == name:
            if not _steady_use(cst.ensure_type(node, cst.Name), parent):
                return False
        elif kind is cst.Del and _deletes_item(cst.ensure_type(node, cst.Del).target, name):
            return False
        read = _read_here(node, name) if kind is cst.Call else None
        stack.extend((child, node) for child in children(node) if child is not read)
    return True


def _read_here(node: cst.CSTNode, name: str) -> cst.CSTNode | None:
    """The argument or receiver ``name`` of a call that only reads it, if it is one
    (``len(ops)``, ``ops.pop("b")``)."""
    call = cst.ensure_type(node, cst.Call)
    func = call.func
    first = call.args[0] if call.args else None
    if first is None or first.star:
        return None
    if isinstance(func, cst.Name) and func.value in _READERS and _is(first.value, name):
        return first
    if len(call.args) == 2 and _is(call.args[1].value, name) and not call.args[1].star:
        # ``functools.reduce(f, ops)``: gives ``f`` the items, in order; the list stays
        if (isinstance(func, cst.Name) and func.value == "reduce") or (
            isinstance(func, cst.Attribute) and func.attr.value == "reduce"
        ):
            return call.args[1]
    if (
        isinstance(func, cst.Attribute)
        and func.attr.value == "pop"
        and _is(func.value, name)
        and isinstance(first.value, cst.SimpleString)
    ):
        return func
    return None


def _is(expr: cst.BaseExpression, name: str) -> bool:
    return isinstance(expr, cst.Name) and expr.value == name


def _steady_use(node: cst.Name, parent: cst.CSTNode | None) -> bool:
    if isinstance(parent, cst.Subscript):
        return parent.value is node
    if isinstance(parent, cst.Attribute):
        return parent.value is node and parent.attr.value in _STEADY
    if isinstance(parent, cst.AnnAssign):
        return parent.target is node  # rebound
    if isinstance(parent, (cst.AssignTarget, cst.For, cst.Del)):
        return True  # rebound, iterated, or deleted whole
    if isinstance(parent, cst.Arg):
        return parent.star != ""
    return isinstance(parent, _TESTS)


def _deletes_item(target: cst.BaseExpression, name: str) -> bool:
    if isinstance(target, (cst.Tuple, cst.List)):
        return any(_deletes_item(e.value, name) for e in target.elements)
    return isinstance(target, cst.Subscript) and _is(target.value, name)
