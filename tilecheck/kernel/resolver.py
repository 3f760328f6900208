"""``ImportResolver``: what a module's top-level names mean, read from its syntax alone.

The static checker cannot import the code it checks, so it answers ``NameResolver`` questions
from the module's imports and top-level definitions: ``import tilert.lang as tl`` makes
``tl.exp`` mean ``tilert.lang.exp``; ``from tilert import f32 as F`` makes ``F`` mean
``tilert.f32``; a ``def`` decorated with ``@tr.function`` or ``@tr.kernel`` is device code
(``DEVICE_FUNCTION``); a plain ``def`` or ``class`` of the module is ``"<module>.name"``;
names the module never binds are builtins when Python has them.

It is flow-insensitive on purpose: a name bound twice to different things is unknown, and
rules stay silent about unknown names. A binding of ``None`` is no meaning of its own: where
the name means something else too (``try: import tilert as tr`` / ``except ImportError: tr =
None``, an optional dependency), ``None`` cannot be a kernel decorator, a tensor factory or a
kernel, so the name means that other thing. Names
imported from other modules keep their import path (``from .kernels import add`` is
``.kernels.add``), which is how ``tilecheck.project`` finds kernels in other files."""

from __future__ import annotations

import builtins
from collections.abc import Iterable, Sequence
from typing import Any

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.kernel.vocabulary import MODULE_LOCAL_PREFIX
from tilecheck.names import DEVICE_FUNCTION, FUNCTION_DECORATOR, KERNEL_DECORATOR, canonical
from tilecheck.syntax.nodes import dotted_name


@frozen
class _Import:
    target: str  # the module or object the name stands for ("tilert.lang", ".kernels.add")


@frozen
class _Alias:
    dotted: str  # ``exp = tl.exp``: whatever ``tl.exp`` means


@frozen
class _Def:
    name: str
    decorators: tuple[str | None, ...]  # dotted names; None for one that is not a plain name
    is_class: bool


@frozen
class _Wrapped:
    decorator: str  # ``helper = tr.function(_helper)``: device code if ``decorator`` marks it


class _Opaque:
    """A binding whose meaning the syntax does not tell (``x = compute()``)."""


class _NoneValue:
    """``name = None``: a fallback, not a meaning (see the module's docstring)."""


_OPAQUE = _Opaque()
_NONE = _NoneValue()
_Binding = _Import | _Alias | _Def | _Wrapped | _Opaque | _NoneValue
_UNRESOLVED = object()  # cycle guard while a name is being resolved


def _module_name(node: cst.ImportFrom) -> str:
    dots = "." * len(node.relative)
    module = dotted_name(node.module) if node.module is not None else ""
    return dots + (module or "")


def _join(module: str, name: str) -> str:
    return f"{module}{name}" if module.endswith(".") or not module else f"{module}.{name}"


