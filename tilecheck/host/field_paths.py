"""When a field path ``obj.attr`` is a cell as a name is (issue 17, round 31E): the facts the
flow keeps under ``obj.attr`` for an instance it follows (``ObjectGraphs.instances``) hold on
every path only where nothing else can reach the instance and change the field behind the
path's back. From the syntax, once per scope and class:

* ``bare_names``: the names a scope mentions other than as an attribute's owner (``obj.x``,
  ``obj.m()``), a plain assignment's whole target (``obj = Box()``) or a parameter's name. An
  instance bound to such a name is given to no call, no alias, no container, no closure,
  no ``return``: every change of its fields is written in the scope as ``obj.attr = ...`` or
  made by one of its methods (whose summary the call applies);
* ``settled_class``: a top-level class of the module with no base, no ``__setattr__`` /
  ``__getattribute__`` / ``__getattr__`` / ``__slots__`` / descriptor bound at class level
  (a plain annotation or a ``field(...)`` default is no descriptor), whose methods mention
  their receiver only as an attribute's owner: no method hands ``self`` on, so no other code
  holds the instance to change its fields."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.index import SyntaxIndex

_HOOKS = frozenset({"__setattr__", "__getattribute__", "__getattr__", "__slots__", "__delattr__"})


def bare_names(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names ``scope`` (nested scopes included) mentions otherwise than as an attribute's
    owner, a plain assignment's whole target or a parameter's own name."""
    return index.fact(scope, _bare)


def _bare(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    nodes = index.nodes(scope)
    skip: set[int] = set()
    for node in nodes:
        kind = type(node)
        if kind is cst.Attribute:
            skip.add(id(node.attr))  # type: ignore[attr-defined]
            if type(node.value) is cst.Name:  # type: ignore[attr-defined]
                skip.add(id(node.value))  # type: ignore[attr-defined]
        elif kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                if type(target.target) is cst.Name:
                    skip.add(id(target.target))
        elif kind is cst.Param:
            skip.add(id(node.name))  # type: ignore[attr-defined]
        elif kind is cst.FunctionDef or kind is cst.ClassDef:
            skip.add(id(node.name))  # type: ignore[attr-defined]
    return frozenset(n.value for n in nodes if type(n) is cst.Name and id(n) not in skip)


def settled_class(index: SyntaxIndex, module: cst.Module | None, name: str) -> bool:
    """``name`` is a top-level class of ``module`` whose instances' fields only a store
    through a path or one of its methods changes (see the module's docstring)."""
    if module is None:
        return False
    return name in index.fact(module, _settled)


def _settled(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str]:
    found: set[str] = set()
    for statement in module.body if type(module) is cst.Module else ():
        if type(statement) is not cst.ClassDef or statement.bases or statement.keywords:
            continue
        if all(_plain_line(index, line) for line in statement.body.body):
            found.add(statement.name.value)
    return frozenset(found)


def _plain_line(index: SyntaxIndex, line: cst.CSTNode) -> bool:
    """A class body's statement that binds no hook or descriptor, or a method whose receiver
    stays its own."""
    if type(line) is cst.FunctionDef:
        if line.name.value in _HOOKS:
            return False
        params = line.params.params
        if not params or line.decorators:
            return not line.decorators or all(
                type(d.decorator) is cst.Name and d.decorator.value == "staticmethod"
                for d in line.decorators
            )
        return params[0].name.value not in bare_names(index, line.body)
    if type(line) is not cst.SimpleStatementLine:
        return type(line) is not cst.ClassDef
    for small in line.body:
        if type(small) is cst.AnnAssign:
            value = small.value
            if value is not None and not _field_default(value):
                return False
        elif type(small) is cst.Assign:
            if any(
                type(t.target) is not cst.Name or t.target.value in _HOOKS for t in small.targets
            ):
                return False
            if type(small.value) is cst.Call or type(small.value) is cst.Name:
                return False  # perhaps a descriptor
        elif type(small) not in (cst.Expr, cst.Pass):
            return False
    return True


def _field_default(value: cst.BaseExpression) -> bool:
    """A dataclass default that is no descriptor: a constant, ``None`` or ``field(...)``."""
    if type(value) is cst.Call:
        func = value.func
        return type(func) is cst.Name and func.value == "field"
    return type(value) in (cst.Integer, cst.Float, cst.SimpleString) or (
        type(value) is cst.Name and value.value in ("None", "True", "False")
    )
