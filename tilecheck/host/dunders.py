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
from typing import Protocol

import libcst as cst

from tilecheck.host.classes import ClassInfo
from tilecheck.host.context import Context
from tilecheck.host.model import NOTHING, Kind, Oids, Value, flatten
from tilecheck.host.property_reads import PropertyRead
from tilecheck.host.summary import Summary


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

    def unknown_args(self, call: cst.Call, *, escape: bool) -> list[Value]: ...


# the builtin formatting calls followed, and the conversion each stands for
FORMATTERS = {
    "builtins.repr": "r",
    "builtins.str": "s",
    "builtins.print": "s",
    "builtins.format": "",
}
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString)
_ORDER = {
    "r": ("__repr__",),
    "s": ("__str__", "__repr__"),
    "": ("__format__", "__str__", "__repr__"),
}


def _method(an: Analysis, value: Value, conversion: str) -> tuple[str, str] | None:
    """The class whose instance ``value`` certainly is and the method formatting it runs."""
    oids = flatten(value)
    if not oids or len(an.kinds(oids, Kind.INSTANCE)) != len(oids):
        return None
    info = an.class_of(oids)
    if info is None or info.origin is not None or info.base is not None:
        return None
    own = _own_methods(an, info.name)
    for name in _ORDER[conversion]:
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
        if stmt.bases or stmt.keywords or not all(map(_dataclass, stmt.decorators)):
            return frozenset()
        return frozenset(
            s.name.value
            for s in stmt.body.body
            if type(s) is cst.FunctionDef and not s.decorators and not s.asynchronous
        )
    return frozenset()


def _dataclass(decorator: cst.Decorator) -> bool:
    expr = decorator.decorator
    if type(expr) is cst.Call:
        expr = expr.func
    name = expr.attr.value if type(expr) is cst.Attribute else getattr(expr, "value", None)
    return name == "dataclass"


def _receiver(an: Analysis, expr: cst.BaseExpression, cls: str) -> str | None:
    if type(expr) is cst.Name and an.receiver_class(expr.value) == cls:
        return expr.value
    return None


def formatted(an: Analysis, expr: cst.BaseExpression, value: Value, conversion: str) -> None:
    """``expr`` (holding ``value``) formatted with ``conversion`` ("r", "s", or "" for
    ``format``): the method that runs, applied on it."""
    found = _method(an, value, conversion)
    if found is None:
        return
    cls, method = found
    receiver = _receiver(an, expr, cls)
    summary = an.ctx.summary_for(f"{cls}.{method}") if receiver is not None else None
    if summary is None or receiver is None:
        return
    calls = an.ctx.dunder_calls
    call = calls.get((id(expr), method))
    if call is None:
        call = calls[(id(expr), method)] = PropertyRead(func=expr)
    an.escape(an.call_summary(call, summary, receiver))


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
        conversion = part.conversion or ""
        if value and conversion in _ORDER and (spec is None or conversion):
            formatted(an, part.expression, value, conversion)
        elif value and spec is not None:
            found = _method(an, value, "")
            if found is not None and found[1] == "__format__":
                formatted(an, part.expression, value, "")
    return NOTHING


def formatting_call(an: Analysis, call: cst.Call, canonical: str) -> None:
    """``print(a, b)``, ``repr(x)``, ``str(x)``, ``format(x)``: the arguments, evaluated in
    order (inspected, not kept), then each formatted (``print``: every positional argument;
    the others: one argument alone, ``str(b, "utf-8")`` decodes)."""
    values = an.unknown_args(call, escape=False)
    single = len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star
    if canonical != "builtins.print" and not single:
        return
    for arg, value in zip(call.args, values, strict=True):
        if value and arg.keyword is None and not arg.star:
            formatted(an, arg.value, value, FORMATTERS[canonical])


def stored_item(an: Analysis, target: cst.Subscript, value: cst.BaseExpression) -> None:
    """``obj[key] = value`` on an instance of a module class with its own ``__setitem__``: that
    method's summary, applied on ``obj`` with ``key`` (a literal or a name) and the value (where
    it is a name or a literal: anything else is not evaluated twice, its parameter left
    unbound, as given nothing the analysis follows)."""
    owner = target.value
    if type(owner) is not cst.Name or len(target.slice) != 1:
        return
    index = target.slice[0].slice
    if type(index) is not cst.Index or index.star is not None:
        return
    key = index.value
    if type(key) is not cst.Name and type(key) not in _LITERALS:
        return
    cls = an.receiver_class(owner.value)
    if cls is None or "__setitem__" not in _own_methods(an, cls):
        return
    summary = an.ctx.summary_for(f"{cls}.__setitem__")
    if summary is None:
        return
    calls = an.ctx.dunder_calls
    call = calls.get((id(target), "__setitem__"))
    if call is None:
        args = [cst.Arg(key)]
        if type(value) is cst.Name or type(value) in _LITERALS:
            args.append(cst.Arg(value))
        call = calls[(id(target), "__setitem__")] = PropertyRead(func=target, args=tuple(args))
    an.escape(an.call_summary(call, summary, owner.value))


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


def _code(expr: cst.BaseExpression) -> str:
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
