"""Values that pass through a standard-library call (round 26C): a call whose result is, by the
library's definition, an expression of its arguments is evaluated as that expression, built
once per call (no part of the module; a finding there is shown at the call,
``property_reads.shown_node``). Each entry is a transfer on values, not a pattern:

* ``itemgetter(k1, k2)(x)`` is ``(x[k1], x[k2])`` (``x[k1]`` for one key), ``attrgetter("a.b")
  (x)`` is ``x.a.b``; also through a name the module (or the function) binds once to the getter
  (``get = attrgetter("model.out")``; ``get(engine)``);
* ``any(p.wait() for p in pend)``: ``wait()`` of a submitted op's Pending returns the op's
  outputs, a non-empty tuple, so ``any`` stops after the first item: ``pend[0].wait()``. Only
  where every object the container may hold is such a Pending (a graph launch's returns an
  empty tuple) and the container is a list, tuple or comprehension the body knows;
* spreading arguments whose keys or positions are known: ``f(**{"z": a, "x": b})`` is
  ``f(z=a, x=b)``; ``f(**nt._asdict())`` and ``f(*nt)`` of an instance of a module
  ``NamedTuple`` class are ``f(z=nt.z, x=nt.x)`` and ``f(nt.z, nt.x)``, its fields in order;
* a dict record by another constructor (``dict(z=a)``, a ``TypedDict`` class's call) is its
  display (``tilecheck.host.records``).

Anything else is left to the call's own evaluation (what it was before)."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.host.bound_once import bound_once
from tilecheck.host.classes import ClassInfo
from tilecheck.host.containers import Containers
from tilecheck.host.library_spec import Does, named
from tilecheck.host.model import Kind, Many, Oids, Packed, Value, flatten
from tilecheck.host.property_reads import lowered_from, shown_node
from tilecheck.host.records import dict_record, record_call
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.nodes import dotted_name, path_of

_GETTERS = named(Does.GETS)
_CALLERS = named(Does.CALLS_METHOD)
_MADE = _GETTERS | _CALLERS  # calls returning a function of one argument built from theirs
_ANY = "builtins.any"
# markers of ``Context.lowered``: a call not seen yet; a call spreading a tuple (built per class)
_UNSEEN = cst.Name("_unseen")
_TUPLES = cst.Name("_tuples")


class Transfers(Containers):
    __slots__ = ("_getter_names", "_records", "last_eval")

    def __init__(self, ctx: object) -> None:
        Containers.__init__(self, ctx)
        self._getter_names: frozenset[str] | None = None
        self._records: dict[str, tuple[str, ...] | None] | None = None  # NamedTuples' fields
        # the last expression evaluated for control flow, with its value (``match_cells``)
        self.last_eval: tuple[cst.BaseExpression, Value] | None = None

    def _call(self, expr: cst.Call) -> Value:
        cache = self.ctx.lowered
        found = cache.get(id(expr), _UNSEEN)
        if found is _UNSEEN:
            found = cache[id(expr)] = self._lower(expr)
        if found is not None:
            if found is _TUPLES:
                found = self._tuple_spread(expr)
            if found is not None and self._applies(expr, found):
                return self.ev(found)
        return Containers._call(self, expr)

    # -- the expression a call stands for, built once per call (and per tuple class spread) --
    def _lower(self, expr: cst.Call) -> cst.BaseExpression | None:
        func = expr.func
        if type(func) is cst.Call:  # (exact types: libcst's ``isinstance`` is slow)
            return _got(self.ctx.callee(func.func).canonical, func, expr)
        if type(func) is cst.Name:
            if self.ctx.callee(func).canonical == _ANY:
                return _first_wait(expr)
            getter = self._getter_of(func.value)
            if getter is not None:
                return _got(self.ctx.callee(getter.func).canonical, getter, expr)
            if record_call(expr):  # ``dict(z=a)``, ``Args(z=a)`` of a ``TypedDict``: a display
                return dict_record(self.ctx, expr)
        if not _spreads(expr):
            return None
        if _spread_tuples(expr):
            return _TUPLES  # (what it spreads is known only from the values)
        return _spread(expr, lambda name: None)

    def _tuple_spread(self, expr: cst.Call) -> cst.BaseExpression | None:
        """``f(**nt._asdict())``, ``f(*nt)``: built once per classes of the tuples spread."""
        fields = tuple(self._named_tuple(name) for name in _spread_tuples(expr))
        if None in fields:
            return None
        key = (id(expr), fields)
        cache = self.ctx.lowered
        if key in cache:
            return cache[key]
        found = cache[key] = _spread(expr, self._named_tuple)
        return found

    def _getter_of(self, name: str) -> cst.Call | None:
        """The getter a top-level ``name = itemgetter(...)`` of the module binds, where that is
        the name's only binding in the module and the one this body reads."""
        module = self.ctx.module
        if module is None:
            return None
        if self.ctx.getters is None:
            self.ctx.getters = bound_once(module.body, self._is_getter, self.ctx.rebindable)
        if name not in self.ctx.getters:
            return None
        if self._getter_names is None:
            self._getter_names = self.bound_here(self.ctx.getters, self._is_getter)
        if name not in self._getter_names:
            return None
        for stmt in module.body:
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if (
                        isinstance(small, cst.Assign)
                        and isinstance(small.targets[0].target, cst.Name)
                        and small.targets[0].target.value == name
                        and isinstance(small.value, cst.Call)
                    ):
                        return small.value
        return None

    def _is_getter(self, expr: cst.BaseExpression) -> bool:
        return isinstance(expr, cst.Call) and self.ctx.callee(expr.func).canonical in _MADE

    # -- whether the built expression is the call's value here (at each evaluation) ---------
    def _applies(self, expr: cst.Call, lowered: cst.BaseExpression) -> bool:
        func = expr.func
        if isinstance(lowered, cst.Call) and lowered.func is expr.func:
            return True  # a spread (its tuples' classes are part of the key)
        if not isinstance(func, cst.Name):
            return True  # ``itemgetter(...)(x)``
        if func.value in self.env:
            return False  # a local binding of the name
        if not isinstance(lowered, cst.Call):
            return True  # ``get(x)`` of a module getter
        # ``any(p.wait() for p in xs)`` as ``xs[0].wait()``
        first = lowered.func.value if isinstance(lowered.func, cst.Attribute) else None
        if not isinstance(first, cst.Subscript):
            return False
        return self._pendings_only(self.ev(first.value))

    def _pendings_only(self, value: Value) -> bool:
        """A list, tuple or comprehension of op Pendings only (each made by ``.submit()``)."""
        if isinstance(value, Packed):
            if value.keys is not None:
                return False
        elif not isinstance(value, Many):
            return False
        oids = flatten(value)
        for oid in oids:
            info = self.infos[oid]
            site = info.site
            if info.kind is not Kind.PENDING or not isinstance(site, cst.Call):
                return False
            method = site.func
            if not isinstance(method, cst.Attribute) or method.attr.value != "submit":
                return False
        return bool(oids)

    # -- a module ``NamedTuple``'s instance read by position (round 30H) ------------------
    def class_of(self, oids: Oids) -> ClassInfo | None:
        """(``Structures``': the module class every one of ``oids`` is an instance of.)"""
        return None

    def subscript(self, expr: cst.Subscript) -> Value:
        """``nt[0]``, ``nt[:2]`` of an instance of a module ``NamedTuple`` class whose
        construction kept its fields: ``(nt.a, nt.b, ...)[0]``, the fields in order."""
        path = path_of(expr.value)
        held = self.env.get(path) if path is not None else None
        if not held or any(self.infos[o].kind is not Kind.INSTANCE for o in held):
            return Containers.subscript(self, expr)
        info, module = self.class_of(held), self.ctx.module
        if info is None or module is None or not info.construction.kept:
            return Containers.subscript(self, expr)
        records = self._records = self._records if self._records is not None else {}
        if info.name not in records:
            records[info.name] = tuple_fields(module, info.name, self.ctx.resolver.resolve)
        if not records[info.name]:
            return Containers.subscript(self, expr)
        key = (id(expr), info.name)
        cache = self.ctx.lowered
        lowered = cache.get(key, _UNSEEN)
        if lowered is _UNSEEN:
            fields = tuple_fields(module, info.name, self.ctx.resolver.resolve)
            lowered = cache[key] = (
                expr.with_changes(
                    value=cst.Tuple(
                        [cst.Element(cst.Attribute(expr.value, cst.Name(f))) for f in fields]
                    )
                )
                if fields
                else None
            )
        return self.ev(lowered) if lowered is not None else Containers.subscript(self, expr)

    def _named_tuple(self, name: cst.Name) -> tuple[str, ...] | None:
        """The fields, in order, of the module ``NamedTuple`` class whose construction
        ``name`` holds wherever this body reads it (None: not certainly one)."""
        oids = self.env.get(name.value)
        if not oids:
            return None
        sites = {self.infos[o].site for o in oids}
        if len(sites) != 1:
            return None
        (site,) = sites
        if not isinstance(site, cst.Call) or any(a.star for a in site.args):
            return None
        cls = dotted_name(site.func)
        module = self.ctx.module
        if cls is None or module is None:
            return None
        return tuple_fields(module, cls, self.ctx.resolver.resolve)


