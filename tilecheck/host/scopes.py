"""Python's scopes, as far as the host analysis needs them: the names a nested function, lambda
or class takes from around it, and the names a body declares ``global`` or ``nonlocal``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import libcst as cst

from tilecheck.syntax.nodes import dotted_name, target_names
from tilecheck.syntax.walk import EXPRESSION, children, type_kind


def declared_outer(body: cst.CSTNode) -> frozenset[str]:
    """The names a function body declares ``global`` or ``nonlocal`` (not those of the scopes
    nested in it): assigning one stores the value outside the function."""
    return _declared(body, nested=False)


def declared_anywhere(module: cst.Module) -> frozenset[str]:
    """The names any scope of the module declares ``global`` or ``nonlocal``."""
    return _declared(module, nested=True)


def _declared(root: cst.CSTNode, *, nested: bool) -> frozenset[str]:
    """Statements only (no expression holds a declaration): a line's small statements, a
    compound statement's suites. This walks every statement of a module once."""
    found: set[str] = set()
    stack = [root]
    while stack:
        current = stack.pop()
        # (exact types: ``isinstance`` on libcst's ABCs is slow on a walk)
        if type(current) is cst.SimpleStatementLine or type(current) is cst.SimpleStatementSuite:
            for small in current.body:
                if type(small) is cst.Global or type(small) is cst.Nonlocal:
                    found.update(item.name.value for item in small.names)
        elif (type(current) is cst.FunctionDef or type(current) is cst.ClassDef) and (
            current is not root
        ):
            if nested:
                stack.append(current.body)
        else:
            stack.extend(_suites(current))
    return frozenset(found)


def _suites(node: cst.CSTNode) -> Sequence[cst.CSTNode]:
    """What holds the statements of a block, a module or a compound statement."""
    case = _CASE.get(type(node))
    if case is None:
        case = _case_of(type(node))
    if case == _BLOCK:
        return list(cast(cst.Module | cst.IndentedBlock, node).body)
    if case == _BRANCHES:
        branches = cast(cst.If | cst.For | cst.While, node)
        return [branches.body] if branches.orelse is None else [branches.body, branches.orelse]
    if case == _ONE:
        return [cast(_One, node).body]
    if case == _TRY:
        tried = cast(cst.Try | cst.TryStar, node)
        rest = [s for s in (tried.orelse, tried.finalbody) if s is not None]
        return [tried.body, *tried.handlers, *rest]
    if case == _MATCH:
        return [arm.body for arm in cast(cst.Match, node).cases]
    return [] if case == _EXPRESSION else children(node)


# ``_suites``'s cases, found once per node class (``isinstance`` on libcst's classes goes
# through ``ABCMeta``: slow, and asked of every node of every scope walked).
_One = cst.Else | cst.With | cst.ExceptHandler | cst.ExceptStarHandler | cst.Finally
_CASES: tuple[tuple[type, ...], ...] = (
    (cst.Module, cst.IndentedBlock),
    (cst.If, cst.For, cst.While),
    (cst.Else, cst.With, cst.ExceptHandler, cst.ExceptStarHandler, cst.Finally),
    (cst.Try, cst.TryStar),
    (cst.Match,),
)
_BLOCK, _BRANCHES, _ONE, _TRY, _MATCH = range(len(_CASES))
_EXPRESSION, _OTHER = len(_CASES), len(_CASES) + 1
_CASE: dict[type, int] = {}


def _case_of(cls: type) -> int:
    case = next((i for i, c in enumerate(_CASES) if issubclass(cls, c)), None)
    if case is None:
        case = _EXPRESSION if type_kind(cls) == EXPRESSION else _OTHER
    _CASE[cls] = case
    return case


Scope = cst.FunctionDef | cst.ClassDef | cst.Lambda
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
# The node classes ``ScopeNames.walk`` reads in a way of their own (exact classes: libcst has
# no subclasses of them); any other node binds its targets and is walked into.
_WALKED = frozenset(
    {cst.Name, cst.Attribute, cst.Arg, cst.FunctionDef, cst.ClassDef, cst.Lambda}
    | set(_COMPREHENSIONS)
    | {cst.Global, cst.Nonlocal, cst.ImportFrom, cst.Import}
)
# The node classes that bind names (``ScopeNames.bind_targets``).
_BINDING = frozenset(
    {cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr, cst.AsName, cst.Del}
    | {cst.ExceptHandler, cst.ExceptStarHandler, cst.Import, cst.ImportFrom}
    | {cst.MatchAs, cst.MatchStar}
)


def free_names(scope: Scope) -> frozenset[str]:
    """The names a nested function, lambda or class body takes from the scope around it: those
    it names but does not bind itself (as a parameter, an assignment or ``for`` target, an
    import, a ``def``...), and those it declares ``nonlocal`` or ``global``. A nested
    function's parameter ``p`` is not the outer ``p``."""
    return frozenset(_Scope(scope).free())


