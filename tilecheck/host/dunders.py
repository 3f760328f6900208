"""Methods Python calls without a call written (issue 17, round 23A): formatting an instance of
a module class runs its ``__repr__``/``__str__``/``__format__``, and ``obj[k] = v`` its
``__setitem__``. Where the call is certain (the value is an instance of one class of the
module, not imported, that defines the method, and nothing decides at run time whether it
runs), the method's summary is applied there as at an explicit ``obj.__repr__()``, at a call
node of its own that no code holds (``PropertyRead``: a finding there is shown at the formatted
expression, or at the subscript stored to).

Which method formatting runs: ``{x!r}`` and ``repr(x)`` ``__repr__``; ``{x!s}``, ``str(x)`` and
``print(x)`` ``__str__``, else (``object.__str__``) ``__repr__``; ``{x}`` and ``format(x)``
``__format__``, else, with no format spec (``object.__format__`` raises on one), as ``str``.
A class with a module base or an imported one is left out (the method may be the base's, or
the base's ``__str__`` may not call ``__repr__``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, cast

import libcst as cst

from tilecheck.host.accessors import method_value
from tilecheck.host.classes import ClassInfo
from tilecheck.host.context import Context
from tilecheck.host.model import NOTHING, Kind, Oids, Value, flatten
from tilecheck.host.plain_bases import no_methods
from tilecheck.host.property_reads import PropertyRead
from tilecheck.host.summary import Summary
from tilecheck.host.total_order import class_order, class_parameter, total_ordering
from tilecheck.syntax.nodes import path_of


class Analysis(Protocol):
    """What these helpers use of the body's analysis running them (called from its classes,
    which they do not import: imports go one way)."""

    @property
    def ctx(self) -> Context: ...

    @property
    def env(self) -> Mapping[str, Oids]: ...

    def kinds(self, oids: Oids, kind: Kind) -> list[int]: ...

    def class_of(self, oids: Oids) -> ClassInfo | None: ...

    def receiver_class(self, owner: str) -> str | None: ...

    def call_summary(self, call: cst.Call, summary: Summary, receiver: str | None) -> Value: ...

    def escape(self, value: Value) -> None: ...

    def ev(self, expr: cst.BaseExpression) -> Value: ...

    def stored(self, path: str) -> Value | None: ...

    def unknown_args(self, call: cst.Call, *, escape: bool) -> list[Value]: ...


# the builtin formatting calls followed, and the conversion each stands for
FORMATTERS = {
    "builtins.repr": "r",
    "builtins.str": "s",
    "builtins.print": "s",
    "builtins.format": "",
}
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString)
_ORDER = {  # (``%a``/``{!a}``, ``ascii``, run ``__repr__`` too)
    "r": ("__repr__",),
    "a": ("__repr__",),
    "s": ("__str__", "__repr__"),
    "": ("__format__", "__str__", "__repr__"),
}


def _first_own(an: Analysis, value: Value, order: tuple[str, ...]) -> tuple[str, str] | None:
    """The class whose instance ``value`` certainly is and the first of ``order`` it defines."""
    oids = flatten(value)
    if not oids or len(an.kinds(oids, Kind.INSTANCE)) != len(oids):
        return None
    info = an.class_of(oids)
    if info is None or info.origin is not None or info.base is not None:
        return None
    own = _own_methods(an, info.name)
    for name in order:
        if name in own:
            return info.name, name
    return None


def _own_methods(an: Analysis, cls: str) -> frozenset[str]:
    """The plain methods a top-level class of the module with no base, keyword or decorator
    but ``@dataclass`` defines (none for any other class)."""
    module = an.ctx.module
    for stmt in module.body if module is not None else ():
        if type(stmt) is not cst.ClassDef or stmt.name.value != cls:
            continue
        if stmt.keywords or not all(_dataclass(d) or total_ordering(d) for d in stmt.decorators):
            return frozenset()
        if not all(no_methods(an.ctx.resolver, base) for base in stmt.bases):
            return frozenset()
        return frozenset(
            s.name.value
            for s in stmt.body.body
            if type(s) is cst.FunctionDef and not s.decorators and not s.asynchronous
        )
    return frozenset()


# methods no site of ``implicit_sites``/``implicit_calls`` runs (or run elsewhere)
_NOT_SITES = frozenset(
    {"__init__", "__post_init__", "__new__", "__del__", "__set_name__", "__init_subclass__"}
)


def class_dunders(module: cst.Module) -> frozenset[str]:
    """The ``__x__`` methods the module's top-level classes define (but ``_NOT_SITES``)."""
    found: set[str] = set()
    for stmt in module.body:
        if type(stmt) is cst.ClassDef:
            for line in stmt.body.body:
                if type(line) is cst.FunctionDef and line.name.value.startswith("__"):
                    found.add(line.name.value)
    return frozenset(found - _NOT_SITES)


