"""Records by any constructor, lowered to the one record form the analysis follows (issue 17,
round 32D). A user keeps a group of values in whichever record type is at hand; by the
library's meaning each construction is one the analysis already follows:

* a dict built by keywords or from a display: ``dict(z=a, x=b)``, ``dict({"z": a}, x=b)``, and
  a call of the module's ``TypedDict`` (``Args(z=a, x=b)`` of ``class Args(TypedDict)`` or of
  ``Args = TypedDict("Args", {...})``, which builds a plain dict at run time) or of its
  ``dict`` subclass that defines nothing are the display ``{"z": a, "x": b}`` (its cells
  ``d['z']``, spread by ``**d``);
* ``ns = types.SimpleNamespace(out=a, x=b)`` (a statement) is ``ns = types.SimpleNamespace()``
  then ``ns.out = a`` and ``ns.x = b``: an object whose attributes are what was stored.

Each is built once per call (a finding in it is shown at the call). Anything else (a ``*`` or
``**`` argument, a positional argument that is not a dict display, a key given twice, a
value that names the record's own target) is left as before."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name

_TYPED_DICTS = frozenset({"typing.TypedDict", "typing_extensions.TypedDict"})
_NAMESPACE = "types.SimpleNamespace"


def record_call(value: cst.BaseExpression) -> bool:
    """``f(k=v, ...)`` or ``f({...}, k=v, ...)`` of a plain name (the cheap syntactic test: a
    call that may build a dict record)."""
    if type(value) is not cst.Call or type(value.func) is not cst.Name:
        return False
    args = value.args
    for i, arg in enumerate(args):
        if arg.star or (arg.keyword is None and (i or type(arg.value) is not cst.Dict)):
            return False
    return True


def record_keys(value: cst.BaseExpression) -> tuple[str, ...] | None:
    """The keys a dict display or a ``record_call`` holds, in order: distinct constant
    identifiers (None otherwise)."""
    if type(value) is cst.Dict:
        elements: Sequence[cst.BaseDictElement] = value.elements
        args: Sequence[cst.Arg] = ()
    elif record_call(value):
        args = cast(cst.Call, value).args
        first = args[0].value if args and args[0].keyword is None else None
        elements = first.elements if type(first) is cst.Dict else ()
        args = args[1:] if first is not None else args
    else:
        return None
    out: list[str] = []
    for element in elements:
        if type(element) is not cst.DictElement or type(element.key) is not cst.SimpleString:
            return None
        key = string_value(element.key)
        if not isinstance(key, str) or not key.isidentifier() or key in out:
            return None
        out.append(key)
    for arg in args:
        word = cast(cst.Name, arg.keyword).value
        if word in out:
            return None
        out.append(word)
    return tuple(out)


def dict_record(ctx: Context, call: cst.Call) -> cst.Dict | None:
    """The display a dict record's construction stands for (``record_call`` holds): a call of
    the builtin ``dict`` or of a module ``TypedDict`` class."""
    if ctx.callee(call.func).canonical != "builtins.dict" and not typed_dict_call(ctx, call):
        return None
    if record_keys(call) is None:
        return None
    elements: list[cst.BaseDictElement] = []
    for arg in call.args:
        if arg.keyword is None:
            elements.extend(cast(cst.Dict, arg.value).elements)
        else:
            key = cst.SimpleString(repr(arg.keyword.value))
            elements.append(cst.DictElement(key, arg.value))
    return lowered_from(call, cst.Dict(tuple(elements)))


def typed_dict_call(ctx: Context, call: cst.Call) -> bool:
    """``Args(z=a)`` of the module's ``TypedDict`` (a class or ``Args = TypedDict("Args",
    {...})``) or of its plain ``dict`` subclass (``record_call`` holds): a dict."""
    module = ctx.module
    func = cast(cst.Name, call.func)
    if module is None or func.value not in ctx.index.fact(module, _typed_dicts):
        return False
    return _typed_dict(module, func.value, ctx.resolver.resolve)


def _typed_dicts(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str]:
    """The names the module binds at its top level to a class of one base spelled
    ``TypedDict`` or ``dict``, or to a call spelled ``TypedDict(...)`` (candidates)."""
    out: set[str] = set()
    for stmt in module.body if type(module) is cst.Module else ():
        if type(stmt) is cst.ClassDef and len(stmt.bases) == 1 and not stmt.decorators:
            if _spelled(stmt.bases[0].value) in ("TypedDict", "dict"):
                out.add(stmt.name.value)
        elif type(stmt) is cst.SimpleStatementLine and type(stmt.body[0]) is cst.Assign:
            assign = stmt.body[0]
            target = assign.targets[0].target
            value = assign.value
            if type(target) is cst.Name and type(value) is cst.Call:
                if _spelled(value.func) == "TypedDict":
                    out.add(target.value)
    return frozenset(out)


def _spelled(expr: cst.BaseExpression) -> str | None:
    spelled = expr.attr if type(expr) is cst.Attribute else expr
    return spelled.value if type(spelled) is cst.Name else None


def _typed_dict(module: cst.Module, name: str, resolve: Callable[[str], str | None]) -> bool:
    """``name`` is bound once at the module's top level (and nowhere else there) to ``class
    name(TypedDict)`` (``total=`` allowed; annotations only), to ``TypedDict("name", ...)``,
    or to ``class name(dict)`` whose body defines nothing (a docstring, ``pass``)."""
    found: list[cst.CSTNode] = []
    for stmt in module.body:
        if type(stmt) is cst.ClassDef and stmt.name.value == name:
            found.append(stmt)
        elif type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                if type(small) in (cst.Assign, cst.AnnAssign, cst.AugAssign) and name in {
                    n.value for n in _bound_names(small)
                }:
                    found.append(small)
    if len(found) != 1:
        return False
    (bound,) = found
    if type(bound) is cst.Assign:
        call = bound.value
        if len(bound.targets) != 1 or type(call) is not cst.Call:
            return False
        return resolve(dotted_name(call.func) or "") in _TYPED_DICTS
    if type(bound) is not cst.ClassDef:
        return False
    base = resolve(dotted_name(bound.bases[0].value) or "")
    allowed: tuple[type[cst.CSTNode], ...] = (cst.Expr, cst.Pass)
    if base in _TYPED_DICTS:
        if any(k.keyword is None or k.keyword.value != "total" for k in bound.keywords):
            return False
        allowed = (cst.AnnAssign, cst.Expr, cst.Pass)
    elif base != "builtins.dict" or bound.keywords:
        return False
    for inner in bound.body.body:
        if type(inner) is not cst.SimpleStatementLine:
            return False
        if any(type(small) not in allowed for small in inner.body):
            return False
    return True


def _bound_names(small: cst.BaseSmallStatement) -> list[cst.Name]:
    if type(small) is cst.Assign:
        targets = [t.target for t in small.targets]
    else:
        targets = [cast(cst.AnnAssign, small).target]
    return [t for t in targets if type(t) is cst.Name]


def namespace_call(value: cst.BaseExpression) -> bool:
    """``SimpleNamespace(k=v, ...)`` / ``types.SimpleNamespace(...)`` as written."""
    if type(value) is not cst.Call or not value.args:
        return False
    func = value.func
    spelled = func.attr if type(func) is cst.Attribute else func
    return type(spelled) is cst.Name and spelled.value == "SimpleNamespace"


def namespace_stores(ctx: Context, stmt: cst.Assign) -> Sequence[cst.BaseSmallStatement] | None:
    """``ns = SimpleNamespace(a=x, b=y)``: ``ns = SimpleNamespace()``, ``ns.a = x``, ``ns.b =
    y``, built once per statement; one name bound, keywords only, no value naming it."""
    key = ("namespace", id(stmt))
    if key in ctx.runs:
        found = ctx.runs[key]
        return cast(cst.SimpleStatementLine, found[1]).body if found is not None else None
    made: cst.SimpleStatementLine | None = None
    call = cast(cst.Call, stmt.value)
    target = stmt.targets[0].target if len(stmt.targets) == 1 else None
    plain = all(a.keyword is not None and not a.star for a in call.args)
    if type(target) is cst.Name and plain and ctx.callee(call.func).canonical == _NAMESPACE:
        name = target.value
        if not any(_names(a.value, name) for a in call.args):
            empty = lowered_from(call, call.with_changes(args=()))
            made = cst.SimpleStatementLine(
                (
                    cst.Assign((cst.AssignTarget(target),), empty),
                    *(
                        cst.Assign(
                            (
                                cst.AssignTarget(
                                    lowered_from(
                                        call,
                                        cst.Attribute(
                                            target, cst.Name(cast(cst.Name, a.keyword).value)
                                        ),
                                    )
                                ),
                            ),
                            a.value,
                        )
                        for a in call.args
                    ),
                )
            )
    ctx.runs[key] = (0, made) if made is not None else None
    return made.body if made is not None else None


def _names(node: cst.CSTNode, name: str) -> bool:
    """``node`` mentions ``name``."""
    if type(node) is cst.Name:
        return node.value == name
    return any(_names(child, name) for child in node.children)