class _Scope:
    """One scope's names, as CPython's symbol table sees them (closely enough): a name bound
    anywhere in a function is local to all of it."""

    def __init__(self, scope: Scope | cst.BaseExpression) -> None:
        self.node = scope
        self.bound: set[str] = set()
        self.used: set[str] = set()
        self.declared: set[str] = set()
        self.inner: set[str] = set()  # free names of the scopes nested in this one

    def free(self) -> set[str]:
        scope = self.node
        if isinstance(scope, (cst.FunctionDef, cst.Lambda)):
            self.bind_params(scope.params)
            self.walk(scope.body)
        elif isinstance(scope, cst.ClassDef):
            self.walk(scope.body)
            # a class body's names are not visible in its methods
            return (self.used - self.bound) | self.inner | self.declared
        else:  # a comprehension: its ``for`` targets are its own
            assert isinstance(scope, _COMPREHENSIONS)
            for_in: cst.CompFor | None = scope.for_in
            first = True
            while for_in is not None:
                if not first:  # the first iterable is evaluated in the enclosing scope
                    self.walk(for_in.iter)
                first = False
                self.bound.update(target_names(for_in.target))
                for condition in for_in.ifs:
                    self.walk(condition.test)
                for_in = for_in.inner_for_in
            if isinstance(scope, cst.DictComp):
                self.walk(scope.key)
                self.walk(scope.value)
            else:
                self.walk(scope.elt)
        return ((self.used | self.inner) - self.bound) | self.declared

    def bind_params(self, params: cst.Parameters) -> None:
        for param in (*params.posonly_params, *params.params, *params.kwonly_params):
            self.bound.add(param.name.value)
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param):
                self.bound.add(star.name.value)

    def walk_outside(self, params: cst.Parameters) -> None:
        """Defaults and annotations of a nested scope's parameters: evaluated here."""
        for param in (*params.posonly_params, *params.params, *params.kwonly_params):
            if param.default is not None:
                self.walk(param.default)
            if param.annotation is not None:
                self.walk(param.annotation)

    def walk(self, node: cst.CSTNode) -> None:
        stack = [node]
        while stack:
            current = stack.pop()
            if type(current) not in _WALKED:  # most nodes (libcst's ``isinstance`` is slow)
                self.bind_targets(current)
                stack.extend(children(current))
            elif isinstance(current, cst.Name):
                self.used.add(current.value)
            elif isinstance(current, cst.Attribute):
                stack.append(current.value)  # ``.attr`` is no variable
            elif isinstance(current, cst.Arg):
                stack.append(current.value)  # nor is a keyword argument's name
            elif isinstance(current, (cst.FunctionDef, cst.ClassDef)):
                self.bound.add(current.name.value)
                for decorator in current.decorators:
                    stack.append(decorator.decorator)
                if isinstance(current, cst.FunctionDef):
                    self.walk_outside(current.params)
                    if current.returns is not None:
                        stack.append(current.returns)
                else:
                    stack.extend(arg.value for arg in (*current.bases, *current.keywords))
                self.inner |= _Scope(current).free()
            elif isinstance(current, cst.Lambda):
                self.walk_outside(current.params)
                self.inner |= _Scope(current).free()
            elif isinstance(current, _COMPREHENSIONS):
                stack.append(current.for_in.iter)
                self.inner |= _Scope(current).free()
            elif isinstance(current, (cst.Global, cst.Nonlocal)):
                self.declared.update(item.name.value for item in current.names)
            else:
                self.bind_targets(current)
                if isinstance(current, cst.ImportFrom):
                    continue  # the module's dotted name names no variable
                if isinstance(current, cst.Import):
                    continue
                stack.extend(children(current))

    def bind_targets(self, node: cst.CSTNode) -> None:
        """The names a statement or clause binds in this scope."""
        if type(node) not in _BINDING:  # most nodes (libcst's ``isinstance`` is slow)
            return
        targets: list[cst.CSTNode] = []
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr)):
            targets = [node.target]
        elif isinstance(node, cst.AsName):
            targets = [node.name]
        elif isinstance(node, (cst.ExceptHandler, cst.ExceptStarHandler)):
            if node.name is not None:
                targets = [node.name.name]
        elif isinstance(node, cst.Del):
            targets = [node.target]
        elif isinstance(node, (cst.Import, cst.ImportFrom)):
            if not isinstance(node.names, cst.ImportStar):
                for alias in node.names:
                    if alias.asname is not None:
                        targets.append(alias.asname.name)
                    else:
                        head = dotted_name(alias.name)
                        if head:
                            self.bound.add(head.split(".")[0])
        elif isinstance(node, (cst.MatchAs, cst.MatchStar)):
            if node.name is not None:
                self.bound.add(node.name.value)
        for target in targets:
            self.bound.update(target_names(target))