def _dataclass(decorator: cst.Decorator) -> bool:
    expr = decorator.decorator
    if type(expr) is cst.Call:
        expr = expr.func
    name = expr.attr.value if type(expr) is cst.Attribute else getattr(expr, "value", None)
    return name == "dataclass"


def receiver_path(expr: cst.BaseExpression) -> str | None:
    """The access path a receiver is read by (round 28I): a name, an attribute of one
    (``self.cache``), an element at a constant index (``reqs[0]``); None for anything else
    (a call's result, a computed index), which is not evaluated again."""
    kind = type(expr)
    if kind is cst.Name:
        return cast(cst.Name, expr).value
    return path_of(expr) if kind is cst.Attribute or kind is cst.Subscript else None


def formatted(an: Analysis, expr: cst.BaseExpression, conversion: str, spec: bool = False) -> None:
    """``expr`` (an access path, ``receiver_path``) formatted with ``conversion`` ("r" or "a",
    "s", or "" for ``format``; with a format ``spec`` and no conversion only a ``__format__`` of
    the class's own runs: ``object.__format__`` raises on one): the method that runs, applied
    on it."""
    order = _ORDER.get(conversion)
    if order is None:
        return
    method = certain_method(an, expr, order[:1] if spec and not conversion else order)
    path = receiver_path(expr) if method is not None else None
    if method is None or path is None:
        return
    value = apply_method(an, expr, path, method, ())
    if value is not None:
        an.escape(value)


def formatted_string(an: Analysis, expr: cst.FormattedString) -> Value:
    """An f-string: its expressions in order, each formatted as its conversion says."""
    for part in expr.parts:
        if type(part) is not cst.FormattedStringExpression:
            continue
        value = an.ev(part.expression)
        spec = part.format_spec
        if spec is not None:
            for inner in spec:
                if type(inner) is cst.FormattedStringExpression:
                    an.ev(inner.expression)  # (the spec's, evaluated before formatting)
        if value:
            formatted(an, part.expression, part.conversion or "", spec is not None)
    return NOTHING


def formatting_call(an: Analysis, call: cst.Call, canonical: str) -> None:
    """``print(a, b)``, ``repr(x)``, ``str(x)``, ``format(x)``: the arguments, evaluated in
    order (inspected, not kept), then each formatted (``print``: every positional argument;
    the others: one argument alone, ``str(b, "utf-8")`` decodes)."""
    values = an.unknown_args(call, escape=False)
    single = len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star
    if canonical == "builtins.format" and len(call.args) == 2 and values[0]:
        spec, arg = call.args[1], call.args[0]  # ``format(x, ".2f")``: its own ``__format__``
        plain = not any(a.keyword is not None or a.star for a in call.args)
        found = certain_method(an, arg.value, ("__format__",)) if plain else None
        receiver = receiver_path(arg.value) if found and _plain(spec.value) else None
        if receiver is not None:
            value = apply_method(an, call, receiver, "__format__", (spec,))
            an.escape(value or NOTHING)
        return
    if canonical != "builtins.print" and not single:
        return
    for arg, value in zip(call.args, values, strict=True):
        if value and arg.keyword is None and not arg.star:
            formatted(an, arg.value, FORMATTERS[canonical])


