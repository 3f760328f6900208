"""What class an unannotated parameter is, read from every call of its function in the module
(round 41E of issue 17).

``def serve(head, h): p = head.forward(h); head.out.to_numpy(); p.wait()`` reads an attribute
in flight whatever the caller is, but the body knew ``head`` as an instance of ``Head`` only
where the parameter said so (``head: Head``). Users seldom annotate: ``evaluate(Proj(16), xs)``,
``layer = Layer(); evaluate(layer, xs)`` or ``launch(self.bufs, x)`` (``self.bufs =
Buffers()`` wherever the attribute is set) give it an instance of one class on every call.

A parameter is of a class of the module where its function is a top-level function, or a
method only one top-level class of the module defines (not a dunder: the runtime calls those),
every reading of whose name is a call (none passed on as a callback: no unknown caller), no call
spreads ``*args``/``**kwargs``, and each call gives that parameter (by position or keyword) one
of these, all of the same class:

* a construction ``Cls(...)`` of a top-level class of the module;
* a name every binding of which in the calling scope (nested scopes included) is
  ``name = Cls(...)``; in a function a name it does not bind is read from the module's scope;
* a parameter of the calling function it never rebinds that is itself of the class (to a
  fixed point: ``warm(c)`` calls ``refresh(c)``);
* ``self.attr`` in a method of a class whose methods set it, where every store of ``.attr``
  anywhere in the module is ``x.attr = Cls(...)`` and no class body binds ``attr``.

Anything else (a default taken, a value from unknown code, two classes) leaves the parameter
unknown: nothing is guessed. Computed once per module (``SyntaxIndex.fact``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import field
from typing import Protocol, cast

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host import api
from tilecheck.host.parameter_index import bound_names, rebound
from tilecheck.names import NameResolver
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name, passed_argument, target_names_of
from tilecheck.syntax.walk import children

_MAX_ROUNDS = 8
TENSOR = " tensor"  # what a new tensor is made as (no class can be named so)
_Owner = cst.Module | cst.FunctionDef
# a call of a function or method of the module, the body it is made in, and the position its
# first argument takes (1 for ``obj.m(...)``: ``self`` comes first)
_Site = tuple[cst.Call, _Owner, int]
# what a value is made as (a class's name, ``Tensor``), if the syntax says
Made = Callable[[cst.BaseExpression | None], str | None]


def caller_classes(index: SyntaxIndex, module: cst.Module, fn: cst.FunctionDef) -> dict[str, str]:
    """``fn``'s unannotated parameters every call in ``module`` gives an instance of one class
    of the module, with that class's name (as the module spells it)."""
    return dict(index.fact(module, _class_table).get(id(fn), {}))


class _Context(Protocol):
    """What ``parameter_kinds`` reads of ``tilecheck.host.context.Context``."""

    @property
    def index(self) -> SyntaxIndex: ...
    @property
    def module(self) -> cst.Module | None: ...
    @property
    def resolver(self) -> NameResolver: ...


def parameter_kinds(ctx: _Context, fn: cst.FunctionDef) -> dict[str, str]:
    """``caller_classes``'s classes of ``fn``'s parameters; for an ``__init__``, also those
    every construction gives a new tensor (as ``TENSOR``: as if annotated ``Tensor``)."""
    module = ctx.module
    if module is None:
        return {}
    found = caller_classes(ctx.index, module, fn)
    if fn.name.value == "__init__":
        tensors = _tensor_table(ctx.index, module, ctx.resolver).get(id(fn), ())
        found.update({name: TENSOR for name in tensors if name not in found})
    return found


def given_tensor(kinds: Mapping[str, str] | None, name: str) -> str | None:
    """``api.TENSOR_TYPE`` where ``parameter_kinds`` says every construction gives ``name``
    a new tensor: the parameter is one, as if annotated so."""
    return api.TENSOR_TYPE if kinds and kinds.get(name) == TENSOR else None


