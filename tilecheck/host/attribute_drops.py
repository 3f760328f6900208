"""A method that only stores into an attribute (round 24E): ``self.last = k(...).submit()``
with no other mention of ``self.last`` in the method. Called again in a loop while the
attribute holds the Pending of its earlier call, never waited on any path and held by nothing
else, it drops that Pending unwaited; the analysis's one object per submit cannot tell the
two apart, so the method's own text says the old value goes nowhere else."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.host.classes import self_name
from tilecheck.syntax.walk import children


def only_stored(fn: cst.FunctionDef, attr: str) -> bool:
    """Every mention of ``self.<attr>`` in ``fn`` (nested scopes included) is the whole target
    of a plain assignment, and ``self`` is never rebound or named bare."""
    me = self_name(fn)
    if me is None:
        return False
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Assign:
            assign = cast(cst.Assign, node)
            for target in assign.targets:
                if _is_attr(target.target, me, attr):
                    continue
                stack.append(target.target)
            stack.append(assign.value)
            continue
        if kind is cst.Attribute and _is_attr(cast(cst.Attribute, node), me, attr):
            return False
        if kind is cst.Name and cast(cst.Name, node).value == me:
            return False  # bare ``self`` (given away, rebound, aliased)
        if kind is cst.Attribute:
            attribute = cast(cst.Attribute, node)
            if type(attribute.value) is cst.Name and attribute.value.value == me:
                continue  # ``self.other``: not this attribute
        stack.extend(children(node))
    return True


def _is_attr(node: cst.BaseExpression, me: str, attr: str) -> bool:
    return (
        type(node) is cst.Attribute
        and type(node.value) is cst.Name
        and node.value.value == me
        and node.attr.value == attr
    )


def plain_attribute(module: cst.Module | None, cls: str, attr: str) -> bool:
    """``attr`` of the module's top-level class ``cls`` is a plain instance attribute: the
    class has no base, its body binds nothing of that name (no descriptor, property or
    dataclass field) and defines no ``__setattr__``: a store keeps the value there alone."""
    if module is None:
        return False
    for statement in module.body:
        if type(statement) is cst.ClassDef and statement.name.value == cls:
            if statement.bases or statement.keywords:
                return False
            for line in statement.body.body:
                names = _class_level(line)
                if names is None or attr in names or "__setattr__" in names:
                    return False
            return True
    return False


def _class_level(line: cst.CSTNode) -> set[str] | None:
    """The names a statement of a class body binds; None where it may bind any."""
    if type(line) is cst.FunctionDef:
        return {line.name.value}
    if type(line) is cst.SimpleStatementLine:
        out: set[str] = set()
        for small in line.body:
            if type(small) is cst.Assign:
                for assigned in small.targets:
                    if type(assigned.target) is not cst.Name:
                        return None
                    out.add(assigned.target.value)
            elif type(small) is cst.AnnAssign:
                annotated = small.target
                if type(annotated) is not cst.Name:
                    return None
                out.add(annotated.value)
            elif type(small) not in (cst.Expr, cst.Pass):
                return None
        return out
    return None