def stored_item(
    an: Analysis,
    target: cst.Subscript,
    value: cst.BaseExpression | None,
    method: str = "__setitem__",
) -> None:
    """``obj[key] = value`` on an instance of a module class with its own ``__setitem__`` (``del
    obj[key]``: ``__delitem__``, no value), ``obj`` an access path (``receiver_path``): that
    method's summary, applied on ``obj`` with ``key`` (a literal or a name) and the value (where
    it is a name or a literal: anything else is not evaluated twice, its parameter left
    unbound, as given nothing the analysis follows)."""
    if len(target.slice) != 1:
        return
    index = target.slice[0].slice
    if type(index) is not cst.Index or index.star is not None:
        return
    key = index.value
    if type(key) is not cst.Name and type(key) not in _LITERALS:
        return
    owner = receiver_path(target.value)
    if owner is None or certain_method(an, target.value, (method,)) is None:
        return
    args = [cst.Arg(key)]
    if value is not None and (type(value) is cst.Name or type(value) in _LITERALS):
        args.append(cst.Arg(value))
    found = apply_method(an, target, owner, method, tuple(args))
    if found is not None:
        an.escape(found)


# Builtins (and numpy's readers) that run a method of their one argument (round 25A), with the
# methods each tries in order where the class has no base (``float(x)`` without ``__float__``
# tries ``__index__``; ``bool(x)`` without ``__bool__`` ``__len__``).
PROTOCOLS = {
    "builtins.float": ("__float__", "__index__"),
    "builtins.int": ("__int__", "__index__"),
    "builtins.complex": ("__complex__", "__float__", "__index__"),
    "builtins.bool": ("__bool__", "__len__"),
    "builtins.len": ("__len__",),
    "builtins.abs": ("__abs__",),
    "builtins.round": ("__round__",),
    "builtins.hash": ("__hash__",),
    "builtins.bytes": ("__bytes__",),
    "numpy.asarray": ("__array__",),
    "numpy.array": ("__array__",),
    "numpy.asanyarray": ("__array__",),
}
# Those given more arguments, passed on to the method (``round(x, 2)``: ``x.__round__(2)``).
_MORE = frozenset({"builtins.round"})


def _plain(expr: cst.BaseExpression) -> bool:
    """A name or a literal: evaluated again as the method's argument, it means the same."""
    return type(expr) is cst.Name or type(expr) in _LITERALS


# A comparison's method on its left operand (``in``: its right one), and the one ``object``'s
# falls back to (``!=`` runs ``__eq__`` where the class defines no ``__ne__``).
_COMPARED: dict[type[cst.BaseCompOp], tuple[str, ...]] = {
    cst.Equal: ("__eq__",),
    cst.NotEqual: ("__ne__", "__eq__"),
    cst.LessThan: ("__lt__",),
    cst.LessThanEqual: ("__le__",),
    cst.GreaterThan: ("__gt__",),
    cst.GreaterThanEqual: ("__ge__",),
    cst.In: ("__contains__",),
    cst.NotIn: ("__contains__",),
}
# Attributes by which numpy takes an object's data before its ``__array__``.
_ARRAY_FIRST = ("__array_interface__", "__array_struct__", "__buffer__")


def apply_method(
    an: Analysis, node: cst.BaseExpression, owner: str, method: str, given: tuple[cst.Arg, ...]
) -> Value | None:
    """``method`` of the class of ``owner`` (a name or path holding an instance, certain)
    applied on it at a call node of its own for ``node``, given ``given``; None where it has
    no summary."""
    cls = an.receiver_class(owner)
    read = method_value(an, node, cls, method, owner, given)  # (an accessor: ``accessors``)
    if read is not None:
        return read
    summary = an.ctx.summary_for(f"{cls}.{method}") if cls is not None else None
    if summary is None:
        return None
    calls = an.ctx.dunder_calls
    call = calls.get((id(node), method))
    if call is None:
        call = calls[(id(node), method)] = PropertyRead(func=node, args=given)
    return an.call_summary(call, summary, owner)


def certain_method(an: Analysis, expr: cst.BaseExpression, order: tuple[str, ...]) -> str | None:
    """The method of ``order`` that runs on the access path ``expr`` (``receiver_path``),
    certainly an instance of a module class defining it (None otherwise)."""
    path = receiver_path(expr)
    return held_method(an, path, order) if path is not None else None