def given_tensors(
    index: SyntaxIndex, module: cst.Module, resolver: NameResolver
) -> dict[str, frozenset[str]]:
    """Class name -> the unannotated parameters of its own ``__init__`` every construction in
    ``module`` gives a new tensor (``Scaled(tr.ones(n), 2.0)``, a name bound only to one)."""
    calls = index.fact(module, _calls)
    table = _tensor_table(index, module, resolver) if calls.inits else {}
    out = {name: table.get(id(init), frozenset()) for name, init in calls.inits.items()}
    return {name: params for name, params in out.items() if params}


# the last module's table (module, resolver, id of an ``__init__`` -> its tensor parameters)
_LAST: list[tuple[cst.Module, NameResolver, dict[int, frozenset[str]]]] = []


def _tensor_table(
    index: SyntaxIndex, module: cst.Module, resolver: NameResolver
) -> dict[int, frozenset[str]]:
    if _LAST and _LAST[0][0] is module and _LAST[0][1] is resolver:
        return _LAST[0][2]
    calls = index.fact(module, _calls)

    def made(value: cst.BaseExpression | None) -> str | None:
        if type(value) is not cst.Call:
            return None
        dotted = dotted_name(value.func)
        return TENSOR if dotted and resolver.resolve(dotted) in api.TENSOR_FACTORIES else None

    inits = dataclasses.replace(calls, targets=tuple(calls.inits.values()))
    given = _solve(index, module, inits, made) if calls.inits else {}
    table: dict[int, frozenset[str]] = {}
    for init in calls.inits.values():
        params = frozenset(p for p, kind in given.get(id(init), {}).items() if kind == TENSOR)
        if params:
            table[id(init)] = params
    _LAST[:] = [(module, resolver, table)]
    return table


@frozen
class _Calls:
    """The module's functions and methods whose every caller the module shows, with the calls."""

    targets: tuple[cst.FunctionDef, ...] = ()
    sites: Mapping[int, tuple[_Site, ...]] = field(default_factory=dict)
    method_class: Mapping[int, cst.ClassDef] = field(default_factory=dict)
    classes: Mapping[str, cst.ClassDef] = field(default_factory=dict)
    # class name -> its own ``__init__``, for classes made only by calls the module shows
    inits: Mapping[str, cst.FunctionDef] = field(default_factory=dict)


def _class_table(index: SyntaxIndex, node: cst.CSTNode) -> Mapping[int, Mapping[str, str]]:
    module = node if type(node) is cst.Module else None
    if module is None:
        return {}
    calls = index.fact(module, _calls)
    classes = calls.classes
    return _solve(index, module, calls, lambda v: _constructed(v, classes)) if classes else {}