class ImportResolver:
    """A ``NameResolver`` for one module, built from its top-level statements (including those
    inside top-level ``if``/``try``/``with`` blocks, where conditional imports live).

    ``kernel_decorators`` are extra dotted names (as configured in ``[tool.tilecheck]``) whose
    functions are device code too."""

    knows_device_functions = False  # an imported name may be a helper defined elsewhere

    def __init__(self, module: cst.Module, kernel_decorators: Sequence[str] = ()) -> None:
        self._bindings: dict[str, list[_Binding]] = {}
        self._star_import = False
        self._kernel_decorators = frozenset(kernel_decorators)
        self._heads: dict[str, object] = {}
        self._cache: dict[str, str | None] = {}
        # each kernel's signature read (``signature_findings``), by id of its ``def``, which
        # is kept so that the id stays its own: this resolver's answers never change
        self.signatures: dict[int, tuple[cst.FunctionDef, object]] = {}
        self._collect(module.body)

    # -- reading the module -----------------------------------------------------------------
    def _bind(self, name: str, binding: _Binding) -> None:
        self._bindings.setdefault(name, []).append(binding)

    def _collect(self, body: Iterable[cst.CSTNode]) -> None:
        for stmt in body:
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    self._small(small)
            elif isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                decorators = tuple(dotted_name(_decorator_callee(d)) for d in stmt.decorators)
                is_class = isinstance(stmt, cst.ClassDef)
                self._bind(stmt.name.value, _Def(stmt.name.value, decorators, is_class))
            else:
                self._compound(stmt)

    def _compound(self, stmt: cst.CSTNode) -> None:
        """Top-level ``if``/``try``/``with``/``for``/``while``: their blocks bind module names."""
        if isinstance(stmt, cst.For):
            self._bind_target(stmt.target)
        elif isinstance(stmt, cst.With):
            for item in stmt.items:
                if item.asname is not None:
                    self._bind_target(item.asname.name)
        for suite in _suites(stmt):
            if isinstance(suite, cst.IndentedBlock):
                self._collect(suite.body)
            elif isinstance(suite, cst.SimpleStatementSuite):
                for small in suite.body:
                    self._small(small)
            elif isinstance(suite, cst.ExceptHandler | cst.ExceptStarHandler):
                if suite.name is not None:
                    self._bind_target(suite.name.name)

    def _small(self, small: cst.BaseSmallStatement) -> None:
        # (exact types: ``isinstance`` on libcst's ABCs is slow, and this sees every line)
        if type(small) is cst.Import:
            for alias in small.names:
                full = dotted_name(alias.name) or ""
                if alias.asname is not None:
                    self._bind_target(alias.asname.name, _Import(full))
                else:
                    head = full.partition(".")[0]
                    self._bind(head, _Import(head))
        elif type(small) is cst.ImportFrom:
            module = _module_name(small)
            if isinstance(small.names, cst.ImportStar):
                self._star_import = True
                return
            for alias in small.names:
                name = dotted_name(alias.name) or ""
                local = alias.asname.name if alias.asname is not None else alias.name
                self._bind_target(local, _Import(_join(module, name)))
        elif type(small) is cst.Assign:
            for target in small.targets:
                self._bind_target(target.target, _assigned(small.value))
        elif type(small) is cst.AnnAssign and small.value is not None:
            self._bind_target(small.target, _assigned(small.value))
        elif type(small) is cst.AugAssign:
            self._bind_target(small.target)

    def _bind_target(self, target: cst.BaseExpression, binding: _Binding = _OPAQUE) -> None:
        if isinstance(target, cst.Name):
            self._bind(target.value, binding)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self._bind_target(element.value)
        elif isinstance(target, cst.StarredElement):
            self._bind_target(target.value)

    # -- answering --------------------------------------------------------------------------
    def resolve(self, dotted: str) -> str | None:
        if dotted in self._cache:
            return self._cache[dotted]
        head, _, rest = dotted.partition(".")
        base = self._head(head)
        answer: str | None
        if base is None:
            answer = None
        elif base == DEVICE_FUNCTION:
            answer = None if rest else DEVICE_FUNCTION
        else:
            answer = canonical(_join(base, rest) if rest else base)
        self._cache[dotted] = answer
        return answer

    def _head(self, name: str) -> str | None:
        known = self._heads.get(name, _UNRESOLVED)
        if known is not _UNRESOLVED:
            return known  # type: ignore[return-value]
        self._heads[name] = None  # a name defined in terms of itself is unknown
        answer = self._meaning(name)
        self._heads[name] = answer
        return answer

    def _meaning(self, name: str) -> str | None:
        bindings = self._bindings.get(name)
        if bindings is None:
            if self._star_import or not hasattr(builtins, name):
                return None
            return f"builtins.{name}"
        meaningful = [b for b in bindings if b is not _NONE]
        if not meaningful:
            return None  # only ever None
        meanings = {self._binding_meaning(b) for b in meaningful}
        return meanings.pop() if len(meanings) == 1 else None

    def _binding_meaning(self, binding: _Binding) -> str | None:
        if isinstance(binding, _Import):
            return binding.target
        if isinstance(binding, _Alias):
            return self.resolve(binding.dotted)
        if isinstance(binding, _Wrapped):
            return DEVICE_FUNCTION if self._marks_device_code(binding.decorator) else None
        if isinstance(binding, _Def):
            if not binding.decorators:
                return MODULE_LOCAL_PREFIX + binding.name
            if not binding.is_class and any(
                d is not None and self._marks_device_code(d) for d in binding.decorators
            ):
                return DEVICE_FUNCTION
            return None  # another decorator may return anything
        return None

    def _marks_device_code(self, decorator: str) -> bool:
        if decorator in self._kernel_decorators:
            return True
        meaning = self.resolve(decorator)
        return meaning in (KERNEL_DECORATOR, FUNCTION_DECORATOR) or (
            meaning is not None and meaning in self._kernel_decorators
        )


def _decorator_callee(decorator: cst.Decorator) -> cst.BaseExpression:
    expr = decorator.decorator
    return expr.func if isinstance(expr, cst.Call) else expr


def _assigned(value: cst.BaseExpression) -> _Binding:
    if isinstance(value, cst.Name) and value.value == "None":
        return _NONE
    dotted = dotted_name(value)
    if dotted is not None:
        return _Alias(dotted)
    if isinstance(value, cst.Call) and len(value.args) == 1:
        callee = dotted_name(value.func)
        if callee is not None:
            return _Wrapped(callee)
    return _OPAQUE


def _suites(stmt: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """The blocks directly inside a compound statement (and its except handlers, whose names
    they bind), following ``elif`` chains."""
    for name in ("body", "orelse", "finalbody"):
        part: Any = getattr(stmt, name, None)
        kind = type(part)  # (exact classes: libcst's ``isinstance`` is slow)
        if kind is cst.If:
            yield from _suites(part)
        elif kind is cst.Else or kind is cst.Finally:
            yield part.body
        elif kind is cst.IndentedBlock or kind is cst.SimpleStatementSuite:  # a ``BaseSuite``
            yield part
    for handler in getattr(stmt, "handlers", ()):
        yield handler
        yield handler.body