def held_method(an: Analysis, name: str, order: tuple[str, ...]) -> str | None:
    """The method of ``order`` that runs on what ``name`` holds (as ``certain_method``)."""
    cls = an.receiver_class(name)
    if cls is None:
        return None
    value = an.env.get(name)
    if not value and ("[" in name or name.isidentifier()):  # an element; a parameter of the
        info = an.ctx.classes.get(cls)  # class (``analysis``), where no subclass may be given
        sub = "[" not in name and any(i.base == cls for i in an.ctx.classes.values())
        if sub or info is None or info.origin is not None or info.base is not None:
            return None
        own = _own_methods(an, cls)
        return next((m for m in order if m in own), None)
    found = _first_own(an, value, order) if value else None
    if found is None or cls != found[0]:
        return None
    return found[1]


def protocol_call(an: Analysis, call: cst.Call, canonical: str) -> bool:
    """``float(obj)``, ``len(obj)``, ``np.asarray(obj)``...: the method that runs, applied on
    ``obj`` (a name holding an instance of a module class that defines it); False where not
    followed (nothing evaluated then)."""
    if not call.args or any(a.keyword is not None or a.star for a in call.args):
        return False
    rest = tuple(call.args[1:])
    if rest and (canonical not in _MORE or not all(_plain(a.value) for a in rest)):
        return False
    arg = call.args[0].value
    method = certain_method(an, arg, PROTOCOLS[canonical])
    if method is None:
        return False
    path = cast(str, receiver_path(arg))
    if method == "__array__" and _array_first(an, an.receiver_class(path)):
        return False
    value = apply_method(an, call, path, method, rest)
    if value is None:
        return False
    an.escape(value)
    return True


def array_call(an: Analysis, call: cst.Call) -> None:
    """``np.argmax(obj)`` (any numpy function given an array_like, ``api.host_reader``): the
    first argument's ``__array__`` applied, where it is an instance of a module class defining
    one (round 29N); the call's other arguments are the caller's to evaluate."""
    if not call.args or call.args[0].star or call.args[0].keyword is not None:
        return
    arg = call.args[0].value
    if certain_method(an, arg, ("__array__",)) is None:
        return
    path = cast(str, receiver_path(arg))
    if _array_first(an, an.receiver_class(path)):
        return
    value = apply_method(an, call, path, "__array__", ())
    if value is not None:
        an.escape(value)


def _array_first(an: Analysis, cls: str | None) -> bool:
    """The top-level class ``cls`` of the module may give numpy its data another way than
    ``__array__`` (its code names one of ``_ARRAY_FIRST``; True where it is not found)."""
    module = an.ctx.module
    for stmt in module.body if module is not None else ():
        if type(stmt) is cst.ClassDef and stmt.name.value == cls:
            code = _code(stmt)
            return any(n in code for n in _ARRAY_FIRST)
    return True


def compared(an: Analysis, expr: cst.Comparison) -> None:
    """``a == b`` (one operator) on an instance of a module class with its own ``__eq__`` (``<``
    ``__lt__``..., ``x in obj`` ``obj.__contains__``): the method applied on it, given the other
    operand (a name or a literal). Not where the other operand may be an instance of another
    class (a subclass's reflected method would run first) or is not followed."""
    target = expr.comparisons[0]
    order = _COMPARED.get(type(target.operator))
    if order is None:
        return
    mine, other = expr.left, target.comparator
    if order[0] == "__contains__":
        mine, other = other, mine
    elif not plain_other(an, mine, other) and not class_parameter(an, mine, other):
        return
    path = receiver_path(mine)  # (``@total_ordering``: the root its method calls first)
    order = class_order(an.ctx.module, an.receiver_class(path) if path else None, order)
    method = certain_method(an, mine, order)
    if method is None or (type(other) is not cst.Name and type(other) not in _LITERALS):
        return
    value = apply_method(an, expr, cast(str, receiver_path(mine)), method, (cst.Arg(other),))
    if value is not None:
        an.escape(value)