def _spreads(expr: cst.Call) -> bool:
    for arg in expr.args:
        if arg.star:
            return True
    return False


def _asdict_of(expr: cst.BaseExpression) -> cst.Name | None:
    """``nt`` of ``nt._asdict()``."""
    if not isinstance(expr, cst.Call) or expr.args:
        return None
    func = expr.func
    if isinstance(func, cst.Attribute) and func.attr.value == "_asdict":
        if isinstance(func.value, cst.Name):
            return func.value
    return None


def _spread_tuples(expr: cst.Call) -> list[cst.Name]:
    """The names ``f(**nt._asdict())`` and ``f(*nt)`` spread."""
    out: list[cst.Name] = []
    for arg in expr.args:
        if arg.star == "**":
            owner = _asdict_of(arg.value)
            if owner is not None:
                out.append(owner)
        elif arg.star == "*" and isinstance(arg.value, cst.Name):
            out.append(arg.value)
    return out


def tuple_fields(
    module: cst.Module, cls: str, resolve: Callable[[str], str | None]
) -> tuple[str, ...] | None:
    """The fields of the module's ``class cls(NamedTuple)``, in order."""
    for stmt in module.body:
        if not isinstance(stmt, cst.ClassDef) or stmt.name.value != cls:
            continue
        if len(stmt.bases) != 1 or stmt.keywords or stmt.decorators:
            return None
        base = dotted_name(stmt.bases[0].value)
        if base is None or resolve(base) != "typing.NamedTuple":
            return None
        fields: list[str] = []
        for inner in stmt.body.body:
            if isinstance(inner, cst.SimpleStatementLine):
                for small in inner.body:
                    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                        fields.append(small.target.value)
        return tuple(fields)
    return None


