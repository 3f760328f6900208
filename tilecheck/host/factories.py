"""Methods a class's callers reach without an instance, read from their syntax: a
``@staticmethod`` (given no receiver: its summary is a function's), a ``@classmethod`` factory
whose every way out returns ``cls(...)`` (calling it through the class makes an instance, as the
class's own call does), and a function or static method whose every way out returns a partition
(``return t.partition(s)``: an attribute given its result holds a partition)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import libcst as cst

from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import children

# Nested scopes, compared by exact type (libcst's classes are ABCs: ``isinstance`` is slow).
_SCOPES = frozenset({cst.FunctionDef, cst.ClassDef, cst.Lambda})


def decorated(fn: cst.FunctionDef, name: str) -> bool:
    """``fn`` has the one decorator ``name`` (``staticmethod``, ``classmethod``)."""
    return len(fn.decorators) == 1 and dotted_name(fn.decorators[0].decorator) == name


def exits(fn: cst.FunctionDef) -> Iterator[cst.Return | None]:
    """Each ``return`` of ``fn``'s own body (None for a ``yield`` or ``await``: no plain
    function), and None when the body may end without one (its last statement is none)."""
    body = fn.body
    if type(body) is not cst.IndentedBlock or not body.body:
        yield None
        return
    last = body.body[-1]
    if type(last) is not cst.SimpleStatementLine or type(last.body[-1]) is not cst.Return:
        yield None
    stack: list[cst.CSTNode] = list(body.body)
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Return:
            yield node  # type: ignore[misc]
        elif kind is cst.Yield or kind is cst.Await:
            yield None
        elif kind not in _SCOPES:
            stack.extend(children(node))


def factory(fn: cst.FunctionDef) -> bool:
    """A ``@classmethod`` whose every way out returns a new instance of the class it is called
    through: ``return cls(...)``, ``cls`` its first parameter, named nowhere else."""
    if fn.asynchronous is not None or not decorated(fn, "classmethod"):
        return False
    params = (*fn.params.posonly_params, *fn.params.params)
    if not params:
        return False
    cls = params[0].name.value
    found = False
    for ret in exits(fn):
        value = ret.value if ret is not None else None
        if type(value) is not cst.Call or type(value.func) is not cst.Name:
            return False
        if value.func.value != cls:
            return False
        found = True
    return found


def made_by_factory(fn: cst.FunctionDef) -> cst.Call | None:
    """The ``cls(...)`` call a factory returns, where it has one ``return``."""
    returns = list(exits(fn))
    if len(returns) != 1 or returns[0] is None or type(returns[0].value) is not cst.Call:
        return None
    return returns[0].value


def partition_maker(fn: cst.FunctionDef) -> bool:
    """A plain function (or ``@staticmethod``) whose every way out returns ``x.partition(...)``."""
    if fn.asynchronous is not None or (fn.decorators and not decorated(fn, "staticmethod")):
        return False
    found = False
    for ret in exits(fn):
        value = ret.value if ret is not None else None
        if type(value) is not cst.Call or type(value.func) is not cst.Attribute:
            return False
        if value.func.attr.value != "partition":
            return False
        found = True
    return found


# A call made of these names is a new tensor (``tr.from_numpy(a)``, ``tilert.zeros(n)``): read by
# syntax in a helper's body, perhaps another module's, whose imports are not at hand here.
_TILERT = frozenset({"tr", "tilert"})
_MAKERS = frozenset({"empty", "zeros", "ones", "full", "arange", "from_numpy", "from_dlpack"})


def tensor_maker(
    fn: cst.FunctionDef, nested: Callable[[cst.BaseExpression | None], bool] | None = None
) -> bool:
    """A plain function (or method) whose every way out returns ``tr.zeros(...)``,
    ``tr.from_numpy(...)`` (or another of tilert's tensor factories), or a name its body binds
    once to one (``t = tr.from_numpy(a); return t``, round 39S), or a call ``nested`` knows as
    one (another such function of the same module): each call a new tensor (round 28G)."""
    if fn.asynchronous is not None or (fn.decorators and not decorated(fn, "staticmethod")):
        return False
    made: frozenset[str] | None = None  # (read at the first ``return name`` met)
    found = False
    for ret in exits(fn):
        value = ret.value if ret is not None else None
        if type(value) is cst.Name:
            made = made_names(fn) if made is None else made
            if value.value not in made:
                return False
        elif not _factory_call(value) and not (nested is not None and nested(value)):
            return False
        found = True
    return found


def _factory_call(value: cst.BaseExpression | None) -> bool:
    func = value.func if type(value) is cst.Call else None
    if type(func) is not cst.Attribute or func.attr.value not in _MAKERS:
        return False
    return type(func.value) is cst.Name and func.value.value in _TILERT


def made_names(fn: cst.FunctionDef) -> frozenset[str]:
    """The names ``fn``'s own body binds once, by ``name = tr.zeros(...)`` (a tilert factory),
    and reads elsewhere only as ``return name`` or as the receiver of a method or attribute
    (``name.copy_from(a)``): never handed to a call, stored or declared ``global``."""
    bound: dict[str, int] = {}
    made: set[str] = set()
    plain: set[str] = set()  # names read otherwise than returned or as a receiver
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind in _SCOPES:
            continue
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                for name in _bound_names(target.target):
                    bound[name] = bound.get(name, 0) + 1
            only = node.targets[0].target if len(node.targets) == 1 else None  # type: ignore[attr-defined]
            if type(only) is cst.Name and _factory_call(node.value):  # type: ignore[attr-defined]
                made.add(only.value)
            stack.append(node.value)  # type: ignore[attr-defined]
            continue
        if kind in _BINDERS:
            for name in _bound_names(getattr(node, "target", None) or getattr(node, "name", None)):
                bound[name] = bound.get(name, 2)  # (a loop's or an ``except``'s: many)
        if kind in (cst.Global, cst.Nonlocal):
            for item in node.names:  # type: ignore[attr-defined]
                plain.add(item.name.value)
        if kind is cst.Return and type(node.value) is cst.Name:  # type: ignore[attr-defined]
            continue
        if kind is cst.Attribute and type(node.value) is cst.Name:  # type: ignore[attr-defined]
            continue  # (its receiver: ``t.copy_from(a)``)
        if kind is cst.Name:
            plain.add(node.value)  # type: ignore[attr-defined]
        stack.extend(children(node))
    return frozenset(n for n in made if bound.get(n) == 1 and n not in plain)


# Statements and expressions that bind names other than by ``=``.
_BINDERS = frozenset(
    {cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr, cst.AsName, cst.ExceptHandler}
)


def _bound_names(target: cst.CSTNode | None) -> Iterator[str]:
    if type(target) is cst.Name:
        yield target.value
    elif type(target) is cst.Tuple or type(target) is cst.List:
        for element in target.elements:
            yield from _bound_names(element.value)
    elif type(target) is cst.StarredElement:
        yield from _bound_names(target.value)


class PartitionMakers:
    """The module's functions and static methods that return a partition on every way out,
    each read the first time a call to it is met."""

    def __init__(
        self,
        module: cst.Module,
        imported: Callable[[str], cst.FunctionDef | None] | None = None,
    ) -> None:
        self._module = module
        self._defs: dict[str, cst.FunctionDef] | None = None  # listed at the first call met
        self._known: dict[str, bool] = {}
        # a function another module of the checked tree defines, by the dotted name this
        # module calls it by (``tiles`` of ``from pkg.host import tiles``): None if none
        self._imported = imported

    def _listed(self) -> dict[str, cst.FunctionDef]:
        if self._defs is None:
            self._defs = {}
            for stmt in self._module.body:
                if type(stmt) is cst.FunctionDef:
                    self._defs[stmt.name.value] = stmt
                elif type(stmt) is cst.ClassDef:
                    for inner in stmt.body.body:
                        if type(inner) is cst.FunctionDef and decorated(inner, "staticmethod"):
                            self._defs[f"{stmt.name.value}.{inner.name.value}"] = inner
                        elif type(inner) is cst.FunctionDef and not inner.decorators:
                            self._defs[f"{stmt.name.value} {inner.name.value}"] = inner
        return self._defs

    def _maker(self, name: str) -> bool:
        found = self._known.get(name)
        if found is None:
            fn = self._listed().get(name)
            if fn is None and self._imported is not None:
                fn = self._imported(name)
            found = self._known[name] = fn is not None and partition_maker(fn)
        return found

    def makes_tensor(
        self, value: cst.BaseExpression | None, me: str = "", owners: tuple[str, ...] = ()
    ) -> bool:
        """``value`` calls a function of the module, or one another module of the checked
        tree defines, that returns a new tensor on every way out (``vec(n)``; ``H.upload(v)``
        of ``from pkg import host as H``, round 33B: the other module's, by its dotted name);
        or ``self.alloc(n)`` (``me``: the method's ``self``), a plain method that each of
        ``owners`` (the class and its relatives) defining it defines so (round 39S)."""
        if type(value) is not cst.Call:
            return False
        func = value.func
        if me and type(func) is cst.Attribute and type(func.value) is cst.Name:
            if func.value.value == me:
                return self._method_maker(func.attr.value, owners)
        if type(func) is cst.Attribute and type(func.value) is cst.Name:
            name = f"{func.value.value}.{func.attr.value}"
            if self._imported is None:
                return False
        elif type(func) is cst.Name:
            name = func.value
        else:
            return False
        found = self._known.get(f"tensor {name}")
        if found is None:
            self._known[f"tensor {name}"] = False  # (while read: a cycle makes none)
            fn = self._listed().get(name)
            own = fn is not None and type(func) is cst.Name  # (its calls name this module's)
            if fn is None and self._imported is not None:
                fn = self._imported(name)
            nested = self.makes_tensor if own else None
            found = self._known[f"tensor {name}"] = fn is not None and tensor_maker(fn, nested)
        return found

    def _method_maker(self, method: str, owners: tuple[str, ...]) -> bool:
        defs = [self._listed().get(f"{owner} {method}") for owner in owners]
        found = [fn for fn in defs if fn is not None]
        return bool(found) and all(self._tensor_method(fn) for fn in found)

    def _tensor_method(self, fn: cst.FunctionDef) -> bool:
        key = f"method {id(fn)}"
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = tensor_maker(fn)
        return known

    def makes(self, value: cst.BaseExpression | None, me: str, owners: tuple[str, ...]) -> bool:
        """``value`` calls one: ``plan(t)``, ``self.plan(t)`` or ``Engine.plan(t)`` (a static
        method of one of ``owners``, the class whose method ``me`` is ``self`` of and its
        relatives)."""
        if type(value) is not cst.Call:
            return False
        func = value.func
        if type(func) is cst.Name:
            return self._maker(func.value)
        if type(func) is not cst.Attribute or type(func.value) is not cst.Name:
            return False
        owner = func.value.value
        names = owners if owner == me else (owner,) if owner in owners else ()
        if not names and owner != me:  # ``host.tiles(t)``: another module's function
            return self._imported_maker(f"{owner}.{func.attr.value}")
        return any(self._maker(f"{o}.{func.attr.value}") for o in names)

    def _imported_maker(self, dotted: str) -> bool:
        found = self._known.get(dotted)
        if found is None:
            fn = self._imported(dotted) if self._imported is not None else None
            found = self._known[dotted] = fn is not None and partition_maker(fn)
        return found


def partition_maker_of(
    module: cst.Module, find_def: Callable[[str], cst.FunctionDef | None] | None
) -> Callable[[cst.BaseExpression], bool]:
    """Whether a value is a new partition: ``x.partition(...)``, or a call of a function of the
    module (or of the checked tree) that returns one on every way out (round 29G)."""
    makers = PartitionMakers(module, find_def)

    def makes(value: cst.BaseExpression) -> bool:
        if type(value) is not cst.Call:
            return False
        func = value.func
        return (type(func) is cst.Attribute and func.attr.value == "partition") or makers.makes(
            value, "", ()
        )

    return makes