def plain_other(an: Analysis, mine: cst.BaseExpression, other: cst.BaseExpression) -> bool:
    """The right operand of a comparison is a literal, or holds only objects that are not
    instances or are instances of the left operand's class (no reflected method first)."""
    if type(other) in _LITERALS:
        return True
    mine_path = receiver_path(mine)
    if type(other) is not cst.Name or mine_path is None:
        return False
    oids = flatten(an.env.get(other.value) or NOTHING)
    if not oids:
        return False
    instances = an.kinds(oids, Kind.INSTANCE)
    if not instances:
        return True
    info = an.class_of(oids)
    return (
        len(instances) == len(oids)
        and info is not None
        and info.name == an.receiver_class(mine_path)
    )


def item_read(an: Analysis, expr: cst.Subscript) -> Value | None:
    """``obj[key]`` read, ``obj`` a name holding an instance of a module class with its own
    ``__getitem__``: that method's summary applied on it with ``key`` (a literal or a name),
    its value the subscript's; None where not followed (nothing evaluated then)."""
    owner = expr.value
    if len(expr.slice) != 1:
        return None
    index = expr.slice[0].slice
    if type(index) is not cst.Index or index.star is not None:
        return None
    key = index.value
    if type(key) is not cst.Name and type(key) not in _LITERALS:
        return None
    if certain_method(an, owner, ("__getitem__",)) is None:
        return None
    return apply_method(an, expr, cast(str, receiver_path(owner)), "__getitem__", (cst.Arg(key),))


def narrowed_parameters(fn: cst.FunctionDef) -> dict[str, str]:
    """The parameters (not annotated, annotated ``object``, or by a string naming a class) that
    the first statement of ``fn`` (after a docstring) narrows to one class, every later
    statement running only where it holds: ``assert isinstance(other, Beam)``, or ``if not
    isinstance(other, Beam): return NotImplemented`` (a ``return`` or ``raise`` alone).
    An ``other: "Beam"`` is its class too (each by name: ``ctx.classes`` decides)."""
    out: dict[str, str] = {}
    params = fn.params.params
    for param in params:
        annotation = param.annotation.annotation if param.annotation is not None else None
        if type(annotation) is cst.SimpleString and annotation.value[1:-1].isidentifier():
            out[param.name.value] = annotation.value[1:-1]
    body = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    if body and _docstring(body[0]):
        body = body[1:]
    if not body:
        return out
    first, test = body[0], None
    if type(first) is cst.SimpleStatementLine and type(first.body[0]) is cst.Assert:
        test = first.body[0].test
    elif type(first) is cst.If and first.orelse is None and _leaves(first.body):
        negated = first.test
        if type(negated) is cst.UnaryOperation and type(negated.operator) is cst.Not:
            test = negated.expression
    checked = _isinstance_of(test) if test is not None else None
    if checked is None:
        return out
    for param in params:
        annotation = param.annotation.annotation if param.annotation is not None else None
        plain = annotation is None or (
            type(annotation) is cst.Name and annotation.value == "object"
        )
        if param.name.value == checked[0] and plain:
            out[checked[0]] = checked[1]
    return out


def _docstring(stmt: cst.BaseStatement) -> bool:
    if type(stmt) is not cst.SimpleStatementLine or type(stmt.body[0]) is not cst.Expr:
        return False
    return type(stmt.body[0].value) in (cst.SimpleString, cst.ConcatenatedString)


def _leaves(block: cst.BaseSuite) -> bool:
    """A block of one ``return``/``raise`` statement."""
    if type(block) is cst.SimpleStatementSuite:
        lines: tuple[cst.BaseSmallStatement, ...] = tuple(block.body)
    elif type(block) is cst.IndentedBlock and len(block.body) == 1:
        only = block.body[0]
        lines = tuple(only.body) if type(only) is cst.SimpleStatementLine else ()
    else:
        return False
    return len(lines) == 1 and type(lines[0]) in (cst.Return, cst.Raise)


def _isinstance_of(test: cst.BaseExpression) -> tuple[str, str] | None:
    """``isinstance(name, Cls)``: the name and the class's name."""
    if type(test) is not cst.Call or type(test.func) is not cst.Name:
        return None
    if test.func.value != "isinstance" or len(test.args) != 2:
        return None
    what, cls = test.args[0].value, test.args[1].value
    if any(a.keyword is not None or a.star for a in test.args):
        return None
    if type(what) is not cst.Name or type(cls) is not cst.Name:
        return None
    return what.value, cls.value


