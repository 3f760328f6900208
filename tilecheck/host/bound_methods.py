"""Methods bound with some of their arguments (issue 17, round 34A; ``library_spec``:
``BINDS_METHOD``): a class body's ``greedy = functools.partialmethod(_apply, 10.0)`` makes
``obj.greedy(*rest)`` the call ``obj._apply(10.0, *rest)`` (the descriptor binds ``obj`` first,
then the arguments given to ``partialmethod``, then the call's own), so each such call runs
``_apply``'s summary with those arguments, as the call written out would: two presets over one
launcher that spends ``self.plan`` spend it twice (TC109 inside ``_apply``).

Followed where the receiver certainly is an instance of the module's class (``self`` in its
methods, a name holding one) whose body binds the attribute so, the bound function a plain
method of that class named there, and neither the binding nor the call spreads ``*``/``**``;
the call is built once per call and class."""

from __future__ import annotations

from typing import Protocol, cast

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.dunders import receiver_path
from tilecheck.host.library_spec import Does, named
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.index import SyntaxIndex

_BINDERS = named(Does.BINDS_METHOD)
_SPELLED = frozenset(name.rpartition(".")[2] for name in _BINDERS)
_DECORATED = frozenset({"staticmethod", "classmethod", "property"})


class Analysis(Protocol):
    """What the lowering reads of the analysis."""

    @property
    def ctx(self) -> Context: ...

    def receiver_class(self, owner: str) -> str | None: ...


def names(ctx: Context) -> frozenset[str]:
    """The attribute names a class body of the module binds to a ``partialmethod`` call (the
    cheap test at every method call)."""
    module = ctx.module
    return ctx.index.fact(module, _bound_names) if module is not None else frozenset()


def _bound_names(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str]:
    found: set[str] = set()
    for stmt in module.body if type(module) is cst.Module else ():
        if type(stmt) is cst.ClassDef:
            found.update(name for name, _ in _bindings(stmt))
    return frozenset(found)


def _bindings(cls: cst.ClassDef) -> list[tuple[str, cst.Call]]:
    """``name = partialmethod(...)`` statements of the class body (by spelling)."""
    out: list[tuple[str, cst.Call]] = []
    for line in cls.body.body:
        small = line.body[0] if type(line) is cst.SimpleStatementLine else None
        if type(small) is not cst.Assign or len(small.targets) != 1:
            continue
        target, value = small.targets[0].target, small.value
        if type(target) is not cst.Name or type(value) is not cst.Call:
            continue
        func = value.func
        spelled = func.attr.value if type(func) is cst.Attribute else None
        if type(func) is cst.Name:
            spelled = func.value
        if spelled in _SPELLED:
            out.append((target.value, value))
    return out


def lowered(an: Analysis, call: cst.Call) -> cst.Call | None:
    """``obj.m(*rest)`` of a ``partialmethod`` ``m``: ``obj.f(*bound, *rest)``, or None."""
    func = cast(cst.Attribute, call.func)
    owner = receiver_path(func.value)
    cls = an.receiver_class(owner) if owner is not None else None
    if cls is None:
        return None
    ctx = an.ctx
    key = ("partialmethod", id(call), cls)
    if key in ctx.lowered:
        return cast("cst.Call | None", ctx.lowered[key])
    made = _made(ctx, call, func, cls)
    ctx.lowered[key] = made
    return made


def _made(ctx: Context, call: cst.Call, func: cst.Attribute, cls: str) -> cst.Call | None:
    module = ctx.module
    node = next(
        (
            s
            for s in (module.body if module is not None else ())
            if type(s) is cst.ClassDef and s.name.value == cls
        ),
        None,
    )
    if node is None or any(a.star for a in call.args):
        return None
    bound = [c for name, c in _bindings(node) if name == func.attr.value]
    if len(bound) != 1 or ctx.callee(bound[0].func).canonical not in _BINDERS:
        return None
    args = bound[0].args
    if not args or any(a.star for a in args) or args[0].keyword is not None:
        return None
    method = args[0].value
    if type(method) is not cst.Name or not _plain_method(node, method.value):
        return None
    given = [*(a for a in args[1:] if a.keyword is None), *(a for a in call.args if not a.keyword)]
    keywords = {a.keyword.value: a for a in (*args[1:], *call.args) if a.keyword is not None}
    attr = lowered_from(call, cst.Attribute(value=func.value, attr=cst.Name(method.value)))
    return lowered_from(call, cst.Call(func=attr, args=(*given, *keywords.values())))


def _plain_method(cls: cst.ClassDef, name: str) -> bool:
    """``cls`` defines ``name`` once, as a method of no ``staticmethod``-like decorator."""
    found = [
        line for line in cls.body.body if type(line) is cst.FunctionDef and line.name.value == name
    ]
    if len(found) != 1:
        return False
    for deco in found[0].decorators:
        shown = deco.decorator
        if type(shown) is cst.Name and shown.value in _DECORATED:
            return False
        if type(shown) is not cst.Name:
            return False
    return True
