"""The launches of a module's own kernels, read from its host code: which partition tile
shapes, tensor shapes and ``Const`` values each launch passes, where the syntax shows them.

A launch is a call ``k(...)`` of a ``@tr.kernel`` defined at the module's top level, in a
function body or at module level. An argument is known only when it is written in place
(``z.partition((64, 64))``, ``tr.zeros((256,), dtype=f16)``, ``32``) or is a name bound
exactly once in that scope to such a value (module constants and local constants count in
shapes). A name bound twice, a parameter, a name declared ``global`` or ``nonlocal``, a view
(``x[0]``, ``x.reshape(...)``), anything computed: unknown, and then nothing is said."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator, Mapping
from dataclasses import dataclass, field
from typing import cast

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.kernel.annotations import Meaning
from tilecheck.kernel.inference import Specialization
from tilecheck.kernel.shapes import argument
from tilecheck.kernel.signature import signature_findings
from tilecheck.kernel_signature import ParamKind
from tilecheck.names import DEVICE_FUNCTION, NameResolver, dtype_name
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import dotted_name, target_names
from tilecheck.syntax.walk import EXPRESSION, children, type_kind

# tilert's tensor factories: (position of the shape, position of the dtype); f32 by default
_FACTORIES: dict[str, tuple[int, int]] = {
    "tilert.empty": (0, 1),
    "tilert.zeros": (0, 1),
    "tilert.ones": (0, 1),
    "tilert.full": (0, 2),
    "tilert.arange": (0, 1),
}
_BINDING = frozenset(
    {
        cst.Assign,
        cst.NamedExpr,
        cst.AugAssign,
        cst.AnnAssign,
        cst.For,
        cst.CompFor,
        cst.WithItem,
        cst.ExceptHandler,
        cst.ExceptStarHandler,
        cst.Import,
        cst.ImportFrom,
        cst.Del,
        cst.Global,
        cst.Nonlocal,
        cst.MatchAs,
        cst.MatchStar,
    }
)  # the nodes that may bind a name (read by ``_binds``)
_SCOPES = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})  # each opens a scope
_VALUED = frozenset({cst.Attribute, cst.Arg, cst.Element})  # only their ``value`` holds code
# Nodes with no code inside: neither a call nor a binding, not worth a visit.
_LEAVES = frozenset({cst.Name, cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString})
_MAX_HOPS = 8  # names followed to a value (``p = z.partition(...)``, ``q = p``)
_UNKNOWN: object = object()  # a binding whose value the syntax does not show


@frozen
class TensorInfo:
    """A tensor a launch passes: its shape and dtype, each None where not known."""

    shape: tuple[int, ...] | None
    dtype: str | None
    tiles: tuple[int, ...] | None = None  # the partition's tile shape, for a partition

    def describe(self) -> str:
        shape = "?" if self.shape is None else _shape(self.shape)
        tensor = f"Tensor[{self.dtype or '?'}, {shape}]"
        if self.tiles is None:
            return tensor
        return f"Partition of {tensor} in tiles {_shape(self.tiles)}"


@frozen
class Launch:
    call: cst.Call
    specialization: Specialization
    summary: str  # what the launch says, for the label on it


@dataclass
class _Scope:
    """One function body (or the module's top level): its bindings and kernel calls."""

    bindings: dict[str, list[object]] = field(default_factory=dict)  # value expr or _UNKNOWN
    params: set[str] = field(default_factory=set)
    declared: set[str] = field(default_factory=set)  # ``global`` / ``nonlocal``
    calls: list[cst.Call] = field(default_factory=list)
    outer: _Scope | None = None  # the scope this one is nested in (None: the module's)
    top: int = 0  # the module statement it lies in

    def bind(self, name: str, value: object = _UNKNOWN) -> None:
        self.bindings.setdefault(name, []).append(value)

    def binds(self, name: str) -> bool:
        return name in self.bindings or name in self.params or name in self.declared

    def owner(self, name: str) -> _Scope | None:
        """The scope whose ``name`` this one reads: itself, else the module's; None when an
        enclosing function binds it (a closure, which the reading does not follow)."""
        scope: _Scope | None = self
        while scope is not None:
            if scope.binds(name) or scope.outer is None:
                return scope if scope is self or scope.outer is None else None
            scope = scope.outer
        return None

    def value(self, name: str) -> cst.BaseExpression | None:
        """The one value ``name`` is bound to, where that is certain."""
        scope = self.owner(name)
        if scope is None or name in scope.params or name in scope.declared:
            return None
        bound = scope.bindings.get(name, [])
        only = bound[0] if len(bound) == 1 else None
        # (by the type's kind: ``isinstance`` on libcst's ABCs is slow, asked of every name)
        return cast(cst.BaseExpression, only) if type_kind(type(only)) == EXPRESSION else None


class Launches:
    """The launches of the module's kernels (see the module docstring)."""

    def __init__(self, module: cst.Module, resolver: NameResolver) -> None:
        self._resolver = resolver
        self._module_scope = _Scope()
        self._scopes: list[_Scope] = [self._module_scope]
        self._defs: dict[str, list[cst.FunctionDef]] = {}  # the module's own, by name
        self._globals: set[str] = set()  # names some function declares ``global``
        self._tops: dict[cst.Call, int] = {}  # each call's module statement
        for index, stmt in enumerate(module.body):
            self._statement(stmt, self._module_scope, index)
        self._module_scope.declared |= self._globals
        self._constants = self._module_constants()
        self._by_kernel: dict[str, list[tuple[cst.Call, _Scope]]] = {}
        for scope in self._scopes:
            for call in scope.calls:
                assert isinstance(call.func, cst.Name)
                self._by_kernel.setdefault(call.func.value, []).append((call, scope))

    # -- reading the module -------------------------------------------------------------------
    def _statement(self, node: cst.CSTNode, scope: _Scope, top: int) -> None:
        stack: list[tuple[cst.CSTNode, _Scope]] = [(node, scope)]
        push = stack.append
        while stack:
            current, where = stack.pop()
            kind = type(current)
            if kind in _SCOPES:
                opened = self._scope_of(current, where, top)
                if opened is not None:
                    push(opened)
                continue
            if kind in _BINDING:
                self._binds(current, where)
            elif kind is cst.Call and type(cast(cst.Call, current).func) is cst.Name:
                where.calls.append(cast(cst.Call, current))
                self._tops[cast(cst.Call, current)] = top
            for child in children(current):
                # ``a.b.c``, an argument, an item: only ``a``, the value, may hold code
                inner = type(child)
                while inner in _VALUED:
                    child = child.value  # type: ignore[attr-defined]
                    inner = type(child)
                if inner not in _LEAVES:
                    push((child, where))

    def _scope_of(
        self, node: cst.CSTNode, where: _Scope, top: int
    ) -> tuple[cst.CSTNode, _Scope] | None:
        """The body a ``def``, ``class`` or lambda holds and the scope it opens (None for a
        kernel's: device code, no launch site). A ``def``'s or ``class``'s name is bound where
        it is written."""
        if isinstance(node, cst.Lambda):
            inner = _Scope(params=_parameters(node.params), outer=where, top=top)
        elif isinstance(node, cst.ClassDef):
            where.bind(node.name.value)
            inner = _Scope(outer=where, top=top)
        else:
            assert isinstance(node, cst.FunctionDef)
            name = node.name.value
            where.bind(name)
            if where is self._module_scope:
                self._defs.setdefault(name, []).append(node)
                if self._resolver.resolve(name) == DEVICE_FUNCTION:
                    return None
            inner = _Scope(params=_parameters(node.params), outer=where, top=top)
        self._scopes.append(inner)
        return node.body, inner

    def _binds(self, node: cst.CSTNode, scope: _Scope) -> None:
        if isinstance(node, cst.Assign):
            for assigned in node.targets:
                if isinstance(assigned.target, cst.Name):
                    scope.bind(assigned.target.value, node.value)
                else:
                    for name in target_names(assigned.target):
                        scope.bind(name)
        elif isinstance(node, cst.NamedExpr) and isinstance(node.target, cst.Name):
            scope.bind(node.target.value, node.value)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)) and (
            not isinstance(node, cst.AnnAssign) or node.value is not None
        ):
            for name in target_names(node.target):
                scope.bind(name, node.value if isinstance(node, cst.AnnAssign) else _UNKNOWN)
        elif isinstance(node, (cst.For, cst.CompFor)):
            for name in target_names(node.target):
                scope.bind(name)
        elif isinstance(node, (cst.WithItem, cst.ExceptHandler, cst.ExceptStarHandler)):
            target = node.asname if isinstance(node, cst.WithItem) else node.name
            if target is not None:
                for name in target_names(target.name):
                    scope.bind(name)
        elif isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(
            node.names, cst.ImportStar
        ):
            for alias in node.names:
                bound = alias.asname.name if alias.asname is not None else alias.name
                spelled = dotted_name(bound) if isinstance(bound, cst.BaseExpression) else None
                if spelled is not None:
                    scope.bind(spelled.partition(".")[0])
        elif isinstance(node, cst.Del):
            for name in target_names(node.target):
                scope.bind(name)
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            names = {item.name.value for item in node.names}
            scope.declared |= names
            if isinstance(node, cst.Global):
                self._globals |= names
        elif isinstance(node, (cst.MatchAs, cst.MatchStar)) and node.name is not None:
            scope.bind(node.name.value)

    def _module_constants(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for name in self._module_scope.bindings:
            value = self._module_scope.value(name)
            number = const_int(value, out) if value is not None else None
            if number is not None:
                out[name] = number
        return out

    # -- answering ----------------------------------------------------------------------------
    def of(self, kernel: cst.FunctionDef) -> list[Launch]:
        """The launches of ``kernel`` (a ``@tr.kernel`` defined at the module's top level)."""
        name = kernel.name.value
        module = self._module_scope
        if self._defs.get(name) != [kernel] or len(module.bindings.get(name, ())) != 1:
            return []  # the name is bound to something else too
        if name in module.declared:
            return []
        if self._resolver.resolve(name) != DEVICE_FUNCTION:
            return []
        _, _, params, _ = signature_findings(kernel, self._resolver)
        meanings = [(p.name.value, m) for p, m in params]
        found: list[Launch] = []
        for call, scope in self._by_kernel.get(name, ()):
            if scope.owner(name) is not self._module_scope:
                continue  # another object of that name in this scope
            launch = self._launch(call, scope, meanings)
            if launch is not None:
                found.append(launch)
        return found

    def arguments(
        self, tops: Container[int]
    ) -> Iterator[tuple[int, cst.BaseExpression, TensorInfo]]:
        """Each tensor or partition argument of a launch in the module statements ``tops``
        whose shape or dtype is known, with its statement."""
        for kernel, sites in self._by_kernel.items():
            defs = self._defs.get(kernel, [])
            if len(defs) != 1 or self._resolver.resolve(kernel) != DEVICE_FUNCTION:
                continue
            _, _, params, _ = signature_findings(defs[0], self._resolver)
            meanings = [(p.name.value, m) for p, m in params]
            for call, scope in sites:
                top = self._tops[call]
                if top not in tops or scope.owner(kernel) is not self._module_scope:
                    continue
                for expr, meaning in _bind(call, meanings) or ():
                    info = self._tensor_argument(expr, meaning, scope)
                    if info is not None and (info.shape is not None or info.dtype is not None):
                        yield top, expr, info

    def _launch(
        self, call: cst.Call, scope: _Scope, meanings: list[tuple[str, Meaning]]
    ) -> Launch | None:
        bound = _bind_named(call, meanings)
        if bound is None:
            return None
        tiles: dict[str, tuple[int, ...]] = {}
        shapes: dict[str, tuple[int, ...]] = {}
        constants = dict(self._constants)
        said: list[str] = []
        for expr, (name, meaning) in bound:
            if meaning.kind is ParamKind.CONST:
                value = self._int(expr, scope)
                if value is not None:
                    constants[name] = value
                    said.append(f"`{name}` = {value}")
                continue
            info = self._tensor_argument(expr, meaning, scope)
            if info is None:
                continue
            if info.shape is not None:
                shapes[name] = info.shape
            if info.tiles is not None:
                tiles[name] = info.tiles
            if info.tiles is not None or info.shape is not None:
                said.append(f"`{name}`: {info.describe()}")
        if not said:
            return None
        specialization = Specialization(tiles, shapes, constants)
        return Launch(call, specialization, "launched here with " + ", ".join(said))

    def _tensor_argument(
        self, expr: cst.BaseExpression, meaning: Meaning, scope: _Scope
    ) -> TensorInfo | None:
        if meaning.kind is ParamKind.MUTABLE:
            return self._partition(expr, scope)
        if meaning.kind is ParamKind.SHARED:
            return self._tensor(expr, scope)
        return None

    def _follow(self, expr: cst.BaseExpression, scope: _Scope) -> cst.BaseExpression:
        for _ in range(_MAX_HOPS):
            if type(expr) is not cst.Name:  # (an exact type: ``isinstance`` on libcst's is slow)
                return expr
            name = expr.value
            value = scope.value(name)
            owner = scope.owner(name)
            if value is None or owner is None:
                return expr
            scope, expr = owner, value
        return expr

    def _partition(self, expr: cst.BaseExpression, scope: _Scope) -> TensorInfo | None:
        """``x.partition(shape)``, also ``.mapped(...)`` of one, or a name bound to it."""
        expr = self._follow(expr, scope)
        while (
            isinstance(expr, cst.Call)
            and isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value == "mapped"
        ):
            expr = self._follow(expr.func.value, scope)
        if not (
            isinstance(expr, cst.Call)
            and isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value == "partition"
            and len(expr.args) == 1
            and expr.args[0].keyword is None
            and not expr.args[0].star
        ):
            return None
        tiles = self._shape(expr.args[0].value, scope)
        tensor = self._tensor(expr.func.value, scope)
        return TensorInfo(tensor.shape if tensor else None, tensor.dtype if tensor else None, tiles)

    def _tensor(self, expr: cst.BaseExpression, scope: _Scope) -> TensorInfo | None:
        """A tensor made by a tilert factory with its shape written out."""
        expr = self._follow(expr, scope)
        if not isinstance(expr, cst.Call):
            return None
        callee = dotted_name(expr.func)
        where = _FACTORIES.get(self._resolver.resolve(callee) or "") if callee else None
        if where is None or any(a.star for a in expr.args):
            return None
        shape_at, dtype_at = where
        shape = argument(expr, shape_at, "n" if callee and callee.endswith("arange") else "shape")
        dims = self._shape(shape, scope) if shape is not None else None
        dtype_expr = argument(expr, dtype_at, "dtype")
        dtype = "f32" if dtype_expr is None else self._dtype(dtype_expr)
        return TensorInfo(dims, dtype)

    def _dtype(self, expr: cst.BaseExpression) -> str | None:
        dotted = dotted_name(expr)
        return dtype_name(self._resolver.resolve(dotted)) if dotted is not None else None

    def _shape(self, expr: cst.BaseExpression, scope: _Scope) -> tuple[int, ...] | None:
        expr = self._follow(expr, scope)
        items = (
            [e.value for e in expr.elements] if isinstance(expr, (cst.Tuple, cst.List)) else [expr]
        )
        out: list[int] = []
        for item in items:
            value = self._int(item, scope)
            if value is None or value <= 0:
                return None
            out.append(value)
        return tuple(out)

    def _int(self, expr: cst.BaseExpression, scope: _Scope) -> int | None:
        names = _LocalInts(self, scope)
        return const_int(expr, names)

    def local_int(self, name: str, scope: _Scope, depth: int) -> int | None:
        if depth > _MAX_HOPS:
            return None
        value, owner = scope.value(name), scope.owner(name)
        if value is None or owner is None:
            return None
        return const_int(value, _LocalInts(self, owner, depth + 1))


class _LocalInts(Mapping[str, int]):
    """The int constants a scope's names hold, looked up as ``const_int`` asks for them."""

    def __init__(self, launches: Launches, scope: _Scope, depth: int = 0) -> None:
        self._launches = launches
        self._scope = scope
        self._depth = depth

    def __getitem__(self, name: str) -> int:
        value = self._launches.local_int(name, self._scope, self._depth)
        if value is None:
            raise KeyError(name)
        return value

    def get(self, name: str, default: object = None) -> int | None:  # type: ignore[override]
        try:
            return self[name]
        except KeyError:
            return None

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def _parameters(params: cst.Parameters) -> set[str]:
    every = (*params.posonly_params, *params.params, *params.kwonly_params)
    names = {p.name.value for p in every}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names


def _bind_named(
    call: cst.Call, meanings: list[tuple[str, Meaning]]
) -> list[tuple[cst.BaseExpression, tuple[str, Meaning]]] | None:
    """The launch's arguments with the parameters they bind; None for ``*args`` and the
    like (the launch is then not read)."""
    out: list[tuple[cst.BaseExpression, tuple[str, Meaning]]] = []
    by_name = dict(meanings)
    position = 0
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is not None:
            meaning = by_name.get(arg.keyword.value)
            if meaning is None:
                return None
            out.append((arg.value, (arg.keyword.value, meaning)))
        elif position < len(meanings):
            out.append((arg.value, meanings[position]))
            position += 1
        else:
            return None
    return out


def _bind(
    call: cst.Call, meanings: list[tuple[str, Meaning]]
) -> list[tuple[cst.BaseExpression, Meaning]] | None:
    named = _bind_named(call, meanings)
    return [(expr, meaning) for expr, (_, meaning) in named] if named is not None else None


def _shape(dims: tuple[int, ...]) -> str:
    return "(" + ", ".join(map(str, dims)) + ("," if len(dims) == 1 else "") + ")"


def launches_in(
    module: cst.Module, resolver: NameResolver
) -> Callable[[cst.FunctionDef], list[Launch]]:
    """``Launches(module, resolver).of``, the module read only when first asked (most
    kernels need no launch to be checked)."""
    made: list[Launches] = []

    def of(kernel: cst.FunctionDef) -> list[Launch]:
        if not made:
            made.append(Launches(module, resolver))
        return made[0].of(kernel)

    return of