def _spread(
    expr: cst.Call, fields: Callable[[cst.Name], tuple[str, ...] | None]
) -> cst.Call | None:
    """``f(**{...})``, ``f(**nt._asdict())``, ``f(*nt)`` with the keys or positions spelled
    out, where they are known (None otherwise)."""
    args: list[cst.Arg] = []
    for arg in expr.args:
        value = arg.value
        owner = _asdict_of(value) if arg.star == "**" else None
        if arg.star == "**" and isinstance(value, cst.Dict):
            for element in value.elements:
                key = element.key if isinstance(element, cst.DictElement) else None
                word = string_value(key) if isinstance(key, cst.SimpleString) else None
                if not isinstance(word, str) or not word.isidentifier():
                    return None
                args.append(cst.Arg(element.value, keyword=cst.Name(word)))
        elif owner is not None or (arg.star == "*" and isinstance(value, cst.Name)):
            name = owner if owner is not None else value
            assert isinstance(name, cst.Name)
            known = fields(name)
            if known is None:
                return None
            for f in known:
                item = lowered_from(expr, cst.Attribute(name, cst.Name(f)))
                args.append(cst.Arg(item, keyword=cst.Name(f) if owner is not None else None))
        elif arg.star:
            return None
        else:
            args.append(arg)
    return lowered_from(expr, cst.Call(expr.func, tuple(args)))