def _calls(index: SyntaxIndex, node: cst.CSTNode) -> _Calls:
    module = node if type(node) is cst.Module else None
    if module is None:
        return _Calls()
    classes: dict[str, cst.ClassDef] = {}
    functions: dict[str, list[cst.FunctionDef]] = {}
    methods: dict[str, list[tuple[cst.FunctionDef, cst.ClassDef]]] = {}
    for stmt in module.body:
        if type(stmt) is cst.FunctionDef:
            functions.setdefault(stmt.name.value, []).append(stmt)
        elif type(stmt) is cst.ClassDef and type(stmt.body) is cst.IndentedBlock:
            classes[stmt.name.value] = stmt
            for inner in stmt.body.body:
                if type(inner) is cst.FunctionDef:
                    methods.setdefault(inner.name.value, []).append((inner, stmt))
    if not classes and not functions:
        return _Calls()
    inits: dict[str, cst.FunctionDef] = {}
    for name, cls in classes.items():
        own = [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]
        init = next((s for s in own if s.name.value == "__init__"), None)
        if init is not None and not any(s.decorators for s in own) and not cls.decorators:
            inits[name] = init
    owners = {id(f) for fs in functions.values() for f in fs}
    owners.update(id(m) for ms in methods.values() for m, _ in ms)
    if _unread(functions, methods, inits):
        return _Calls()  # (no parameter to read: no walk)
    names: dict[str, int] = {}
    attrs: dict[str, int] = {}
    sites: dict[int, list[_Site]] = {}
    # one walk of the module, each node with the scope whose calls it makes (None: a nested
    # function's or a class body's, whose names the calls' arguments cannot be read in)
    stack: list[tuple[cst.CSTNode, _Owner | None]] = [(s, module) for s in module.body]
    while stack:
        n, owner = stack.pop()
        kind = type(n)
        if kind is cst.Name:
            value = n.value  # type: ignore[attr-defined]
            if value in functions or value in classes:
                names[value] = names.get(value, 0) + 1
        elif kind is cst.Attribute:
            value = n.attr.value  # type: ignore[attr-defined]
            if value in methods:
                attrs[value] = attrs.get(value, 0) + 1
        elif kind is cst.Annotation:  # (a class named in an annotation makes nothing)
            for named in index.nodes(n):
                if isinstance(named, cst.Name) and named.value in classes:
                    names[named.value] = names.get(named.value, 0) - 1
        elif kind is cst.Call and owner is not None:
            _site(cast(cst.Call, n), owner, (functions, methods, classes, inits), sites)
        if kind is cst.FunctionDef:
            scope: _Owner | None = cast(cst.FunctionDef, n) if id(n) in owners else None
            stack.extend((c, scope) for c in children(n))
        else:
            stack.extend((c, None if kind is cst.ClassDef else owner) for c in children(n))
    targets: list[cst.FunctionDef] = []
    for name, fs in functions.items():
        if len(fs) == 1 and not fs[0].decorators:
            if names.get(name, 0) - 1 == len(sites.get(id(fs[0]), ())):
                targets.append(fs[0])
    for name, ms in methods.items():
        if len(ms) != 1 or ms[0][0].decorators or name.startswith("__"):
            continue
        if attrs.get(name, 0) == len(sites.get(id(ms[0][0]), ())):
            targets.append(ms[0][0])
    made_only = {n: i for n, i in inits.items() if names.get(n, 0) - 1 == len(sites.get(id(i), ()))}
    targets.extend(made_only.values())
    return _Calls(
        tuple(targets),
        {k: tuple(v) for k, v in sites.items()},
        {id(m): c for ms in methods.values() for m, c in ms},
        classes,
        made_only,
    )


def _solve(
    index: SyntaxIndex, module: cst.Module, calls: _Calls, made: Made
) -> dict[int, dict[str, str]]:
    """What every call gives each unannotated parameter of the targets, to a fixed point."""
    given: dict[int, dict[str, str]] = {}
    facts = _Facts(index, module, made, calls.method_class, given)
    for _ in range(_MAX_ROUNDS):
        changed = False
        for fn in calls.targets:
            sites = calls.sites.get(id(fn))
            if not sites:
                continue
            for position, param in enumerate((*fn.params.posonly_params, *fn.params.params)):
                name = param.name.value
                if param.annotation is not None or name in given.get(id(fn), {}):
                    continue
                found = {facts.passed(c, at, shift, position, name) for c, at, shift in sites}
                kind = found.pop() if len(found) == 1 else None
                if kind is not None:
                    given.setdefault(id(fn), {})[name] = kind
                    changed = True
        if not changed:
            break
    return given


def _unannotated(fn: cst.FunctionDef, method: bool) -> bool:
    """``fn`` has a positional parameter with no annotation (a method's ``self`` aside)."""
    params = (*fn.params.posonly_params, *fn.params.params)[1 if method else 0 :]
    return any(p.annotation is None for p in params)


def _unread(
    functions: Mapping[str, list[cst.FunctionDef]],
    methods: Mapping[str, list[tuple[cst.FunctionDef, cst.ClassDef]]],
    inits: Mapping[str, cst.FunctionDef],
) -> bool:
    """No function, method or ``__init__`` has a parameter this module could read."""
    if any(_unannotated(f, False) for fs in functions.values() for f in fs):
        return False
    if any(_unannotated(f, True) for f in inits.values()):
        return False
    return not any(
        _unannotated(m, True) for n, ms in methods.items() for m, _ in ms if n[:2] != "__"
    )