def default_factories(an: Analysis, call: cst.Call) -> None:
    """``State()`` of a module ``@dataclass`` whose field ``f = field(default_factory=lambda:
    tr.zeros((n,)))`` the call gives no argument: the generated ``__init__`` runs the
    lambda's body there (inside a capture: TC111 at it). Only a body that is one call of a
    dotted name with literal arguments, so it means the same in the caller's scope."""
    func = call.func
    if type(func) is not cst.Name or func.value in an.env or any(a.star for a in call.args):
        return
    table = an.ctx.dataclass_defaults
    if table is None:
        table = an.ctx.dataclass_defaults = _dataclass_defaults(an.ctx.module)
    fields = table.get(func.value)
    if not fields:
        return
    named = {a.keyword.value for a in call.args if a.keyword is not None}
    positional = sum(1 for a in call.args if a.keyword is None)
    for index, (name, body) in enumerate(fields):
        if body is not None and index >= positional and name not in named:
            an.escape(an.ev(body))


def _dataclass_defaults(
    module: cst.Module | None,
) -> dict[str, tuple[tuple[str, cst.Call | None], ...]]:
    """Each top-level ``@dataclass`` (no base, no ``__init__`` of its own, its generated one
    not turned off) with a field made by a lambda's call: its fields in order, each with that
    call (None for the others)."""
    out: dict[str, tuple[tuple[str, cst.Call | None], ...]] = {}
    for stmt in module.body if module is not None else ():
        if type(stmt) is not cst.ClassDef or stmt.bases or stmt.keywords:
            continue
        if len(stmt.decorators) != 1 or not _generates_init(stmt.decorators[0]):
            continue
        fields: list[tuple[str, cst.Call | None]] = []
        for line in stmt.body.body:
            if type(line) is cst.FunctionDef and line.name.value == "__init__":
                fields = []
                break
            small = line.body[0] if type(line) is cst.SimpleStatementLine else None
            if type(small) is not cst.AnnAssign or type(small.target) is not cst.Name:
                continue
            marked = cst.ensure_type(small.annotation, cst.Annotation).annotation
            if any(n in _code(marked) for n in ("ClassVar", "InitVar", "KW_ONLY")):
                fields = []
                break
            fields.append((small.target.value, _factory_call(small.value)))
        if any(body is not None for _, body in fields):
            out[stmt.name.value] = tuple(fields)
    return out


def _code(expr: cst.CSTNode) -> str:
    return cst.Module(body=()).code_for_node(expr)


def _generates_init(decorator: cst.Decorator) -> bool:
    expr = decorator.decorator
    if type(expr) is cst.Call:
        if any(a.keyword is None or a.keyword.value == "init" for a in expr.args):
            return False
        expr = expr.func
    name = expr.attr.value if type(expr) is cst.Attribute else getattr(expr, "value", None)
    return name == "dataclass"


def _factory_call(value: cst.BaseExpression | None) -> cst.Call | None:
    """``field(default_factory=lambda: k.f((8,), 2.0))``: that call."""
    if type(value) is not cst.Call or _code(value.func) not in ("field", "dataclasses.field"):
        return None
    for arg in value.args:
        if arg.keyword is not None and arg.keyword.value == "default_factory":
            made = arg.value
            params = made.params if type(made) is cst.Lambda else None
            if params is None or params.params or params.posonly_params or params.kwonly_params:
                return None
            if type(params.star_arg) is cst.Param or params.star_kwarg is not None:
                return None
            body = cst.ensure_type(made, cst.Lambda).body
            if type(body) is cst.Call and _literal_args(body) and _dotted(body.func):
                return body
    return None


def _dotted(expr: cst.BaseExpression) -> bool:
    while type(expr) is cst.Attribute:
        expr = expr.value
    return type(expr) is cst.Name


def _literal_args(call: cst.Call) -> bool:
    return all(not a.star and _literal(a.value) for a in call.args)


def _literal(expr: cst.BaseExpression) -> bool:
    if type(expr) is cst.Tuple:
        return all(type(e) is cst.Element and _literal(e.value) for e in expr.elements)
    if type(expr) is cst.UnaryOperation:
        return _literal(expr.expression)
    return type(expr) in _LITERALS