def _got(canonical: str | None, getter: cst.Call, expr: cst.Call) -> cst.BaseExpression | None:
    """``itemgetter(*keys)(x)`` / ``attrgetter(*paths)(x)`` as the items or attributes,
    ``methodcaller(name, *args)(x)`` as ``x.name(*args)`` (``library_spec``: ``GETS``,
    ``CALLS_METHOD``)."""
    if canonical not in _MADE or len(expr.args) != 1 or expr.args[0].keyword is not None:
        return None
    (given,) = expr.args
    if canonical in _CALLERS:
        return _method_called(getter, given, expr)
    if given.star or not getter.args or any(a.star or a.keyword for a in getter.args):
        return None
    source = given.value
    got: list[cst.BaseExpression] = []
    for arg in getter.args:
        key = arg.value
        if canonical == "operator.itemgetter":
            if not isinstance(key, (cst.SimpleString, cst.Integer)):
                return None
            got.append(
                lowered_from(expr, cst.Subscript(source, (cst.SubscriptElement(cst.Index(key)),)))
            )
            continue
        path = string_value(key) if isinstance(key, cst.SimpleString) else None
        if not isinstance(path, str) or not all(p.isidentifier() for p in path.split(".")):
            return None
        node: cst.BaseExpression = source
        for part in path.split("."):
            node = lowered_from(expr, cst.Attribute(node, cst.Name(part)))
        got.append(node)
    if len(got) == 1:
        return got[0]
    return lowered_from(expr, cst.Tuple(tuple(cst.Element(g) for g in got)))


def _method_called(caller: cst.Call, given: cst.Arg, expr: cst.Call) -> cst.Call | None:
    """``methodcaller("name", *args, **kw)(x)``: ``x.name(*args, **kw)``, the method named by
    a literal identifier."""
    if given.star or not caller.args or caller.args[0].keyword or caller.args[0].star:
        return None
    name = caller.args[0].value
    text = string_value(name) if type(name) is cst.SimpleString else None
    if not isinstance(text, str) or not text.isidentifier():
        return None
    origin = shown_node(expr)  # (a call built for one of the module's: shown at that one)
    receiver = given.value
    if type(receiver) is cst.Name:
        receiver = lowered_from(origin, cst.Name(receiver.value))
    method = lowered_from(origin, cst.Attribute(receiver, cst.Name(text)))
    return lowered_from(origin, cst.Call(method, tuple(caller.args[1:])))


def _first_wait(expr: cst.Call) -> cst.BaseExpression | None:
    """``any(p.wait() for p in xs)`` as ``xs[0].wait()`` (whether it applies is checked on
    the values, ``Transfers._applies``)."""
    if len(expr.args) != 1 or expr.args[0].star or expr.args[0].keyword is not None:
        return None
    gen = expr.args[0].value
    if not isinstance(gen, cst.GeneratorExp):
        return None
    loop = gen.for_in
    if loop.ifs or loop.inner_for_in is not None or loop.asynchronous is not None:
        return None
    target, source, elt = loop.target, loop.iter, gen.elt
    if not isinstance(target, cst.Name) or dotted_name(source) is None:
        return None
    if not isinstance(elt, cst.Call) or elt.args or not isinstance(elt.func, cst.Attribute):
        return None
    method = elt.func
    if method.attr.value != "wait" or not isinstance(method.value, cst.Name):
        return None
    if method.value.value != target.value:
        return None
    index = (cst.SubscriptElement(cst.Index(cst.Integer("0"))),)
    first = lowered_from(expr, cst.Subscript(source, index))
    wait = lowered_from(expr, cst.Attribute(first, cst.Name("wait")))
    return lowered_from(expr, cst.Call(wait))
