"""Lists of Pendings (or ops) a method appends to an attribute of its receiver
(``self.inflight.append(k(...).submit())``), read from its syntax: the attributes a method names
only as ``self.X.append(...)`` (or ``appendleft``). Such a method leaves the items already there
alone, so its caller keeps them (``CallSites.attribute_partitions_reached`` forgets those of
the attributes a method otherwise reaches), and adds the holder it appends
(``Summary.appends``), borrowing what it borrows: a later read of what it writes, by the
caller or by another method, is checked against it, until a method that reaches the list
(the one that waits its items, ``for p in self.inflight: p.wait()``) takes them."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.trimmed_attributes import front_trims
from tilecheck.syntax.walk import children

APPENDS = frozenset({"append", "appendleft"})


def appended_attribute(call: cst.Call, me: str | None) -> str | None:
    """``X`` of ``self.X.append(value)`` (one positional argument), or None."""
    func = call.func
    if (
        me is None
        or type(func) is not cst.Attribute
        or func.attr.value not in APPENDS
        or type(func.value) is not cst.Attribute
        or type(func.value.value) is not cst.Name
        or func.value.value.value != me
        or len(call.args) != 1
        or call.args[0].star
        or call.args[0].keyword is not None
    ):
        return None
    return func.value.attr.value


def stored_item_attribute(target: cst.BaseExpression, me: str | None) -> str | None:
    """``X`` of ``self.X[key] = value`` (one index), or None: an item stored into a dict (or
    list) attribute, kept there as an appended one is (round 12 of issue 17)."""
    if (
        me is None
        or type(target) is not cst.Subscript
        or len(target.slice) != 1
        or type(target.slice[0].slice) is not cst.Index
        or type(target.value) is not cst.Attribute
        or type(target.value.value) is not cst.Name
        or target.value.value.value != me
    ):
        return None
    return target.value.attr.value


def appended_only(fn: cst.FunctionDef, me: str) -> frozenset[str]:
    """The attributes of ``me`` that ``fn`` names only to append to them (or to store an item
    into them, ``self.X[key] = value``), to trim their front, waiting what it takes
    (``tilecheck.host.trimmed_attributes``), or to read their length (``len(self.X)``)."""
    appended: set[str] = set()
    other: set[str] = set()
    skip = set(front_trims(fn, me)[1])  # the ``self.X`` of each ``self.X.append(...)`` seen
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Call:
            attr = appended_attribute(node, me)
            if attr is not None:
                appended.add(attr)
                assert isinstance(node.func, cst.Attribute)
                skip.add(id(node.func.value))
            elif type(node.func) is cst.Name and node.func.value == "len" and len(node.args) == 1:
                skip.add(id(node.args[0].value))  # (its length read: its items left alone)
        elif type(node) is cst.Assign and len(node.targets) == 1:
            target = node.targets[0].target
            attr = stored_item_attribute(target, me)
            if attr is not None:
                appended.add(attr)
                assert isinstance(target, cst.Subscript)
                skip.add(id(target.value))
        elif type(node) is cst.Attribute and id(node) not in skip:
            if type(node.value) is cst.Name and node.value.value == me:
                other.add(node.attr.value)
        stack.extend(children(node))
    return frozenset(appended - other)
