"""Classes whose instances keep nothing (issue 17, round 33M): a class a user writes to hold a
step (``class Stage: def step(self, a, b): ...``), made on the spot and called
(``Stage().step(a, b)``) or bound to a name first. Its instance carries no state from one call
to the next and its construction runs no code of the module, so calling one of its methods is
calling a plain function with parameters, whose ``self`` is an object of unknown attributes:
``tilecheck.host.inline`` runs it in place where it would run that function, wherever the
class is written (the module's top level, a loop or branch of the module's code, a function's
body), and ``tilecheck.host.call_sites`` applies its summary where it would apply the
function's.

A class keeps nothing when, from its syntax alone: no decorator, metaclass or base other
than ``object``; its body holds only a docstring, ``pass`` and undecorated methods whose names
are no dunder (no ``__init__``, ``__call__``, ``__del__``, ``__getattr__``... that Python runs
implicitly); and no method stores, deletes or rebinds an attribute of its ``self``, or gives
``self`` to other code (``setattr(self, ...)``, ``register(self)``). Anything else is left to
the class's own analysis (``ClassInfo``) as before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import libcst as cst

from tilecheck.flow.cfg import Element
from tilecheck.host.called_bodies import gives
from tilecheck.host.classes import self_name
from tilecheck.host.context import Context
from tilecheck.host.parameter_index import bound_names
from tilecheck.host.written_defs import written, written_names
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children


def keeps_nothing(index: SyntaxIndex, node: cst.CSTNode) -> bool:
    """Whether the class ``node``'s instances keep no state and its construction runs none of
    the module's code (see the module's docstring)."""
    assert isinstance(node, cst.ClassDef)
    if node.decorators or node.keywords or node.type_parameters is not None:
        return False
    for base in node.bases:
        if base.keyword is not None or base.star or not _is_object(base.value):
            return False
    for stmt in node.body.body:
        if type(stmt) is cst.FunctionDef:
            name = stmt.name.value
            if stmt.decorators or (name.startswith("__") and name.endswith("__")):
                return False
            me = self_name(stmt)
            if me is None or not _keeps_self(index, stmt, me):
                return False
        elif type(stmt) is cst.SimpleStatementLine:
            if not all(_inert(small) for small in stmt.body):
                return False
        else:
            return False
    return True


def _is_object(expr: cst.BaseExpression) -> bool:
    return type(expr) is cst.Name and expr.value == "object"


def _inert(small: cst.BaseSmallStatement) -> bool:
    """A docstring or ``pass``."""
    if type(small) is cst.Pass:
        return True
    return type(small) is cst.Expr and type(small.value) is cst.SimpleString


def _keeps_self(index: SyntaxIndex, fn: cst.FunctionDef, me: str) -> bool:
    """Whether ``fn``'s body uses its ``self`` only to read attributes or call methods of
    it (``self.x``, ``self.helper(a)``), never storing one, rebinding ``self`` or passing it
    on."""
    if me in bound_names(fn.body):
        return False
    allowed: set[int] = set()
    for node in index.nodes(fn.body):
        kind = type(node)
        if kind is cst.Attribute:
            attr = cast(cst.Attribute, node)
            if type(attr.value) is cst.Name and attr.value.value == me:
                allowed.add(id(attr.value))
        elif kind in (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.Del):
            if _stores_on(node, me):
                return False
    for node in index.nodes(fn.body):
        if type(node) is cst.Name and node.value == me and id(node) not in allowed:
            return False  # ``self`` itself given away or compared: not a plain function
    return True


def _stores_on(stmt: cst.CSTNode, me: str) -> bool:
    """Whether an assignment or ``del`` targets an attribute or item of ``me``."""
    if type(stmt) is cst.Assign:
        targets: list[cst.BaseExpression] = [t.target for t in stmt.targets]
    elif type(stmt) is cst.Del:
        targets = [stmt.target]
    else:
        targets = [cast(cst.AugAssign | cst.AnnAssign, stmt).target]
    stack: list[cst.CSTNode] = list(targets)
    while stack:
        node = stack.pop()
        if type(node) is cst.Name and node.value == me:
            return True
        stack.extend(children(node))
    return False


def written_classes(index: SyntaxIndex, scope: cst.CSTNode) -> Mapping[str, cst.ClassDef]:
    """The classes a module's code or a function's body writes (``written_defs``)."""
    return written(scope, cst.ClassDef)


def class_names(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names of those classes, however often bound (no walk of the scope's bindings)."""
    return written_names(scope, cst.ClassDef)


def method_of(cls: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    """The method ``name`` the class's own body defines."""
    for stmt in cls.body.body:
        if type(stmt) is cst.FunctionDef and stmt.name.value == name:
            return stmt
    return None


def plain_class(ctx: Context, name: str) -> bool:
    """Whether ``name`` is a class the module's code writes once whose instances keep
    nothing."""
    module = ctx.module
    if module is None or name in ctx.rebindable:
        return False
    if name not in ctx.index.fact(module, class_names):
        return False
    cls = ctx.index.fact(module, written_classes).get(name)
    return cls is not None and ctx.index.fact(cls, keeps_nothing)


def plain_method(
    ctx: Context,
    scope: cst.CSTNode | None,
    element: Element | None,
    call: cst.Call,
    cls: str,
) -> tuple[cst.FunctionDef, int | None] | None:
    """The method ``call`` runs (``cls().name(...)``, ``obj.name(...)``) where ``cls`` keeps
    nothing: written by the body analysed (None: it lies in the caller's statement, as a
    closure) or by the module's code (with the module statement it lies in); None where what
    the call returns is dropped (the method's summary says so: TC108)."""
    assert type(call.func) is cst.Attribute
    name = call.func.attr.value
    found: tuple[cst.FunctionDef, int | None] | None = None
    written: Mapping[str, cst.ClassDef] = {}
    if scope is not None and cls in ctx.index.fact(scope, class_names):
        written = ctx.index.fact(scope, written_classes)
    cdef = written.get(cls)
    if cdef is not None and type(scope) is cst.FunctionDef:
        fn = method_of(cdef, name)
        found = (fn, None) if fn is not None else None
    module = ctx.module
    if (
        cdef is None
        and module is not None
        and cls not in ctx.rebindable
        and cls in ctx.index.fact(module, class_names)
    ):
        cdef = ctx.index.fact(module, written_classes).get(cls)
        known = ctx.definition_for(f"{cls}.{name}") if cdef is not None else None
        if known is not None and cdef is not None and known[0] is method_of(cdef, name):
            found = known
    if found is None or cdef is None or not ctx.index.fact(cdef, keeps_nothing):
        return None
    dropped = element.node if element is not None else None
    if type(dropped) is cst.Expr and dropped.value is call:
        if ctx.index.fact(found[0], gives):
            return None
    return found