_Defs = tuple[
    Mapping[str, list[cst.FunctionDef]],
    Mapping[str, list[tuple[cst.FunctionDef, cst.ClassDef]]],
    Mapping[str, cst.ClassDef],
    Mapping[str, cst.FunctionDef],
]


def _site(call: cst.Call, owner: _Owner, defs: _Defs, sites: dict[int, list[_Site]]) -> None:
    """Keep ``call`` as a call of the function or method (or construction) it names."""
    functions, methods, classes, inits = defs
    func = call.func
    if type(func) is cst.Name and len(functions.get(func.value, ())) == 1:
        sites.setdefault(id(functions[func.value][0]), []).append((call, owner, 0))
    elif type(func) is cst.Name and func.value in inits:
        sites.setdefault(id(inits[func.value]), []).append((call, owner, 1))
    elif type(func) is cst.Attribute and len(methods.get(func.attr.value, ())) == 1:
        method = methods[func.attr.value][0][0]
        receiver = func.value
        shift = 0 if type(receiver) is cst.Name and receiver.value in classes else 1
        sites.setdefault(id(method), []).append((call, owner, shift))


def _attribute_kinds(index: SyntaxIndex, module: cst.Module, made: Made) -> dict[str, str]:
    """Attribute name -> what every store of it in the module makes (``x.a = Cls(...)``:
    ``Cls``), for names no class body binds."""
    found: dict[str, str | None] = {}
    stores, unknown = index.fact(module, _attribute_stores)
    for attr, value in stores:
        what = made(value)
        if found.setdefault(attr, what) != what:
            found[attr] = None
    return {attr: cls for attr, cls in found.items() if cls is not None and attr not in unknown}


_STORES = frozenset({cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Del, cst.For, cst.WithItem})


def _attribute_stores(
    index: SyntaxIndex, node: cst.CSTNode
) -> tuple[tuple[tuple[str, cst.BaseExpression | None], ...], frozenset[str]]:
    """Each store of an attribute in the module (its name, the value stored where one is), and
    the names class bodies bind (read once per module)."""
    stores: list[tuple[str, cst.BaseExpression | None]] = []
    for n in index.nodes(node):
        if type(n) not in _STORES:
            continue
        targets: list[cst.CSTNode | None]
        value: cst.BaseExpression | None = None
        if isinstance(n, cst.Assign):
            targets, value = [t.target for t in n.targets], n.value
        elif isinstance(n, (cst.AnnAssign, cst.AugAssign)):
            targets = [n.target]
            value = n.value if isinstance(n, cst.AnnAssign) else None
        elif isinstance(n, (cst.Del, cst.For)):
            targets = [n.target]
        elif isinstance(n, cst.WithItem):
            targets = [n.asname]
        else:
            continue
        stores.extend((attr, value) for t in targets for attr in _attribute_targets(t))
    unknown: set[str] = set()
    for cls in (s for s in getattr(node, "body", ()) if isinstance(s, cst.ClassDef)):
        for stmt in cls.body.body:
            unknown.update(bound_names(stmt) if type(stmt) is not cst.FunctionDef else ())
    return tuple(stores), frozenset(unknown)


def _attribute_targets(target: cst.CSTNode | None) -> Iterator[str]:
    if target is None:
        return
    if type(target) is cst.AsName:
        target = target.name
    if type(target) is cst.Attribute:
        yield target.attr.value
    elif type(target) is cst.Tuple or type(target) is cst.List:
        for element in target.elements:
            yield from _attribute_targets(element.value)


def _constructed(
    value: cst.BaseExpression | None, classes: Mapping[str, cst.ClassDef]
) -> str | None:
    """The class ``value`` constructs (``Cls(...)`` of a top-level class), if it is one."""
    if type(value) is cst.Call and type(value.func) is cst.Name and value.func.value in classes:
        return value.func.value
    return None


class _Facts:
    """What an argument is, given the module's classes and what is known so far."""

    def __init__(
        self,
        index: SyntaxIndex,
        module: cst.Module,
        made: Made,
        method_class: Mapping[int, cst.ClassDef],
        given: dict[int, dict[str, str]],
    ) -> None:
        self.index, self.module, self.made = index, module, made
        self.stored = _attribute_kinds(index, module, made)
        self.method_class, self.given = method_class, given
        self._names: dict[tuple[int, str], str | None] = {}
        self._assigned: dict[int, dict[str, tuple[int, frozenset[str | None]]]] = {}

    def passed(
        self, call: cst.Call, owner: _Owner, shift: int, position: int, name: str
    ) -> str | None:
        """The class of what ``call`` gives the parameter (``position``, ``name``)."""
        arg = passed_argument(call, position, name, shift)
        return self.class_of(arg, owner) if arg is not None else None

    def class_of(self, arg: cst.BaseExpression, owner: _Owner) -> str | None:
        made = self.made(arg)
        if made is not None:
            return made
        if type(arg) is cst.Name:
            return self._name_class(arg.value, owner)
        if type(arg) is cst.Attribute and type(arg.value) is cst.Name:
            return self._self_attribute(arg.value.value, arg.attr.value, owner)
        return None

    def _name_class(self, name: str, owner: _Owner) -> str | None:
        if type(owner) is cst.FunctionDef:
            if name in target_names_of(owner.params):
                if name in rebound(owner):
                    return None
                return self.given.get(id(owner), {}).get(name)
        key = (id(owner), name)
        if key not in self._names:
            self._names[key] = self._bound_class(name, owner)
        return self._names[key]

    def _bound_class(self, name: str, owner: _Owner) -> str | None:
        """The class every binding of ``name`` in ``owner`` (nested scopes included)
        constructs; a function that binds it nowhere reads the module's."""
        body: cst.CSTNode = owner if isinstance(owner, cst.Module) else owner.body
        bindings = self.index.fact(body, _binding_counts).get(name, 0)
        if bindings == 0:
            if type(owner) is cst.Module:
                return None
            return self._name_class(name, self.module)
        assigned = self._assigned.get(id(body))
        if assigned is None:  # (each body's assignments read once: name -> count, what)
            assigned = self._assigned[id(body)] = {}
            for n in self.index.nodes(body):
                value = n.value if isinstance(n, (cst.Assign, cst.AnnAssign)) else None
                if value is None:
                    continue
                targets = [t.target for t in n.targets] if isinstance(n, cst.Assign) else []
                targets += [n.target] if isinstance(n, cst.AnnAssign) else []
                for t in targets:
                    if isinstance(t, cst.Name):
                        count, made = assigned.get(t.value, (0, frozenset()))
                        assigned[t.value] = (count + 1, made | {self.made(value)})
        count, made = assigned.get(name, (0, frozenset()))
        if count != bindings or len(made) != 1:
            return None
        return next(iter(made))

    def _self_attribute(self, receiver: str, attr: str, owner: _Owner) -> str | None:
        """``self.attr`` in a method of a class whose methods set it, every store of it in the
        module a construction of one class."""
        cls = self.method_class.get(id(owner)) if type(owner) is cst.FunctionDef else None
        if cls is None or type(owner) is not cst.FunctionDef or attr not in self.stored:
            return None
        first = (*owner.params.posonly_params, *owner.params.params)
        if not first or first[0].name.value != receiver or owner.decorators:
            return None
        if receiver in rebound(owner):
            return None
        for n in self.index.nodes(cls):
            if type(n) is cst.Assign and any(
                type(t.target) is cst.Attribute and t.target.attr.value == attr for t in n.targets
            ):
                return self.stored[attr]
        return None


def _binding_counts(index: SyntaxIndex, body: cst.CSTNode) -> Mapping[str, int]:
    """How often ``body`` (nested scopes included) binds each name."""
    counts: dict[str, int] = {}
    for name in bound_names(body):
        counts[name] = counts.get(name, 0) + 1
    return counts
